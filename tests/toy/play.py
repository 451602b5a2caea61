"""The toy game's rules: the four operations the phase runner calls.

The board is parsed once, when the file is loaded (``parse_board``, the game's
``board_parser``). It records why it drops the hex west of the actor (for ``--why-not``).
Stepping east treads down the hex left (its own effect, ``effects.Trodden``).
"""

from __future__ import annotations

from collections.abc import Sequence

from enemy_move.apply import apply
from enemy_move.game import NextActor, in_order
from enemy_move.geometry import hexgrid
from enemy_move.geometry.grid import Grid, parse_grid
from enemy_move.models import Scenario
from enemy_move.result import Option, Turn

from .effects import Trodden, initial_state


def parse_board(scenario: Scenario) -> Grid:
    """The board of a validated toy scenario, every mistake located (run once, at load)."""
    return parse_grid(scenario, "hex", extra_symbols={";": "moat"}, figure_cells={label: None for label in scenario.model.figures})


class ToyPlay:
    def __init__(self, scenario: Scenario, variant: str):
        self.figures = scenario.model.figures
        self.board: Grid = scenario.board
        self.state = initial_state(self.board.figures)
        self.notes: list[str] = []

    def acting_side(self) -> list[str]:
        return sorted(label for label, f in self.figures.items() if f.kind == "monster")

    def check_actor(self, label: str) -> None:
        pass

    def next_actor(self, board: Grid, waiting: Sequence[str], prefer: Sequence[str]) -> NextActor:
        return in_order(waiting)

    def turn(self, board: Grid, actor: str) -> Turn:
        turn = Turn(actor=actor, focus=[label for label, f in self.figures.items() if f.kind == "character"])
        start = board.figures[actor]
        east = (start[0] + 1, start[1])
        ends = [start] + ([east] if east in board and board.occupant(east) is None else [])
        west = (start[0] - 1, start[1])
        if west in board:  # what --why-not reads: the engine's reason for a cell it drops
            turn.rule_out(west, "move", "the toy monster never steps west", against=[start], toward="east")
        if east in board and board.occupant(east) is not None:
            turn.rule_out(east, "move", f"occupied by {board.occupant(east)}")
        for end in ends:
            near = tuple(sorted(label for label in turn.focus if board.figures[label] in hexgrid.neighbours(end)))
            trodden = (Trodden(start),) if end != start else ()
            turn.options.append(Option(end, (start, end)[: 1 + (end != start)], near, effects=trodden))
        turn.note("move", f"{actor} may stay or step east.")
        return turn.finish()

    def apply(self, board: Grid, option: Option) -> Grid:
        return apply(board, option.effects)
