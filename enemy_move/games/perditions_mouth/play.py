"""Perdition's Mouth: enemy Move actions on a square grid with action points; the Play the phase runner drives.

Primary source: the enemy-movement page of the fan rules site etbrev.com/PM
(quoted in docs/perditions-mouth.md). Each enemy type has its own rule
(enemies.py: records with named hooks; engine.py: the parts they call):

* Boneworm (1 AP) and Rotikka (5 AP): target the hero they can reach soonest,
  ignore terrain penalties, step toward it.
* Chi'leen (3 AP): the hero with the closest "range 2" square (else range 1);
  paths ignore minions, which it tramples (swaps places with, pushing them back).
* Acolyte (2 AP): runs for the alarm symbol, opening (and unlocking) doors for 1 AP.
* Guard (3 AP): the hero with the closest "range 3" square, else 2, else 1.
* Summoner: stays when it sees a hero; otherwise heads for the weakest hero,
  keeping as far as it can (within range 6) and away from every hero.
* Sleeping enemies wake and do not move; the Demon has no movement rule here.

The board is parsed once, when the file is loaded (board.py). The engine never
prints: every rule applied is a ``turn.note``.
"""

from __future__ import annotations

from collections.abc import Sequence
from functools import partial

from ...game import NextActor
from ...models import Scenario
from ...result import Option, Turn, format_position
from .board import parse_board
from .effects import initial_state
from .engine import Engine
from .order import activation_order, next_in_order
from .readings import name_deciding_readings
from .terrain import Board, apply_effects
from .watch import MARKED, SIGHTED, Watch


class PerditionsMouthPlay:
    """One Perdition's Mouth scenario (the phase runner drives it)."""

    def __init__(self, scenario: Scenario, variant: str):
        # Parsed once when the file was loaded (GAME.board_parser); parsed here for a Scenario made without it.
        self.board: Board = scenario.board if scenario.board is not None else parse_board(scenario)
        self.engine = Engine(scenario, self.board)
        self.order, self.notes = activation_order(self.engine.roster)
        self.state = initial_state(self.board.figures, self.board.asleep)
        self.scenario = scenario

    def acting_side(self) -> list[str]:
        return list(self.order)

    def check_actor(self, label: str) -> None:
        if self.engine.roster.types[label].hero:
            raise self.scenario.error(("active",), f"{label!r} is a hero; only enemies move in the enemy phase")

    def next_actor(self, board: Board, waiting: Sequence[str], prefer: Sequence[str]) -> NextActor:
        return next_in_order(self.engine.roster, self.order, waiting)

    def turn(self, board: Board, actor: str) -> Turn:
        engine = self.engine
        engine.shared.new_turn()
        turn = engine.resolve_turn(board, actor)
        watch = engine.roster.watch  # what the turn consulted (the corner reading below solves it again)
        rules = engine.roster.rules
        if rules.figures_block_sight and rules.sight == "center" and engine.sight.corner_pinch(board):
            self.name_corner_reading(board, actor, turn)
        name_deciding_readings(
            turn,
            board,
            engine.roster.enemy(actor),
            rules,
            lambda name, other: engine.reading(name, other).resolve_turn(board, actor),
            partial(self.unchanged, watch),
        )
        return turn

    def unchanged(self, watch: Watch, name: str, other: object) -> bool:
        """Whether the turn under ``name: other`` is the turn ``watch`` saw: the reading was never consulted where
        it decides, or (sight) the other reading answers every sight question of the turn alike (watch.py)."""
        if name in MARKED:
            return name not in watch.consulted
        if name in SIGHTED:
            return watch.same_sight(self.engine.reading(name, other).sight.answer)
        return False

    def name_corner_reading(self, board: Board, actor: str, turn: Turn) -> None:
        """Say so when `corner_wall_and_figure` decides the turn: solve it once more with the other reading
        (the same engine, its caches kept: only ``sees`` reads this key)."""
        roster = self.engine.roster
        value = roster.rules.corner_wall_and_figure
        other = "see" if value == "block" else "block"
        roster.rules = roster.rules.model_copy(update={"corner_wall_and_figure": other})
        try:
            theirs = self.engine.resolve_turn(board, actor)
        finally:
            roster.rules = roster.rules.model_copy(update={"corner_wall_and_figure": value})

        def answers(t: Turn) -> list[tuple[str, tuple[str, ...]]]:
            return sorted({(format_position(o.to), o.attacks) for o in t.options})

        if answers(theirs) != answers(turn):
            shown = "; ".join(to + (f" attacking {', '.join(attacks)}" if attacks else "") for to, attacks in answers(theirs))
            turn.note(
                "line-of-sight",
                f"Open reading `corner_wall_and_figure: {value}` decides here (diagonal neighbours whose shared corner has a wall on one side "
                f"and a figure on the other): with `{other}` the options would be {shown}.",
                reading="corner_wall_and_figure",
                value=value,
                other=other,
            )

    def apply(self, board: Board, option: Option) -> Board:
        return apply_effects(board, option.effects)
