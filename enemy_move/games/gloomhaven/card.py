"""One figure's turn for a whole card: its segments one after the other, each way the card can go a branch.

The first segment is a `{move, attack}` turn (turn.resolve_turn); each later segment picks its
focus among the enemies not yet attacked (rules.later_attack_targets), moves and attacks from
every branch's board (segments.py says which move plans for which attack).
"""

from __future__ import annotations

from dataclasses import dataclass, field, replace

from ...geometry.grid import Grid
from ...result import Displaced, Effect, Moved, Option, Position, Step, Turn, format_position
from .attacks import AttackPlan, Attacks, SightedHexes, cheapest, plan_attack, sees_from
from .board import Cell, Cost, View, hex_of, hex_path, traps_entered, without_traps
from .context import Planning
from .effects import TrapSprung
from .focus import FocusRank, choose_focus, initiative_key
from .forced_ways import Way, forced_ways
from .model import GloomhavenAction, GloomhavenAttack, GloomhavenCard, GloomhavenCardAction, GloomhavenFigure, GloomhavenRules
from .movement import Mover, mover_for
from .plan import plan_for_focus
from .readings import explaining
from .ruled_out import (
    after_card_reasons,
    rule_out_all_but,
    rule_out_cannot_end_or_reach,
    rule_out_when_it_cannot_move,
    take_reasons,
)
from .segments import Segment, as_action, card_segments, describe_segment, record
from .turn import resolve_turn
from .variants import VariantRules
from .words import describe

#: A first action's outcome: where it ends and whom it attacks.
Outcome = tuple[Position, tuple[str, ...]]
#: Each enemy's attack hexes with their path costs.
HexesFor = dict[str, SightedHexes]

#: Bound on the ways a card can go at once (the players' choices multiply).
MAX_BRANCHES = 64
#: Work a whole phase may spend on its cards' later actions (docs/errors.md): each way a card has gone costs one
#: unit per later action it goes through, AREA_WORK for an area attack (its placements are worked out again
#: whenever a push or pull moved an enemy). Real cards spend a few units; a later action costs up to about
#: 30 ms on a 64x64 board among 36 characters, an area attack among them up to about 0.3 s.
MAX_CARD_WORK = 200
AREA_WORK = 10


class TooMuchCardWork(Exception):
    """The phase's cards would spend more than MAX_CARD_WORK on later actions (args: the limit)."""


@dataclass
class CardBudget:
    """What a phase has left to spend on its cards' later actions (GloomhavenPlay keeps one per phase)."""

    limit: int = field(default_factory=lambda: MAX_CARD_WORK)
    spent: int = 0

    def spend(self, branches: int, segment: Segment) -> None:
        """Pay for one later action followed from ``branches`` ways, before any of it is worked out."""
        attack = segment.attack
        self.spent += branches * (AREA_WORK if attack is not None and attack.aoe else 1)
        if self.spent > self.limit:
            raise TooMuchCardWork(self.limit)


@dataclass
class Branch:
    """One way the card has gone so far: the board, what was done, and the reasoning prefix."""

    board: Grid
    path: tuple[Cell, ...]
    attacked: tuple[str, ...]
    focus: str | None
    done: list[str]
    effects: tuple[Effect, ...] = ()


@dataclass(frozen=True)
class _Card:
    """What stays the same over the card's segments: the turn written to, who acts, the rules."""

    turn: Turn
    actor: str
    figures: dict[str, GloomhavenFigure]
    rules: VariantRules
    readings: GloomhavenRules

    @property
    def figure(self) -> GloomhavenFigure:
        return self.figures[self.actor]

    def forced(self, board: Grid, attack: GloomhavenAttack | None, at: Cell, targets: tuple[str, ...]) -> list[Way]:
        """Each way the attack's push or pull moves its targets (one way, nothing moved, without)."""
        if attack is None or not targets:
            return [(board, (), [])]
        return forced_ways(board, self.figures, at, targets, attack, self.rules, limit=MAX_BRANCHES)

    def disadvantaged(self, board: Grid, attack: GloomhavenAttack | None, at: Cell, targets: tuple[str, ...]) -> tuple[str, ...]:
        """Targets attacked with disadvantage from ``at``: all when muddled, else those a ranged attack hits at range 1."""
        actor = self.actor
        if not targets or attack is None or "disarmed" in self.figure.conditions:
            return ()
        if "muddled" in self.figure.conditions:
            return tuple(sorted(targets))
        if attack.range == 0 or (attack.aoe is not None and "@" in attack.aoe):
            return ()
        view = View(board.moved(actor, at), self.figures, actor, self.rules)
        return tuple(sorted(t for t in targets if view.range_between(at, board.figures[t]) == 1))


def resolve_card(
    grid: Grid,
    figures: dict[str, GloomhavenFigure],
    actor: str,
    card: GloomhavenCard,
    rules: VariantRules,
    readings: GloomhavenRules | None = None,
    budget: CardBudget | None = None,
) -> Turn:
    """One figure's turn for a card in either form: the shorthand goes straight to resolve_turn.
    ``budget``: the phase's, paid for each later action (TooMuchCardWork past it)."""
    readings = readings or GloomhavenRules()
    figure = figures[actor]
    if figure.summoned:
        return _summoned_turn(grid, actor)
    if isinstance(card, GloomhavenAction):
        return resolve_turn(grid, figures, actor, card, rules)
    segments = card_segments(card, readings.move_after_last_attack)
    first, later = segments[0], segments[1:]
    turn = resolve_turn(grid, figures, actor, as_action(first.move, first.attack), rules)
    if "stunned" in figure.conditions or not later:
        return turn
    card_note = (
        f"{actor}'s card has {len(card)} actions, performed in the printed order: "
        + "; ".join(describe_segment(s) for s in segments)
        + ". The first attack decides the focus and the first move."
    )
    turn.reasoning.insert(0, Step("card", card_note))
    this = _Card(turn, actor, figures, rules, readings)
    branches = _first_branches(this, grid, first)
    earlier_reasons = turn.ruled_out.copy()
    for index, segment in enumerate(later):
        if budget is not None:
            budget.spend(len(branches), segment)
        if segment.move is not None:
            turn.ruled_out.clear()  # where it ends is this move's doing: its reasons replace the earlier ones
        # A later move clears this segment's reasons again: they are not worked out at all.
        explain = explaining() and not any(s.move is not None for s in later[index + 1 :])
        many = len(branches) > 1
        grown: list[Branch] = []
        for branch in branches:
            grown.extend(_later_segment(this, branch, segment, _segment_prefix(segment, branch, actor, many), explain))
        branches = merge_branches(turn, grown)
    turn.options = [
        Option(to=b.path[-1], path=b.path, attacks=tuple(sorted(b.attacked)), details={"actions": b.done}, effects=b.effects)
        for b in branches
    ]
    after_card_reasons(turn, grid, earlier_reasons)
    return finish_keeping_forced_ways(turn, distinct_paths=True)


def _summoned_turn(grid: Grid, actor: str) -> Turn:
    """The turn of a figure summoned this round: it stays where it is."""
    start = grid.figures[actor]
    turn = Turn(actor=actor)
    turn.note("card", f"{actor} was summoned this round: it does not act until the next round (its initiative only orders focus ties).")
    rule_out_all_but(turn, grid, start, "card", "It was summoned this round: it does not act until the next round.")
    turn.options.append(Option(to=start, path=(start,)))
    return turn.finish()


def _segment_prefix(segment: Segment, branch: Branch, actor: str, many: bool) -> str:
    """What a later action's reasoning steps start with: the action, and with several branches, which one (where the
    figure stands, its focus, the figures pushed or pulled so far)."""
    where = ""
    if many:
        focus = f", focus {branch.focus}" if branch.focus else ""
        where = f", from {format_position(branch.board.figures[actor])}{focus}{_moved_by_force(branch)}"
    return f"[{describe_segment(segment).split(':')[0]}{where}] "


def _moved_by_force(branch: Branch) -> str:
    """Where the figures pushed or pulled so far now stand (tells apart branches a push split)."""
    moved = {e.figure: e.to for e in branch.effects if isinstance(e, Displaced)}
    return "".join(f", {label} at {format_position(to)}" for label, to in sorted(moved.items()))


def _first_branches(card: _Card, grid: Grid, first: Segment) -> list[Branch]:
    """The first segment's options as branches (one per focus it may belong to)."""
    turn, actor = card.turn, card.actor
    start = grid.figures[actor]
    branches: list[Branch] = []
    per_focus = (
        _outcomes_per_focus(grid, card.figures, actor, as_action(first.move, first.attack), card.rules, turn.focus)
        if len(turn.focus) > 1
        else {}
    )
    for option in turn.options:
        attacks = tuple(option.attacks) if first.performs else ()
        outcome = (option.to, tuple(sorted(option.attacks)))
        foci: list[str | None] = [f for f in turn.focus if outcome in per_focus.get(f, {outcome})] or [None]
        done = record(
            first,
            start,
            hex_path(option.path),
            attacks,
            foci[0] if len(foci) == 1 else None,
            card.disadvantaged(grid, first.attack, hex_of(option.to), attacks),
        )
        board, effects = board_after(grid, actor, hex_path(option.path), card.figure, first.move)
        for pushed, forced, said in card.forced(board, first.attack, hex_of(option.to), attacks):
            for focus in foci:
                branches.append(Branch(pushed, hex_path(option.path), attacks, focus, done + said, effects + forced))
    return branches


def _outcomes_per_focus(
    grid: Grid, figures: dict[str, GloomhavenFigure], actor: str, action: GloomhavenAction, rules: VariantRules, foci: list[str]
) -> dict[str, set[Outcome]]:
    """For a focus the players choose: which first-segment outcomes (to, attacks) belong to which
    focus, so a later move that keeps the focus keeps the one the players picked."""
    figure = figures[actor]
    view = View(grid, figures, actor, rules)
    plan = plan_attack(action, figure)
    mover = mover_for(view, action)
    attacks = Attacks(view, plan)
    costs = mover.costs_from(view.start)
    points = 0 if "immobilized" in figure.conditions else action.move
    reach = mover.reach_this_turn(points)
    outcomes: dict[str, set[Outcome]] = {}
    hexes_for = {e: {h: costs[h] for h in attacks.attack_hexes(e) if h in costs} for e in view.visible_enemies}
    focus_costs = {e: min(hexes.values()) for e, hexes in hexes_for.items() if hexes}
    for focus in foci:
        scratch = Turn(actor=actor, focus=list(foci))
        # Only the options count here: no reasons are worked out.
        ctx = Planning(scratch, view, mover, attacks, reach, "muddled" in figure.conditions, focus_costs, explain=False)
        plan_for_focus(ctx, focus, hexes_for[focus])
        outcomes[focus] = {(o.to, tuple(sorted(o.attacks))) for o in scratch.options}
    return outcomes


def merge_branches(turn: Turn, branches: list[Branch]) -> list[Branch]:
    """Branches in the same state (hex, figures attacked, focus, traps left) have the same
    future: keep the first. Beyond MAX_BRANCHES the rest are dropped, and the reasoning says so."""
    kept: dict[tuple[tuple[tuple[str, Cell], ...], tuple[str, ...], str | None, tuple[Position, ...]], Branch] = {}
    for branch in branches:
        key = (
            tuple(sorted(branch.board.figures.items())),
            tuple(sorted(branch.attacked)),
            branch.focus,
            tuple(sorted(e.at for e in branch.effects if isinstance(e, TrapSprung))),
        )
        kept.setdefault(key, branch)
    merged = list(kept.values())
    if len(merged) > MAX_BRANCHES:
        turn.note(
            "card",
            f"The card's actions can go {len(merged)} ways; only the first {MAX_BRANCHES} are followed further (a limit of this tool).",
        )
        merged = merged[:MAX_BRANCHES]
    return merged


def board_after(
    board: Grid, actor: str, path: tuple[Cell, ...], figure: GloomhavenFigure, move: GloomhavenCardAction | None
) -> tuple[Grid, tuple[Effect, ...]]:
    """The board after one move of the card, and that move's effects: the move, the traps
    it sprang (removed from the board: rulebook p.14; a flyer springs none)."""
    if move is None or len(path) < 2:
        return board, ()
    moved = board.moved(actor, path[-1])
    if figure.flying or not figure.interactable:
        return moved, (Moved(actor, path),)
    sprung = traps_entered(board, path, move.jump or move.teleport)
    return without_traps(moved, sprung), (Moved(actor, path), *(TrapSprung(cell, (actor,)) for cell in sprung))


# ---------------------------------------------------------------------------
# A later segment, from one branch


def _later_segment(card: _Card, branch: Branch, segment: Segment, prefix: str, explain: bool) -> list[Branch]:
    """Resolve one later segment from ``branch``: its focus, its move, its attack (each outcome a branch).
    ``explain``: work out why each other hex is not where it ends (false: a later move replaces the reasons)."""
    step = _LaterSegment.make(card, branch, segment, explain)
    attacks, hexes_for = step.targets()
    foci = step.foci(hexes_for)
    if not foci:
        return [step.nothing(prefix)]
    figure, scratch, here, board = card.figure, step.scratch, step.here, branch.board
    reach = step.mover.reach_this_turn(step.points)
    if explain:
        rule_out_when_it_cannot_move(scratch, board, card.actor, here, step.points, "immobilized" in figure.conditions)
        rule_out_cannot_end_or_reach(scratch, step.view, step.mover, reach, step.points, step.costs)
    grown: list[Branch] = []
    for focus in foci:
        options_before = len(scratch.options)
        focus_costs = {e: cheapest(hexes) for e, hexes in hexes_for.items() if hexes}
        ctx = Planning(scratch, step.view, step.mover, attacks, reach, "muddled" in figure.conditions, focus_costs, explain)
        plan_for_focus(ctx, focus, hexes_for[focus])
        for option in scratch.options[options_before:]:
            grown.extend(step.follow(option, focus))
    step.report(prefix)
    return grown


@dataclass
class _LaterSegment:
    """One later segment from one branch: the board as the figure sees it there, and the
    segment's own reasoning (``scratch``, copied into the turn with the segment's prefix)."""

    card: _Card
    branch: Branch
    segment: Segment
    view: View
    plan: AttackPlan
    mover: Mover
    costs: dict[Cell, Cost]
    scratch: Turn
    explain: bool

    @staticmethod
    def make(card: _Card, branch: Branch, segment: Segment, explain: bool) -> _LaterSegment:
        action = as_action(segment.move, segment.attack)
        view = View(branch.board, card.figures, card.actor, card.rules)
        plan = plan_attack(action, card.figure)
        mover = mover_for(view, action)
        costs = mover.costs_from(branch.board.figures[card.actor])
        return _LaterSegment(card, branch, segment, view, plan, mover, costs, Turn(actor=card.actor), explain)

    @property
    def here(self) -> Cell:
        return self.branch.board.figures[self.card.actor]

    @property
    def points(self) -> int:
        move = self.segment.move
        return 0 if move is None or "immobilized" in self.card.figure.conditions else (move.move or 0)

    def _hexes_for(self, attacks: Attacks) -> HexesFor:
        # Line of sight is tested only for the hexes asked about (SightedHexes), as in turn.py.
        costs, view = self.costs, self.view
        return {
            e: SightedHexes(
                {h: costs[h] for h in attacks.attack_hexes(e, sighted=False) if h in costs}, sees_from(view, view.grid.figures[e])
            )
            for e in view.visible_enemies
        }

    def targets(self) -> tuple[Attacks, HexesFor]:
        """Whom this segment's attack may target, and from where."""
        view, readings, scratch = self.view, self.card.readings, self.scratch
        everyone = list(view.visible_enemies)
        # A later attack does not target a figure this turn's attacks already hit
        # (notes 3.1), unless `rules.later_attack_targets` reads it otherwise.
        # (A move printed before a later attack plans for that attack, with the same exclusion.)
        plans_later_attack = self.segment.attack is not None and not self.segment.keeps_focus
        excluded = sorted(set(self.branch.attacked)) if plans_later_attack and readings.later_attack_targets != "any" else []
        view.visible_enemies = [e for e in everyone if e not in excluded]
        attacks = Attacks(view, self.plan)
        hexes_for = self._hexes_for(attacks)
        if excluded and readings.later_attack_targets == "others-first" and not any(hexes_for.values()):
            scratch.note(
                "focus",
                f"No enemy other than {', '.join(excluded)} can be focused, so it may attack them again (rules.later_attack_targets: others-first).",
            )
            view.visible_enemies = everyone
            attacks = Attacks(view, self.plan)
            hexes_for = self._hexes_for(attacks)
        elif excluded:
            scratch.note(
                "focus",
                f"Already attacked this turn, so not a target of this attack: {', '.join(excluded)} (notes 3.1; rules.later_attack_targets: {readings.later_attack_targets}).",
                dropped=excluded,
            )
        return attacks, hexes_for

    def foci(self, hexes_for: HexesFor) -> list[str]:
        """The focus kept from the last attack, or chosen anew among ``hexes_for`` (empty: none)."""
        scratch, branch, figures = self.scratch, self.branch, self.card.figures
        if self.segment.keeps_focus:
            foci = [branch.focus] if branch.focus is not None and hexes_for.get(branch.focus) else []
            if foci:
                scratch.note(
                    "focus",
                    f"It keeps its focus {describe(foci[0], figures)} and moves as for its last attack (rules.move_after_last_attack: last-attack).",
                    focus=branch.focus,
                )
            return foci
        if self.segment.attack is None:
            scratch.note(
                "card",
                "No attack follows this move: it finds a focus and moves as for a single-target melee attack (rules.move_after_last_attack: melee).",
            )
        board, here = branch.board, self.here
        ranks = {
            e: FocusRank(e, cheapest(h), self.view.range_between(here, board.figures[e]) or 0, initiative_key(e, figures))
            for e, h in hexes_for.items()
            if h
        }
        return (
            choose_focus(scratch, ranks, [e for e in self.view.visible_enemies if e not in ranks], self.card.rules, figures)
            if ranks
            else []
        )

    def nothing(self, prefix: str) -> Branch:
        """No enemy it could attack can be reached: the branch goes on unchanged."""
        scratch, branch, here = self.scratch, self.branch, self.here
        scratch.note("focus", "No enemy it could attack with this action can be reached: it does nothing here.")
        if self.explain:
            rule_out_all_but(
                scratch, branch.board, here, "no-focus", "No enemy it could attack with this action can be reached: it does not move."
            )
        self.report(prefix)
        done = branch.done + record(self.segment, here, (here,), (), None)
        return Branch(branch.board, branch.path, branch.attacked, branch.focus, done, branch.effects)

    def follow(self, option: Option, focus: str) -> list[Branch]:
        """The branch grown by one of the segment's options (and a line of reasoning for it); one per
        way its push or pull can end."""
        card, branch, segment, here = self.card, self.branch, self.segment, self.here
        hit = tuple(option.attacks) if segment.performs else ()
        disadvantaged = card.disadvantaged(branch.board, segment.attack, hex_of(option.to), hit)
        done = branch.done + record(segment, here, hex_path(option.path), hit, focus if segment.performs else None, disadvantaged)
        summary = (
            (f"moves {format_position(here)} -> {format_position(option.to)}" if option.to != here else "stays")
            if segment.move is not None
            else ""
        )
        if segment.performs:
            summary += (", then " if summary else "") + (
                f"attacks {', '.join(hit)} from {format_position(option.to)}" if hit else "does not attack"
            )
        self.scratch.note("card-action", summary[0].upper() + summary[1:] + ".", to=list(option.to), attacks=list(hit))
        board_next, effects = board_after(branch.board, card.actor, hex_path(option.path), card.figure, segment.move)
        attack = segment.attack if segment.performs else None
        return [
            Branch(
                pushed,
                branch.path + hex_path(option.path[1:]),
                branch.attacked + hit,
                focus if segment.performs or segment.keeps_focus else branch.focus,
                done + said,
                branch.effects + effects + forced,
            )
            for pushed, forced, said in card.forced(board_next, attack, hex_of(option.to), hit)
        ]

    def report(self, prefix: str) -> None:
        """The segment's reasoning into the turn, named after the action; its reasons only when it moves
        (an attack alone moves nothing: where it ends was decided earlier)."""
        turn = self.card.turn
        for step in self.scratch.reasoning:
            turn.reasoning.append(Step(step.step, prefix + step.text, step.data))
        if self.segment.move is not None and self.explain:
            take_reasons(turn, self.scratch, prefix)


def finish_keeping_forced_ways(turn: Turn, *, distinct_paths: bool = False) -> Turn:
    """Turn.finish for a card written as a list, keeping apart the ways a push or pull ends: options
    with the same hex and targets (and path, with ``distinct_paths``) are one unless their
    displacements differ."""
    turn.focus = sorted(set(turn.focus))
    unique: dict[tuple[object, ...], Option] = {}
    for option in turn.options:
        path = tuple(option.path)
        key = (
            option.to,
            tuple(sorted(option.attacks)),
            path if distinct_paths else (),
            tuple(e for e in option.effects if isinstance(e, Displaced)),
        )
        if key not in unique:
            effects = (
                option.effects if option.effects and isinstance(option.effects[0], Moved) else (Moved(turn.actor, path), *option.effects)
            )
            unique[key] = replace(option, path=path, attacks=tuple(sorted(option.attacks)), effects=effects)
    turn.options = sorted(unique.values(), key=Option.sort_key)
    return turn
