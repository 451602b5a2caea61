"""The Cloudspire Play the phase runner drives: set-up, who acts next, one unit's turn, and its effects on the board."""

from __future__ import annotations

from collections.abc import Sequence
from functools import partial
from typing import Any

from ...apply import apply
from ...effects import BoardState, StateSets
from ...errors import ScenarioError
from ...game import NextActor
from ...geometry.cellgraph import UNREACHABLE
from ...geometry.grid import Grid
from ...models import Scenario
from ...result import Displaced, Effect, Moved, Option, Step, Turn, too_many_options
from .model import CloudspireScenario
from .order import HEROES_AND_MINIONS, ai_hero_goes, hero_now, leading_minion, rank
from .plan import TurnPlan
from .readings import name_deciding_readings
from .reasons import rule_out_fixed, rule_out_unchosen
from .routes import mark_distances, start_status
from .search import TooManyRoutes
from .terrain import Cell, parse_board
from .units import acting_minions, build_units
from .variant import CloudspireRules


class CloudspirePlay:
    """One Cloudspire scenario (the phase runner drives it)."""

    def __init__(self, scenario: Scenario, variant: str):
        model: CloudspireScenario = scenario.model
        self.scenario = scenario
        self.rules = CloudspireRules.of(model, variant)
        # Parsed once when the file was loaded (GAME.board_parser); parsed here for a Scenario made without it.
        self.board: Grid = scenario.board if scenario.board is not None else parse_board(scenario)
        self.units = build_units(scenario, self.board)
        self.faction, self.labels = acting_minions(scenario, self.units, self.rules)
        self.order = list(model.order)
        # Output format 3's board layout: every game's board lists these three sets (Cloudspire changes none of them).
        self.state = BoardState(dict(self.board.figures), StateSets.of(opened_doors=(), removed_traps=(), asleep=()))
        self.notes: list[str] = []
        self._distances: dict[tuple[Cell | None, frozenset[str]], dict[Cell, int]] = {}

    def acting_side(self) -> list[str]:
        return list(self.labels)

    def check_actor(self, label: str) -> None:
        """``acting_minions`` already checked the active figure (a minion of the acting faction)."""

    def distances(self, label: str) -> dict[Cell, int]:
        """Mark distances count through units, so they never change during the phase: one search per mark and terrain."""
        unit = self.units[label]
        key = (unit.mark, unit.allowed)
        if key not in self._distances:
            self._distances[key] = mark_distances(self.board, unit, self.rules.other_gates)
        return self._distances[key]

    def next_actor(self, board: Grid, waiting: Sequence[str], prefer: Sequence[str]) -> NextActor:
        """The leading minion: the closest to its mark of those that have not moved, on the board as it stands."""
        minions = [label for label in waiting if self.units[label].kind == "minion"]
        heroes = [label for label in waiting if self.units[label].kind != "minion"]
        first_hero = hero_now(heroes, minions, self.order, prefer) if minions else min(heroes, key=lambda h: rank(h, self.order, prefer))
        if first_hero is not None:
            return ai_hero_goes(self.faction, first_hero, waiting, minions)
        distance: dict[str, int] = {}
        for label in minions:
            _, steps = start_status(board, self.units[label], board.figures[label], self.distances(label))
            distance[label] = UNREACHABLE if steps is None else steps
        following = leading_minion(self.faction, distance, self.order, prefer)
        if heroes and following.step is not None:
            step = following.step
            following = NextActor(following.label, following.tied, Step(step.step, f"{step.text} {HEROES_AND_MINIONS}", step.data))
        return following

    def turn(self, board: Grid, actor: str) -> Turn:
        turn = self._solve(board, actor, self.rules, self.distances(actor))
        name_deciding_readings(turn, board, self.units, actor, self.rules, partial(self._solve_under, board, actor))
        return turn

    def _solve_under(self, board: Grid, actor: str, rules: CloudspireRules) -> Turn | None:
        """The turn under other readings (None: it cannot be played that way here)."""
        unit = self.units[actor]
        distances = (
            self.distances(actor) if rules.other_gates == self.rules.other_gates else mark_distances(self.board, unit, rules.other_gates)
        )
        try:
            return self._solve(board, actor, rules, distances)
        except ScenarioError:
            return None

    def _solve(self, board: Grid, actor: str, rules: CloudspireRules, distances: dict[Cell, int]) -> Turn:
        turn = Turn(actor=actor)
        unit = self.units[actor]
        if unit.mark is not None:
            turn.goals = (unit.mark,)
        rule_out_fixed(board, self.units, actor, rules, turn)
        try:
            candidates = TurnPlan(board, self.units, unit, distances, rules, turn).plan()
        except TooManyRoutes as budget:
            raise self.scenario.error(
                ("figures", actor, "move"),
                f"the routes of {actor!r} would take more than {budget.args[0]:,} steps a movement point to search "
                f"(a crowd of friendly heroes it may displace, each way another outcome); a limit far beyond any real board, "
                "see docs/errors.md: use a smaller movement or fewer friendly heroes in its way",
            ) from None
        too_many = too_many_options(actor, len(candidates))
        if too_many is not None:  # refused before thousands of options are built
            raise self.scenario.error(("figures", actor), too_many)
        for candidate in candidates:
            details: dict[str, Any] = {"kind": candidate.kind}
            if candidate.distance != UNREACHABLE:
                details["distance"] = candidate.distance
            effects: tuple[Effect, ...] = (
                Moved(actor, candidate.path),
                *(Displaced(hero, board.figures[hero], cell, "displaced") for hero, cell in candidate.displaced),
            )
            turn.options.append(Option(to=candidate.path[-1], path=candidate.path, details=details, effects=effects))
        progress = any(candidate.kind == "progress" for candidate in candidates)
        rule_out_unchosen(board, unit, distances, progress, turn)
        return _finish(turn)

    def apply(self, board: Grid, option: Option) -> Grid:
        return apply(board, option.effects)


def _finish(turn: Turn) -> Turn:
    """``Turn.finish`` with the displacements in the key too: the same route that puts a displaced hero
    on another hex (C3: "an Adjacent Hex of the current player's choosing") is another option."""
    unique: dict[tuple[Any, ...], Option] = {}
    for option in turn.options:
        unique.setdefault((option.to, tuple(option.path), option.effects), option)
    turn.focus = sorted(set(turn.focus))
    turn.options = sorted(unique.values(), key=Option.sort_key)  # stable: displacement choices stay in hex order
    return turn
