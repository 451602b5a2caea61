"""Step 4 of the procedure: no area to attack from at all -> toward the reachable area closest (over single or
double white lines) to an area with an ally, Taunt breaking ties; `fallback_ties` decides what "as above" means."""

from __future__ import annotations

from ...result import Turn
from ...wording import count_of
from .enemy import target_text
from .movement import Distances, Preds
from .reasons import RuleOuts

#: Reachable area -> (areas to the closest ally, the highest Taunt there, the allies with that Taunt).
Ranked = dict[str, tuple[int, int, list[str]]]


class Fallback(RuleOuts):
    """Adds the move toward the allies when no area lets it attack."""

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
        ranked = self.rank_by_allies(distance, ally_areas)
        turn.note(
            "no-attack-area",
            "there is no area it could attack from, even with unlimited movement: it moves toward the reachable area closest to an ally (counted over single or double white lines).",
        )
        if not ranked:
            turn.note("no-route", "no area it can reach is connected to an ally's area: it does not move.")
            self.emit(turn, [(mover.start, (mover.start,))], [], goal=None)
            self.rule_out_moves(turn, {}, [mover.start], "no area it can reach is connected to an ally's area: it does not move")
            return
        goals = self.closest_to_an_ally(turn, ranked)
        goals = self.already_there(turn, goals) if mover.start in goals else self.fallback_ties(turn, distance, goals)
        turn.focus = sorted({label for goal in goals for label in ranked[goal][2]})
        for goal in goals:
            if goal == mover.start:
                if turn.reasoning[-1].step != "stays":  # a tie already said so (``already_there``)
                    turn.note("stays", f"{goal} is already as close as it can get: it does not move.")
                self.emit(turn, [(goal, (goal,))], [], goal=None)
                continue
            for end, route in self.approach(goal, distance, preds, turn):
                self.emit(turn, [(end, route)], [], goal=goal if end != goal else None)
        chosen = sorted({str(option.to) for option in turn.options})
        self.rule_out_moves(turn, distance, chosen, f"its move toward {', '.join(goals)} ends in {', '.join(chosen)}")

    def rank_by_allies(self, distance: Distances, ally_areas: list[str]) -> Ranked:
        """Every area it can reach and end in that is connected to an ally's area, with how close and how taunting."""
        board = self.board
        line_distance = {area: board.line_distances(area) for area in ally_areas}
        ranked: Ranked = {}
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
        return ranked

    def closest_to_an_ally(self, turn: Turn, ranked: Ranked) -> list[str]:
        """The reachable areas closest to an ally, Taunt breaking ties; the others are ruled out."""
        listing = "; ".join(
            f"{a}: {n} from an ally ({target_text(self.board, t)})"
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
                    f"{count_of(near, 'area')} from an ally; {', '.join(near_areas)} {'is' if len(near_areas) == 1 else 'are'} {closest}",
                    against=near_areas,
                    distance=near,
                    closest=closest,
                )
            elif area not in goals:
                turn.rule_out(area, "taunt", f"as close to an ally, but Taunt {taunt} against {best_taunt}", against=goals, taunt=taunt)
        return goals

    def already_there(self, turn: Turn, goals: list[str]) -> list[str]:
        """It stands in one of the closest areas: it does not move (no walk to an equally close area).

        Read from rule 3 ("If it is already in an area it can attack from, it does not move"): moving
        "towards an area ... as close as possible" from such an area is no move; `fallback_ties` is not asked."""
        start = self.mover.start
        others = [area for area in goals if area != start]
        if others:
            turn.note(
                "stays",
                f"{start}, where it stands, is one of the areas as close as possible to an ally (tied with {', '.join(others)}): "
                "it does not move (read as rule 3, 'already in an area ... it does not move'; walking to an equally close area is not an option).",
                tied=others,
            )
            for area in others:
                turn.rule_out(area, "stays", f"as close to an ally as {start}, where it already stands: it does not move", against=[start])
        return [start]

    def fallback_ties(self, turn: Turn, distance: Distances, goals: list[str]) -> list[str]:
        """Equally close and taunting areas: the players choose, or (`fallback_ties: movement`) the one needing least movement."""
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
        return goals
