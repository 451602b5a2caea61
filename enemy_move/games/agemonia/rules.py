"""Agemonia: enemies moving across an area map.

Rules text: the Agemonia rulebook, "Enemy Movement" (docs/agemonia.md quotes
each sentence next to the code that implements it). The procedure for one
enemy:

1. In an area it can attack from already -> it does not move.
2. Else toward the area it can attack from needing the least movement;
   ties -> the one letting it attack the ally with the higher Taunt; still
   tied -> the players choose (every such area is an option).
3. Too far for this turn -> as far as its movement allows along a shortest
   route (every shortest route is an option: the players pick the areas).
4. No area to attack from at all -> toward the reachable area closest
   (over single or double white lines) to an area with an ally, Taunt
   breaking ties.

Capacity: an area at maximum capacity (or one the enemy would push above
it) may be entered only when no ally is there and the enemy leaves it the
same turn; it can never be an end point, so it is never an area to attack
from either.
"""

from __future__ import annotations

import difflib
from collections.abc import Iterator, Sequence
from dataclasses import dataclass

from ...game import NextActor, in_order
from ...geometry.areas import AreaBoard, AreaFigure, AreaInfo
from ...geometry.paths import Cost, dijkstra
from ...models import Scenario
from ...result import BoardState, Effect, Moved, Option, TrapSprung, Turn, count_of, figure_name
from .model import SIZES, AgemoniaAction, AgemoniaAttack, AgemoniaFigure, AgemoniaRules, AgemoniaScenario, parse_link

#: Shortest routes listed per destination before the rest are summarised.
MAX_ROUTES_PER_AREA = 24

MELEE = AgemoniaAttack(kind="melee")

#: Moves (a 1-tuple) from the start to each area reached, and its predecessors on shortest routes.
Distances = dict[str, Cost]
Preds = dict[str, list[str]]


# --------------------------------------------------------------------------
# Board construction (semantic checks with YAML positions)
# --------------------------------------------------------------------------


def build_board(scenario: Scenario) -> AreaBoard:
    model: AgemoniaScenario = scenario.model
    areas = {
        name: AreaInfo(name=name, capacity=area.capacity, height=area.height, trap=area.trap, title=area.name, at=area.at)
        for name, area in model.areas.items()
    }
    if not areas:
        raise scenario.error(("areas",), "the map needs at least one area")
    borders: dict[frozenset[str], str] = {}
    for index, text in enumerate(model.links):
        first, second, kind = parse_link(text)
        for name in (first, second):
            if name not in areas:
                raise scenario.error(("links", index), f"link {text!r}: unknown area {name!r}{_hint(name, areas)}")
        pair = frozenset((first, second))
        if pair in borders:
            raise scenario.error(("links", index), f"areas {first} and {second} are already linked ({borders[pair]} line)")
        borders[pair] = kind

    figures: dict[str, AreaFigure] = {}
    for label, figure in model.figures.items():
        if figure.area not in areas:
            raise scenario.error(("figures", label, "area"), f"unknown area {figure.area!r}{_hint(figure.area, areas)}")
        if areas[figure.area].capacity == 0:
            raise scenario.error(
                ("figures", label, "area"), f"area {figure.area} has no white dots (capacity 0): no figure can stand there"
            )
        figures[label] = AreaFigure(
            label=label,
            side=figure.side,
            area=figure.area,
            size=SIZES[figure.size],
            taunt=figure.taunt or 0,
            name=figure.name,
            fly=figure.fly,
            invisible="invisible" in figure.conditions,
        )

    used: dict[str, int] = {}
    for label, figure in model.figures.items():
        used[figure.area] = used.get(figure.area, 0) + SIZES[figure.size]
        if used[figure.area] > areas[figure.area].capacity:
            # Ending above capacity is never allowed (A5), so no position can start that way.
            raise scenario.error(
                ("figures", label, "area"),
                f"area {figure.area} is over its maximum capacity {areas[figure.area].capacity} with {label!r} ({used[figure.area]} capacity used by the figures listed up to here)",
            )

    sight = model.sight
    for key in ("see", "blocked"):
        for index, pair in enumerate(getattr(sight, key)):
            for position, name in enumerate(pair):
                if name not in areas:
                    raise scenario.error(("sight", key, index, position), f"unknown area {name!r}{_hint(name, areas)}")
    blocked = frozenset(frozenset(pair) for pair in sight.blocked)
    if sight.default == "open":  # every pair sees but the blocked ones: store only those
        return AreaBoard(areas=areas, borders=borders, figures=figures, sight_open=True, sight_blocked=blocked)
    seeing = {pair for pair, kind in borders.items() if kind != "barrier"}
    seeing |= {frozenset(pair) for pair in sight.see if pair[0] != pair[1]}
    return AreaBoard(areas=areas, borders=borders, figures=figures, sight_pairs=frozenset(seeing - blocked))


def _hint(name: str, known: dict[str, AreaInfo]) -> str:
    close = difflib.get_close_matches(name, sorted(known), n=1, cutoff=0.6)
    return f" (did you mean {close[0]!r}?)" if close else ""


# --------------------------------------------------------------------------
# One enemy's turn
# --------------------------------------------------------------------------


@dataclass(frozen=True)
class Mover:
    """What an enemy may do this turn, derived from its figure and action."""

    label: str
    start: str
    size: int
    fly: bool
    move: int
    attack: AgemoniaAttack
    attacking: bool


def _describe(board: AreaBoard, label: str) -> str:
    return figure_name(label, board.figures[label].name)


def _target_text(board: AreaBoard, labels: list[str]) -> str:
    return ", ".join(f"{_describe(board, t)}, Taunt {board.figures[t].taunt}" for t in labels)


class TurnSolver:
    """Applies the movement procedure for one enemy on one board."""

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

    # -- movement legality --------------------------------------------------
    def entry(self, area: str) -> str | None:
        """'end' (may stop there), 'pass' (may only cross it this turn) or None (may not enter)."""
        info = self.board.areas[area]
        if info.capacity == 0:
            # "They may not end their move in an area that does not have a maximum capacity."
            return "pass" if self.mover.fly else None
        if info.capacity < self.mover.size:
            return None
        if self.board.occupancy(area, without=self.mover.label) + self.mover.size > info.capacity:
            return None if self.board.has_ally(area) else "pass"
        return "end"

    def can_end(self, area: str) -> bool:
        return area == self.mover.start or self.entry(area) == "end"

    def crossable(self, a: str, b: str) -> bool:
        kind = self.board.line(a, b)
        return kind == "single" or (kind == "double" and self.mover.fly)

    def forward_edges(self, area: str) -> Iterator[tuple[str, Cost]]:
        for other in self.board.neighbours(area):
            if self.crossable(area, other) and self.entry(other) is not None:
                yield other, (1,)

    def backward_edges(self, area: str) -> Iterator[tuple[str, Cost]]:
        # Reversed movement graph: ``other -> area`` is a legal step.
        if area != self.mover.start and self.entry(area) is None:
            return
        for other in self.board.neighbours(area):
            if self.crossable(other, area):
                yield other, (1,)

    # -- attacks -------------------------------------------------------------
    def blocked_by_capacity(self, area: str) -> bool:
        info = self.board.areas[area]
        return self.board.occupancy(area, without=self.mover.label) + self.mover.size > info.capacity

    def targets_from(self, area: str) -> tuple[list[str], int | None]:
        """Allies it would attack from ``area`` (all tied choices) and the Taunt that ranks the area."""
        allies = [f for _, f in sorted(self.board.figures.items()) if f.is_ally and not f.invisible]
        if self.mover.attack.kind == "melee":
            height = self.board.areas[area].height
            reachable_areas = {area}
            for other in self.board.neighbours(area, self.melee_kinds):
                # Melee reaches an adjacent area only when it is full (for large and huge
                # enemies: when capacity keeps them out) and at the same height.
                if self.board.areas[other].height == height and self.blocked_by_capacity(other):
                    reachable_areas.add(other)
            in_reach = [f for f in allies if f.area in reachable_areas]
            if not in_reach:
                return [], None
            best = max(f.taunt for f in in_reach)
            return [f.label for f in in_reach if f.taunt == best], best
        # Borders are undirected, so the distance from each ally's area (computed once) serves every area.
        line_distance = {f.area: self.board.line_distances(f.area, self.range_kinds).get(area) for f in allies}
        distance = {ally_area: borders for ally_area, borders in line_distance.items() if borders is not None}
        in_reach = [
            f for f in allies if f.area in distance and distance[f.area] <= self.mover.attack.range and self.board.sees(area, f.area)
        ]
        if not in_reach:
            return [], None
        # Ranged: the closest ally, ties to the higher Taunt.
        key = min((distance[f.area], -f.taunt) for f in in_reach)
        targets = [f.label for f in in_reach if (distance[f.area], -f.taunt) == key]
        taunt = -key[1] if self.rules.ranged_taunt == "target" else max(f.taunt for f in in_reach)
        return targets, taunt

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
                f"{goal} is {need} move{'s' if need != 1 else ''} away, within its move {self.mover.move}: it moves there ({'routes' if len(routes) > 1 else 'route'}: {listing})",
                goal=goal,
                moves=need,
                routes=routes,
            )
            return [(goal, route) for route in routes]
        to_goal, _ = dijkstra([goal], self.backward_edges, (0,))
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
                    f"{nearest} move{'s' if nearest != 1 else ''} from it"
                )
                chosen = sorted(a for a in closest if distance[a][0] == fewest)
                text += f": {', '.join(chosen)} (`stay` would keep it on the shortest routes)"
        elif skipped:
            text += " (`blocked_route: stay`: only shortest routes count; `closest` would take a longer route ending nearer)"
        turn.note("as-far-as-possible", text, goal=goal, needed=need, move=self.mover.move, ends=chosen, cannot_stop=skipped)
        self.to_goal[goal] = {a: c for a, (c,) in to_goal.items()}
        return [(end, route) for end in chosen for route in self.routes(preds, end)]

    # -- the procedure ---------------------------------------------------------
    def solve(self, turn: Turn) -> None:
        board, mover = self.board, self.mover
        distance, preds = dijkstra([mover.start], self.forward_edges, (0,))
        self.rule_out_entry(turn, distance)
        attack_areas: dict[str, tuple[list[str], int]] = {}
        excluded: list[str] = []
        for area in sorted(board.areas):
            targets, taunt = self.targets_from(area)
            if not targets or taunt is None:  # no target, no Taunt
                continue
            if not self.can_end(area):
                excluded.append(area)
            elif area in distance:
                attack_areas[area] = (targets, taunt)

        if mover.start in attack_areas:
            targets, _ = attack_areas[mover.start]
            turn.focus = list(targets)
            turn.note(
                "already-in-attack-area",
                f"{mover.start} is an area it can attack from ({_target_text(board, targets)}): it does not move.",
                area=mover.start,
                targets=targets,
            )
            self.emit(turn, [(mover.start, (mover.start,))], targets if mover.attacking else [], goal=None)
            for area in sorted(board.areas):
                if area != mover.start:
                    turn.rule_out(
                        area,
                        "already-in-attack-area",
                        f"it already stands in an area it can attack from ({mover.start}): it does not move",
                        against=[mover.start],
                    )
            return

        if excluded:
            turn.note(
                "capacity",
                f"it could attack from {', '.join(excluded)} but cannot end its move there (maximum capacity), so they do not count",
                excluded=excluded,
            )
        unreachable = sorted(a for a in board.areas if a not in distance and a not in excluded and self.targets_from(a)[0])
        if unreachable:
            turn.note(
                "unreachable",
                f"it could attack from {', '.join(unreachable)} but cannot get there (lines, capacity or height)",
                unreachable=unreachable,
            )

        if attack_areas:
            listing = "; ".join(
                f"{a} ({_target_text(board, t)}) {distance[a][0]} move{'s' if distance[a][0] != 1 else ''} away"
                for a, (t, _) in sorted(attack_areas.items(), key=lambda item: (distance[item[0]], item[0]))
            )
            turn.note(
                "attack-areas",
                f"areas it can attack from: {listing}",
                areas={a: {"targets": t, "taunt": v, "moves": distance[a][0]} for a, (t, v) in attack_areas.items()},
            )
            least = min(distance[a] for a in attack_areas)
            nearest = sorted(a for a in attack_areas if distance[a] == least)
            turn.note(
                "least-movement",
                f"least movement: {least[0]} ({', '.join(nearest)})",
                moves=least[0],
                kept=nearest,
                dropped=sorted(set(attack_areas) - set(nearest)),
            )
            best_taunt = max(attack_areas[a][1] for a in nearest)
            goals = [a for a in nearest if attack_areas[a][1] == best_taunt]
            if len(nearest) > 1:
                dropped = [a for a in nearest if a not in goals]
                if dropped:
                    turn.note(
                        "taunt",
                        f"{len(nearest)} areas tie on movement; Taunt breaks the tie: {', '.join(goals)} (Taunt {best_taunt})",
                        kept=goals,
                        dropped=dropped,
                        taunt=best_taunt,
                    )
                else:
                    turn.note("taunt", f"{len(nearest)} areas tie on movement and on Taunt ({best_taunt})", kept=goals, taunt=best_taunt)
            if len(goals) > 1:
                turn.note(
                    "players-choose", f"still tied: the players choose which area it moves toward ({', '.join(goals)})", choices=goals
                )
            focus: set[str] = set()
            leads: dict[tuple[str, tuple[str, ...]], list[str]] = {}
            for goal in goals:
                focus.update(attack_areas[goal][0])
                for end, route in self.approach(goal, distance, preds, turn):
                    leads.setdefault((end, route), []).append(goal)
            turn.focus = sorted(focus)
            for (end, route), toward in leads.items():
                reached = end in attack_areas and end in goals
                self.emit(
                    turn,
                    [(end, route)],
                    attack_areas[end][0] if reached and mover.attacking else [],
                    goal=None if reached else "/".join(sorted(toward)),
                )
            self.rule_out_rest(turn, distance, attack_areas, nearest, goals)
            return

        self.fallback(turn, distance, preds)

    def fallback(self, turn: Turn, distance: Distances, preds: Preds) -> None:
        board, mover = self.board, self.mover
        ally_areas = sorted({f.area for f in board.figures.values() if f.is_ally})
        if not ally_areas:
            turn.note("no-allies", "there is no ally on the map: it does not move.")
            self.emit(turn, [(mover.start, (mover.start,))], [], goal=None)
            for area in sorted(board.areas):
                if area != mover.start:
                    turn.rule_out(area, "no-allies", "there is no ally on the map: it does not move")
            return
        line_distance = {area: board.line_distances(area) for area in ally_areas}
        ranked: dict[str, tuple[int, int, list[str]]] = {}
        for area in sorted(distance):
            if not self.can_end(area):
                continue
            closeness = [(line_distance[ally_area][area], ally_area) for ally_area in ally_areas if area in line_distance[ally_area]]
            if not closeness:
                continue
            near = min(c for c, _ in closeness)
            allies = [f for f in board.occupants_of_areas([a for c, a in closeness if c == near]) if f.is_ally]
            taunt = max(f.taunt for f in allies)
            ranked[area] = (near, taunt, [f.label for f in allies if f.taunt == taunt])
        turn.note(
            "no-attack-area",
            "there is no area it could attack from, even with unlimited movement: it moves toward the reachable area closest to an ally (counted over single or double white lines).",
        )
        if not ranked:
            turn.note("no-route", "no area it can reach is connected to an ally's area: it does not move.")
            self.emit(turn, [(mover.start, (mover.start,))], [], goal=None)
            self.rule_out_moves(turn, {}, [mover.start], "no area it can reach is connected to an ally's area: it does not move")
            return
        listing = "; ".join(
            f"{a}: {n} from an ally ({_target_text(board, t)})"
            for a, (n, _, t) in sorted(ranked.items(), key=lambda i: (i[1][0], -i[1][1], i[0]))
        )
        turn.note(
            "closest-to-an-ally",
            f"reachable areas: {listing}",
            areas={a: {"distance": n, "taunt": v, "allies": t} for a, (n, v, t) in ranked.items()},
        )
        closest = min(n for n, _, _ in ranked.values())
        near_areas = [a for a in sorted(ranked) if ranked[a][0] == closest]
        best_taunt = max(ranked[a][1] for a in near_areas)
        goals = [a for a in near_areas if ranked[a][1] == best_taunt]
        if len(near_areas) > len(goals):
            turn.note(
                "taunt",
                f"Taunt breaks the tie: {', '.join(goals)} (Taunt {best_taunt})",
                kept=goals,
                dropped=[a for a in near_areas if a not in goals],
            )
        for area in sorted(ranked):
            near, taunt, _ = ranked[area]
            if near > closest:
                turn.rule_out(
                    area,
                    "closest-to-an-ally",
                    f"{near} areas from an ally; {', '.join(near_areas)} {'is' if len(near_areas) == 1 else 'are'} {closest}",
                    against=near_areas,
                    distance=near,
                    closest=closest,
                )
            elif area not in goals:
                turn.rule_out(area, "taunt", f"as close to an ally, but Taunt {taunt} against {best_taunt}", against=goals, taunt=taunt)
        least_goals = goals
        if len(goals) > 1:
            least = min(distance[a] for a in goals)
            least_goals = [a for a in goals if distance[a] == least]
        if len(least_goals) < len(goals):
            if self.rules.fallback_ties == "movement":
                turn.note(
                    "least-movement",
                    f'equally close: the one needing least movement: {", ".join(least_goals)} (`fallback_ties: movement`; the text\'s "as above" ends in "you may choose")',
                    kept=least_goals,
                    dropped=[a for a in goals if a not in least_goals],
                )
                for area in goals:
                    if area not in least_goals:
                        turn.rule_out(
                            area,
                            "least-movement",
                            "as close and as taunting, but needs more movement (`fallback_ties: movement`)",
                            against=least_goals,
                        )
                goals = least_goals
            else:
                turn.note(
                    "players-choose",
                    f'`fallback_ties: choose` (the text\'s "as above" ends in "you may choose"): {", ".join(goals)} tie and the players choose, although {", ".join(least_goals)} need{"s" if len(least_goals) == 1 else ""} less movement (`movement` would keep only {"it" if len(least_goals) == 1 else "them"})',
                    choices=goals,
                )
        if len(goals) > 1 and len(least_goals) == len(goals):
            turn.note("players-choose", f"still tied: the players choose ({', '.join(goals)})", choices=goals)
        turn.focus = sorted({label for goal in goals for label in ranked[goal][2]})
        for goal in goals:
            if goal == mover.start:
                turn.note("stays", f"{goal} is already as close as it can get: it does not move.")
                self.emit(turn, [(goal, (goal,))], [], goal=None)
                continue
            for end, route in self.approach(goal, distance, preds, turn):
                self.emit(turn, [(end, route)], [], goal=goal if end != goal else None)
        chosen = sorted({str(option.to) for option in turn.options})
        self.rule_out_moves(turn, distance, chosen, f"its move toward {', '.join(goals)} ends in {', '.join(chosen)}")

    # -- why not this area? -------------------------------------------------------
    def rule_out_entry(self, turn: Turn, distance: Distances) -> None:
        """Areas it can never end in this turn: capacity, no dots, no legal route."""
        for area in sorted(self.board.areas):
            if area == self.mover.start:
                continue
            info = self.board.areas[area]
            entry = self.entry(area)
            if info.capacity == 0:
                why = (
                    "no white dots: with Fly it may cross it but not end there" if self.mover.fly else "no white dots: it cannot be entered"
                )
                turn.rule_out(area, "capacity", why, capacity=0)
            elif info.capacity < self.mover.size:
                turn.rule_out(
                    area,
                    "capacity",
                    f"capacity {info.capacity} is below its size {self.mover.size}",
                    capacity=info.capacity,
                    size=self.mover.size,
                )
            elif entry is None:
                turn.rule_out(area, "capacity", "at maximum capacity with an ally in it: it may not enter", capacity=info.capacity)
            elif entry == "pass":
                turn.rule_out(area, "capacity", "at maximum capacity: it may only cross it, leaving the same turn", capacity=info.capacity)
            elif area not in distance:
                turn.rule_out(area, "unreachable", "no legal route reaches it (double white lines, barriers or full areas in the way)")

    def rule_out_rest(
        self, turn: Turn, distance: Distances, attack_areas: dict[str, tuple[list[str], int]], nearest: list[str], goals: list[str]
    ) -> None:
        """Areas it could reach that the procedure did not pick."""
        chosen = sorted({str(option.to) for option in turn.options})
        least = min(distance[a][0] for a in nearest)
        for area in sorted(attack_areas):
            moves = distance[area][0]
            if area not in nearest:
                turn.rule_out(
                    area,
                    "least-movement",
                    f"an area it can attack from, but {moves} moves away against {least} for {', '.join(nearest)}",
                    against=nearest,
                    moves=moves,
                    least=least,
                )
            elif area not in goals:
                taunt = attack_areas[area][1]
                turn.rule_out(
                    area,
                    "taunt",
                    f"as near, but it would attack Taunt {taunt}; {', '.join(goals)} lets it attack a higher Taunt",
                    against=goals,
                    taunt=taunt,
                )
        self.rule_out_moves(
            turn, distance, chosen, f"not an area it can attack from; its move toward {', '.join(goals)} ends in {', '.join(chosen)}"
        )

    def rule_out_moves(self, turn: Turn, distance: Distances, chosen: list[str], reason: str) -> None:
        for area in sorted(self.board.areas):
            if area in distance and distance[area][0] > self.mover.move:
                turn.rule_out(
                    area,
                    "as-far-as-possible",
                    f"{count_of(distance[area][0], 'move')} away; its move is {self.mover.move}",
                    moves=distance[area][0],
                    move=self.mover.move,
                )
            else:
                turn.rule_out(area, "attack-areas", reason, against=chosen)
        for area in chosen:
            turn.ruled_out.pop(area, None)

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


# --------------------------------------------------------------------------
# The phase
# --------------------------------------------------------------------------


def activation_order(scenario: Scenario) -> list[str]:
    """Enemies in Initiative card order; same type by figure number (lowest first)."""
    model: AgemoniaScenario = scenario.model
    enemies = {label: f for label, f in model.figures.items() if f.side == "enemy"}
    types = {label: f.enemy_type(label) for label, f in enemies.items()}
    for index, name in enumerate(model.initiative):
        if name not in types.values():
            raise scenario.error(
                ("initiative", index), f"no enemy has type {name!r}; types on the map: {', '.join(sorted(set(types.values())))}"
            )
        if name in model.initiative[:index]:
            raise scenario.error(("initiative", index), f"type {name!r} is listed twice")
    if model.initiative:
        missing = sorted(set(types.values()) - set(model.initiative))
        if missing:
            raise scenario.error(
                ("initiative",), f"the initiative order does not list the enemy type{'s' if len(missing) > 1 else ''} {', '.join(missing)}"
            )
        rank = {name: index for index, name in enumerate(model.initiative)}
    else:
        rank = {name: index for index, name in enumerate(sorted(set(types.values())))}
    big = 10**9
    return sorted(
        enemies, key=lambda label: (rank[types[label]], enemies[label].number if enemies[label].number is not None else big, label)
    )


def action_for(scenario: Scenario, label: str) -> AgemoniaAction:
    model: AgemoniaScenario = scenario.model
    if label in model.actions:
        return model.actions[label]
    kind = model.figures[label].enemy_type(label)
    return model.actions.get(kind, model.action)


def make_mover(board: AreaBoard, figure_model: AgemoniaFigure, label: str, action: AgemoniaAction, turn: Turn) -> Mover | None:
    figure = board.figures[label]
    conditions = set(figure_model.conditions)
    attack = action.attack or MELEE
    move = action.move
    fly = figure.fly or action.fly
    attacking = action.attack is not None
    parts = [f"{_describe(board, label)} in {figure.area}: move {move}"]
    parts.append(
        f"{attack.kind} attack" + (f" range {attack.range}" if attack.kind == "ranged" else "")
        if attacking
        else "no attack (moves as for a melee attack)"
    )
    if figure.size > 1:
        parts.append(f"{figure_model.size} (capacity {figure.size})")
    if fly:
        parts.append("Fly" + (" (this turn)" if action.fly and not figure.fly else ""))
    turn.note("enemy", ", ".join(parts), area=figure.area, move=move, attack=attack.kind, range=attack.range, size=figure.size, fly=fly)
    if "stunned" in conditions:
        turn.note("stunned", "Stunned: it misses this turn.")
        return None
    if "held" in conditions:
        move = 0
        turn.note("held", "Held: it does not move this turn.")
    elif "slowed" in conditions:
        move = max(0, move - 1)
        turn.note("slowed", f"Slowed: move reduced to {move}.")
    if conditions & {"confused", "dominated"}:
        attacking = False
        turn.note("no-attack", "Confused/Dominated: it does not attack but moves as if it were attacking.")
    return Mover(label=label, start=figure.area, size=figure.size, fly=fly, move=move, attack=attack, attacking=attacking)


#: Open readings of the attack rules, and which attack kind each one concerns.
READINGS = {"range_over_double_lines": "ranged", "ranged_taunt": "ranged", "melee_across_double_lines": "melee"}


def name_deciding_readings(board: AreaBoard, mover: Mover, rules: AgemoniaRules, turn: Turn) -> None:
    """Say so when the other answer to an open reading would change the options."""

    def answers(options: list[Option]) -> list[tuple[str, tuple[str, ...]]]:
        return sorted({(str(o.to), o.attacks) for o in options})

    mine = answers(turn.options)
    current = TurnSolver(board, mover, rules)
    for key, kind in READINGS.items():
        if mover.attack.kind != kind:
            continue
        value = getattr(rules, key)
        other = {"target": "any", "any": "target"}.get(value, not value) if key == "ranged_taunt" else not value
        flipped = TurnSolver(board, mover, rules.model_copy(update={key: other}))
        if all(flipped.targets_from(area) == current.targets_from(area) for area in sorted(board.areas)):
            continue  # the same areas to attack from, with the same targets and Taunt: the same answer
        scratch = Turn(actor=turn.actor)
        flipped.solve(scratch)
        theirs = answers(scratch.finish(distinct_paths=True).options)
        if theirs != mine:
            shown = "; ".join(f"{to}" + (f" attacking {', '.join(attacks)}" if attacks else "") for to, attacks in theirs)
            turn.note(
                "attack-areas",
                f"Open reading `{key}: {str(value).lower()}` decides here: with `{str(other).lower()}` the options would be {shown}.",
                reading=key,
                value=value,
                other=other,
                options=[to for to, _ in theirs],
            )


def resolve_turn(board: AreaBoard, scenario: Scenario, label: str) -> Turn:
    turn = Turn(actor=label)
    mover = make_mover(board, scenario.model.figures[label], label, action_for(scenario, label), turn)
    if mover is None:
        start = board.figures[label].area
        turn.options.append(Option(to=start, path=(start,)))
        for area in sorted(board.areas):
            if area != start:
                turn.rule_out(area, "stunned", "it is stunned: it misses this turn")
    else:
        solver = TurnSolver(board, mover, scenario.model.rules)
        solver.solve(turn)
        name_deciding_readings(board, mover, scenario.model.rules, turn)
        if solver.capped:
            turn.note(
                "routes",
                f"more than {MAX_ROUTES_PER_AREA} shortest routes lead to {', '.join(sorted(set(solver.capped)))}; the first {MAX_ROUTES_PER_AREA} (by area names) are listed",
                areas=sorted(set(solver.capped)),
            )
    return turn.finish(distinct_paths=True)


class AgemoniaPlay:
    """One Agemonia scenario (the phase runner drives it)."""

    def __init__(self, scenario: Scenario, variant: str):
        model: AgemoniaScenario = scenario.model
        self.scenario = scenario
        self.board = build_board(scenario)
        for key in model.actions:
            if key not in model.figures and key not in {f.enemy_type(label) for label, f in model.figures.items() if f.side == "enemy"}:
                raise scenario.error(("actions", key), f"{key!r} is neither an enemy label nor an enemy type", key=True)
        self.order = activation_order(scenario)
        self.state = BoardState({label: f.area for label, f in self.board.figures.items()})
        how = (
            " (Initiative card order, then figure number)"
            if model.initiative
            else " (no initiative given: types alphabetically, then figure number)"
        )
        self.notes = ["Activation order: " + ", ".join(_describe(self.board, label) for label in self.order) + how]

    def acting_side(self) -> list[str]:
        return list(self.order)

    def check_actor(self, label: str) -> None:
        side = self.scenario.model.figures[label].side
        if side != "enemy":
            raise self.scenario.error(("active",), f"{label} is a {side}; only enemies act in the enemy phase")

    def next_actor(self, board: AreaBoard, waiting: Sequence[str], prefer: Sequence[str]) -> NextActor:
        return in_order(waiting)

    def turn(self, board: AreaBoard, actor: str) -> Turn:
        return resolve_turn(board, self.scenario, actor)

    def apply(self, board: AreaBoard, option: Option) -> AreaBoard:
        for effect in option.effects:
            if isinstance(effect, Moved):
                board = board.moved(effect.figure, str(effect.path[-1]))
            elif isinstance(effect, TrapSprung) and effect.removed:
                board = board.without_trap(str(effect.at))
        return board
