"""Line of sight between hexes, decided exactly with integer geometry.

Only walls block sight: wall cells (as solid hexes) and thin walls (the edge
between two cells). A sight line that *touches* a wall, even at a single
point, is blocked (rulebook: "without touching any part of a wall").

Two modes:

* ``corner``: corner-to-corner sight (a game's older rule). Some corner of one hex must see some
  corner of the other: 36 segment tests, exact. A corner that lies on a wall
  never works.
* ``any``: any-point sight. Some point of one hex must see some point
  of the other. Decided exactly (see :mod:`anypoint`): a sight
  line, nudged off every hex corner, crosses a sequence of hexes through
  their open edges; we follow the hexes it could cross, keeping the set of
  lines that cross every edge so far, until the target is entered (visible)
  or every branch meets a wall (hidden). No sampling, so no sight line is
  missed however thin.

Coordinates are the scaled integer ones of :mod:`hexgrid` (x in sqrt(3)/2,
y in 1/2 units), in which every hex corner is an integer point.

Speed: answers are cached per pair, and the cache is shared by every
:class:`HexSight` built for the same wall layout and mode (every turn of a
phase, every file of a ``check`` run on the same map). Walls are indexed by
the cells they border, so a pair only looks at the walls of the hexes near
the segment between them.
"""

from __future__ import annotations

from collections.abc import Iterable
from functools import lru_cache
from itertools import islice

from . import anypoint, hexgrid

Point = tuple[int, int]
Segment = tuple[Point, Point]
Cell = tuple[int, int]

#: Wall layouts whose answers are kept (least recently used ones are dropped).
LAYOUT_CACHE_SIZE = 16


def _orient(a: Point, b: Point, c: Point) -> int:
    value = (b[0] - a[0]) * (c[1] - a[1]) - (b[1] - a[1]) * (c[0] - a[0])
    return (value > 0) - (value < 0)


def _on_segment(a: Point, b: Point, p: Point) -> bool:
    return min(a[0], b[0]) <= p[0] <= max(a[0], b[0]) and min(a[1], b[1]) <= p[1] <= max(a[1], b[1])


def segments_touch(p1: Point, p2: Point, q1: Point, q2: Point) -> bool:
    """True when the closed segments share at least one point."""
    o1, o2 = _orient(p1, p2, q1), _orient(p1, p2, q2)
    o3, o4 = _orient(q1, q2, p1), _orient(q1, q2, p2)
    if o1 != o2 and o3 != o4 and o1 * o2 <= 0 and o3 * o4 <= 0 and (o1 != 0 or o2 != 0):
        return True
    if o1 == 0 and _on_segment(p1, p2, q1):
        return True
    if o2 == 0 and _on_segment(p1, p2, q2):
        return True
    if o3 == 0 and _on_segment(q1, q2, p1):
        return True
    return o4 == 0 and _on_segment(q1, q2, p2)


class HexSight:
    """Line-of-sight oracle for one hex board (cached per wall layout and mode)."""

    def __init__(self, wall_cells: Iterable[Cell], thin_walls: Iterable[frozenset[Cell]], mode: str = "any"):
        if mode not in ("corner", "any"):
            raise ValueError(f"unknown line-of-sight mode {mode!r}")
        self.mode = mode
        self._layout = _layout(frozenset(wall_cells), frozenset(thin_walls), mode)
        self.visible = self._layout.visible  # type: ignore[method-assign]  # asked tens of thousands of times a run

    def visible(self, a: Cell, b: Cell) -> bool:
        return self._layout.visible(a, b)

    @property
    def layout(self) -> object:
        """The wall layout and mode answering (one object while it is kept; compared by identity): a cache of
        answers built on this sight keys on it, so that every pair those answers asked is among :meth:`disputed`'s."""
        return self._layout

    def disputed(self) -> bool:
        """Whether the other mode would answer some pair this layout has answered so far (every figure and
        turn on these walls) otherwise. When it would not, a computation that asked only these pairs gets the
        same answers, so the same result, in the other mode."""
        return self._layout.disputed()

    def blockers(self, a: Cell, b: Cell) -> tuple[list[Cell], list[tuple[Cell, Cell]], bool]:
        """What stands between ``a`` and ``b`` (asked only to explain a hex out of sight): the wall hexes and thin
        walls the line joining their centres touches, and True; when that line is clear (corner sight can
        fail all the same), the walls near it, and False."""
        return self._layout.blockers(a, b)

    def clear_line(self, a: Cell, b: Cell) -> tuple[Point, Point] | None:
        """A sight line between ``a`` and ``b`` that touches no wall, as two scaled points (drawn by pictures):
        the centres' line where it is clear (any-point sight), else the first free corner-to-corner line;
        None when neither is free (hidden, or, in any-point sight, seen only along some other line)."""
        layout = self._layout
        walls = layout.walls_near(a, b)
        centres = (hexgrid.centre_scaled(a), hexgrid.centre_scaled(b))
        if self.mode == "any" and _free(centres[0], centres[1], walls):
            return centres
        if a in layout.wall_cells or b in layout.wall_cells:
            return None
        (ax, ay), (bx, by) = centres
        dx, dy = bx - ax, by - ay

        def shown_first(pair: Segment) -> tuple[int, int]:
            # The free corner line nearest the centres' line (then the longest): the one a player would try first.
            (px, py), (qx, qy) = pair
            off = abs(dx * (py - ay) - dy * (px - ax)) + abs(dx * (qy - ay) - dy * (qx - ax))
            return off, -(3 * (qx - px) ** 2 + (qy - py) ** 2)

        corners_b = hexgrid.corners_scaled(b)
        free = [(p, q) for p in hexgrid.corners_scaled(a) for q in corners_b if _free(p, q, walls)]
        return min(free, key=lambda pair: (shown_first(pair), pair)) if free else None


_LAYOUTS: dict[tuple[str, frozenset[Cell], frozenset[frozenset[Cell]]], _Layout] = {}


def answered(wall_cells: Iterable[Cell], thin_walls: Iterable[frozenset[Cell]], mode: str) -> HexSight | None:
    """The sight of a wall layout that is still kept, with every pair it answered (None: none is kept, e.g.
    dropped since; a new one would know no pair)."""
    layout = _LAYOUTS.get((mode, frozenset(wall_cells), frozenset(thin_walls)))
    if layout is None:
        return None
    sight = HexSight.__new__(HexSight)
    sight.mode, sight._layout, sight.visible = mode, layout, layout.visible  # type: ignore[method-assign]
    return sight


def _layout(wall_cells: frozenset[Cell], thin_walls: frozenset[frozenset[Cell]], mode: str) -> _Layout:
    key = (mode, wall_cells, thin_walls)
    layout = _LAYOUTS.pop(key, None)
    if layout is None:
        layout = _Layout(wall_cells, thin_walls, mode)
        while len(_LAYOUTS) >= LAYOUT_CACHE_SIZE:
            del _LAYOUTS[next(iter(_LAYOUTS))]
    _LAYOUTS[key] = layout  # re-inserted last: the dict's order is the recency order
    return layout


class _Layout:
    """One wall layout: its walls indexed by cell, and every answer computed so far."""

    def __init__(self, wall_cells: frozenset[Cell], thin_walls: frozenset[frozenset[Cell]], mode: str):
        self.mode = mode
        self.other_mode = "any" if mode == "corner" else "corner"
        self.wall_cells = wall_cells
        self.thin_walls = thin_walls
        # Each wall segment is filed under both cells it borders. An edge between two
        # wall cells is inside the wall: a line can only reach it through the wall's
        # outline, so it is left out.
        by_cell: dict[Cell, set[Segment]] = {}
        for cell in wall_cells:
            for neighbour, edge in zip(_neighbours_by_edge(cell), _edges(cell)):
                if neighbour not in wall_cells:
                    by_cell.setdefault(cell, set()).add(edge)
                    by_cell.setdefault(neighbour, set()).add(edge)
        for pair in thin_walls:
            a, b = sorted(pair)
            shared = hexgrid.shared_edge(a, b)
            if shared is not None:
                by_cell.setdefault(a, set()).add(shared)
                by_cell.setdefault(b, set()).add(shared)
        self.walls_by_cell = {cell: tuple(sorted(edges)) for cell, edges in by_cell.items()}
        self._walls_by_axial = {hexgrid.to_axial(cell): edges for cell, edges in self.walls_by_cell.items()}
        self._cache: dict[tuple[Cell, Cell], bool] = {}
        self._compared = 0  # answers of _cache (in insertion order) already compared with the other mode
        self._disputed = False
        self._cells_of_edge: dict[Segment, list[Cell]] | None = None  # blockers(): the wall hexes an edge outlines
        self._closed: dict[Cell, int] = {}  # the edges of a hex that are walls, as bits (edge i: 1 << i)
        # Corner sight's answers worked out on the way by an any-point layout (the other mode's; none in corner sight).
        self._other_answers: dict[tuple[Cell, Cell], bool] = {}

    def is_wall_edge(self, a: Cell, b: Cell) -> bool:
        """Whether the edge between neighbours ``a`` and ``b`` is (part of) a wall."""
        return a in self.wall_cells or b in self.wall_cells or frozenset((a, b)) in self.thin_walls

    def closed_edges(self, cell: Cell) -> int:
        """The edges of ``cell`` that are walls, as bits (edge i, as in :func:`_edges`, is ``1 << i``)."""
        closed = self._closed.get(cell)
        if closed is None:
            closed = self._closed[cell] = sum(
                1 << i for i, neighbour in enumerate(_neighbours_by_edge(cell)) if self.is_wall_edge(cell, neighbour)
            )
        return closed

    def visible(self, a: Cell, b: Cell) -> bool:
        key = (a, b) if a <= b else (b, a)
        cached = self._cache.get(key)
        if cached is None:
            # Corner-to-corner lines are lines from a point to a point: a pair corner sight sees, any-point sight
            # sees; a pair any-point sight does not see, corner sight does not (the other mode's answer, when known).
            # The other layout's answers in this mode, worked out on its way, are this mode's answers.
            other = _LAYOUTS.get((self.other_mode, self.wall_cells, self.thin_walls))
            known = other._cache.get(key) if other is not None else None
            if known is not None and known == (self.mode == "any"):
                cached = known
            elif other is not None and key in other._other_answers:
                cached = other._other_answers[key]
            else:
                cached = self._compute(*key, self.mode)
            self._cache[key] = cached
        return cached

    def disputed(self) -> bool:
        if self._disputed or self._compared == len(self._cache):
            return self._disputed
        # Corner sight implies any-point sight (see visible): only the pairs hidden to corner sight, or seen by
        # any-point sight, can differ. The other mode's answers known on these walls are not worked out again.
        other, layout = self.other_mode, _LAYOUTS.get((self.other_mode, self.wall_cells, self.thin_walls))
        known = layout._cache if layout is not None else {}
        differs = self.mode == "any"
        for key, seen in islice(self._cache.items(), self._compared, None):
            if seen == differs:
                answer = known.get(key)
                if answer is None:
                    answer = self._other_answers.get(key)
                if (self._compute(*key, other) if answer is None else answer) != seen:
                    self._disputed = True
                    break
        self._compared = len(self._cache)
        return self._disputed

    def walls_near(self, a: Cell, b: Cell) -> list[Segment]:
        """The wall segments that could touch a segment between the two hexes."""
        qa, ra = hexgrid.to_axial(a)
        qb, rb = hexgrid.to_axial(b)
        found: set[Segment] = set()
        walls_at = self._walls_by_axial.get
        for dq, dr in _corridor(qb - qa, rb - ra):
            edges = walls_at((qa + dq, ra + dr))
            if edges:
                found.update(edges)
        return list(found)

    def blockers(self, a: Cell, b: Cell) -> tuple[list[Cell], list[tuple[Cell, Cell]], bool]:
        near = set(self.walls_near(a, b))
        centres = (hexgrid.centre_scaled(a), hexgrid.centre_scaled(b))
        touched = {wall for wall in near if segments_touch(centres[0], centres[1], wall[0], wall[1])}
        on_line = bool(touched)
        found = touched or near
        cells_of_edge = self._cells_of_edge
        if cells_of_edge is None:  # once per layout: asked for every hex out of sight a turn explains
            cells_of_edge = self._cells_of_edge = {}
            for cell, edges in self.walls_by_cell.items():
                if cell in self.wall_cells:
                    for edge in edges:
                        cells_of_edge.setdefault(edge, []).append(cell)
        cells = sorted({cell for edge in found for cell in cells_of_edge.get(edge, ())})
        thin = sorted((p, q) for p, q in (sorted(pair) for pair in self.thin_walls) if hexgrid.shared_edge(p, q) in found)
        return cells, thin, on_line

    def _compute(self, a: Cell, b: Cell, mode: str) -> bool:
        if a == b:
            return True
        if a in self.wall_cells or b in self.wall_cells:
            return False  # every point of a wall hex's outline is wall
        walls = self.walls_near(a, b)
        if not walls:
            return True
        if mode == "corner":
            return _corners_see(a, b, walls)
        seen = self._any_point(a, b, walls)
        if seen and self.mode == "any" and (a, b) not in self._other_answers:
            # disputed() asks corner sight of every pair any-point sight sees, and a reading in corner sight reads
            # it (visible): worked out here, where the walls near the pair are at hand.
            self._other_answers[(a, b)] = _corners_see(a, b, walls)
        return seen

    def _any_point(self, a: Cell, b: Cell, walls: list[Segment]) -> bool:
        if _free(hexgrid.centre_scaled(a), hexgrid.centre_scaled(b), walls):
            return True  # the usual case, and the cheapest test
        if hexgrid.distance(a, b) == 1:
            return self._neighbours_see(a, b)
        left, charted = anypoint.edge_pairs_left(a, b, walls, self.closed_edges(a), self.closed_edges(b))
        if not left:
            return False
        # A pair corner sight sees, any-point sight sees.
        corners = _corners_see(a, b, walls)
        if self.mode == "any":
            self._other_answers[(a, b)] = corners
        return corners or anypoint.lines_left(left, walls, charted)

    def _neighbours_see(self, a: Cell, b: Cell) -> bool:
        """Neighbours see each other across their shared edge, or through a hex both touch.

        A segment between the two hexes that does not cross the shared edge
        passes round one of its ends, through the hex the two have in common there.
        """
        if not self.is_wall_edge(a, b):
            return True
        common = set(hexgrid.neighbours(a)) & set(hexgrid.neighbours(b))
        return any(not self.is_wall_edge(a, c) and not self.is_wall_edge(c, b) for c in sorted(common))


def _corners_see(a: Cell, b: Cell, walls: list[Segment]) -> bool:
    """Corner sight: some corner of ``a`` sees some corner of ``b`` past ``walls``."""
    # A corner on a wall (an end of a wall edge: edges meet only at corners) starts no free line.
    on_walls = {point for segment in walls for point in segment}
    corners_b = [q for q in hexgrid.corners_scaled(b) if q not in on_walls]
    return any(_free(p, q, walls) for p in hexgrid.corners_scaled(a) if p not in on_walls for q in corners_b)


def _free(p: Point, q: Point, walls: list[Segment]) -> bool:
    """Whether the segment ``p``-``q`` touches none of ``walls``: :func:`segments_touch` for each, written out (the
    hottest loop of sight). A wall off the segment's box, or wholly on one side of its line, is missed; so is
    the segment wholly on one side of the wall's line; else they touch (both ``on a line'' tests met, or all
    four points on one line with overlapping boxes)."""
    px, py = p
    qx, qy = q
    lo_x, hi_x = (px, qx) if px <= qx else (qx, px)
    lo_y, hi_y = (py, qy) if py <= qy else (qy, py)
    dx, dy = qx - px, qy - py
    for (ax, ay), (bx, by) in walls:
        if (ax < lo_x and bx < lo_x) or (ax > hi_x and bx > hi_x) or (ay < lo_y and by < lo_y) or (ay > hi_y and by > hi_y):
            continue
        o1 = dx * (ay - py) - dy * (ax - px)
        o2 = dx * (by - py) - dy * (bx - px)
        if (o1 > 0 and o2 > 0) or (o1 < 0 and o2 < 0):
            continue
        ex, ey = bx - ax, by - ay
        o3 = ex * (py - ay) - ey * (px - ax)
        o4 = ex * (qy - ay) - ey * (qx - ax)
        if (o3 > 0 and o4 > 0) or (o3 < 0 and o4 < 0):
            continue
        return False
    return True


# --- cells and edges -----------------------------------------------------------------
# Edge i of a hex joins corner i to corner i + 1 (corners as in hexgrid.corners_scaled,
# turning positively: the orientation of the next corner is > 0); it borders the
# neighbour in axial direction _EDGE_DIRECTIONS[i].

_EDGE_DIRECTIONS = ((1, 0), (0, 1), (-1, 1), (-1, 0), (0, -1), (1, -1))


def _neighbours_by_edge(cell: Cell) -> list[Cell]:
    q, r = hexgrid.to_axial(cell)
    return [hexgrid.from_axial((q + dq, r + dr)) for dq, dr in _EDGE_DIRECTIONS]


def _edges(cell: Cell) -> list[Segment]:
    corners = hexgrid.corners_scaled(cell)
    return [(min(corners[i], corners[(i + 1) % 6]), max(corners[i], corners[(i + 1) % 6])) for i in range(6)]


@lru_cache(maxsize=4096)
def _corridor(dq: int, dr: int) -> tuple[tuple[int, int], ...]:
    """Axial offsets of the cells near the segment from a hex to the hex ``(dq, dr)`` away.

    Any segment between the two hexes lies within 1 (the hex radius) of the
    segment between their centres, and a cell whose outline comes within 1
    has its centre within 2 of it. Scaled coordinates are linear in axial
    ones, so the shape only depends on the offset.
    """
    ex, ey = 2 * dq + dr, 3 * dr  # centre_scaled of the offset
    cells = []
    # Two rows (6 scaled y units) and three scaled x units are more than 2 true units.
    for r in range(min(0, dr) - 2, max(0, dr) + 3):
        low = min(0, ex) - 4
        for x in range(low - (low - r) % 2, max(0, ex) + 5, 2):  # x = 2q + r has the parity of r
            if _near_segment((x, 3 * r), (ex, ey)):
                cells.append(((x - r) // 2, r))
    return tuple(cells)


def _near_segment(p: Point, end: Point) -> bool:
    """Whether ``p`` is within 2 (true units, hex radius 1) of the segment from the origin to ``end``.

    In scaled units 16 * |p|^2 = 4 * (3 x^2 + y^2); everything is compared in integers.
    """
    (px, py), (ex, ey) = p, end
    dot = 3 * px * ex + py * ey  # 4 * true dot product
    length = 3 * ex * ex + ey * ey  # 4 * true squared length
    if dot <= 0 or length == 0:
        return 3 * px * px + py * py <= 16
    if dot >= length:
        qx, qy = px - ex, py - ey
        return 3 * qx * qx + qy * qy <= 16
    # Squared distance to the line, times 4 * length: |p|^2 |e|^2 - (p.e)^2.
    return (3 * px * px + py * py) * length - dot * dot <= 16 * length
