"""Line of sight between hexes, decided with exact integer geometry.

Only walls block sight: wall cells (as solid hexes) and thin walls (the edge
between two cells). A sight line that *touches* a wall, even at a single
point, is blocked (rulebook: "without touching any part of a wall").

Two modes:

* ``corner``: first-edition Gloomhaven. Some corner of one hex must see some
  corner of the other. A corner that lies on a wall therefore never works.
* ``any``: Frosthaven and later. Any point of one hex to any point of the
  other. Decided by trying segments between points on the two hex
  boundaries (corners, then each edge divided into ``EDGE_STEPS`` parts):
  when some segment is free, a boundary-to-boundary one is too.

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

EDGE_STEPS = 4


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
        self._cache: dict[tuple[Cell, Cell], bool] = {}

    def _blocked(self, p: Point, q: Point, scale: int) -> bool:
        lo_x, hi_x = min(p[0], q[0]), max(p[0], q[0])
        lo_y, hi_y = min(p[1], q[1]), max(p[1], q[1])
        for (a, b) in self._nearby:
            a2 = (a[0] * scale, a[1] * scale)
            b2 = (b[0] * scale, b[1] * scale)
            if max(a2[0], b2[0]) < lo_x or min(a2[0], b2[0]) > hi_x or max(a2[1], b2[1]) < lo_y or min(a2[1], b2[1]) > hi_y:
                continue
            if segments_touch(p, q, a2, b2):
                return True
        return False

    def visible(self, a: Cell, b: Cell) -> bool:
        key = (a, b) if a <= b else (b, a)
        cached = self._cache.get(key)
        if cached is None:
            cached = self._compute(*key)
            self._cache[key] = cached
        return cached

    def _compute(self, a: Cell, b: Cell) -> bool:
        corners_a = hexgrid.corners_scaled(a)
        corners_b = hexgrid.corners_scaled(b)
        xs = [p[0] for p in corners_a + corners_b]
        ys = [p[1] for p in corners_a + corners_b]
        lo_x, hi_x, lo_y, hi_y = min(xs), max(xs), min(ys), max(ys)
        self._nearby = [
            w for w in self.walls
            if not (max(w[0][0], w[1][0]) < lo_x or min(w[0][0], w[1][0]) > hi_x or max(w[0][1], w[1][1]) < lo_y or min(w[0][1], w[1][1]) > hi_y)
        ]
        if a == b:
            return True
        if not self._nearby:
            return True
        if self.mode == "corner":
            return any(not self._blocked(p, q, 1) for p in corners_a for q in corners_b)
        # Cheap tries first: centre to centre, then every sample pair.
        ca, cb = hexgrid.centre_scaled(a), hexgrid.centre_scaled(b)
        s = EDGE_STEPS
        if not self._blocked((ca[0] * s, ca[1] * s), (cb[0] * s, cb[1] * s), s):
            return True
        points_a = _boundary_points(corners_a, s)
        points_b = _boundary_points(corners_b, s)
        return any(not self._blocked(p, q, s) for p in points_a for q in points_b)


def _boundary_points(corners: tuple[Point, ...], steps: int) -> list[Point]:
    points = []
    for i in range(6):
        (x0, y0), (x1, y1) = corners[i], corners[(i + 1) % 6]
        for k in range(steps):
            points.append((x0 * steps + (x1 - x0) * k, y0 * steps + (y1 - y0) * k))
    return points
