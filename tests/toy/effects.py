"""The toy's own effect and its part of the board state: a new kind of effect needs nothing outside this folder.

Stepping east, a toy monster tramples the hex it left: the hex becomes ``trodden`` ground (drawn in the toy's
own colour) and the board state's ``trodden`` set lists it.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, replace
from typing import Any, Literal

from enemy_move.effects import BoardState, Effect, Position, StateSets, format_position, position_to_json

#: The toy's part of the board state: one set, the hexes trodden so far (JSON ``"trodden": [[col, row], ...]``).
TRODDEN = "trodden"


def initial_state(figures: Mapping[str, Position]) -> BoardState:
    return BoardState(dict(figures), StateSets.of(trodden=()))


@dataclass(frozen=True)
class Trodden(Effect):
    """The hex a toy monster left by stepping east is trodden ground."""

    at: Position
    kind: Literal["trodden"] = "trodden"

    def describe(self) -> str:
        return f"treads down {format_position(self.at)}"

    def to_json(self) -> dict[str, Any]:
        return {"kind": self.kind, "at": position_to_json(self.at)}

    def apply_to(self, board: Any) -> Any:
        return replace(board, terrain={**board.terrain, self.at: "trodden"})

    def after(self, state: BoardState) -> BoardState:
        return state.with_part(state.part.adding(TRODDEN, self.at))
