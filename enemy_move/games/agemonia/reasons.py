"""Why not this area? Areas it can never end in, and areas the procedure did not pick."""

from __future__ import annotations

from ...result import Turn, count_of
from ...wording import and_list
from .movement import Distances
from .targets import Targeting


class RuleOuts(Targeting):
    """Adds the rule-out reasons of a turn."""

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

    def unseen_in_range(self, area: str) -> list[tuple[str, str]]:
        """Allies a ranged attack from ``area`` would reach but for sight (label, area), by label: what --why-not names."""
        if self.mover.attack.kind != "ranged":
            return []
        reach, board = self.mover.attack.range, self.board
        # Distances from each ally's area (few, and cached as ranged_targets asks them): borders are undirected.
        return [
            (ally.label, ally.area)
            for ally in self.allies()
            if board.line_distances(ally.area, self.range_kinds).get(area, reach + 1) <= reach and not board.sees(area, ally.area)
        ]

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
                unseen = self.unseen_in_range(area)
                if unseen:  # an ally in range but out of sight: name the sight relation that hides it
                    hidden = and_list(f"{self.board.figures[who].describe()} in {where}" for who, where in unseen)
                    why = f"{reason} ({hidden}: in range {self.mover.attack.range} but out of sight, by the scenario's sight)"
                    blocked = {"unseen": [who for who, _ in unseen]}
                    turn.rule_out(area, "attack-areas", why, against=chosen, blocked_by=blocked)
                    continue
                turn.rule_out(area, "attack-areas", reason, against=chosen)
        for area in chosen:
            turn.ruled_out.pop(area, None)
