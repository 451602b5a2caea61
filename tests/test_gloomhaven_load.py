"""Gloomhaven's board is parsed once, at load (GAME.board_parser), after the model's own checks."""

from __future__ import annotations

import pytest

from enemy_move.errors import ScenarioError
from enemy_move.geometry.grid import Grid
from enemy_move.models import load_scenario_text


def test_the_board_is_parsed_while_loading() -> None:
    scenario = load_scenario_text(
        "ruleset: gloomhaven\nmap: |\n  . a A\nfigures:\n  a: {kind: monster}\n  A: {kind: character}\n", "f.yaml"
    )
    assert isinstance(scenario.board, Grid) and scenario.board.figures == {"a": (1, 0), "A": (2, 0)}


def test_a_map_mistake_is_a_loading_error_located_in_the_map() -> None:
    with pytest.raises(ScenarioError) as caught:
        load_scenario_text("ruleset: gloomhaven\nmap: |\n  . a A ?\nfigures:\n  a: {kind: monster}\n  A: {kind: character}\n", "f.yaml")
    assert (caught.value.line, caught.value.col) == (3, 9) and "unknown map symbol '?'" in str(caught.value)
