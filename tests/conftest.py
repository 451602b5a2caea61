"""Fixtures shared by the test modules."""

from __future__ import annotations

import pytest
import toy

from enemy_move.registry import GAMES


@pytest.fixture
def toy_game(monkeypatch: pytest.MonkeyPatch) -> None:
    """The test-only game of tests/toy/, registered like a real one (undone after the test)."""
    monkeypatch.setitem(GAMES, "toy", toy.GAME)
