"""Less to type in scenario files (issue 21): Gloomhaven's `kind:` from the label's case, and natural slips
answered with what to write instead (at the slip's FILE:LINE:COL)."""

from __future__ import annotations

import pytest

from enemy_move.errors import ScenarioError
from enemy_move.models import load_scenario_text
from enemy_move.phase import resolve

BOARD = """\
ruleset: gloomhaven
map: |
  a . . A
   . . s .
figures:
  a: {name: Bandit Guard}
  A: {name: Brute, initiative: 25}
  s: {kind: summon, owner: A}
active: a
action: {move: 2, attack: {range: 0}}
"""


def error_of(text: str) -> ScenarioError:
    with pytest.raises(ScenarioError) as caught:
        load_scenario_text(text, "f.yaml")
    return caught.value


def test_kind_follows_the_labels_case() -> None:
    scenario = load_scenario_text(BOARD, "f.yaml")
    kinds = {label: figure.kind for label, figure in scenario.model.figures.items()}
    assert kinds == {"a": "monster", "A": "character", "s": "summon"}
    assert resolve(scenario).turns[0].focus == ["s"]  # the summon is closer: a character's summon is an enemy of monsters


def test_same_answer_with_and_without_kind() -> None:
    explicit = BOARD.replace("{name: Bandit Guard}", "{kind: monster, name: Bandit Guard}").replace(
        "{name: Brute,", "{kind: character, name: Brute,"
    )
    plain, written = resolve(load_scenario_text(BOARD, "f.yaml")), resolve(load_scenario_text(explicit, "f.yaml"))
    assert [o.to for o in plain.turns[0].options] == [o.to for o in written.turns[0].options]


@pytest.mark.parametrize(
    ("old", "new", "message"),
    [
        # A summon says so (and its owner): no kind is guessed for it.
        ("{kind: summon, owner: A}", "{owner: A}", "missing key 'kind' in figures.s"),
        # A digit says nothing about the side.
        ("  s: {kind: summon, owner: A}\n", "  1: {name: Guard}\n", "missing key 'kind' in figures.1"),
        # An explicit kind wins over the case.
        ("{name: Brute, initiative: 25}", "{kind: monster, name: Brute, initiative: 25}", "summon 's' names owner 'A', a monster"),
    ],
)
def test_where_kind_stays_explicit(old: str, new: str, message: str) -> None:
    assert message in error_of(BOARD.replace(old, new)).message


def test_attack_value_slip_in_a_card_list() -> None:
    error = error_of(BOARD.replace("action: {move: 2, attack: {range: 0}}", "action: [{move: 2}, {attack: 3}]"))
    assert (error.line, error.col) == (10, 30)
    assert error.message.startswith("action[1].attack: the attack's value (3) does not change the movement; write `attack: {range: 0}`")


def test_attack_value_slip_in_actions() -> None:
    error = error_of(BOARD.replace("active: a\n", "actions:\n  a: {move: 1, attack: 2}\n"))
    assert error.message.startswith("actions.a.attack: the attack's value (2)")


@pytest.mark.parametrize(
    ("walls", "col", "message"),
    [
        ("[[1, 0], [2, 0], [1, 1], [2, 1]]", 8, "write `walls: [[[1, 0], [2, 0]], [[1, 1], [2, 1]]]`"),
        ("[[1, 0], [2, 0], [1, 1]]", 8, "write each wall in its own brackets: `walls: [[[c1, r1], [c2, r2]], ...]`"),
        ("[[[0, 0], [1, 0]], [1, 1]]", 27, "walls[1] is one cell, [1, 1]; a thin wall is a pair of neighbouring cells"),
    ],
)
def test_wall_bracket_slips(walls: str, col: int, message: str) -> None:
    error = error_of(BOARD.replace("figures:", f"walls: {walls}\nfigures:"))
    assert (error.line, error.col) == (5, col)
    assert message in error.message


def test_an_earlier_mistake_is_still_reported_first() -> None:
    text = BOARD.replace("a: {name: Bandit Guard}", "a: {name: Bandit Guard, elite: maybe}").replace(
        "action: {move: 2, attack: {range: 0}}", "action: {move: 2, attack: 3}"
    )
    assert error_of(text).message.startswith("figures.a.elite: Input should be a valid boolean")


@pytest.mark.parametrize(("written", "meant"), [("yes", "true"), ("no", "false"), ("On", "true"), ("off", "false")])
def test_yaml_11_booleans_say_what_to_write(written: str, meant: str) -> None:
    error = error_of(BOARD.replace("{name: Bandit Guard}", f"{{name: Bandit Guard, elite: {written}}}"))
    assert error.message.startswith(f"figures.a.elite: write {meant}, not {written} ")
    assert (error.line, error.col) == (6, 34)
