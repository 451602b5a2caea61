"""Agemonia on area ids (geometry/cellgraph.py via AreaBoard.graph) and its per-turn target table, against the
name searches of tests/path_oracle.py and the per-area target rule they replaced, on random area maps."""

from __future__ import annotations

from collections.abc import Iterator

from hypothesis import given, settings
from hypothesis import strategies as st
from path_oracle import bfs, dijkstra

from enemy_move.games.agemonia.enemy import action_for, make_mover
from enemy_move.games.agemonia.play import AgemoniaPlay
from enemy_move.games.agemonia.procedure import TurnSolver
from enemy_move.models import load_scenario_text
from enemy_move.result import Turn

WIDTH, COUNT = 4, 12


@st.composite
def maps(draw):
    names = [f"R{i}" for i in range(COUNT)]
    lines = ["ruleset: agemonia", "areas:"]
    for name in names:
        capacity, height, trap = draw(st.integers(0, 3)), draw(st.integers(0, 1)), draw(st.booleans())
        lines.append(f"  {name}: {{capacity: {capacity}, height: {height}, trap: {str(trap).lower()}}}")
    links = []
    for i in range(COUNT):
        for j in (i + 1, i + WIDTH):
            if j < COUNT and (j == i + WIDTH or j % WIDTH) and draw(st.booleans()):
                links.append(f'"{names[i]} {draw(st.sampled_from(["--", "==", "||"]))} {names[j]}"')
    lines.append(f"links: [{', '.join(links)}]")
    sight = draw(st.sampled_from(["open", "adjacent"]))
    blocked = draw(st.lists(st.tuples(st.sampled_from(names), st.sampled_from(names)), max_size=4))
    lines.append(f"sight: {{default: {sight}, blocked: [{', '.join(f'[{a}, {b}]' for a, b in blocked)}]}}")
    lines.append("figures:")
    standing = draw(st.lists(st.integers(0, COUNT - 1), min_size=4, max_size=4, unique=True))
    sides = ["enemy", "hero", "hero", "enemy"]
    for index, (label, spot) in enumerate(zip("eABf", standing)):
        lines[1 + 1 + spot] = f"  {names[spot]}: {{capacity: 2, height: 0, trap: false}}"
        if sides[index] == "enemy":
            lines.append(f"  {label}: {{side: enemy, area: {names[spot]}, fly: {str(draw(st.booleans())).lower()}}}")
        else:
            lines.append(f"  {label}: {{side: hero, area: {names[spot]}, taunt: {draw(st.integers(0, 2))}}}")
    kind = draw(st.sampled_from(["melee", "ranged"]))
    attack = f"{{kind: ranged, range: {draw(st.integers(1, 3))}}}" if kind == "ranged" else "{kind: melee}"
    lines.append(f"action: {{move: {draw(st.integers(0, 4))}, attack: {attack}}}")
    lines.append(f"rules: {{range_over_double_lines: {str(draw(st.booleans())).lower()}}}")
    return "\n".join(lines) + "\n"


def solver_of(text: str) -> TurnSolver:
    scenario = load_scenario_text(text, "t.yaml")
    board = AgemoniaPlay(scenario, "").board
    mover = make_mover(board, scenario.model.figures["e"], "e", action_for(scenario, "e"), Turn(actor="e"))
    assert mover is not None
    return TurnSolver(board, mover, scenario.model.rules)


def old_targets_from(solver: TurnSolver, area: str) -> tuple[list[str], int | None]:
    """``targets_from`` as it was: every ally looked up from ``area``."""
    board, mover = solver.board, solver.mover
    allies = [f for _, f in sorted(board.figures.items()) if f.is_ally and not f.invisible]
    if mover.attack.kind == "melee":
        height = board.areas[area].height
        near = {area} | {
            o for o in board.neighbours(area, solver.melee_kinds) if board.areas[o].height == height and solver.blocked_by_capacity(o)
        }
        in_reach = [f for f in allies if f.area in near]
        if not in_reach:
            return [], None
        best = max(f.taunt for f in in_reach)
        return [f.label for f in in_reach if f.taunt == best], best
    paths = {f.area: bfs(f.area, lambda a: board.neighbours(a, solver.range_kinds))[0].get(area) for f in allies}
    distance = {a: d for a, d in paths.items() if d is not None}
    in_reach = [f for f in allies if f.area in distance and distance[f.area] <= mover.attack.range and board.sees(area, f.area)]
    if not in_reach:
        return [], None
    key = min((distance[f.area], -f.taunt) for f in in_reach)
    taunt = -key[1] if solver.rules.ranged_taunt == "target" else max(f.taunt for f in in_reach)
    return [f.label for f in in_reach if (distance[f.area], -f.taunt) == key], taunt


@given(maps())
@settings(max_examples=120, deadline=None)
def test_area_searches_and_targets_equal_the_name_searches(text) -> None:
    solver = solver_of(text)
    board, mover = solver.board, solver.mover

    def crossable(a: str, b: str) -> bool:
        return board.line(a, b) == "single" or (board.line(a, b) == "double" and mover.fly)

    def forward(area: str) -> Iterator[tuple[str, tuple[int]]]:
        for other in board.neighbours(area):
            if crossable(area, other) and solver.entry(other) is not None:
                yield other, (1,)

    def backward(area: str) -> Iterator[tuple[str, tuple[int]]]:
        if area != mover.start and solver.entry(area) is None:
            return
        for other in board.neighbours(area):
            if crossable(other, area):
                yield other, (1,)

    assert solver.search() == dijkstra([mover.start], forward, (0,))
    for goal in sorted(board.areas):
        assert solver.moves_to(goal) == dijkstra([goal], backward, (0,))[0]
        for kinds in (("single",), ("single", "double")):
            assert board.line_distances(goal, kinds) == bfs(goal, lambda a, k=kinds: board.neighbours(a, k))[0]  # type: ignore[misc]
        assert solver.targets_from(goal) == old_targets_from(solver, goal)
