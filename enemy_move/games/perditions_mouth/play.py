"""Perdition's Mouth: enemy Move actions on a square grid with action points; the Play the phase runner drives.

Primary source: the enemy-movement page of the fan rules site etbrev.com/PM
(quoted in docs/perditions-mouth.md). Each enemy type has its own rule:

* Boneworm (1 AP) and Rotikka (5 AP): target the hero they can reach soonest,
  ignore terrain penalties, step toward it.
* Chi'leen (3 AP): the hero with the closest "range 2" square (else range 1);
  paths ignore minions, which it tramples (swaps places with, pushing them back).
* Acolyte (2 AP): runs for the alarm symbol, opening (and unlocking) doors for 1 AP.
* Guard (3 AP): the hero with the closest "range 3" square, else 2, else 1.
* Summoner: stays when it sees a hero; otherwise heads for the weakest hero,
  keeping as far as it can (within range 6) and away from every hero.
* Sleeping enemies wake and do not move; the Demon has no movement rule here.

The engine never prints: every rule applied is a ``turn.note``.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import replace

from ...game import NextActor
from ...models import Scenario
from ...result import BoardState, Moved, Option, Turn, Woken, format_position
from .enemies import DEFAULT_AP, TYPE_NAMES
from .model import PerditionsMouthRules
from .order import activation_order, next_in_order
from .readings import name_deciding_readings
from .summoner import Summoner
from .terrain import Board, apply_effects


class Engine(Summoner):
    """Every rule of the game: one enemy's turn, by its type."""

    def resolve_turn(self, board: Board, label: str) -> Turn:
        turn = Turn(actor=label)
        figure = self.figures[label]
        cell = board.figures[label]
        stay = Option(cell, (cell,), (), {"AP": 0})
        if label in board.asleep:
            turn.note(
                "sleeping", f"{self.who(label)} is sleeping: it only wakes up and does not move (it will move at the next Move action)."
            )
            turn.options.append(replace(stay, effects=(Moved(label, (cell,)), Woken(label))))
            self.rule_out_all(board, turn, "sleeping", "it is sleeping: it only wakes up and does not move")
            return turn.finish()
        if figure.kind == "demon":
            turn.note(
                "demon",
                f"{self.who(label)}: the movement texts give no rule for the Demon; it stays. (Chi'leens path around it only when it is in attack range of a Hero.)",
            )
            turn.options.append(stay)
            self.rule_out_all(board, turn, "demon", "the movement texts give no rule for the Demon: it stays")
            return turn.finish()
        if not any(hero in board.figures for hero in self.heroes) and figure.kind != "acolyte":
            turn.note("target", f"{self.who(label)}: there is no hero on the map, so it does not move.")
            turn.options.append(stay)
            self.rule_out_all(board, turn, "target", "there is no hero on the map: it does not move")
            return turn.finish()
        turn.note(
            "action-points",
            f"{self.who(label)} gets {self.ap(label)} Action Point{'s' if self.ap(label) != 1 else ''}"
            + (f" (scenario override of the {TYPE_NAMES[figure.kind]}'s {DEFAULT_AP[figure.kind]})" if figure.ap is not None else "")
            + ".",
        )
        turn.note("threatened-squares", f"The {TYPE_NAMES[figure.kind]} does not suffer from the threatened-square movement penalty.")
        if figure.kind in ("boneworm", "rotikka"):
            turn.note(
                "terrain",
                f"The {TYPE_NAMES[figure.kind]} ignores terrain movement penalties: every square costs 1 AP. Obstacles (walls, chests, doors, portcullises) still block.",
            )
        if figure.kind == "summoner":
            self.summoner_turn(board, label, turn)
        else:
            mover = self.make_mover(board, label, turn)
            best, preds = self.shortest(board, mover)
            self.rule_out_unreachable(board, mover, turn, best, preds)
            if figure.kind == "acolyte":
                goals = self.acolyte_turn(board, mover, turn, best, preds)
            else:
                goals = self.hero_seeker_turn(board, mover, turn, best, preds)
            self.rule_out_rest(board, mover, turn, goals)
        if not turn.options:
            turn.options.append(stay)
        for option in turn.options:
            turn.ruled_out.pop(option.to, None)
        return turn.finish()


class PerditionsMouthPlay:
    """One Perdition's Mouth scenario (the phase runner drives it)."""

    def __init__(self, scenario: Scenario, variant: str):
        self.engine = Engine(scenario)
        self.order, self.notes = activation_order(self.engine)
        asleep = frozenset(label for label, f in self.engine.figures.items() if f.kind != "hero" and f.sleeping)
        self.board = replace(self.engine.grid, asleep=asleep)
        self.state = BoardState(dict(self.engine.grid.figures), asleep=tuple(sorted(asleep)))
        self.scenario = scenario

    def acting_side(self) -> list[str]:
        return list(self.order)

    def check_actor(self, label: str) -> None:
        if self.engine.figures[label].kind == "hero":
            raise self.scenario.error(("active",), f"{label!r} is a hero; only enemies move in the enemy phase")

    def next_actor(self, board: Board, waiting: Sequence[str], prefer: Sequence[str]) -> NextActor:
        return next_in_order(self.engine, self.order, waiting)

    def turn(self, board: Board, actor: str) -> Turn:
        turn = self.engine.resolve_turn(board, actor)
        if self.engine.rules.figures_block_sight and self.engine.rules.sight == "center" and self.corner_pinch(board):
            self.name_corner_reading(board, actor, turn)
        kind = self.engine.figures[actor].kind
        name_deciding_readings(turn, board, kind, self.engine.rules, lambda rules: self._engine_under(rules).resolve_turn(board, actor))
        return turn

    def _engine_under(self, rules: PerditionsMouthRules) -> Engine:
        """The rules engine of this scenario with other readings."""
        model = self.scenario.model.model_copy(update={"rules": rules})
        return Engine(replace(self.scenario, model=model))

    def corner_pinch(self, board: Board) -> bool:
        """A hero diagonal to a square whose shared corner has a sight blocker on one side and a figure on the other."""
        engine = self.engine
        heroes = {board.figures[h] for h in engine.heroes if h in board.figures}
        for cell in board.figures.values():
            for dx in (-1, 1):
                for dy in (-1, 1):
                    wall = (cell[0] + dx, cell[1] + dy)
                    if board.terrain.get(wall) in engine.rules.sight_blockers and heroes & {
                        (cell[0] + dx, cell[1]),
                        (cell[0], cell[1] + dy),
                    }:
                        return True
        return False

    def name_corner_reading(self, board: Board, actor: str, turn: Turn) -> None:
        """Say so when `corner_wall_and_figure` decides the turn: solve it once more with the other reading."""
        engine = self.engine
        value = engine.rules.corner_wall_and_figure
        other = "see" if value == "block" else "block"
        engine.rules = engine.rules.model_copy(update={"corner_wall_and_figure": other})
        try:
            theirs = engine.resolve_turn(board, actor)
        finally:
            engine.rules = engine.rules.model_copy(update={"corner_wall_and_figure": value})

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
