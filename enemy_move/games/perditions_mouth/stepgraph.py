"""Cheapest paths on integer square ids (geometry/cellgraph.py): the squares an enemy steps between,
numbered once per terrain, what entering each costs it, and the searches' answers read as squares.

The graph's neighbours are the enemy steps of :meth:`Pathing.steps` (orthogonal movement and corner
cutting included), so it depends on the terrain (a door opened lets a diagonal step past its corner):
it is built once per terrain and shared by every enemy and turn until the terrain changes. The
entering costs (terrain, doors) are kept per terrain and kind of mover; a turn only marks the
squares figures block. Ids follow the squares' sort order, so ties break as the cell search did.
"""

from __future__ import annotations

import copy
from collections.abc import Callable, Iterator, Mapping
from itertools import repeat
from typing import TypeVar

from ...geometry import cellgraph
from ...geometry.cellgraph import BLOCKED, UNREACHED, CellGraph
from ...geometry.grid import Grid
from .terrain import BLOCKING_TERRAIN, CLOSED_DOORS, Cell

#: Costs of entering each id: (door AP to open it first, AP to enter it or BLOCKED).
EnterCosts = tuple[list[int], list[int]]
#: Explicit steps per id: ``[(to, AP), ...]``.
Edges = list[list[tuple[int, int]]]
#: A kind of mover for the costs: (ignores terrain, opens doors).
Kind = tuple[bool, bool]


class StepGraph:
    """One terrain's squares as ids, each square's steps, and the cost of entering each square.

    The costs and step lists are kept per kind of mover (figures not counted): a turn copies them
    and marks the few squares figures block it on (:meth:`enter`, :meth:`edges`)."""

    def __init__(self, graph: CellGraph, terrain: dict[Cell, str], costs: dict[str, int], factor: int):
        self.graph = graph
        self.terrain = terrain
        self.costs = costs
        self.factor = factor  # diagonal_cost
        self._costs: dict[Kind, EnterCosts] = {}
        self._enter: dict[Kind, list[int]] = {}
        self._edges: dict[tuple[Kind, bool], Edges] = {}
        self._diagonal: list[frozenset[int]] | None = None

    def after(self, graph: CellGraph, terrain: dict[Cell, str]) -> StepGraph:
        """The step graph of a later terrain of the same squares (a door opened), on ``graph``."""
        return StepGraph(graph, terrain, self.costs, self.factor)

    def enter_costs(self, kind: Kind) -> EnterCosts:
        """Door and entering AP per id for a mover of this kind (figures not counted), as ``enter_cost`` prices them."""
        known = self._costs.get(kind)
        if known is None:
            ignores_terrain, opens_doors = kind
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
            known = self._costs[kind] = (doors, bases)
        return known

    def enter(self, kind: Kind, blocked: list[int]) -> list[int]:
        """AP to enter each id (door included; BLOCKED where it may not), ``blocked`` ids marked."""
        known = self._enter.get(kind)
        if known is None:
            doors, bases = self.enter_costs(kind)
            known = self._enter[kind] = [door + base if base >= 0 else BLOCKED for door, base in zip(doors, bases)]
        enter = list(known)
        for i in blocked:
            enter[i] = BLOCKED
        return enter

    def diagonal(self) -> list[frozenset[int]]:
        """Each id's diagonal neighbours (their steps cost ``diagonal_cost`` times the terrain)."""
        if self._diagonal is None:
            cells = self.graph.cells
            self._diagonal = [
                frozenset(n for n in around if cells[n][0] != cells[i][0] and cells[n][1] != cells[i][1])
                for i, around in enumerate(self.graph.neighbours)
            ]
        return self._diagonal

    def edges(self, kind: Kind, blocked: list[int], *, backward: bool) -> Edges:
        """Explicit steps with their AP, ``blocked`` ids marked: forward, each id's steps out; ``backward``,
        each id's steps in, reversed (from the id to the neighbour, costing the step onto the id)."""
        known = self._edges.get((kind, backward))
        if known is None:
            known = self._edges[(kind, backward)] = self._build_edges(kind, backward)
        edges = list(known)  # the inner lists are shared and never changed
        for b in blocked:
            if backward:
                edges[b] = []
            else:
                for i in self.graph.neighbours[b]:
                    edges[i] = [edge for edge in edges[i] if edge[0] != b]
        return edges

    def _build_edges(self, kind: Kind, backward: bool) -> Edges:
        doors, bases = self.enter_costs(kind)
        factor = self.factor
        diagonal = self.diagonal() if factor != 1 else None
        edges: Edges = []
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


def with_neighbours(graph: CellGraph, changes: dict[int, tuple[int, ...]]) -> CellGraph:
    """``graph`` with the neighbours of a few ids replaced (the rest shared): a door opened changes
    only the diagonal steps past its corners."""
    derived = copy.copy(graph)
    neighbours = list(graph.neighbours)
    for i, around in changes.items():
        neighbours[i] = around
    derived.neighbours = tuple(neighbours)
    return derived


V = TypeVar("V")


class _Reached(Mapping[Cell, V]):
    """The squares a search reached (cost not UNREACHED), read from its id array: a mapping's keys."""

    __slots__ = ("graph", "best")

    def __init__(self, graph: CellGraph, best: list[int]):
        self.graph = graph
        self.best = best

    def _id(self, cell: object) -> int:
        i = self.graph.index.get(cell)  # type: ignore[call-overload]
        if i is None or self.best[i] == UNREACHED:
            raise KeyError(cell)
        return int(i)

    def __contains__(self, cell: object) -> bool:
        i = self.graph.index.get(cell)  # type: ignore[call-overload]
        return i is not None and self.best[i] != UNREACHED

    def __iter__(self) -> Iterator[Cell]:
        cells = self.graph.cells
        return (cells[i] for i, cost in enumerate(self.best) if cost != UNREACHED)

    def __len__(self) -> int:
        return sum(1 for cost in self.best if cost != UNREACHED)


class Costs(_Reached[tuple[int]]):
    """A search's cheapest AP per square reached, as ``{square: (AP,)}`` read from the id array."""

    __slots__ = ()

    def __getitem__(self, cell: Cell) -> tuple[int]:
        return (self.best[self._id(cell)],)


class Predecessors(_Reached[list[Cell]]):
    """Each square's predecessors on cheapest paths, as ``{square: [squares]}`` read from the id lists."""

    __slots__ = ("preds",)

    def __init__(self, graph: CellGraph, best: list[int], preds: list[list[int]]):
        super().__init__(graph, best)
        self.preds = preds

    def __getitem__(self, cell: Cell) -> list[Cell]:
        cells = self.graph.cells
        return [cells[j] for j in self.preds[self._id(cell)]]

    def one_path(self, target: Cell) -> list[Cell]:
        """One cheapest path from the start to ``target`` (smallest predecessor first), as cellgraph.one_path."""
        cells = self.graph.cells
        return [cells[i] for i in cellgraph.one_path(self.preds, self.graph.index[target])]


class Toward:
    """The squares that lie on a cheapest path of one search toward sets of goal squares, and each square's next
    squares on such a path. The squares that lead to a batch of sets are found in one walk back from their goals;
    with several sets (the heroes tied in a turn), a bit per set is passed down the squares found, dearest first
    (every predecessor of a square is reached more cheaply: a step costs at least 1 AP)."""

    def __init__(self, preds: Predecessors):
        self.preds = preds
        self.found: dict[frozenset[int], tuple[dict[int, int], int]] = {}

    def prepare(self, target_sets: list[frozenset[int]]) -> None:
        """Work out, at once, which squares lead to each of the (reached) target sets not known yet."""
        new = [targets for targets in dict.fromkeys(target_sets) if targets not in self.found]
        if not new:
            return
        before = self.preds.preds
        mask: dict[int, int] = {}
        stack = [t for targets in new for t in targets]
        while stack:
            node = stack.pop()
            if node not in mask:
                mask[node] = 0
                stack.extend(before[node])
        for bit, targets in enumerate(new):
            for t in targets:
                mask[t] |= 1 << bit
            self.found[targets] = (mask, 1 << bit)
        if len(new) == 1:
            for node in mask:
                mask[node] = 1
            return
        best = self.preds.best
        for node in sorted(mask, key=best.__getitem__, reverse=True):
            bits = mask[node]
            for p in before[node]:
                mask[p] |= bits

    def following(self, targets: frozenset[int]) -> Callable[[Cell], list[Cell]]:
        """Each square's next squares on a cheapest path toward ``targets`` (empty: none leads there)."""
        self.prepare([targets])
        mask, bit = self.found[targets]
        graph, before = self.preds.graph, self.preds.preds
        index, cells, neighbours = graph.index, graph.cells, graph.neighbours

        def nexts(cell: Cell) -> list[Cell]:
            i = index[cell]
            return [cells[n] for n in neighbours[i] if mask.get(n, 0) & bit and i in before[n]]

        return nexts


def step_graph_key(grid: Grid, movement: str, corner_cutting: bool) -> tuple[object, ...]:
    """Everything a board's step graph depends on (cellgraph.graph_for shares graphs by it)."""
    corners = movement == "diagonal" and not corner_cutting
    blocking = frozenset(cell for cell, terrain in grid.terrain.items() if terrain in BLOCKING_TERRAIN) if corners else None
    return ("perditions-mouth", movement, corner_cutting, frozenset(grid.terrain), grid.thin_walls, blocking)
