"""Written once for every game: a board after an option, from the option's typed effects only.

``apply(board, effects)`` asks each effect to change the board (``Effect.apply_to``): the figures'
moves call the board's ``moved`` (:class:`EffectBoard`), a game's own kinds call whatever its board
offers. A board that lacks a method its game's effects need is a bug and fails loudly. Boards are
immutable: each step returns a new board (grids and area maps already do).
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any, Protocol, TypeVar

from .effects import Effect

B = TypeVar("B", bound="EffectBoard")


class EffectBoard(Protocol):
    """What a board offers ``apply`` for the figures' moves; a game's board adds what its own effects need."""

    def moved(self: B, label: str, to: Any) -> B:  # Any: a grid takes cells, an area map area names
        """A figure now stands at ``to`` (the actor's move, or another figure displaced)."""
        ...


def apply(board: B, effects: Iterable[Effect]) -> B:
    """``board`` once ``effects`` happened, in order."""
    for effect in effects:
        board = effect.apply_to(board)
    return board
