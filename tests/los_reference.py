"""The exact any-point sight of main at 1f8f555 (enemy_move/geometry/los.py before the crosscut proof), kept as the
reference the faster sight is compared with (tests/test_sight_crosscut.py). Not used by the project."""

from __future__ import annotations

from collections.abc import Callable, Iterable
from functools import lru_cache
from itertools import islice

from enemy_move.geometry import hexgrid

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

    def is_wall_edge(self, a: Cell, b: Cell) -> bool:
        """Whether the edge between neighbours ``a`` and ``b`` is (part of) a wall."""
        return a in self.wall_cells or b in self.wall_cells or frozenset((a, b)) in self.thin_walls

    def visible(self, a: Cell, b: Cell) -> bool:
        key = (a, b) if a <= b else (b, a)
        cached = self._cache.get(key)
        if cached is None:
            # Corner-to-corner lines are lines from a point to a point: a pair corner sight sees, any-point sight
            # sees; a pair any-point sight does not see, corner sight does not (the other mode's answer, when known).
            other = _LAYOUTS.get((self.other_mode, self.wall_cells, self.thin_walls))
            known = other._cache.get(key) if other is not None else None
            if known is not None and known == (self.mode == "any"):
                cached = known
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
            # A corner on a wall (an end of a wall edge: edges meet only at corners) starts no free line.
            on_walls = {point for segment in walls for point in segment}
            corners_b = [q for q in hexgrid.corners_scaled(b) if q not in on_walls]
            return any(_free(p, q, walls) for p in hexgrid.corners_scaled(a) if p not in on_walls for q in corners_b)
        if _free(hexgrid.centre_scaled(a), hexgrid.centre_scaled(b), walls):
            return True  # the usual case, and the cheapest test
        if hexgrid.distance(a, b) == 1:
            return self._neighbours_see(a, b)
        return _line_between(a, b, walls, self.is_wall_edge)

    def _neighbours_see(self, a: Cell, b: Cell) -> bool:
        """Neighbours see each other across their shared edge, or through a hex both touch.

        A segment between the two hexes that does not cross the shared edge
        passes round one of its ends, through the hex the two have in common there.
        """
        if not self.is_wall_edge(a, b):
            return True
        common = set(hexgrid.neighbours(a)) & set(hexgrid.neighbours(b))
        return any(not self.is_wall_edge(a, c) and not self.is_wall_edge(c, b) for c in sorted(common))


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


# --- any-point sight, exactly ----------------------------------------------------------
#
# Lines are directed from hex A towards hex B (at least two steps apart). In the
# chart u(p) = 4 * (true dot product of p with v), w(p) = cross(v, p), where v joins
# the centres, every line from A to B has a direction with u > 0 (the hexes are
# farther apart than their diameters), so it is the graph w = lam * u + c of a line
# in the (lam, c) plane. A point (u, w) lies strictly left of the line exactly when
# lam * u + c - w < 0: every requirement "this corner is on that side" is a strict
# linear inequality in (lam, c), and the lines meeting all of them form an open
# convex polygon. Crossing an edge from corner i to corner i + 1 out of a hex
# (corners turning positively) means: corner i + 1 on the left, corner i on the right.
#
# A polygon is kept as its boundary lines in cyclic order, each (alpha, beta, gamma)
# meaning alpha * lam + beta * c = gamma with the inside where
# alpha * lam + beta * c - gamma < 0, and its vertices, vertex i where lines i and
# i + 1 meet. A vertex is always computed from two of those lines, so numbers never
# grow beyond products of corner coordinates.

Line = tuple[int, int, int]
Vertex = tuple[int, int, int]  # homogeneous (X, Y, Z), Z > 0: lam = X / Z, c = Y / Z
Polygon = tuple[list[Line], list[Vertex]]


def _meet(e: Line, f: Line) -> Vertex:
    z = e[0] * f[1] - f[0] * e[1]
    x = e[2] * f[1] - f[2] * e[1]
    y = e[0] * f[2] - f[0] * e[2]
    return (x, y, z) if z > 0 else (-x, -y, -z)


def _polygon(bounds: list[Line]) -> Polygon:
    count = len(bounds)
    return bounds, [_meet(bounds[i], bounds[(i + 1) % count]) for i in range(count)]


def _corner_values(polygon: Polygon, corner: Point) -> list[int]:
    """``lam * u + c - w`` at each vertex, scaled by Z > 0: < 0 where the corner is left of that line."""
    u, w = corner
    return [u * x + y - w * z for x, y, z in polygon[1]]


def _cut(polygon: Polygon, bound: Line, values: list[int]) -> Polygon | None:
    """The part of ``polygon`` strictly inside ``bound`` (``values``: bound at each vertex).

    None when no open part is left. Assumes the bound really cuts (some value > 0, some < 0).
    """
    bounds, vertices = polygon
    count = len(bounds)
    first = next(i for i in range(count) if values[i] < 0 and values[i - 1] >= 0)
    last = first
    while values[(last + 1) % count] < 0:
        last += 1
    # Vertices first..last are inside: keep the lines through them and close with `bound`.
    kept = [bounds[k % count] for k in range(first, last + 2)]
    corners = [vertices[k % count] for k in range(first, last + 1)]
    return kept + [bound], corners + [_meet(kept[-1], bound), _meet(bound, kept[0])]


def _require(polygon: Polygon, corner: Point, on_left: bool) -> Polygon | None:
    """Keep the lines that have ``corner`` strictly on the given side (None: no line left)."""
    u, w = corner
    values = [u * x + y - w * z for x, y, z in polygon[1]]  # _corner_values, inlined (the hottest step of any-point sight)
    high, low = max(values), min(values)
    if on_left:
        if high <= 0:
            return polygon
        if low >= 0:
            return None
        return _cut(polygon, (u, 1, w), values)
    if low >= 0:
        return polygon
    if high <= 0:
        return None
    return _cut(polygon, (-u, -1, -w), [-v for v in values])


def _line_between(a: Cell, b: Cell, walls: list[Segment], is_wall_edge: Callable[[Cell, Cell], bool]) -> bool:
    """Whether some segment from a point of hex ``a`` to a point of hex ``b`` touches no wall.

    The set of such segments is open, so if there is one there is one on a
    line through no hex corner; it leaves ``a`` through the inside of an edge
    ``ea`` and enters ``b`` through the inside of an edge ``eb``, neither a
    wall. Between those two crossings the line runs exactly through the region
    beyond both edges' lines, so a wall segment matters when it lies in that
    region, and the line misses it when both its ends are strictly on the same
    side. Walls joined end to end must then all be on the same side. Hex edges
    only ever meet at corners, so a wall segment is either inside the region
    or touches it at most at one corner (never crossed by a line through no corner).

    So, for each pair of edges (``ea``, ``eb``): the lines crossing both, cut
    down group by group (each group of connected walls passed on the left or on
    the right), until some lines are left (visible) or none (hidden).
    """
    qa, ra = hexgrid.to_axial(a)
    qb, rb = hexgrid.to_axial(b)
    bands = _bands(qb - qa, rb - ra)
    ox, oy = hexgrid.centre_scaled(a)
    vx, vy = bands.direction
    # The walls' end points, each once, numbered: a set of them is a bit mask.
    bit: dict[Point, int] = {}
    charted: dict[Point, Point] = {}
    for segment in walls:
        for point in segment:
            if point not in bit:
                bit[point] = 1 << len(bit)
                dx, dy = point[0] - ox, point[1] - oy
                charted[point] = (3 * dx * vx + dy * vy, vx * dy - vy * dx)
    masked = [(bit[p] | bit[q], p, q) for p, q in walls]
    points = [(bit[p], x, y) for p, (x, y) in charted.items()]
    open_a: dict[int, bool] = {}
    open_b: dict[int, bool] = {}
    beyond: dict[tuple[Point, Point], int] = {}
    groups_of: dict[int, list[list[Point]]] = {}  # the same walls often matter for several edge pairs
    for i, j, lines, edge_a, edge_b in bands.pairs:
        if i not in open_a:
            open_a[i] = not is_wall_edge(a, _neighbour_across(a, i))
        if j not in open_b:
            open_b[j] = not is_wall_edge(b, _neighbour_across(b, j))
        if not (open_a[i] and open_b[j]):
            continue
        for edge in (edge_a, edge_b):
            if edge not in beyond:
                (px, py), (qx, qy) = edge
                ex, ey = qx - px, qy - py
                # On or outside the edge's line: orientation <= 0 (the chart keeps orientations).
                beyond[edge] = sum(mask for mask, x, y in points if ex * (y - py) - ey * (x - px) <= 0)
        between = beyond[edge_a] & beyond[edge_b]
        if not between:
            return True  # no wall between the two edges: every line crossing both is free
        groups = groups_of.get(between)
        if groups is None:
            joined = _joined([(p, q) for mask, p, q in masked if mask & between == mask])
            groups = groups_of[between] = [[charted[p] for p in group] for group in joined]
        if _pass_all(lines, groups):
            return True
    return False


def _neighbour_across(cell: Cell, edge: int) -> Cell:
    """The neighbour across edge ``edge`` of ``cell`` (:func:`_neighbours_by_edge`, one of them)."""
    q, r = hexgrid.to_axial(cell)
    dq, dr = _EDGE_DIRECTIONS[edge]
    return hexgrid.from_axial((q + dq, r + dr))


class _Bands:
    """For hexes ``(dq, dr)`` apart: each pair of edges a line from one to the other can cross, with those lines.

    ``pairs`` holds (exit edge i of a, entry edge j of b, the polygon of lines
    crossing both, edge i and edge j as charted corner pairs); all of it only
    depends on the offset, so it is computed once per offset.
    """

    def __init__(self, dq: int, dr: int):
        a, b = (0, 0), hexgrid.from_axial((dq, dr))
        origin, target = hexgrid.centre_scaled(a), hexgrid.centre_scaled(b)
        vx, vy = target[0] - origin[0], target[1] - origin[1]
        self.direction = (vx, vy)

        def chart(point: Point) -> Point:
            x, y = point[0] - origin[0], point[1] - origin[1]
            return (3 * x * vx + y * vy, vx * y - vy * x)

        corners_a = [chart(p) for p in hexgrid.corners_scaled(a)]
        corners_b = [chart(p) for p in hexgrid.corners_scaled(b)]
        # A box holding every line through both hexes, so that polygons are bounded.
        slope = 1 + max(abs(wq - wp) // (uq - up) + 1 for up, wp in corners_a for uq, wq in corners_b)
        offset = 1 + max(abs(w) for _, w in corners_a) + slope * max(abs(u) for u, _ in corners_a)
        box = _polygon([(1, 0, -slope), (0, 1, -offset), (1, 0, slope), (0, 1, offset)])
        self.pairs: list[tuple[int, int, Polygon, tuple[Point, Point], tuple[Point, Point]]] = []
        for i in range(6):
            # Leaving a through its edge i: corner i on the right, corner i + 1 on the left.
            leaving = _require(box, corners_a[i], on_left=False)
            leaving = leaving and _require(leaving, corners_a[(i + 1) % 6], on_left=True)
            if not leaving:
                continue
            for j in range(6):
                # Entering b through its edge j: corner j on the left, corner j + 1 on the right.
                lines = _require(leaving, corners_b[j], on_left=True)
                lines = lines and _require(lines, corners_b[(j + 1) % 6], on_left=False)
                if lines:
                    edge_a = (corners_a[i], corners_a[(i + 1) % 6])
                    edge_b = (corners_b[j], corners_b[(j + 1) % 6])
                    self.pairs.append((i, j, lines, edge_a, edge_b))


@lru_cache(maxsize=4096)
def _bands(dq: int, dr: int) -> _Bands:
    return _Bands(dq, dr)


def _joined(segments: list[Segment]) -> list[list[Point]]:
    """The end points of each group of segments joined end to end, in a fixed order."""
    group_of: dict[Point, list[Point]] = {}
    for p, q in segments:
        first, second = group_of.get(p), group_of.get(q)
        if first is None:
            if second is None:
                group_of[p] = group_of[q] = [p, q]
            else:
                second.append(p)
                group_of[p] = second
        elif second is None:
            first.append(q)
            group_of[q] = first
        elif first is not second:
            first.extend(second)
            for point in second:
                group_of[point] = first
    unique = {id(group): group for group in group_of.values()}
    return sorted(sorted(group) for group in unique.values())


def _pass_all(lines: Polygon, groups: list[list[Point]]) -> bool:
    """Whether some line of the polygon has every group wholly on one side (strictly)."""
    if not groups:
        return True
    first, rest = groups[0], groups[1:]
    for on_left in (True, False):
        kept: Polygon | None = lines
        for point in first:
            if kept is None:
                break
            kept = _require(kept, point, on_left)
        if kept is not None and _pass_all(kept, rest):
            return True
    return False
