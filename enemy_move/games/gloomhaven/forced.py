"""Monster push and pull: where each target of an attack with `push: N` / `pull: N` can end.

GH rulebook p.20 (Push/Pull): each hex the target is moved must be farther from (push) or closer
to (pull) the attacker than the last, counted as range (around walls; rules.push_distance: hexes counts
plain hexes); targets are moved through
their allies but not their enemies, never onto walls, obstacles or objectives, and end in an
unoccupied hex; difficult terrain does not affect forced movement (p.14), traps and hazardous
terrain do (a trap entered is sprung and removed; a flying target is affected by neither).
Frosthaven icy terrain: an icy hex entered slides the target one more hex the same way, still a
push (FH FAQ 5.1), and the slide counts in the distance moved (FH FAQ 5.8: monsters "consider
its effect while trying to maximize their forced movement").

Which paths are allowed: GH 1st edition and JotL, any path the players choose, each going on
until its N hexes are done or no hex is left; GH2e and FH (FAQ 5.8, "a change from the first
edition"), only the paths moving the target the maximum distance (rules.forced_move_maximum).
"""

from __future__ import annotations

from collections import OrderedDict
from collections.abc import Hashable
from dataclasses import dataclass, field
from typing import Literal

from ...geometry import hexgrid
from ...geometry.grid import Grid
from .board import BLOCKS_SIGHT, NOT_A_STEP, Cell, View
from .model import GloomhavenFigure
from .variants import VariantRules

Kind = Literal["push", "pull"]

#: Bound on the paths followed for one target (push values are at most a few hexes).
MAX_PATHS = 2000


@dataclass(frozen=True)
class ForcedEnd:
    """One way a forced move can end: the hexes entered (start first) and the traps it springs."""

    path: tuple[Cell, ...]
    traps: tuple[Cell, ...]

    @property
    def end(self) -> Cell:
        return self.path[-1]

    @property
    def distance(self) -> int:
        return len(self.path) - 1


def forced_ends(
    grid: Grid, figures: dict[str, GloomhavenFigure], attacker: Cell, target: str, kind: Kind, hexes: int, rules: VariantRules
) -> list[ForcedEnd]:
    """Every allowed way ``target`` can be pushed or pulled ``hexes`` hexes from ``attacker``, one per
    (end hex, traps sprung), sorted; only the longest under rules.forced_move_maximum."""
    # The same push comes back on boards that differ only far from it: each order and each way of the targets
    # moved before is another board, a reading of forced_move_maximum resolves the turn again (readings.py), and
    # branches of a card meet the same boards. The ways depend on the board only through the terrain and the
    # figures on the hexes the search looked at (``_Found.consulted``): kept by the rest, reused while no figure
    # entered or left one of those hexes.
    key = (
        id(figures),
        id(grid.terrain),
        grid.thin_walls,
        (attacker, target, grid.figures.get(target), kind, hexes),
        search_rules(rules),  # the switches the search reads: a reading of sight finds the ways of the turn it re-solves
    )
    ends_list = _known_ends(key, grid, figures)
    if ends_list is None:
        found = _all_ends(grid, figures, attacker, target, (kind, hexes), rules)
        ends_list = found.ends
        kept = _ENDS.setdefault(key, [])
        placed = dict(grid.figures)
        inside = tuple((label, cell) for label, cell in placed.items() if cell in found.consulted)
        kept.insert(0, (figures, grid.terrain, placed, found.consulted, inside, ends_list))
        del kept[_WAYS_KEPT_PER_PUSH:]
        if len(_ENDS) > _ENDS_KEPT:
            _ENDS.popitem(last=False)
    if rules.forced_move_maximum and ends_list:
        longest = max(e.distance for e in ends_list)
        ends_list = [e for e in ends_list if e.distance == longest]
    return ends_list


def search_rules(rules: VariantRules) -> tuple[object, ...]:
    """The switches the search for a forced move's ways reads (View: who blocks the target; _Forced: how distance is
    counted, icy slides); forced_move_maximum only picks among the ways found."""
    return (rules.invisible_blocks_movement, rules.push_distance, rules.icy_slides)


def forced_rules(rules: VariantRules) -> tuple[object, ...]:
    """Every switch :func:`add_forced_moves` reads: under rules that agree on these, the same options before the forced
    moves become the same options after."""
    return (*search_rules(rules), rules.forced_move_maximum)


def _known_ends(key: Hashable, grid: Grid, figures: dict[str, GloomhavenFigure]) -> list[ForcedEnd] | None:
    """The ways worked out for this push on a board whose figures differ from ``grid``'s only on hexes the
    search never looked at (None: none kept)."""
    kept = _ENDS.get(key)
    if kept is None:
        return None
    _ENDS.move_to_end(key)
    now = grid.figures
    cells = set(now.values())
    one_each = len(cells) == len(now)  # every figure on a hex of its own (a board always; the shortcut needs it)
    for known_figures, terrain, placed, consulted, inside, ends_list in kept:
        if known_figures is not figures or terrain is not grid.terrain or placed.keys() != now.keys():
            continue  # another game's objects under a reused id, or a figure removed
        if one_each:
            # Each figure on its hex, or neither hex looked at: the figures that stood on looked-at hexes are still
            # there (``inside``), and no other figure stands on one (no more looked-at hexes are occupied).
            if all(now[label] == cell for label, cell in inside) and len(consulted & cells) == len(inside):
                return ends_list
        elif all(cell == placed[label] or (cell not in consulted and placed[label] not in consulted) for label, cell in now.items()):
            return ends_list
    return None


#: Forced-move ends kept for boards met again: per push (attacker, target and its hex, force, rules), the last few
#: boards' (figures, terrain, placements, hexes looked at, the figures placed on them, ends).
_Kept = tuple[dict[str, GloomhavenFigure], dict[Cell, str], dict[str, Cell], frozenset[Cell], tuple[tuple[str, Cell], ...], list[ForcedEnd]]
_ENDS: OrderedDict[Hashable, list[_Kept]] = OrderedDict()
_ENDS_KEPT = 512
_WAYS_KEPT_PER_PUSH = 8


@dataclass(frozen=True)
class _Found:
    """The ways a forced move can end, and every hex whose figure the search looked at (the ways depend on the
    board's figures there only)."""

    ends: list[ForcedEnd]
    consulted: frozenset[Cell]


def _all_ends(
    grid: Grid, figures: dict[str, GloomhavenFigure], attacker: Cell, target: str, force: tuple[Kind, int], rules: VariantRules
) -> _Found:
    """Every way the forced move can end, one per (end hex, traps sprung), sorted."""
    view = View(grid, figures, target, rules)
    mover = _Forced(view, attacker, force[0], figures[target].flying)
    found = mover.ends(view.start, force[1])
    if mover.may_revisit:  # an icy slide may lead back to a hex already left: the paths one by one
        found = {}
        for path in mover.paths(view.start, force[1]):
            traps = mover.traps(path)
            if (path[-1], traps) not in found:
                found[path[-1], traps] = ForcedEnd(path, traps)
    return _Found(sorted(found.values(), key=lambda e: (e.end, e.traps, e.path)), frozenset(mover.consulted))


@dataclass
class _Forced:
    view: View
    attacker: Cell
    kind: Kind
    flying: bool
    #: The steps from each hex (the same whatever path led there), and whether any hex they enter is a trap.
    known_steps: dict[Cell, list[tuple[Cell, ...]]] = field(default_factory=dict)
    enters_traps: bool = False
    #: Every hex whose figure (blocking, occupying) the search asked about.
    consulted: set[Cell] = field(default_factory=set)
    #: Whether some step's hexes are not each farther (push) or closer (pull) than the last: an icy slide
    #: around a wall. Then a path may come back to a hex it left, and :meth:`ends` does not apply.
    may_revisit: bool = False
    #: :meth:`_onward` per hex, shared by every forced move from this attacker on this terrain (``_ONWARD``).
    onward: dict[Cell, tuple[Cell, ...]] = field(default_factory=dict)
    #: Range from the attacker, as far out as asked (shared like ``onward``).
    ranges: _RangeFrom | None = None

    def __post_init__(self) -> None:
        grid, view = self.view.grid, self.view
        key = (id(grid.terrain), grid.thin_walls, self.attacker, self.kind, view.rules.push_distance, view.moves_on)
        known = _ONWARD.get(key)
        if known is None or known[0] is not grid.terrain:
            known = _ONWARD[key] = (grid.terrain, {}, _RangeFrom(grid, self.attacker))
            if len(_ONWARD) > _ONWARD_KEPT:
                _ONWARD.pop(next(iter(_ONWARD)))
        self.onward, self.ranges = known[1], known[2]

    def _range(self, cell: Cell) -> int:
        if self.view.rules.push_distance == "hexes":  # rules.push_distance: the plain hex count, walls ignored
            return hexgrid.distance(self.attacker, cell)
        # Counted from the attacker: one table for every hex of every path (range is symmetric between hexes
        # that are not walls, and a target is never moved into a wall); a table per hex entered cost a
        # search of the whole board each.
        assert self.ranges is not None  # set by __post_init__
        distance = self.ranges.get(cell)
        return 10**9 if distance is None else distance

    def _open(self, cell: Cell) -> bool:
        """May the target be moved into ``cell`` (passing through it or ending there)?"""
        self.consulted.add(cell)
        terrain = self.view.terrain(cell)
        return terrain not in NOT_A_STEP and terrain not in ("none", "obstacle") and cell not in self.view.blocking_cells

    def _steps(self, cell: Cell) -> list[tuple[Cell, ...]]:
        """The hexes entered by one push step from ``cell`` (an icy hex adds its slide), worked out once per hex:
        the paths of a push 15 come back to the same hexes hundreds of thousands of times."""
        steps = self.known_steps.get(cell)
        if steps is None:
            steps = self.known_steps[cell] = self._new_steps(cell)
            view = self.view
            self.enters_traps = self.enters_traps or any(view.terrain(c) == "trap" for entered in steps for c in entered)
        return steps

    def _new_steps(self, cell: Cell) -> list[tuple[Cell, ...]]:
        onward = self.onward.get(cell)
        if onward is None:
            onward = self.onward[cell] = self._onward(cell)
        steps = []
        blocking = self.view.blocking_cells
        for nxt in onward:
            self.consulted.add(nxt)
            if nxt not in blocking:
                entered = self._slide(cell, nxt)
                if len(entered) > 1:
                    ranges = [self._range(cell), *map(self._range, entered)]
                    away = all((b > a) if self.kind == "push" else (b < a) for a, b in zip(ranges, ranges[1:]))
                    self.may_revisit = self.may_revisit or not away
                steps.append(entered)
        return steps

    def _onward(self, cell: Cell) -> tuple[Cell, ...]:
        """The hexes next to ``cell`` a step may enter whoever stands where: terrain that lets the target in, farther
        from the attacker (push) or closer (pull)."""
        here = self._range(cell)
        onward = []
        for nxt in self.view.grid.adjacent(cell):
            terrain = self.view.terrain(nxt)
            if terrain in NOT_A_STEP or terrain in ("none", "obstacle") or nxt == self.attacker:
                continue
            there = self._range(nxt)
            if (there > here) if self.kind == "push" else (there < here):
                onward.append(nxt)
        return tuple(onward)

    def _slide(self, before: Cell, cell: Cell) -> tuple[Cell, ...]:
        """Entering ``cell`` from ``before``: icy hexes slide the target on, the same way (FH p.14)."""
        entered = [cell]
        view = self.view
        while view.rules.icy_slides and not self.flying and view.terrain(entered[-1]) == "icy" and len(entered) < 50:
            q0, r0 = hexgrid.to_axial(before)
            q1, r1 = hexgrid.to_axial(entered[-1])
            ahead = hexgrid.from_axial((2 * q1 - q0, 2 * r1 - r0))
            if ahead not in view.grid.adjacent(entered[-1]) or not self._open(ahead) or ahead in view.occupied:  # _open: consulted
                break
            before = entered[-1]
            entered.append(ahead)
        return tuple(entered)

    def paths(self, start: Cell, hexes: int) -> list[tuple[Cell, ...]]:
        """Every path that goes on until ``hexes`` steps are done or no step is left, ending unoccupied."""
        done: list[tuple[Cell, ...]] = []
        self.consulted.add(start)

        def extend(path: tuple[Cell, ...], left: int) -> bool:
            if len(done) >= MAX_PATHS:
                return False
            grown = False
            if left > 0:
                for entered in self._steps(path[-1]):
                    if entered[-1] in path:
                        continue  # never back into a hex it left (push: farther each step)
                    grown = extend(path + entered, left - 1) or grown
            if grown:
                return True
            self.consulted.add(path[-1])
            if path[-1] != start and path[-1] in self.view.occupied:
                return False  # cannot end on another figure
            done.append(path)
            return True

        extend((start,), hexes)
        return done

    def ends(self, start: Cell, hexes: int) -> dict[tuple[Cell, tuple[Cell, ...]], ForcedEnd]:
        """What :meth:`paths` finds, one way per (end hex, traps sprung) with the first path :meth:`paths` lists
        for it, without listing the paths: each hex is left farther (push) or closer (pull) at every step, so
        no path comes back to a hex and the ways on from a hex with so many steps left are the same whatever
        led there. They are worked out once (``_Ways``) and shared by every path that reaches that hex, as
        long as the count of paths :meth:`paths` stops at (``MAX_PATHS``) is not reached inside them.
        Not valid when ``may_revisit`` is set once done."""
        self.consulted.add(start)
        ways = _Ways(self, start)
        _, found, _ = ways.explore(start, hexes, MAX_PATHS)
        return {key: ForcedEnd(_flatten(link), key[1]) for key, link in found.items()}

    def traps(self, path: tuple[Cell, ...]) -> tuple[Cell, ...]:
        if self.flying or not self.enters_traps:
            return ()
        return tuple(dict.fromkeys(c for c in path[1:] if self.view.terrain(c) == "trap"))


@dataclass
class _RangeFrom:
    """Range from ``source`` counted around walls (as View.proximity counts it), worked out ring by ring only as far
    as asked: a push looks at the hexes near its target, not at the whole board."""

    grid: Grid
    source: Cell
    table: dict[Cell, int] = field(default_factory=dict)
    ring: list[Cell] = field(default_factory=list)

    def __post_init__(self) -> None:
        self.table[self.source] = 0
        self.ring.append(self.source)

    def get(self, cell: Cell) -> int | None:
        table = self.table
        distance = table.get(cell)
        while distance is None and self.ring:
            self._grow()
            distance = table.get(cell)
        return distance

    def _grow(self) -> None:
        table, terrain, adjacent = self.table, self.grid.terrain, self.grid.adjacent
        ring: list[Cell] = []
        for cell in self.ring:
            here = table[cell] + 1
            for nxt in adjacent(cell):
                if nxt not in table and terrain[nxt] not in BLOCKS_SIGHT:
                    table[nxt] = here
                    ring.append(nxt)
        self.ring = ring


#: The hexes a step may enter from each hex, per terrain, attacker and force (see _Forced._onward), and the range
#: from the attacker.
_ONWARD: dict[Hashable, tuple[dict[Cell, str], dict[Cell, tuple[Cell, ...]], _RangeFrom]] = {}
_ONWARD_KEPT = 64

#: The rest of a path, shared: (hexes, the rest after them or None).
Link = tuple[tuple[Cell, ...], "Link | None"]
#: The ways on from a hex: (end hex, traps sprung on the way) -> the first path there.
WaysOn = dict[tuple[Cell, tuple[Cell, ...]], Link]


@dataclass
class _Ways:
    """The ways a forced move goes on from each hex, for :meth:`_Forced.ends`: per (hex, steps left), the count of
    paths :meth:`_Forced.paths` would list from there and their ends, kept once worked out in full."""

    mover: _Forced
    start: Cell
    known: dict[tuple[Cell, int], tuple[int, WaysOn]] = field(default_factory=dict)

    def explore(self, cell: Cell, left: int, budget: int) -> tuple[int, WaysOn, bool]:
        """The paths on from ``cell`` as :meth:`_Forced.paths` lists them, at most ``budget`` of them: their count,
        their ends, and whether they are all of them (no path left out for the budget)."""
        known = self.known.get((cell, left))
        if known is not None and known[0] <= budget:
            return known[0], known[1], True
        mover = self.mover
        count, whole = 0, True
        found: WaysOn = {}
        if left > 0:
            for entered in mover._steps(cell):
                if count >= budget:
                    whole = False  # paths() stops here: every later path is left out
                    break
                taken, after, all_of_them = self.explore(entered[-1], left - 1, budget - count)
                whole = whole and all_of_them
                if not taken:
                    continue
                count += taken
                head = (cell, *entered[:-1])
                passed = () if mover.flying else tuple(c for c in entered if mover.view.terrain(c) == "trap")
                for (end, traps), link in after.items():
                    key = (end, passed + traps) if passed else (end, traps)
                    if key not in found:
                        found[key] = (head, link)
        if not count:  # nowhere on: the path ends here, unless on another figure
            mover.consulted.add(cell)
            if cell == self.start or cell not in mover.view.occupied:
                leaf: Link = ((cell,), None)
                count, found = 1, {(cell, ()): leaf}
        if whole:
            self.known[cell, left] = (count, found)
        return count, found, whole


def _flatten(link: Link | None) -> tuple[Cell, ...]:
    cells: list[Cell] = []
    while link is not None:
        cells.extend(link[0])
        link = link[1]
    return tuple(cells)
