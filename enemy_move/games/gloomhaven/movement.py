"""How the acting figure moves: walking (with icy slides), jumping, flying, teleporting."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Literal

from ...geometry import hexgrid
from ...geometry.paths import bfs, dijkstra, one_path, unwind
from .board import NOT_A_STEP, Cell, Cost, Reach, View
from .model import GloomhavenAction

#: How a figure travels this turn.
MovementMode = Literal["walk", "jump", "fly", "teleport"]
#: A walking step: (landing cell, cells entered, step cost).
WalkStep = tuple[Cell, tuple[Cell, ...], Cost]


class Mover:
    """How the acting figure moves: walking (with icy slides), jumping, flying, teleporting."""

    def __init__(self, view: View, action: GloomhavenAction):
        self.view = view
        # Teleport is not movement (FH p.24): it ignores everything between start
        # and end, so it wins over flying; flying still sets where it may end.
        self.mode: MovementMode
        if action.teleport:
            self.mode = "teleport"
        elif view.flying:
            self.mode = "fly"
        elif action.jump:
            self.mode = "jump"
        else:
            self.mode = "walk"
        self._slides: dict[tuple[Cell, tuple[int, int]], tuple[tuple[Cell, ...], int]] = {}
        self._reversed: dict[Cell, list[tuple[Cell, Cost]]] | None = None
        self._walk_steps: dict[Cell, list[WalkStep]] = {}

    # A walking step from ``cell``: (landing cell, cells entered, step cost).
    def walk_steps(self, cell: Cell) -> list[WalkStep]:
        # The board does not change during a turn: each cell's steps are worked out once
        # (the searches ask for them many times, icy slides included).
        steps = self._walk_steps.get(cell)
        if steps is None:
            steps = self._walk_steps[cell] = self._steps_from(cell)
        return steps

    def _steps_from(self, cell: Cell) -> list[WalkStep]:
        view = self.view
        steps = []
        for nxt in view.grid.adjacent(cell):
            terrain = view.terrain(nxt)
            if terrain in NOT_A_STEP or terrain == "obstacle" or nxt in view.blocking_cells:
                continue
            points = 2 if terrain == "difficult" else 1
            if terrain == "icy" and view.rules.icy_slides:
                entered, negatives = self._slide(nxt, _axial_step(cell, nxt))
            else:
                entered, negatives = (nxt,), view.negative(nxt)
            steps.append((entered[-1], entered, (negatives, points)))
        return steps

    def _slide(self, cell: Cell, direction: tuple[int, int]) -> tuple[tuple[Cell, ...], int]:
        """Entering ``cell`` moving in ``direction``: the hexes entered (an icy hex slides the
        figure one more hex the same way, repeatedly) and their negative hexes. Slides along one
        line share their ends, so each (hex, direction) is worked out once."""
        known = self._slides.get((cell, direction))
        if known is not None:
            return known
        view = self.view
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
                rest, negatives = self._slide(ahead, direction)
                result = ((cell,) + rest, result[1] + negatives)
        self._slides[(cell, direction)] = result
        return result

    def free_steps(self, cell: Cell) -> list[Cell]:
        """Jumping and flying: any neighbour that is not a wall."""
        return [n for n in self.view.grid.adjacent(cell) if self.view.terrain(n) not in NOT_A_STEP]

    def landing_cost(self, cell: Cell) -> Cost:
        """Extra cost paid in the last hex of a jump (or a teleport's landing)."""
        view = self.view
        if self.mode == "fly":
            return (0, 0)
        extra = 1 if (self.mode == "jump" and view.rules.jump_pays_difficult_last_hex and view.terrain(cell) == "difficult") else 0
        return (view.negative(cell), extra)

    # --- searches ------------------------------------------------------------
    def costs_from(self, start: Cell) -> dict[Cell, Cost]:
        """Cheapest (negatives, movement points) to every cell, infinite movement."""
        if self.mode == "walk":
            best, _ = dijkstra([start], lambda c: [(land, cost) for land, _, cost in self.walk_steps(c)], (0, 0))
            return best
        if self.mode == "teleport":
            view = self.view
            return {
                c: (view.negative(c) if c != start else 0, hexgrid.distance(start, c))
                for c in view.grid.terrain
                if view.terrain(c) not in NOT_A_STEP
            }
        steps, _ = bfs(start, self.free_steps)
        result = {}
        for cell, count in steps.items():
            extra = self.landing_cost(cell) if cell != start else (0, 0)
            result[cell] = (extra[0], count + extra[1])
        return result

    def reach_this_turn(self, points: int) -> Reach:
        """Cells reachable with ``points`` movement points: cheapest cost and one path."""
        start = self.view.start
        if points <= 0:
            return {start: ((0, 0), (start,))}
        if self.mode == "walk":
            return self._walk_reach(points)
        if self.mode == "teleport":
            view = self.view
            return {
                # Staying where it stands enters no hex: a trap under it is not counted again.
                c: ((view.negative(c) if c != start else 0, hexgrid.distance(start, c)), (start, c) if c != start else (start,))
                for c in view.grid.terrain
                if hexgrid.distance(start, c) <= points and view.terrain(c) not in NOT_A_STEP
            }
        counts, parents = bfs(start, self.free_steps)
        reach = {}
        for cell, count in counts.items():
            extra = self.landing_cost(cell) if cell != start else (0, 0)
            cost = (extra[0], count + extra[1])
            if cost[1] <= points:
                reach[cell] = (cost, unwind(parents, cell))
        return reach

    def _walk_reach(self, points: int) -> Reach:
        # Movement points are a hard budget, negatives are minimised: search
        # over (cell, points spent) so a cheap-but-trapped route is not lost
        # behind a safe-but-long one.
        # States are expanded cheapest first (fewest negatives, then points), so a state
        # reaching a cell with no fewer points than one already expanded there is dominated
        # (no fewer negatives either) and leads nowhere new: only Pareto-best states expand.
        start = self.view.start
        entered: dict[tuple[Cell, Cell], tuple[Cell, ...]] = {}
        fewest_points: dict[Cell, int] = {}

        def edges(state: tuple[Cell, int]) -> Iterator[tuple[tuple[Cell, int], Cost]]:
            cell, spent = state
            if fewest_points.get(cell, points + 1) <= spent:
                return
            fewest_points[cell] = spent
            for land, cells, (negatives, cost) in self.walk_steps(cell):
                if spent + cost <= points:
                    entered[(cell, land)] = cells
                    if fewest_points.get(land, points + 1) > spent + cost:
                        yield (land, spent + cost), (negatives, cost)

        best, preds = dijkstra([(start, 0)], edges, (0, 0))
        reach: Reach = {}
        for state in sorted(best, key=lambda s: (best[s], s)):
            cell = state[0]
            if cell in reach:
                continue
            states = one_path(preds, state)
            path = [start]
            for a, b in zip(states, states[1:]):
                path.extend(entered[(a[0], b[0])])
            reach[cell] = (best[state], tuple(path))
        return reach

    def costs_to(self, target: Cell) -> dict[Cell, Cost]:
        """Cheapest (negatives, points) from every cell to ``target`` (infinite movement)."""
        view = self.view
        if self.mode == "walk" and not (view.rules.icy_slides and "icy" in view.grid.terrain.values()):
            # Walking without ice is reversible: search backwards from the target.
            def back(cell: Cell) -> Iterator[tuple[Cell, Cost]]:
                terrain = view.terrain(cell)
                cost = (view.negative(cell), 2 if terrain == "difficult" else 1)
                for prev in view.grid.adjacent(cell):
                    t = view.terrain(prev)
                    if t in NOT_A_STEP or t == "obstacle" or prev in view.blocking_cells:
                        continue
                    yield prev, cost

            best, _ = dijkstra([target], back, (0, 0))
            return best
        if self.mode in ("jump", "fly"):
            extra = self.landing_cost(target)
            return {c: (extra[0], n + extra[1]) if c != target else (0, 0) for c, n in bfs(target, self.free_steps)[0].items()}
        if self.mode == "teleport":
            return {c: (view.negative(target) if c != target else 0, hexgrid.distance(c, target)) for c in view.grid.terrain}
        # Icy walking: slides make steps one-way, so search backwards over the reversed steps
        # (one search per destination instead of one per reachable hex).
        best, _ = dijkstra([target], lambda cell: self._steps_into().get(cell, ()), (0, 0))
        return best

    def _steps_into(self) -> dict[Cell, list[tuple[Cell, Cost]]]:
        """For each cell, the walking steps (slides included) that end there: (from, cost)."""
        if self._reversed is None:
            view = self.view
            self._reversed = {}
            for cell in sorted(view.grid.terrain):
                terrain = view.terrain(cell)
                if terrain in NOT_A_STEP or terrain == "obstacle" or cell in view.blocking_cells:
                    continue
                for land, _, cost in self.walk_steps(cell):
                    self._reversed.setdefault(land, []).append((cell, cost))
        return self._reversed


def _axial_step(a: Cell, b: Cell) -> tuple[int, int]:
    qa, ra = hexgrid.to_axial(a)
    qb, rb = hexgrid.to_axial(b)
    return (qb - qa, rb - ra)
