"""The ``map:`` text of grid scenarios as rows of characters (docs/scenario-format.md, "Grid maps").

A cell ``(col, row)`` sits at text column ``2*col`` on square grids and
``2*col + row % 2`` on hex grids (odd rows shifted by one column). A blank at
a cell position is no cell; letters and digits are figures standing on open floor.
"""

from __future__ import annotations

import functools
from typing import Literal

Cell = tuple[int, int]
GridKind = Literal["hex", "square"]

#: Open floor: what a figure drawn as its letter stands on, and what it leaves behind.
FLOOR = "."
NO_CELL = " "
#: Largest grid side the editor makes (the loader's limit, geometry.grid.MAX_MAP_SIDE).
MAX_SIDE = 64


def rows_of(text: str) -> list[str]:
    """The map's rows, trailing blanks and trailing empty rows dropped."""
    rows = [row.rstrip() for row in text.split("\n")]
    while rows and not rows[-1]:
        rows.pop()
    return rows


def text_of(rows: list[str], old: object = None) -> str:
    """The map's text of ``rows``; a row the same as in the ``old`` text but for its trailing blanks keeps them (the
    bytes a user wrote on rows no edit touched stay)."""
    trimmed = [row.rstrip() for row in rows]
    while trimmed and not trimmed[-1]:
        trimmed.pop()
    if isinstance(old, str):
        was = old.split("\n")
        trimmed = [was[i] if i < len(was) and was[i].rstrip() == row else row for i, row in enumerate(trimmed)]
    return "\n".join(trimmed) + "\n"


def column(kind: GridKind, cell: Cell) -> int:
    col, row = cell
    return 2 * col + (row & 1 if kind == "hex" else 0)


def char_at(rows: list[str], kind: GridKind, cell: Cell) -> str:
    """The character at ``cell`` (a blank when the cell is off the text)."""
    col, row = cell
    if col < 0 or row < 0 or row >= len(rows):
        return NO_CELL
    text, index = rows[row], column(kind, cell)
    return text[index] if index < len(text) else NO_CELL


def put(rows: list[str], kind: GridKind, cell: Cell, char: str) -> None:
    """Write ``char`` at ``cell``, growing the text as needed (in place)."""
    col, row = cell
    if col < 0 or row < 0:
        raise ValueError(f"[{col}, {row}] is off the map (columns and rows count from 0)")
    while len(rows) <= row:
        rows.append("")
    index = column(kind, cell)
    text = rows[row].ljust(index + 1)
    rows[row] = (text[:index] + char + text[index + 1 :]).rstrip()


def cells(rows: list[str], kind: GridKind) -> dict[Cell, str]:
    """Every cell written on the map -> its character."""
    return dict(_cells(tuple(rows), kind))


@functools.lru_cache(maxsize=8)
def _cells(rows: tuple[str, ...], kind: GridKind) -> dict[Cell, str]:
    # Kept for the last few maps: the editor asks for the same map's cells several times per key (a 64 x 64 map
    # is 4,096 cells). Callers get a copy (cells()) or only read it (size()).
    found: dict[Cell, str] = {}
    for row, text in enumerate(rows):
        shift = row & 1 if kind == "hex" else 0
        for index in range(shift, len(text), 2):
            char = text[index]
            if char != NO_CELL:
                found[((index - shift) // 2, row)] = char
    return found


def size(rows: list[str], kind: GridKind) -> tuple[int, int]:
    """(columns, rows): one more than the largest column holding a cell, and the number of rows."""
    found = _cells(tuple(rows), kind)
    return (max((col for col, _ in found), default=-1) + 1, len(rows))


def is_figure(char: str) -> bool:
    return len(char) == 1 and char.isascii() and char.isalnum()


def check_cell(col: int, row: int) -> None:
    """EditError when ``(col, row)`` is off any map the editor makes."""
    from .nodes import EditError

    if not (0 <= col < MAX_SIDE and 0 <= row < MAX_SIDE):
        raise EditError(f"[{col}, {row}] is off the map (columns and rows count from 0, at most {MAX_SIDE} each)")
