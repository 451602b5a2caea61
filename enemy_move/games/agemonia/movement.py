"""Where an enemy may go: capacity and lines decide each step; shortest routes toward a goal area; the options they make.

Capacity: an area at maximum capacity (or one the enemy would push above
it) may be entered only when no ally is there and the enemy leaves it the
same turn; it can never be an end point, so it is never an area to attack
from either.
"""

from __future__ import annotations

from itertools import repeat

from ...geometry import cellgraph
from ...geometry.areas import AreaBoard, AreaFigure
from ...geometry.cellgraph import BLOCKED, UNREACHED, Cost
from ...result import Effect, Moved, Option, Turn, count_of
from .effects import TrapSprung
from .enemy import Mover
from .model import AgemoniaRules

#: Shortest routes listed per destination before the rest are summarised.
MAX_ROUTES_PER_AREA = 24

#: Moves (a 1-tuple) from the start to each area reached, and its predecessors on shortest routes.
Distances = dict[str, Cost]
Preds = dict[str, list[str]]


class Movement:
    """One enemy on one board: which areas it may enter or end in, and its routes."""

    def __init__(self, board: AreaBoard, mover: Mover, rules: AgemoniaRules):
        self.board = board
        self.mover = mover
        self.rules = rules
        self.range_kinds = ("single", "double") if rules.range_over_double_lines else ("single",)
        self.melee_kinds = ("single", "double") if rules.melee_across_double_lines else ("single",)
        # Areas whose list of shortest routes was cut at MAX_ROUTES_PER_AREA.
        self.capped: list[str] = []
        # Moves from each area to a goal area (filled by ``approach``), for "why not this area?".
        self.to_goal: dict[str, dict[str, int]] = {}
        # Lines a step may cross (double lines with Fly), each area's entry (memo), the backward steps (memo).
        self.step_kinds = ("single", "double") if mover.fly else ("single",)
        self._entries: dict[str, str | None] = {}
        self._backward: list[list[tuple[int, int]]] | None = None
        # Whom it would attack from each area, worked out once (targets.Targeting).
        self._melee: dict[str, tuple[list[str], int | None]] = {}
        self._ranged: dict[str, tuple[list[str], int | None]] | None = None
        self._allies: list[AreaFigure] | None = None

    # -- movement legality --------------------------------------------------
    def entry(self, area: str) -> str | None:
        """'end' (may stop there), 'pass' (may only cross it this turn) or None (may not enter)."""
        known = self._entries.get(area, "")
        if known == "":
            known = self._entries[area] = self._entry(area)
        return known

    def _entry(self, area: str) -> str | None:
        info = self.board.areas[area]
        if info.capacity == 0:
            # "They may not end their move in an area that does not have a maximum capacity": a flyer crosses it;
            # a large or huge one too unless `large_fly_over_no_capacity: false` applies the size rule (A2) first.
            if not self.mover.fly or (self.mover.size > 1 and not self.rules.large_fly_over_no_capacity):
                return None
            return "pass"
        if info.capacity < self.mover.size:
            return None
        if self.board.occupancy(area, without=self.mover.label) + self.mover.size > info.capacity:
            return None if self.board.has_ally(area) else "pass"
        return "end"

    def can_end(self, area: str) -> bool:
        return area == self.mover.start or self.entry(area) == "end"

    # -- searches on area ids (geometry/cellgraph.py) ----------------------------
    def search(self) -> tuple[Distances, Preds]:
        """Moves from the start to every area it can get to, and each area's predecessors on shortest routes.

        A step crosses a single line (a double one with Fly) into an area it may enter; every step is one move."""
        board = self.board
        names = board.names
        enter = [1 if self.entry(name) is not None else BLOCKED for name in names]
        best, preds = cellgraph.dijkstra(board.graph(self.step_kinds), [board.ids[self.mover.start]], enter, with_preds=True)
        assert preds is not None
        distance = {names[i]: (moves,) for i, moves in enumerate(best) if moves != UNREACHED}
        before = {names[i]: [names[j] for j in preds[i]] for i, moves in enumerate(best) if moves != UNREACHED}
        return distance, before

    def moves_to(self, goal: str) -> Distances:
        """Moves from every area to ``goal`` (the search run backwards: a step leaves an area it may enter, or its start)."""
        board = self.board
        graph = board.graph(self.step_kinds)
        if self._backward is None:
            start = self.mover.start
            self._backward = [
                list(zip(around, repeat(1))) if name == start or self.entry(name) is not None else []
                for name, around in zip(board.names, graph.neighbours)
            ]
        best, _ = cellgraph.dijkstra_edges(graph, [board.ids[goal]], self._backward)
        names = board.names
        return {names[i]: (moves,) for i, moves in enumerate(best) if moves != UNREACHED}

    # -- routes ----------------------------------------------------------------
    def routes(self, preds: Preds, end: str) -> list[tuple[str, ...]]:
        """Every shortest route from the start to ``end`` (capped), sorted."""
        found: list[tuple[str, ...]] = []

        def walk(area: str, suffix: tuple[str, ...]) -> None:
            if len(found) >= MAX_ROUTES_PER_AREA:
                return
            if area == self.mover.start:
                found.append((area,) + suffix)
                return
            for previous in sorted(preds.get(area, [])):
                walk(previous, (area,) + suffix)

        walk(end, ())
        if len(found) >= MAX_ROUTES_PER_AREA:
            self.capped.append(end)
        return sorted(found)

    def approach(self, goal: str, distance: Distances, preds: Preds, turn: Turn) -> list[tuple[str, tuple[str, ...]]]:
        """(end area, route) for every way of moving toward ``goal`` this turn."""
        need = distance[goal][0]
        if need <= self.mover.move:
            routes = self.routes(preds, goal)
            listing = "; ".join(" > ".join(route) for route in routes)
            turn.note(
                "move",
                f"{goal} is {count_of(need, 'move')} away, within its move {self.mover.move}: it moves there ({'routes' if len(routes) > 1 else 'route'}: {listing})",
                goal=goal,
                moves=need,
                routes=routes,
            )
            return [(goal, route) for route in routes]
        to_goal = self.moves_to(goal)
        ends = [
            area
            for area, (cost,) in distance.items()
            if cost <= self.mover.move and self.can_end(area) and area in to_goal and cost + to_goal[area][0] == need
        ]
        furthest = max(distance[a][0] for a in ends)
        chosen = sorted(a for a in ends if distance[a][0] == furthest)
        skipped = sorted(
            a
            for a, (cost,) in distance.items()
            if furthest < cost <= self.mover.move and a in to_goal and cost + to_goal[a][0] == need and not self.can_end(a)
        )
        text = f"{goal} needs {count_of(need, 'move')}, it has {self.mover.move}: it moves as far as it can along a shortest route, to {', '.join(chosen)}"
        if skipped:
            text += f" (it cannot stop in {', '.join(skipped)}: capacity)"
        if skipped and self.rules.blocked_route == "closest":
            # "the most direct (shortest) route it can": a longer route may end closer than any shortest one.
            endable = [a for a, (cost,) in distance.items() if cost <= self.mover.move and self.can_end(a) and a in to_goal]
            nearest = min(to_goal[a][0] for a in endable)
            if nearest < to_goal[chosen[0]][0]:
                closest = [a for a in endable if to_goal[a][0] == nearest]
                fewest = min(distance[a][0] for a in closest)
                text = (
                    f"{goal} needs {count_of(need, 'move')}, it has {self.mover.move}. Along a shortest route it could stop no further than "
                    f"{', '.join(chosen)} (it cannot stop in {', '.join(skipped)}: capacity). `blocked_route: closest` "
                    f"('the most direct (shortest) route it can'): it takes the route ending closest to {goal}, "
                    f"{count_of(nearest, 'move')} from it"
                )
                chosen = sorted(a for a in closest if distance[a][0] == fewest)
                text += f": {', '.join(chosen)} (`stay` would keep it on the shortest routes)"
        elif skipped:
            text += " (`blocked_route: stay`: only shortest routes count; `closest` would take a longer route ending nearer)"
        turn.note("as-far-as-possible", text, goal=goal, needed=need, move=self.mover.move, ends=chosen, cannot_stop=skipped)
        self.to_goal[goal] = {a: c for a, (c,) in to_goal.items()}
        return [(end, route) for end in chosen for route in self.routes(preds, end)]

    def emit(self, turn: Turn, ends: list[tuple[str, tuple[str, ...]]], targets: list[str], goal: str | None) -> None:
        for end, route in ends:
            details: dict[str, str] = {}
            if goal is not None:
                details["toward"] = goal
            trap_areas = [a for a in route[1:] if self.board.areas[a].trap]
            if trap_areas and self.mover.fly:
                turn.note("traps", f"route {' > '.join(route)} crosses a trap in {', '.join(trap_areas)}: with Fly it does not trigger it")
            sprung: list[Effect] = []
            if trap_areas and not self.mover.fly:
                # "discard the Trap token and trigger a trap in that area": it affects everyone there, the mover included.
                sprung = [
                    TrapSprung(area, tuple(sorted({self.mover.label, *(f.label for f in self.board.occupants(area))})))
                    for area in trap_areas
                ]
                turn.note(
                    "traps",
                    f"route {' > '.join(route)} enters the trap area {', '.join(trap_areas)}: the trap triggers and its token is discarded",
                    route=route,
                    traps=trap_areas,
                )
            effects: tuple[Effect, ...] = (Moved(self.mover.label, tuple(route)), *sprung)
            attack_choices: list[tuple[str, ...]] = [(target,) for target in targets]
            for attacks in attack_choices or [()]:
                turn.options.append(Option(to=end, path=tuple(route), attacks=attacks, details=dict(details), effects=effects))
