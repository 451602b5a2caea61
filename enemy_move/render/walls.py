"""Thin walls drawn between the cells they separate on the text map (never a line of text to decode).

Cells of a row sit two characters apart, so a wall between two cells side by
side is a ``|`` in the gap between them. A wall between a row and the next
is drawn on a spacer line inserted between those two rows (only where such
walls are): hex maps put ``/`` or ``\\`` right above the lower cell, the
direction of the shared side (``\\ /`` under a hex is its lower half);
square maps put ``─`` under the upper cell, joined to the next one when the
wall goes on.
"""

from __future__ import annotations

from collections.abc import Iterable

Cell = tuple[int, int]
Run = tuple[str, str]

WALL_STYLE = "bold bright_white"
SIDE_BY_SIDE = "|"


def walls_between(walls: Iterable[frozenset[Cell]]) -> set[tuple[Cell, Cell]]:
    """Each wall as an ordered pair (upper or left cell first)."""
    pairs: set[tuple[Cell, Cell]] = set()
    for wall in walls:
        a, b = sorted(wall, key=lambda cell: (cell[1], cell[0]))
        pairs.add((a, b))
    return pairs


def wall_left_of(pairs: set[tuple[Cell, Cell]], cell: Cell) -> bool:
    """Whether a thin wall separates ``cell`` from the cell to its left (same row)."""
    col, row = cell
    return ((col - 1, row), cell) in pairs


def spacer(pairs: set[tuple[Cell, Cell]], row: int, columns: range, hexes: bool, gutter: int) -> list[Run] | None:
    """The line drawn between ``row`` and ``row + 1``, or None when no wall separates them."""
    shift_upper = 1 if hexes and row & 1 else 0
    marks: dict[int, str] = {}
    for upper, lower in pairs:
        if upper[1] != row or lower[1] != row + 1 or upper[0] not in columns:
            continue
        x = gutter + shift_upper + 2 * (upper[0] - columns[0])
        if hexes:
            right = lower[0] == upper[0] + (1 if row & 1 else 0)
            marks[x + 1 if right else x - 1] = "/" if right else "\\"
        elif lower[0] == upper[0]:
            marks[x] = "─"
        else:  # a diagonal neighbour (games that step diagonally)
            marks[x + (1 if lower[0] > upper[0] else -1)] = "\\" if lower[0] > upper[0] else "/"
    if not marks:
        return None
    for x in sorted(marks):  # square walls side by side join into one line
        if marks[x] == "─" and marks.get(x + 2) == "─":
            marks[x + 1] = "─"
    width = max(marks) + 1
    line = [" "] * width
    for x, char in marks.items():
        if x >= 0:
            line[x] = char
    text = "".join(line)
    return [(text[:gutter], ""), (text[gutter:], WALL_STYLE)]
