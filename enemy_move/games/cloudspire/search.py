"""The routes of one march (rule step 2), searched hex by hex with the branches that can add nothing cut off.

A route never re-enters a hex it left (C3), so what a route can still do depends on every hex it has
left: no count over (hex, movement left) alone gives the same end hexes (a walk could go back and
forth along a corridor), and the question "is there such a route of exactly N hexes?" is a
longest-path question in general. The search therefore still walks routes depth first, in the order
of their hexes (so the first route found to an outcome is the smallest, the one shown), but before
going on from a hex it asks whether anything below could still be new: a search on bit sets of the
hexes around the start finds every hex reachable from here without re-entering the route (an
over-estimate of what routes can reach), and when every (movement, end hex) pair that over-estimate
allows was already found by an earlier route, with no friendly hero to displace and no blocking unit
not yet reported in reach, the branch is skipped. On open boards nearly every branch is skipped once
the first routes have fanned out, so the work grows with the hexes in reach times the movement
instead of with the number of routes (about 4 per hex of movement on open ground).
"""

from __future__ import annotations

from collections.abc import Callable

from ...geometry.grid import Grid
from ...geometry.hexgrid import distance as hex_distance
from ...geometry.hexgrid import to_axial
from .terrain import Cell
from .units import Unit

Displacements = tuple[tuple[str, Cell], ...]
#: ``{moves: {end: {displacements: smallest path}}}``
Endings = dict[int, dict[Cell, dict[Displacements, tuple[Cell, ...]]]]
Placer = Callable[[str, Cell, Cell, list[tuple[str, Cell]]], list[Cell]]

#: Route steps one search may take per movement point, so that the work grows at most linearly with the
#: movement (docs/errors.md). Open 64x64 boards take at most about 850 a point at movement 8; a crowd of 30
#: friendly heroes the minion may displace took 2,600 a point at movement 6 and 31,000 at 8 (each way of
#: displacing them is another outcome): such a search stops at the budget and the file is refused.
ROUTE_STEPS_PER_POINT = 4_000


class TooManyRoutes(Exception):
    """More route steps than ROUTE_STEPS_PER_POINT x the movement: the scenario is reported as too large."""


class Window:
    """The hexes within ``radius`` of ``centre`` as bits of an int: row-major axial coordinates with a blank
    column on each side, so a neighbour is a fixed shift (east/west 1, the rows above and below S and S-1)."""

    def __init__(self, board: Grid, centre: Cell, radius: int):
        self.radius = radius
        self.stride = 2 * radius + 3
        q0, r0 = to_axial(centre)
        self.bit: dict[Cell, int] = {}
        self.cell: dict[int, Cell] = {}
        col, row = centre
        box = ((c, r) for r in range(row - radius, row + radius + 1) for c in range(col - radius - 1, col + radius + 2))
        for cell in box:
            if cell in board.terrain and hex_distance(cell, centre) <= radius:
                q, r = to_axial(cell)
                index = (r - r0 + radius) * self.stride + (q - q0 + radius + 1)
                self.bit[cell] = index
                self.cell[index] = cell

    def mask(self, cells: object) -> int:
        bits = 0
        for cell in cells:  # type: ignore[attr-defined]
            index = self.bit.get(cell)
            if index is not None:
                bits |= 1 << index
        return bits

    def spread(self, bits: int) -> int:
        """Every hex next to one of ``bits`` (thin walls ignored: an over-estimate)."""
        s, t = self.stride, self.stride - 1
        return (bits << 1) | (bits >> 1) | (bits << s) | (bits >> s) | (bits << t) | (bits >> t)


class RouteSearch:
    """Every end hex of every legal route of 1..``steps`` hexes after ``prefix`` (see ``routes.enumerate_routes``)."""

    def __init__(
        self,
        board: Grid,
        units: dict[str, Unit],
        unit: Unit,
        prefix: tuple[Cell, ...],
        steps: int,
        rules: tuple[Callable[[Cell], bool], Callable[[Cell], bool], Placer],
    ):
        may_enter, self.may_end, self.placements = rules
        self.board, self.units, self.unit, self.steps = board, units, unit, steps
        self.window = window = Window(board, prefix[-1], steps)
        inside = [cell for cell in window.bit if may_enter(cell)]
        self.enter = window.mask(inside)
        self.end = window.mask(cell for cell in inside if self.may_end(cell))
        # Neighbours in the order of their cells: routes are walked smallest first.
        self.next: dict[int, list[int]] = {
            window.bit[cell]: [window.bit[n] for n in sorted(board.adjacent(cell)) if n in window.bit and (self.enter >> window.bit[n]) & 1]
            for cell in inside + [prefix[-1]]
        }
        #: friendly heroes it displaces (hex -> label, before any displacement) and the units that block it
        self.heroes: dict[int, str] = {}
        self.blockers = 0
        for label, cell in board.figures.items():
            if label != unit.label and isinstance(cell, tuple) and cell in window.bit and (self.enter >> window.bit[cell]) & 1:
                if self.displaceable(units[label]):
                    self.heroes[window.bit[cell]] = label
                else:
                    self.blockers |= 1 << window.bit[cell]
        self.endings: Endings = {}
        self.blocked: set[str] = set()
        self.blocked_bits = 0
        self.path = list(prefix)
        self.visited = set(prefix)
        self.visited_bits = window.mask(prefix)
        self.displaced: list[tuple[str, Cell]] = []
        self.found: dict[Displacements, list[int]] = {}
        self.work = 0
        self.budget = ROUTE_STEPS_PER_POINT * max(steps, 1)

    def run(self) -> tuple[Endings, set[str]]:
        self.walk(self.window.bit[self.path[-1]], 0)
        return self.endings, self.blocked

    def occupant_now(self, cell: Cell) -> str | None:
        """Who stands on ``cell`` with the heroes displaced so far where they were put."""
        for label, to in self.displaced:
            if to == cell:
                return label
        occupant = self.board.occupant(cell)
        return None if any(label == occupant for label, _ in self.displaced) else occupant

    def displaceable(self, other: Unit) -> bool:
        # "Your minions may displace Friendly heroes": heroes do not displace.
        return other.kind == "hero" and other.faction == self.unit.faction and self.unit.kind == "minion"

    # -- the walk --------------------------------------------------------------------------------------

    def walk(self, here: int, taken: int) -> None:
        if taken == self.steps or (self.steps - taken > 1 and self.exhausted(here, taken)):
            return
        cells = self.window.cell
        for index in self.next[here]:
            nxt = cells[index]
            if nxt in self.visited:
                continue
            self.work += 1
            if self.work > self.budget:
                raise TooManyRoutes(self.budget // max(self.steps, 1))
            occupant = self.occupant_now(nxt)
            if occupant is None or occupant == self.unit.label:
                self.step(index, taken, [tuple(self.displaced)])
                continue
            displaceable = self.displaceable(self.units[occupant])
            if self.unit.through:
                # It passes through units without displacing them; it may end only on a friendly hero, displacing it.
                ends = self.placements(occupant, cells[here], nxt, self.displaced) if displaceable else []
                self.step(index, taken, [(*self.displaced, (occupant, to)) for to in ends])
            elif displaceable:
                for to in self.placements(occupant, cells[here], nxt, self.displaced):
                    self.displaced.append((occupant, to))
                    self.step(index, taken, [tuple(self.displaced)])
                    self.displaced.pop()
            elif occupant not in self.blocked:
                self.blocked.add(occupant)
                self.blocked_bits |= 1 << index

    def step(self, index: int, taken: int, end_keys: list[Displacements]) -> None:
        nxt = self.window.cell[index]
        self.visited.add(nxt)
        self.visited_bits |= 1 << index
        self.path.append(nxt)
        if self.may_end(nxt):
            for end_key in end_keys:
                self.record(index, nxt, taken + 1, end_key)
        self.walk(index, taken + 1)
        self.path.pop()
        self.visited_bits ^= 1 << index
        self.visited.discard(nxt)

    def record(self, index: int, cell: Cell, moves: int, key: Displacements) -> None:
        """The first route to an outcome is the smallest: routes are walked in the order of their hexes."""
        slot = self.endings.setdefault(moves, {}).setdefault(cell, {})
        if key not in slot:
            slot[key] = tuple(self.path)
            found = self.found.get(key)
            if found is None:
                found = self.found[key] = [0] * (self.steps + 1)
            found[moves] |= 1 << index

    # -- what a branch can still add -------------------------------------------------------------------

    def heroes_now(self) -> dict[int, str]:
        """The friendly heroes off the route, where the displacements so far put them."""
        heroes = dict(self.heroes)
        for label, to in self.displaced:
            heroes = {bit: who for bit, who in heroes.items() if who != label}
            index = self.window.bit.get(to)
            if index is not None and (self.enter >> index) & 1:
                heroes[index] = label
        return {bit: who for bit, who in heroes.items() if not (self.visited_bits >> bit) & 1}

    def exhausted(self, here: int, taken: int) -> bool:
        """Nothing below this hex can be new (see ``covered``)."""
        left = self.steps - taken
        free = self.enter & ~self.visited_bits
        heroes = self.heroes_now() if self.heroes else {}
        if self.unit.through:
            # It passes every unit, ends on none but a friendly hero (each a new outcome): a hero in reach, no skipping.
            found = self.found.get(())
            reach = self.reach(1 << here, free, left)
            end = self.end & ~(self.blockers | sum(1 << bit for bit in self.heroes))
            return (
                found is not None
                and not any(reach[m] & end & ~found[taken + m] for m in range(1, left + 1))
                and not any((reach[left] >> bit) & 1 for bit in heroes)
            )
        free &= ~self.blockers & ~sum(1 << bit for bit in heroes)
        return self.covered(tuple(self.displaced), (1 << here, taken, left), free, heroes)

    def covered(self, key: Displacements, at: tuple[int, int, int], free: int, heroes: dict[int, str]) -> bool:
        """A route standing on ``origin`` after ``taken`` hexes with ``left`` to go can add nothing to what is found:
        every (movement, hex) pair the hexes in reach allow is found with the displacements ``key``, every
        blocking unit next to the reach is reported, and for each friendly hero next to the reach and each hex it
        can be entered from, the same holds after the swap (the hero onto that hex, the route on from its hex).
        Reach is counted without re-entering the route and without thin walls: an over-estimate, so no branch
        that could add something is skipped. Only the swap is looked at: where the hex left is invalid (a gate)
        the players place the hero elsewhere, the swap's outcomes are never found and nothing is skipped."""
        origin, taken, left = at
        found = self.found.get(key)
        if found is None:
            return False
        reach = self.reach(origin, free, left)
        if any(reach[m] & self.end & ~found[taken + m] for m in range(1, left + 1)):
            return False
        inner = origin | reach[left - 1]
        around = self.window.spread(inner)
        if around & self.blockers & ~self.blocked_bits:
            return False
        for bit, hero in heroes.items():
            entries = self.window.spread(1 << bit) & inner
            if not (around >> bit) & 1:
                continue
            for entry in bits_of(entries):
                before = 0 if (1 << entry) == origin else next(m for m in range(1, left) if (reach[m] >> entry) & 1)
                swapped = (*key, (hero, self.window.cell[entry]))
                on_hero = self.found.get(swapped)
                if on_hero is None or any(not (on_hero[moves] >> bit) & 1 for moves in range(taken + before + 1, taken + left + 1)):
                    return False
                rest = left - before - 1
                others = {b: h for b, h in heroes.items() if b != bit}
                if rest and not self.covered(swapped, (1 << bit, taken + before + 1, rest), free & ~(1 << entry), others):
                    return False
        return True

    def reach(self, origin: int, passable: int, depth: int) -> list[int]:
        """Hexes of ``passable`` within 1..depth hexes of ``origin`` (origin excluded): ``reach[m]`` within m."""
        spread = self.window.spread
        frontier, reach = origin, 0
        layers = [0]
        for _ in range(depth):
            if frontier:
                frontier = spread(frontier) & passable & ~reach
                reach |= frontier
            layers.append(reach)
        return layers


def bits_of(bits: int) -> list[int]:
    """The indexes of the set bits."""
    found = []
    while bits:
        top = bits.bit_length() - 1
        found.append(top)
        bits ^= 1 << top
    return found
