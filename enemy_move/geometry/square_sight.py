"""Line of sight between squares, decided with exact integer geometry.

A cell ``(c, r)`` is the unit square ``[c, c+1] x [r, r+1]``. A sight line is
blocked when it passes through the *inside* of a blocking square; grazing an
edge or a corner does not block, except that a centre line slipping through
the single point where two diagonally opposite blockers meet is blocked (a
wall drawn corner to corner is still a wall).

Modes:

* ``center``: the segment between the two square centres.
* ``corners``: some corner of one square to some corner of the other.

A line is tested by walking the squares whose inside it crosses (column by column, in doubled
integer coordinates) and asking whether one of them blocks, so a test costs the length of the
line, not the number of blockers on the board (issue 27).
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Iterator
from math import gcd

Cell = tuple[int, int]
Point = tuple[int, int]  # doubled coordinates: a cell spans [2c, 2c+2]


def crossed_cells(p: Point, q: Point) -> Iterator[Cell]:
    """The squares whose open inside the closed segment pq meets (doubled coordinates)."""
    (x0, y0), (x1, y1) = (p, q) if p <= q else (q, p)
    dx, dy = x1 - x0, y1 - y0
    if dx == 0:
        if x0 % 2 == 0:  # along a grid line: no square's inside
            return
        col = x0 // 2
        if dy == 0:
            if y0 % 2:
                yield col, y0 // 2
            return
        low, high = min(y0, y1), max(y0, y1)
        for row in range(low // 2, -(-high // 2)):
            yield col, row
        return
    # x0 < x1: each column the segment spans, and the rows its y runs through there (times dx).
    for col in range(x0 // 2, -(-x1 // 2)):
        left, right = max(x0, 2 * col), min(x1, 2 * col + 2)
        ya, yb = y0 * dx + (left - x0) * dy, y0 * dx + (right - x0) * dy
        if dy == 0:
            if y0 % 2:
                yield col, y0 // 2
            continue
        low, high = (ya, yb) if ya < yb else (yb, ya)
        for row in range(low // (2 * dx), -(-high // (2 * dx))):
            yield col, row


def _lattice_corners(p: Point, q: Point) -> Iterator[Point]:
    """Grid corners (even points) strictly between p and q on the segment."""
    dx, dy = q[0] - p[0], q[1] - p[1]
    steps = gcd(dx, dy)
    if steps < 2:
        return
    sx, sy = dx // steps, dy // steps
    for k in range(1, steps):
        x, y = p[0] + k * sx, p[1] + k * sy
        if x % 2 == 0 and y % 2 == 0:
            yield x, y


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
        extra = extra_blockers if isinstance(extra_blockers, (set, frozenset)) else set(extra_blockers)
        fixed = self.blocking

        def blocks(cell: Cell) -> bool:
            return (cell in fixed or cell in extra) and cell != a and cell != b

        if self.mode == "center":
            p, q = (2 * a[0] + 1, 2 * a[1] + 1), (2 * b[0] + 1, 2 * b[1] + 1)
            if abs(a[0] - b[0]) + abs(a[1] - b[1]) <= 1:
                return not self._crosses_thin_wall(p, q)
            return not (
                (not diagonal and any(blocks(cell) for cell in crossed_cells(p, q)))
                or _corner_pinched(p, q, blocks)
                or self._crosses_thin_wall(p, q)
            )
        for p in _corners(a):
            for q in _corners(b):
                if not any(blocks(cell) for cell in crossed_cells(p, q)) and not self._crosses_thin_wall(p, q):
                    return True
        return False


def _corner_pinched(p: Point, q: Point, blocks: Callable[[Cell], bool]) -> bool:
    """True when pq passes through a grid corner squeezed between two diagonal blockers."""
    for gx, gy in _lattice_corners(p, q):
        c, r = gx // 2, gy // 2
        if (blocks((c - 1, r - 1)) and blocks((c, r))) or (blocks((c, r - 1)) and blocks((c - 1, r))):
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
