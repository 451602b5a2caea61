"""Gloomhaven's own effects (beside the core's Moved and Displaced: "pushed", "pulled") and its part of the board state."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any, Literal

from ...effects import BoardState, Effect, Position, StateSets, format_position, position_to_json

#: Its board state's sets, in output format 3's order (every game's board listed these three; Gloomhaven fills
#: ``removed_traps`` only, and keeps the other two empty so that the JSON layout stays the same).
TRAPS_REMOVED = "removed_traps"


def initial_state(figures: Mapping[str, Position]) -> BoardState:
    return BoardState(dict(figures), StateSets.of(opened_doors=(), removed_traps=(), asleep=()))


@dataclass(frozen=True)
class TrapSprung(Effect):
    """A trap goes off; ``figures`` are those it affects (the figure entering it), ``removed``: it leaves the board
    (rulebook p.14)."""

    at: Position
    figures: tuple[str, ...]
    removed: bool = True
    kind: Literal["trap-sprung"] = "trap-sprung"

    def describe(self) -> str:
        who = ", ".join(self.figures) or "nobody"
        return f"springs the trap at {format_position(self.at)} ({who}{'; removed' if self.removed else ''})"

    def to_json(self) -> dict[str, Any]:
        return {"kind": self.kind, "at": position_to_json(self.at), "figures": list(self.figures), "removed": self.removed}

    def apply_to(self, board: Any) -> Any:
        return board.with_terrain(self.at, "floor") if self.removed else board

    def after(self, state: BoardState) -> BoardState:
        return state.with_part(state.part.adding(TRAPS_REMOVED, self.at)) if self.removed else state

    def counted(self) -> tuple[tuple[str, Position], ...]:
        return (("traps_sprung", self.at),)
