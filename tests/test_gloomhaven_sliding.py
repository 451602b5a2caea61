"""Walking steps on icy boards (games/gloomhaven/sliding.py) against the per-hex steps they replaced (kept here as the
reference: movement.Walk._steps_from and _slide before the change), on seeded random boards: every hex's steps, the
same landing hexes, hexes entered, costs and order, and the searches built on them."""

from __future__ import annotations

import heapq
import random
from dataclasses import replace
from typing import Any

import pytest

from enemy_move.games.gloomhaven.board import NOT_A_STEP, Cell, View
from enemy_move.games.gloomhaven.model import GloomhavenAction, GloomhavenFigure
from enemy_move.games.gloomhaven.movement import Walk, mover_for
from enemy_move.games.gloomhaven.variants import VARIANTS
from enemy_move.games.gloomhaven.walking import pack
from enemy_move.geometry import hexgrid
from enemy_move.geometry.grid import Grid

TERRAINS = ["floor"] * 6 + ["icy"] * 6 + ["wall", "obstacle", "difficult", "trap", "hazardous", "door"]


def reference_steps(view: View, cell: Cell) -> list[tuple[Cell, tuple[Cell, ...], tuple[int, int]]]:
    """movement.Walk._steps_from before sliding.py: one hex's steps, its slides worked out hex by hex."""
    slides: dict[tuple[Cell, tuple[int, int]], tuple[tuple[Cell, ...], int]] = {}

    def slide(cell: Cell, direction: tuple[int, int]) -> tuple[tuple[Cell, ...], int]:
        known = slides.get((cell, direction))
        if known is not None:
            return known
        result: tuple[tuple[Cell, ...], int] = ((cell,), view.negative(cell))
        if view.terrain(cell) == "icy":
            q, r = hexgrid.to_axial(cell)
            ahead = hexgrid.from_axial((q + direction[0], r + direction[1]))
            blocked = (
                ahead not in view.grid.adjacent(cell)
                or view.terrain(ahead) in NOT_A_STEP
                or view.terrain(ahead) == "obstacle"
                or ahead in view.occupied
                or ahead in view.blocking_cells
            )
            if not blocked:
                rest, negatives = slide(ahead, direction)
                result = ((cell,) + rest, result[1] + negatives)
        slides[(cell, direction)] = result
        return result

    steps = []
    for nxt in view.grid.adjacent(cell):
        terrain = view.terrain(nxt)
        if terrain in NOT_A_STEP or terrain == "obstacle" or nxt in view.blocking_cells:
            continue
        points = 2 if terrain == "difficult" else 1
        if terrain == "icy" and view.rules.icy_slides:
            qa, ra = hexgrid.to_axial(cell)
            qb, rb = hexgrid.to_axial(nxt)
            entered, negatives = slide(nxt, (qb - qa, rb - ra))
        else:
            entered, negatives = (nxt,), view.negative(nxt)
        steps.append((entered[-1], entered, (negatives, points)))
    return steps


def random_view(seed: int) -> View:
    """A random hex board (some hexes missing, thin walls, icy stretches) with figures of both sides, some
    invisible, an objective, a flying or water-bound actor now and then, under a random variant."""
    rng = random.Random(seed)
    width, height = rng.randint(2, 8), rng.randint(2, 8)
    cells = [(c, r) for c in range(width) for r in range(height) if rng.random() > 0.08]
    if len(cells) < 2:
        cells = [(0, 0), (1, 0)]
    terrain = {cell: rng.choice(TERRAINS + ["water"] * rng.randint(0, 2)) for cell in cells}
    thin = set()
    for cell in cells:
        for other in hexgrid.neighbours(cell):
            if other in terrain and rng.random() < 0.1:
                thin.add(frozenset((cell, other)))
    placed = rng.sample(cells, min(len(cells), rng.randint(1, 6)))
    labels = ["a", "b", "A", "B", "C", "o"][: len(placed)]
    figures = {}
    for label in labels:
        kind = "objective" if label == "o" else "monster" if label.islower() else "character"
        conditions = ["invisible"] if kind == "character" and rng.random() < 0.3 else []
        spec: dict[str, Any] = {
            "kind": kind,
            "initiative": None if kind != "character" else 10,
            "conditions": conditions,
            "flying": label == "a" and rng.random() < 0.15,
            "moves_on": "water" if label == "a" and rng.random() < 0.1 else None,
        }
        figures[label] = GloomhavenFigure(**spec)
    grid = Grid("hex", width, height, terrain, frozenset(thin), dict(zip(labels, placed)))
    rules = VARIANTS[rng.choice(sorted(VARIANTS))]
    if rng.random() < 0.2:
        rules = replace(rules, icy_slides=not rules.icy_slides)
    return View(grid, figures, "a", rules)


@pytest.mark.parametrize("seed", range(400))
def test_every_hexs_steps_are_the_reference_steps(seed: int) -> None:
    view = random_view(seed)
    walk = Walk(view)
    index = walk.graph.index
    for cell in walk.graph.cells:
        expected = reference_steps(view, cell)
        assert walk.walk_steps(cell) == expected, cell
        assert walk._all_steps().by_id[index[cell]] == [(index[land], pack(cost)) for land, _, cost in expected], cell


def test_the_random_boards_slide() -> None:
    # The boards above do what they are for: many steps slide over more than one hex, through thin walls' neighbours.
    long_slides = 0
    for seed in range(400):
        view = random_view(seed)
        walk = Walk(view)
        long_slides += sum(len(entered) > 2 for cell in walk.graph.cells for _, entered, _ in walk.walk_steps(cell))
    assert long_slides > 200


@pytest.mark.parametrize("seed", range(0, 400, 7))
def test_the_searches_on_icy_boards_are_the_reference_searches(seed: int) -> None:
    # Costs from the start and to a few hexes: the same as searches over the reference steps.
    view = random_view(seed)
    mover = mover_for(view, GloomhavenAction(move=4))
    if not isinstance(mover, Walk) or mover.walking() is not None:
        return
    assert mover.costs_from(view.start) == _costs(view, view.start)
    for cell in sorted(mover.graph.cells)[:5]:
        assert mover.costs_to(cell) == _costs_to(view, cell)


def _costs(view: View, start: Cell) -> dict[Cell, tuple[int, int]]:
    """Dijkstra over the reference steps, (negatives, points) compared as pairs."""
    best = {start: (0, 0)}
    heap = [((0, 0), start)]
    while heap:
        cost, cell = heapq.heappop(heap)
        if best[cell] != cost:
            continue
        for land, _, step in reference_steps(view, cell):
            new = (cost[0] + step[0], cost[1] + step[1])
            if land not in best or new < best[land]:
                best[land] = new
                heapq.heappush(heap, (new, land))
    return dict(sorted(best.items()))


def _costs_to(view: View, target: Cell) -> dict[Cell, tuple[int, int]]:
    into: dict[Cell, list[tuple[Cell, tuple[int, int]]]] = {}
    for cell in view.grid.terrain:
        terrain = view.terrain(cell)
        if terrain in NOT_A_STEP or terrain == "obstacle" or cell in view.blocking_cells:
            continue
        for land, _, step in reference_steps(view, cell):
            into.setdefault(land, []).append((cell, step))
    best = {target: (0, 0)}
    heap = [((0, 0), target)]
    while heap:
        cost, cell = heapq.heappop(heap)
        if best[cell] != cost:
            continue
        for origin, step in into.get(cell, []):
            new = (cost[0] + step[0], cost[1] + step[1])
            if origin not in best or new < best[origin]:
                best[origin] = new
                heapq.heappush(heap, (new, origin))
    return dict(sorted(best.items()))
