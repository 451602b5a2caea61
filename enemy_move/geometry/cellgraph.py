"""Path search on integer cell ids: the one implementation for every game (issues 27 and 35).

A board's cells are numbered ``0 .. N-1`` once, in sorted order, and each cell's neighbours are
kept as a tuple of ids (ascending). Because ids follow the cells' sort order, comparing ids
compares cells: ties in the searches below break exactly as the plain search on cells breaks them
(tests/path_oracle.py, the reference the tests compare these with), byte for byte.

The searches take arrays indexed by id instead of a callback per edge:

- :func:`bfs`: step counts from one cell through the cells that may be entered
  (the oracle's parents, visit order kept);
- :func:`dijkstra`: the cost of a step is the cost of *entering* its cell (``enter[id]``,
  ``BLOCKED`` for a cell that may not be entered) -- most boards' movement;
- :func:`dijkstra_edges`: explicit per-cell edges ``[(to, cost), ...]`` for steps whose cost
  depends on where they come from (diagonals, slides, one-way steps);
- :func:`dijkstra_budget`: cheapest costs under a hard budget of one cost field (movement points
  spent), over states ``(cell, spent)``, so a cheap-but-long way is not lost behind a short one;
- :func:`layers`: step counts up to a depth (every step costing the same).

Every game's path search is here: games build cost arrays or edge lists and read the answers
(``tests/test_one_search.py`` keeps ``heapq`` out of every module outside geometry/).

Costs are non-negative integers; a lexicographic cost such as ``(penalties, moves)`` is packed into one
integer with :func:`pack` (each component in its own ``FIELD_BITS``-bit field), so adding and
comparing packed numbers is adding and comparing the tuples. Results are lists indexed by id: ``UNREACHED`` (-1) where the search did not reach. :class:`CellGraph` turns
them back into ``{cell: value}`` dicts. The heap holds single integers ``cost << shift | id``
(no tuples), which is where most of the speed over a search on cells and tuples comes from.
"""

from __future__ import annotations

import heapq
from collections import deque
from collections.abc import Callable, Collection, Hashable, Iterable, Mapping, Sequence
from typing import TYPE_CHECKING, Any, TypeVar

if TYPE_CHECKING:
    from .grid import Grid

Cell = tuple[int, int]
V = TypeVar("V")
#: A lexicographic cost such as ``(penalties, moves)`` before it is packed.
Cost = tuple[Any, ...]

#: Bits per component of a packed cost.
FIELD_BITS = 40
#: ``enter[id]`` of a cell that may not be entered.
BLOCKED = -1
#: A result's value where the search did not reach.
UNREACHED = -1
#: Steps or points to a goal that cannot be reached at all (larger than any real count).
UNREACHABLE = 10**9


def pack(cost: Sequence[int], bits: int = FIELD_BITS) -> int:
    """``(a, b, ...)`` as one integer ``a << bits*(n-1) | b << ... | ...``: compares as the tuple does."""
    value = 0
    for part in cost:
        value = (value << bits) | part
    return value


def unpack(value: int, width: int, bits: int = FIELD_BITS) -> tuple[int, ...]:
    mask = (1 << bits) - 1
    return tuple((value >> (bits * (width - 1 - i))) & mask for i in range(width))


class CellGraph:
    """A board's cells numbered in sorted order, with each cell's neighbour ids (ascending)."""

    __slots__ = ("cells", "cell_set", "index", "neighbours", "shift", "mask")

    def __init__(self, cells: Iterable[Cell], adjacent: Callable[[Cell], Iterable[Cell]]):
        self.cells: tuple[Cell, ...] = tuple(sorted(cells))
        self.cell_set = frozenset(self.cells)
        self.index: dict[Cell, int] = {cell: i for i, cell in enumerate(self.cells)}
        index = self.index
        self.neighbours: tuple[tuple[int, ...], ...] = tuple(
            tuple(sorted(index[n] for n in adjacent(cell) if n in index)) for cell in self.cells
        )
        #: Heap keys are ``cost << shift | id``.
        self.shift = max(1, len(self.cells).bit_length())
        self.mask = (1 << self.shift) - 1

    def __len__(self) -> int:
        return len(self.cells)

    def ids(self, cells: Iterable[Cell]) -> list[int]:
        return [self.index[cell] for cell in cells]

    def as_dict(self, values: Sequence[V], missing: object = UNREACHED) -> dict[Cell, V]:
        """``{cell: value}`` for every id whose value is not ``missing``, in id (cell) order."""
        cells = self.cells
        return {cells[i]: value for i, value in enumerate(values) if value != missing}


#: Graphs by board shape; a few are kept (a phase's boards share their shape).
_GRAPHS: dict[Hashable, CellGraph] = {}
_GRAPHS_KEPT = 8


def graph_for(key: Hashable, cells: Collection[Cell], adjacent: Callable[[Cell], Iterable[Cell]]) -> CellGraph:
    """The graph of a board shape, built once: ``key`` must say everything ``adjacent`` depends on
    (the cells, the board kind, thin walls...). Every turn of a phase, and every file with the same
    board, shares it."""
    graph = _GRAPHS.get(key)
    if graph is None:
        if len(_GRAPHS) >= _GRAPHS_KEPT:
            _GRAPHS.pop(next(iter(_GRAPHS)))
        graph = _GRAPHS[key] = CellGraph(cells, adjacent)
    return graph


#: The last grid's cells and thin walls and their graph: a phase's boards share both objects.
_LAST: list[object] = []


def grid_graph(grid: Grid) -> CellGraph:
    """The graph of a grid board (its kind, cells and thin walls), shared by every board of that shape."""
    if _LAST and _LAST[0] is grid.terrain and _LAST[1] is grid.thin_walls and _LAST[2] == grid.kind:
        graph = _LAST[3]
        assert isinstance(graph, CellGraph)
        return graph
    graph = graph_for(("grid", grid.kind, frozenset(grid.terrain), grid.thin_walls), grid.terrain, grid.adjacent)
    _LAST[:] = [grid.terrain, grid.thin_walls, grid.kind, graph]
    return graph


def bfs(graph: CellGraph, start: int, passable: Sequence[bool] | None = None) -> tuple[list[int], list[int], list[int]]:
    """Steps from ``start`` to every cell reached through cells with ``passable[id]`` (all by default).

    Returns (steps, parent, order): steps and parent per id (``UNREACHED`` / -1 where not reached),
    and the ids in the order they were reached. Neighbours are visited in ascending id order,
    so parents are those of a breadth-first search over sorted neighbours."""
    size = len(graph.cells)
    steps = [UNREACHED] * size
    parent = [-1] * size
    steps[start] = 0
    order = [start]
    queue = deque(order)
    neighbours = graph.neighbours
    while queue:
        node = queue.popleft()
        count = steps[node] + 1
        for nxt in neighbours[node]:
            if steps[nxt] < 0 and (passable is None or passable[nxt]):
                steps[nxt] = count
                parent[nxt] = node
                order.append(nxt)
                queue.append(nxt)
    return steps, parent, order


def dijkstra(
    graph: CellGraph, sources: Iterable[int], enter: Sequence[int], limit: int | None = None, *, with_preds: bool = False
) -> tuple[list[int], list[list[int]] | None]:
    """Cheapest packed cost from any source to every cell, a step costing ``enter[to]`` (``BLOCKED``: never entered).

    Cells whose cost would exceed ``limit`` are not reached. With ``with_preds``, every predecessor on
    a cheapest path too, in the order they are found (the oracle's order) (sources: an empty list)."""
    uniform = uniform_cost(enter)
    if uniform is not None and not with_preds:
        # Every step costs the same: the cheapest paths are the fewest steps, a breadth-first search.
        return _uniform_search(graph, sources, enter, uniform, limit), None
    # The loop of _search with the step cost read from ``enter`` (no edge list built per cell).
    neighbours, shift, mask = graph.neighbours, graph.shift, graph.mask
    best, preds, heap = _start(len(graph.cells), sources, with_preds)
    pop, push = heapq.heappop, heapq.heappush
    bound = -1 if limit is None else limit
    while heap:
        key = pop(heap)
        node, cost = key & mask, key >> shift
        if cost != best[node]:
            continue  # a stale entry: the node was reached more cheaply since
        for nxt in neighbours[node]:
            step = enter[nxt]
            if step < 0:
                continue
            new = cost + step
            if bound >= 0 and new > bound:
                continue
            old = best[nxt]
            if old < 0 or new < old:
                best[nxt] = new
                if preds is not None:
                    preds[nxt] = [node]
                push(heap, new << shift | nxt)
            elif new == old and preds is not None and node not in preds[nxt]:
                preds[nxt].append(node)
    return best, preds


def dijkstra_edges(
    graph: CellGraph,
    sources: Iterable[int],
    edges: Sequence[Sequence[tuple[int, int]]],
    limit: int | None = None,
    *,
    with_preds: bool = False,
) -> tuple[list[int], list[list[int]] | None]:
    """:func:`dijkstra` over explicit edges: ``edges[id]`` lists ``(to, packed step cost)``."""
    return _search(graph, sources, edges.__getitem__, limit, with_preds)


def _search(
    graph: CellGraph,
    sources: Iterable[int],
    edges: Callable[[int], Iterable[tuple[int, int]]],
    limit: int | None,
    with_preds: bool,
) -> tuple[list[int], list[list[int]] | None]:
    shift, mask = graph.shift, graph.mask
    best, preds, heap = _start(len(graph.cells), sources, with_preds)
    pop, push = heapq.heappop, heapq.heappush
    bound = -1 if limit is None else limit
    while heap:
        key = pop(heap)
        node, cost = key & mask, key >> shift
        if cost != best[node]:
            continue  # a stale entry: the node was reached more cheaply since
        for nxt, step in edges(node):
            new = cost + step
            if bound >= 0 and new > bound:
                continue
            old = best[nxt]
            if old < 0 or new < old:
                best[nxt] = new
                if preds is not None:
                    preds[nxt] = [node]
                push(heap, new << shift | nxt)
            elif new == old and preds is not None and node not in preds[nxt]:
                preds[nxt].append(node)
    return best, preds


def dijkstra_budget(
    size: int, source: int, budget: int, steps: Callable[[int], Sequence[tuple[int, int]]], spend: int
) -> tuple[dict[int, int], dict[int, list[int]]]:
    """Cheapest packed costs over states ``id * (budget + 1) + spent``, and every cheapest predecessor.

    ``steps(id)`` lists ``(to, packed step cost)``; ``step & spend`` is what a step spends of the
    budget (its lowest field), and no state spends more than ``budget``. States are expanded
    cheapest first, so a state reaching a cell with no less spent than one already expanded there
    is dominated (no cheaper either) and leads nowhere new: only Pareto-best states expand. State
    numbers sort as the pairs ``(id, spent)``, so ties break as a search over those pairs would."""
    width = budget + 1
    shift = (size * width).bit_length()
    mask = (1 << shift) - 1
    start = source * width
    best: dict[int, int] = {start: 0}
    preds: dict[int, list[int]] = {start: []}
    fewest: dict[int, int] = {}
    heap = [start]
    pop, push = heapq.heappop, heapq.heappush
    while heap:
        key = pop(heap)
        state, cost = key & mask, key >> shift
        if cost != best[state]:
            continue
        node, spent = divmod(state, width)
        if fewest.get(node, width) <= spent:
            continue
        fewest[node] = spent
        for land, step in steps(node):
            total = spent + (step & spend)
            if total > budget or fewest.get(land, width) <= total:
                continue
            nxt, new = land * width + total, cost + step
            old = best.get(nxt)
            if old is None or new < old:
                best[nxt] = new
                preds[nxt] = [state]
                push(heap, new << shift | nxt)
            elif new == old and state not in preds[nxt]:
                preds[nxt].append(state)
    return best, preds


def layers(graph: CellGraph, starts: Iterable[int], enter: Sequence[int], depth: int) -> dict[int, int]:
    """Step counts from the nearest of ``starts`` up to ``depth`` steps through cells that may be entered
    (``enter[id] != BLOCKED``; a start is always in), breadth-first, neighbours in ascending id order:
    ``{id: steps}`` in the order reached."""
    steps = dict.fromkeys(starts, 0)
    layer = list(steps)
    neighbours = graph.neighbours
    for count in range(1, depth + 1):
        following = []
        for node in layer:
            for nxt in neighbours[node]:
                if nxt not in steps and enter[nxt] >= 0:
                    steps[nxt] = count
                    following.append(nxt)
        if not following:
            break
        layer = following
    return steps


def uniform_cost(enter: Sequence[int]) -> int | None:
    """The one cost of entering any cell that may be entered (None: costs differ)."""
    costs = set(enter)
    costs.discard(BLOCKED)
    return costs.pop() if len(costs) == 1 else None


def _uniform_search(graph: CellGraph, sources: Iterable[int], enter: Sequence[int], step: int, limit: int | None) -> list[int]:
    """:func:`dijkstra`'s costs when every step costs ``step`` (> 0): breadth-first, layer by layer."""
    best = [UNREACHED] * len(graph.cells)
    layer = []
    for source in sources:
        if best[source] < 0:
            best[source] = 0
            layer.append(source)
    neighbours = graph.neighbours
    cost = 0
    while layer:
        cost += step
        if limit is not None and cost > limit:
            break
        following = []
        for node in layer:
            for nxt in neighbours[node]:
                if best[nxt] < 0 and enter[nxt] >= 0:
                    best[nxt] = cost
                    following.append(nxt)
        layer = following
    return best


def _start(size: int, sources: Iterable[int], with_preds: bool) -> tuple[list[int], list[list[int]] | None, list[int]]:
    """A search's arrays, and its heap holding the sources at cost 0."""
    best = [UNREACHED] * size
    preds: list[list[int]] | None = [[] for _ in range(size)] if with_preds else None
    heap = []
    for source in sources:
        if best[source] < 0:
            best[source] = 0
            heap.append(source)
    heapq.heapify(heap)
    return best, preds, heap


def one_path(preds: Sequence[Sequence[int]] | Mapping[int, Sequence[int]], target: int) -> list[int]:
    """One cheapest path from a source to ``target`` (smallest predecessor first)."""
    path = [target]
    seen = {target}
    node = target
    while preds[node]:
        node = min(preds[node])
        if node in seen:  # defensive: zero-cost cycles
            break
        seen.add(node)
        path.append(node)
    path.reverse()
    return path


def unwind(parent: Sequence[int], node: int) -> list[int]:
    """The walk from the search's start to ``node`` (both included) along ``parent`` (-1: the start)."""
    path = [node]
    while parent[path[-1]] >= 0:
        path.append(parent[path[-1]])
    path.reverse()
    return path
