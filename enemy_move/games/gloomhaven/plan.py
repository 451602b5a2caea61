"""Where the figure goes, and whom it attacks, for one focus.

If some attack hex for the focus can be reached this turn without triggering more negative hexes
than needed, it goes to the best of them (ranking.py). Otherwise it picks destinations with
infinite movement (GH/JotL: the best attack, FH: the closest attack hex) and moves to shorten its
path to each of them as much as possible, with the fewest movement points; if it cannot, it stays.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from ...result import Option, count_of, format_position
from .attacks import cheapest, costing
from .board import INFINITE, Cell, Cost
from .context import Goal, Planning, Towards, TowardsScore
from .focus import initiative_key
from .ranking import LOST_ON, MAX_LISTED_GROUPS, ExtraRank, Ranking, rank_attacks
from .readings import consulted
from .ruled_out import rule_out_attack_now, rule_out_costly_attack_hexes, rule_out_towards
from .targets import Targets
from .words import fmt_cost

#: How many best (hex, targets) pairs the reasoning names.
_SHOWN = 12


def plan_for_focus(ctx: Planning, focus: str, focus_hexes: Mapping[Cell, Cost]) -> None:
    """Where the figure goes (and whom it attacks) for one focus: options and reasons into ``ctx.turn``."""
    prefix = f"[focus {focus}] " if len(ctx.turn.focus) > 1 else ""
    planner = _FocusPlan.make(ctx, Goal(focus, focus_hexes, cheapest(focus_hexes)[0], prefix))
    # This turn: attack hexes reachable without more negative hexes than needed.
    # Line of sight (in focus_hexes) is the costly test: asked last.
    fewest, can_end_or_start = planner.goal.fewest_negatives, ctx.view.can_end_or_start
    moves_now = {h: cost[1] for h, (cost, _) in ctx.reach.items() if cost[0] == fewest and can_end_or_start(h) and h in focus_hexes}
    ranking, alternative = planner.rank(moves_now, now=True)
    if ranking.best:
        planner.attack_now(ranking, alternative, moves_now)
    else:
        planner.head_for(planner.destinations())


@dataclass
class _FocusPlan:
    """One focus's plan: the move's facts, the focus, and how extra targets rank per reading of
    rules.extra_targets (the reading in force first; the other too when it could change the answer)."""

    ctx: Planning
    goal: Goal
    extra_ranks: dict[str, ExtraRank | None]

    @staticmethod
    def make(ctx: Planning, goal: Goal) -> _FocusPlan:
        rules, view = ctx.rules, ctx.view
        multi = ctx.plan.targets > 1 or ctx.plan.pattern is not None

        def proximity(label: str) -> int:
            distance = view.range_between(view.start, view.grid.figures[label])
            return 10**9 if distance is None else distance

        # Extra targets' ranks, worked out once per label (the ranking asks for them often).
        by_movement = {
            label: (proximity(label) if rules.proximity_breaks_focus_ties else 0, initiative_key(label, view.figures))
            for label in view.visible_enemies
        }
        as_focus = {label: (ctx.focus_costs.get(label, INFINITE),) + rank for label, rank in by_movement.items()}
        # "movement": the movement part is the group's (see ranking._by_group_movement); then proximity
        # (not in JotL), then initiative. French procedure 3B: the "secondary focus", ranked by
        # the focus rules themselves.
        rank_by_movement, rank_as_focus = by_movement.__getitem__, as_focus.__getitem__

        def extra_rank_for(reading: str) -> ExtraRank | None:
            if not (multi and rules.rank_extra_targets):
                return None
            return rank_by_movement if reading == "movement" else rank_as_focus

        # The reading in force first; the other one too when it could change the answer (the
        # reasoning then names the reading used), sharing the stages both agree on.
        readings: list[str] = [rules.extra_targets]
        if extra_rank_for(rules.extra_targets) is not None and rules.focus_disadvantage_first:
            readings.append(rules.other_extra_targets)
        return _FocusPlan(ctx, goal, {r: extra_rank_for(r) for r in readings})

    # --- ranking -------------------------------------------------------------
    def rank(self, moves: dict[Cell, int], *, now: bool) -> tuple[Ranking, Ranking | None]:
        """The ranking under the reading in force, and under the other reading (None: not ranked)."""
        ctx = self.ctx
        rankings = rank_attacks(
            ctx.attacks,
            self.goal.focus,
            moves,
            ctx.rules,
            # Out of reach too, the attack hex is chosen "avoiding disadvantage (first priority)"
            # (GH rulebook FAQ p.66), re-evaluated with infinite movement.
            disadvantaged=self._disadvantaged,
            extra_ranks=self.extra_ranks,
            fallback=not now,
        )
        return rankings[ctx.rules.extra_targets], rankings.get(ctx.rules.other_extra_targets)

    def _disadvantaged(self, h: Cell) -> frozenset[str]:
        return frozenset() if self.ctx.muddled else self.ctx.attacks.disadvantaged_from(h)

    def name_reading_if_it_matters(self, ranking: Ranking, alternative: Ranking | None, *, now: bool) -> None:
        if alternative is None:
            return
        rules = self.ctx.rules
        differs = alternative.listed() != ranking.listed() if now else alternative.hexes() != ranking.hexes()
        if differs:
            reading = (
                "the target group needing the fewest movement points first, then proximity and initiative (rulebook p.30, FAQ p.66)"
                if rules.extra_targets == "movement"
                else "extra targets ranked as secondary foci before movement (French procedure, step 3 B)"
            )
            self.ctx.turn.note(
                "reading",
                self.goal.prefix
                + f"Open reading, rules.extra_targets: {rules.extra_targets}: {reading}. With '{rules.other_extra_targets}' the answer differs.",
                switch="rules.extra_targets",
                value=rules.extra_targets,
            )

    # --- it attacks this turn ------------------------------------------------
    def attack_now(self, ranking: Ranking, alternative: Ranking | None, moves_now: dict[Cell, int]) -> None:
        """It can attack its focus this turn: say from where and whom, rule out the rest, list the options."""
        ctx, goal = self.ctx, self.goal
        listed = ranking.listed()
        shown = sorted(((h, _targets_of(entry)) for h, entry in listed), key=lambda p: (p[0], p[1].sort_key()))
        self._note_best(ranking, moves_now, shown)
        if len(listed) == len(ranking.best) and any(t.count for _, t in ranking.best):
            ctx.turn.note(
                "attack-now",
                goal.prefix
                + f"Too many equally good target groups to list one by one (over {MAX_LISTED_GROUPS}): each option names the targets it surely attacks; the players add the rest as its note says.",
            )
        start = ctx.view.start
        if start in moves_now and start not in {h for h, _ in shown}:
            ctx.turn.note(
                "attack-now",
                goal.prefix + f"It does not attack from where it stands ({format_position(start)}): {LOST_ON[ranking.lost[start].stage]}.",
            )
        self.name_reading_if_it_matters(ranking, alternative, now=True)
        rule_out_attack_now(ctx, goal, ranking)
        self._attack_options(shown)

    def _note_best(self, ranking: Ranking, moves_now: dict[Cell, int], shown: list[tuple[Cell, Targets]]) -> None:
        ctx, goal = self.ctx, self.goal
        if ctx.plan.real:
            can, verb = f"It can attack {goal.focus} this turn", " attacking "
        else:  # no attack on the card (or disarmed): it moves as if for a melee attack and attacks nobody
            can, verb = f"It can reach a hex next to {goal.focus} this turn (as if for a melee attack; it makes none)", " next to "
        ctx.turn.note(
            "attack-now",
            goal.prefix
            + f"{can} from {count_of(len(moves_now), 'hex', 'hexes')}. "
            + _explain_choice(ctx)
            + f" Best: {'; '.join(format_position(h) + verb + t.describe() for h, t in shown[:_SHOWN])}"
            + (f" (and {len(shown) - _SHOWN} more)" if len(shown) > _SHOWN else "")
            + f" ({count_of(moves_now[shown[0][0]], 'movement point')}).",
            kept=[_targets_data(h, t) for h, t in shown],
            ruled_out={
                stage: [list(h) for h in sorted(h for h, lost in ranking.lost.items() if lost.stage == stage)]
                for stage in LOST_ON
                if any(lost.stage == stage for lost in ranking.lost.values())
            },
        )

    def _attack_options(self, shown: list[tuple[Cell, Targets]]) -> None:
        """One option per hex and sure targets; sets listed as "N more among ..." that share
        them are alternatives of that one option."""
        ctx = self.ctx
        real = ctx.plan.real
        alternatives: dict[tuple[Cell, frozenset[str]], list[dict[str, Any]]] = {}
        for h, t in shown:
            choices = alternatives.setdefault((h, t.sure), [])
            if t.count:
                choices.append({"choose": t.count, "among": sorted(t.pool)})
        for (h, sure), choices in alternatives.items():
            details = {"also": choices} if choices and real else {}
            ctx.turn.options.append(Option(to=h, path=ctx.reach[h][1], attacks=tuple(sorted(sure)) if real else (), details=details))

    # --- out of reach this turn ----------------------------------------------
    def destinations(self) -> list[Cell]:
        """Out of reach this turn: destinations picked with infinite movement."""
        ctx, goal = self.ctx, self.goal
        rules = ctx.rules
        if rules.plan_best_future_attack:
            moves_later = {h: cost[1] for h, cost in costing(goal.hexes, lambda cost: cost[0] == goal.fewest_negatives).items()}
            future, alternative = self.rank(moves_later, now=False)
            destinations = future.hexes()
            self.name_reading_if_it_matters(future, alternative, now=False)
            if destinations != _closest(goal):  # where the other reading would head for other hexes
                consulted("plan_best_future_attack")
        else:
            destinations = _closest(goal)
        how = "the hexes with the best attack on it" if rules.plan_best_future_attack else "the closest hexes from which it can attack it"
        ctx.turn.note(
            "destination",
            goal.prefix
            + f"It cannot attack {goal.focus} this turn; it heads for {how}: {', '.join(format_position(d) for d in destinations)} ({fmt_cost(goal.hexes[destinations[0]])} away).",
            destinations=[list(d) for d in destinations],
        )
        return destinations

    def head_for(self, destinations: list[Cell]) -> None:
        """Move to shorten its path to each destination as much as possible (or stay)."""
        ctx, goal = self.ctx, self.goal
        start = ctx.view.start
        rule_out_costly_attack_hexes(ctx, goal)
        if not ctx.reach or list(ctx.reach) == [start]:
            ctx.turn.note("move", goal.prefix + "It has no movement this turn, so it stays.")
            ctx.turn.options.append(Option(to=start, path=(start,)))
            return
        for destination in destinations:
            self.move_towards(self.towards(destination))

    def towards(self, destination: Cell) -> Towards:
        """Every hex it can end in this turn, scored on the way to ``destination``."""
        view, reach = self.ctx.view, self.ctx.reach
        # Every mode searches backwards from the destination (icy walking over its reversed steps).
        remaining = self.ctx.mover.costs_to(destination)
        here = remaining.get(view.start, INFINITE)
        scored: list[tuple[TowardsScore, Cell]] = []
        for cell, (cost, _) in reach.items():
            if cell != view.start and not view.can_end(cell):
                continue
            rest = remaining.get(cell)
            if rest is None:
                continue
            scored.append(((cost[0] + rest[0], rest[1], cost[1]), cell))
        return Towards(destination, here, scored, min(s for s, _ in scored))

    def move_towards(self, towards: Towards) -> None:
        ctx, prefix = self.ctx, self.goal.prefix
        start, destination, best_score, here = ctx.view.start, towards.destination, towards.best_score, towards.here
        rule_out_towards(ctx, self.goal, towards)
        if towards.stays:
            ctx.turn.note(
                "move",
                prefix
                + f"Towards {format_position(destination)}: no reachable hex shortens its path ({count_of(here[1], 'move')} from where it stands), so it stays.",
            )
            ctx.turn.options.append(Option(to=start, path=(start,)))
            return
        ends = towards.ends
        ctx.turn.note(
            "move",
            prefix
            + f"Towards {format_position(destination)}: from {count_of(here[1], 'move')} away down to {best_score[1]}, using {count_of(best_score[2], 'movement point')} (the fewest that get this close): {', '.join(format_position(e) for e in ends)}.",
            destination=list(destination),
            ends=[list(e) for e in ends],
        )
        for cell in ends:
            ctx.turn.options.append(Option(to=cell, path=ctx.reach[cell][1]))


def _closest(goal: Goal) -> list[Cell]:
    """The closest hexes from which it can attack its focus (rules.plan_best_future_attack: false)."""
    closest = cheapest(goal.hexes)
    return sorted(costing(goal.hexes, lambda cost: cost == closest))


def _targets_of(entry: frozenset[str] | Targets) -> Targets:
    return entry if isinstance(entry, Targets) else Targets(entry)


def _targets_data(hex_: Cell, targets: Targets) -> dict[str, Any]:
    data: dict[str, Any] = {"to": list(hex_), "attacks": sorted(targets.sure)}
    if targets.count:
        data.update(choose=targets.count, among=sorted(targets.pool))
    return data


def _explain_choice(ctx: Planning) -> str:
    rules, plan, muddled = ctx.rules, ctx.plan, ctx.muddled
    parts = []
    if not plan.melee and not muddled:
        parts.append("avoid disadvantage on the focus" if rules.focus_disadvantage_first else None)
    parts.append("most targets" if plan.targets > 1 or plan.pattern else None)
    if rules.rank_extra_targets and (plan.targets > 1 or plan.pattern):
        parts.append("best-ranked extra targets")
    if not plan.melee and not muddled:
        parts.append("fewest disadvantaged attacks")
    parts.append("fewest movement points")
    return "Order of preference: " + ", then ".join(p for p in parts if p) + "."
