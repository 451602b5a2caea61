"""Why not this square? Squares an enemy cannot end on or get to, and squares the procedure did not pick."""

from __future__ import annotations

from collections.abc import Iterator

from ... import choosing
from ...geometry.paths import dijkstra
from ...result import StepId, Turn
from .movement import Best, Mover, Preds
from .options import Options
from .terrain import BLOCKING_TERRAIN, CLOSED_DOORS, Board, Cell


class RuleOuts(Options):
    """Adds the rule-out reasons of a turn."""

    def rule_out_all(self, board: Board, turn: Turn, step: StepId, reason: str) -> None:
        """The enemy does not move: every other square is ruled out by that one step."""
        choosing.rule_out_all_but(turn, sorted(board.terrain), (board.figures[turn.actor],), step, reason)

    def rule_out_unreachable(self, board: Board, mover: Mover, turn: Turn, best: Best, preds: Preds) -> None:
        """Squares it cannot end on or cannot get to this turn: terrain, figures, no path, AP."""
        for cell in sorted(board.terrain):
            if cell == mover.start:
                continue
            terrain = board.terrain[cell]
            if terrain in BLOCKING_TERRAIN and not (terrain in CLOSED_DOORS and mover.opens_doors):
                turn.rule_out(cell, "terrain", f"{terrain}: it cannot be entered", terrain=terrain)
            elif cell in mover.occupants:
                turn.rule_out(cell, "blockers", mover.occupants[cell])
            elif cell not in best:
                turn.rule_out(cell, "distances", "no path reaches it (walls, closed doors or blocking figures in the way)")
            elif not self.within_reach(mover, best, preds, cell):
                turn.rule_out(
                    cell, "action-points", f"it costs {best[cell][0]} AP to get there; it has {mover.ap}", cost=best[cell][0], ap=mover.ap
                )

    def rule_out_rest(self, board: Board, mover: Mover, turn: Turn, goals: set[Cell]) -> None:
        """Squares it could reach but the procedure did not pick: they leave it farther from its goal."""
        chosen = tuple(option.to for option in turn.options) or (mover.start,)
        if not goals:
            for cell in sorted(board.terrain):
                turn.rule_out(cell, "move", "the procedure picked other squares", against=chosen)
            return

        def edges(cell: Cell) -> Iterator[tuple[Cell, tuple[int]]]:  # reversed: the cost of stepping from ``before`` onto ``cell``
            for before in self.steps(board, cell):
                cost = self.enter_cost(board, mover, before, cell)
                if cost is not None:
                    yield before, (cost[0] + cost[1],)

        to_goal, _ = dijkstra(sorted(goals), edges, (0,))
        best_left = min((to_goal[c][0] for c in chosen if c in to_goal), default=None)
        for cell in sorted(board.terrain):
            if cell in to_goal:
                left = to_goal[cell][0]
                turn.rule_out(
                    cell,
                    "move",
                    f"not where its cheapest path toward its goal stops: {left} {self.unit(mover, left)} from the goal afterwards (the options: {best_left})",
                    against=chosen,
                    left=left,
                    options_left=best_left,
                )
            else:
                turn.rule_out(cell, "move", "no path leads from there to its goal", against=chosen)
