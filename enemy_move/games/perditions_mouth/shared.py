"""Work one scenario's engines share: the file's rules and each open reading tried (readings.py) solve the same
turn again, and most readings change one part of it, so what a reading does not change is worked out once.

Each store is keyed by exactly the inputs of what it keeps: a step graph by the readings it depends on
(movement, corner cutting, diagonal and terrain costs) and its terrain; a search by its step graph, the kind
of mover, its start and the squares figures block; the cheapest paths toward goal squares by the search
(stepgraph.Toward: which squares lead to each set of goals); a sight oracle by the sight mode, the
sight-blocking terrains and the terrain. The searches and their walks are dropped when the next turn starts
(:meth:`Shared.new_turn`): a turn's boards differ in their figures, and a phase may have many turns.
"""

from __future__ import annotations

from typing import Any

from ...geometry.grid import Grid
from ...geometry.square_sight import SquareSight
from .stepgraph import Costs, Predecessors, StepGraph, Toward
from .terrain import Cell

#: Searches kept for one turn at most (a turn asks a few per reading; past it the oldest are dropped).
MAX_SEARCHES = 256


class Shared:
    """Stores shared by the engines of one scenario (the file's and every reading's)."""

    def __init__(self) -> None:
        # readings key -> (terrain, thin walls, step graph) of the last terrain asked about
        self.graphs: dict[tuple[Any, ...], tuple[dict[Cell, str], frozenset[frozenset[Cell]], StepGraph]] = {}
        # (sight mode, sight blockers) -> (terrain, thin walls, oracle)
        self.oracles: dict[tuple[Any, ...], tuple[dict[Cell, str], frozenset[frozenset[Cell]], SquareSight]] = {}
        # (id of the step graph, kind, start, blocked squares) -> (step graph, costs, predecessors)
        self.searches: dict[tuple[Any, ...], tuple[StepGraph, Costs, Predecessors]] = {}
        # id of a search's predecessors -> its cheapest paths toward the goal squares asked for
        self.toward: dict[int, Toward] = {}

    def new_turn(self) -> None:
        """A turn starts: the searches of the last one are no longer asked for."""
        self.searches.clear()
        self.toward.clear()

    def graph(self, key: tuple[Any, ...], board: Grid) -> StepGraph | None:
        """The step graph kept for ``key`` when it is the one of ``board``'s terrain, else None."""
        kept = self.graphs.get(key)
        if kept is not None and kept[0] is board.terrain and kept[1] is board.thin_walls:
            return kept[2]
        return None

    def search(self, steps: StepGraph, key: tuple[Any, ...]) -> tuple[Costs, Predecessors] | None:
        kept = self.searches.get((id(steps), *key))
        if kept is not None and kept[0] is steps:
            return kept[1], kept[2]
        return None

    def keep_search(self, steps: StepGraph, key: tuple[Any, ...], found: tuple[Costs, Predecessors]) -> None:
        if len(self.searches) >= MAX_SEARCHES:
            self.searches.clear()
            self.toward.clear()
        self.searches[(id(steps), *key)] = (steps, *found)
