"""Line of sight as geometry/square_sight.py decided it before the walk over crossed squares (issue 27):
exact rational Liang-Barsky clipping against every blocker in the bounding box, kept only as the tests' reference."""

from __future__ import annotations

from collections.abc import Iterable
from fractions import Fraction

Cell = tuple[int, int]
Point = tuple[int, int]  # doubled coordinates: a cell spans [2c, 2c+2]


def _crosses_inside(p: Point, q: Point, cell: Cell) -> bool:
    """Liang-Barsky clip against the open square: True when some part of pq is strictly inside."""
    low, high = Fraction(0), Fraction(1)
    box = ((2 * cell[0], 2 * cell[0] + 2), (2 * cell[1], 2 * cell[1] + 2))
    for axis in (0, 1):
        start, delta = p[axis], q[axis] - p[axis]
        lo, hi = box[axis]
        if delta == 0:
            if not lo < start < hi:
                return False
            continue
        t1, t2 = Fraction(lo - start, delta), Fraction(hi - start, delta)
        low, high = max(low, min(t1, t2)), min(high, max(t1, t2))
        if low >= high:
            return False
    return low < high


def _corner_pinched(p: Point, q: Point, blockers: set[Cell]) -> bool:
    """True when pq passes through a grid corner squeezed between two diagonal blockers."""
    (x0, y0), (x1, y1) = p, q
    for gx in range(min(x0, x1) + (min(x0, x1) % 2), max(x0, x1) + 1, 2):
        for gy in range(min(y0, y1) + (min(y0, y1) % 2), max(y0, y1) + 1, 2):
            if (gx, gy) in (p, q):
                continue
            if (x1 - x0) * (gy - y0) != (y1 - y0) * (gx - x0):
                continue
            c, r = gx // 2, gy // 2
            if {(c - 1, r - 1), (c, r)} <= blockers or {(c, r - 1), (c - 1, r)} <= blockers:
                return True
    return False


class SquareSight:
    """Line-of-sight oracle for one board: fixed blocking cells plus per-call extra blockers."""

    def __init__(self, blocking_cells: Iterable[Cell], mode: str = "center", thin_walls: Iterable[frozenset[Cell]] = ()):
        if mode not in ("center", "corners"):
            raise ValueError(f"unknown line-of-sight mode {mode!r}")
        self.mode = mode
        self.blocking = frozenset(blocking_cells)
        segments = (_wall_segment(pair) for pair in thin_walls)
        self.walls = sorted(segment for segment in segments if segment is not None)

    def _crosses_thin_wall(self, p: Point, q: Point) -> bool:
        # Grazing a wall's end point (a corner) is allowed; any other contact blocks.
        for a, b in self.walls:
            if _orient(p, q, a) == 0 and _orient(p, q, b) == 0:
                if _overlap(a, b, p, q):
                    return True
            elif _touches(p, q, a, b) and not (_on(p, q, a) or _on(p, q, b)):
                return True
        return False

    def sees(self, a: Cell, b: Cell, extra_blockers: Iterable[Cell] = ()) -> bool:
        diagonal = abs(a[0] - b[0]) == 1 and abs(a[1] - b[1]) == 1
        if abs(a[0] - b[0]) + abs(a[1] - b[1]) <= 1 and not self.walls:
            return True  # orthogonal neighbours: no square lies between them
        if diagonal and self.mode == "corners" and not self.walls:
            return True  # they share a corner point, which sees both squares
        blockers = (set(self.blocking) | set(extra_blockers)) - {a, b}
        lo_c, hi_c = min(a[0], b[0]), max(a[0], b[0])
        lo_r, hi_r = min(a[1], b[1]), max(a[1], b[1])
        relevant = {cell for cell in blockers if lo_c <= cell[0] <= hi_c and lo_r <= cell[1] <= hi_r}
        if self.mode == "center":
            p, q = (2 * a[0] + 1, 2 * a[1] + 1), (2 * b[0] + 1, 2 * b[1] + 1)
            if abs(a[0] - b[0]) + abs(a[1] - b[1]) <= 1:
                return not self._crosses_thin_wall(p, q)
            if diagonal:
                # The centre line runs through the shared corner: two blockers meeting there pinch it shut.
                return not (_corner_pinched(p, q, relevant) or self._crosses_thin_wall(p, q))
            return not (
                any(_crosses_inside(p, q, cell) for cell in sorted(relevant))
                or _corner_pinched(p, q, relevant)
                or self._crosses_thin_wall(p, q)
            )
        for p in _corners(a):
            for q in _corners(b):
                if not any(_crosses_inside(p, q, cell) for cell in sorted(relevant)) and not self._crosses_thin_wall(p, q):
                    return True
        return False


def _corners(cell: Cell) -> list[Point]:
    c, r = cell
    return [(2 * c + dx, 2 * r + dy) for dx in (0, 2) for dy in (0, 2)]


def _wall_segment(pair: frozenset[Cell]) -> tuple[Point, Point] | None:
    """The shared edge of two orthogonal neighbours, in doubled coordinates."""
    a, b = sorted(pair)
    if a[0] == b[0] and b[1] == a[1] + 1:
        return ((2 * a[0], 2 * b[1]), (2 * a[0] + 2, 2 * b[1]))
    if a[1] == b[1] and b[0] == a[0] + 1:
        return ((2 * b[0], 2 * a[1]), (2 * b[0], 2 * a[1] + 2))
    return None


def _orient(a: Point, b: Point, c: Point) -> int:
    value = (b[0] - a[0]) * (c[1] - a[1]) - (b[1] - a[1]) * (c[0] - a[0])
    return (value > 0) - (value < 0)


def _on(a: Point, b: Point, p: Point) -> bool:
    return _orient(a, b, p) == 0 and min(a[0], b[0]) <= p[0] <= max(a[0], b[0]) and min(a[1], b[1]) <= p[1] <= max(a[1], b[1])


def _overlap(a: Point, b: Point, p: Point, q: Point) -> bool:
    """Collinear segments ab and pq share more than a point."""
    lo, hi = sorted((a, b))
    plo, phi = sorted((p, q))
    return max(lo, plo) < min(hi, phi)


def _touches(p: Point, q: Point, a: Point, b: Point) -> bool:
    o1, o2 = _orient(p, q, a), _orient(p, q, b)
    o3, o4 = _orient(a, b, p), _orient(a, b, q)
    if o1 * o2 < 0 and o3 * o4 < 0:
        return True
    return _on(p, q, a) or _on(p, q, b) or _on(a, b, p) or _on(a, b, q)
