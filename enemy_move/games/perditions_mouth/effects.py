"""Perdition's Mouth's own effects (beside the core's Moved and Displaced: "trampled") and its part of the board state."""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass, replace
from typing import Any, Literal

from ...effects import BoardState, Effect, Position, StateSets, format_position, position_to_json

#: Its board state's sets, in output format 3's order (every game's board listed these three; Perdition's Mouth
#: fills ``opened_doors`` and ``asleep``, and keeps ``removed_traps`` empty so that the JSON layout stays the same).
DOORS_OPENED = "opened_doors"
SLEEPERS = "asleep"


def initial_state(figures: Mapping[str, Position], sleeping: Iterable[str]) -> BoardState:
    return BoardState(dict(figures), StateSets.of(opened_doors=(), removed_traps=(), asleep=sleeping))


@dataclass(frozen=True)
class DoorOpened(Effect):
    """A closed (or locked) door is opened (the Acolyte): the square shows an open door."""

    at: Position
    kind: Literal["door-opened"] = "door-opened"

    def describe(self) -> str:
        return f"opens the door at {format_position(self.at)}"

    def to_json(self) -> dict[str, Any]:
        return {"kind": self.kind, "at": position_to_json(self.at)}

    def apply_to(self, board: Any) -> Any:
        return replace(board, terrain={**board.terrain, self.at: "open-door"})

    def after(self, state: BoardState) -> BoardState:
        return state.with_part(state.part.adding(DOORS_OPENED, self.at))

    def counted(self) -> tuple[tuple[str, Position], ...]:
        return (("doors_opened", self.at),)


@dataclass(frozen=True)
class Woken(Effect):
    """A sleeping figure wakes up: its Move action only wakes it."""

    figure: str
    kind: Literal["woken"] = "woken"

    def describe(self) -> str:
        return f"wakes {self.figure}"

    def to_json(self) -> dict[str, Any]:
        return {"kind": self.kind, "figure": self.figure}

    def apply_to(self, board: Any) -> Any:
        return board.woken(self.figure)

    def after(self, state: BoardState) -> BoardState:
        return state.with_part(state.part.removing(SLEEPERS, self.figure))
