"""Perdition's Mouth: a reading is not solved again where it cannot change the turn (readings.CANNOT_MATTER), and
where the test says so, the other value indeed gives the same answer (seeded random boards)."""

from __future__ import annotations

import random

import pytest

from enemy_move.games.perditions_mouth.readings import CANNOT_MATTER
from enemy_move.models import load_scenario_text
from enemy_move.open_readings import answer
from enemy_move.phase import resolve

KINDS = ("guard", "acolyte", "chileen", "summoner", "boneworm", "rotikka")


def _board(seed: int) -> str:
    rng = random.Random(seed)
    width, height = rng.randint(4, 8), rng.randint(4, 8)
    rows = [[rng.choice("........#*+") for _ in range(width)] for _ in range(height)]
    free = [(col, row) for row in range(height) for col in range(width) if rows[row][col] == "."]
    rng.shuffle(free)
    labels = ["A", "B", "a", "b"][: min(4, len(free))]
    for label, (col, row) in zip(labels, free):
        rows[row][col] = label
    figures = "".join(
        f"  {label}: {{kind: hero, health: {rng.randint(1, 9)}}}\n"
        if label.isupper()
        else f"  {label}: {{kind: {rng.choice(KINDS)}, sleeping: {str(rng.random() < 0.3).lower()}}}\n"
        for label in labels
    )
    movement = rng.choice(("diagonal", "orthogonal"))
    grid = "\n".join("  " + " ".join(row) for row in rows)
    return f"ruleset: perditions-mouth\nmap: |\n{grid}\nfigures:\n{figures}rules: {{movement: {movement}}}\n"


def _flipped(text: str, name: str, value: bool) -> str:
    return text.replace("rules: {", f"rules: {{{name}: {str(value).lower()}, ")


@pytest.mark.parametrize("seed", range(40))
def test_a_reading_said_not_to_matter_changes_nothing(seed: int) -> None:
    text = _board(seed)
    scenario = load_scenario_text(text, "r.yaml")
    if "A" not in text or "a" not in text:
        pytest.skip("no enemy or no hero drawn")
    board, rules = scenario.board, scenario.model.rules
    for name, cannot_matter in CANNOT_MATTER.items():
        if cannot_matter(board, rules):
            value = getattr(rules, name)
            first = resolve(scenario).turns
            other = resolve(load_scenario_text(_flipped(text, name, not value), "r.yaml")).turns
            assert [answer(turn) for turn in first] == [answer(turn) for turn in other], name


def test_the_tests_see_sleepers_blockers_and_orthogonal_movement() -> None:
    open_board = load_scenario_text(
        "ruleset: perditions-mouth\nmap: |\n  a . A\nfigures:\n  a: {kind: guard}\n  A: {kind: hero}\n", "o.yaml"
    )
    assert CANNOT_MATTER["sleeping_blocks"](open_board.board, open_board.model.rules)
    assert CANNOT_MATTER["corner_cutting"](open_board.board, open_board.model.rules)
    walled = load_scenario_text(
        "ruleset: perditions-mouth\nmap: |\n  a # A\nfigures:\n  a: {kind: guard, sleeping: true}\n  A: {kind: hero}\n", "w.yaml"
    )
    assert not CANNOT_MATTER["sleeping_blocks"](walled.board, walled.model.rules)
    assert not CANNOT_MATTER["corner_cutting"](walled.board, walled.model.rules)
    orthogonal = walled.model.rules.model_copy(update={"movement": "orthogonal"})
    assert CANNOT_MATTER["corner_cutting"](walled.board, orthogonal)
