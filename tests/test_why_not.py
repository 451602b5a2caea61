"""'Why not this hex?' coverage for Perdition's Mouth, Agemonia and Cloudspire: on every shipped
scenario, every cell or area of the board is either an option's destination or ruled out, never both."""

from __future__ import annotations

from pathlib import Path

import pytest

from enemy_move.models import load_scenario
from enemy_move.phase import resolve

ROOT = Path(__file__).resolve().parent.parent
FILES = sorted(p for ruleset in ("perditions-mouth", "agemonia", "cloudspire") for p in (ROOT / "scenarios" / ruleset).glob("*.yaml"))


@pytest.mark.parametrize("path", FILES, ids=lambda p: f"{p.parent.name}/{p.stem}")
def test_every_position_is_an_option_or_ruled_out(path: Path) -> None:
    result = resolve(load_scenario(str(path)))
    boards = [result.board, *result.boards_after]
    for index, turn in enumerate(result.turns):
        board = boards[index]
        positions = set(board.terrain) if hasattr(board, "terrain") else set(board.areas)
        destinations = {option.to for option in turn.options}
        assert not destinations & set(turn.ruled_out), turn.actor
        assert positions - destinations <= set(turn.ruled_out), (
            turn.actor,
            sorted(positions - destinations - set(turn.ruled_out), key=str)[:5],
        )
        assert all(ruled.reason for ruled in turn.ruled_out.values())
