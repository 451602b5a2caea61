"""Issue 33: a monster's stat card given once, the ability card's values relative to it ("Move +1") or absolute."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from enemy_move.errors import ScenarioError
from enemy_move.games.gloomhaven.model import GloomhavenAction, GloomhavenCardAction, GloomhavenStatCard, GloomhavenStatLine, Relative
from enemy_move.games.gloomhaven.stats import relative_values, with_stat_line
from enemy_move.models import load_scenario_text
from enemy_move.phase import resolve

ROOT = Path(__file__).resolve().parent.parent / "scenarios" / "gloomhaven"
ELITE_AND_NORMAL = (ROOT / "111-stat-card-elite-and-normal.yaml").read_text()
SCENARIO_LEVEL = (ROOT / "114-stat-card-scenario-level.yaml").read_text()
RELATIVE_ATTACK = (ROOT / "115-stat-card-relative-attack.yaml").read_text()


def _card(data: object) -> GloomhavenAction:
    return GloomhavenAction.model_validate_json(json.dumps(data), strict=True)


def test_a_quoted_signed_value_is_relative_and_a_number_absolute() -> None:
    relative, absolute = _card({"move": "+1"}), _card({"move": 1})
    assert isinstance(relative.move, Relative) and relative.move == 1
    assert not isinstance(absolute.move, Relative)
    assert isinstance(_card({"attack": {"range": "-1"}}).attack.range, Relative)  # type: ignore[union-attr]
    assert relative_values(relative) == ['move: "+1"'] and relative_values(absolute) == []


@pytest.mark.parametrize("value", [-1, 16, "1", "+", "++1", "+100", True])
def test_card_values_neither_numbers_nor_signed_text_are_refused(value: object) -> None:
    with pytest.raises(ValueError):
        _card({"move": value})


def test_the_stat_line_adds_relative_values_and_fills_what_the_card_leaves_out() -> None:
    line = GloomhavenStatLine(move=2, range=3, targets=2)
    card, sums = with_stat_line(_card({"move": "+1", "attack": {"range": "+1"}}), line, None)
    assert isinstance(card, GloomhavenAction) and card.move == 3 and card.attack is not None and card.attack.range == 4
    assert not isinstance(card.move, Relative) and card.attack.targets == 2
    assert sums == ["Move 2+1 = 3", "Range 3+1 = 4", "Target 2 (stat card)"]
    below, said = with_stat_line(_card({"move": "-3"}), line, None)
    assert isinstance(below, GloomhavenAction) and below.move == 0  # never a negative move
    assert said[0] == "Move 2-3 = -1, counted as 0 (never below 0)"  # the sum shown is still right
    above, said = with_stat_line(_card({"move": "+99", "attack": {"range": "+20"}}), line, None)
    assert isinstance(above, GloomhavenAction) and above.move == 15  # never beyond the cap
    assert said[:2] == [
        "Move 2+99 = 101, counted as 15 (enemy-move's cap for a move)",
        "Range 3+20 = 23, counted as 15 (enemy-move's cap for a range)",
    ]
    absolute, sums = with_stat_line(_card({"move": 1, "attack": {"range": 0, "targets": 1}}), line, None)
    assert isinstance(absolute, GloomhavenAction) and absolute.move == 1 and absolute.attack is not None
    assert (absolute.attack.range, absolute.attack.targets) == (0, 1) and sums == ["Move 1 (the ability card's own value)"]


def test_a_list_card_is_summed_step_by_step_and_the_figure_range_wins() -> None:
    printed: list[dict[str, object]] = [{"move": "+0"}, {"attack": {}}]
    steps = [GloomhavenCardAction.model_validate_json(json.dumps(s), strict=True) for s in printed]
    card, sums = with_stat_line(steps, GloomhavenStatLine(move=2, range=3, jump=True), 5)
    assert isinstance(card, list) and card[0].move == 2 and card[0].jump and card[1].attack is not None
    assert card[1].attack.range == 5 and sums == ["Move 2+0 = 2", "its moves are jumps (stat card)", "Range 5 (stat card)"]


def test_level_chooses_the_line() -> None:
    card = GloomhavenStatCard.model_validate(
        {"level": 2, "levels": {1: {"normal": {"move": 1}}, 2: {"normal": {"move": 2}, "elite": {"move": 3}}}}
    )
    assert card.line(False) == GloomhavenStatLine(move=2) and card.line(True) == GloomhavenStatLine(move=3)
    for bad in ({"level": 3, "levels": {1: {"normal": {}}}}, {"level": 1, "normal": {}}, {}, {"level": 1, "levels": {1: {}}, "normal": {}}):
        with pytest.raises(ValueError):
            GloomhavenStatCard.model_validate(bad)


def test_the_elite_and_the_normal_move_differently_on_one_card() -> None:
    turns = resolve(load_scenario_text(ELITE_AND_NORMAL)).turns
    assert [len(t.options[0].path) - 1 for t in turns] == [4, 3]
    assert "Move 3+1 = 4" in turns[0].reasoning[0].text and "Move 2+1 = 3" in turns[1].reasoning[0].text
    assert turns[0].reasoning[0].step == "card" and "Elite section" in turns[0].reasoning[0].source
    # The same card written as an absolute move: both move 1.
    absolute = resolve(load_scenario_text(ELITE_AND_NORMAL.replace('move: "+1"', "move: 1"))).turns
    assert [len(t.options[0].path) - 1 for t in absolute] == [1, 1]


@pytest.mark.parametrize(
    ("change", "message"),
    [
        (('move: "+1"', "move: +1"), r'is read as the number 1 .* write `move: "\+1"`'),
        (('move: "+1"', "move: -1"), 'write it in quotes, "-1"'),
        (("    elite: {move: 3, attack: 3}\n", ""), "has no `elite:` section"),
        (("  Bandit Guard:\n", "  Bandit Scout:\n"), "names no figure and no monster type"),
        (("stats:\n  Bandit Guard:\n    normal: {move: 2, attack: 2}\n    elite: {move: 3, attack: 3}\n", ""), "but e has none"),
    ],
)
def test_stat_card_slips_are_located_and_say_the_fix(change: tuple[str, str], message: str) -> None:
    text = ELITE_AND_NORMAL.replace(*change)
    assert text != ELITE_AND_NORMAL
    with pytest.raises(ScenarioError, match=message):
        resolve(load_scenario_text(text))


def test_the_scenario_level_chooses_the_line_of_cards_without_their_own() -> None:
    card = GloomhavenStatCard.model_validate({"levels": {1: {"normal": {"move": 1}}, 2: {"normal": {"move": 2}}}})
    assert card.level_in_play(2) == 2 and card.line(False, 2) == GloomhavenStatLine(move=2)
    own = card.model_copy(update={"level": 1})
    assert own.level_in_play(2) == 1 and own.line(False, 2) == GloomhavenStatLine(move=1)
    turns = resolve(load_scenario_text(SCENARIO_LEVEL)).turns
    assert [len(t.options[0].path) - 1 for t in turns] == [4, 2]
    assert "at the scenario's level 2" in turns[0].reasoning[0].text and turns[0].reasoning[0].data["level"] == 2
    assert ", level 1 " in turns[1].reasoning[0].text and turns[1].reasoning[0].data["level"] == 1
    # At the scenario's level 1 the Hound moves 3 (its level-1 line); the Archer keeps its own level.
    lower = resolve(load_scenario_text(SCENARIO_LEVEL.replace("\nlevel: 2\n", "\nlevel: 1\n"))).turns
    assert [len(t.options[0].path) - 1 for t in lower] == [3, 2]


@pytest.mark.parametrize(
    ("change", "message", "where"),
    [
        (
            ("\nlevel: 2\n", "\n"),
            r"`levels:` gives levels 1, 2: say which is in play with `level:`",
            ":23:7:",
        ),  # stats.Hound.levels' first line
        (("\nlevel: 2\n", "\nlevel: 3\n"), r"the scenario's `level: 3` is not one of the `levels:` of stat card 'Hound'", ":11:8:"),
        (("    level: 1\n", "    level: 3\n"), r"`level: 3` is not one of `levels:` \(1, 2\)", ":27:5:"),
    ],
)
def test_a_level_out_of_the_cards_lines_is_refused_where_it_is_written(change: tuple[str, str], message: str, where: str) -> None:
    text = SCENARIO_LEVEL.replace(*change)
    assert text != SCENARIO_LEVEL
    with pytest.raises(ScenarioError, match=message) as raised:
        resolve(load_scenario_text(text))
    assert where in str(raised.value)


def test_attack_plus_one_is_the_stat_cards_attack_plus_one_at_its_range() -> None:
    shorthand, spelled = _card({"attack": "+1"}), _card({"attack": {"value": "+1"}})
    assert shorthand == spelled and shorthand.attack is not None and isinstance(shorthand.attack.value, Relative)
    assert relative_values(shorthand) == ['attack: "+1"']
    card, sums = with_stat_line(shorthand, GloomhavenStatLine(attack=3, range=2), None)
    assert isinstance(card, GloomhavenAction) and card.attack is not None and (card.attack.value, card.attack.range) == (4, 2)
    assert sums == ["Attack 3+1 = 4", "Range 2 (stat card)"]
    card, sums = with_stat_line(_card({"attack": "-5"}), GloomhavenStatLine(attack=3), None)
    assert isinstance(card, GloomhavenAction) and card.attack is not None and card.attack.value == 0  # never negative
    card, sums = with_stat_line(_card({"attack": {"value": 5}}), GloomhavenStatLine(attack=3), None)
    assert sums == ["Attack 5 (the ability card's own value)", "melee (stat card)"]
    _, sums = with_stat_line(_card({"attack": "+1"}), GloomhavenStatLine(), None)
    assert sums[0] == "Attack +1 (the stat card prints no attack value)"
    turns = resolve(load_scenario_text(RELATIVE_ATTACK)).turns
    assert "Attack 3+1 = 4; Range 4 (stat card)" in turns[0].reasoning[0].text
    assert "Attack 2+1 = 3; Range 3 (stat card)" in turns[1].reasoning[0].text
    assert [o.to for o in turns[0].options] == [(1, 1)]


@pytest.mark.parametrize(
    ("change", "message"),
    [
        (("stats:\n  Bandit Archer:\n", "stats:\n  Bandit Scout:\n"), "names no figure"),
        (("stats:", "unused:"), "extra|not permitted|unknown"),
        (('attack: "+1"', "attack: 1"), r'quoted with its sign, `attack: "\+1"`'),
        (('attack: "+1"', "attack: {value: +1}"), r'is read as the number 1 .* write `value: "\+1"`'),
        (('attack: "+1"', 'attack: "1"'), "a signed value in quotes"),
    ],
)
def test_relative_attack_slips_are_refused_with_the_fix(change: tuple[str, str], message: str) -> None:
    text = RELATIVE_ATTACK.replace(*change)
    assert text != RELATIVE_ATTACK
    with pytest.raises(ScenarioError, match=message):
        resolve(load_scenario_text(text))
