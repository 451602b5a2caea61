"""The integer-id searches (geometry/cellgraph.py) against the cell searches of tests/path_oracle.py on random boards."""

from __future__ import annotations

import path_oracle as paths
from hypothesis import given, settings
from hypothesis import strategies as st

from enemy_move.geometry import cellgraph, hexgrid, squaregrid
from enemy_move.geometry.cellgraph import BLOCKED, UNREACHED, CellGraph, pack, unpack
from enemy_move.geometry.grid import Grid

Cell = tuple[int, int]
SIZE = 7


@st.composite
def boards(draw):
    kind = draw(st.sampled_from(["hex", "square"]))
    cells = {(c, r) for c in range(SIZE) for r in range(SIZE)} - draw(
        st.sets(st.tuples(st.integers(0, SIZE - 1), st.integers(0, SIZE - 1)), max_size=8)
    )
    walls = draw(st.sets(st.sampled_from(sorted(cells)), max_size=12)) if cells else set()
    traps = draw(st.sets(st.sampled_from(sorted(cells)), max_size=10)) if cells else set()
    difficult = draw(st.sets(st.sampled_from(sorted(cells)), max_size=10)) if cells else set()
    starts = draw(st.lists(st.sampled_from(sorted(cells)), min_size=1, max_size=3)) if cells else []
    return kind, cells, walls, traps, difficult, starts


def graph_of(kind: str, cells: set[Cell]) -> CellGraph:
    around = hexgrid.neighbours if kind == "hex" else squaregrid.neighbours
    return CellGraph(cells, around)


def step_cost(cell: Cell, traps: set[Cell], difficult: set[Cell]) -> tuple[int, int]:
    return (1 if cell in traps else 0, 2 if cell in difficult else 1)


@given(boards(), st.sampled_from([None, (0, 5), (1, 3), (2, 40)]))
@settings(max_examples=150, deadline=None)
def test_dijkstra_on_ids_equals_paths_dijkstra(board, limit) -> None:
    kind, cells, walls, traps, difficult, starts = board
    if not starts:
        return
    graph = graph_of(kind, cells)
    around = hexgrid.neighbours if kind == "hex" else squaregrid.neighbours

    def edges(cell: Cell):
        return [(n, step_cost(n, traps, difficult)) for n in around(cell) if n in cells and n not in walls]

    expected, expected_preds = paths.dijkstra(starts, edges, (0, 0), limit)
    enter = [BLOCKED if cell in walls else pack(step_cost(cell, traps, difficult)) for cell in graph.cells]
    packed_limit = None if limit is None else pack(limit)
    best, preds = cellgraph.dijkstra(graph, graph.ids(starts), enter, packed_limit, with_preds=True)
    assert preds is not None
    assert {cell: unpack(cost, 2) for cell, cost in graph.as_dict(best).items()} == expected
    # The same predecessors, in the same order.
    assert {graph.cells[i]: [graph.cells[p] for p in preds[i]] for i in range(len(graph)) if best[i] != UNREACHED} == expected_preds
    # The explicit-edge form is the same search.
    edge_lists = [[(n, enter[n]) for n in graph.neighbours[i] if enter[n] != BLOCKED] for i in range(len(graph))]
    assert cellgraph.dijkstra_edges(graph, graph.ids(starts), edge_lists, packed_limit, with_preds=True) == (best, preds)
    assert cellgraph.dijkstra(graph, graph.ids(starts), enter, packed_limit) == (best, None)
    for i in range(len(graph)):
        if best[i] != UNREACHED:
            assert [graph.cells[c] for c in cellgraph.one_path(preds, i)] == paths.one_path(expected_preds, graph.cells[i])


@given(boards())
@settings(max_examples=100, deadline=None)
def test_bfs_on_ids_equals_paths_bfs(board) -> None:
    kind, cells, walls, _, _, starts = board
    if not starts:
        return
    graph = graph_of(kind, cells)
    around = hexgrid.neighbours if kind == "hex" else squaregrid.neighbours
    start = starts[0]
    expected, parents = paths.bfs(start, lambda c: [n for n in around(c) if n in cells and n not in walls])
    steps, parent, order = cellgraph.bfs(graph, graph.index[start], [cell not in walls for cell in graph.cells])
    assert [graph.cells[i] for i in order] == list(expected)  # same visit order
    assert {graph.cells[i]: steps[i] for i in order} == expected
    assert {graph.cells[i]: graph.cells[parent[i]] for i in order if parent[i] >= 0} == parents
    for i in order:
        assert tuple(graph.cells[c] for c in cellgraph.unwind(parent, i)) == paths.unwind(parents, graph.cells[i])


def test_ids_follow_the_cells_order_and_neighbours_are_ascending() -> None:
    cells = {(c, r) for c in range(4) for r in range(3)}
    graph = graph_of("hex", cells)
    assert list(graph.cells) == sorted(cells)
    assert all(list(n) == sorted(n) for n in graph.neighbours)
    assert [graph.cells[n] for n in graph.neighbours[graph.index[(1, 1)]]] == sorted(n for n in hexgrid.neighbours((1, 1)) if n in cells)


def test_pack_compares_as_the_tuple() -> None:
    assert pack((1, 0)) > pack((0, 99)) and pack((0, 3)) < pack((0, 4))
    assert unpack(pack((3, 7, 0)), 3) == (3, 7, 0)
    assert unpack(pack((2, 5), bits=8), 2, bits=8) == (2, 5)


def test_grid_graph_is_shared_by_boards_of_one_shape_and_respects_thin_walls() -> None:
    terrain = {(c, r): "floor" for c in range(3) for r in range(3)}
    grid = Grid("hex", 3, 3, terrain, frozenset({frozenset({(0, 0), (1, 0)})}))
    graph = cellgraph.grid_graph(grid)
    assert cellgraph.grid_graph(grid.moved("x", None)) is graph  # same cells and walls
    assert cellgraph.grid_graph(Grid("hex", 3, 3, dict(terrain), grid.thin_walls)) is graph  # equal shape, new objects
    assert graph.index[(1, 0)] not in graph.neighbours[graph.index[(0, 0)]]
    other = cellgraph.grid_graph(Grid("square", 3, 3, dict(terrain)))
    assert other is not graph and graph.index[(1, 0)] in other.neighbours[other.index[(0, 0)]]


def test_unreachable_and_blocked_cells_stay_unreached() -> None:
    line = {(c, 0) for c in range(4)}
    graph = graph_of("square", line)
    enter = [pack((0, 1))] * 4
    enter[2] = BLOCKED
    best, preds = cellgraph.dijkstra(graph, [0], enter, with_preds=True)
    assert best == [0, pack((0, 1)), UNREACHED, UNREACHED]
    assert preds == [[], [0], [], []]
    assert graph.as_dict(best) == {(0, 0): 0, (1, 0): pack((0, 1))}


@given(boards(), st.integers(0, 8))
@settings(max_examples=120, deadline=None)
def test_dijkstra_budget_finds_each_cells_cheapest_cost_within_the_budget(board, budget) -> None:
    # The oracle searches every (cell, points spent) state; the budget search expands only the
    # Pareto-best ones, yet each cell's cheapest state within the budget must cost the same.
    kind, cells, walls, traps, difficult, starts = board
    if not starts or starts[0] in walls:
        return
    graph = graph_of(kind, cells)
    enter = [BLOCKED if cell in walls else pack(step_cost(cell, traps, difficult), 20) for cell in graph.cells]

    def steps(node: int) -> list[tuple[int, int]]:
        return [(n, enter[n]) for n in graph.neighbours[node] if enter[n] != BLOCKED]

    best, preds = cellgraph.dijkstra_budget(len(graph), graph.index[starts[0]], budget, steps, (1 << 20) - 1)

    def state_edges(state):
        cell, spent = state
        for n in graph.neighbours[graph.index[cell]]:
            if enter[n] != BLOCKED:
                trap, points = step_cost(graph.cells[n], traps, difficult)
                if spent + points <= budget:
                    yield (graph.cells[n], spent + points), (trap, points)

    expected, _ = paths.dijkstra([(starts[0], 0)], state_edges, (0, 0))
    cheapest: dict[Cell, tuple[int, int]] = {}
    for (cell, _), cost in expected.items():
        cheapest[cell] = min(cheapest.get(cell, cost), cost)
    width = budget + 1
    got: dict[Cell, tuple[int, ...]] = {}
    for state, packed in best.items():
        cell = graph.cells[state // width]
        got[cell] = min(got.get(cell, unpack(packed, 2, 20)), unpack(packed, 2, 20))
        assert state % width == unpack(packed, 2, 20)[1]  # a state's number says the points it spent
        assert all(best[p] < packed for p in preds[state])  # every step costs something
    assert got == cheapest


@given(boards(), st.integers(0, 6))
@settings(max_examples=100, deadline=None)
def test_layers_are_the_breadth_first_counts_up_to_the_depth(board, depth) -> None:
    # From several starts: each cell's count from the nearest start (a start is in even on a wall).
    kind, cells, walls, _, _, starts = board
    if not starts:
        return
    graph = graph_of(kind, cells)
    around = hexgrid.neighbours if kind == "hex" else squaregrid.neighbours
    expected: dict[Cell, int] = {}
    for start in starts:
        counts, _ = paths.bfs(start, lambda c: [n for n in around(c) if n in cells and n not in walls])
        for cell, count in counts.items():
            expected[cell] = min(expected.get(cell, count), count)
    enter = [BLOCKED if cell in walls else 1 for cell in graph.cells]
    got = cellgraph.layers(graph, graph.ids(starts), enter, depth)
    assert {graph.cells[i]: count for i, count in got.items()} == {c: d for c, d in expected.items() if d <= depth}
    assert list(got.values()) == sorted(got.values())  # reached layer by layer
