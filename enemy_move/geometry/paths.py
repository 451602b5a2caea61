"""One Dijkstra for every ruleset: lexicographic tuple costs, all shortest predecessors.

Costs are tuples compared lexicographically, e.g. ``(traps, moves)``: a path
through fewer traps always wins, then the shorter one. Each edge cost is a
tuple of non-negative numbers added element-wise, so Dijkstra stays correct.
"""

from __future__ import annotations

import heapq
from collections import deque
from collections.abc import Callable, Hashable, Iterable
from typing import TypeVar

Node = TypeVar("Node", bound=Hashable)
Cost = tuple

#: Steps or points to a goal that cannot be reached at all (larger than any real count).
UNREACHABLE = 10**9


def add_costs(a: Cost, b: Cost) -> Cost:
    return tuple(x + y for x, y in zip(a, b))


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
    best: dict[Node, Cost] = {}
    preds: dict[Node, list[Node]] = {}
    heap: list[tuple[Cost, Node]] = []
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
            new = add_costs(cost, step)
            if limit is not None and new > limit:
                continue
            old = best.get(nxt)
            if old is None or new < old:
                best[nxt] = new
                preds[nxt] = [node]
                heapq.heappush(heap, (new, nxt))
            elif new == old and node not in preds[nxt]:
                preds[nxt].append(node)
    return best, preds


def one_path(preds: dict[Node, list[Node]], target: Node) -> list[Node]:
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


def bfs(start: Node, steps: Callable[[Node], Iterable[Node]]) -> tuple[dict[Node, int], dict[Node, Node]]:
    """Steps from ``start`` to every node reached, and each node's parent on one shortest walk.

    Neighbours are visited in sorted order, so the parents (and paths) are deterministic."""
    counts = {start: 0}
    parents: dict[Node, Node] = {}
    queue = deque([start])
    while queue:
        node = queue.popleft()
        for nxt in sorted(steps(node)):  # type: ignore[type-var]
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
