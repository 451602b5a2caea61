"""Gloomhaven, Frosthaven and Jaws of the Lion: monster (and summon) focus and movement.

Sources: ../shared/rules/gloomhaven-monster-turn.txt (rulebook), the French
community procedure gloomhaven-monster-ai-fr.txt, and gloomhaven-notes.md
(GH rulebook pp.29-32, FH rulebook p.41-42 and Appendix B, JotL p.11).
docs/gloomhaven.md states every rule as implemented, with its source.

The procedure, for one acting figure:

1. Stunned: nothing happens. No attack on the card, or disarmed: plan as for
   a single-target melee attack. Immobilized or no move: it cannot move.
2. Focus: with infinite movement, for each enemy find the cheapest path
   (fewest negative hexes, then fewest movement points) to an unoccupied hex
   from which it can attack that enemy (range counted around walls, line of
   sight per variant). Ties: proximity (not in JotL), then initiative; still
   tied, the players choose: every tied enemy is a focus option.
3. If some attack hex for the focus can be reached this turn without
   triggering more negative hexes than needed, the monster goes to the best
   of them: avoid disadvantage on the focus (GH/JotL), most targets, best
   ranked extra targets (GH/JotL), fewest disadvantaged attacks, fewest
   movement points. Otherwise it picks destinations with infinite movement
   (GH/JotL: the best attack, FH: the closest attack hex) and moves to shorten
   its path to each of them as much as possible, with the fewest movement
   points; if it cannot shorten the path it stays.

Every rule difference between the variants is a named switch in
:class:`VariantRules`.
"""

from __future__ import annotations

import heapq
import itertools
import math
from collections import deque
from collections.abc import Callable, Iterable, Iterator, Mapping, Sequence
from dataclasses import dataclass, replace
from typing import TYPE_CHECKING, Any, Literal, TypeVar, cast

from ...game import NextActor
from ...geometry import hexgrid
from ...geometry.grid import Grid, parse_grid
from ...geometry.los import HexSight
from ...geometry.paths import bfs, dijkstra, one_path, unwind
from ...models import Scenario
from ...result import (
    BoardState,
    Effect,
    Moved,
    Option,
    Position,
    RuledOut,
    Step,
    StepId,
    TrapSprung,
    Turn,
    count_of,
    figure_name,
    format_position,
)
from .model import (
    GloomhavenAction,
    GloomhavenAttack,
    GloomhavenCard,
    GloomhavenCardAction,
    GloomhavenFigure,
    GloomhavenRules,
    GloomhavenScenario,
)

if TYPE_CHECKING:
    from _typeshed import SupportsDunderLT

Cell = tuple[int, int]
Cost = tuple[int, int]  # (negative hexes triggered, movement points)
#: How a figure travels this turn.
MovementMode = Literal["walk", "jump", "fly", "teleport"]
INFINITE: Cost = (10**9, 10**9)
#: Cells reachable this turn: cheapest cost and one path there (Mover.reach_this_turn).
Reach = dict[Cell, tuple[Cost, tuple[Cell, ...]]]
#: Where a figure stands in initiative order: (initiative, 0 for a summon just before its owner, else 1).
InitiativeKey = tuple[float, int]
#: A first action's outcome: where it ends and whom it attacks.
Outcome = tuple[Position, tuple[str, ...]]
#: How an extra target ranks (lowest first): a tuple compared item by item.
ExtraRank = Callable[[str], tuple[object, ...]]
#: A value a preference compares (rank_attacks): a count, or the sorted ranks of extra targets.
Score = int | list[tuple[object, ...]]
RankT = TypeVar("RankT", bound="SupportsDunderLT[Any]")

EXTRA_SYMBOLS = {"+": "door"}  # a closed door: a wall for monsters and summons
BLOCKS_SIGHT = {"wall", "door"}
NOT_A_STEP = {"wall", "door"}  # not entered even by flying or jumping figures
NEGATIVE = {"trap", "hazardous"}


@dataclass(frozen=True)
class VariantRules:
    """The rule switches that differ between the games (docs/gloomhaven.md, 'Variants')."""

    name: str
    #: Line of sight: "corner" (GH: corner to corner) or "any" (FH: any point to any point).
    sight: str
    #: Focus ties broken by proximity before initiative (GH, FH; not JotL).
    proximity_breaks_focus_ties: bool
    #: Invisible enemies block movement like obstacles (GH); FH: they are ignored for movement.
    invisible_blocks_movement: bool
    #: The last hex of a jump pays for difficult terrain (GH); FH ignores it completely.
    jump_pays_difficult_last_hex: bool
    #: Entering icy terrain slides the figure one more hex, repeatedly (FH terrain;
    #: applied in every variant so FH boards can be played with older rules).
    icy_slides: bool
    #: Losing disadvantage on the focus ranks above hitting more targets (GH, JotL).
    focus_disadvantage_first: bool
    #: Extra targets are ranked like foci: movement, proximity, initiative (GH, JotL).
    rank_extra_targets: bool
    #: Out of reach this turn: head for the hex with the best attack (GH, JotL)
    #: rather than the closest hex that can attack the focus (FH).
    plan_best_future_attack: bool
    #: A ranged area attack's hex within range may lie inside a wall hex (GH FAQ);
    #: FH p.22: it "cannot be inside a wall line".
    aoe_anchor_in_wall: bool = True
    #: Open readings, from the scenario's `rules:` (models.gloomhaven.GloomhavenRules).
    extra_targets: str = "movement"
    monster_focus_order: str = "turn"


VARIANTS: dict[str, VariantRules] = {
    "gloomhaven": VariantRules("gloomhaven", "corner", True, True, True, True, True, True, True),
    "frosthaven": VariantRules("frosthaven", "any", True, False, False, True, False, False, False, aoe_anchor_in_wall=False),
    "jotl": VariantRules("jotl", "any", False, True, False, True, True, True, True),
}


# ---------------------------------------------------------------------------
# The board as one acting figure sees it


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


def side_of(figure: GloomhavenFigure) -> str:
    """ "monsters" or "characters": character summons are on the characters' side, objectives on their `side`."""
    if figure.kind == "objective":
        return figure.side or "characters"
    return "monsters" if figure.kind == "monster" else "characters"


def is_enemy(figure: GloomhavenFigure, actor_is_monster: bool) -> bool:
    """An enemy the actor may focus on and attack: the other side, and not an objective its enemies ignore."""
    if figure.kind == "objective" and not figure.targetable:
        return False
    return (side_of(figure) == "monsters") != actor_is_monster


class View:
    """Board facts for one acting figure: who blocks, what costs, what is seen."""

    def __init__(self, grid: Grid, figures: dict[str, GloomhavenFigure], actor: str, rules: VariantRules):
        self.grid = grid
        self.figures = figures
        self.actor = actor
        self.rules = rules
        self.start = grid.figures[actor]
        me = figures[actor]
        self.actor_is_monster = me.kind == "monster"
        self.flying = me.flying
        self.enemies = sorted(label for label in grid.figures if label != actor and is_enemy(figures[label], self.actor_is_monster))
        self.allies = sorted(label for label in grid.figures if label != actor and label not in self.enemies)
        self.visible_enemies = [e for e in self.enemies if "invisible" not in figures[e].conditions]
        blocking = set()
        for label in self.enemies:
            if "invisible" in figures[label].conditions and not rules.invisible_blocks_movement:
                continue
            blocking.add(grid.figures[label])
        # Objectives are never walked through, allied or not (FH p.24 Move).
        blocking.update(cell for label, cell in grid.figures.items() if figures[label].kind == "objective")
        self.blocking_cells = blocking
        self.occupied = {cell for label, cell in grid.figures.items() if label != actor}
        walls = [c for c, t in grid.terrain.items() if t in BLOCKS_SIGHT]
        self.sight = HexSight(walls, grid.thin_walls, rules.sight)
        self._proximity = _proximity_tables(grid, frozenset(walls))

    # --- terrain -----------------------------------------------------------
    def terrain(self, cell: Cell) -> str:
        return self.grid.terrain.get(cell, "none")

    def can_end(self, cell: Cell) -> bool:
        terrain = self.terrain(cell)
        if terrain in NOT_A_STEP or terrain == "none":
            return False
        if terrain == "obstacle" and not self.flying:
            return False
        return cell not in self.occupied

    def can_end_or_start(self, cell: Cell) -> bool:
        """Where the figure may be after moving: its own hex counts as free."""
        return cell == self.start or self.can_end(cell)

    def negative(self, cell: Cell) -> int:
        # Flying figures are never affected by traps or hazardous terrain, whatever
        # their travel (a teleporting flyer may land on a trap like any flyer).
        return 1 if not self.flying and self.terrain(cell) in NEGATIVE else 0

    # --- range -------------------------------------------------------------
    def proximity(self, source: Cell) -> dict[Cell, int]:
        """Hex counts from ``source``, around walls and thin walls, through everything else."""
        table = self._proximity.get(source)
        if table is None:
            table = {source: 0}
            queue = deque([source])
            while queue:
                cell = queue.popleft()
                for nxt in self.grid.adjacent(cell):
                    if nxt not in table and self.terrain(nxt) not in BLOCKS_SIGHT:
                        table[nxt] = table[cell] + 1
                        queue.append(nxt)
            self._proximity[source] = table
        return table

    def range_between(self, a: Cell, b: Cell) -> int | None:
        return self.proximity(b).get(a)

    def ball(self, sources: list[Cell], radius: int) -> set[Cell]:
        """Cells within ``radius`` hexes of any source, counted as :meth:`proximity` counts."""
        seen = set(sources)
        frontier = list(seen)
        adjacent, terrain = self.grid.adjacent, self.grid.terrain
        for _ in range(radius):
            nxt = []
            for cell in frontier:
                for n in adjacent(cell):
                    if n not in seen and terrain[n] not in BLOCKS_SIGHT:
                        seen.add(n)
                        nxt.append(n)
            frontier = nxt
        return seen


class Mover:
    """How the acting figure moves: walking (with icy slides), jumping, flying, teleporting."""

    def __init__(self, view: View, action: GloomhavenAction):
        self.view = view
        # Teleport is not movement (FH p.24): it ignores everything between start
        # and end, so it wins over flying; flying still sets where it may end.
        self.mode: MovementMode
        if action.teleport:
            self.mode = "teleport"
        elif view.flying:
            self.mode = "fly"
        elif action.jump:
            self.mode = "jump"
        else:
            self.mode = "walk"
        self._slides: dict[tuple[Cell, tuple[int, int]], tuple[tuple[Cell, ...], int]] = {}
        self._reversed: dict[Cell, list[tuple[Cell, Cost]]] | None = None
        self._walk_steps: dict[Cell, list[tuple[Cell, tuple[Cell, ...], Cost]]] = {}

    # A walking step from ``cell``: (landing cell, cells entered, step cost).
    def walk_steps(self, cell: Cell) -> list[tuple[Cell, tuple[Cell, ...], Cost]]:
        # The board does not change during a turn: each cell's steps are worked out once
        # (the searches ask for them many times, icy slides included).
        steps = self._walk_steps.get(cell)
        if steps is None:
            steps = self._walk_steps[cell] = self._steps_from(cell)
        return steps

    def _steps_from(self, cell: Cell) -> list[tuple[Cell, tuple[Cell, ...], Cost]]:
        view = self.view
        steps = []
        for nxt in view.grid.adjacent(cell):
            terrain = view.terrain(nxt)
            if terrain in NOT_A_STEP or terrain == "obstacle" or nxt in view.blocking_cells:
                continue
            points = 2 if terrain == "difficult" else 1
            if terrain == "icy" and view.rules.icy_slides:
                entered, negatives = self._slide(nxt, _axial_step(cell, nxt))
            else:
                entered, negatives = (nxt,), view.negative(nxt)
            steps.append((entered[-1], entered, (negatives, points)))
        return steps

    def _slide(self, cell: Cell, direction: tuple[int, int]) -> tuple[tuple[Cell, ...], int]:
        """Entering ``cell`` moving in ``direction``: the hexes entered (an icy hex slides the
        figure one more hex the same way, repeatedly) and their negative hexes. Slides along one
        line share their ends, so each (hex, direction) is worked out once."""
        known = self._slides.get((cell, direction))
        if known is not None:
            return known
        view = self.view
        result: tuple[tuple[Cell, ...], int] = ((cell,), view.negative(cell))
        if view.terrain(cell) == "icy":
            q, r = hexgrid.to_axial(cell)
            ahead = hexgrid.from_axial((q + direction[0], r + direction[1]))
            blocked = (
                ahead not in view.grid.adjacent(cell)
                or view.terrain(ahead) in NOT_A_STEP
                or view.terrain(ahead) == "obstacle"
                or ahead in view.occupied
                or ahead in view.blocking_cells
            )
            if not blocked:
                rest, negatives = self._slide(ahead, direction)
                result = ((cell,) + rest, result[1] + negatives)
        self._slides[(cell, direction)] = result
        return result

    def free_steps(self, cell: Cell) -> list[Cell]:
        """Jumping and flying: any neighbour that is not a wall."""
        return [n for n in self.view.grid.adjacent(cell) if self.view.terrain(n) not in NOT_A_STEP]

    def landing_cost(self, cell: Cell) -> Cost:
        """Extra cost paid in the last hex of a jump (or a teleport's landing)."""
        view = self.view
        if self.mode == "fly":
            return (0, 0)
        extra = 1 if (self.mode == "jump" and view.rules.jump_pays_difficult_last_hex and view.terrain(cell) == "difficult") else 0
        return (view.negative(cell), extra)

    # --- searches ------------------------------------------------------------
    def costs_from(self, start: Cell) -> dict[Cell, Cost]:
        """Cheapest (negatives, movement points) to every cell, infinite movement."""
        if self.mode == "walk":
            best, _ = dijkstra([start], lambda c: [(land, cost) for land, _, cost in self.walk_steps(c)], (0, 0))
            return best
        if self.mode == "teleport":
            view = self.view
            return {
                c: (view.negative(c) if c != start else 0, hexgrid.distance(start, c))
                for c in view.grid.terrain
                if view.terrain(c) not in NOT_A_STEP
            }
        steps, _ = bfs(start, self.free_steps)
        result = {}
        for cell, count in steps.items():
            extra = self.landing_cost(cell) if cell != start else (0, 0)
            result[cell] = (extra[0], count + extra[1])
        return result

    def reach_this_turn(self, points: int) -> dict[Cell, tuple[Cost, tuple[Cell, ...]]]:
        """Cells reachable with ``points`` movement points: cheapest cost and one path."""
        start = self.view.start
        if points <= 0:
            return {start: ((0, 0), (start,))}
        if self.mode == "walk":
            return self._walk_reach(points)
        if self.mode == "teleport":
            view = self.view
            return {
                c: ((view.negative(c), hexgrid.distance(start, c)), (start, c) if c != start else (start,))
                for c in view.grid.terrain
                if hexgrid.distance(start, c) <= points and view.terrain(c) not in NOT_A_STEP
            }
        counts, parents = bfs(start, self.free_steps)
        reach = {}
        for cell, count in counts.items():
            extra = self.landing_cost(cell) if cell != start else (0, 0)
            cost = (extra[0], count + extra[1])
            if cost[1] <= points:
                reach[cell] = (cost, unwind(parents, cell))
        return reach

    def _walk_reach(self, points: int) -> dict[Cell, tuple[Cost, tuple[Cell, ...]]]:
        # Movement points are a hard budget, negatives are minimised: search
        # over (cell, points spent) so a cheap-but-trapped route is not lost
        # behind a safe-but-long one.
        # States are expanded cheapest first (fewest negatives, then points), so a state
        # reaching a cell with no fewer points than one already expanded there is dominated
        # (no fewer negatives either) and leads nowhere new: only Pareto-best states expand.
        start = self.view.start
        entered: dict[tuple[Cell, Cell], tuple[Cell, ...]] = {}
        fewest_points: dict[Cell, int] = {}

        def edges(state: tuple[Cell, int]) -> Iterator[tuple[tuple[Cell, int], Cost]]:
            cell, spent = state
            if fewest_points.get(cell, points + 1) <= spent:
                return
            fewest_points[cell] = spent
            for land, cells, (negatives, cost) in self.walk_steps(cell):
                if spent + cost <= points:
                    entered[(cell, land)] = cells
                    if fewest_points.get(land, points + 1) > spent + cost:
                        yield (land, spent + cost), (negatives, cost)

        best, preds = dijkstra([(start, 0)], edges, (0, 0))
        reach: dict[Cell, tuple[Cost, tuple[Cell, ...]]] = {}
        for state in sorted(best, key=lambda s: (best[s], s)):
            cell = state[0]
            if cell in reach:
                continue
            states = one_path(preds, state)
            path = [start]
            for a, b in zip(states, states[1:]):
                path.extend(entered[(a[0], b[0])])
            reach[cell] = (best[state], tuple(path))
        return reach

    def costs_to(self, target: Cell) -> dict[Cell, Cost]:
        """Cheapest (negatives, points) from every cell to ``target`` (infinite movement)."""
        view = self.view
        if self.mode == "walk" and not (view.rules.icy_slides and "icy" in view.grid.terrain.values()):
            # Walking without ice is reversible: search backwards from the target.
            def back(cell: Cell) -> Iterator[tuple[Cell, Cost]]:
                terrain = view.terrain(cell)
                cost = (view.negative(cell), 2 if terrain == "difficult" else 1)
                for prev in view.grid.adjacent(cell):
                    t = view.terrain(prev)
                    if t in NOT_A_STEP or t == "obstacle" or prev in view.blocking_cells:
                        continue
                    yield prev, cost

            best, _ = dijkstra([target], back, (0, 0))
            return best
        if self.mode in ("jump", "fly"):
            extra = self.landing_cost(target)
            return {c: (extra[0], n + extra[1]) if c != target else (0, 0) for c, n in bfs(target, self.free_steps)[0].items()}
        if self.mode == "teleport":
            return {c: (view.negative(target) if c != target else 0, hexgrid.distance(c, target)) for c in view.grid.terrain}
        # Icy walking: slides make steps one-way, so search backwards over the reversed steps
        # (one search per destination instead of one per reachable hex).
        best, _ = dijkstra([target], lambda cell: self._steps_into().get(cell, ()), (0, 0))
        return best

    def _steps_into(self) -> dict[Cell, list[tuple[Cell, Cost]]]:
        """For each cell, the walking steps (slides included) that end there: (from, cost)."""
        if self._reversed is None:
            view = self.view
            self._reversed = {}
            for cell in sorted(view.grid.terrain):
                terrain = view.terrain(cell)
                if terrain in NOT_A_STEP or terrain == "obstacle" or cell in view.blocking_cells:
                    continue
                for land, _, cost in self.walk_steps(cell):
                    self._reversed.setdefault(land, []).append((cell, cost))
        return self._reversed


def _hex(position: Position) -> Cell:
    """A result position on a Gloomhaven board: always a hex (``Position`` also covers area maps)."""
    return cast(Cell, position)


def _hex_path(path: tuple[Position, ...]) -> tuple[Cell, ...]:
    return cast(tuple[Cell, ...], path)


def _axial_step(a: Cell, b: Cell) -> tuple[int, int]:
    qa, ra = hexgrid.to_axial(a)
    qb, rb = hexgrid.to_axial(b)
    return (qb - qa, rb - ra)


# ---------------------------------------------------------------------------
# Attacks


@dataclass(frozen=True)
class Targets:
    """Equally good target groups, kept without listing them: all of ``sure`` plus any
    ``count`` more among ``pool`` (``count`` < len(pool), or pool empty and count 0)."""

    sure: frozenset[str]
    pool: frozenset[str] = frozenset()
    count: int = 0

    @staticmethod
    def make(sure: frozenset[str], pool: frozenset[str], count: int) -> Targets:
        if count <= 0:
            return Targets(sure)
        if count >= len(pool):
            return Targets(sure | pool)
        return Targets(sure, pool, count)

    @property
    def size(self) -> int:
        return len(self.sure) + self.count

    def number(self) -> int:
        return math.comb(len(self.pool), self.count)

    def groups(self) -> Iterator[frozenset[str]]:
        for extra in itertools.combinations(sorted(self.pool), self.count):
            yield self.sure | frozenset(extra)

    def sort_key(self) -> tuple[list[str], list[str], int]:
        return (sorted(self.sure), sorted(self.pool), self.count)

    def with_member(self, label: str) -> Targets | None:
        """The groups that include ``label`` (None: none does)."""
        if label in self.sure:
            return self
        if label in self.pool:
            return Targets.make(self.sure | {label}, self.pool - {label}, self.count - 1)
        return None

    def meet(self, other: Targets) -> Targets | None:
        """The groups in both (None: none)."""
        sure = self.sure | other.sure
        allowed = (self.sure | self.pool) & (other.sure | other.pool)
        count = self.size - len(sure)
        if other.size != self.size or not sure <= allowed or count < 0 or count > len(allowed - sure):
            return None
        return Targets.make(sure, allowed - sure, count)

    def best_by(self, score: Callable[[str], RankT]) -> Targets:
        """The groups whose chosen extra labels score lowest (every one, on a tie)."""
        if not self.count:
            return self
        scores = {label: score(label) for label in self.pool}
        boundary = sorted(scores.values())[self.count - 1]
        below = frozenset(label for label, value in scores.items() if value < boundary)
        tied = frozenset(label for label, value in scores.items() if value == boundary)
        return Targets.make(self.sure | below, tied, self.count - len(below))

    def scores(self, score: Callable[[str], RankT], leave_out: str) -> list[RankT]:
        """Sorted scores of the labels but ``leave_out``; after ``best_by(score)`` every group has them."""
        chosen = [score(label) for label in self.sure if label != leave_out]
        if self.count:
            chosen += [score(min(self.pool))] * self.count
        return sorted(chosen)

    def describe(self) -> str:
        sure = ", ".join(sorted(self.sure))
        if not self.count:
            return sure
        return f"{sure} and {self.count} of {', '.join(sorted(self.pool))}"


class Attacks:
    """Which enemies the acting figure can attack from a hex, and how well."""

    def __init__(self, view: View, plan: AttackPlan):
        self.view = view
        self.plan = plan
        self.orientations = hexgrid.orientations(plan.pattern) if plan.pattern else []
        self._ranged_covers: dict[Cell, set[frozenset[str]]] | None = None
        self._target_sets: dict[Cell, list[Targets]] = {}
        self._sets_for: dict[tuple[Cell, str], list[Targets]] = {}
        self._disadvantaged: dict[Cell, frozenset[str]] = {}
        self._enemies_cache: dict[frozenset[Cell], frozenset[str]] = {}

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
            view = self.view
            found = frozenset(label for label in view.visible_enemies if self.disadvantaged(hex_, view.grid.figures[label]))
            self._disadvantaged[hex_] = found
        return found

    def covered_from(self, hex_: Cell) -> set[frozenset[str]]:
        """The sets of visible enemies that one area placement usable from ``hex_`` covers (never empty sets)."""
        view = self.view
        if self.plan.melee:
            q, r = hexgrid.to_axial(hex_)
            placements = [frozenset(hexgrid.from_axial((q + dq, r + dr)) for dq, dr in o) for o in self.orientations]
            return {covered for covered in map(self._enemies_in, placements) if covered}
        if self._ranged_covers is None:
            # Every placement that covers an enemy, grouped by whom it covers: a hex can use
            # the group when some placement of it has an allowed hex within range.
            anchors_of: dict[frozenset[str], set[Cell]] = {}
            for label in view.visible_enemies:
                q, r = hexgrid.to_axial(view.grid.figures[label])
                for o in self.orientations:
                    for vq, vr in o:
                        placement = frozenset(hexgrid.from_axial((q - vq + dq, r - vr + dr)) for dq, dr in o)
                        anchors_of.setdefault(self._enemies_in(placement), set()).update(c for c in placement if self.anchor_allowed(c))
            # Index once: the hexes within range of each group's anchors. Range to an allowed
            # wall hex is counted up to its edge (never through it): a search from the wall hex
            # into its open neighbours counts exactly that.
            self._ranged_covers = {}
            for covered in sorted(anchors_of, key=sorted):
                for hex_in_range in view.ball(sorted(anchors_of[covered]), self.plan.range):
                    self._ranged_covers.setdefault(hex_in_range, set()).add(covered)
        return self._ranged_covers.get(hex_, set())

    def anchor_allowed(self, cell: Cell) -> bool:
        """May this hex of a ranged area be the one within range? A map hex; a wall hex only where the variant allows."""
        terrain = self.view.terrain(cell)
        if terrain == "none":
            return False
        return terrain not in BLOCKS_SIGHT or self.view.rules.aoe_anchor_in_wall

    def _enemies_in(self, placement: frozenset[Cell]) -> frozenset[str]:
        """The visible enemies standing in an area placement (cached per placement)."""
        found = self._enemies_cache.get(placement)
        if found is None:
            view = self.view
            found = frozenset(label for label in view.visible_enemies if view.grid.figures[label] in placement)
            self._enemies_cache[placement] = found
        return found

    def target_sets(self, hex_: Cell) -> list[Targets]:
        """Every way to attack from ``hex_``, built once per hex for all foci: for each area
        placement the enemies it hits plus extra single targets; largest sets first."""
        cached = self._target_sets.get(hex_)
        if cached is not None:
            return cached
        view = self.view
        cells = {label: view.grid.figures[label] for label in view.visible_enemies}
        singles = frozenset(label for label in view.visible_enemies if self.can_target(hex_, cells[label]))
        found: set[Targets] = set()
        if self.plan.pattern is None:
            if singles:
                found.add(Targets.make(frozenset(), singles, self.plan.targets))
        else:
            extra_count = self.plan.targets - 1
            covered = self.covered_from(hex_)
            sighted = {label for label in set().union(*covered) if view.sight.visible(hex_, cells[label])}
            for enemies in covered:
                hit = enemies & sighted
                if hit:
                    found.add(Targets.make(hit, singles - hit, extra_count))
            if not found and singles and extra_count > 0:
                found.add(Targets.make(frozenset(), singles, 1))  # the area hits nobody: one single target
        result = sorted(found, key=lambda t: (-t.size, t.sort_key()))
        self._target_sets[hex_] = result
        return result

    def largest_with(self, hex_: Cell, focus: str) -> int:
        """How many targets the best attack from ``hex_`` that includes ``focus`` hits (0: none)."""
        for t in self.target_sets(hex_):  # largest first
            if focus in t.sure or (t.count and focus in t.pool):
                return t.size
        return 0

    def sets_for(self, hex_: Cell, focus: str) -> list[Targets]:
        """The largest target sets from ``hex_`` that include ``focus`` (empty: cannot attack it)."""
        cached = self._sets_for.get((hex_, focus))
        if cached is None:
            largest = self.largest_with(hex_, focus)
            sets = {t.with_member(focus) for t in self.target_sets(hex_) if t.size == largest}
            cached = sorted((t for t in sets if t is not None), key=Targets.sort_key)
            self._sets_for[(hex_, focus)] = cached
        return cached

    def attack_hexes(self, target: str, *, sighted: bool = True) -> set[Cell]:
        """Hexes the acting figure could end in to attack ``target`` (ignoring reachability).
        ``sighted=False``: in range only, line of sight to the target left to the caller."""
        view = self.view
        cell = view.grid.figures[target]
        sources: set[Cell] = set()
        if self.plan.pattern is None or self.plan.targets > 1:
            # As a single target: a plain attack, or the extra target of an area attack.
            sources.add(cell)
        q, r = hexgrid.to_axial(cell)
        result = {h for h in view.ball(sorted(sources), self.plan.range) if view.can_end_or_start(h)} if sources else set()
        if self.plan.pattern is not None and self.plan.melee:
            # Melee area: no range test, only sight from the attacker's hex.
            for dq, dr in sorted({v for o in self.orientations for v in o}):
                hex_ = hexgrid.from_axial((q - dq, r - dr))
                if view.can_end_or_start(hex_):
                    result.add(hex_)
        elif self.plan.pattern is not None:
            # Ranged area: one hex of a placement covering the target within range.
            anchors = set()
            for o in self.orientations:
                for vq, vr in o:
                    for dq, dr in o:
                        anchor = hexgrid.from_axial((q - vq + dq, r - vr + dr))
                        if self.anchor_allowed(anchor):
                            anchors.add(anchor)
            result |= {h for h in view.ball(sorted(anchors), self.plan.range) if view.can_end_or_start(h)}
        if not sighted:
            return result
        return {h for h in result if view.sight.visible(h, cell)}


class SightedHexes(Mapping[Cell, Cost]):
    """Attack hexes and their path costs, with line of sight to the target tested only for the
    hexes asked about (sight is the costly test): the focus needs the cheapest such hex, this
    turn's move only the hexes it can reach."""

    def __init__(self, candidates: dict[Cell, Cost], sees: Callable[[Cell], bool]):
        self._candidates = candidates
        self._sees = sees
        self._all: dict[Cell, Cost] | None = None

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

    def cheapest(self) -> Cost | None:
        for hex_, cost in sorted(self._candidates.items(), key=lambda item: (item[1], item[0])):
            if self._sees(hex_):
                return cost
        return None


def _cheapest(hexes: Mapping[Cell, Cost]) -> Cost:
    """The cheapest cost among attack hexes (ValueError: none, as min() of nothing)."""
    cheapest = hexes.cheapest() if isinstance(hexes, SightedHexes) else min(hexes.values())
    if cheapest is None:
        raise ValueError("no attack hex in sight")
    return cheapest


# ---------------------------------------------------------------------------
# One turn


@dataclass
class FocusRank:
    label: str
    cost: Cost
    proximity: int
    initiative: InitiativeKey


def _initiative_key(label: str, figures: dict[str, GloomhavenFigure]) -> InitiativeKey:
    """Summons act (and are focused) just before their owner; no initiative ties with all."""
    figure = figures[label]
    if figure.kind == "summon" and figure.owner in figures:
        owner = figures[figure.owner]
        return (owner.initiative if owner.initiative is not None else -1.0, 0)
    return (figure.initiative if figure.initiative is not None else -1.0, 1)


def _describe(label: str, figures: dict[str, GloomhavenFigure]) -> str:
    return figure_name(label, figures[label].name)


def _fmt_cost(cost: Cost) -> str:
    moves = f"{cost[1]} move{'s' if cost[1] != 1 else ''}"
    return f"{moves}, {cost[0]} negative hex{'es' if cost[0] != 1 else ''}" if cost[0] else moves


def plan_attack(action: GloomhavenAction, figure: GloomhavenFigure) -> AttackPlan:
    attack = action.attack
    if attack is None or "disarmed" in figure.conditions:
        return AttackPlan(range=1, melee=True, targets=1, pattern=None, real=False)
    if attack.aoe:
        melee, vectors = parse_pattern(attack.aoe)
        return AttackPlan(range=max(attack.range, 1), melee=melee, targets=attack.targets, pattern=vectors, real=True)
    return AttackPlan(range=max(attack.range, 1), melee=attack.range == 0, targets=attack.targets, pattern=None, real=True)


def resolve_turn(grid: Grid, figures: dict[str, GloomhavenFigure], actor: str, action: GloomhavenAction, rules: VariantRules) -> Turn:
    turn = Turn(actor=actor)
    figure = figures[actor]
    start = grid.figures[actor]
    stay = Option(to=start, path=(start,))

    if "stunned" in figure.conditions:
        turn.note("stunned", f"{actor} is stunned: it ignores its whole card (no focus, no move, no attack).")
        _rule_out_all_but(turn, grid, start, "stunned", "It is stunned: it does not move this turn.")
        turn.options.append(stay)
        return turn.finish()
    if action.move == 0 and action.attack is None:
        turn.note("card", f"{actor}'s card has neither a move nor an attack: it does not move or attack.")
        _rule_out_all_but(turn, grid, start, "card", "Its card has neither a move nor an attack: it does not move.")
        turn.options.append(stay)
        return turn.finish()

    view = View(grid, figures, actor, rules)
    plan = plan_attack(action, figure)
    mover = Mover(view, action)
    attacks = Attacks(view, plan)
    if not plan.real:
        why = "is disarmed" if "disarmed" in figure.conditions and action.attack is not None else "has no attack on its card"
        turn.note("card", f"{actor} {why}: it finds its focus and moves as if for a single-target melee attack, and does not attack.")
    points = action.move
    if "immobilized" in figure.conditions:
        points = 0
        turn.note("card", f"{actor} is immobilized: it cannot move this turn.")
    _rule_out_when_it_cannot_move(turn, grid, actor, start, points, "immobilized" in figure.conditions)
    side = "characters and their summons" if view.actor_is_monster else "monsters"
    muddled = "muddled" in figure.conditions

    # --- focus ---------------------------------------------------------------
    costs = mover.costs_from(start)
    hidden = [e for e in view.enemies if e not in view.visible_enemies]
    if hidden:
        how = "treated as obstacles" if rules.invisible_blocks_movement else "ignored for movement (they cannot be ended on)"
        turn.note("invisible", f"Invisible enemies {', '.join(hidden)} cannot be focused on; they are {how}.", dropped=hidden)
    ranks: dict[str, FocusRank] = {}
    attack_hexes: dict[str, SightedHexes] = {}
    for enemy in view.visible_enemies:
        cell = grid.figures[enemy]
        hexes = SightedHexes({h: costs[h] for h in attacks.attack_hexes(enemy, sighted=False) if h in costs}, _sees_from(view, cell))
        attack_hexes[enemy] = hexes
        best = hexes.cheapest()
        if best is not None:
            ranks[enemy] = FocusRank(enemy, best, view.range_between(start, cell) or 0, _initiative_key(enemy, figures))
    unreachable = [e for e in view.visible_enemies if e not in ranks]
    if not view.visible_enemies:
        turn.note("focus", f"There are no {side} it could focus on: no focus, so it does not move or attack.")
        _rule_out_all_but(turn, grid, start, "no-focus", f"There are no {side} it could focus on: with no focus it does not move.")
        turn.options.append(stay)
        return turn.finish()
    if not ranks:
        turn.note(
            "focus",
            f"No path, however long, leads to an unoccupied hex from which it could attack any of {', '.join(view.visible_enemies)}: no focus, so it does not move or attack.",
            dropped=unreachable,
        )
        _rule_out_all_but(
            turn,
            grid,
            start,
            "no-focus",
            f"No path leads to a hex from which it could attack {_any_of(view.visible_enemies, figures)}: with no focus it does not move.",
        )
        turn.options.append(stay)
        return turn.finish()
    focus_labels = _choose_focus(turn, ranks, unreachable, rules, figures)
    turn.focus = list(focus_labels)

    # --- movement and attack, for each focus the players may pick --------------
    reach = mover.reach_this_turn(points)
    _rule_out_cannot_end_or_reach(turn, view, mover, reach, points, costs)
    for focus in focus_labels:
        _plan_for_focus(
            turn,
            view,
            mover,
            attacks,
            plan,
            rules,
            focus,
            attack_hexes[focus],
            reach,
            muddled,
            figures,
            {label: r.cost for label, r in ranks.items()},
        )
    _forget_options(turn)
    return turn.finish()


#: Range tables (hex counts around walls) per wall layout. They depend on the walls
#: and the board's cells only, so every turn of a phase, and every file with the
#: same board, shares them; a few layouts are kept.
_PROXIMITY: dict[tuple[frozenset[Cell], frozenset[frozenset[Cell]], frozenset[Cell]], dict[Cell, dict[Cell, int]]] = {}
_PROXIMITY_LAYOUTS = 8


def _proximity_tables(grid: Grid, walls: frozenset[Cell]) -> dict[Cell, dict[Cell, int]]:
    key = (walls, grid.thin_walls, frozenset(grid.terrain))
    tables = _PROXIMITY.get(key)
    if tables is None:
        if len(_PROXIMITY) >= _PROXIMITY_LAYOUTS:
            _PROXIMITY.pop(next(iter(_PROXIMITY)))
        tables = _PROXIMITY[key] = {}
    return tables


def _sees_from(view: View, target: Cell) -> Callable[[Cell], bool]:
    """Line of sight from a hex to ``target`` (one function per target, bound now)."""
    return lambda hex_: view.sight.visible(hex_, target)


def _choose_focus(
    turn: Turn, ranks: dict[str, FocusRank], unreachable: list[str], rules: VariantRules, figures: dict[str, GloomhavenFigure]
) -> list[str]:
    ordered = sorted(ranks.values(), key=lambda r: (r.cost, r.label))
    listing = "; ".join(f"{_describe(r.label, figures)}: {_fmt_cost(r.cost)}" for r in ordered)
    turn.note(
        "focus-path",
        f"Shortest path to a hex from which it can attack each enemy (infinite movement, fewest negative hexes first): {listing}."
        + (f" No attack hex can ever be reached for {', '.join(unreachable)}." if unreachable else ""),
        candidates={r.label: list(r.cost) for r in ordered},
        dropped=unreachable,
    )
    best_cost = min(r.cost for r in ranks.values())
    kept = [r for r in ordered if r.cost == best_cost]
    if len(kept) < len(ordered):
        turn.note("focus-path", f"Kept {', '.join(r.label for r in kept)} ({_fmt_cost(best_cost)}).", kept=[r.label for r in kept])
    if len(kept) > 1 and rules.proximity_breaks_focus_ties:
        closest = min(r.proximity for r in kept)
        text = ", ".join(f"{r.label} {r.proximity} hex{'es' if r.proximity != 1 else ''} away" for r in kept)
        survivors = [r for r in kept if r.proximity == closest]
        if len(survivors) < len(kept):
            turn.note(
                "focus-proximity",
                f"Tie on movement; proximity (counted around walls) decides: {text}. Kept {', '.join(r.label for r in survivors)}.",
                kept=[r.label for r in survivors],
            )
        else:
            turn.note("focus-proximity", f"Tie on movement and on proximity: {text}.")
        kept = survivors
    elif len(kept) > 1:
        turn.note("focus-proximity", "Jaws of the Lion: proximity does not break focus ties; initiative decides.")
    if len(kept) > 1:
        labels = [r.label for r in kept]
        earliest = _earliest(labels, figures, rules.monster_focus_order)
        text = ", ".join(f"{label} {_initiative_text(label, figures)}" for label in labels)
        if len(earliest) < len(labels):
            turn.note(
                "focus-initiative",
                f"Still tied; the earliest in initiative order is the focus: {text}. Kept {', '.join(earliest)}.",
                kept=earliest,
            )
        else:
            turn.note("focus-initiative", f"Still tied, and initiative order cannot break it: {text}.")
        other = "initiative" if rules.monster_focus_order == "turn" else "turn"
        if _earliest(labels, figures, other) != earliest:
            reading = (
                "monsters sharing a card's initiative are earlier in initiative order when they act earlier (elites first, then standee numbers)"
                if rules.monster_focus_order == "turn"
                else "monsters sharing a card's initiative tie, whatever their rank and standee number"
            )
            turn.note(
                "reading",
                f"Open reading, rules.monster_focus_order: {rules.monster_focus_order}: {reading}. With '{other}' the answer differs.",
                switch="rules.monster_focus_order",
                value=rules.monster_focus_order,
            )
        kept = [r for r in kept if r.label in earliest]
    if len(kept) > 1:
        turn.note(
            "focus-choice",
            f"Still tied: the players choose the focus among {', '.join(r.label for r in kept)}; each choice is listed.",
            options=[r.label for r in kept],
        )
    else:
        turn.note("focus", f"Focus: {_describe(kept[0].label, figures)}.", focus=kept[0].label)
    return [r.label for r in kept]


def _earlier(a: str, b: str, figures: dict[str, GloomhavenFigure], monster_order: str) -> bool:
    """Is ``a`` surely earlier than ``b`` in initiative order? Unknown order (missing initiatives, equal values) is not."""
    fa, fb = figures[a], figures[b]
    if fa.kind == "summon" and fa.owner == b:
        return True  # "summons are focused on before the character who summoned them" (GH p.30)
    if fb.kind == "summon" and fb.owner == a:
        return False
    ia, ib = _anchor_initiative(a, figures), _anchor_initiative(b, figures)
    if ia is not None and ib is not None and ia != ib:
        return ia < ib
    same_card = fa.kind == fb.kind == "monster" and bool(fa.type or fa.name) and (fa.type or fa.name) == (fb.type or fb.name)
    if same_card and monster_order == "turn":
        # Monsters of one type share the card's initiative and act elites first, then by standee number.
        if fa.elite != fb.elite:
            return fa.elite
        return fa.number is not None and fb.number is not None and fa.number < fb.number
    return False


def _anchor_initiative(label: str, figures: dict[str, GloomhavenFigure]) -> float | None:
    """A summon's place in the order is its owner's (just before it); None: unknown."""
    figure = figures[label]
    if figure.kind == "summon" and figure.owner in figures:
        return figures[figure.owner].initiative
    return figure.initiative


def _earliest(labels: list[str], figures: dict[str, GloomhavenFigure], monster_order: str) -> list[str]:
    """The figures no other one is surely earlier than; several: the players choose."""
    return [a for a in labels if not any(_earlier(b, a, figures, monster_order) for b in labels if b != a)]


def _initiative_text(label: str, figures: dict[str, GloomhavenFigure]) -> str:
    figure = figures[label]
    if figure.kind == "summon" and figure.owner:
        return f"(summon of {figure.owner}, acts just before it)"
    return f"(initiative {figure.initiative:g})" if figure.initiative is not None else "(no initiative)"


#: Above this many (hex, targets) options for one focus, equally good target groups are
#: shown as "these targets plus N of those" instead of one option per group.
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
    lost: dict[Cell, Lost] = {}

    def keep(stage: str, scored: Sequence[tuple[Score, Cell, Targets]], lost: dict[Cell, Lost] = lost) -> list[tuple[Cell, Targets]]:
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

    def extra_disadvantage(h: Cell, t: Targets) -> tuple[int, Cell, Targets]:
        hit_badly = disadvantaged(h) - {focus}
        if not hit_badly & (t.sure | t.pool):
            return 0, h, t
        refined = t.best_by(lambda label: label in hit_badly)
        return sum(refined.scores(lambda label: int(label in hit_badly), focus)), h, refined

    def ranked_extras(scored_pairs: list[tuple[Cell, Targets]], rank: ExtraRank, lost: dict[Cell, Lost]) -> list[tuple[Cell, Targets]]:
        refined = [(h, t.best_by(rank)) for h, t in scored_pairs]
        return keep("extra-rank", [(t.scores(rank, focus), h, t) for h, t in refined], lost)

    def targets_of(hexes: list[Cell]) -> list[tuple[Cell, Targets]]:
        pairs: list[tuple[Cell, Targets]] = []
        for h in hexes:
            sets = attacks.sets_for(h, focus)
            if not sets and fallback:
                sets = [Targets(frozenset([focus]))]
            pairs.extend((h, t) for t in sets)
        return pairs

    rankings: dict[str, Ranking] = {}
    if rules.focus_disadvantage_first:
        # The focus's disadvantage depends on the hex only: filter before building any target set.
        hexes = sorted(moves)
        on_focus = {h: int(focus in disadvantaged(h)) for h in hexes}
        fewest = min(on_focus.values(), default=0)
        lost.update((h, Lost("focus-disadvantage", 1, 0)) for h in hexes if on_focus[h] != fewest)
        pairs = targets_of(_most_targets([h for h in hexes if on_focus[h] == fewest], attacks, focus, lost, fallback))
        for reading, rank in extra_ranks.items():
            lost_here = dict(lost)
            if reading == "movement":
                kept = _by_group_movement(pairs, moves, focus, rank, lost_here)
            elif rank is not None:
                kept = ranked_extras(pairs, rank, lost_here)
            else:
                kept = pairs
            kept = keep("extra-disadvantage", [extra_disadvantage(h, t) for h, t in kept], lost_here)
            kept = keep("movement", [(moves[h], h, t) for h, t in kept], lost_here)
            rankings[reading] = Ranking(_without_repeats(kept), lost_here)
        return rankings
    pairs = targets_of(_most_targets(sorted(moves), attacks, focus, lost, fallback))
    scored = [extra_disadvantage(h, t) for h, t in pairs]
    pairs = keep("disadvantage", [(d + int(focus in disadvantaged(h)), h, t) for d, h, t in scored])
    for reading, rank in extra_ranks.items():
        lost_here = dict(lost)
        kept = ranked_extras(pairs, rank, lost_here) if rank is not None else pairs
        kept = keep("movement", [(moves[h], h, t) for h, t in kept], lost_here)
        rankings[reading] = Ranking(_without_repeats(kept), lost_here)
    return rankings


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

    def group_cost(t: Targets) -> int:
        """What attacking (part of) the groups ``t`` costs over the running hexes."""
        if t not in group_costs:
            group_costs[t] = min(cost for other, cost in set_cost.items() if t.meet(other) is not None)
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
                (t.best_by(extra_rank) for t in own if any(t.meet(o) is not None for o in cheapest_sets)),
                key=lambda t: (t.scores(extra_rank, focus), t.sort_key()),
            )
            lost[h] = Lost("extra-rank", worse.scores(extra_rank, focus), best_seed.scores(extra_rank, focus), worse, best_seed)
    return kept


def _plan_for_focus(
    turn: Turn,
    view: View,
    mover: Mover,
    attacks: Attacks,
    plan: AttackPlan,
    rules: VariantRules,
    focus: str,
    focus_hexes: Mapping[Cell, Cost],
    reach: Reach,
    muddled: bool,
    figures: dict[str, GloomhavenFigure],
    focus_costs: dict[str, Cost] | None = None,
) -> None:
    """Where the figure goes (and whom it attacks) for one focus. ``focus_costs``: every enemy's
    focus path cost, to rank extra targets as secondary foci (rules.extra_targets)."""
    focus_costs = focus_costs or {}
    start = view.start
    fewest_negatives = _cheapest(focus_hexes)[0]
    multi = plan.targets > 1 or plan.pattern is not None

    def proximity(label: str) -> int:
        distance = view.range_between(start, view.grid.figures[label])
        return 10**9 if distance is None else distance

    # Extra targets' ranks, worked out once per label (the ranking asks for them often).
    by_movement = {
        label: (proximity(label) if rules.proximity_breaks_focus_ties else 0, _initiative_key(label, figures))
        for label in view.visible_enemies
    }
    as_focus = {label: (focus_costs.get(label, INFINITE),) + rank for label, rank in by_movement.items()}
    # "movement": the movement part is the group's (see _by_group_movement); then proximity
    # (not in JotL), then initiative. French procedure 3B: the "secondary focus", ranked by
    # the focus rules themselves.
    rank_by_movement, rank_as_focus = by_movement.__getitem__, as_focus.__getitem__

    def extra_rank_for(reading: str) -> ExtraRank | None:
        if not (multi and rules.rank_extra_targets):
            return None
        return rank_by_movement if reading == "movement" else rank_as_focus

    def disadvantaged_now(h: Cell) -> frozenset[str]:
        return frozenset() if muddled else attacks.disadvantaged_from(h)

    def no_disadvantage(h: Cell) -> frozenset[str]:
        return frozenset()

    # The reading in force first; the other one too when it could change the answer (the
    # reasoning then names the reading used), sharing the stages both agree on.
    other = "secondary-focus" if rules.extra_targets == "movement" else "movement"
    readings = [rules.extra_targets]
    if extra_rank_for(rules.extra_targets) is not None and rules.focus_disadvantage_first:
        readings.append(other)

    def rank(moves: dict[Cell, int], *, now: bool) -> tuple[Ranking, Ranking | None]:
        rankings = rank_attacks(
            attacks,
            focus,
            moves,
            rules,
            disadvantaged=disadvantaged_now if now else no_disadvantage,
            extra_ranks={r: extra_rank_for(r) for r in readings},
            fallback=not now,
        )
        return rankings[rules.extra_targets], rankings.get(other)

    def name_reading_if_it_matters(ranking: Ranking, alternative: Ranking | None, *, now: bool) -> None:
        if alternative is None:
            return
        differs = alternative.listed() != ranking.listed() if now else alternative.hexes() != ranking.hexes()
        if differs:
            reading = (
                "the target group needing the fewest movement points first, then proximity and initiative (rulebook p.30, FAQ p.66)"
                if rules.extra_targets == "movement"
                else "extra targets ranked as secondary foci before movement (French procedure, step 3 B)"
            )
            turn.note(
                "reading",
                prefix + f"Open reading, rules.extra_targets: {rules.extra_targets}: {reading}. With '{other}' the answer differs.",
                switch="rules.extra_targets",
                value=rules.extra_targets,
            )

    prefix = f"[focus {focus}] " if len(turn.focus) > 1 else ""
    # This turn: attack hexes reachable without more negative hexes than needed.
    moves_now = {
        h: cost[1] for h, (cost, _) in reach.items() if h in focus_hexes and cost[0] == fewest_negatives and view.can_end_or_start(h)
    }
    ranking, alternative = rank(moves_now, now=True)
    if ranking.best:
        listed = ranking.listed()
        shown = sorted(((h, _targets_of(entry)) for h, entry in listed), key=lambda p: (p[0], p[1].sort_key()))
        turn.note(
            "attack-now",
            prefix
            + f"It can attack {focus} this turn from {count_of(len(moves_now), 'hex', 'hexes')}. "
            + _explain_choice(rules, plan, muddled)
            + f" Best: {'; '.join(format_position(h) + ' attacking ' + t.describe() for h, t in shown[:12])}"
            + (f" (and {len(shown) - 12} more)" if len(shown) > 12 else "")
            + f" ({count_of(moves_now[shown[0][0]], 'movement point')}).",
            kept=[_targets_data(h, t) for h, t in shown],
            ruled_out={
                stage: [list(h) for h in sorted(h for h, lost in ranking.lost.items() if lost.stage == stage)]
                for stage in LOST_ON
                if any(lost.stage == stage for lost in ranking.lost.values())
            },
        )
        if len(listed) == len(ranking.best) and any(t.count for _, t in ranking.best):
            turn.note(
                "attack-now",
                prefix
                + f"Too many equally good target groups to list one by one (over {MAX_LISTED_GROUPS}): each option names the targets it surely attacks; the players add the rest as its note says.",
            )
        if start in moves_now and start not in {h for h, _ in shown}:
            turn.note(
                "attack-now",
                prefix + f"It does not attack from where it stands ({format_position(start)}): {LOST_ON[ranking.lost[start].stage]}.",
            )
        name_reading_if_it_matters(ranking, alternative, now=True)
        _rule_out_attack_now(turn, view, attacks, plan, rules, focus, focus_hexes, reach, fewest_negatives, ranking, moves_now, prefix)
        # One option per hex and sure targets; sets listed as "N more among ..." that share
        # them are alternatives of that one option.
        alternatives: dict[tuple[Cell, frozenset[str]], list[dict[str, Any]]] = {}
        for h, t in shown:
            choices = alternatives.setdefault((h, t.sure), [])
            if t.count:
                choices.append({"choose": t.count, "among": sorted(t.pool)})
        for (h, sure), choices in alternatives.items():
            details = {"also": choices} if choices and plan.real else {}
            turn.options.append(Option(to=h, path=reach[h][1], attacks=tuple(sorted(sure)) if plan.real else (), details=details))
        return

    # Out of reach this turn: pick destinations with infinite movement.
    if rules.plan_best_future_attack:
        moves_later = {h: cost[1] for h, cost in focus_hexes.items() if cost[0] == fewest_negatives}
        future, alternative = rank(moves_later, now=False)
        destinations = future.hexes()
        name_reading_if_it_matters(future, alternative, now=False)
    else:
        closest = min(cost for cost in focus_hexes.values())
        destinations = sorted(h for h, cost in focus_hexes.items() if cost == closest)
    how = "the hexes with the best attack on it" if rules.plan_best_future_attack else "the closest hexes from which it can attack it"
    turn.note(
        "destination",
        prefix
        + f"It cannot attack {focus} this turn; it heads for {how}: {', '.join(format_position(d) for d in destinations)} ({_fmt_cost(focus_hexes[destinations[0]])} away).",
        destinations=[list(d) for d in destinations],
    )
    _rule_out_costly_attack_hexes(turn, view, focus, focus_hexes, reach, fewest_negatives, prefix)
    if not reach or list(reach) == [start]:
        turn.note("move", prefix + "It has no movement this turn, so it stays.")
        turn.options.append(Option(to=start, path=(start,)))
        return
    for destination in destinations:
        remaining = _remaining_costs(mover, view, destination, reach)
        here = remaining.get(start, INFINITE)
        scored = []
        for cell, (cost, _) in reach.items():
            if cell != start and not view.can_end(cell):
                continue
            rest = remaining.get(cell)
            if rest is None:
                continue
            scored.append(((cost[0] + rest[0], rest[1], cost[1]), cell))
        best_score = min(s for s, _ in scored)
        _rule_out_towards(turn, view, destination, reach, scored, best_score, here, prefix)
        if best_score[1] >= here[1]:
            turn.note(
                "move",
                prefix
                + f"Towards {format_position(destination)}: no reachable hex shortens its path ({count_of(here[1], 'move')} from where it stands), so it stays.",
            )
            turn.options.append(Option(to=start, path=(start,)))
            continue
        ends = sorted(cell for s, cell in scored if s == best_score)
        turn.note(
            "move",
            prefix
            + f"Towards {format_position(destination)}: from {count_of(here[1], 'move')} away down to {best_score[1]}, using {count_of(best_score[2], 'movement point')} (the fewest that get this close): {', '.join(format_position(e) for e in ends)}.",
            destination=list(destination),
            ends=[list(e) for e in ends],
        )
        for cell in ends:
            turn.options.append(Option(to=cell, path=reach[cell][1]))


def _targets_of(entry: frozenset[str] | Targets) -> Targets:
    return entry if isinstance(entry, Targets) else Targets(entry)


def _targets_data(hex_: Cell, targets: Targets) -> dict[str, Any]:
    data: dict[str, Any] = {"to": list(hex_), "attacks": sorted(targets.sure)}
    if targets.count:
        data.update(choose=targets.count, among=sorted(targets.pool))
    return data


def _remaining_costs(mover: Mover, view: View, destination: Cell, reach: Reach) -> dict[Cell, Cost]:
    # Every mode searches backwards from the destination (icy walking over its reversed steps).
    return mover.costs_to(destination)


def _explain_choice(rules: VariantRules, plan: AttackPlan, muddled: bool) -> str:
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


# ---------------------------------------------------------------------------
# Several actions on one card (docs/gloomhaven.md, "Several actions on one card")
#
# The card's actions are performed in the printed order (rulebook p.29). The
# first attack decides the focus and the first move, exactly as for a
# `{move, attack}` card (resolve_turn). Each later attack picks its own focus
# with the normal rules among the enemies not yet attacked this turn (GH
# rulebook p.31, notes 3.1) and, when a move comes just before it, that move
# plans for it. A move after the last attack plans for that attack again
# against its focus (its "current attack", rulebook p.29; "sa portée
# actuelle", French procedure step 3).


@dataclass(frozen=True)
class _Segment:
    """A move (or none) and the attack it plans for; ``performs``: the attack is made."""

    index: int  # 1-based number of the segment's first action on the card
    move: GloomhavenCardAction | None
    attack: GloomhavenAttack | None
    performs: bool
    keeps_focus: bool  # a move after the last attack: same focus as that attack


def card_segments(card: list[GloomhavenCardAction], move_after_last_attack: str = "last-attack") -> list[_Segment]:
    """Split a card into (move, attack) segments in the printed order."""
    segments: list[_Segment] = []
    last_attack: GloomhavenAttack | None = None
    i = 0
    while i < len(card):
        step = card[i]
        if step.attack is not None:
            segments.append(_Segment(i + 1, None, step.attack, True, False))
            last_attack = step.attack
            i += 1
            continue
        following = card[i + 1] if i + 1 < len(card) else None
        if following is not None and following.attack is not None:
            segments.append(_Segment(i + 1, step, following.attack, True, False))
            last_attack = following.attack
            i += 2
            continue
        upcoming = next((s.attack for s in card[i + 1 :] if s.attack is not None), None)
        if upcoming is not None:
            segments.append(_Segment(i + 1, step, upcoming, False, False))
        elif last_attack is not None and move_after_last_attack == "last-attack":
            segments.append(_Segment(i + 1, step, last_attack, False, True))
        else:
            segments.append(_Segment(i + 1, step, None, False, last_attack is None))
        i += 1
    return segments


def _as_action(move: GloomhavenCardAction | None, attack: GloomhavenAttack | None) -> GloomhavenAction:
    if move is None:
        return GloomhavenAction(attack=attack)
    return GloomhavenAction(move=move.move or 0, jump=move.jump, teleport=move.teleport, attack=attack)


def _describe_segment(segment: _Segment) -> str:
    parts = []
    if segment.move is not None:
        how = " (jump)" if segment.move.jump else " (teleport)" if segment.move.teleport else ""
        parts.append(f"move {segment.move.move}{how}")
    if segment.attack is not None and segment.performs:
        attack = segment.attack
        kind = "melee" if attack.range == 0 else f"range {attack.range}"
        parts.append(
            f"attack ({kind}" + (f", {attack.targets} targets" if attack.targets > 1 else "") + (", area" if attack.aoe else "") + ")"
        )
    first = segment.index
    numbers = f"action {first}" if len(parts) == 1 else f"actions {first}-{first + 1}"
    return f"{numbers}: " + ", then ".join(parts)


@dataclass
class _Branch:
    """One way the card has gone so far: the board, what was done, and the reasoning prefix."""

    board: Grid
    path: tuple[Cell, ...]
    attacked: tuple[str, ...]
    focus: str | None
    done: list[str]
    effects: tuple[Effect, ...] = ()


def resolve_card(
    grid: Grid,
    figures: dict[str, GloomhavenFigure],
    actor: str,
    card: GloomhavenCard,
    rules: VariantRules,
    readings: GloomhavenRules | None = None,
) -> Turn:
    """One figure's turn for a card in either form: the shorthand goes straight to resolve_turn."""
    readings = readings or GloomhavenRules()
    figure = figures[actor]
    if figure.summoned:
        start = grid.figures[actor]
        turn = Turn(actor=actor)
        turn.note("card", f"{actor} was summoned this round: it does not act until the next round (its initiative only orders focus ties).")
        _rule_out_all_but(turn, grid, start, "card", "It was summoned this round: it does not act until the next round.")
        turn.options.append(Option(to=start, path=(start,)))
        return turn.finish()
    if isinstance(card, GloomhavenAction):
        return resolve_turn(grid, figures, actor, card, rules)
    segments = card_segments(card, readings.move_after_last_attack)
    first, later = segments[0], segments[1:]
    turn = resolve_turn(grid, figures, actor, _as_action(first.move, first.attack), rules)
    if "stunned" in figure.conditions or not later:
        return turn
    card_note = (
        f"{actor}'s card has {len(card)} actions, performed in the printed order: "
        + "; ".join(_describe_segment(s) for s in segments)
        + ". The first attack decides the focus and the first move."
    )
    turn.reasoning.insert(0, Step("card", card_note))
    start = grid.figures[actor]
    branches: list[_Branch] = []
    per_focus = (
        _outcomes_per_focus(grid, figures, actor, _as_action(first.move, first.attack), rules, turn.focus) if len(turn.focus) > 1 else {}
    )
    for option in turn.options:
        attacks = tuple(option.attacks) if first.performs else ()
        outcome = (option.to, tuple(sorted(option.attacks)))
        foci: list[str | None] = [f for f in turn.focus if outcome in per_focus.get(f, {outcome})] or [None]
        done = _record(
            first,
            start,
            _hex_path(option.path),
            attacks,
            foci[0] if len(foci) == 1 else None,
            _disadvantaged(grid, figures, actor, rules, first.attack, _hex(option.to), attacks),
        )
        board, effects = _board_after(grid, actor, _hex_path(option.path), figure, first.move)
        for focus in foci:
            branches.append(_Branch(board, _hex_path(option.path), attacks, focus, done, effects))
    earlier_reasons = dict(turn.ruled_out)
    for segment in later:
        if segment.move is not None:
            turn.ruled_out.clear()  # where it ends is this move's doing: its reasons replace the earlier ones
        many = len(branches) > 1
        grown: list[_Branch] = []
        for branch in branches:
            here = branch.board.figures[actor]
            prefix = (
                f"[{_describe_segment(segment).split(':')[0]}"
                + (f", from {format_position(here)}" + (f", focus {branch.focus}" if branch.focus else "") if many else "")
                + "] "
            )
            grown.extend(_later_segment(turn, branch, actor, figures, segment, rules, readings, prefix))
        branches = _merge_branches(turn, grown)
    turn.options = [
        Option(to=b.path[-1], path=b.path, attacks=tuple(sorted(b.attacked)), details={"actions": b.done}, effects=b.effects)
        for b in branches
    ]
    _after_card_reasons(turn, grid, earlier_reasons)
    return turn.finish(distinct_paths=True)


def _outcomes_per_focus(
    grid: Grid, figures: dict[str, GloomhavenFigure], actor: str, action: GloomhavenAction, rules: VariantRules, foci: list[str]
) -> dict[str, set[Outcome]]:
    """For a focus the players choose: which first-segment outcomes (to, attacks) belong to which
    focus, so a later move that keeps the focus keeps the one the players picked."""
    figure = figures[actor]
    view = View(grid, figures, actor, rules)
    plan = plan_attack(action, figure)
    mover = Mover(view, action)
    attacks = Attacks(view, plan)
    costs = mover.costs_from(view.start)
    points = 0 if "immobilized" in figure.conditions else action.move
    reach = mover.reach_this_turn(points)
    outcomes: dict[str, set[Outcome]] = {}
    hexes_for = {e: {h: costs[h] for h in attacks.attack_hexes(e) if h in costs} for e in view.visible_enemies}
    focus_costs = {e: min(hexes.values()) for e, hexes in hexes_for.items() if hexes}
    for focus in foci:
        scratch = Turn(actor=actor, focus=list(foci))
        _plan_for_focus(
            scratch, view, mover, attacks, plan, rules, focus, hexes_for[focus], reach, "muddled" in figure.conditions, figures, focus_costs
        )
        outcomes[focus] = {(o.to, tuple(sorted(o.attacks))) for o in scratch.options}
    return outcomes


#: Bound on the ways a card can go at once (the players' choices multiply).
MAX_BRANCHES = 64


def _merge_branches(turn: Turn, branches: list[_Branch]) -> list[_Branch]:
    """Branches in the same state (hex, figures attacked, focus, traps left) have the same
    future: keep the first. Beyond MAX_BRANCHES the rest are dropped, and the reasoning says so."""
    kept: dict[tuple[Cell, tuple[str, ...], str | None, tuple[Position, ...]], _Branch] = {}
    for branch in branches:
        key = (
            branch.board.figures[turn.actor],
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


def _disadvantaged(
    board: Grid,
    figures: dict[str, GloomhavenFigure],
    actor: str,
    rules: VariantRules,
    attack: GloomhavenAttack | None,
    at: Cell,
    targets: tuple[str, ...],
) -> tuple[str, ...]:
    """Targets attacked with disadvantage from ``at``: all when muddled, else those a ranged attack hits at range 1."""
    if not targets or attack is None or "disarmed" in figures[actor].conditions:
        return ()
    if "muddled" in figures[actor].conditions:
        return tuple(sorted(targets))
    if attack.range == 0 or (attack.aoe is not None and "@" in attack.aoe):
        return ()
    view = View(board.moved(actor, at), figures, actor, rules)
    return tuple(sorted(t for t in targets if view.range_between(at, board.figures[t]) == 1))


def _record(
    segment: _Segment, start: Cell, path: tuple[Cell, ...], attacks: tuple[str, ...], focus: str | None, disadvantaged: tuple[str, ...] = ()
) -> list[str]:
    """What the segment did, one line per action: shown with the option."""
    done: list[str] = []
    if segment.move is not None:
        done.append(
            f"{segment.index}: move {format_position(start)} -> {format_position(path[-1])}"
            if path[-1] != start
            else f"{segment.index}: move: stays at {format_position(start)}"
        )
    if segment.attack is not None and segment.performs:
        number = segment.index + (1 if segment.move is not None else 0)
        if attacks:
            worse = f"; disadvantage on {', '.join(sorted(disadvantaged))}" if disadvantaged else ""
            done.append(
                f"{number}: attack {', '.join(sorted(attacks))} from {format_position(path[-1])}"
                + (f" (focus {focus}{worse})" if focus else f" ({worse[2:]})" if worse else "")
            )
        else:
            done.append(f"{number}: no attack" + (f" (focus {focus} out of reach)" if focus else " (no focus)"))
    return done


def _later_segment(
    turn: Turn,
    branch: _Branch,
    actor: str,
    figures: dict[str, GloomhavenFigure],
    segment: _Segment,
    rules: VariantRules,
    readings: GloomhavenRules,
    prefix: str,
) -> list[_Branch]:
    """Resolve one later segment from ``branch``: its focus, its move, its attack (each outcome a branch)."""
    board = branch.board
    figure = figures[actor]
    here = board.figures[actor]
    action = _as_action(segment.move, segment.attack)
    view = View(board, figures, actor, rules)
    plan = plan_attack(action, figure)
    mover = Mover(view, action)
    points = 0 if segment.move is None or "immobilized" in figure.conditions else (segment.move.move or 0)
    scratch = Turn(actor=actor)
    costs = mover.costs_from(here)
    everyone = list(view.visible_enemies)
    # A later attack does not target a figure this turn's attacks already hit
    # (notes 3.1), unless `rules.later_attack_targets` reads it otherwise.
    # (A move printed before a later attack plans for that attack, with the same exclusion.)
    plans_later_attack = segment.attack is not None and not segment.keeps_focus
    excluded = sorted(set(branch.attacked)) if plans_later_attack and readings.later_attack_targets != "any" else []
    view.visible_enemies = [e for e in everyone if e not in excluded]
    attacks = Attacks(view, plan)
    hexes_for = {e: {h: costs[h] for h in attacks.attack_hexes(e) if h in costs} for e in view.visible_enemies}
    if excluded and readings.later_attack_targets == "others-first" and not any(hexes_for.values()):
        scratch.note(
            "focus",
            f"No enemy other than {', '.join(excluded)} can be focused, so it may attack them again (rules.later_attack_targets: others-first).",
        )
        excluded = []
        view.visible_enemies = everyone
        attacks = Attacks(view, plan)
        hexes_for = {e: {h: costs[h] for h in attacks.attack_hexes(e) if h in costs} for e in view.visible_enemies}
    elif excluded:
        scratch.note(
            "focus",
            f"Already attacked this turn, so not a target of this attack: {', '.join(excluded)} (notes 3.1; rules.later_attack_targets: {readings.later_attack_targets}).",
            dropped=excluded,
        )
    if segment.keeps_focus:
        foci = [branch.focus] if branch.focus is not None and hexes_for.get(branch.focus) else []
        if foci:
            scratch.note(
                "focus",
                f"It keeps its focus {_describe(foci[0], figures)} and moves as for its last attack (rules.move_after_last_attack: last-attack).",
                focus=branch.focus,
            )
    else:
        if segment.attack is None:
            scratch.note(
                "card",
                "No attack follows this move: it finds a focus and moves as for a single-target melee attack (rules.move_after_last_attack: melee).",
            )
        ranks = {
            e: FocusRank(e, min(h.values()), view.range_between(here, board.figures[e]) or 0, _initiative_key(e, figures))
            for e, h in hexes_for.items()
            if h
        }
        foci = _choose_focus(scratch, ranks, [e for e in view.visible_enemies if e not in ranks], rules, figures) if ranks else []
    if not foci:
        scratch.note("focus", "No enemy it could attack with this action can be reached: it does nothing here.")
        _rule_out_all_but(scratch, board, here, "no-focus", "No enemy it could attack with this action can be reached: it does not move.")
        _append_notes(turn, scratch, prefix)
        _take_reasons(turn, scratch, prefix, segment)
        return [
            _Branch(
                board, branch.path, branch.attacked, branch.focus, branch.done + _record(segment, here, (here,), (), None), branch.effects
            )
        ]
    reach = mover.reach_this_turn(points)
    _rule_out_when_it_cannot_move(scratch, board, actor, here, points, "immobilized" in figure.conditions)
    _rule_out_cannot_end_or_reach(scratch, view, mover, reach, points, costs)
    grown: list[_Branch] = []
    for focus in foci:
        options_before = len(scratch.options)
        focus_costs = {e: min(hexes.values()) for e, hexes in hexes_for.items() if hexes}
        _plan_for_focus(
            scratch, view, mover, attacks, plan, rules, focus, hexes_for[focus], reach, "muddled" in figure.conditions, figures, focus_costs
        )
        for option in scratch.options[options_before:]:
            hit = tuple(option.attacks) if segment.performs else ()
            path = branch.path + _hex_path(option.path[1:])
            done = branch.done + _record(
                segment,
                here,
                _hex_path(option.path),
                hit,
                focus if segment.performs else None,
                _disadvantaged(board, figures, actor, rules, segment.attack, _hex(option.to), hit),
            )
            summary = (
                (f"moves {format_position(here)} -> {format_position(option.to)}" if option.to != here else "stays")
                if segment.move is not None
                else ""
            )
            if segment.performs:
                summary += (", then " if summary else "") + (
                    f"attacks {', '.join(hit)} from {format_position(option.to)}" if hit else "does not attack"
                )
            scratch.note("card-action", summary[0].upper() + summary[1:] + ".", to=list(option.to), attacks=list(hit))
            board_next, effects = _board_after(board, actor, _hex_path(option.path), figure, segment.move)
            grown.append(
                _Branch(
                    board_next,
                    path,
                    branch.attacked + hit,
                    focus if segment.performs or segment.keeps_focus else branch.focus,
                    done,
                    branch.effects + effects,
                )
            )
    _append_notes(turn, scratch, prefix)
    _take_reasons(turn, scratch, prefix, segment)
    return grown


def _append_notes(turn: Turn, scratch: Turn, prefix: str) -> None:
    for step in scratch.reasoning:
        turn.reasoning.append(Step(step.step, prefix + step.text, step.data))


def _board_after(
    board: Grid, actor: str, path: tuple[Cell, ...], figure: GloomhavenFigure, move: GloomhavenCardAction | None
) -> tuple[Grid, tuple[Effect, ...]]:
    """The board after one move of the card, and that move's effects: the move, the traps
    it sprang (removed from the board: rulebook p.14; a flyer springs none)."""
    if move is None or len(path) < 2:
        return board, ()
    moved = board.moved(actor, path[-1])
    if figure.flying:
        return moved, (Moved(actor, path),)
    entered = path[-1:] if (move.jump or move.teleport) else path[1:]
    sprung = tuple(cell for cell in entered if board.terrain.get(cell) == "trap")
    return _without_traps(moved, sprung), (Moved(actor, path), *(TrapSprung(cell, (actor,)) for cell in sprung))


def _without_traps(board: Grid, sprung: tuple[Cell, ...]) -> Grid:
    if not sprung:
        return board
    terrain = dict(board.terrain)
    for cell in sprung:
        terrain[cell] = "floor"
    return Grid(board.kind, board.width, board.height, terrain, board.thin_walls, board.figures, board.symbols)


# ---------------------------------------------------------------------------
# The scenario: one figure, or the whole phase


def activation_order(figures: dict[str, GloomhavenFigure], present: set[str]) -> list[str]:
    """Monsters by initiative (type card), then type, elites first, then standee number."""
    monsters = [label for label in present if figures[label].kind == "monster" and not figures[label].summoned]

    def key(label: str) -> tuple[float, str, bool, int, str]:
        f = figures[label]
        return (f.initiative if f.initiative is not None else 100.0, f.type or f.name or "", not f.elite, f.number or 0, label)

    return sorted(monsters, key=key)


def monster_type(figure: GloomhavenFigure) -> str:
    return figure.type or figure.name or ""


def type_ties(figures: dict[str, GloomhavenFigure], present: set[str]) -> list[list[str]]:
    """Monster types whose cards share an initiative (each list: two or more types, by name).
    The rulebook orders types by initiative only: between these the players choose."""
    by_initiative: dict[float | None, set[str]] = {}
    for label in activation_order(figures, present):
        by_initiative.setdefault(figures[label].initiative, set()).add(monster_type(figures[label]))
    return [
        sorted(types) for _, types in sorted(by_initiative.items(), key=lambda item: (item[0] is None, item[0] or 0.0)) if len(types) > 1
    ]


def next_of_phase(figures: dict[str, GloomhavenFigure], order: Sequence[str], waiting: Sequence[str], prefer: Sequence[str]) -> NextActor:
    """The next monster of the phase. ``order``: activation_order; ``waiting``: those yet to act,
    in that order. A type once started finishes (elites first, then numbers); where the next
    types tie on initiative, the players choose which goes first: the type of the first label
    in ``prefer`` (``--first``), else the first by name, and the step says so."""
    started = {monster_type(figures[label]) for label in order if label not in waiting}
    unfinished = next((label for label in waiting if monster_type(figures[label]) in started), None)
    if unfinished is not None:
        return NextActor(unfinished)
    initiative = figures[waiting[0]].initiative
    tied_types = sorted({monster_type(figures[label]) for label in waiting if figures[label].initiative == initiative})
    if len(tied_types) < 2:
        return NextActor(waiting[0])
    chosen = next(
        (monster_type(figures[label]) for label in prefer if label in waiting and monster_type(figures[label]) in tied_types), tied_types[0]
    )
    first_of = {t: next(label for label in waiting if monster_type(figures[label]) == t) for t in tied_types}
    label = first_of[chosen]
    others = [first_of[t] for t in tied_types if t != chosen]
    when = f"initiative {initiative:g}" if initiative is not None else "no initiative given"
    how = (
        "--first put it first"
        if any(label in waiting and monster_type(figures[label]) == chosen for label in prefer)
        else "first by type name here; --first LABEL puts another type first"
    )
    text = (
        f"Monster types {', '.join(tied_types)} share their card's initiative ({when}): the rulebook leaves the order to the players. "
        f"{chosen} acts now ({how})."
    )
    step = Step("order", text, {"tied_types": tied_types, "chosen": chosen, "tied": others})
    return NextActor(label, tuple(sorted(others)), step)


def with_objective_initiative(figures: dict[str, GloomhavenFigure]) -> dict[str, GloomhavenFigure]:
    """Objectives are focused on as if at initiative 99 (FH p.15) unless the file gives one."""
    return {
        label: figure.model_copy(update={"initiative": 99.0}) if figure.kind == "objective" and figure.initiative is None else figure
        for label, figure in figures.items()
    }


class GloomhavenPlay:
    """One Gloomhaven scenario under one variant's rules (the phase runner drives it)."""

    def __init__(self, scenario: Scenario, variant: str):
        model: GloomhavenScenario = scenario.model
        # The variant's rules, with the open readings the scenario chose (`rules:`).
        self.rules = replace(
            VARIANTS[variant], extra_targets=model.rules.extra_targets, monster_focus_order=model.rules.monster_focus_order
        )
        self.model = model
        self.scenario = scenario
        self.figures: dict[str, GloomhavenFigure] = with_objective_initiative(dict(model.figures))
        for label, figure in self.figures.items():
            if figure.kind == "summon" and figure.owner is not None and figure.owner not in self.figures:
                raise scenario.error(("figures", label, "owner"), f"summon {label!r} names owner {figure.owner!r}, which is not a figure")
        self.board: Grid = parse_grid(
            scenario,
            "hex",
            extra_symbols=EXTRA_SYMBOLS,
            figure_cells={label: f.at for label, f in self.figures.items()},
        )
        for key in model.actions:
            if key not in self.figures and not any((f.type or f.name) == key for f in self.figures.values()):
                raise scenario.error(("actions", key), f"`actions` key {key!r} names no figure and no monster type")
        self.state = BoardState(dict(self.board.figures))
        self.waiting_summons = [label for label in sorted(self.board.figures) if self.figures[label].summoned]
        self.notes: list[str] = [
            f"{label} was summoned this round: it does not act in this phase (its initiative only orders focus ties)."
            for label in self.waiting_summons
        ]

    def acting_side(self) -> list[str]:
        return activation_order(self.figures, set(self.board.figures))

    def check_actor(self, label: str) -> None:
        """Any figure on the board may be shown acting (a summon too), but never an objective."""
        if self.figures[label].kind == "objective":
            raise self.scenario.error(("active",), f"active figure {label!r} is an objective: objectives never act")

    def next_actor(self, board: Grid, waiting: Sequence[str], prefer: Sequence[str]) -> NextActor:
        return next_of_phase(self.figures, self.acting_side(), waiting, prefer)

    def action_of(self, actor: str) -> GloomhavenCard:
        figure = self.figures[actor]
        actions = self.model.actions
        return actions.get(actor) or actions.get(figure.type or figure.name or "\0") or self.model.action

    def turn(self, board: Grid, actor: str) -> Turn:
        card = self.action_of(actor)
        turn = resolve_card(board, self.figures, actor, card, self.rules, self.model.rules)
        if self.model.active is None and self.waiting_summons:
            # Said once, in the phase's first turn (the runner shows scenario notes only for several actors).
            turn.reasoning.insert(0, Step("order", " ".join(self.notes), {"waiting": self.waiting_summons}))
            self.waiting_summons = []
        if isinstance(card, GloomhavenAction):  # a list card's options carry their effects already
            turn.options = [replace(option, effects=self._traps_sprung(board, actor, option, card)) for option in turn.options]
        return turn.finish()

    def _traps_sprung(self, board: Grid, actor: str, option: Option, action: GloomhavenAction) -> tuple[Effect, ...]:
        """Traps the move springs; they are removed from the board (rulebook p.14). Flyers spring none."""
        if self.figures[actor].flying or len(option.path) < 2:
            return option.effects
        path = _hex_path(option.path)
        entered = path[-1:] if (action.jump or action.teleport) else path[1:]
        sprung = tuple(TrapSprung(cell, (actor,)) for cell in entered if board.terrain.get(cell) == "trap")
        return (*option.effects, *sprung)

    def apply(self, board: Grid, option: Option) -> Grid:
        terrain = board.terrain
        figures = dict(board.figures)
        for effect in option.effects:
            if isinstance(effect, Moved):
                figures[effect.figure] = _hex(effect.path[-1])
            elif isinstance(effect, TrapSprung) and effect.removed:
                terrain = dict(terrain) if terrain is board.terrain else terrain
                terrain[_hex(effect.at)] = "floor"
        return Grid(board.kind, board.width, board.height, terrain, board.thin_walls, figures, board.symbols)


# ---------------------------------------------------------------------------
# "Why not this hex?" (issue 16): the engine records, from the data it already
# computed, why each hex of the map is not a destination. Turn.rule_out keeps
# the first reason per hex, so the calls above follow the procedure's order:
# the card, the focus, hexes it cannot end in, hexes out of reach, then this
# turn's attack or the move towards the destinations. Guarantee: every map
# hex that is not an option's destination has a reason (tests check it).


def _any_of(labels: list[str], figures: dict[str, GloomhavenFigure]) -> str:
    names = [_describe(label, figures) for label in labels]
    return names[0] if len(names) == 1 else "any of " + ", ".join(names)


def _names(labels: frozenset[str], view: View) -> str:
    return ", ".join(_describe(label, view.figures) for label in sorted(labels))


def _rule_out_all_but(turn: Turn, grid: Grid, start: Cell, step: StepId, reason: str) -> None:
    """The figure does not move at all: every other hex, for one reason."""
    for cell in sorted(grid.terrain):
        if cell != start:
            turn.rule_out(cell, step, reason)


def _rule_out_when_it_cannot_move(turn: Turn, grid: Grid, actor: str, start: Cell, points: int, immobilized: bool) -> None:
    if points > 0:
        return
    if immobilized:
        _rule_out_all_but(turn, grid, start, "immobilized", "It is immobilized: it cannot move this turn.")
    else:
        _rule_out_all_but(turn, grid, start, "card", "Its card has no move this turn.")


def _why_it_cannot_end(view: View, cell: Cell) -> tuple[str, dict[str, str]] | None:
    """Why the acting figure may not end its move in ``cell`` (None: it may)."""
    if cell == view.start or view.can_end(cell):
        return None
    terrain = view.terrain(cell)
    if terrain == "wall":
        return "A wall: no figure can stand there.", {"terrain": terrain}
    if terrain == "door":
        return "A closed door: monsters treat it as a wall.", {"terrain": terrain}
    if terrain == "obstacle" and not view.flying:
        return "An obstacle: only a flying figure can end its move there.", {"terrain": terrain}
    occupant = view.grid.occupant(cell)
    if occupant is not None:
        name = _describe(occupant, view.figures)
        if view.figures[occupant].kind == "objective":
            return f"Occupied by the objective {name}: it cannot end its move there.", {"figure": occupant}
        if occupant in view.allies:
            return f"Occupied by {name}: it may move through an ally but not end its move there.", {"figure": occupant}
        return f"Occupied by {name}, an enemy: it cannot end its move there.", {"figure": occupant}
    return "It cannot end its move there.", {"terrain": terrain}


def _fewest_points(mover: Mover, costs: dict[Cell, Cost]) -> dict[Cell, tuple[int, int]]:
    """(movement points, difficult hexes entered) of the cheapest way in points alone.

    The focus search minimises negative hexes first, so its points can be more
    than needed; walking needs this one extra search per turn (not per hex).
    Jumps, flights and teleports already count plain points."""
    view = mover.view
    if mover.mode != "walk":
        return {cell: (cost[1], mover.landing_cost(cell)[1] if cell != view.start else 0) for cell, cost in costs.items()}
    if not any(cost[0] for cost in costs.values()) and "difficult" not in view.grid.terrain.values():
        # No negative hex can be reached and none costs 2: the focus search's points are the fewest.
        return {cell: (cost[1], 0) for cell, cost in costs.items()}
    # One integer Dijkstra: points first, then fewest difficult hexes (weight below one point).
    weight = len(view.grid.terrain) + 1
    best = {view.start: 0}
    heap = [(0, view.start)]
    while heap:
        cost, cell = heapq.heappop(heap)
        if cost > best[cell]:
            continue
        for land, _, (_, points) in mover.walk_steps(cell):
            new = cost + points * weight + (points - 1)
            if new < best.get(land, new + 1):
                best[land] = new
                heapq.heappush(heap, (new, land))
    return {cell: divmod(cost, weight) for cell, cost in best.items()}


def _blockers(view: View, mover: Mover) -> str:
    """What a way there may have to go around: only the kinds this board has."""
    kinds = []
    if view.grid.thin_walls or any(view.terrain(c) in NOT_A_STEP for c in view.grid.terrain):
        kinds.append("walls")
    if mover.mode == "walk":
        if any(view.terrain(c) == "obstacle" for c in view.grid.terrain):
            kinds.append("obstacles")
        blocking = {view.figures[label].kind == "objective" for label, cell in view.grid.figures.items() if cell in view.blocking_cells}
        kinds.extend(kind for kind, present in (("enemies", False in blocking), ("objectives", True in blocking)) if present)
    return " or ".join([", ".join(kinds[:-1]), kinds[-1]] if len(kinds) > 1 else kinds) or "the shape of the map"


def _rule_out_cannot_end_or_reach(turn: Turn, view: View, mover: Mover, reach: Reach, points: int, costs: dict[Cell, Cost]) -> None:
    """Hexes it may not end in, then hexes it cannot reach this turn (and why)."""
    if points <= 0:
        return  # already ruled out: it does not move
    fewest: dict[Cell, tuple[int, int]] | None = None
    blockers: str | None = None
    texts: dict[tuple[int, bool, bool], str] = {}  # many hexes share one reason
    start = view.start
    for cell in sorted(view.grid.terrain):
        if cell == start or cell in turn.ruled_out:
            continue
        why = _why_it_cannot_end(view, cell)
        if why is not None:
            turn.rule_out(cell, "cannot-end", why[0], **why[1])
            continue
        if cell in reach:
            continue
        if blockers is None:
            blockers = _blockers(view, mover)
        if cell not in costs:
            turn.rule_out(
                cell, "unreachable", f"Not reachable, however far it moves: every way there is closed off by {blockers}.", has=points
            )
            continue
        if fewest is None:
            fewest = _fewest_points(mover, costs)
        needed, difficult = fewest.get(cell, (costs[cell][1], 0))
        detour = mover.mode != "teleport" and needed - difficult > hexgrid.distance(start, cell)
        key = (needed, detour, difficult > 0)
        reason = texts.get(key)
        if reason is None:
            notes = [f"going around {blockers}"] if detour else []
            if difficult:
                notes.append("difficult terrain costs 2" if mover.mode == "walk" else "landing on difficult terrain costs 1 more")
            detail = f" ({'; '.join(notes)})" if notes else ""
            reason = texts[key] = (
                f"Out of reach this turn: the cheapest way there costs {count_of(needed, 'movement point')}{detail}, and it has {points}."
            )
        turn.rule_out(cell, "unreachable", reason, needed=needed, has=points)


def _why_no_attack(view: View, plan: AttackPlan, focus: str, cell: Cell) -> tuple[StepId, str, dict[str, object]]:
    """Why ``cell`` is not an attack hex for ``focus``: out of range, or no line of sight.

    A hex it may end in, within range of the focus and in sight, is an attack hex
    (Attacks.attack_hexes), so sight needs no new test (sight tests are costly)."""
    target = view.grid.figures[focus]
    name = _describe(focus, view.figures)
    distance = view.range_between(cell, target)
    data: dict[str, object] = {"focus": focus, "distance": distance, "range": plan.range}
    in_range = distance is not None and distance <= plan.range
    if plan.pattern is not None and not (plan.targets > 1 and in_range):
        if plan.melee:
            how = f"no way of turning its area attack covers {name} in its line of sight"
        else:
            how = f"no placement of its area attack within range {plan.range} covers {name} in its line of sight"
        return "range", f"It cannot attack {name} from here: {how}.", data
    if distance is None:
        return "range", f"It cannot attack {name} from here: walls cut {name} off.", data
    if not in_range:
        away = f"{name} is {count_of(distance, 'hex', 'hexes')} away (counted around walls)"
        if not plan.real:
            needs = "it moves as if for a melee attack, which needs an adjacent target"
        elif plan.melee:
            needs = "a melee attack needs an adjacent target"
        else:
            needs = f"its range is {plan.range}"
        return "range", f"It cannot attack {name} from here: {away} and {needs}.", data
    return "line-of-sight", f"It cannot attack {name} from here: no line of sight (a wall is in the way).", data


def _negatives_reason(name: str, negatives: int, fewest: int) -> str:
    return (
        f"It could attack {name} from here, but getting here this turn triggers {count_of(negatives, 'negative hex', 'negative hexes')}"
        f" (traps, hazardous terrain) where its focus path needs only {fewest}."
    )


def _rule_out_attack_now(
    turn: Turn,
    view: View,
    attacks: Attacks,
    plan: AttackPlan,
    rules: VariantRules,
    focus: str,
    focus_hexes: Mapping[Cell, Cost],
    reach: Reach,
    fewest_negatives: int,
    ranking: Ranking,
    moves_now: dict[Cell, int],
    prefix: str,
) -> None:
    """It attacks this turn: the other reachable hexes are no attack hex, cost more negative hexes, or lose a preference."""
    winners = ranking.hexes()
    name = _describe(focus, view.figures)
    for cell in sorted(reach):
        if cell in turn.ruled_out or cell in winners:
            continue
        if cell not in focus_hexes:
            step, reason, data = _why_no_attack(view, plan, focus, cell)
            turn.rule_out(cell, step, prefix + reason, **data)
        elif reach[cell][0][0] != fewest_negatives:
            _rule_out_negatives(turn, cell, focus, name, reach[cell][0][0], fewest_negatives, prefix, against=winners)
        elif cell in ranking.lost:
            step, reason, data = _lost_preference(view, rules, focus, ranking.lost[cell])
            turn.rule_out(cell, step, prefix + reason, against=winners, focus=focus, **data)
        else:
            turn.rule_out(cell, "range", prefix + f"From here it has no attack that includes {name}.", focus=focus)


def _lost_preference(view: View, rules: VariantRules, focus: str, lost: Lost) -> tuple[StepId, str, dict[str, object]]:
    """The preference a hex lost on, in words and numbers (see rank_attacks)."""
    here, best = lost.here, lost.best
    mine = lost.targets.sure if lost.targets is not None else frozenset()
    theirs = lost.best_targets.sure if lost.best_targets is not None else frozenset()
    if lost.stage == "extra-rank":
        by = "proximity, then initiative" if rules.proximity_breaks_focus_ties else "initiative"
        if rules.extra_targets == "secondary-focus":
            by = "their own focus paths, then " + by + " (rules.extra_targets: secondary-focus)"
        return (
            "extra-targets",
            f"Its extra targets from here ({_names(mine - {focus}, view)}) rank below those of the best hexes ({_names(theirs - {focus}, view)}), by {by}.",
            {"targets": sorted(mine), "best_targets": sorted(theirs)},
        )
    # Every other preference compares counts.
    assert isinstance(here, int) and isinstance(best, int), lost
    if lost.stage == "focus-disadvantage":
        return (
            "disadvantage",
            f"From here it would attack {_describe(focus, view.figures)} with disadvantage (a ranged attack on an adjacent target); the best hexes avoid that.",
            {},
        )
    if lost.stage == "targets":
        return (
            "fewer-targets",
            f"It could attack only {count_of(here, 'target')} from here; the best hexes attack {best}.",
            {"targets": here, "best": best},
        )
    if lost.stage == "group-movement":
        return (
            "target-group",
            f"Its targets from here ({_names(mine, view)}) need at least {count_of(here, 'movement point')} to attack;"
            f" the best group ({_names(theirs, view)}) needs only {best}.",
            {"targets": sorted(mine), "best_targets": sorted(theirs), "points": here, "best": best},
        )
    if lost.stage in ("extra-disadvantage", "disadvantage"):
        return (
            "disadvantage",
            f"From here {count_of(here, 'attack')} would have disadvantage (ranged attacks on adjacent targets); from the best hexes {best}.",
            {"disadvantaged": here, "best": best},
        )
    return (
        "more-movement",
        f"Getting here takes {count_of(here, 'movement point')}; the best hexes take {best}.",
        {"points": here, "best": best},
    )


def _rule_out_negatives(
    turn: Turn, cell: Cell, focus: str, name: str, negatives: int, fewest: int, prefix: str, *, against: Iterable[Cell] = ()
) -> None:
    turn.rule_out(
        cell,
        "negative-hexes",
        prefix + _negatives_reason(name, negatives, fewest),
        against=against,
        focus=focus,
        negatives=negatives,
        fewest=fewest,
    )


def _rule_out_costly_attack_hexes(
    turn: Turn, view: View, focus: str, focus_hexes: Mapping[Cell, Cost], reach: Reach, fewest_negatives: int, prefix: str
) -> None:
    """It cannot attack this turn: hexes it could attack from, but only through more negative hexes than needed."""
    name = _describe(focus, view.figures)
    for cell in sorted(reach):
        if cell in focus_hexes and reach[cell][0][0] > fewest_negatives:
            _rule_out_negatives(turn, cell, focus, name, reach[cell][0][0], fewest_negatives, prefix)


def _rule_out_towards(
    turn: Turn,
    view: View,
    destination: Cell,
    reach: Reach,
    scored: list[tuple[tuple[int, int, int], Cell]],
    best_score: tuple[int, int, int],
    here: Cost,
    prefix: str,
) -> None:
    """Moving towards ``destination``: the reachable hexes that do not get as close, as safely, as cheaply."""
    start = view.start
    stays = best_score[1] >= here[1]
    ends = sorted(cell for score, cell in scored if score == best_score)
    against = [start] if stays else ends
    score_of = {cell: score for score, cell in scored}
    to = format_position(destination)
    data = {"destination": list(destination)}
    for cell in sorted(reach):
        if cell in turn.ruled_out or cell in against:
            continue
        score = score_of.get(cell)
        if score is None or score[1] >= INFINITE[1]:
            turn.rule_out(cell, "not-closer", prefix + f"From here it could never reach {to}.", against=against, **data)
        elif score[0] > best_score[0]:
            turn.rule_out(
                cell,
                "negative-hexes",
                prefix
                + f"Heading for {to} by way of here triggers {count_of(score[0], 'negative hex', 'negative hexes')} (traps, hazardous terrain); the best way only {best_score[0]}.",
                against=against,
                negatives=score[0],
                fewest=best_score[0],
                **data,
            )
        elif stays:
            turn.rule_out(
                cell,
                "stays",
                prefix
                + f"No hex it can reach this turn shortens its path to {to} ({count_of(here[1], 'move')} from where it stands, {score[1]} from here), so it stays.",
                against=against,
                moves=score[1],
                moves_from_start=here[1],
                **data,
            )
        elif score[1] > best_score[1]:
            turn.rule_out(
                cell,
                "not-closer",
                prefix + f"From here it would still be {count_of(score[1], 'move')} from {to}; the best hexes get within {best_score[1]}.",
                against=against,
                moves=score[1],
                best=best_score[1],
                **data,
            )
        else:
            turn.rule_out(
                cell,
                "more-movement",
                prefix
                + f"It gets just as close to {to} here ({count_of(score[1], 'move')} away) but uses {count_of(score[2], 'movement point')};"
                f" the best hexes use only {best_score[2]}.",
                against=against,
                points=score[2],
                best=best_score[2],
                **data,
            )


def _forget_options(turn: Turn) -> None:
    """A hex ruled out for one focus or destination may be an option for another: then it is an option."""
    for option in turn.options:
        turn.ruled_out.pop(option.to, None)


def _take_reasons(turn: Turn, scratch: Turn, prefix: str, segment: _Segment) -> None:
    """A later move of a card (from one branch): its reasons, named after the action (first branch first)."""
    if segment.move is None:
        return  # an attack alone moves nothing: where it ends was decided earlier
    for cell, ruled in scratch.ruled_out.items():
        turn.rule_out(cell, ruled.step, prefix + ruled.reason, against=ruled.against, **ruled.data)


def _after_card_reasons(turn: Turn, grid: Grid, earlier: dict[Position, RuledOut]) -> None:
    """A card with several actions: hexes no later move explained keep the first move's reason."""
    for cell in sorted(grid.terrain):
        if cell not in turn.ruled_out and cell in earlier:
            turn.ruled_out[cell] = earlier[cell]
    ends = {option.to for option in turn.options}
    for cell in sorted(grid.terrain):
        if cell not in ends:
            turn.rule_out(cell, "card", "None of the ways its card's actions can go ends here.")
    _forget_options(turn)
