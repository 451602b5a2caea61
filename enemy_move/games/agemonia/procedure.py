"""The movement procedure for one enemy (rulebook "Enemy Movement", steps 1-3).

1. In an area it can attack from already -> it does not move.
2. Else toward the area it can attack from needing the least movement;
   ties -> the one letting it attack the ally with the higher Taunt; still
   tied -> the players choose (every such area is an option).
3. Too far for this turn -> as far as its movement allows along a shortest
   route (every shortest route is an option: the players pick the areas).

Step 4 (no area to attack from at all) is :mod:`.fallback`.
"""

from __future__ import annotations

from ...result import Turn
from ...wording import count_of
from .enemy import target_text
from .fallback import Fallback
from .movement import Distances, Preds

#: Areas it can attack from -> (the allies it would attack, the Taunt that ranks the area).
AttackAreas = dict[str, tuple[list[str], int]]


class TurnSolver(Fallback):
    """Applies the movement procedure for one enemy on one board."""

    def solve(self, turn: Turn) -> None:
        distance, preds = self.search()
        self.rule_out_entry(turn, distance)
        attack_areas, excluded = self.attack_areas(distance)
        if self.mover.start in attack_areas:
            self.attack_from_start(turn, attack_areas[self.mover.start][0])
            return
        self.note_out_of_reach(turn, distance, excluded)
        if attack_areas:
            nearest, goals = self.closest_attack_areas(turn, distance, attack_areas)
            self.move_toward(turn, distance, preds, attack_areas, goals)
            self.rule_out_rest(turn, distance, attack_areas, nearest, goals)
            return
        self.fallback(turn, distance, preds)

    def attack_areas(self, distance: Distances) -> tuple[AttackAreas, list[str]]:
        """The areas it can reach and end in with a target, and those it cannot end in (capacity)."""
        attack_areas: AttackAreas = {}
        excluded: list[str] = []
        for area in sorted(self.board.areas):
            targets, taunt = self.targets_from(area)
            if not targets or taunt is None:  # no target, no Taunt
                continue
            if not self.can_end(area):
                excluded.append(area)
            elif area in distance:
                attack_areas[area] = (targets, taunt)
        return attack_areas, excluded

    def attack_from_start(self, turn: Turn, targets: list[str]) -> None:
        """Step 1: it already stands in an area it can attack from."""
        start = self.mover.start
        turn.focus = list(targets)
        turn.note(
            "already-in-attack-area",
            f"{start} is an area it can attack from ({target_text(self.board, targets)}): it does not move.",
            area=start,
            targets=targets,
        )
        self.emit(turn, [(start, (start,))], targets if self.mover.attacking else [], goal=None)
        for area in sorted(self.board.areas):
            if area != start:
                turn.rule_out(
                    area,
                    "already-in-attack-area",
                    f"it already stands in an area it can attack from ({start}): it does not move",
                    against=[start],
                )

    def note_out_of_reach(self, turn: Turn, distance: Distances, excluded: list[str]) -> None:
        """Areas it could attack from but cannot end in, or cannot get to."""
        if excluded:
            turn.note(
                "capacity",
                f"it could attack from {', '.join(excluded)} but cannot end its move there (maximum capacity), so they do not count",
                excluded=excluded,
            )
        unreachable = sorted(a for a in self.board.areas if a not in distance and a not in excluded and self.targets_from(a)[0])
        if unreachable:
            turn.note(
                "unreachable",
                f"it could attack from {', '.join(unreachable)} but cannot get there (lines, capacity or height)",
                unreachable=unreachable,
            )

    def closest_attack_areas(self, turn: Turn, distance: Distances, attack_areas: AttackAreas) -> tuple[list[str], list[str]]:
        """Step 2: the areas needing least movement (``nearest``), then the highest Taunt (``goals``)."""
        listing = "; ".join(
            f"{a} ({target_text(self.board, t)}) {count_of(distance[a][0], 'move')} away"
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
            turn.note("players-choose", f"still tied: the players choose which area it moves toward ({', '.join(goals)})", choices=goals)
        return nearest, goals

    def move_toward(self, turn: Turn, distance: Distances, preds: Preds, attack_areas: AttackAreas, goals: list[str]) -> None:
        """Steps 2-3: every route toward each goal area (as far as it can), attacking when it gets there."""
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
                attack_areas[end][0] if reached and self.mover.attacking else [],
                goal=None if reached else "/".join(sorted(toward)),
            )
