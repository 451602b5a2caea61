"""A new board of a chosen size: the starter's figures in a room walled all round (``ScenarioDocument.new(size=...)``)."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from . import gridtext
from .gridtext import FLOOR, MAX_SIDE, Cell
from .nodes import EditError, to_yaml

if TYPE_CHECKING:
    from .document import ScenarioDocument

#: Keys whose cells are not moved into the room: the map itself, thin walls (dropped) and the old answer (dropped).
_NOT_CLAMPED = ("map", "walls", "expect")


def make_room(document: ScenarioDocument, cols: int, rows: int) -> None:
    """Replace the map by a ``cols`` x ``rows`` room: walls round it (the game's wall symbol; none where the game
    has no walls), open floor inside. The starter's figures stay where they fit, the others move to the first
    free cells; other cells the file names (a Cloudspire mark...) are moved inside; thin walls and ``expect`` go
    (the expected answer was for the starter's board)."""
    kind = document.grid_kind()
    game = document.game
    wall = game.wall_symbol if game is not None else ""
    least = 3 if wall else 1
    if not (least <= cols <= MAX_SIDE and least <= rows <= MAX_SIDE):
        raise EditError(f"a {'walled room' if wall else 'board'} is {least} to {MAX_SIDE} columns and rows, not {cols}x{rows}")
    margin = 1 if wall else 0
    inside = [(col, row) for row in range(margin, rows - margin) for col in range(margin, cols - margin)]
    lines: list[str] = []
    for row in range(rows):
        for col in range(cols):
            border = wall and (col in (0, cols - 1) or row in (0, rows - 1))
            gridtext.put(lines, kind, (col, row), wall if border else FLOOR)
    positions = document.positions()
    free = list(inside)
    for label in document.labels():
        figure = document.figure(label)
        if figure is not None and "at" in figure:
            del figure["at"]
        wanted = positions.get(label)
        cell = wanted if isinstance(wanted, tuple) and wanted in free else (free[0] if free else None)
        if cell is None:
            document.remove_figure(label)
            if document.get("active") == label:
                document.delete("active")
            continue
        free.remove(cell)
        gridtext.put(lines, kind, cell, label)
    document.store_map_rows(lines)
    document.delete("expect")
    if isinstance(document.data.get("walls"), list):
        document.data["walls"] = to_yaml([])
    low, high = (margin, margin), (cols - 1 - margin, rows - 1 - margin)
    for key in list(document.data):
        if key not in _NOT_CLAMPED:
            _clamp(document.data[key], low, high)


def _is_cell(value: Any) -> bool:
    return isinstance(value, list) and len(value) == 2 and all(isinstance(n, int) and not isinstance(n, bool) for n in value)


def _clamp(node: Any, low: Cell, high: Cell) -> None:
    """Move every [col, row] found below ``node`` to the nearest cell of the rectangle low..high (in place)."""
    children = node.values() if isinstance(node, dict) else node if isinstance(node, list) else ()
    for child in children:
        if _is_cell(child):
            child[0] = min(max(child[0], low[0]), high[0])
            child[1] = min(max(child[1], low[1]), high[1])
        else:
            _clamp(child, low, high)
