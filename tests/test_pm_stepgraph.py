"""Perdition's Mouth paths on integer ids (games/perditions_mouth/stepgraph.py) against the cell search
of tests/path_oracle.py over the engine's own steps and step costs, on random boards."""

from __future__ import annotations

from collections.abc import Iterator

from hypothesis import given, settings
from hypothesis import strategies as st
from path_oracle import dijkstra

from enemy_move.games.perditions_mouth.effects import DoorOpened
from enemy_move.games.perditions_mouth.engine import Engine
from enemy_move.games.perditions_mouth.movement import Pathing
from enemy_move.games.perditions_mouth.terrain import apply_effects
from enemy_move.geometry.cellgraph import CellGraph
from enemy_move.models import load_scenario_text
from enemy_move.result import Turn

SIDE = 6
Cell = tuple[int, int]


@st.composite
def scenarios(draw):
    terrain = draw(st.lists(st.sampled_from(list("....%~^=+$/#&!")), min_size=SIDE * SIDE, max_size=SIDE * SIDE))
    free = [i for i, symbol in enumerate(terrain) if symbol == "."]
    if len(free) < 3:
        terrain[:3] = [".", ".", "."]
        free = [0, 1, 2]
    spots = draw(st.lists(st.sampled_from(free), min_size=3, max_size=3, unique=True))
    kind = draw(st.sampled_from(["acolyte", "guard", "boneworm", "chileen"]))
    rules = {
        "movement": draw(st.sampled_from(["diagonal", "orthogonal"])),
        "diagonal_cost": draw(st.sampled_from([1, 2])),
        "corner_cutting": draw(st.booleans()),
    }
    walls = draw(st.lists(st.tuples(st.integers(0, SIDE - 2), st.integers(0, SIDE - 2), st.booleans()), max_size=3))
    thin = [f"[[{c}, {r}], [{c + 1}, {r}]]" if across else f"[[{c}, {r}], [{c}, {r + 1}]]" for c, r, across in walls]
    rows = [" ".join(terrain[r * SIDE : (r + 1) * SIDE]) for r in range(SIDE)]
    at = [[i % SIDE, i // SIDE] for i in spots]
    text = (
        "ruleset: perditions-mouth\nmap: |\n"
        + "".join(f"  {row}\n" for row in rows)
        + (f"walls: [{', '.join(thin)}]\n" if thin else "")
        + f"figures:\n  e: {{kind: {kind}, ap: 4, at: {at[0]}}}\n  g: {{kind: guard, at: {at[1]}}}\n  A: {{kind: hero, at: {at[2]}}}\n"
        + "rules: {"
        + ", ".join(f"{k}: {str(v).lower()}" for k, v in rules.items())
        + "}\n"
    )
    return text


def cell_search(engine: Pathing, board, mover, *, backward: bool, sources: list[Cell]):
    def edges(cell: Cell) -> Iterator[tuple[Cell, tuple[int]]]:
        for other in engine.steps(board, cell):
            cost = engine.enter_cost(board, mover, other, cell) if backward else engine.enter_cost(board, mover, cell, other)
            if cost is not None:
                yield other, (cost[0] + cost[1],)

    return dijkstra(sources, edges, (0,))


@given(scenarios())
@settings(max_examples=120, deadline=None)
def test_searches_on_ids_equal_the_cell_searches(text) -> None:
    scenario = load_scenario_text(text, "t.yaml")
    board = scenario.board
    engine = Engine(scenario, board).paths
    mover = engine.make_mover(board, "e", Turn(actor="e"))
    best, preds = engine.shortest(board, mover)
    expected_best, expected_preds = cell_search(engine, board, mover, backward=False, sources=[mover.start])
    assert dict(best) == expected_best
    assert {cell: preds[cell] for cell in preds} == expected_preds
    for cell in best:
        assert preds.one_path(cell)[0] == mover.start
    goals = {board.figures["A"], mover.start}
    expected_to, _ = cell_search(engine, board, mover, backward=True, sources=sorted(goals))
    assert dict(engine.cheapest_to(board, mover, goals)) == expected_to
    # Doors opened: the step graph is patched around them, and must search as a new one would.
    doors = [cell for cell, terrain in sorted(board.terrain.items()) if terrain in ("door", "locked-door")]
    opened = apply_effects(board, tuple(DoorOpened(cell) for cell in doors[::2]))
    best, preds = engine.shortest(opened, mover)
    expected_best, expected_preds = cell_search(engine, opened, mover, backward=False, sources=[mover.start])
    assert dict(best) == expected_best
    assert {cell: preds[cell] for cell in preds} == expected_preds
    expected_to, _ = cell_search(engine, opened, mover, backward=True, sources=sorted(goals))
    assert dict(engine.cheapest_to(opened, mover, goals)) == expected_to
    fresh = CellGraph(opened.terrain, lambda cell: engine.steps(opened, cell))
    assert engine.step_graph(opened).graph.neighbours == fresh.neighbours


def test_step_graph_is_rebuilt_when_a_door_opens() -> None:
    text = "ruleset: perditions-mouth\nmap: |\n  . + .\n  . . .\nfigures: {e: {kind: acolyte, at: [0, 0]}, A: {kind: hero, at: [2, 1]}}\n"
    scenario = load_scenario_text(text, "t.yaml")
    board = scenario.board
    engine = Engine(scenario, board).paths
    first = engine.step_graph(board)
    assert engine.step_graph(board) is first

    def steps_from(graph, cell: Cell) -> list[Cell]:
        return [graph.graph.cells[n] for n in graph.graph.neighbours[graph.graph.index[cell]]]

    assert (1, 1) not in steps_from(first, (0, 0))  # the closed door's corner: no corner cutting
    second = engine.step_graph(apply_effects(board, (DoorOpened((1, 0)),)))
    assert second is not first
    assert (1, 1) in steps_from(second, (0, 0))
