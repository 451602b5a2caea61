"""The reference searches on cells (a test oracle): the engines search on integer ids with
enemy_move/geometry/cellgraph.py, and its tests, with the games' own, compare them with these.

It was the engines' search once (enemy_move/geometry/paths.py); written on cells and tuples, it is
the plain form of the same algorithm (itself checked against networkx in tests/test_paths.py).
Dijkstra: lexicographic tuple costs, all shortest predecessors.

Costs are tuples compared lexicographically, e.g. ``(traps, moves)``: a path
through fewer traps always wins, then the shorter one. Each edge cost is a
tuple of non-negative numbers added element-wise, so Dijkstra stays correct.

Inside the search, integer costs are packed into one integer, each component
in its own 40-bit field (``(traps, moves)`` becomes ``traps << 40 | moves``):
adding and comparing packed numbers is adding and comparing the tuples, and
much cheaper than tuple arithmetic. A field cannot overflow into the next one
as long as each step adds less than 2**20 and a path has fewer than 2**20
steps (boards are at most 64 x 64). Other costs (floats) use the tuples.
"""

from __future__ import annotations

import heapq
from collections import deque
from collections.abc import Callable, Hashable, Iterable, Iterator
from typing import Any, Protocol, TypeVar


class _SortableNode(Protocol):
    """A node that can be hashed and sorted (cells, search states): deterministic choices need an order."""

    def __hash__(self) -> int: ...
    def __lt__(self, other: Any, /) -> bool: ...


Node = TypeVar("Node", bound=Hashable)
SortableNode = TypeVar("SortableNode", bound=_SortableNode)
C = TypeVar("C")
Cost = tuple[Any, ...]

FIELD_BITS = 40
_STEP_LIMIT = 1 << 20

#: Steps or points to a goal that cannot be reached at all (larger than any real count).
UNREACHABLE = 10**9


def add_costs(a: Cost, b: Cost) -> Cost:
    return tuple(x + y for x, y in zip(a, b))


def _packable(cost: Cost) -> bool:
    return all(type(part) is int and 0 <= part < _STEP_LIMIT for part in cost)


def _pack(cost: Cost) -> int:
    value = 0
    for part in cost:
        value = (value << FIELD_BITS) | part
    return value


def _unpack(value: int, width: int) -> Cost:
    mask = (1 << FIELD_BITS) - 1
    return tuple((value >> (FIELD_BITS * (width - 1 - i))) & mask for i in range(width))


def dijkstra(
    sources: Iterable[Node],
    edges: Callable[[Node], Iterable[tuple[Node, Cost]]],
    zero: Cost,
    limit: Cost | None = None,
) -> tuple[dict[Node, Cost], dict[Node, list[Node]]]:
    """Shortest costs from any source, and every predecessor on a shortest path.

    ``edges(node)`` yields ``(next_node, step_cost)``. Nodes whose cost would
    exceed ``limit`` (lexicographically) are not expanded. Nodes must be
    mutually orderable so that ties pop in a deterministic order.
    """
    fits = limit is None or all(type(part) is int and 0 <= part < 1 << FIELD_BITS for part in limit)
    if not (_packable(zero) and fits):
        return _search(sources, edges, zero, limit, add_costs)
    width = len(zero)
    packed_steps: dict[Cost, int] = {}  # the few distinct step costs, packed once

    def packed_edges(node: Node) -> Iterator[tuple[Node, int]]:
        for nxt, step in edges(node):
            code = packed_steps.get(step)
            if code is None:
                if len(step) != width or not _packable(step):
                    raise _NotPackable
                code = packed_steps[step] = _pack(step)
            yield nxt, code

    try:
        best, preds = _search(sources, packed_edges, _pack(zero), None if limit is None else _pack(limit), int.__add__)
    except _NotPackable:
        return _search(sources, edges, zero, limit, add_costs)
    return {node: _unpack(cost, width) for node, cost in best.items()}, preds


def dijkstra_steps(
    sources: Iterable[Node],
    neighbours: Callable[[Node], Iterable[Node]],
    step_cost: Callable[[Node, Node], Cost | None],
    zero: Cost,
    limit: Cost | None = None,
) -> tuple[dict[Node, Cost], dict[Node, list[Node]]]:
    """``dijkstra`` over a board's neighbours with the game's step costs: ``step_cost(a, b)`` is the
    cost of stepping from ``a`` to ``b``, or None when that step is not allowed."""

    def edges(node: Node) -> Iterator[tuple[Node, Cost]]:
        for nxt in neighbours(node):
            cost = step_cost(node, nxt)
            if cost is not None:
                yield nxt, cost

    return dijkstra(sources, edges, zero, limit)


class _NotPackable(Exception):
    """A step cost that does not fit the packed fields: the search is redone with tuples."""


def _search(
    sources: Iterable[Node],
    edges: Callable[[Node], Iterable[tuple[Node, C]]],
    zero: C,
    limit: C | None,
    add: Callable[[C, C], C],
) -> tuple[dict[Node, C], dict[Node, list[Node]]]:
    best: dict[Node, C] = {}
    preds: dict[Node, list[Node]] = {}
    heap: list[tuple[C, Node]] = []
    for source in sources:
        if source not in best:
            best[source] = zero
            preds[source] = []
            heap.append((zero, source))
    heapq.heapify(heap)
    done: set[Node] = set()
    while heap:
        cost, node = heapq.heappop(heap)
        if node in done:
            continue
        done.add(node)
        for nxt, step in edges(node):
            new = add(cost, step)
            if limit is not None and new > limit:  # type: ignore[operator]
                continue
            old = best.get(nxt)
            if old is None or new < old:  # type: ignore[operator]
                best[nxt] = new
                preds[nxt] = [node]
                heapq.heappush(heap, (new, nxt))
            elif new == old and node not in preds[nxt]:
                preds[nxt].append(node)
    return best, preds


def one_path(preds: dict[SortableNode, list[SortableNode]], target: SortableNode) -> list[SortableNode]:
    """One shortest path from a source to ``target`` (smallest predecessor first)."""
    path = [target]
    node = target
    seen = {target}
    while preds.get(node):
        node = min(preds[node])
        if node in seen:  # defensive: zero-cost cycles
            break
        seen.add(node)
        path.append(node)
    path.reverse()
    return path


def bfs(
    start: SortableNode, steps: Callable[[SortableNode], Iterable[SortableNode]]
) -> tuple[dict[SortableNode, int], dict[SortableNode, SortableNode]]:
    """Steps from ``start`` to every node reached, and each node's parent on one shortest walk.

    Neighbours are visited in sorted order, so the parents (and paths) are deterministic."""
    counts = {start: 0}
    parents: dict[SortableNode, SortableNode] = {}
    queue = deque([start])
    while queue:
        node = queue.popleft()
        for nxt in sorted(steps(node)):
            if nxt not in counts:
                counts[nxt] = counts[node] + 1
                parents[nxt] = node
                queue.append(nxt)
    return counts, parents


def unwind(parents: dict[Node, Node], node: Node) -> tuple[Node, ...]:
    """The walk from the search's start to ``node`` (both included) along ``parents``."""
    path = [node]
    while path[-1] in parents:
        path.append(parents[path[-1]])
    return tuple(reversed(path))
