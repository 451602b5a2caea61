"""A quick proof that a wall chain hides one hex from another (any-point sight, :mod:`los`).

Every segment from a point of hex ``A`` to a point of hex ``B`` (two steps apart or more) lies in their
convex hull ``H``. Cut short to the part between the hexes, it runs from the inside of an edge of ``A``
that faces ``B`` to the inside of an edge of ``B`` that faces ``A`` (:func:`los._line_between`'s edge
pairs), through the region ``R`` between them: the closed disk bounded by the side of ``H`` on one
hand (``s1``), the edges of ``A`` facing ``B``, the other side (``s2``) and the edges of ``B`` facing
``A``. A connected set of walls inside ``R`` that touches its outline at two points cuts ``R`` in two
(it is a crosscut of the disk): a segment through ``R`` from one outline point to another touches it
whenever its ends lie on different arcs between the two touching points. So each connected group of
walls in ``R`` proves every edge pair whose two edges it separates on the outline hidden, with no line
worked out; :func:`los._line_between` then works out only the edge pairs left.

Only walls wholly in ``H`` count, and a wall with one end in ``H`` and the other beyond a side of ``H``
(its part inside, from that end to the side). Leaving a wall out only weakens the proof, never makes it
wrong, so a wall along a hex's far side or touching a far corner of it (outside ``R``) is left out.

Coordinates are the chart of :class:`los._Bands` (``u`` along the centres' line, ``w`` across it,
both integers at every hex corner); in it ``B`` is ``A`` moved by ``(ub, 0)``, the sides of ``H`` are
the lines ``w = W`` and ``w = -W``, and ``H`` at height ``w`` runs from ``A``'s far outline to ``B``'s.
"""

from __future__ import annotations

Point = tuple[int, int]

#: A wall end that rules its wall out of the proof (a far corner of either hex).
_SKIP = -1


class Frame:
    """For hexes a given offset apart (in the chart): ``H``'s outline, and ``R``'s outline as bit positions.

    Around ``R``'s outline, in order: ``A``'s facing corners and the insides of its facing edges (from
    the side ``w = W`` to ``w = -W``), the inside of side ``s2``, ``B``'s facing corners and edges (back
    from ``w = -W`` to ``w = W``), the inside of side ``s1``. A group of walls is the set of positions
    it touches, as a bit mask.
    """

    def __init__(
        self, corners_a: list[Point], corners_b: list[Point], facing_a: list[int], facing_b: list[int], edge_pairs: list[tuple[int, int]]
    ):
        self.ub = corners_b[0][0] - corners_a[0][0]
        self.corners_a = corners_a
        self.width = max(w for _, w in corners_a)
        # Corners along each hex's facing outline, from one side of H to the other.
        order_a = sorted({k % 6 for i in facing_a for k in (i, i + 1)}, key=lambda k: -corners_a[k][1])
        order_b = sorted({k % 6 for j in facing_b for k in (j, j + 1)}, key=lambda k: corners_b[k][1])
        position = {("a", k): 2 * n for n, k in enumerate(order_a)}
        self.side2 = 2 * len(order_a) - 1
        base = 2 * len(order_a)
        position.update({("b", k): base + 2 * n for n, k in enumerate(order_b)})
        self.side1 = base + 2 * len(order_b) - 1
        everything = (1 << (self.side1 + 1)) - 1
        touch: dict[Point, int] = {}
        for k in range(6):
            touch[corners_a[k]] = 1 << position[("a", k)] if ("a", k) in position else _SKIP
            touch[corners_b[k]] = 1 << position[("b", k)] if ("b", k) in position else _SKIP
        self.touch = touch
        # The facing outline's ends on each side (s1 runs from A's corner at w = W to B's, s2 at w = -W).
        self.side1_span = (corners_a[order_a[0]][0], corners_b[order_b[-1]][0])
        self.side2_span = (corners_a[order_a[-1]][0], corners_b[order_b[0]][0])
        self._spans: dict[int, tuple[int, int]] = {}  # H at height w: lo <= u <= hi (worked out as asked)
        #: Per edge pair (as in :class:`los._Bands`): the positions strictly between its two edges and the
        #: others, or None when an edge does not face the other hex (no proof then).
        self.separating: list[tuple[int, int] | None] = []
        for i, j in edge_pairs:
            if i not in facing_a or j not in facing_b:
                self.separating.append(None)
                continue
            first = min(position[("a", i)], position[("a", (i + 1) % 6)]) + 1
            last = min(position[("b", j)], position[("b", (j + 1) % 6)]) + 1
            inside = ((1 << last) - 1) & ~((2 << first) - 1)
            self.separating.append((inside, everything & ~inside & ~(1 << first) & ~(1 << last)))

    def span(self, w: int) -> tuple[int, int]:
        """The integers u with (u, w) in H: from ``lo`` to ``hi``, from A's outline on its far side to B's."""
        low, high = _span(self.corners_a, w)
        found = self._spans[w] = (-((-low[0]) // low[1]), high[0] // high[1] + self.ub)  # ceiling, floor
        return found

    def code(self, u: int, w: int) -> int | None:
        """Where a wall end lies: None outside H, _SKIP on a far corner, else the bit of R's outline it
        touches (0 inside R)."""
        width = self.width
        if w > width or w < -width:
            return None
        low, high = self._spans.get(w) or self.span(w)
        if u < low or u > high:
            return None
        touch = self.touch.get((u, w))
        if touch is not None:
            return touch
        if w == width:
            return 1 << self.side1
        if w == -width:
            return 1 << self.side2
        return 0

    def crossing(self, inside: Point, outside: Point) -> int:
        """The bit of the side a wall from ``inside`` (in H) to ``outside`` (not) leaves H through, or 0 when
        it does not leave through the inside of a side."""
        (ui, wi), (uo, wo) = inside, outside
        width = self.width
        if wo > width:
            level, (low, high), bit = width, self.side1_span, 1 << self.side1
        elif wo < -width:
            level, (low, high), bit = -width, self.side2_span, 1 << self.side2
        else:
            return 0
        # The crossing at w = level: u = ui + (level - wi) (uo - ui) / (wo - wi), compared times the denominator.
        den = wo - wi
        num = ui * den + (level - wi) * (uo - ui)
        if den < 0:
            den, num = -den, -num
        return bit if low * den < num < high * den else 0


def groups(frame: Frame, charted: dict[Point, Point], codes: dict[Point, int | None], walls: list[tuple[Point, Point]]) -> list[int]:
    """The outline positions each connected group of walls in R touches (of the groups touching two or more);
    ``codes``: each wall end's :meth:`Frame.code`."""
    parent: dict[Point, Point] = {}
    extra: dict[Point, int] = {}
    for p, q in walls:
        cp, cq = codes[p], codes[q]
        if cp == _SKIP or cq == _SKIP:
            continue
        if cp is None or cq is None:
            if cp is None and cq is None:
                continue
            inside, outside = (p, q) if cq is None else (q, p)
            bit = frame.crossing(charted[inside], charted[outside])
            if bit:
                extra[inside] = extra.get(inside, 0) | bit
                parent.setdefault(inside, inside)
            continue
        root_p = parent.setdefault(p, p)
        while parent[root_p] != root_p:
            root_p = parent[root_p]
        root_q = parent.setdefault(q, q)
        while parent[root_q] != root_q:
            root_q = parent[root_q]
        if root_p != root_q:
            parent[root_p] = root_q
    masks: dict[Point, int] = {}
    for point in parent:
        root = point
        while parent[root] != root:
            root = parent[root]
        mask = (codes[point] or 0) | extra.get(point, 0)
        if mask:
            masks[root] = masks.get(root, 0) | mask
    return [mask for mask in masks.values() if mask & (mask - 1)]


def facing(corners_a: list[Point], corners_b: list[Point]) -> tuple[list[int], list[int]]:
    """The edges of A that face B and of B that face A (edge i joins corner i to corner i + 1; in the chart,
    B is A moved along u, and an edge faces it when its middle is ahead of the centre)."""
    ub = corners_b[0][0] - corners_a[0][0]
    facing_a = [i for i in range(6) if corners_a[i][0] + corners_a[(i + 1) % 6][0] > 0]
    facing_b = [j for j in range(6) if corners_b[j][0] + corners_b[(j + 1) % 6][0] < 2 * ub]
    return facing_a, facing_b


def _span(corners: list[Point], w: int) -> tuple[tuple[int, int], tuple[int, int]]:
    """The least and greatest u of the hexagon ``corners`` at height ``w``, each as (numerator, denominator > 0)."""
    found: list[tuple[int, int]] = []
    for k in range(6):
        (u1, w1), (u2, w2) = corners[k], corners[(k + 1) % 6]
        if w1 == w2:
            if w1 == w:
                found += [(u1, 1), (u2, 1)]
            continue
        if min(w1, w2) <= w <= max(w1, w2):
            den = w2 - w1
            num = u1 * den + (w - w1) * (u2 - u1)
            found.append((num, den) if den > 0 else (-num, -den))
    low = high = found[0]
    for value in found[1:]:  # compared as fractions, by cross-multiplying (denominators > 0)
        if value[0] * low[1] < low[0] * value[1]:
            low = value
        if value[0] * high[1] > high[0] * value[1]:
            high = value
    return low, high
