"""Pointy-topped hexes in "odd-r" offset coordinates, with axial maths inside.

Reference: Red Blob Games, "Hexagonal Grids" (offset <-> axial conversion,
cube distance, rotation and reflection of axial vectors). A cell is
``(col, row)``; odd rows are shifted right by half a hex.
"""

from __future__ import annotations

from functools import lru_cache

Cell = tuple[int, int]
Axial = tuple[int, int]

# Neighbour offsets per row parity, in the contract's order.
_EVEN_ROW = ((-1, 0), (1, 0), (-1, -1), (0, -1), (-1, 1), (0, 1))
_ODD_ROW = ((-1, 0), (1, 0), (0, -1), (1, -1), (0, 1), (1, 1))

# Axial directions, counter-clockwise starting east (x grows east, y grows south).
AXIAL_DIRECTIONS: tuple[Axial, ...] = ((1, 0), (1, -1), (0, -1), (-1, 0), (-1, 1), (0, 1))


def neighbours(cell: Cell) -> list[Cell]:
    col, row = cell
    offsets = _ODD_ROW if row & 1 else _EVEN_ROW
    return [(col + dc, row + dr) for dc, dr in offsets]


def to_axial(cell: Cell) -> Axial:
    col, row = cell
    return (col - (row - (row & 1)) // 2, row)


def from_axial(axial: Axial) -> Cell:
    q, r = axial
    return (q + (r - (r & 1)) // 2, r)


def axial_distance(a: Axial, b: Axial) -> int:
    dq, dr = a[0] - b[0], a[1] - b[1]
    return (abs(dq) + abs(dr) + abs(dq + dr)) // 2


def distance(a: Cell, b: Cell) -> int:
    """Hex steps between two cells on an open plane (walls not considered)."""
    return axial_distance(to_axial(a), to_axial(b))


def rotate60(vector: Axial) -> Axial:
    """Rotate an axial vector by 60 degrees (one sixth of a turn)."""
    q, r = vector
    s = -q - r
    # Cube (q, r, s) -> (-r, -s, -q) is a 60-degree rotation.
    return (-r, -s)


def mirror(vector: Axial) -> Axial:
    """Reflect an axial vector across the east-west axis."""
    q, r = vector
    return (q + r, -r)


def orientations(vectors: tuple[Axial, ...]) -> list[tuple[Axial, ...]]:
    """All 12 rotations and mirror images of a pattern (duplicates removed, stable order)."""
    seen: list[tuple[Axial, ...]] = []
    for mirrored in (False, True):
        current = tuple(mirror(v) for v in vectors) if mirrored else vectors
        for _ in range(6):
            key = tuple(sorted(current))
            if key not in [tuple(sorted(s)) for s in seen]:
                seen.append(current)
            current = tuple(rotate60(v) for v in current)
    return seen


def mirror_cell_horizontally(cell: Cell, width: int) -> Cell:
    """Mirror a cell left-right on a board ``width`` columns wide.

    Odd-r rows are shifted, so the exact mirror of a hex board keeps the
    even rows' width and odd rows lose one column: odd rows map
    ``c -> width - 2 - c``, even rows ``c -> width - 1 - c``.
    """
    col, row = cell
    return ((width - 2 - col) if row & 1 else (width - 1 - col), row)


# --- exact geometry for line of sight --------------------------------------
# A hex of size 1 centred at (sqrt3*(col + 0.5*odd), 1.5*row). Measuring x in
# units of sqrt(3)/2 and y in units of 1/2 makes every corner an integer
# point; orientation tests are invariant under that axis scaling, so segment
# intersection can be decided exactly with integers.

_CORNER_OFFSETS = ((1, -1), (1, 1), (0, 2), (-1, 1), (-1, -1), (0, -2))


def centre_scaled(cell: Cell) -> tuple[int, int]:
    col, row = cell
    return (2 * col + (row & 1), 3 * row)


@lru_cache(maxsize=65536)
def corners_scaled(cell: Cell) -> tuple[tuple[int, int], ...]:
    """The six corners, clockwise from the upper-right (north-east) corner."""
    cx, cy = centre_scaled(cell)
    return tuple((cx + dx, cy + dy) for dx, dy in _CORNER_OFFSETS)


def shared_edge(a: Cell, b: Cell) -> tuple[tuple[int, int], tuple[int, int]] | None:
    """The edge two neighbouring cells share, as two scaled corner points."""
    common = set(corners_scaled(a)) & set(corners_scaled(b))
    if len(common) != 2:
        return None
    p, q = sorted(common)
    return (p, q)
