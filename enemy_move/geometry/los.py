"""Line of sight between hexes, decided with exact integer geometry.

Only walls block sight: wall cells (as solid hexes) and thin walls (the edge
between two cells). A sight line that *touches* a wall, even at a single
point, is blocked (rulebook: "without touching any part of a wall").

Two modes:

* ``corner``: first-edition Gloomhaven. Some corner of one hex must see some
  corner of the other. A corner that lies on a wall therefore never works.
* ``any``: Frosthaven and later. Any point of one hex to any point of the
  other. Decided by trying segments between points on the two hex
  boundaries (centres first, then each facing edge divided into
  ``EDGE_STEPS`` parts): when some segment is free, a boundary-to-boundary
  one is too. Sampling never finds a sight line that does not exist; it can
  miss one narrower than the sample spacing (an eighth of an edge), which
  on hex boards with walls along hex edges was not seen in randomised
  comparisons against a 24-points-per-edge search.

Coordinates are the scaled integer ones of :mod:`hexgrid` (x in sqrt(3)/2,
y in 1/2 units); the edge subdivision multiplies them by ``EDGE_STEPS`` so
that every sample point stays an integer.
"""

from __future__ import annotations

from collections.abc import Iterable

from . import hexgrid

Point = tuple[int, int]
Segment = tuple[Point, Point]
Cell = tuple[int, int]

EDGE_STEPS = 8


def _orient(a: Point, b: Point, c: Point) -> int:
    value = (b[0] - a[0]) * (c[1] - a[1]) - (b[1] - a[1]) * (c[0] - a[0])
    return (value > 0) - (value < 0)


def _on_segment(a: Point, b: Point, p: Point) -> bool:
    return min(a[0], b[0]) <= p[0] <= max(a[0], b[0]) and min(a[1], b[1]) <= p[1] <= max(a[1], b[1])


def segments_touch(p1: Point, p2: Point, q1: Point, q2: Point) -> bool:
    """True when the closed segments share at least one point."""
    o1, o2 = _orient(p1, p2, q1), _orient(p1, p2, q2)
    o3, o4 = _orient(q1, q2, p1), _orient(q1, q2, p2)
    if o1 != o2 and o3 != o4 and o1 * o2 <= 0 and o3 * o4 <= 0:
        if o1 != 0 or o2 != 0:
            return True
    if o1 == 0 and _on_segment(p1, p2, q1):
        return True
    if o2 == 0 and _on_segment(p1, p2, q2):
        return True
    if o3 == 0 and _on_segment(q1, q2, p1):
        return True
    if o4 == 0 and _on_segment(q1, q2, p2):
        return True
    return False


class HexSight:
    """Line-of-sight oracle for one hex board, cached per pair of cells."""

    def __init__(self, wall_cells: Iterable[Cell], thin_walls: Iterable[frozenset[Cell]], mode: str = "any"):
        if mode not in ("corner", "any"):
            raise ValueError(f"unknown line-of-sight mode {mode!r}")
        self.mode = mode
        segments: set[Segment] = set()
        for cell in wall_cells:
            corners = hexgrid.corners_scaled(cell)
            for i in range(6):
                a, b = corners[i], corners[(i + 1) % 6]
                segments.add((min(a, b), max(a, b)))
        for pair in thin_walls:
            a, b = sorted(pair)
            edge = hexgrid.shared_edge(a, b)
            if edge is not None:
                segments.add(edge)
        self.walls: list[Segment] = sorted(segments)
        # Every coordinate is multiplied by EDGE_STEPS once, so that edge
        # subdivision points stay integers in a single coordinate system.
        s = EDGE_STEPS
        self._scaled = [((a[0] * s, a[1] * s), (b[0] * s, b[1] * s)) for a, b in self.walls]
        self._cache: dict[tuple[Cell, Cell], bool] = {}

    def visible(self, a: Cell, b: Cell) -> bool:
        key = (a, b) if a <= b else (b, a)
        cached = self._cache.get(key)
        if cached is None:
            cached = self._compute(*key)
            self._cache[key] = cached
        return cached

    def _compute(self, a: Cell, b: Cell) -> bool:
        if a == b:
            return True
        s = EDGE_STEPS
        corners_a = [(x * s, y * s) for x, y in hexgrid.corners_scaled(a)]
        corners_b = [(x * s, y * s) for x, y in hexgrid.corners_scaled(b)]
        xs = [p[0] for p in corners_a + corners_b]
        ys = [p[1] for p in corners_a + corners_b]
        lo_x, hi_x, lo_y, hi_y = min(xs), max(xs), min(ys), max(ys)
        nearby = [
            w for w in self._scaled
            if not (max(w[0][0], w[1][0]) < lo_x or min(w[0][0], w[1][0]) > hi_x or max(w[0][1], w[1][1]) < lo_y or min(w[0][1], w[1][1]) > hi_y)
        ]
        if not nearby:
            return True
        # Walls near the middle of the sight lines block most often: test them
        # first so that blocked segments are rejected after a wall or two.
        mx, my = (lo_x + hi_x) // 2, (lo_y + hi_y) // 2
        nearby.sort(key=lambda w: abs(w[0][0] + w[1][0] - 2 * mx) + abs(w[0][1] + w[1][1] - 2 * my))
        if self.mode == "corner":
            return any(_free(p, q, nearby) for p in corners_a for q in corners_b)
        ca, cb = hexgrid.centre_scaled(a), hexgrid.centre_scaled(b)
        if _free((ca[0] * s, ca[1] * s), (cb[0] * s, cb[1] * s), nearby):
            return True
        # A sight line from a point on the far side of a hex crosses its near
        # side, and the part from there on is free too: only the edges that
        # face the other hex need samples.
        points_a = _facing_points(corners_a, corners_b)
        points_b = _facing_points(corners_b, corners_a)
        return any(_free(p, q, nearby) for p in points_a for q in points_b)


def _free(p: Point, q: Point, walls: list[Segment]) -> bool:
    lo_x, hi_x = (p[0], q[0]) if p[0] <= q[0] else (q[0], p[0])
    lo_y, hi_y = (p[1], q[1]) if p[1] <= q[1] else (q[1], p[1])
    for a, b in walls:
        if (a[0] < lo_x and b[0] < lo_x) or (a[0] > hi_x and b[0] > hi_x) or (a[1] < lo_y and b[1] < lo_y) or (a[1] > hi_y and b[1] > hi_y):
            continue
        if segments_touch(p, q, a, b):
            return False
    return True


def _facing_points(corners: list[Point], other: list[Point]) -> list[Point]:
    """Sample points on the edges from which a segment can leave towards ``other``.

    A segment from a point of this hex to a point of the other hex leaves
    this hex through an edge whose outer side holds some corner of the other
    hex; the part of a sight line from there on is free when the whole is.
    Corners go clockwise, so the outer side is where the orientation is negative.
    """
    steps = EDGE_STEPS
    points: list[Point] = []
    for i in range(6):
        p0, p1 = corners[i], corners[(i + 1) % 6]
        if not any(_orient(p0, p1, q) < 0 for q in other):
            continue
        (x0, y0), (x1, y1) = p0, p1
        for k in range(steps + 1):
            point = (x0 + (x1 - x0) * k // steps, y0 + (y1 - y0) * k // steps)
            if point not in points:
                points.append(point)
    return points
