"""GloomhavenPlay: one scenario under one variant's rules, as the phase runner drives it."""

from __future__ import annotations

from collections.abc import Sequence
from contextlib import nullcontext
from dataclasses import replace

from ...apply import apply
from ...game import NextActor, reasons_will_be_read
from ...geometry.grid import Grid
from ...models import Scenario
from ...result import Effect, Option, RuledOutMap, Step, Turn
from .board import hex_of, hex_path, parse_board, traps_entered
from .card import AREA_WORK, CardBudget, TooMuchCardWork, finish_keeping_forced_ways, resolve_card
from .compared import AnswerDiffers, compared_with
from .effects import TrapSprung, initial_state
from .forced import forced_rules
from .forced_ways import add_forced_moves
from .model import GloomhavenAction, GloomhavenCard, GloomhavenFigure, GloomhavenScenario, GloomhavenStatCard
from .order import activation_order, next_of_phase, with_objective_initiative
from .readings import answer_only, explaining, name_readings, watching
from .rider import note_default, planned_card, ride, still_card
from .stats import STAT_SOURCE, relative_values, stat_line_note, stat_range_note, with_stat_line, with_stat_range
from .variants import VARIANTS, VariantRules

#: Whether a turn's rule-outs (why each other hex is not an option) are worked out only when read (RuledOutMap.later):
#: ``--why-not``, the editor's cursor and the table page read them, an answer alone never does. A phase resolved for
#: ``--why-not`` (game.reasons_will_be_read) works them out with the turn: one resolution instead of two.
REASONS_WHEN_READ = True


class GloomhavenPlay:
    """One Gloomhaven scenario under one variant's rules (the phase runner drives it)."""

    def __init__(self, scenario: Scenario, variant: str):
        model: GloomhavenScenario = scenario.model
        # The variant's rules, with the open readings the scenario chose (`rules:`).
        self.rules = VARIANTS[variant].reading(model.rules)
        self.model = model
        self.scenario = scenario
        self.figures: dict[str, GloomhavenFigure] = with_objective_initiative(dict(model.figures))
        # Parsed once when the file was loaded (GAME.board_parser), the keys' references checked with it; both here
        # for a Scenario made without it.
        self.board: Grid = scenario.board if scenario.board is not None else parse_board(scenario)
        self.stat_cards = self._stat_cards()
        self.state = initial_state(self.board.figures)
        self.card_budget = CardBudget()
        #: The last push or pull turn before its forced moves, per rules (but the push's own): ((board, actor, card,
        #: rules), turn); the readings of one turn resolve it under a few rules.
        self._before_forced: list[tuple[tuple[Grid, str, GloomhavenCard, VariantRules, bool], Turn]] = []
        self.waiting_summons = [label for label in sorted(self.board.figures) if self.figures[label].summoned]
        self.notes: list[str] = [
            f"{label} was summoned this round: it does not act in this phase (its initiative only orders focus ties)."
            for label in self.waiting_summons
        ]

    def _stat_cards(self) -> dict[str, tuple[str, GloomhavenStatCard]]:
        """Each acting figure's stat card (key: label or monster type); a Flying section makes the figure flying."""
        found: dict[str, tuple[str, GloomhavenStatCard]] = {}
        for label, figure in self.figures.items():
            key = label if label in self.model.stats else figure.type or figure.name or ""
            card = self.model.stats.get(key)
            if card is None or figure.kind not in ("monster", "summon"):
                continue
            line = card.line(figure.elite, self.model.level)
            assert line is not None  # stats.file_mistakes refused a card without the rank's section while loading
            found[label] = (key, card)
            if line.flying and not figure.flying:
                self.figures[label] = figure.model_copy(update={"flying": True})
        return found

    def acting_side(self) -> list[str]:
        return activation_order(self.figures, set(self.board.figures))

    def check_actor(self, label: str) -> None:
        """Monsters and summons act by the monster rules; characters are moved by their players, objectives never act."""
        kind = self.figures[label].kind
        if kind == "objective":
            raise self.scenario.error(("active",), f"active figure {label!r} is an objective: objectives never act")
        if kind == "character":
            raise self.scenario.error(
                ("active",),
                f"active figure {label!r} is a character: its player moves it, the monster rules move only monsters and summons "
                "(for a character moved by the monster rules, e.g. under Command, write it as `kind: summon`)",
            )

    def next_actor(self, board: Grid, waiting: Sequence[str], prefer: Sequence[str]) -> NextActor:
        return next_of_phase(self.figures, self.acting_side(), waiting, prefer)

    def action_of(self, actor: str) -> GloomhavenCard:
        return self._stat_card_applied(actor)[0]

    def _stat_card_applied(self, actor: str) -> tuple[GloomhavenCard, list[str]]:
        """The card with the figure's stat card added in, and the sums made ("Move 2+1 = 3")."""
        figure, (where, printed) = self.figures[actor], self._printed(actor)
        stat = self.stat_cards.get(actor)
        if stat is not None:
            line = stat[1].line(figure.elite, self.model.level)
            assert line is not None  # stats.file_mistakes checked it while loading
            return with_stat_line(printed, line, figure.range)
        relative = relative_values(printed)
        if relative:
            kind = figure.type or figure.name or actor
            raise self.scenario.error(
                where,
                f"the card says {relative[0]}, added to a stat card, but {actor} has none: give `stats: {{{kind}: {{normal: {{...}}, "
                "elite: {...}}}` or write a plain number (absolute)",
            )
        return with_stat_range(printed, figure.range), []

    def printed_card(self, actor: str) -> GloomhavenCard:
        """The ability card as the file writes it (before the stat card)."""
        return self._printed(actor)[1]

    def _printed(self, actor: str) -> tuple[tuple[str, ...], GloomhavenCard]:
        figure = self.figures[actor]
        actions = self.model.actions
        for key in (actor, figure.type or figure.name or "\0"):
            if key in actions:
                return ("actions", key), actions[key]
        return ("action",), self.model.action

    def turn(self, board: Grid, actor: str) -> Turn:
        card, sums = self._stat_card_applied(actor)
        later = REASONS_WHEN_READ and explaining() and not reasons_will_be_read()
        try:
            with watching() as heard, answer_only() if later else nullcontext():
                turn = self._resolve(board, actor, card, self.rules)
            assert turn is not None  # None only for a reading, compared with another answer
            if later:
                turn.ruled_out = RuledOutMap.later(lambda: self._reasons(board, actor, card))
            self._say_stat_card(turn, actor, sums)
            name_readings(
                turn, board, card, self.rules, lambda rules: self._resolve(board, actor, card, rules, against=turn), self.figures, heard
            )
        except TooMuchCardWork as limit:
            raise self.scenario.error(
                self._card_path(actor),
                f"the cards of this phase would be followed through more than {limit.args[0]} later actions by the turn of {actor!r} "
                "(each way a push, pull or choice splits a card into goes through each later action again; an area attack "
                f"counts {AREA_WORK}); a limit far beyond any real board, see docs/errors.md",
            ) from None
        if self.model.active is None and self.waiting_summons:
            # Said once, in the phase's first turn (the runner shows scenario notes only for several actors).
            turn.reasoning.insert(0, Step("order", " ".join(self.notes), {"waiting": self.waiting_summons}))
            self.waiting_summons = []
        return turn

    def _reasons(self, board: Grid, actor: str, card: GloomhavenCard) -> RuledOutMap:
        """The rule-outs of the turn (:meth:`turn` resolved it without them): the same resolution, with them. Its own
        budget: the phase's was enough for this turn and more."""
        turn = self._resolve(board, actor, card, self.rules, CardBudget())
        assert turn is not None  # None only for a reading compared with another answer
        return turn.ruled_out

    def _say_stat_card(self, turn: Turn, actor: str, sums: list[str]) -> None:
        """The turn's first step: the stat card's section and the sums made, or the figure's own stat range."""
        if actor in self.stat_cards:
            key, stat_card = self.stat_cards[actor]
            elite, level = self.figures[actor].elite, stat_card.level_in_play(self.model.level)
            data = {"stat_card": key, "elite": elite, "level": level, "sums": sums}
            turn.reasoning.insert(0, Step("card", stat_line_note(actor, key, stat_card, elite, level, sums), data, STAT_SOURCE))
        elif stat := stat_range_note(actor, self.figures[actor].range, self.printed_card(actor)):
            turn.reasoning.insert(0, Step("card", stat))

    def _card_path(self, actor: str) -> tuple[str, ...]:
        """Where the figure's card is written: its own `actions` entry, its type's, or `action`."""
        figure, actions = self.figures[actor], self.model.actions
        for key in (actor, figure.type or figure.name):
            if key is not None and key in actions:
                return ("actions", key)
        return ("action",)

    def _resolve(
        self,
        board: Grid,
        actor: str,
        card: GloomhavenCard,
        rules: VariantRules,
        budget: CardBudget | None = None,
        against: Turn | None = None,
    ) -> Turn | None:
        """The turn under ``rules``, its options finished: traps sprung, the ways a push or pull can end (``budget``: the
        card work it may do, the phase's by default). ``against``: the turn under the scenario's rules, for a reading: None
        as soon as the answer is known to differ from it (readings.name_readings), the rest never worked out."""
        unforced, explain = _unforced(rules), explaining()
        turn = self._kept_before_forced(board, actor, card, unforced, explain)
        if turn is not None:
            assert isinstance(card, GloomhavenAction) and card.attack is not None  # kept for such cards only
            try:
                add_forced_moves(turn, board, self.figures, card.attack, rules, None if against is None else against.options)
            except AnswerDiffers:
                return None
            if card.attack.rider:
                note_default(turn)
            return turn
        rider = card if isinstance(card, GloomhavenAction) and card.attack is not None and card.attack.rider else None
        try:
            with compared_with(against if _compared_as_planned(card) else None):
                turn = resolve_card(
                    board, self.figures, actor, planned_card(rider) if rider else card, rules, self.model.rules, budget or self.card_budget
                )
        except AnswerDiffers:
            return None
        if rider is not None:
            # From where the move ended the attack takes what it can reach there: its focus is in reach (the
            # move planned for it), so the enemies it can attack without moving are the closest.
            still, there = still_card(rider), {**self.figures, actor: self.figures[actor].model_copy(update={"focus": "closest"})}
            ride(turn, rider, lambda at: resolve_card(board.moved(actor, hex_of(at)), there, actor, still, rules, self.model.rules))
        if isinstance(card, GloomhavenAction):  # a list card's options carry their effects already
            turn.options = [_with_effects(option, self._traps_sprung(board, actor, option, card)) for option in turn.options]
        if isinstance(card, GloomhavenAction):
            turn.finish()
        else:
            finish_keeping_forced_ways(turn)
        if isinstance(card, GloomhavenAction) and card.attack is not None and (card.attack.push or card.attack.pull):
            # After finish: the ways a push can end are options with the same hex and targets. The turn before them
            # is kept for the readings of the push's own switches (name_readings), which change nothing before.
            kept = self._before_forced
            if kept and (kept[0][0][0] is not board or kept[0][0][1] != actor or kept[0][0][2] is not card):
                kept.clear()  # another turn: only this one's readings come back
            if against is not None:
                same = self._same_before_forced(turn, against, rules)
                if same is not None:
                    return against if same else None
            # Kept with whether its reasons were worked out (a turn resolved for its answer alone has none to give).
            kept.append(
                ((board, actor, card, unforced, explain), replace(turn, options=list(turn.options), reasoning=list(turn.reasoning)))
            )
            try:
                add_forced_moves(turn, board, self.figures, card.attack, rules, None if against is None else against.options)
            except AnswerDiffers:
                return None
        if rider is not None:
            note_default(turn)
        return turn

    def _kept_before_forced(self, board: Grid, actor: str, card: GloomhavenCard, unforced: VariantRules, explain: bool) -> Turn | None:
        """A copy of the turn kept before its forced moves for this board, actor, card and rules (:meth:`_resolve`),
        or None."""
        for (was_board, was_actor, was_card, was_rules, was_explained), before in self._before_forced:
            # A turn kept with its reasons serves a reading too (its answer is the same; a reading's reasons are never read).
            if was_board is board and was_actor == actor and was_card is card and was_rules == unforced and explain <= was_explained:
                return replace(before, options=list(before.options), reasoning=list(before.reasoning))
        return None

    def _same_before_forced(self, turn: Turn, against: Turn, rules: VariantRules) -> bool | None:
        """A reading that changes the turn before its forced moves (sight): whether its answer is ``against``'s, when the
        turn before the forced moves tells (None: it does not; the forced moves are worked out and compared). The
        forced moves read only the options' hexes, targets and effects and :func:`forced_rules`: the same options under
        the same such switches become the same ways."""
        if turn.focus != against.focus:
            return False  # the forced moves keep the focus
        unforced = _unforced(self.rules)
        before = next((kept for key, kept in self._before_forced if key[3] == unforced), None)
        if before is None or forced_rules(rules) != forced_rules(self.rules):
            return None
        return [(o.to, o.attacks, o.effects) for o in turn.options] == [(o.to, o.attacks, o.effects) for o in before.options] or None

    def _traps_sprung(self, board: Grid, actor: str, option: Option, action: GloomhavenAction) -> tuple[Effect, ...]:
        """Traps the move springs; they are removed from the board (rulebook p.14). Flyers spring none."""
        if self.figures[actor].flying or not self.figures[actor].interactable or len(option.path) < 2:
            return option.effects
        sprung = tuple(TrapSprung(cell, (actor,)) for cell in traps_entered(board, hex_path(option.path), action.jump or action.teleport))
        return (*option.effects, *sprung) if sprung else option.effects

    def apply(self, board: Grid, option: Option) -> Grid:
        return apply(board, option.effects)


def _with_effects(option: Option, effects: tuple[Effect, ...]) -> Option:
    """``option`` with these effects (itself when they are its own: most moves spring no trap)."""
    if effects is option.effects:
        return option
    return Option(option.to, option.path, option.attacks, option.details, effects)


def _compared_as_planned(card: GloomhavenCard) -> bool:
    """Whether a reading's turn for ``card`` is one resolve_turn whose options are the answer's before traps (a
    one-action card; no rider, which plans a move then attacks from its end; no push or pull, compared as they end)."""
    attack = card.attack if isinstance(card, GloomhavenAction) else None
    return isinstance(card, GloomhavenAction) and (attack is None or not (attack.rider or attack.push or attack.pull))


def _unforced(rules: VariantRules) -> VariantRules:
    """``rules`` but the switches only a push or pull reads (forced.py, forced_ways.py): the turn before its forced moves is the same."""
    # Asked for every turn and reading: made once per rules object (kept with it, so its id stays its own).
    known = _UNFORCED.get(id(rules))
    if known is None or known[0] is not rules:
        if len(_UNFORCED) >= _UNFORCED_KEPT:
            _UNFORCED.pop(next(iter(_UNFORCED)))
        known = _UNFORCED[id(rules)] = (rules, replace(rules, forced_move_maximum=False, push_distance="range"))
    return known[1]


_UNFORCED: dict[int, tuple[VariantRules, VariantRules]] = {}
_UNFORCED_KEPT = 32
