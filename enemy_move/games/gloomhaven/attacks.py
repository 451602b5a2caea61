"""What the card's attack means for planning, and which enemies it can hit from a hex (range, sight, areas)."""

from __future__ import annotations

from collections import OrderedDict
from collections.abc import Callable, Hashable, Iterator, Mapping
from copy import copy
from dataclasses import dataclass, field, replace
from typing import TypeVar

from ...geometry import hexgrid
from .board import BLOCKS_SIGHT, Cell, Cost, View, sight_blockers
from .model import GloomhavenAction, GloomhavenFigure
from .readings import consulted, watching
from .targets import Targets

T = TypeVar("T")


@dataclass
class AttackPlan:
    """What the acting figure's card means for planning (after stun/disarm rules)."""

    range: int  # counted in hexes; melee = 1
    melee: bool
    targets: int
    pattern: tuple[tuple[int, int], ...] | None  # axial vectors; melee AoE relative to '@'
    real: bool  # False: no attack on the card (or disarmed): plan only, never attack


def parse_pattern(text: str) -> tuple[bool, tuple[tuple[int, int], ...]]:
    """AoE text -> (melee?, axial vectors of the 'x' hexes, relative to '@' or the first 'x')."""
    cells: list[Cell] = []
    origin: Cell | None = None
    lines = text.split("\n")
    while lines and not lines[0].strip():
        lines.pop(0)
    for row, line in enumerate(lines):
        for position, char in enumerate(line):
            if char in " .":
                continue
            col = (position - (row & 1)) // 2
            if char == "@":
                origin = (col, row)
            elif char == "x":
                cells.append((col, row))
    axial = [hexgrid.to_axial(c) for c in cells]
    anchor = hexgrid.to_axial(origin) if origin is not None else axial[0]
    vectors = tuple((q - anchor[0], r - anchor[1]) for q, r in axial)
    return origin is not None, vectors


def plan_attack(action: GloomhavenAction, figure: GloomhavenFigure) -> AttackPlan:
    attack = action.attack
    if attack is None or "disarmed" in figure.conditions:
        return AttackPlan(range=1, melee=True, targets=1, pattern=None, real=False)
    if attack.aoe:
        melee, vectors = parse_pattern(attack.aoe)
        return AttackPlan(range=max(attack.range, 1), melee=melee, targets=attack.targets, pattern=vectors, real=True)
    return AttackPlan(range=max(attack.range, 1), melee=attack.range == 0, targets=attack.targets, pattern=None, real=True)


class Attacks:
    """Which enemies the acting figure can attack from a hex, and how well."""

    def __init__(self, view: View, plan: AttackPlan):
        self.view = view
        self.plan = plan
        self.orientations = hexgrid.orientations(plan.pattern) if plan.pattern else []
        known, sibling = _shared_answers(view, plan)
        self._known = known
        if sibling is not None and SHARE_ACROSS_ANCHOR_READINGS:
            self._take_from(sibling)
        self._largest = known.largest
        self._best_at = known.best_at
        self._sets_for = known.sets_for
        self._disadvantaged = known.disadvantaged
        self._enemies_cache = known.enemies_in
        self._near = _shared_near(view, plan)
        self._visible_enemies = tuple(view.visible_enemies)
        self._visible = frozenset(view.visible_enemies)
        #: Area ways worked out once per hex for every focus, or per hex and focus among crowds (PER_HEX_UP_TO).
        self._per_hex = len(self._visible) <= PER_HEX_UP_TO
        #: Whether a hex whose covers the other reading of rules.aoe_anchor_in_wall changes is compared with that
        #: reading (False: this is the other reading, worked out for a comparison).
        self._compares_anchor = True
        self._other: Attacks | None = None
        self._anchor_hexes: dict[str, set[Cell]] = {}
        #: This turn's ways to attack from a hex with an area (largest_with), for sets_for: a few each, else worked out
        #: again; by hex, or by (hex, focus) among crowds.
        self._found: dict[Hashable, list[Targets]] = {}
        if known.anchor_heard:
            consulted("aoe_anchor_in_wall")  # answers kept here were built on covers the other reading changes

    def _take_from(self, sibling: _Answers) -> None:
        """New answers for a ranged area under one reading of rules.aoe_anchor_in_wall, where the other reading's are
        kept: they differ only at the hexes whose covers differ (``anchor_differs``, the same under both readings), so
        the other reading's answers at every other hex are these answers too."""
        known = self._known
        known.ranged_covers = self._ranged_covers()
        differs = known.anchor_differs
        known.largest.update((key, size) for key, size in sibling.largest.items() if key[0] not in differs)
        known.best_at.update((hex_, best) for hex_, best in sibling.best_at.items() if hex_ not in differs)
        known.sets_for.update((key, sets) for key, sets in sibling.sets_for.items() if key[0] not in differs)
        known.disadvantaged.update(sibling.disadvantaged)
        known.enemies_in.update(sibling.enemies_in)

    def _singles(self, hex_: Cell) -> frozenset[str]:
        """The visible enemies a single attack from ``hex_`` can target (range and sight): worked out
        for every enemy once per board and attack range, then narrowed to those in play."""
        found = self._near.singles.get(hex_)
        if found is None:
            view = self.view
            found = self._near.singles[hex_] = frozenset(label for label in view.enemies if self.can_target(hex_, view.grid.figures[label]))
        return found & self._visible

    def in_range(self, hex_: Cell, target: Cell) -> bool:
        distance = self.view.range_between(hex_, target)
        return distance is not None and distance <= self.plan.range

    def can_target(self, hex_: Cell, target: Cell) -> bool:
        return self.in_range(hex_, target) and self.view.sight.visible(hex_, target)

    def disadvantaged(self, hex_: Cell, target: Cell) -> bool:
        """A ranged attack on an adjacent target (range 1, i.e. no wall line between)."""
        return not self.plan.melee and self.view.range_between(hex_, target) == 1

    def disadvantaged_from(self, hex_: Cell) -> frozenset[str]:
        """The enemies a ranged attack from ``hex_`` hits with disadvantage (cached per hex)."""
        found = self._disadvantaged.get(hex_)
        if found is None:
            near = self._near.adjacent.get(hex_)
            if near is None:
                view = self.view
                near = self._near.adjacent[hex_] = frozenset(
                    label for label in view.enemies if view.range_between(hex_, view.grid.figures[label]) == 1
                )
            found = frozenset() if self.plan.melee else near & self._visible
            self._disadvantaged[hex_] = found
        return found

    def covered_from(self, hex_: Cell) -> set[frozenset[str]]:
        """The sets of visible enemies that one area placement usable from ``hex_`` covers (never empty sets)."""
        if self.plan.melee:
            q, r = hexgrid.to_axial(hex_)
            placements = [frozenset(hexgrid.from_axial((q + dq, r + dr)) for dq, dr in o) for o in self.orientations]
            return {covered for covered in map(self._enemies_in, placements) if covered}
        known = self._known
        covers = known.ranged_covers
        if covers is None:
            covers = known.ranged_covers = self._ranged_covers()
        if hex_ in known.anchor_differs and not ANCHOR_COMPARED_PER_FOCUS and self._compares_anchor:
            known.anchor_heard = True
            consulted("aoe_anchor_in_wall")
        return covers.get(hex_, set())

    def _ranged_covers(self) -> dict[Cell, set[frozenset[str]]]:
        """Per hex, the sets of visible enemies that one ranged area placement with an allowed hex within range covers."""
        view = self.view
        # Every placement that covers an enemy, each once (an orientation and where its first hex lands),
        # grouped by whom it covers: a hex can use the group when some placement of it has an allowed hex within range.
        at = {view.grid.figures[label]: label for label in view.visible_enemies}
        anchors_of: dict[frozenset[str], set[Cell]] = {}
        # The wall hexes of each group's placements: anchors under one reading of rules.aoe_anchor_in_wall only.
        walls_of: dict[frozenset[str], set[Cell]] = {}
        seen: set[tuple[int, int, int]] = set()
        blocks_sight = sight_blockers(view.grid)  # view.terrain(c) in BLOCKS_SIGHT exactly for these hexes
        for label in view.visible_enemies:
            q, r = hexgrid.to_axial(view.grid.figures[label])
            for index, o in enumerate(self.orientations):
                for vq, vr in o:
                    origin = (index, q - vq, r - vr)
                    if origin in seen:
                        continue
                    seen.add(origin)
                    placement = [hexgrid.from_axial((origin[1] + dq, origin[2] + dr)) for dq, dr in o]
                    covered = frozenset(at[c] for c in placement if c in at)
                    anchors_of.setdefault(covered, set()).update(c for c in placement if self.anchor_allowed(c))
                    walls = [c for c in placement if c in blocks_sight]
                    if walls:
                        walls_of.setdefault(covered, set()).update(walls)
        # Index once: the hexes within range of each group's anchors. Range to an allowed
        # wall hex is counted up to its edge (never through it): a search from the wall hex
        # into its open neighbours counts exactly that.
        covers: dict[Cell, set[frozenset[str]]] = {}
        for covered in sorted(anchors_of, key=sorted):
            within = view.ball(sorted(anchors_of[covered]), self.plan.range, keep=False)
            for hex_in_range in within:
                covers.setdefault(hex_in_range, set()).add(covered)
            if covered in walls_of:
                self._known.anchor_differs |= self._other_reading_differs(anchors_of[covered], walls_of[covered], within)
        return covers

    def _other_reading_differs(self, anchors: set[Cell], walls: set[Cell], within: set[Cell]) -> set[Cell]:
        """The hexes one group's placements reach under one reading of rules.aoe_anchor_in_wall and not under the
        other (``anchors``: this reading's, which reach ``within``; ``walls``: the placements' wall hexes). A search
        from several hexes reaches what the searches from each reach: the open anchors' reach and the walls' are compared."""
        view, reach = self.view, self.plan.range
        if view.rules.aoe_anchor_in_wall:  # here: open anchors and walls; the other reading: open anchors only
            open_anchors = anchors - walls
            return within - view.ball(sorted(open_anchors), reach, keep=False) if open_anchors else set(within)
        return view.ball(sorted(walls), reach, keep=False) - within

    def anchor_allowed(self, cell: Cell) -> bool:
        """May this hex of a ranged area be the one within range? A map hex; a wall hex only where the variant allows."""
        known = self._known.anchors
        allowed = known.get(cell)
        if allowed is None:
            terrain = self.view.terrain(cell)
            allowed = known[cell] = terrain != "none" and (terrain not in BLOCKS_SIGHT or self.view.rules.aoe_anchor_in_wall)
        return allowed

    def _enemies_in(self, placement: frozenset[Cell]) -> frozenset[str]:
        """The visible enemies standing in an area placement (cached per placement)."""
        found = self._enemies_cache.get(placement)
        if found is None:
            view = self.view
            found = frozenset(label for label in view.visible_enemies if view.grid.figures[label] in placement)
            self._enemies_cache[placement] = found
        return found

    def _ways(self, hex_: Cell) -> list[Targets]:
        """Every way an area attack from ``hex_`` can go, whoever the focus: the enemies a placement hits (those in
        its line of sight) plus extra single targets, or, when no placement hits anyone, one single target. The ways
        that may include a focus are those holding it (:meth:`_targets_with`): with several targets and the focus a
        single target, any placement may take it as an extra; otherwise only the placements hitting it. Worked out
        once per hex, never kept whole: among a crowd a hex has hundreds of placements."""
        singles, covered, sighted = self._placed(hex_)
        extra = self.plan.targets - 1
        hits = {hit for hit in (enemies & sighted for enemies in covered) if hit}
        if hits:
            return list({Targets.make(hit, singles - hit, extra) for hit in hits})
        return [Targets.make(frozenset(), singles, 1)] if extra > 0 and singles else []

    def _placed(self, hex_: Cell) -> tuple[frozenset[str], set[frozenset[str]], frozenset[str]]:
        """What an area attack from ``hex_`` works with: the single targets, the sets of enemies each placement
        covers, and those of them in sight of ``hex_``."""
        singles, covered = self._singles(hex_), self.covered_from(hex_)
        cells, visible = self.view.grid.figures, self.view.sight.visible
        return singles, covered, frozenset(label for label in set().union(*covered) if visible(hex_, cells[label]))

    def _targets_with(self, hex_: Cell, focus: str) -> list[Targets]:
        """Every way to attack from ``hex_`` that may include ``focus``: a single attack on the single targets, or
        for an area attack, the enemies a placement hits plus extra single targets (one single target when no
        placement hits anyone)."""
        if self.plan.pattern is None:
            singles = self._singles(hex_)
            return [Targets.make(frozenset(), singles, self.plan.targets)] if focus in singles else []
        ways = self._ways(hex_) if self._per_hex else self._ways_with(hex_, focus)
        return [t for t in ways if focus in t.sure or (t.count and focus in t.pool)]

    def _ways_with(self, hex_: Cell, focus: str) -> list[Targets]:
        """The ways of :meth:`_ways` that may hold ``focus`` (and perhaps a few more), the placements that cannot hold
        it left out before their targets are made: among a crowd most placements hit others only. With several
        targets and the focus a single target, any placement may take it as an extra; otherwise only those hitting it."""
        singles, covered, sighted = self._placed(hex_)
        extra = self.plan.targets - 1
        if extra > 0 and focus in singles:
            wanted = [enemies & sighted for enemies in covered]
        elif focus in sighted:
            wanted = [enemies & sighted for enemies in covered if focus in enemies]
        else:
            wanted = []
        hits = {hit for hit in wanted if hit}
        if hits:
            return [Targets.make(hit, singles - hit, extra) for hit in hits]
        # No placement hits anyone (all were asked when the focus may be an extra target): one single target.
        return [Targets.make(frozenset(), singles, 1)] if extra > 0 and focus in singles else []

    def largest_with(self, hex_: Cell, focus: str) -> int:
        """How many targets the best attack from ``hex_`` that includes ``focus`` hits (0: none)."""
        key = (hex_, focus)
        size = self._largest.get(key)
        if size is None:
            if self.plan.pattern is None:
                size = int(self._single_target(hex_, focus)) if self.plan.targets == 1 else self._several_singles(hex_, focus)
            else:
                size = self._largest[key] = self._largest_at(hex_).get(focus, 0) if self._per_hex else self._largest_for(hex_, focus)
                if hex_ in self._known.anchor_differs and ANCHOR_COMPARED_PER_FOCUS and self._compares_anchor:
                    self._heard_if_the_anchor_decides(hex_, focus)
            self._largest[key] = size
        return size

    def _heard_if_the_anchor_decides(self, hex_: Cell, focus: str) -> None:
        """``hex_``'s covers differ under the other reading of rules.aoe_anchor_in_wall: the turn depends on it
        (readings.consulted) where what it reads there for ``focus``, the most targets and the largest target sets,
        differs. Asked once per hex and focus of these answers: a difference is kept (anchor_heard) on both readings'
        answers, for the turns that read them later."""
        with watching():  # the other reading's answers are worked out here: what it hears is not this turn's
            other = self._other_reading()
            theirs = (other.largest_with(hex_, focus), other.sets_for(hex_, focus))
        if theirs != (self._largest[(hex_, focus)], self.sets_for(hex_, focus)):
            self._known.anchor_heard = other._known.anchor_heard = True
            consulted("aoe_anchor_in_wall")

    def _other_reading(self) -> Attacks:
        """The same attack's answers under the other reading of rules.aoe_anchor_in_wall (made once; never compared)."""
        if self._other is None:
            view = copy(self.view)
            view.rules = replace(view.rules, aoe_anchor_in_wall=not view.rules.aoe_anchor_in_wall)
            view.visible_enemies = list(self._visible_enemies)
            self._other = Attacks(view, self.plan)
            self._other._compares_anchor = False
        return self._other

    def _single_target(self, hex_: Cell, focus: str) -> bool:
        """Whether a single attack from ``hex_`` can target ``focus`` (range and sight): the enemies it cannot be,
        whose sight the other targets of several would need (:meth:`_singles`), are not asked."""
        found = self._near.singles.get(hex_)
        if found is not None:
            return focus in found and focus in self._visible
        return focus in self._visible and self.can_target(hex_, self.view.grid.figures[focus])

    def _several_singles(self, hex_: Cell, focus: str) -> int:
        singles = self._singles(hex_)
        return min(self.plan.targets, len(singles)) if focus in singles else 0

    def _largest_at(self, hex_: Cell) -> dict[str, int]:
        """Per enemy, how many targets the best area attack from ``hex_`` that includes it hits (only those it can)."""
        best = self._best_at.get(hex_)
        if best is None:
            best = self._best_at[hex_] = {}
            ways = self._ways(hex_)
            for way in ways:
                size = way.size
                for label in way.sure | way.pool if way.count else way.sure:
                    if best.get(label, 0) < size:
                        best[label] = size
            if len(ways) <= _FOUND_KEPT:
                self._found[hex_] = ways  # sets_for asks again for the hexes that keep the most targets
        return best

    def _largest_for(self, hex_: Cell, focus: str) -> int:
        """:meth:`_largest_at` for one enemy, its ways worked out for it alone (among crowds)."""
        ways = self._targets_with(hex_, focus)
        if len(ways) <= _FOUND_KEPT:
            self._found[(hex_, focus)] = ways  # sets_for asks again for the hexes that keep the most targets
        return max((way.size for way in ways), default=0)

    def sets_for(self, hex_: Cell, focus: str) -> list[Targets]:
        """The largest target sets from ``hex_`` that include ``focus`` (empty: cannot attack it)."""
        cached = self._sets_for.get((hex_, focus))
        if cached is None:
            largest = self.largest_with(hex_, focus)
            if self.plan.pattern is None and self.plan.targets == 1:
                # The one way: a single attack on the focus (the other single targets never asked).
                cached = self._sets_for[(hex_, focus)] = [Targets(frozenset((focus,)))] if largest else []
                return cached
            found = self._found.get(hex_ if self._per_hex else (hex_, focus)) if self.plan.pattern is not None else None
            ways = self._targets_with(hex_, focus) if found is None else found
            sets = {t.with_member(focus) for t in ways if t.size == largest}
            cached = sorted((t for t in sets if t is not None), key=Targets.sort_key)
            self._sets_for[(hex_, focus)] = cached
        return cached

    def attack_hexes(self, target: str, *, sighted: bool = True, consult: bool = True) -> set[Cell]:
        """Hexes the acting figure could end in to attack ``target`` (ignoring reachability).
        ``sighted=False``: in range only, line of sight to the target left to the caller. ``consult=False``: where
        the other reading of rules.aoe_anchor_in_wall finds other hexes, they are kept (:meth:`anchor_hexes`) for the
        caller to tell whether they decide, instead of the turn depending on that reading (readings.consulted)."""
        view = self.view
        cell = view.grid.figures[target]
        sources: set[Cell] = set()
        if self.plan.pattern is None or self.plan.targets > 1:
            # As a single target: a plain attack, or the extra target of an area attack.
            sources.add(cell)
        q, r = hexgrid.to_axial(cell)
        endable = view.endable()
        result = {h for h in view.ball(sorted(sources), self.plan.range) if h in endable} if sources else set()
        if self.plan.pattern is not None and self.plan.melee:
            # Melee area: no range test, only sight from the attacker's hex.
            for dq, dr in sorted({v for o in self.orientations for v in o}):
                hex_ = hexgrid.from_axial((q - dq, r - dr))
                if view.can_end_or_start(hex_):
                    result.add(hex_)
        elif self.plan.pattern is not None:
            # Ranged area: one hex of a placement covering the target within range.
            placed = [hexgrid.from_axial((q + dq, r + dr)) for dq, dr in self._reach()]
            anchors = {anchor for anchor in placed if self.anchor_allowed(anchor)}
            single, result = result, result | {h for h in view.ball(sorted(anchors), self.plan.range) if h in endable}
            walls = {c for c in placed if c in sight_blockers(view.grid)}
            if walls:  # anchors under one reading of rules.aoe_anchor_in_wall only: does the other find other hexes?
                other = anchors - walls if view.rules.aoe_anchor_in_wall else anchors | walls
                differs = result ^ (single | {h for h in view.ball(sorted(other), self.plan.range) if h in endable})
                if differs and consult:
                    consulted("aoe_anchor_in_wall")
                elif differs:
                    self._anchor_hexes[target] = differs
        if not sighted:
            return result
        return {h for h in result if view.sight.visible(h, cell)}

    def anchor_hexes(self, target: str) -> set[Cell]:
        """The hexes :meth:`attack_hexes` (``consult=False``) found for ``target`` under one reading of
        rules.aoe_anchor_in_wall only (empty: none)."""
        return self._anchor_hexes.get(target, set())

    def _reach(self) -> frozenset[tuple[int, int]]:
        """Where the hexes of a placement covering a target lie, relative to the target: every d - v of one orientation."""
        reach = self._known.reach
        if reach is None:
            reach = self._known.reach = frozenset((dq - vq, dr - vr) for o in self.orientations for vq, vr in o for dq, dr in o)
        return reach


@dataclass
class _Answers:
    """What :class:`Attacks` works out per hex. None of it depends on where the acting figure stands
    or on who it is: only on the walls, the terrain, the attack and the enemies' places, so every
    figure, card segment and reading attacking the same enemies with the same attack shares it."""

    ranged_covers: dict[Cell, set[frozenset[str]]] | None = None
    sets_for: dict[tuple[Cell, str], list[Targets]] = field(default_factory=dict)
    disadvantaged: dict[Cell, frozenset[str]] = field(default_factory=dict)
    enemies_in: dict[frozenset[Cell], frozenset[str]] = field(default_factory=dict)
    largest: dict[tuple[Cell, str], int] = field(default_factory=dict)
    best_at: dict[Cell, dict[str, int]] = field(default_factory=dict)
    anchors: dict[Cell, bool] = field(default_factory=dict)
    reach: frozenset[tuple[int, int]] | None = None
    #: The hexes whose covers the other reading of rules.aoe_anchor_in_wall changes, and whether one was asked
    #: (then any answer kept here may depend on the reading: each turn using them says so, readings.consulted).
    anchor_differs: set[Cell] = field(default_factory=set)
    anchor_heard: bool = False


_ANSWERS: OrderedDict[Hashable, _Answers] = OrderedDict()
_ANSWERS_KEPT = 8


#: Whether new answers for a ranged area take the other reading of rules.aoe_anchor_in_wall's where they agree
#: (Attacks._take_from; tests turn it off to compare).
SHARE_ACROSS_ANCHOR_READINGS = True
#: Whether a hex whose covers differ under the two readings of rules.aoe_anchor_in_wall makes the turn depend on it
#: only where the answers read there differ (Attacks._heard_if_the_anchor_decides; False: wherever it is asked).
ANCHOR_COMPARED_PER_FOCUS = True
#: Whether a turn weighs the attack hexes only one reading of rules.aoe_anchor_in_wall finds (turn._anchor_heard)
#: instead of depending on that reading wherever there are some.
ANCHOR_HEXES_WEIGHED = True


def _shared_answers(view: View, plan: AttackPlan) -> tuple[_Answers, _Answers | None]:
    """The answers for this board and attack, and, when they are new, those of a ranged area under the other reading
    of rules.aoe_anchor_in_wall if kept (None: none, or not new)."""
    # The answers depend on the terrain only through its walls and map hexes (range, sight, where an
    # area may be placed): the wall layout's range tables stand for them (the key holds them, so
    # their id stays theirs), with the sight (its layout: the open reading of sight compares the pairs it asked).
    # Only a ranged area reads rules.aoe_anchor_in_wall (anchor_allowed).
    ranged_area = plan.pattern is not None and not plan.melee
    rest = (
        (plan.range, plan.melee, plan.targets, plan.pattern, plan.real),
        tuple((label, view.grid.figures[label]) for label in view.visible_enemies),
    )
    anchor = view.rules.aoe_anchor_in_wall if ranged_area else None
    key = (view.range_tables, view.sight.layout, anchor, *rest)
    if key in _ANSWERS or not ranged_area:
        return _kept(_ANSWERS, key, _Answers), None
    sibling = _ANSWERS.get((view.range_tables, view.sight.layout, not anchor, *rest))
    return _kept(_ANSWERS, key, _Answers), sibling if sibling is not None and sibling.ranged_covers is not None else None


def _kept(cache: OrderedDict[Hashable, T], key: Hashable, new: Callable[[], T]) -> T:
    """The entry of ``key`` (made by ``new`` when missing), kept as the most recent of the last _ANSWERS_KEPT."""
    known = cache.get(key)
    if known is None:
        known = cache[key] = new()
        if len(cache) > _ANSWERS_KEPT:
            cache.popitem(last=False)
    else:
        cache.move_to_end(key)
    return known


_NOT_YET = object()
#: Up to how many enemies in sight an area attack's ways are worked out once per hex for every focus (several foci
#: asked at a hex share them: gloom's test 131, 16 characters, -24 % instructions); among larger crowds per hex and
#: focus (one focus asked among hundreds of placements hitting others: 61 characters, 3.3 s per hex, 1.5 s per focus).
PER_HEX_UP_TO = 16
#: The most ways to attack from one hex Attacks keeps between largest_with and sets_for (among a crowd a hex has hundreds).
_FOUND_KEPT = 16


@dataclass
class _Near:
    """Per hex, every enemy of the board a single attack of one range can target, and every enemy
    at range 1 (disadvantage): the same for every figure on the same side, whoever it already attacked."""

    singles: dict[Cell, frozenset[str]] = field(default_factory=dict)
    adjacent: dict[Cell, frozenset[str]] = field(default_factory=dict)


_NEAR: OrderedDict[Hashable, _Near] = OrderedDict()


def _shared_near(view: View, plan: AttackPlan) -> _Near:
    key = (view.range_tables, view.sight.layout, plan.range, tuple((label, view.grid.figures[label]) for label in view.enemies))
    return _kept(_NEAR, key, _Near)


class SightedHexes(Mapping[Cell, Cost]):
    """Attack hexes and their path costs, with line of sight to the target tested only for the
    hexes asked about (sight is the costly test): the focus needs the cheapest such hex, this
    turn's move only the hexes it can reach."""

    def __init__(self, candidates: dict[Cell, Cost], sees: Callable[[Cell], bool]):
        self._candidates = candidates
        self._sees = sees
        self._all: dict[Cell, Cost] | None = None
        self._cheapest: Cost | None | object = _NOT_YET

    def __contains__(self, hex_: object) -> bool:
        return hex_ in self._candidates and self._sees(hex_)

    def __getitem__(self, hex_: Cell) -> Cost:
        if hex_ not in self:
            raise KeyError(hex_)
        return self._candidates[hex_]

    def _sighted(self) -> dict[Cell, Cost]:
        if self._all is None:
            self._all = {h: cost for h, cost in self._candidates.items() if self._sees(h)}
        return self._all

    def __iter__(self) -> Iterator[Cell]:
        return iter(self._sighted())

    def __len__(self) -> int:
        return len(self._sighted())

    def __bool__(self) -> bool:
        return self.cheapest() is not None

    def where(self, keep: Callable[[Cost], bool]) -> dict[Cell, Cost]:
        """The hexes in sight whose cost ``keep`` accepts, in this mapping's order: sight tested only for those."""
        if self._all is not None:
            return {h: cost for h, cost in self._all.items() if keep(cost)}
        return {h: cost for h, cost in self._candidates.items() if keep(cost) and self._sees(h)}

    def cheapest(self) -> Cost | None:
        """The cheapest cost among the hexes in sight (None: none), found once."""
        if self._cheapest is _NOT_YET:
            self._cheapest = None
            if not self._candidates:
                return None
            # Usually a hex of the lowest cost is in sight: then that cost is the answer.
            lowest = min(self._candidates.values())
            if any(self._sees(h) for h in sorted(h for h, cost in self._candidates.items() if cost == lowest)):
                self._cheapest = lowest
                return lowest
            # Cheapest first, then by hex.
            for cost, hex_ in sorted((cost, hex_) for hex_, cost in self._candidates.items()):
                if self._sees(hex_):
                    self._cheapest = cost
                    break
        return self._cheapest  # type: ignore[return-value]


def costing(hexes: Mapping[Cell, Cost], keep: Callable[[Cost], bool]) -> dict[Cell, Cost]:
    """The attack hexes whose cost ``keep`` accepts, in their order (sight tested only for those)."""
    if isinstance(hexes, SightedHexes):
        return hexes.where(keep)
    return {h: cost for h, cost in hexes.items() if keep(cost)}


def cheapest(hexes: Mapping[Cell, Cost]) -> Cost:
    """The cheapest cost among attack hexes (ValueError: none, as min() of nothing)."""
    cheapest = hexes.cheapest() if isinstance(hexes, SightedHexes) else min(hexes.values())
    if cheapest is None:
        raise ValueError("no attack hex in sight")
    return cheapest


# ---------------------------------------------------------------------------
# One turn


def sees_from(view: View, target: Cell) -> Callable[[Cell], bool]:
    """Line of sight from a hex to ``target`` (one function per target, bound now)."""
    return lambda hex_: view.sight.visible(hex_, target)
