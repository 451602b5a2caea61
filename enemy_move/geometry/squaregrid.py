"""Square grid geometry. Cells are ``(col, row)``, row 0 at the top."""

from __future__ import annotations

Cell = tuple[int, int]

ORTHOGONAL = ((-1, 0), (1, 0), (0, -1), (0, 1))
DIAGONAL = ((-1, -1), (1, -1), (-1, 1), (1, 1))


def neighbours(cell: Cell) -> list[Cell]:
    """The eight surrounding cells (orthogonal first). Rulesets that move only
    orthogonally filter with :func:`is_diagonal`."""
    col, row = cell
    return [(col + dc, row + dr) for dc, dr in ORTHOGONAL + DIAGONAL]


def orthogonal_neighbours(cell: Cell) -> list[Cell]:
    col, row = cell
    return [(col + dc, row + dr) for dc, dr in ORTHOGONAL]


def is_diagonal(a: Cell, b: Cell) -> bool:
    return a[0] != b[0] and a[1] != b[1]


def chebyshev(a: Cell, b: Cell) -> int:
    return max(abs(a[0] - b[0]), abs(a[1] - b[1]))


def manhattan(a: Cell, b: Cell) -> int:
    return abs(a[0] - b[0]) + abs(a[1] - b[1])


def mirror_cell_horizontally(cell: Cell, width: int) -> Cell:
    col, row = cell
    return (width - 1 - col, row)


def ring(cell: Cell, distance: int, metric: str = "chebyshev") -> list[Cell]:
    """The cells exactly ``distance`` away from ``cell`` (``chebyshev`` or ``manhattan``), row by row, then by column:
    the order a map's cells are read in."""
    col, row = cell
    found: list[Cell] = []
    for r in range(row - distance, row + distance + 1):
        across = abs(r - row)
        if metric == "chebyshev":
            if across == distance:
                found.extend((c, r) for c in range(col - distance, col + distance + 1))
                continue
            reach = distance
        else:
            reach = distance - across
        found.append((col - reach, r))
        if reach:
            found.append((col + reach, r))
    return found
