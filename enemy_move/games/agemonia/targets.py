"""Whom an enemy could attack from an area: melee (its area, or a full adjacent one at the same height) or ranged (lines and sight)."""

from __future__ import annotations

from .movement import Movement


class Targeting(Movement):
    """Adds the attack rules to the movement rules."""

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
