"""The one Dijkstra, checked against networkx (a test-only oracle) on random boards."""

from __future__ import annotations

import networkx as nx  # type: ignore[import-untyped]
from hypothesis import given, settings
from hypothesis import strategies as st
from path_oracle import add_costs, dijkstra, one_path

from enemy_move.geometry import hexgrid, squaregrid

Cell = tuple[int, int]
SIZE = 7
# Encodes (traps, moves) as one number for networkx: any trap outweighs every move count.
BIG = 1000


@st.composite
def boards(draw):
    kind = draw(st.sampled_from(["hex", "square"]))
    blocked = draw(st.sets(st.tuples(st.integers(0, SIZE - 1), st.integers(0, SIZE - 1)), max_size=15))
    traps = draw(st.sets(st.tuples(st.integers(0, SIZE - 1), st.integers(0, SIZE - 1)), max_size=12))
    cells = {(c, r) for c in range(SIZE) for r in range(SIZE)} - blocked
    start = draw(st.sampled_from(sorted(cells))) if cells else (0, 0)
    return kind, cells, traps - blocked, start


def make_edges(kind, cells, traps):
    around = hexgrid.neighbours if kind == "hex" else squaregrid.neighbours

    def edges(cell: Cell):
        for nxt in around(cell):
            if nxt in cells:
                yield nxt, (1 if nxt in traps else 0, 1)

    return edges


def oracle(kind, cells, traps, start):
    graph = nx.DiGraph()
    edges = make_edges(kind, cells, traps)
    for cell in cells:
        graph.add_node(cell)
        for nxt, (trap, moves) in edges(cell):
            graph.add_edge(cell, nxt, weight=trap * BIG + moves)
    return graph, nx.single_source_dijkstra_path_length(graph, start)


def encode(cost: tuple[int, int]) -> int:
    return cost[0] * BIG + cost[1]


@given(boards())
@settings(max_examples=150, deadline=None)
def test_tuple_costs_match_networkx(board) -> None:
    kind, cells, traps, start = board
    if start not in cells:
        return
    best, preds = dijkstra([start], make_edges(kind, cells, traps), (0, 0))
    graph, expected = oracle(kind, cells, traps, start)
    assert {cell: encode(cost) for cell, cost in best.items()} == expected
    # Every predecessor lies on a shortest path, and every such neighbour is listed.
    for cell in best:
        shortest_preds = {u for u in graph.predecessors(cell) if u in expected and expected[u] + graph[u][cell]["weight"] == expected[cell]}
        assert set(preds[cell]) == (shortest_preds if cell != start else set())
        assert len(preds[cell]) == len(set(preds[cell]))


@given(boards())
@settings(max_examples=100, deadline=None)
def test_one_path_is_legal_and_shortest(board) -> None:
    kind, cells, traps, start = board
    if start not in cells:
        return
    edges = make_edges(kind, cells, traps)
    best, preds = dijkstra([start], edges, (0, 0))
    for target in sorted(best):
        path = one_path(preds, target)
        assert path[0] == start and path[-1] == target
        cost = (0, 0)
        for a, b in zip(path, path[1:]):
            steps = dict(edges(a))
            assert b in steps, f"{a}->{b} is not an edge"
            cost = add_costs(cost, steps[b])
        assert cost == best[target]


@given(boards(), st.integers(0, 6))
@settings(max_examples=100, deadline=None)
def test_limit_keeps_exactly_the_nodes_within_it(board, moves) -> None:
    kind, cells, traps, start = board
    if start not in cells:
        return
    edges = make_edges(kind, cells, traps)
    full, _ = dijkstra([start], edges, (0, 0))
    # Plain step counts (a 1-tuple), limited to `moves`.
    plain = lambda cell: ((nxt, (1,)) for nxt, _ in edges(cell))  # noqa: E731
    unlimited, _ = dijkstra([start], plain, (0,))
    limited, _ = dijkstra([start], plain, (0,), limit=(moves,))
    assert limited == {cell: cost for cell, cost in unlimited.items() if cost <= (moves,)}
    assert set(full) == set(unlimited)


def test_several_sources_and_equal_predecessors() -> None:
    line = {(c, 0) for c in range(5)}
    edges = make_edges("square", line, set())
    best, preds = dijkstra([(0, 0), (4, 0)], edges, (0, 0))
    assert best[(2, 0)] == (0, 2)
    assert sorted(preds[(2, 0)]) == [(1, 0), (3, 0)]
    assert preds[(0, 0)] == [] and preds[(4, 0)] == []
    # one_path takes the smallest predecessor, so the answer is deterministic.
    assert one_path(preds, (2, 0)) == [(0, 0), (1, 0), (2, 0)]


def test_traps_come_before_moves() -> None:
    # Square 3x3 with the straight middle cell trapped: the detour is longer but trap-free.
    cells = {(c, r) for c in range(3) for r in range(2)}
    around = lambda cell: [n for n in squaregrid.orthogonal_neighbours(cell) if n in cells]  # noqa: E731
    edges = lambda cell: ((n, (1 if n == (1, 0) else 0, 1)) for n in around(cell))  # noqa: E731
    best, preds = dijkstra([(0, 0)], edges, (0, 0))
    assert best[(2, 0)] == (0, 4)
    assert one_path(preds, (2, 0)) == [(0, 0), (0, 1), (1, 1), (2, 1), (2, 0)]


@given(boards())
@settings(max_examples=60, deadline=None)
def test_packed_integer_costs_equal_plain_tuple_costs(board) -> None:
    # Integer costs are packed into one number inside the search; float costs
    # take the plain tuple route. Both must give the same costs and predecessors.
    kind, cells, traps, start = board
    if start not in cells:
        return
    edges = make_edges(kind, cells, traps)

    def float_edges(cell: Cell):
        for nxt, (trap, moves) in edges(cell):
            yield nxt, (float(trap), float(moves))

    packed = dijkstra([start], edges, (0, 0), limit=(1, 6))
    plain = dijkstra([start], float_edges, (0.0, 0.0), limit=(1.0, 6.0))
    assert packed[0] == {cell: (int(a), int(b)) for cell, (a, b) in plain[0].items()}
    assert packed[1] == plain[1]
    assert all(type(part) is int for cost in packed[0].values() for part in cost)
