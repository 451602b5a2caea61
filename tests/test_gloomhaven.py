"""Gloomhaven engine: the rule pieces, focus tie-breaks per variant, input errors, properties.

Every expected answer here was worked out by hand from the rules texts
(GH rulebook pp.19-31, FH pp.21-42 and Appendix B, JotL p.11); boards are
small enough to check with a pencil. Coordinates are the contract's odd-r
``(col, row)``.
"""

from __future__ import annotations

import json
from typing import Any

import pytest
import yaml
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from enemy_move import phase as rulesets
from enemy_move.errors import ScenarioError
from enemy_move.games.gloomhaven.attacks import parse_pattern
from enemy_move.games.gloomhaven.effects import TrapSprung
from enemy_move.games.gloomhaven.model import GloomhavenFigure
from enemy_move.games.gloomhaven.order import activation_order
from enemy_move.games.gloomhaven.variants import VARIANTS
from enemy_move.geometry import hexgrid
from enemy_move.models import load_scenario_text
from enemy_move.phase import UsageError
from enemy_move.result import result_to_dict


def run(text: str, variant: str | None = None, choices: dict[str, int] | None = None):
    return rulesets.resolve(load_scenario_text(text, "test.yaml"), variant, choices)


def options(result, turn: int = 0) -> set[tuple]:
    return {(o.to, o.attacks) for o in result.turns[turn].options}


def scenario(map_text: str, figures: dict, action: dict, *, variant: str = "gloomhaven", active: str | None = "a", **extra) -> str:
    """A scenario document built from plain Python data (YAML dumped, so no quoting slips)."""
    document = {"ruleset": "gloomhaven", "variant": variant, "map": map_text, "figures": figures, "action": action, **extra}
    if active is not None:
        document["active"] = active
    # A JSON round trip unshares nested dicts, so the dump never writes YAML anchors.
    return yaml.safe_dump(json.loads(json.dumps(document)), sort_keys=False)


GUARD = {"kind": "monster", "number": 1}
MELEE2 = {"move": 2, "attack": {"range": 0}}


def character(initiative: float | None = None, **more) -> dict:
    figure = {"kind": "character", **more}
    if initiative is not None:
        figure["initiative"] = initiative
    return figure


# ---------------------------------------------------------------------------
# Area patterns


def test_parse_pattern_melee_line():
    melee, vectors = parse_pattern("@ x x")
    assert melee is True
    assert vectors == ((1, 0), (2, 0))


def test_parse_pattern_ranged_triangle_relative_to_first_hex():
    # Cells (0,0), (1,0) and (0,1): axial (0,0), (1,0), (0,1).
    melee, vectors = parse_pattern("x x\n x")
    assert melee is False
    assert vectors == ((0, 0), (1, 0), (0, 1))


def test_parse_pattern_ignores_leading_blank_lines_and_fillers():
    assert parse_pattern("\n\n@ . x") == (True, ((2, 0),))


def test_parse_pattern_odd_row_offset():
    # Second line " x" is cell (0, 1): axial (0, 1), the south-east neighbour of '@'.
    assert parse_pattern("@\n x") == (True, ((0, 1),))


@pytest.mark.parametrize(
    ("pattern", "count"),
    [
        ("@ x", 6),  # one hex: six directions
        ("@ x x", 6),  # a straight line is its own mirror image
        ("x x\n x", 6),  # a triangle's mirror image is one of its rotations
        ("@ x\n   x", 12),  # a bent line: the mirror images are new
    ],
)
def test_orientations_count(pattern, count):
    _, vectors = parse_pattern(pattern)
    assert len(hexgrid.orientations(vectors)) == count


# ---------------------------------------------------------------------------
# Activation order of a whole phase


def test_activation_order_initiative_then_elites_then_numbers():
    figures = {
        "n": GloomhavenFigure(kind="monster", type="Guard", number=1, initiative=30),
        "e": GloomhavenFigure(kind="monster", type="Guard", number=3, elite=True, initiative=30),
        "f": GloomhavenFigure(kind="monster", type="Guard", number=2, elite=True, initiative=30),
        "i": GloomhavenFigure(kind="monster", type="Imp", number=5, initiative=15),
        "o": GloomhavenFigure(kind="monster", type="Ogre", number=1, elite=True, initiative=60),
        "A": GloomhavenFigure(kind="character", initiative=10),
    }
    assert activation_order(figures, set(figures)) == ["i", "f", "e", "n", "o"]


def test_activation_order_only_counts_figures_on_the_board():
    figures = {
        "a": GloomhavenFigure(kind="monster", number=2),
        "b": GloomhavenFigure(kind="monster", number=1),
    }
    assert activation_order(figures, {"a"}) == ["a"]
    assert activation_order(figures, {"a", "b"}) == ["b", "a"]


# ---------------------------------------------------------------------------
# Variant switches


def test_variant_rules_differences():
    gh, fh, jotl = VARIANTS["gloomhaven"], VARIANTS["frosthaven"], VARIANTS["jotl"]
    assert (gh.sight, fh.sight, jotl.sight) == ("corner", "any", "any")
    assert (gh.proximity_breaks_focus_ties, fh.proximity_breaks_focus_ties, jotl.proximity_breaks_focus_ties) == (True, True, False)
    assert (gh.invisible_blocks_movement, fh.invisible_blocks_movement) == (True, False)
    assert (gh.jump_pays_difficult_last_hex, fh.jump_pays_difficult_last_hex, jotl.jump_pays_difficult_last_hex) == (True, False, False)
    for name in ("focus_disadvantage_first", "rank_extra_targets", "plan_best_future_attack"):
        assert (getattr(gh, name), getattr(fh, name), getattr(jotl, name)) == (True, False, True), name


def test_variant_rules_take_the_scenarios_open_readings():
    from dataclasses import replace

    from enemy_move.games.gloomhaven.model import GloomhavenRules

    jotl = VARIANTS["jotl"]
    assert (jotl.extra_targets, jotl.monster_focus_order) == ("movement", "turn")
    assert (jotl.other_extra_targets, jotl.other_focus_order) == ("secondary-focus", "initiative")
    read = jotl.reading(GloomhavenRules(extra_targets="secondary-focus", monster_focus_order="initiative"))
    assert (read.extra_targets, read.monster_focus_order) == ("secondary-focus", "initiative")
    assert (read.other_extra_targets, read.other_focus_order) == ("movement", "turn")
    # Only the readings change: every switch of the variant stays.
    assert replace(read, extra_targets="movement", monster_focus_order="turn") == jotl
    assert jotl.reading(GloomhavenRules()) == jotl


def test_every_registered_variant_has_rules():
    from enemy_move.registry import game

    engine = game("gloomhaven")
    assert engine is not None
    assert set(engine.variants) == set(VARIANTS)
    assert engine.default_variant == "gloomhaven"


# ---------------------------------------------------------------------------
# Focus


# The archer has no move; both characters can be shot from its hex.
TIE_MAP = ". . . . .\n a A B . .\n. . . . .\n"


@pytest.mark.parametrize(("variant", "focus"), [("gloomhaven", "A"), ("frosthaven", "A"), ("jotl", "B")])
def test_focus_tie_proximity_then_initiative(variant, focus):
    text = scenario(TIE_MAP, {"a": GUARD, "A": character(50), "B": character(10)}, {"attack": {"range": 3}}, variant=variant)
    result = run(text)
    assert result.turns[0].focus == [focus]
    assert options(result) == {((0, 1), (focus,))}


def test_variant_flag_overrides_the_file():
    text = scenario(TIE_MAP, {"a": GUARD, "A": character(50), "B": character(10)}, {"attack": {"range": 3}})
    assert run(text, variant="jotl").turns[0].focus == ["B"]
    assert run(text).turns[0].focus == ["A"]


def test_focus_is_least_movement_not_nearest_hex():
    # A is 2 hexes away behind a wall (5 moves to an attack hex), B 3 hexes away (2 moves).
    board = ". . . . # . .\n B . . a # A .\n. . . . # . .\n . . . . # . .\n. . . . . . .\n"
    result = run(scenario(board, {"a": GUARD, "A": character(10), "B": character(80)}, MELEE2))
    assert result.turns[0].focus == ["B"]
    assert options(result) == {((1, 1), ("B",))}


ROW = ". . . . . .\n A . a . B .\n. . . . . .\n"


def test_initiative_breaks_a_tie_on_movement_and_proximity():
    result = run(scenario(ROW, {"a": GUARD, "A": character(40), "B": character(20)}, {"move": 1, "attack": {"range": 0}}))
    assert result.turns[0].focus == ["B"]
    steps = [step.step for step in result.turns[0].reasoning]
    assert "focus-initiative" in steps


def test_players_choose_when_everything_ties():
    result = run(scenario(ROW, {"a": GUARD, "A": character(30), "B": character(30)}, {"move": 1, "attack": {"range": 0}}))
    assert result.turns[0].focus == ["A", "B"]
    assert options(result) == {((1, 1), ("A",)), ((3, 1), ("B",))}
    assert any(step.step == "focus-choice" for step in result.turns[0].reasoning)


def test_summon_is_focused_just_before_its_owner():
    figures = {"a": GUARD, "A": character(30), "B": {"kind": "summon", "owner": "A"}}
    result = run(scenario(ROW, figures, {"move": 1, "attack": {"range": 0}}))
    assert result.turns[0].focus == ["B"]


def test_summon_does_not_jump_ahead_of_an_earlier_character():
    # The summon ranks at its owner's initiative (60) - after the other character (20).
    board = ". . . . . .\n B . a . S .\n. . . . . A\n"
    figures = {"a": GUARD, "A": character(60), "B": character(20), "S": {"kind": "summon", "owner": "A"}}
    result = run(scenario(board, figures, {"move": 1, "attack": {"range": 0}}))
    assert result.turns[0].focus == ["B"]


def test_summon_actor_focuses_on_monsters_and_passes_characters():
    board = ". . . . . .\n S A . m . .\n. . . . . .\n"
    figures = {"S": {"kind": "summon", "owner": "A"}, "A": character(30), "m": GUARD}
    result = run(scenario(board, figures, MELEE2, active="S"))
    assert result.turns[0].focus == ["m"]
    assert options(result) == {((2, 1), ("m",))}


def test_trap_counts_before_movement_for_focus():
    # A is 1 move away through a trap; B is 3 safe moves away: B is the focus.
    board = "B . . a ^ A\n"
    result = run(scenario(board, {"a": GUARD, "A": character(10), "B": character(90)}, {"move": 1, "attack": {"range": 0}}))
    assert result.turns[0].focus == ["B"]
    assert options(result) == {((2, 0), ())}


def test_invisible_enemy_cannot_be_focused():
    board = ". . . .\n a A . B\n. . . .\n"
    figures = {"a": GUARD, "A": character(10, conditions=["invisible"]), "B": character(90)}
    result = run(scenario(board, figures, {"move": 1, "attack": {"range": 0}}))
    assert result.turns[0].focus == ["B"]


def test_no_enemies_at_all():
    result = run(scenario("a . b\n", {"a": GUARD, "b": {"kind": "monster", "number": 2}}, MELEE2))
    assert result.turns[0].focus == []
    assert options(result) == {((0, 0), ())}


# ---------------------------------------------------------------------------
# Card and conditions


def test_stunned_ignores_the_card_without_reasoning_about_focus():
    result = run(scenario("a A\n", {"a": {**GUARD, "conditions": ["stunned"]}, "A": character(10)}, MELEE2))
    assert result.turns[0].focus == []
    assert [step.step for step in result.turns[0].reasoning] == ["stunned"]


def test_disarmed_moves_as_melee_and_never_attacks():
    board = ". . . . . .\n a . . A . .\n. . . . . .\n"
    armed = run(scenario(board, {"a": GUARD, "A": character(10)}, {"move": 2, "attack": {"range": 3}}))
    disarmed = run(scenario(board, {"a": {**GUARD, "conditions": ["disarmed"]}, "A": character(10)}, {"move": 2, "attack": {"range": 3}}))
    assert options(armed) == {((0, 1), ("A",))}
    assert options(disarmed) == {((2, 1), ())}


def test_immobilized_attacks_only_from_where_it_stands():
    board = "a A . B\n"
    figures = {"a": {**GUARD, "conditions": ["immobilized"]}, "A": character(10), "B": character(5)}
    result = run(scenario(board, figures, {"move": 3, "attack": {"range": 0}}))
    assert options(result) == {((0, 0), ("A",))}


def test_muddled_archer_does_not_step_away():
    board = ". . . . . .\n . . a A . .\n. . . . . .\n"
    clear = run(scenario(board, {"a": GUARD, "A": character(10)}, {"move": 2, "attack": {"range": 3}}))
    muddled = run(scenario(board, {"a": {**GUARD, "conditions": ["muddled"]}, "A": character(10)}, {"move": 2, "attack": {"range": 3}}))
    assert options(clear) == {((1, 1), ("A",)), ((2, 0), ("A",)), ((2, 2), ("A",))}
    assert options(muddled) == {((2, 1), ("A",))}


def test_jump_over_swamp_differs_between_variants():
    text = scenario("a % % % % % A\n", {"a": GUARD, "A": character(10)}, {"move": 4, "jump": True, "attack": {"range": 0}})
    assert options(run(text, variant="gloomhaven")) == {((3, 0), ())}
    assert options(run(text, variant="frosthaven")) == {((4, 0), ())}
    assert options(run(text, variant="jotl")) == {((4, 0), ())}


# ---------------------------------------------------------------------------
# Whole phase, errors, determinism

PHASE: dict[str, Any] = {
    "map": "A . . a b\n",
    "figures": {
        "A": character(40),
        "a": {"kind": "monster", "number": 2, "initiative": 30},
        "b": {"kind": "monster", "number": 1, "initiative": 30},
    },
}


def test_phase_each_monster_sees_the_board_left_by_the_previous_one():
    result = run(scenario(PHASE["map"], PHASE["figures"], {"move": 3, "attack": {"range": 0}}, active=None))
    assert [t.actor for t in result.turns] == ["b", "a"]
    assert options(result, 0) == {((1, 0), ("A",))}
    assert result.turns[1].focus == []
    assert result.boards_after[0].figures["b"] == (1, 0)


def test_phase_per_label_cards():
    actions = {"a": {"move": 0, "attack": {"range": 0}}, "b": {"move": 1, "attack": {"range": 0}}}
    text = scenario(PHASE["map"], PHASE["figures"], {"move": 3}, active=None, actions=actions)
    result = run(text)
    # b (standee 1, Move 1) could only step onto a's hex: it cannot get closer and stays.
    assert options(result, 0) == {((4, 0), ())}
    # a has no move on its own card: focus, but no move and no attack.
    assert result.turns[1].focus == ["A"]
    assert options(result, 1) == {((3, 0), ())}


def test_unknown_summon_owner_is_a_scenario_error():
    text = scenario("a S\n", {"a": GUARD, "S": {"kind": "summon", "owner": "Z"}}, MELEE2)
    with pytest.raises(ScenarioError, match="owner"):
        run(text)


def test_actions_key_naming_nothing_is_a_scenario_error():
    text = scenario("a A\n", {"a": GUARD, "A": character(10)}, MELEE2, actions={"q": MELEE2})
    with pytest.raises(ScenarioError, match="names no figure"):
        run(text)


def test_choose_out_of_range_is_a_usage_error():
    text = scenario(ROW, {"a": GUARD, "A": character(30), "B": character(30)}, {"move": 1, "attack": {"range": 0}})
    with pytest.raises(UsageError, match=r"--choose a=6: a has 2 options, numbered 1 to 2"):
        run(text, choices={"a": 5})  # index 5: the option a person calls 6


def test_same_input_same_json():
    text = scenario(ROW, {"a": GUARD, "A": character(30), "B": character(30)}, {"move": 1, "attack": {"range": 0}})
    first = json.dumps(result_to_dict(run(text)), sort_keys=True)
    assert first == json.dumps(result_to_dict(run(text)), sort_keys=True)


# ---------------------------------------------------------------------------
# Properties on random small boards

TERRAIN = st.sampled_from(list("......#*^%"))


@st.composite
def boards(draw):
    """Odd-r boards whose odd rows are one cell shorter, so the left-right mirror stays on the board."""
    width = draw(st.integers(3, 6))
    height = draw(st.integers(2, 4))
    cells = [(c, r) for r in range(height) for c in range(width - (r & 1))]
    terrain = {cell: draw(TERRAIN) for cell in cells}
    placed = draw(st.lists(st.sampled_from(cells), min_size=2, max_size=3, unique=True))
    labels = ["a", "A", "B"][: len(placed)]
    for label, cell in zip(labels, placed):
        terrain[cell] = label
    figures = {"a": dict(GUARD)}
    initiatives = draw(st.lists(st.sampled_from([10, 30, 30, 60]), min_size=2, max_size=2))
    for label, initiative in zip(labels[1:], initiatives):
        figures[label] = character(initiative)
    attack = draw(st.one_of(st.none(), st.builds(dict, range=st.integers(0, 3), targets=st.integers(1, 2))))
    action = {"move": draw(st.integers(0, 3))}
    if attack is not None:
        action["attack"] = attack
    variant = draw(st.sampled_from(sorted(VARIANTS)))
    return width, height, terrain, figures, action, variant


def draw_map(width: int, height: int, terrain: dict) -> str:
    lines = []
    for row in range(height):
        symbols = [terrain[(col, row)] for col in range(width - (row & 1))]
        lines.append((" " if row & 1 else "") + " ".join(symbols))
    return "\n".join(lines) + "\n"


def mirror(cell, width):
    return hexgrid.mirror_cell_horizontally(cell, width)


PROPERTY_SETTINGS = settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])


@PROPERTY_SETTINGS
@given(boards())
def test_mirroring_the_board_mirrors_the_answer(board):
    assert_mirroring_mirrors_the_answer(*board)


def assert_mirroring_mirrors_the_answer(width, height, terrain, figures, action, variant) -> None:
    """The answer on the board seen in a mirror is the mirrored answer (also used by other test modules)."""
    mirrored = {mirror(cell, width): symbol for cell, symbol in terrain.items()}
    original = run(scenario(draw_map(width, height, terrain), figures, action, variant=variant))
    flipped = run(scenario(draw_map(width, height, mirrored), figures, action, variant=variant))
    assert flipped.turns[0].focus == original.turns[0].focus
    assert options(flipped) == {(mirror(to, width), attacks) for to, attacks in options(original)}


@PROPERTY_SETTINGS
@given(boards())
def test_every_option_path_is_legal(board):
    width, height, terrain, figures, action, variant = board
    result = run(scenario(draw_map(width, height, terrain), figures, action, variant=variant))
    turn = result.turns[0]
    start = next(cell for cell, symbol in terrain.items() if symbol == "a")
    others = {cell for cell, symbol in terrain.items() if symbol in "AB"}
    assert turn.options, "there is always at least the option to stay"
    for option in turn.options:
        path = option.path
        assert path[0] == start and path[-1] == option.to
        points = 0
        for here, there in zip(path, path[1:]):
            assert there in hexgrid.neighbours(here), f"{here} -> {there} is not a step"
            assert terrain.get(there) not in (None, "#", "*"), f"walked into {terrain.get(there)!r} at {there}"
            assert there not in others, f"walked through an enemy at {there}"
            points += 2 if terrain[there] == "%" else 1
        assert points <= action["move"]
        assert option.to == start or option.to not in others
        if "attack" not in action:
            assert option.attacks == (), "no attack on the card, no attack"
        if option.attacks:
            assert set(turn.focus) & set(option.attacks), "the focus is among the targets"


def test_bad_area_pattern_is_reported_with_its_position():
    text = scenario("a A\n", {"a": GUARD, "A": character(10)}, {"attack": {"range": 0, "aoe": "@ y"}})
    with pytest.raises(ScenarioError, match=r"test\.yaml:\d+:\d+: .*aoe pattern may only use"):
        run(text)


@pytest.mark.parametrize(
    "extra, sprung",
    [
        ("", [(1, 0)]),  # walking: every trap entered on the way
        ("  jump: true\n", []),  # jumping: only the last hex counts
        ("flying", []),  # flyers spring no trap
    ],
)
def test_traps_sprung_are_effects_and_removed_for_the_next_figure(extra: str, sprung: list) -> None:
    figure = "{kind: monster, flying: true}" if extra == "flying" else "{kind: monster}"
    text = f"""
ruleset: gloomhaven
map: |
  a ^ . ^ . . . A
figures:
  a: {figure}
  A: {{kind: character, initiative: 50}}
active: a
action:
  move: 2
  attack: {{range: 0}}
{extra if extra != "flying" else ""}"""
    result = run(text)
    (option,) = result.turns[0].options
    assert option.to == (2, 0)
    assert [e.at for e in option.effects if isinstance(e, TrapSprung)] == sprung
    after = result.boards_after[0]
    assert after.figures["a"] == (2, 0) and after.terrain[(3, 0)] == "trap"
    assert after.terrain[(1, 0)] == ("floor" if sprung else "trap")
    assert result.board.terrain[(1, 0)] == "trap"  # the earlier board is left as it was
    assert result.final.part.get("removed_traps") == tuple(sprung)


def test_edition_switches_follow_the_file_or_the_variant():
    from enemy_move.games.gloomhaven.model import GloomhavenRules

    gh, fh = VARIANTS["gloomhaven"], VARIANTS["frosthaven"]
    assert gh.reading(GloomhavenRules()).plan_best_future_attack is True
    assert fh.reading(GloomhavenRules()).aoe_anchor_in_wall is False
    chosen = GloomhavenRules(plan_best_future_attack=False, aoe_anchor_in_wall=False)
    assert gh.reading(chosen).plan_best_future_attack is False
    assert gh.reading(chosen).aoe_anchor_in_wall is False
    assert fh.reading(GloomhavenRules(plan_best_future_attack=True)).plan_best_future_attack is True


def test_second_edition_reads_the_faq_and_frosthaven_where_it_is_silent():
    gh2, fh = VARIANTS["gloomhaven2e"], VARIANTS["frosthaven"]
    # GH2e FAQ 5.8: (a)-(e) without ranking extra targets; out of reach towards the primary focus; push at maximum.
    assert (gh2.focus_disadvantage_first, gh2.rank_extra_targets, gh2.plan_best_future_attack) == (False, False, False)
    assert gh2.forced_move_maximum and fh.forced_move_maximum and not VARIANTS["gloomhaven"].forced_move_maximum
    # Where the FAQ is silent: Frosthaven's rulebook.
    assert (gh2.sight, gh2.aoe_anchor_in_wall, gh2.invisible_blocks_movement) == (
        fh.sight,
        fh.aoe_anchor_in_wall,
        fh.invisible_blocks_movement,
    )


def test_push_follows_every_path_in_the_first_edition_and_the_longest_in_frosthaven():
    from enemy_move.games.gloomhaven.forced import forced_ends
    from enemy_move.games.gloomhaven.model import GloomhavenFigure
    from enemy_move.geometry.grid import Grid

    terrain = {(c, r): "floor" for c in range(7) for r in range(4)}
    terrain.update({(2, 0): "obstacle", (3, 0): "obstacle", (3, 1): "obstacle", (2, 3): "obstacle", (3, 3): "trap"})
    grid = Grid("hex", 7, 4, terrain, figures={"a": (1, 2), "A": (2, 2)})
    figures = {"a": GloomhavenFigure(kind="monster"), "A": GloomhavenFigure(kind="character")}
    first = forced_ends(grid, figures, (1, 2), "A", "push", 2, VARIANTS["gloomhaven"])
    assert {(e.end, e.traps) for e in first} == {((2, 1), ()), ((3, 3), ((3, 3),)), ((4, 2), ())}
    longest = forced_ends(grid, figures, (1, 2), "A", "push", 2, VARIANTS["frosthaven"])
    assert {e.end for e in longest} == {(3, 3), (4, 2)}
    # A flying target springs no trap.
    flying = {**figures, "A": GloomhavenFigure(kind="character", flying=True)}
    assert all(not e.traps for e in forced_ends(grid, flying, (1, 2), "A", "push", 2, VARIANTS["frosthaven"]))


def test_water_bound_and_untouchable_figures_change_what_the_actor_sees():
    from enemy_move.games.gloomhaven.board import View
    from enemy_move.games.gloomhaven.model import GloomhavenFigure
    from enemy_move.geometry.grid import Grid

    terrain = {(c, 0): "water" if c < 2 else "floor" for c in range(5)}
    terrain[(3, 0)] = "trap"
    grid = Grid("hex", 5, 1, terrain, figures={"a": (0, 0), "e": (2, 0), "A": (4, 0)})
    eel = {
        "a": GloomhavenFigure(kind="monster", moves_on="water"),
        "e": GloomhavenFigure(kind="summon", interactable=False),
        "A": GloomhavenFigure(kind="character"),
    }
    view = View(grid, eel, "a", VARIANTS["frosthaven"])
    assert (view.terrain((1, 0)), view.terrain((2, 0))) == ("water", "obstacle")
    assert view.enemies == ["A"] and (2, 0) in view.blocking_cells  # never a target, still in the way
    escort = View(grid, eel, "e", VARIANTS["frosthaven"])
    assert escort.negative((3, 0)) == 0  # traps are not negative for it (FAQ 5.9)


def test_an_attack_with_both_push_and_pull_is_refused():
    import pytest
    from pydantic import ValidationError

    from enemy_move.games.gloomhaven.model import GloomhavenAttack

    with pytest.raises(ValidationError, match="both push and pull"):
        GloomhavenAttack(push=1, pull=1)


def test_frosthaven_readings_of_the_second_edition_can_be_set_to_the_first_editions():
    from enemy_move.games.gloomhaven.model import GloomhavenRules

    gh2 = VARIANTS["gloomhaven2e"]
    first = gh2.reading(GloomhavenRules(sight="corner", invisible_blocks_movement=True, jump_pays_difficult_last_hex=True))
    assert (first.sight, first.invisible_blocks_movement, first.jump_pays_difficult_last_hex) == ("corner", True, True)
    assert gh2.reading(GloomhavenRules()).sight == "any"


def test_a_push_onto_icy_terrain_slides_on_and_frosthaven_takes_the_longest_way():
    from enemy_move.games.gloomhaven.forced import forced_ends
    from enemy_move.games.gloomhaven.model import GloomhavenFigure
    from enemy_move.geometry.grid import Grid

    terrain = {(c, r): "floor" for c in range(7) for r in range(3)}
    terrain.update({(2, 1): "icy", (3, 1): "icy"})
    grid = Grid("hex", 7, 3, terrain, figures={"a": (0, 1), "A": (1, 1)})
    figures = {"a": GloomhavenFigure(kind="monster"), "A": GloomhavenFigure(kind="character")}
    ends = forced_ends(grid, figures, (0, 1), "A", "push", 1, VARIANTS["frosthaven"])
    assert [e.path for e in ends] == [((1, 1), (2, 1), (3, 1), (4, 1))]
    assert len(forced_ends(grid, figures, (0, 1), "A", "push", 1, VARIANTS["gloomhaven"])) == 3


PUSH_PHASE = """\
ruleset: gloomhaven
variant: gloomhaven
map: |
  . . * * . . .
   . . . * . . .
  . a A . . . b
   . . * ^ . . .
figures:
  a: {kind: monster, name: Inox Guard, number: 1, initiative: 10}
  b: {kind: monster, name: Hound, number: 1, initiative: 20}
  A: {kind: character, name: Brute, initiative: 30}
actions:
  a: {move: 1, attack: {range: 0, push: 2}}
  b: {move: 1, attack: {range: 0}}
"""


@pytest.mark.parametrize(
    ("choice", "brute", "traps", "hound_attacks"), [(1, [2, 1], [], []), (2, [3, 3], [[3, 3]], []), (3, [4, 2], [], ["A"])]
)
def test_the_phase_follows_the_push_the_players_choose(tmp_path, choice, brute, traps, hound_attacks):
    import json

    from typer.testing import CliRunner

    from enemy_move.cli import app

    path = tmp_path / "push.yaml"
    path.write_text(PUSH_PHASE)
    result = CliRunner().invoke(app, ["resolve", str(path), "--choose", f"a={choice}", "--json"])
    document = json.loads(result.stdout)
    pushes = [o["effects"][1] for o in document["turns"][0]["options"]]
    assert all(e["kind"] == "displaced" and e["cause"] == "pushed" and e["path"][0] == [2, 2] for e in pushes)
    assert document["final_board"]["figures"]["A"] == brute
    assert document["final_board"]["removed_traps"] == traps
    assert document["turns"][1]["options"][0]["attacks"] == hound_attacks
