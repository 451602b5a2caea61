"""Written once for every game: a board after an option, from the option's typed effects only.

``apply(board, effects)`` sends each effect to the board's method for it
(:class:`EffectBoard`); a board that lacks the method for an effect its game
produces is a bug and fails loudly. Boards are immutable: each method returns
a new board (grids and area maps already do).
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any, Protocol, TypeVar

from .result import Displaced, DoorOpened, Effect, Moved, TrapSprung, Woken

B = TypeVar("B", bound="EffectBoard")


class EffectBoard(Protocol):
    """What a board offers ``apply``; a game's board implements the methods its effects need."""

    def moved(self: B, label: str, to: Any) -> B:  # Any: a grid takes cells, an area map area names
        """A figure now stands at ``to`` (the actor's move, or another figure displaced)."""
        ...


def apply(board: B, effects: Iterable[Effect]) -> B:
    """``board`` once ``effects`` happened, in order."""
    for effect in effects:
        if isinstance(effect, Moved):
            board = board.moved(effect.figure, effect.path[-1])
        elif isinstance(effect, Displaced):
            board = board.moved(effect.figure, effect.to)
        elif isinstance(effect, TrapSprung):
            if effect.removed:
                board = _call(board, "without_trap", effect.at)
        elif isinstance(effect, DoorOpened):
            board = _call(board, "door_opened", effect.at)
        elif isinstance(effect, Woken):
            board = _call(board, "woken", effect.figure)
    return board


def _call(board: B, method: str, argument: object) -> B:
    action = getattr(board, method, None)
    if action is None:
        raise TypeError(f"{type(board).__name__} has no {method}(): the game's board cannot follow this effect")
    result: B = action(argument)
    return result
