"""Whom an enemy could attack from an area: melee (its area, or a full adjacent one at the same height) or ranged (lines and sight).

The answer for every area is worked out once per turn and kept (``targets_from`` is asked for each
of a thousand areas, again by the open readings): ranged attacks from each ally's side, one
search of lines per ally area (shared by the phase) instead of one look-up per ally per area.
"""

from __future__ import annotations

from ...geometry.areas import AreaFigure
from .movement import Movement

#: Allies it would attack from an area (all tied choices), and the Taunt that ranks the area.
Targets = tuple[list[str], int | None]
NO_TARGETS: Targets = ([], None)


class Targeting(Movement):
    """Adds the attack rules to the movement rules."""

    def blocked_by_capacity(self, area: str) -> bool:
        info = self.board.areas[area]
        return self.board.occupancy(area, without=self.mover.label) + self.mover.size > info.capacity

    def allies(self) -> list[AreaFigure]:
        """The allies it may target, by label."""
        if self._allies is None:
            self._allies = [f for _, f in sorted(self.board.figures.items()) if f.is_ally and not f.invisible]
        return self._allies

    def invisible_allies(self) -> list[AreaFigure]:
        """Invisible allies it may still target with `invisible_discarded: on-arrival`: each from the areas within
        range 1 of it (ending there discards Invisible before the attack); none under `turn-start`."""
        if self.rules.invisible_discarded != "on-arrival":
            return []
        return [f for _, f in sorted(self.board.figures.items()) if f.is_ally and f.invisible]

    def unveiled_in(self, area: str) -> list[AreaFigure]:
        """The invisible allies an enemy ending in ``area`` comes within range 1 of (`on-arrival` only)."""
        return [f for f in self.invisible_allies() if self.board.line_distances(f.area, self.range_kinds).get(area, 2) <= 1]

    def targets_from(self, area: str) -> Targets:
        """Allies it would attack from ``area`` (all tied choices) and the Taunt that ranks the area."""
        if self.mover.attack.kind == "melee":
            known = self._melee.get(area)
            if known is None:
                known = self._melee[area] = self.melee_targets(area)
        else:
            if self._ranged is None:
                self._ranged = self.ranged_targets()
            known = self._ranged.get(area, NO_TARGETS)
        return list(known[0]), known[1]

    def melee_targets(self, area: str) -> Targets:
        height = self.board.areas[area].height
        reachable_areas = {area}
        for other in self.board.neighbours(area, self.melee_kinds):
            # Melee reaches an adjacent area only when it is full (for large and huge
            # enemies: when capacity keeps them out) and at the same height.
            if self.board.areas[other].height == height and self.blocked_by_capacity(other):
                reachable_areas.add(other)
        in_reach = [f for f in self.allies() + self.unveiled_in(area) if f.area in reachable_areas]
        if not in_reach:
            return NO_TARGETS
        best = max(f.taunt for f in in_reach)
        return [f.label for f in in_reach if f.taunt == best], best

    def ranged_targets(self) -> dict[str, Targets]:
        """Every area with an ally in range and sight: the closest allies (ties to the higher Taunt).

        Borders are undirected, so the distances from each ally's area serve every area."""
        board, reach = self.board, self.mover.attack.range
        in_reach: dict[str, list[tuple[int, AreaFigure]]] = {}  # area -> (borders, ally) by label
        for ally in self.allies() + self.invisible_allies():
            # An invisible ally (`on-arrival`) is a target only from where the enemy comes within range 1 of it.
            for area, borders in board.seen_within(ally.area, self.range_kinds, reach if not ally.invisible else min(reach, 1)):
                found = in_reach.get(area)
                if found is None:
                    in_reach[area] = [(borders, ally)]
                else:
                    found.append((borders, ally))
        table: dict[str, Targets] = {}
        for area, found in in_reach.items():
            key = min((borders, -f.taunt) for borders, f in found)
            targets = [f.label for borders, f in found if (borders, -f.taunt) == key]
            taunt = -key[1] if self.rules.ranged_taunt == "target" else max(f.taunt for _, f in found)
            table[area] = (targets, taunt)
        return table
