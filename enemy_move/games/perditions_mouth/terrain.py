"""Perdition's Mouth squares: terrain symbols, what blocks, what each terrain costs, and the board after a move's effects."""

from __future__ import annotations

from dataclasses import dataclass, fields, replace

from ...geometry.grid import Grid
from ...result import Displaced, Effect, Moved, Position
from .effects import DoorOpened, Woken

Cell = tuple[int, int]

EXTRA_SYMBOLS = {"+": "door", "$": "locked-door", "/": "open-door", "|": "portcullis", "!": "alarm", "&": "chest"}
BLOCKING_TERRAIN = frozenset(("wall", "obstacle", "chest", "door", "locked-door", "portcullis"))
CLOSED_DOORS = frozenset(("door", "locked-door"))
DEFAULT_COSTS = {"floor": 1, "open-door": 1, "alarm": 1, "trap": 1, "difficult": 2, "hazardous": 2, "icy": 2}
SPECIAL_TERRAIN = frozenset(("trap", "difficult", "hazardous", "icy"))
ALL_TERRAINS = frozenset(DEFAULT_COSTS) | BLOCKING_TERRAIN


@dataclass
class Board(Grid):
    """The board: a square Grid, and the enemies asleep on it (this game's fact: the core's grid knows no sleep)."""

    asleep: frozenset[str] = frozenset()

    def woken(self, label: str) -> Board:
        """A copy where ``label`` no longer sleeps: ``apply`` of ``Woken``."""
        return replace(self, asleep=self.asleep - {label})

    @classmethod
    def of(cls, grid: Grid, asleep: frozenset[str]) -> Board:
        """``grid`` with the enemies ``asleep``."""
        return cls(**{f.name: getattr(grid, f.name) for f in fields(Grid)}, asleep=asleep)


def apply_effects(board: Board, effects: tuple[Effect, ...]) -> Board:
    """The board once ``effects`` happened: figures moved or trampled, doors opened, sleepers woken."""
    figures = dict(board.figures)
    terrain = board.terrain
    asleep = set(board.asleep)
    for effect in effects:
        if isinstance(effect, Moved):
            figures[effect.figure] = _square(effect.path[-1])
            asleep.discard(effect.figure)
        elif isinstance(effect, Displaced):
            figures[effect.figure] = _square(effect.to)
        elif isinstance(effect, DoorOpened) and isinstance(effect.at, tuple):
            terrain = dict(terrain) if terrain is board.terrain else terrain
            terrain[effect.at] = "open-door"
        elif isinstance(effect, Woken):
            asleep.discard(effect.figure)
    return replace(board, terrain=terrain, figures=figures, asleep=frozenset(asleep))


def _square(position: Position) -> Cell:
    """Perdition's Mouth effects always name squares (areas are Agemonia's)."""
    assert not isinstance(position, str), position
    return position
