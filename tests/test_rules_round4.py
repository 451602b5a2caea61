"""Issue 33's new two-reading points, each rule on its own: the values of each switch and what they change."""

from __future__ import annotations

from pathlib import Path

import pytest

from enemy_move.errors import ScenarioError
from enemy_move.games.cloudspire.routes import placements
from enemy_move.games.cloudspire.terrain import build_board
from enemy_move.games.cloudspire.units import build_units
from enemy_move.games.gloomhaven.forced import forced_ends
from enemy_move.games.gloomhaven.model import GloomhavenRules
from enemy_move.games.gloomhaven.play import GloomhavenPlay
from enemy_move.geometry.los import HexSight
from enemy_move.models import load_scenario, load_scenario_text
from enemy_move.phase import resolve
from enemy_move.result import Displaced

ROOT = Path(__file__).resolve().parent.parent / "scenarios"


def test_push_farther_as_range_lets_the_hex_behind_a_thin_wall_count() -> None:
    scenario = load_scenario(str(ROOT / "gloomhaven/104-push-farther-counted-as-range.yaml"))
    play = GloomhavenPlay(scenario, "gloomhaven")
    ends = {e.end for e in forced_ends(play.board, play.figures, (1, 1), "A", "push", 1, play.rules)}
    assert ends == {(2, 0), (3, 0), (3, 1), (3, 2)}
    hexes = play.rules.reading(GloomhavenRules(push_distance="hexes"))
    ends = {e.end for e in forced_ends(play.board, play.figures, (1, 1), "A", "push", 1, hexes)}
    assert ends == {(3, 0), (3, 1), (3, 2)}


def test_invisible_discarded_on_arrival_makes_the_invisible_hero_a_target() -> None:
    start = resolve(load_scenario(str(ROOT / "agemonia/invisible-discarded-turn-start.yaml"))).turns[0]
    arrival = resolve(load_scenario(str(ROOT / "agemonia/invisible-discarded-on-arrival.yaml"))).turns[0]
    assert [(o.to, o.attacks) for o in start.options] == [("A2", ("L",))]
    assert [(o.to, o.attacks) for o in arrival.options] == [("A3", ("T",))]
    assert any(s.step == "invisible" and s.data.get("reading") == "invisible_discarded" for s in arrival.reasoning)


def test_a_displaced_hero_goes_next_to_its_own_hex_or_next_to_the_swap_hex() -> None:
    scenario = load_scenario(str(ROOT / "cloudspire/displaced-adjacent-to-hero.yaml"))
    board = build_board(scenario)
    units = build_units(scenario, board)
    # m ends on h at [4, 0] coming from [3, 0], where the opposing hero H stands: the swap hex is invalid.
    move = ("h", (3, 0), (4, 0))
    assert placements(board, units, units["m"], move, []) == [(3, 1), (4, 1), (5, 0)]
    assert placements(board, units, units["m"], move, [], "swap-hex") == [(2, 0), (2, 1), (3, 1)]


def test_two_targets_pushed_toward_one_hex_give_one_way_per_order() -> None:
    turn = resolve(load_scenario(str(ROOT / "gloomhaven/106-two-targets-pushed-in-either-order.yaml"))).turns[0]
    moved = sorted(tuple((e.figure, e.to) for e in o.effects if isinstance(e, Displaced)) for o in turn.options)
    assert moved == [(("A", (3, 3)),), (("B", (3, 3)),)]
    assert [o.details["forced"][0].split(":")[0] for o in turn.options] == ["A, B in that order", "B, A in that order"]
    assert any("the players choose the order" in s.text for s in turn.reasoning if s.step == "forced-move")


def test_one_target_pushed_lists_no_order() -> None:
    scenario = load_scenario(str(ROOT / "gloomhaven/104-push-farther-counted-as-range.yaml"))
    for option in resolve(scenario).turns[0].options:
        assert "in that order" not in " ".join(option.details["forced"])


def test_sight_blockers_name_the_wall_hex_and_the_thin_wall_on_the_line() -> None:
    sight = HexSight([(2, 0)], [frozenset({(1, 2), (2, 2)})], "any")
    assert sight.blockers((0, 0), (4, 0)) == ([(2, 0)], [], True)
    assert sight.blockers((0, 2), (4, 2)) == ([], [((1, 2), (2, 2))], True)


def test_why_not_out_of_sight_says_which_walls() -> None:
    turn = resolve(load_scenario(str(ROOT / "gloomhaven/107-why-not-out-of-sight-names-the-walls.yaml"))).turns[0]
    ruled = turn.ruled_out[(3, 2)]
    assert ruled.step == "line-of-sight" and "the wall hex [3, 1]" in ruled.reason
    assert ruled.data["blocked_by"] == {"walls": [[3, 1]], "thin_walls": []}


def test_a_rider_attack_without_a_move_attacks_nobody() -> None:
    turn = resolve(load_scenario(str(ROOT / "gloomhaven/108-rider-attack-no-move-no-attack.yaml"))).turns[0]
    assert [(o.to, o.attacks) for o in turn.options] == [((3, 2), ())]
    assert any(s.step == "card" and "No move means no attack".lower() in s.text.lower() for s in turn.reasoning)


def test_a_rider_attack_assumes_the_fewest_targets_unless_chosen() -> None:
    scenario = load_scenario(str(ROOT / "gloomhaven/109-rider-attack-fewest-targets-by-default.yaml"))
    turn = resolve(scenario).turns[0]
    assert [o.attacks for o in turn.options] == [("B", "C"), ("C",)]
    assert turn.chosen == 1 and turn.default == 1
    assert resolve(scenario, choices={"a": 0}).turns[0].chosen == 0


def test_a_rider_attack_belongs_to_a_move_and_attack_card() -> None:
    text = (ROOT / "gloomhaven/108-rider-attack-no-move-no-attack.yaml").read_text()
    text = text.replace("action: {move: 3, attack: {range: 0, rider: true}}", "action: [{move: 3}, {attack: {range: 0, rider: true}}]")
    with pytest.raises(ScenarioError, match="rider attack rides on its card's move"):
        load_scenario_text(text)


def test_the_stat_card_range_fills_an_attack_without_one_and_never_overrides_the_card() -> None:
    from enemy_move.games.gloomhaven.model import GloomhavenAction
    from enemy_move.games.gloomhaven.stats import stat_range_note, with_stat_range

    unsaid = GloomhavenAction.model_validate({"move": 1, "attack": {}})
    said = GloomhavenAction.model_validate({"move": 1, "attack": {"range": 0}})
    assert with_stat_range(unsaid, 3).attack.range == 3  # type: ignore[union-attr]
    assert with_stat_range(said, 3).attack.range == 0  # type: ignore[union-attr]
    assert with_stat_range(unsaid, None).attack.range == 0  # type: ignore[union-attr]
    assert "range 3" in stat_range_note("a", 3, unsaid) and stat_range_note("a", 3, said) == ""


def test_a_stat_card_range_changes_where_the_archer_goes() -> None:
    text = (ROOT / "gloomhaven/110-stat-card-range.yaml").read_text()
    ranged = resolve(load_scenario_text(text)).turns[0]
    melee = resolve(load_scenario_text(text.replace(", range: 3}", "}"))).turns[0]
    assert [o.to for o in ranged.options] == [(1, 1)] and [o.to for o in melee.options] != [(1, 1)]
