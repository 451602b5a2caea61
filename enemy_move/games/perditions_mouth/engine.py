"""The rules engine of one scenario: a composition of small parts, and one enemy's turn by its type's hooks.

Parts, each given the parts it uses: the roster (figures, types, rules), sight, pathing, options (a move
made an option), rule-outs (why not this square), targeting (a hero's "range N" squares, ties), and the
rules of the enemies that walk toward a hero (seekers), run for the alarm (the Acolyte) or keep their
distance (the Summoner). Which rule applies is the type's hook (enemies.py), never a test of its name.
"""

from __future__ import annotations

from dataclasses import replace

from ...models import Scenario
from ...result import Moved, Option, Turn
from .effects import Woken
from .model import PerditionsMouthRules
from .movement import Pathing
from .options import Options
from .reasons import NoRuleOuts, RuleOuts
from .roster import Roster
from .seekers import AlarmRun, Seekers
from .shared import Shared
from .sight import Sight
from .summoner import SummonerRule
from .targets import Targeting
from .terrain import Board
from .watch import Watch


class Engine:
    """Every rule of the game for one scenario (``rules``: the file's, or another reading tried)."""

    def __init__(
        self,
        scenario: Scenario,
        board: Board,
        rules: PerditionsMouthRules | None = None,
        shared: Shared | None = None,
        *,
        answer_only: bool = False,
    ):
        self.roster = roster = Roster(scenario, board, rules)
        #: What this engine shares with the engines of the other readings (steps, searches, sight oracles).
        self.shared = shared = shared if shared is not None else Shared()
        self.sight = sight = Sight(roster, shared)
        self.paths = paths = Pathing(roster, sight, shared)
        self.options = options = Options(roster, sight, paths, notes=not answer_only)
        # A reading's engine gives only the answer (focus and options): no square is said to be ruled out.
        self.rule_outs = rule_outs = NoRuleOuts(paths) if answer_only else RuleOuts(paths)
        self.targets = targets = Targeting(roster, sight, paths, options)
        self.seekers = Seekers(roster, paths, options, targets)
        self.alarm = AlarmRun(roster, paths, options, targets)
        self.summoner = SummonerRule(roster, sight, paths, options, rule_outs, targets)
        self.answer_only = answer_only
        self._readings: dict[tuple[str, object], Engine] = {}

    def reading(self, name: str, value: object) -> Engine:
        """The engine of the reading ``name: value`` (the file's other rules kept), made once and kept: it gives
        only the answer, and shares with this one what the reading does not change."""
        key = (name, value)
        engine = self._readings.get(key)
        if engine is None:
            rules = self.roster.rules.model_copy(update={name: value})
            engine = self._readings[key] = Engine(self.roster.scenario, self.roster.grid, rules, self.shared, answer_only=True)
        return engine

    def resolve_turn(self, board: Board, label: str) -> Turn:
        roster = self.roster
        if not self.answer_only:
            roster.watch = Watch()  # what this turn consults of the readings (readings.py reads it)
        turn = Turn(actor=label)
        enemy = roster.enemy(label)
        cell = board.figures[label]
        stay = Option(cell, (cell,), (), {"AP": 0})
        if label in board.asleep:
            turn.note(
                "sleeping", f"{roster.who(label)} is sleeping: it only wakes up and does not move (it will move at the next Move action)."
            )
            turn.options.append(replace(stay, effects=(Moved(label, (cell,)), Woken(label))))
            self.rule_outs.rule_out_all(board, turn, "sleeping", "it is sleeping: it only wakes up and does not move")
            return turn.finish()
        stays = enemy.stays()
        if stays is not None:
            step, note, reason = stays
            turn.note(step, f"{roster.who(label)}: {note}")
            turn.options.append(stay)
            self.rule_outs.rule_out_all(board, turn, step, reason)
            return turn.finish()
        if enemy.needs_heroes and not any(hero in board.figures for hero in roster.heroes):
            turn.note("target", f"{roster.who(label)}: there is no hero on the map, so it does not move.")
            turn.options.append(stay)
            self.rule_outs.rule_out_all(board, turn, "target", "there is no hero on the map: it does not move")
            return turn.finish()
        self.note_numbers(label, turn)
        enemy.take_turn(self, board, label, turn)
        if not turn.options:
            turn.options.append(stay)
        for option in turn.options:
            turn.ruled_out.pop(option.to, None)
        return turn.finish()

    def note_numbers(self, label: str, turn: Turn) -> None:
        """Its Action Points, the threatened-square penalty, and terrain when its rule ignores it."""
        roster = self.roster
        figure, enemy = roster.figures[label], roster.enemy(label)
        ap = roster.ap(label)
        turn.note(
            "action-points",
            f"{roster.who(label)} gets {ap} Action Point{'s' if ap != 1 else ''}"
            + (f" (scenario override of the {enemy.name}'s {enemy.ap})" if figure.ap is not None else "")
            + ".",
        )
        turn.note("threatened-squares", f"The {enemy.name} does not suffer from the threatened-square movement penalty.")
        if enemy.terrain_free:
            turn.note(
                "terrain",
                f"The {enemy.name} ignores terrain movement penalties: every square costs 1 AP. Obstacles (walls, chests, doors, portcullises) still block.",
            )
