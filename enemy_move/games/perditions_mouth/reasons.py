"""Why not this square? Squares an enemy cannot end on or get to, and squares the procedure did not pick."""

from __future__ import annotations

from typing import Any

from ... import choosing
from ...geometry.cellgraph import UNREACHED
from ...result import Position, StepId, Turn
from .movement import Best, Mover, Pathing, Preds
from .terrain import BLOCKING_TERRAIN, CLOSED_DOORS, Board, Cell


class RuleOuts:
    """The rule-out reasons of a turn."""

    #: Whether squares are ruled out at all (an engine that gives only the answer rules out none).
    active = True

    def __init__(self, paths: Pathing):
        self.paths = paths

    def rule_out_all(self, board: Board, turn: Turn, step: StepId, reason: str) -> None:
        """The enemy does not move: every other square is ruled out by that one step."""
        choosing.rule_out_all_but(turn, sorted(board.terrain), (board.figures[turn.actor],), step, reason)

    def rule_out_unreachable(self, board: Board, mover: Mover, turn: Turn, best: Best, preds: Preds) -> None:
        """Squares it cannot end on or cannot get to this turn: terrain, figures, no path, AP."""
        batch = Batch()
        costs, before = best.best, preds.preds
        start = best.graph.index[mover.start]
        for i, cell in enumerate(best.graph.cells):  # every square, in sorted order
            if i == start:
                continue
            terrain = board.terrain[cell]
            if terrain in BLOCKING_TERRAIN and not (terrain in CLOSED_DOORS and mover.opens_doors):
                batch.add(cell, "terrain", f"{terrain}: it cannot be entered", terrain=terrain)
            elif cell in mover.occupants:
                batch.add(cell, "blockers", mover.occupants[cell])
            elif costs[i] == UNREACHED:
                batch.add(cell, "distances", "no path reaches it (walls, closed doors or blocking figures in the way)")
            elif costs[i] > mover.ap and not (mover.full_ap_rule and start in before[i]):  # not within_reach
                batch.add(cell, "action-points", f"it costs {costs[i]} AP to get there; it has {mover.ap}", cost=costs[i], ap=mover.ap)
        batch.record(turn)

    def rule_out_rest(self, board: Board, mover: Mover, turn: Turn, goals: set[Cell]) -> None:
        """Squares it could reach but the procedure did not pick: they leave it farther from its goal."""
        chosen = tuple(option.to for option in turn.options) or (mover.start,)
        if not goals:
            turn.rule_out_all(sorted(board.terrain), "move", "the procedure picked other squares", against=chosen)
            return

        to_goal = self.paths.cheapest_to(board, mover, goals)
        best_left = min((to_goal[c][0] for c in chosen if isinstance(c, tuple) and c in to_goal), default=None)
        batch = Batch()
        left_of = to_goal.best
        for i, cell in enumerate(to_goal.graph.cells):  # every square, in sorted order
            left = left_of[i]
            if left != UNREACHED:
                batch.add(
                    cell,
                    "move",
                    f"not where its cheapest path toward its goal stops: {left} {self.paths.unit(mover, left)} from the goal afterwards (the options: {best_left})",
                    against=chosen,
                    left=left,
                    options_left=best_left,
                )
            else:
                batch.add(cell, "move", "no path leads from there to its goal", against=chosen)
        batch.record(turn)


class NoRuleOuts(RuleOuts):
    """The rule-outs of an engine that gives only the answer (a reading tried again): none."""

    active = False

    def rule_out_all(self, board: Board, turn: Turn, step: StepId, reason: str) -> None:
        return None

    def rule_out_unreachable(self, board: Board, mover: Mover, turn: Turn, best: Best, preds: Preds) -> None:
        return None

    def rule_out_rest(self, board: Board, mover: Mover, turn: Turn, goals: set[Cell]) -> None:
        return None


class Batch:
    """Rule-outs gathered per distinct reason and recorded with one shared reason each (the earliest reason still wins)."""

    def __init__(self) -> None:
        self.groups: dict[tuple[StepId, str, tuple[Position, ...], tuple[tuple[str, Any], ...]], list[Cell]] = {}

    def add(self, cell: Cell, step: StepId, reason: str, *, against: tuple[Position, ...] = (), **data: Any) -> None:
        self.groups.setdefault((step, reason, against, tuple(data.items())), []).append(cell)

    def record(self, turn: Turn) -> None:
        for (step, reason, against, data), cells in self.groups.items():
            turn.rule_out_all(cells, step, reason, against=against, **dict(data))
