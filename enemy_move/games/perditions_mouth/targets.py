"""Where an enemy heads: "range N" squares of a hero (range and sight), ties between heroes, and goals no path reaches."""

from __future__ import annotations

from ...geometry import squaregrid
from ...result import Turn, format_positions
from .movement import Best, Mover, Pathing, Preds
from .options import Options
from .roster import Roster
from .sight import Sight
from .terrain import Board, Cell


class Targeting:
    """The goal squares around a hero and the choice of a target hero."""

    def __init__(self, roster: Roster, sight: Sight, paths: Pathing, options: Options):
        self.roster = roster
        self.sight = sight
        self.paths = paths
        self.options = options

    def range_squares(self, board: Board, mover: Mover, hero: str, distance: int) -> set[Cell]:
        """Possible squares at range exactly ``distance`` of the hero (with sight, by default)."""
        hero_cell = board.figures[hero]
        result = set()
        terrain = board.terrain
        for cell in squaregrid.ring(hero_cell, distance, self.roster.metric_name):  # in the map's order, as the terrain lists squares
            if cell not in terrain or not self.paths.possible_for(board, mover, cell):
                continue
            if not self.roster.rules.range_needs_sight:
                self.roster.watch.consult("range_needs_sight")  # with it, sight could drop this square
            elif not self.sight.sees(board, cell, hero_cell, ignore=(mover.label,)):
                self.roster.watch.consult("range_needs_sight")
                continue
            result.add(cell)
        return result

    def unreachable_text(self, mover: Mover) -> str:
        if self.roster.rules.unreachable_goal == "stay":
            return ": it does not move (`unreachable_goal: stay`)"
        return ""

    def approach_unreachable(self, board: Board, mover: Mover, turn: Turn, best: Best, preds: Preds, goals: set[Cell], what: str) -> None:
        """``unreachable_goal: closer``: no path reaches a goal square; walk to the reachable squares closest to one."""
        if not goals:
            return
        self.roster.watch.consult("unreachable_goal")
        if self.roster.rules.unreachable_goal == "stay":
            return
        distance = self.roster.distance
        ends = [c for c in sorted(best) if self.paths.free_for(board, mover, c) and c not in mover.passes]
        gap = {c: min(distance(c, g) for g in goals) for c in ends}
        nearest = min(gap.values())
        near = {c for c in ends if gap[c] == nearest}
        turn.note(
            "distances",
            f"No path reaches {what}; with `unreachable_goal: closer` it heads for the reachable square{'s' if len(near) != 1 else ''} closest to one ({nearest} square{'s' if nearest != 1 else ''} away): {format_positions(sorted(near))}.",
            closest=nearest,
            squares=sorted(near),
        )
        moves, cost = self.paths.walk(board, mover, best, preds, near)
        if cost is not None:
            self.options.add_moves(board, mover, turn, moves, None, cost, goal_word="the closest reachable square")

    def break_tie(self, tied: list[str], turn: Turn) -> list[str]:
        if len(tied) < 2:
            return tied
        rules, figures = self.roster.rules, self.roster.figures
        if rules.target_ties == "weakest" or all(figures[hero].health is not None for hero in tied):
            # Consulted; `weakest` tried where a tied hero has no health cannot be played (not named).
            self.roster.watch.consult("target_ties")
        if rules.target_ties == "weakest":
            health = {hero: self.roster.hero_health(hero, "target_ties: weakest") for hero in tied}
            weakest = min(health.values())
            kept = sorted(hero for hero in tied if health[hero] == weakest)
            turn.note(
                "tie",
                f"Heroes {', '.join(tied)} are equally close; `target_ties: weakest` keeps the least health ({weakest}): {', '.join(kept)}"
                + ("; the players choose among them." if len(kept) > 1 else "."),
                health=health,
            )
            return kept
        turn.note(
            "tie",
            f"Heroes {', '.join(tied)} are equally close; the rules do not say which is the target, so the players choose (every option is listed).",
        )
        return tied
