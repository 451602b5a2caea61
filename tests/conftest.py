"""Fixtures shared by the test modules."""

from __future__ import annotations

import pytest
import toy_game as toy_game_module

from enemy_move.registry import GAMES


@pytest.fixture
def toy_game(monkeypatch: pytest.MonkeyPatch) -> None:
    """The test-only game of tests/toy_game.py, registered like a real one."""
    monkeypatch.setitem(GAMES, "toy", toy_game_module.GAME)
