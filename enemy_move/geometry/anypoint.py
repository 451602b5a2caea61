"""Any-point sight between two hexes, decided exactly (:mod:`los` asks it, caches it and handles neighbours).

Coordinates are the scaled integer ones of :mod:`hexgrid` (x in sqrt(3)/2, y in 1/2 units), in which every hex
corner is an integer point. A sight line, nudged off every hex corner, leaves hex ``a`` through the inside of an
edge and enters ``b`` through the inside of an edge; :func:`edge_pairs_left` lists the edge pairs a line may take
(both edges open, and no group of walls proved to cut them apart: :mod:`crosscut`), :func:`lines_left` looks for a
line through one of them that passes every group of walls between its edges.
"""

from __future__ import annotations

from functools import lru_cache

from . import crosscut, hexgrid

Point = tuple[int, int]
Segment = tuple[Point, Point]
Cell = tuple[int, int]


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


def edge_pairs_left(a: Cell, b: Cell, walls: list[Segment], closed_a: int, closed_b: int) -> tuple[list[_Pair], dict[Point, Point]]:
    """Where a segment from a point of hex ``a`` to a point of hex ``b`` touching no wall may be.

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
    the right), until some lines are left (visible) or none (hidden): :func:`lines_left`.

    Here: the edge pairs (as :class:`_Bands` lists them) whose edges are both open (``closed_a``,
    ``closed_b``: the walled edges of each hex, as bits), less those a group of walls is proved to separate
    (:mod:`crosscut`), with the walls' ends charted; none: ``b`` is hidden from ``a``.
    """
    qa, ra = hexgrid.to_axial(a)
    qb, rb = hexgrid.to_axial(b)
    offset = bands(qb - qa, rb - ra)
    ox, oy = hexgrid.centre_scaled(a)
    # Each wall end once, charted (the chart and where it lies for the crosscut proof depend only on where
    # the end is from a's centre, so both are kept per offset).
    charted: dict[Point, Point] = {}
    codes: dict[Point, int | None] = {}
    relative, place = offset.relative, offset.place
    for p, q in walls:
        if p not in charted:
            charted[p], codes[p] = relative.get((p[0] - ox, p[1] - oy)) or place(p[0] - ox, p[1] - oy)
        if q not in charted:
            charted[q], codes[q] = relative.get((q[0] - ox, q[1] - oy)) or place(q[0] - ox, q[1] - oy)
    cuts = crosscut.groups(offset.frame, charted, codes, walls)
    # The edge pairs left: both edges open, and no group of walls separating them (crosscut.py).
    left = []
    for pair, separating in zip(offset.pairs, offset.frame.separating):
        if closed_a >> pair[0] & 1 or closed_b >> pair[1] & 1:
            continue
        if separating is not None:
            inside, outside = separating
            for cut in cuts:
                if cut & inside and cut & outside:
                    break
            else:
                left.append(pair)
        else:
            left.append(pair)
    return left, charted


def lines_left(pairs: list[_Pair], walls: list[Segment], charted: dict[Point, Point]) -> bool:
    """Whether some line of these edge pairs (both edges open) passes every group of walls between its edges."""
    # The walls' end points numbered: a set of them is a bit mask.
    bit = {point: 1 << n for n, point in enumerate(charted)}
    masked = [(bit[p] | bit[q], p, q) for p, q in walls]
    points = [(bit[p], x, y) for p, (x, y) in charted.items()]
    beyond: dict[tuple[Point, Point], int] = {}
    groups_of: dict[int, list[list[Point]]] = {}  # the same walls often matter for several edge pairs
    for _, _, lines, edge_a, edge_b in pairs:
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


_Pair = tuple[int, int, Polygon, tuple[Point, Point], tuple[Point, Point]]


class _Bands:
    """For hexes ``(dq, dr)`` apart: each pair of edges a line from one to the other can cross, with those lines.

    ``pairs`` holds (exit edge i of a, entry edge j of b, the polygon of lines
    crossing both, edge i and edge j as charted corner pairs); all of it only
    depends on the offset, so it is computed once per offset (the polygons once per offset and its turns:
    :func:`_edge_lines`).
    """

    def __init__(self, dq: int, dr: int):
        self.direction, corners_a, corners_b = _chart(dq, dr)
        facing_a, facing_b = crosscut.facing(corners_a, corners_b)
        known = _turned_lines(_edge_lines(*min(_turns(dq, dr))), corners_a, corners_b)
        if known is None:
            known = _lines_between(corners_a, corners_b, facing_a, facing_b)
        self.pairs: list[_Pair] = []
        for i in facing_a:
            for j in facing_b:
                lines = known.get((i, j))
                if lines:
                    edge_a = (corners_a[i], corners_a[(i + 1) % 6])
                    edge_b = (corners_b[j], corners_b[(j + 1) % 6])
                    self.pairs.append((i, j, lines, edge_a, edge_b))
        self.frame = crosscut.Frame(corners_a, corners_b, facing_a, facing_b, [(i, j) for i, j, *_ in self.pairs])
        #: A wall end's chart and crosscut code, by its scaled offset from a's centre (filled as met).
        self.relative: dict[Point, tuple[Point, int | None]] = {}

    def place(self, dx: int, dy: int) -> tuple[Point, int | None]:
        vx, vy = self.direction
        charted = (3 * dx * vx + dy * vy, vx * dy - vy * dx)
        known = self.relative[(dx, dy)] = (charted, self.frame.code(*charted))
        return known


def _chart(dq: int, dr: int) -> tuple[Point, list[Point], list[Point]]:
    """The direction from hex a (at the origin) to hex b ``(dq, dr)`` away, and both hexes' corners in the chart."""
    a, b = (0, 0), hexgrid.from_axial((dq, dr))
    origin, target = hexgrid.centre_scaled(a), hexgrid.centre_scaled(b)
    vx, vy = target[0] - origin[0], target[1] - origin[1]

    def chart(point: Point) -> Point:
        x, y = point[0] - origin[0], point[1] - origin[1]
        return (3 * x * vx + y * vy, vx * y - vy * x)

    return (vx, vy), [chart(p) for p in hexgrid.corners_scaled(a)], [chart(p) for p in hexgrid.corners_scaled(b)]


def _lines_between(
    corners_a: list[Point], corners_b: list[Point], facing_a: list[int], facing_b: list[int]
) -> dict[tuple[int, int], Polygon]:
    """The lines crossing edge i of a and edge j of b, by (i, j), where there are some."""
    # A box holding every line through both hexes, so that polygons are bounded.
    slope = 1 + max(abs(wq - wp) // (uq - up) + 1 for up, wp in corners_a for uq, wq in corners_b)
    offset = 1 + max(abs(w) for _, w in corners_a) + slope * max(abs(u) for u, _ in corners_a)
    box = _polygon([(1, 0, -slope), (0, 1, -offset), (1, 0, slope), (0, 1, offset)])
    found: dict[tuple[int, int], Polygon] = {}
    # Only an edge facing the other hex can be crossed on the way (any other one is on the outline of the
    # two hexes' hull, and a line leaving through it leaves the hull): the other pairs have no line.
    for i in facing_a:
        # Leaving a through its edge i: corner i on the right, corner i + 1 on the left.
        leaving = _require(box, corners_a[i], on_left=False)
        leaving = leaving and _require(leaving, corners_a[(i + 1) % 6], on_left=True)
        if not leaving:
            continue
        for j in facing_b:
            # Entering b through its edge j: corner j on the left, corner j + 1 on the right.
            lines = _require(leaving, corners_b[j], on_left=True)
            lines = lines and _require(lines, corners_b[(j + 1) % 6], on_left=False)
            if lines:
                found[(i, j)] = lines
    return found


@lru_cache(maxsize=1024)
def _edge_lines(dq: int, dr: int) -> tuple[tuple[list[Point], list[Point]], dict[tuple[int, int], Polygon]]:
    """Both hexes' corners in the chart, and :func:`_lines_between`, for hexes ``(dq, dr)`` apart: worked out once
    for an offset and its five turns (polygons are shared: never changed in place)."""
    _, corners_a, corners_b = _chart(dq, dr)
    return (corners_a, corners_b), _lines_between(corners_a, corners_b, *crosscut.facing(corners_a, corners_b))


def _turned_lines(
    source: tuple[tuple[list[Point], list[Point]], dict[tuple[int, int], Polygon]], corners_a: list[Point], corners_b: list[Point]
) -> dict[tuple[int, int], Polygon] | None:
    """``source``'s lines (:func:`_edge_lines` of an offset a turn of the board away) by the edges they cross here: the
    chart (dot and cross products with the centres' line) is the same for offsets a turn apart, with the corners
    numbered from another one, and the lines between two edges depend only on the chart of all the corners. None
    when no numbering makes the charts the same (then the lines are worked out here)."""
    (from_a, from_b), lines = source
    for shift in range(6):
        if all(corners_a[(k + shift) % 6] == from_a[k] and corners_b[(k + shift) % 6] == from_b[k] for k in range(6)):
            return {((i + shift) % 6, (j + shift) % 6): polygon for (i, j), polygon in lines.items()}
    return None


def _turns(dq: int, dr: int) -> list[tuple[int, int]]:
    """The offset and its five turns by a sixth of the board."""
    turns = [(dq, dr)]
    for _ in range(5):
        turns.append(hexgrid.rotate60(turns[-1]))
    return turns


@lru_cache(maxsize=4096)
def bands(dq: int, dr: int) -> _Bands:
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
