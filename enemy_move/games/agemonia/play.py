"""The Agemonia Play the phase runner drives: set-up, one enemy's turn, and its effects on the area map."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import replace

from ...apply import apply
from ...game import NextActor, in_order
from ...geometry.areas import AreaBoard
from ...models import Scenario
from ...result import Option, Turn
from .board import build_board
from .effects import initial_state
from .enemy import action_for, card_said, describe, make_mover
from .model import AgemoniaRules, AgemoniaScenario
from .movement import MAX_ROUTES_PER_AREA
from .order import activation_order
from .procedure import TurnSolver
from .readings import name_deciding_readings


def discard_invisible(board: AreaBoard, rules: AgemoniaRules) -> tuple[AreaBoard, dict[str, str]]:
    """A14 Invisible: "discarded if ... an Enemy is within range 1": the board with those allies visible, and ally -> enemy.

    Range counts borders as for ranged attacks (`range_over_double_lines`); range 0 is the same area."""
    kinds = ("single", "double") if rules.range_over_double_lines else ("single",)
    enemies = [f for _, f in sorted(board.figures.items()) if not f.is_ally]
    discarded: dict[str, str] = {}
    for label, figure in sorted(board.figures.items()):
        if not (figure.is_ally and figure.invisible):
            continue
        near = board.line_distances(figure.area, kinds)
        close = [e.label for e in enemies if near.get(e.area, 2) <= 1]
        if close:
            discarded[label] = close[0]
    for label in discarded:
        board = _visible(board, label)
    return board, discarded


def _visible(board: AreaBoard, label: str) -> AreaBoard:
    return board.with_figure(replace(board.figures[label], invisible=False))


def resolve_turn(board: AreaBoard, scenario: Scenario, label: str, earlier: frozenset[str] = frozenset()) -> Turn:
    """One enemy's turn; ``earlier``: allies whose Invisible was discarded earlier in the phase."""
    turn = Turn(actor=label)
    for ally in sorted(earlier):
        if board.figures[ally].invisible:
            board = _visible(board, ally)
            turn.note(
                "invisible",
                f"{describe(board, ally)} lost Invisible earlier in the phase (an enemy came within range 1): it can be targeted.",
            )
    board, discarded = discard_invisible(board, scenario.model.rules)
    for ally, enemy in discarded.items():
        turn.note(
            "invisible",
            f"{describe(board, ally)} is marked invisible, but {describe(board, enemy)} is within range 1: Invisible is discarded "
            '(A14: "discarded if ... an Enemy is within range 1"), so it can be targeted.',
            ally=ally,
            enemy=enemy,
        )
    if scenario.model.rules.invisible_discarded == "on-arrival":
        for ally in sorted(a for a, f in board.figures.items() if f.is_ally and f.invisible):
            turn.note(
                "invisible",
                f"{describe(board, ally)} is invisible; with `invisible_discarded: on-arrival` an enemy ending within range 1 "
                "of it discards Invisible and may attack it at once, so those areas count as areas to attack it from.",
                ally=ally,
                reading="invisible_discarded",
            )
    mover = make_mover(board, scenario.model.figures[label], label, action_for(scenario, label), turn, card_said(scenario, label))
    if mover is None:
        start = board.figures[label].area
        turn.options.append(Option(to=start, path=(start,)))
        for area in sorted(board.areas):
            if area != start:
                turn.rule_out(area, "stunned", "it is stunned: it misses this turn")
    else:
        solver = TurnSolver(board, mover, scenario.model.rules)
        solver.solve(turn)
        name_deciding_readings(solver, turn)
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
        self.order = activation_order(scenario)
        self.state = initial_state({label: f.area for label, f in self.board.figures.items()})
        how = (
            " (Initiative card order, then figure number)"
            if model.initiative
            else " (no initiative given: types alphabetically, then figure number)"
        )
        self.visible: set[str] = set()  # allies whose Invisible was discarded during the phase
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
        return resolve_turn(board, self.scenario, actor, frozenset(self.visible))

    def apply(self, board: AreaBoard, option: Option) -> AreaBoard:
        board = apply(board, option.effects)
        # Invisible once discarded stays discarded, even when the enemy moves away later in the phase.
        self.visible |= set(discard_invisible(board, self.scenario.model.rules)[1])
        return board
