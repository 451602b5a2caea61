"""The Agemonia Play the phase runner drives: set-up, one enemy's turn, and its effects on the area map."""

from __future__ import annotations

from collections.abc import Sequence

from ...apply import apply
from ...game import NextActor, in_order
from ...geometry.areas import AreaBoard
from ...models import Scenario
from ...result import BoardState, Option, Turn
from .board import build_board
from .enemy import action_for, describe, make_mover
from .model import AgemoniaScenario
from .movement import MAX_ROUTES_PER_AREA
from .order import activation_order
from .procedure import TurnSolver
from .readings import name_deciding_readings


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
        # Parsed once when the file was loaded (GAME.board_parser); built here for a Scenario made without it.
        self.board: AreaBoard = scenario.board if scenario.board is not None else build_board(scenario)
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
        self.notes = ["Activation order: " + ", ".join(describe(self.board, label) for label in self.order) + how]

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
        return apply(board, option.effects)
