"""Effects and the board state they change: the interface the core knows, and the two kinds every game shares.

An option carries what following it does to the board as typed effects (``Option.effects``). The core
knows an effect only through :class:`Effect`: what it says to a player (``describe``), its JSON
(``to_json``), how it changes a game's board (``apply_to``) and the board state (``after``), and which
``expect: board_after`` set it adds to (``counted``). The core's own kinds are the figures' moves:
:class:`Moved` (the acting figure) and :class:`Displaced` (another figure changes place; the game names
the cause). Every other kind is its game's, defined in ``games/<game>/effects.py``; a game with a new kind
of effect changes nothing here.

The board state (:class:`BoardState`) is where each figure stands plus a part the game defines
(:class:`StateSets`: named sets of positions or labels, in the game's order); JSON writes the figures,
then the game's sets.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, field, replace
from typing import Any, Literal

#: A grid cell, ``(col, row)``.
Cell = tuple[int, int]
#: A grid cell, or an area's name on area maps.
Position = Cell | str


def position_key(position: Position) -> tuple[Any, ...]:
    """Sort key: grid cells by (col, row), area names (and labels) alphabetically, grids first."""
    if isinstance(position, tuple):
        return (0, position, "")
    return (1, (), str(position))


def format_position(position: Position) -> str:
    """The one way a position is written for people: ``[3, 4]`` on grids, the area name on area maps."""
    if isinstance(position, tuple):
        return f"[{position[0]}, {position[1]}]"
    return str(position)


def position_to_json(position: Position) -> Any:
    return list(position) if isinstance(position, tuple) else position


@dataclass(frozen=True)
class StateSets:
    """A game's part of the board state: named sets of positions or labels, each kept sorted (``position_key``),
    listed in the order the game declared them (its JSON board's keys after ``figures``)."""

    sets: tuple[tuple[str, tuple[Any, ...]], ...] = ()

    @classmethod
    def of(cls, **sets: Iterable[Any]) -> StateSets:
        """The sets, in the order given: ``StateSets.of(footprints=(), ...)``."""
        return cls(tuple((name, _sorted(items)) for name, items in sets.items()))

    def get(self, name: str) -> tuple[Any, ...]:
        """The set ``name`` (empty when the game declared none of that name)."""
        return next((items for key, items in self.sets if key == name), ())

    def adding(self, name: str, item: Any) -> StateSets:
        return self._with(name, (*self.get(name), item))

    def removing(self, name: str, item: Any) -> StateSets:
        return self._with(name, tuple(i for i in self.get(name) if i != item))

    def _with(self, name: str, items: Iterable[Any]) -> StateSets:
        changed = tuple((key, _sorted(items) if key == name else values) for key, values in self.sets)
        if all(key != name for key, _ in self.sets):
            raise KeyError(f"the board state has no set {name!r} (declared: {', '.join(k for k, _ in self.sets) or 'none'})")
        return replace(self, sets=changed)

    def to_json(self) -> dict[str, Any]:
        return {name: [position_to_json(p) for p in items] for name, items in self.sets}


def _sorted(items: Iterable[Any]) -> tuple[Any, ...]:
    return tuple(sorted(set(items), key=position_key))


@dataclass(frozen=True)
class BoardState:
    """The facts of a board that turns change: where figures stand, and the game's own part (whatever its
    own effects change), declared by the game's Play."""

    figures: dict[str, Position]
    part: StateSets = field(default_factory=StateSets)

    def after(self, effects: Iterable[Effect]) -> BoardState:
        """The state once ``effects`` happened, in order."""
        state = self
        for effect in effects:
            state = effect.after(state)
        return state

    def moved(self, label: str, to: Position) -> BoardState:
        return replace(self, figures={**self.figures, label: to})

    def with_part(self, part: StateSets) -> BoardState:
        return replace(self, part=part)

    def to_json(self) -> dict[str, Any]:
        return {"figures": {label: position_to_json(p) for label, p in sorted(self.figures.items())}, **self.part.to_json()}


class Effect:
    """What following an option does to the board: the interface every kind of effect implements.

    A kind is a frozen dataclass subclassing this with a ``kind`` field (its JSON ``kind``, kebab-case).
    ``apply_to`` and ``after`` default to no change; a kind that changes neither board nor state is a fact
    for people and scripts only."""

    __slots__ = ()

    def describe(self) -> str:
        """A short phrase for people (the options table)."""
        raise NotImplementedError(f"{type(self).__name__}.describe")

    def to_json(self) -> dict[str, Any]:
        """The effect in ``resolve --json`` (``kind`` first)."""
        raise NotImplementedError(f"{type(self).__name__}.to_json")

    def apply_to(self, board: Any) -> Any:
        """The game's board once this happened (boards are immutable: a new board, or ``board`` unchanged)."""
        return board

    def after(self, state: BoardState) -> BoardState:
        """The board state once this happened."""
        return state

    def counted(self) -> tuple[tuple[str, Position], ...]:
        """``(key, position)`` pairs this effect adds to the sets an ``expect: board_after`` block may list
        (the keys the game's subclass of ``models.common.ExpectBoard`` adds to ``figures``); empty for most kinds."""
        return ()


@dataclass(frozen=True)
class Moved(Effect):
    """The acting figure follows ``path`` (start included) to its last position."""

    figure: str
    path: tuple[Position, ...]
    kind: Literal["move"] = "move"

    def describe(self) -> str:
        return f"{self.figure} moves to {format_position(self.path[-1])}" if len(self.path) > 1 else f"{self.figure} stays"

    def to_json(self) -> dict[str, Any]:
        return {"kind": self.kind, "figure": self.figure, "path": [position_to_json(p) for p in self.path]}

    def apply_to(self, board: Any) -> Any:
        return board.moved(self.figure, self.path[-1])

    def after(self, state: BoardState) -> BoardState:
        return state.moved(self.figure, self.path[-1])


@dataclass(frozen=True)
class Displaced(Effect):
    """Another figure changes place because of the move; ``cause`` is the game's word for how
    (JSON ``cause``: "pushed", "trampled"...)."""

    figure: str
    origin: Position
    to: Position
    cause: str
    kind: Literal["displaced"] = "displaced"
    #: The hexes it was moved through (start first), when the game knows them (a push or pull).
    path: tuple[Position, ...] = ()

    def describe(self) -> str:
        return f"{self.figure} {self.cause} {format_position(self.origin)} > {format_position(self.to)}"

    def to_json(self) -> dict[str, Any]:
        return {
            "kind": self.kind,
            "figure": self.figure,
            "from": position_to_json(self.origin),
            "to": position_to_json(self.to),
            "cause": self.cause,
            **({"path": [position_to_json(p) for p in self.path]} if self.path else {}),
        }

    def apply_to(self, board: Any) -> Any:
        return board.moved(self.figure, self.to)

    def after(self, state: BoardState) -> BoardState:
        return state.moved(self.figure, self.to)
