"""Step costs as arrays over cell ids (geometry/cellgraph.py), and the searches boards share.

What a step costs depends on the terrain, on two traits of the figure (kept to one terrain; not
affected by traps) and on which hexes its enemies and objectives block. :func:`terrain_arrays`
works out the first part once per terrain; :func:`walking_for` adds the blocked hexes and returns
the :class:`Walking` of that cost array, shared by every figure, turn, card segment and reading
that walks on the same costs: its distance maps (from a start, to a destination) are searched
once and reused (issue 27: "a phase reuses unchanged distance maps").

Costs are ``(negative hexes, movement points)`` packed into one integer (``negatives << BITS | points``).
"""

from __future__ import annotations

from collections import OrderedDict
from collections.abc import Callable, Hashable
from dataclasses import dataclass
from typing import TypeVar

from ...geometry import cellgraph
from ...geometry.cellgraph import BLOCKED, UNREACHED, CellGraph
from .board import NOT_A_STEP, Cell, Cost

#: Bits of the points field of a packed cost (boards have at most 4096 hexes; a path costs at most 2 a hex).
BITS = 20
MASK = (1 << BITS) - 1
T = TypeVar("T")


def pack(cost: Cost) -> int:
    return cost[0] << BITS | cost[1]


def unpack(value: int) -> Cost:
    return (value >> BITS, value & MASK)


@dataclass(frozen=True)
class TerrainArrays:
    """Per cell id, for one terrain and one kind of figure: the packed cost of entering the hex on
    foot (``BLOCKED``: a wall, door or obstacle), and whether a jump or a flight may pass it."""

    enter: tuple[int, ...]
    free: tuple[bool, ...]
    icy: bool  # some hex is icy
    difficult: bool  # some hex is difficult terrain
    walls: bool  # some hex is a wall or a door (as the figure sees the terrain)
    obstacles: bool  # some hex is an obstacle (as the figure sees the terrain)


#: Terrain arrays by (terrain object, moves_on, unaffected by traps); the terrain dict itself is kept
#: with them, so its id is never reused while the entry lives.
_TERRAIN: OrderedDict[tuple[int, str | None, bool], tuple[object, TerrainArrays]] = OrderedDict()
_TERRAIN_KEPT = 8


def terrain_arrays(graph: CellGraph, terrain: dict[Cell, str], kind: tuple[str | None, bool], of: Callable[[Cell], str]) -> TerrainArrays:
    """The arrays of ``terrain`` for a figure of ``kind`` (moves_on, unaffected by traps); ``of`` is the
    terrain as that figure sees it (View.terrain)."""
    key = (id(terrain), kind[0], kind[1])
    known = _TERRAIN.get(key)
    if known is not None and known[0] is terrain:
        _TERRAIN.move_to_end(key)
        return known[1]
    unaffected = kind[1]
    # A figure kept to no terrain sees the map's own terrain; each kind of terrain is costed once.
    seen_all = [terrain.get(cell, "none") for cell in graph.cells] if kind[0] is None else [of(cell) for cell in graph.cells]
    by_terrain: dict[str, tuple[int, bool]] = {}
    for seen in set(seen_all):
        negative = 0 if unaffected or seen not in ("trap", "hazardous") else 1
        blocked = seen in NOT_A_STEP or seen == "obstacle"
        by_terrain[seen] = (BLOCKED if blocked else pack((negative, 2 if seen == "difficult" else 1)), seen not in NOT_A_STEP)
    enter = [by_terrain[seen][0] for seen in seen_all]
    free = [by_terrain[seen][1] for seen in seen_all]
    values = set(terrain.values())
    walls = not all(free)
    obstacles = any(cost == BLOCKED and passable for cost, passable in zip(enter, free))
    arrays = TerrainArrays(tuple(enter), tuple(free), "icy" in values, "difficult" in values, walls, obstacles)
    _TERRAIN[key] = (terrain, arrays)
    if len(_TERRAIN) > _TERRAIN_KEPT:
        _TERRAIN.popitem(last=False)
    return arrays


class _Kept(OrderedDict[Hashable, T]):
    """A small least-recently-used store."""

    def __init__(self, size: int):
        super().__init__()
        self.size = size

    def get_or(self, key: Hashable, make: Callable[[], T]) -> T:
        if key in self:
            self.move_to_end(key)
            return self[key]
        value = self[key] = make()
        if len(self) > self.size:
            self.popitem(last=False)
        return value


class Walking:
    """Walking without icy slides over one cost array: a step into a hex costs ``enter[id]``
    (negative hexes, movement points); the searches from and to hexes, each done once."""

    def __init__(self, graph: CellGraph, enter: tuple[int, ...], raw: tuple[int, ...]):
        self.graph = graph
        self.enter = enter
        self.raw = raw  # the cost of entering each hex, blocked or not (searches backwards start in one)
        self._back: list[list[tuple[int, int]]] | None = None
        self._from: _Kept[dict[Cell, Cost]] = _Kept(8)
        self._to: _Kept[dict[Cell, Cost]] = _Kept(16)
        self._points: _Kept[dict[Cell, tuple[int, int]]] = _Kept(8)
        self._reach: _Kept[object] = _Kept(8)
        #: The one cost of every step, when all hexes that can be entered cost the same (None: they differ).
        self.uniform = cellgraph.uniform_cost(enter)

    def steps(self, node: int) -> list[tuple[int, int]]:
        enter = self.enter
        return [(n, enter[n]) for n in self.graph.neighbours[node] if enter[n] >= 0]

    def costs_from(self, start: Cell) -> dict[Cell, Cost]:
        """Cheapest (negatives, points) from ``start`` to every hex it can walk to."""

        def search() -> dict[Cell, Cost]:
            best, _ = cellgraph.dijkstra(self.graph, [self.graph.index[start]], self.enter)
            return _costs(self.graph, best)

        return self._from.get_or(start, search)

    def costs_to(self, target: Cell) -> dict[Cell, Cost]:
        """Cheapest (negatives, points) from every hex to ``target``: walking is reversible, so one search backwards."""

        def search() -> dict[Cell, Cost]:
            if self._back is None:
                enter, raw = self.enter, self.raw
                # Stepping back from a hex into ``prev`` undoes the step prev -> hex, which cost entering the hex.
                self._back = [[(p, raw[node]) for p in around if enter[p] >= 0] for node, around in enumerate(self.graph.neighbours)]
            best, _ = cellgraph.dijkstra_edges(self.graph, [self.graph.index[target]], self._back)
            return _costs(self.graph, best)

        return self._to.get_or(target, search)

    def fewest_points(self, start: Cell, weight: int) -> dict[Cell, tuple[int, int]]:
        """(movement points, difficult hexes entered) of the cheapest way to each hex in points alone."""

        def search() -> dict[Cell, tuple[int, int]]:
            by_points = [BLOCKED if cost < 0 else (cost & MASK) * weight + (cost & MASK) - 1 for cost in self.enter]
            best, _ = cellgraph.dijkstra(self.graph, [self.graph.index[start]], by_points)
            cells = self.graph.cells
            return {cells[i]: divmod(cost, weight) for i, cost in enumerate(best) if cost != UNREACHED}

        return self._points.get_or((start, weight), search)

    def kept_reach(self, key: Hashable, make: Callable[[], T]) -> T:
        """This turn's reach from a start with some points, worked out once."""
        return self._reach.get_or(key, make)  # type: ignore[return-value]


def _costs(graph: CellGraph, best: list[int]) -> dict[Cell, Cost]:
    """``{cell: (negatives, points)}`` of a search: a map has few distinct costs, each unpacked once."""
    decoded: dict[int, Cost] = {}
    for cost in set(best):
        decoded[cost] = (cost >> BITS, cost & MASK)
    decode = decoded.__getitem__
    return {cell: decode(cost) for cell, cost in zip(graph.cells, best) if cost != UNREACHED}


_WALKING: _Kept[Walking] = _Kept(4)


def walking_for(graph: CellGraph, arrays: TerrainArrays, blocked: list[int]) -> Walking:
    """The shared :class:`Walking` of a terrain with ``blocked`` hexes (ids) closed."""
    enter = list(arrays.enter)
    for node in blocked:
        enter[node] = BLOCKED
    key = (graph, tuple(enter))
    # A wall or obstacle is entered backwards only as the target itself: it costs one point there.
    return _WALKING.get_or(key, lambda: Walking(graph, key[1], tuple(pack((0, 1)) if cost < 0 else cost for cost in arrays.enter)))
