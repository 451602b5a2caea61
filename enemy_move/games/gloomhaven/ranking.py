"""Ranking the hexes it can attack from: one preference after the other, in the variant's order.

GH p.30, FAQ p.66, Dized "maximizing its attack"; FH Appendix B (docs/gloomhaven.md, "Attack hexes").
Each hex that loses keeps the preference it lost on (:class:`Lost`), for "why not this hex?".
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass, field

from .attacks import Attacks
from .board import Cell
from .targets import Targets
from .variants import VariantRules

#: How an extra target ranks (lowest first): a tuple compared item by item.
ExtraRank = Callable[[str], tuple[object, ...]]
#: A value a preference compares (rank_attacks): a count, or the sorted ranks of extra targets.
Score = int | list[tuple[object, ...]]
#: (hex, target set) pairs still in the running.
Pairs = list[tuple[Cell, Targets]]

MAX_LISTED_GROUPS = 200

#: The preference on which a hex lost (named in the reasoning), per ranking stage.
LOST_ON = {
    "focus-disadvantage": "it would attack its focus with disadvantage",
    "targets": "it would hit fewer targets",
    "group-movement": "those targets need more movement to attack",
    "extra-rank": "its extra targets rank lower",
    "extra-disadvantage": "more of its attacks on extra targets would have disadvantage",
    "disadvantage": "more of its attacks would have disadvantage",
    "movement": "it would use more movement",
}


@dataclass(frozen=True)
class Lost:
    """Why a hex lost: the preference (a LOST_ON key), its value there and the best value, as
    compared, with the target sets they belong to (for "why not this hex?")."""

    stage: str
    here: Score | None = None
    best: Score | None = None
    targets: Targets | None = None
    best_targets: Targets | None = None


@dataclass
class Ranking:
    """The best (hex, target set) pairs for one focus, and why each other hex lost."""

    best: list[tuple[Cell, Targets]]
    lost: dict[Cell, Lost]

    def hexes(self) -> list[Cell]:
        return sorted({h for h, _ in self.best})

    def listed(self) -> set[tuple[Cell, frozenset[str]]] | set[tuple[Cell, Targets]]:
        """Every (hex, group), or the (hex, target set) pairs when they are too many to list."""
        if sum(t.number() for _, t in self.best) > MAX_LISTED_GROUPS:
            return set(self.best)
        return {(h, g) for h, t in self.best for g in t.groups()}


def rank_attacks(
    attacks: Attacks,
    focus: str,
    moves: dict[Cell, int],
    rules: VariantRules,
    *,
    disadvantaged: Callable[[Cell], frozenset[str]],
    extra_ranks: dict[str, ExtraRank | None],
    fallback: bool = False,
) -> dict[str, Ranking]:
    """Rank every (hex, target group) for ``focus``, one preference after the other in the
    variant's order, each applied only to what the earlier ones kept (GH p.30, FAQ p.66, Dized
    "maximizing its attack"; FH App. B). Groups are kept as :class:`Targets` sets, built once per
    hex, so ties among many targets never enumerate every combination.

    ``disadvantaged(hex)``: the enemies attacked with disadvantage from there. ``extra_ranks``:
    per reading of ``rules.extra_targets`` to rank, how an extra target ranks (None: not ranked);
    the rankings share the stages the readings agree on."""
    ranker = _Ranker(attacks, focus, moves, disadvantaged, fallback)
    if rules.focus_disadvantage_first:
        return ranker.focus_disadvantage_first(extra_ranks)
    return ranker.disadvantage_together(extra_ranks)


@dataclass
class _Ranker:
    """One ranking's inputs, and the hexes lost on the stages every reading shares."""

    attacks: Attacks
    focus: str
    moves: dict[Cell, int]
    disadvantaged: Callable[[Cell], frozenset[str]]
    fallback: bool
    lost: dict[Cell, Lost] = field(default_factory=dict)

    def focus_disadvantage_first(self, extra_ranks: dict[str, ExtraRank | None]) -> dict[str, Ranking]:
        """GH, JotL: no disadvantage on the focus, most targets, the target group (movement or rank),
        fewest disadvantaged extra targets, fewest movement points."""
        focus, lost = self.focus, self.lost
        # The focus's disadvantage depends on the hex only: filter before building any target set.
        hexes = sorted(self.moves)
        on_focus = {h: int(focus in self.disadvantaged(h)) for h in hexes}
        fewest = min(on_focus.values(), default=0)
        lost.update((h, Lost("focus-disadvantage", 1, 0)) for h in hexes if on_focus[h] != fewest)
        pairs = self.targets_of(_most_targets([h for h in hexes if on_focus[h] == fewest], self.attacks, focus, lost, self.fallback))
        rankings: dict[str, Ranking] = {}
        for reading, rank in extra_ranks.items():
            lost_here = dict(lost)
            if reading == "movement":
                kept = _by_group_movement(pairs, self.moves, focus, rank, lost_here)
            elif rank is not None:
                kept = self.ranked_extras(pairs, rank, lost_here)
            else:
                kept = pairs
            kept = _keep("extra-disadvantage", [self.extra_disadvantage(h, t) for h, t in kept], lost_here)
            kept = _keep("movement", [(self.moves[h], h, t) for h, t in kept], lost_here)
            rankings[reading] = Ranking(_without_repeats(kept), lost_here)
        return rankings

    def disadvantage_together(self, extra_ranks: dict[str, ExtraRank | None]) -> dict[str, Ranking]:
        """FH: most targets, fewest disadvantaged attacks (focus included), extra targets' rank, fewest movement points."""
        focus = self.focus
        pairs = self.targets_of(_most_targets(sorted(self.moves), self.attacks, focus, self.lost, self.fallback))
        scored = [self.extra_disadvantage(h, t) for h, t in pairs]
        pairs = _keep("disadvantage", [(d + int(focus in self.disadvantaged(h)), h, t) for d, h, t in scored], self.lost)
        rankings: dict[str, Ranking] = {}
        for reading, rank in extra_ranks.items():
            lost_here = dict(self.lost)
            kept = self.ranked_extras(pairs, rank, lost_here) if rank is not None else pairs
            kept = _keep("movement", [(self.moves[h], h, t) for h, t in kept], lost_here)
            rankings[reading] = Ranking(_without_repeats(kept), lost_here)
        return rankings

    def extra_disadvantage(self, h: Cell, t: Targets) -> tuple[int, Cell, Targets]:
        """How many extra targets ``t`` attacks with disadvantage from ``h``, its groups narrowed to the fewest."""
        hit_badly = self.disadvantaged(h) - {self.focus}
        if not hit_badly & (t.sure | t.pool):
            return 0, h, t
        refined = t.best_by(lambda label: label in hit_badly)
        return sum(refined.scores(lambda label: int(label in hit_badly), self.focus)), h, refined

    def ranked_extras(self, scored_pairs: Pairs, rank: ExtraRank, lost: dict[Cell, Lost]) -> Pairs:
        refined = [(h, t.best_by(rank)) for h, t in scored_pairs]
        return _keep("extra-rank", [(t.scores(rank, self.focus), h, t) for h, t in refined], lost)

    def targets_of(self, hexes: list[Cell]) -> Pairs:
        pairs: Pairs = []
        for h in hexes:
            sets = self.attacks.sets_for(h, self.focus)
            if not sets and self.fallback:
                sets = [Targets(frozenset([self.focus]))]
            pairs.extend((h, t) for t in sets)
        return pairs


def _keep(stage: str, scored: Sequence[tuple[Score, Cell, Targets]], lost: dict[Cell, Lost]) -> Pairs:
    """The best-scored pairs; every other hex lost on ``stage`` (unless it lost earlier)."""
    if not scored:
        return []
    best = min(score for score, _, _ in scored)
    kept = [(h, t) for score, h, t in scored if score == best]
    survivors = {h for h, _ in kept}
    best_targets = min((t for score, _, t in scored if score == best), key=Targets.sort_key)
    for score, h, t in sorted(scored, key=lambda item: (item[0], item[1], item[2].sort_key())):
        if h not in survivors and h not in lost:
            lost[h] = Lost(stage, score, best, t, best_targets)
    return kept


def _without_repeats(pairs: list[tuple[Cell, Targets]]) -> list[tuple[Cell, Targets]]:
    """Sorted, each (hex, target set) once, and none whose groups another set at the same hex holds."""
    by_hex: dict[Cell, set[Targets]] = {}
    for h, t in pairs:
        by_hex.setdefault(h, set()).add(t)
    return [
        (h, t)
        for h in sorted(by_hex)
        for t in sorted(by_hex[h], key=Targets.sort_key)
        if not any(o != t and t.meet(o) == t for o in by_hex[h])
    ]


def _most_targets(hexes: list[Cell], attacks: Attacks, focus: str, lost: dict[Cell, Lost], fallback: bool) -> list[Cell]:
    """The hexes whose best attack including the focus hits the most targets (sizes only: the
    target sets are built for the survivors)."""
    sizes = {h: attacks.largest_with(h, focus) or (1 if fallback else 0) for h in hexes}
    most = max(sizes.values(), default=0)
    lost.update((h, Lost("targets", sizes[h], most)) for h in hexes if sizes[h] != most and h not in lost)
    return [h for h in hexes if sizes[h] == most and most > 0]


def _by_group_movement(
    pairs: list[tuple[Cell, Targets]], moves: dict[Cell, int], focus: str, extra_rank: ExtraRank | None, lost: dict[Cell, Lost]
) -> list[tuple[Cell, Targets]]:
    """GH/JotL: the target groups needing the fewest movement points to attack (counted only over
    the hexes still in the running), then the best-ranked extra targets among them. Every hex
    that attacks such a group stays in the running (it may lose disadvantage on extra targets)."""
    if not pairs:
        return pairs
    cheapest = min(moves[h] for h, _ in pairs)
    cheapest_sets = {t for h, t in pairs if moves[h] == cheapest}
    seeds = cheapest_sets
    if extra_rank is not None:
        refined = {t.best_by(extra_rank) for t in seeds}
        best = min(t.scores(extra_rank, focus) for t in refined)
        seeds = {t for t in refined if t.scores(extra_rank, focus) == best}
    kept = sorted(
        {(h, met) for h, t in pairs for seed in seeds if (met := t.meet(seed)) is not None}, key=lambda p: (p[0], p[1].sort_key())
    )
    survivors = {h for h, _ in kept}
    best_seed = min(seeds, key=Targets.sort_key)
    # For the losers' explanations: each distinct target set once, at its cheapest hex.
    own_sets: dict[Cell, list[Targets]] = {}
    set_cost: dict[Targets, int] = {}
    for h, t in pairs:
        own_sets.setdefault(h, []).append(t)
        set_cost[t] = min(set_cost.get(t, moves[h]), moves[h])
    group_costs: dict[Targets, int] = {}
    by_cost = sorted(set_cost.items(), key=lambda item: item[1])  # the first that meets a group is its cheapest

    def group_cost(t: Targets) -> int:
        """What attacking (part of) the groups ``t`` costs over the running hexes."""
        if t not in group_costs:
            group_costs[t] = next(cost for other, cost in by_cost if t.meets(other))
        return group_costs[t]

    for h in sorted(own_sets.keys() - survivors):
        if h in lost:
            continue
        own = own_sets[h]
        # The cheapest group it attacks here, and what that group costs over the running hexes.
        cost, group = min(((group_cost(t), t) for t in own), key=lambda item: (item[0], item[1].sort_key()))
        if cost > cheapest or extra_rank is None:
            lost[h] = Lost("group-movement", cost, cheapest, group, best_seed)
        else:
            worse = min(
                (t.best_by(extra_rank) for t in own if any(t.meets(o) for o in cheapest_sets)),
                key=lambda t: (t.scores(extra_rank, focus), t.sort_key()),
            )
            lost[h] = Lost("extra-rank", worse.scores(extra_rank, focus), best_seed.scores(extra_rank, focus), worse, best_seed)
    return kept
