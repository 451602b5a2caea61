"""Cheapest paths on integer square ids (geometry/cellgraph.py): the squares an enemy steps between,
numbered once per terrain, what entering each costs it, and the searches' answers read as squares.

The graph's neighbours are the enemy steps of :meth:`Figures.steps` (orthogonal movement and corner
cutting included), so it depends on the terrain (a door opened lets a diagonal step past its corner):
it is built once per terrain and shared by every enemy and turn until the terrain changes. The
entering costs (terrain, doors) are kept per terrain and kind of mover; a turn only marks the
squares figures block. Ids follow the squares' sort order, so ties break as the cell search did.
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping, Sequence
from itertools import repeat

from ...geometry import cellgraph
from ...geometry.cellgraph import BLOCKED, UNREACHED, CellGraph
from ...geometry.grid import Grid
from .terrain import BLOCKING_TERRAIN, CLOSED_DOORS, Cell

#: Costs of entering each id: (door AP to open it first, AP to enter it or BLOCKED).
EnterCosts = tuple[list[int], list[int]]


class StepGraph:
    """One terrain's squares as ids, each square's steps, and the cost of entering each square."""

    def __init__(self, graph: CellGraph, terrain: dict[Cell, str], costs: dict[str, int]):
        self.graph = graph
        self.terrain = terrain
        self.costs = costs
        self._enter: dict[tuple[bool, bool], EnterCosts] = {}
        self._diagonal: list[frozenset[int]] | None = None

    def enter_costs(self, ignores_terrain: bool, opens_doors: bool) -> EnterCosts:
        """Door and entering AP per id for a mover of this kind (figures not counted), as ``enter_cost`` prices them."""
        key = (ignores_terrain, opens_doors)
        known = self._enter.get(key)
        if known is None:
            doors, bases = [], []
            for cell in self.graph.cells:
                terrain = self.terrain[cell]
                door = 0
                if terrain in CLOSED_DOORS:
                    if not opens_doors:
                        doors.append(0)
                        bases.append(BLOCKED)
                        continue
                    door, terrain = 1, "open-door"
                elif terrain in BLOCKING_TERRAIN:
                    doors.append(0)
                    bases.append(BLOCKED)
                    continue
                doors.append(door)
                bases.append(1 if ignores_terrain else self.costs[terrain])
            known = self._enter[key] = (doors, bases)
        return known

    def diagonal(self) -> list[frozenset[int]]:
        """Each id's diagonal neighbours (their steps cost ``diagonal_cost`` times the terrain)."""
        if self._diagonal is None:
            cells = self.graph.cells
            self._diagonal = [
                frozenset(n for n in around if cells[n][0] != cells[i][0] and cells[n][1] != cells[i][1])
                for i, around in enumerate(self.graph.neighbours)
            ]
        return self._diagonal

    def edges(self, doors: Sequence[int], bases: Sequence[int], factor: int, *, backward: bool) -> list[list[tuple[int, int]]]:
        """Explicit steps with their AP (a diagonal one ``factor`` times the terrain): forward, each id's steps out;
        ``backward``, each id's steps in, reversed (the cost of stepping from the neighbour onto the id)."""
        diagonal = self.diagonal() if factor != 1 else None
        edges: list[list[tuple[int, int]]] = []
        for i, around in enumerate(self.graph.neighbours):
            if backward:
                if bases[i] < 0:
                    edges.append([])
                    continue
                if diagonal is None:  # every step onto ``i`` costs the same
                    edges.append(list(zip(around, repeat(doors[i] + bases[i]))))
                    continue
                targets = [(n, i) for n in around]
            else:
                targets = [(n, n) for n in around if bases[n] >= 0]
            edges.append(
                [(n, doors[paid] + bases[paid] * (factor if diagonal is not None and n in diagonal[i] else 1)) for n, paid in targets]
            )
        return edges


class Costs(Mapping[Cell, tuple[int]]):
    """A search's cheapest AP per square reached, as ``{square: (AP,)}`` read from the id array."""

    __slots__ = ("graph", "best")

    def __init__(self, graph: CellGraph, best: list[int]):
        self.graph = graph
        self.best = best

    def __getitem__(self, cell: Cell) -> tuple[int]:
        i = self.graph.index.get(cell)
        if i is None or self.best[i] == UNREACHED:
            raise KeyError(cell)
        return (self.best[i],)

    def __contains__(self, cell: object) -> bool:
        i = self.graph.index.get(cell)  # type: ignore[call-overload]
        return i is not None and self.best[i] != UNREACHED

    def __iter__(self) -> Iterator[Cell]:
        cells = self.graph.cells
        return (cells[i] for i, cost in enumerate(self.best) if cost != UNREACHED)

    def __len__(self) -> int:
        return sum(1 for cost in self.best if cost != UNREACHED)


class Predecessors(Mapping[Cell, list[Cell]]):
    """Each square's predecessors on cheapest paths, as ``{square: [squares]}`` read from the id lists."""

    __slots__ = ("graph", "best", "preds")

    def __init__(self, graph: CellGraph, best: list[int], preds: list[list[int]]):
        self.graph = graph
        self.best = best
        self.preds = preds

    def __getitem__(self, cell: Cell) -> list[Cell]:
        i = self.graph.index.get(cell)
        if i is None or self.best[i] == UNREACHED:
            raise KeyError(cell)
        cells = self.graph.cells
        return [cells[j] for j in self.preds[i]]

    def __contains__(self, cell: object) -> bool:
        i = self.graph.index.get(cell)  # type: ignore[call-overload]
        return i is not None and self.best[i] != UNREACHED

    def __iter__(self) -> Iterator[Cell]:
        cells = self.graph.cells
        return (cells[i] for i, cost in enumerate(self.best) if cost != UNREACHED)

    def __len__(self) -> int:
        return sum(1 for cost in self.best if cost != UNREACHED)

    def one_path(self, target: Cell) -> list[Cell]:
        """One cheapest path from the start to ``target`` (smallest predecessor first), as paths.one_path."""
        cells = self.graph.cells
        return [cells[i] for i in cellgraph.one_path(self.preds, self.graph.index[target])]


def step_graph_key(grid: Grid, movement: str, corner_cutting: bool) -> tuple[object, ...]:
    """Everything a board's step graph depends on (cellgraph.graph_for shares graphs by it)."""
    corners = movement == "diagonal" and not corner_cutting
    blocking = frozenset(cell for cell, terrain in grid.terrain.items() if terrain in BLOCKING_TERRAIN) if corners else None
    return ("perditions-mouth", movement, corner_cutting, frozenset(grid.terrain), grid.thin_walls, blocking)
