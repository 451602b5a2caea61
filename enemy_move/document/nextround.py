"""The next round's file: the board as it stands after the phase (``ScenarioDocument.after_phase``).

Everything comes from the Result: where each figure stands (``Result.initial`` and ``Result.final``),
the figures that left one of the game's state sets (they lose the game's ``state_flag``), and, for the
cells or areas whose terrain the phase changed, the game's board before the phase and after the last
turn. Nothing here knows a game's kinds of effect. Everything else in the file is kept, except
``expect:``, the answer recorded for the board before the phase.
"""

from __future__ import annotations

from dataclasses import fields
from typing import TYPE_CHECKING, Any

from . import gridtext
from .gridtext import FLOOR

if TYPE_CHECKING:
    from ..result import BoardState, Result
    from .document import ScenarioDocument


def board_after(document: ScenarioDocument, result: Result, *, in_place: bool = False) -> ScenarioDocument:
    after = document if in_place else document.copy()
    initial, final = result.initial, result.final
    if initial is None or final is None:
        return after
    after.delete("expect")
    board = result.boards_after[-1] if result.boards_after else result.board
    if document.board_kind == "areas":
        _areas_after(after, result.board, board, initial, final)
    else:
        _grid_after(after, result.board, board, initial, final)
    game = document.game
    if game is not None and game.state_flag:
        for label in sorted(_left_a_set(initial, final)):
            figure = after.figure(label)
            if figure is not None and game.state_flag in figure:
                del figure[game.state_flag]
    return after


def _left_a_set(initial: BoardState, final: BoardState) -> set[str]:
    """Figures named in one of the game's state sets before the phase and not after (a sleeper woken)."""
    labels: set[str] = set()
    for name, items in initial.part.sets:
        labels |= {item for item in items if isinstance(item, str) and item in initial.figures} - set(final.part.get(name))
    return labels


def _symbol_for(board: Any, terrain: str | None) -> str | None:
    for symbol, name in getattr(board, "symbols", {}).items():
        if name == terrain:
            return str(symbol)
    return None


def _grid_after(after: ScenarioDocument, before: Any, board: Any, initial: BoardState, final: BoardState) -> None:
    kind = after.grid_kind()
    rows = after.map_rows()
    was, now = getattr(before, "terrain", {}), getattr(board, "terrain", {})
    changed = sorted(cell for cell, terrain in now.items() if was.get(cell, terrain) != terrain)
    for position in changed:
        symbol = _symbol_for(board, now[position])
        if symbol is None and now[position] == "floor":
            symbol = FLOOR  # a cell cleared (a token taken off the board) leaves open floor
        if symbol is not None and not gridtext.is_figure(gridtext.char_at(rows, kind, position)):
            gridtext.put(rows, kind, position, symbol)
    # Figures that moved, and those standing (with `at:`) on a cell that changed: lift them all, then set them down,
    # so that one figure may end where another started.
    moving = [label for label, position in final.figures.items() if initial.figures.get(label) != position or position in changed]
    for label in sorted(moving):
        after._lift(label, rows)
    for label in sorted(moving):
        position = final.figures[label]
        if isinstance(position, tuple):
            after._drop(label, position, rows)
    after.store_map_rows(rows)


def _areas_after(after: ScenarioDocument, before: Any, board: Any, initial: BoardState, final: BoardState) -> None:
    for label, position in sorted(final.figures.items()):
        if initial.figures.get(label) != position and isinstance(position, str):
            after.set(f"figures.{label}.area", position)
    # An area the phase changed (a token discarded...): the changed key is written, or dropped at its default.
    for name, info in sorted(board.areas.items()):
        old = before.areas.get(name)
        if old is None or old == info:
            continue
        for each in fields(info):
            value = getattr(info, each.name)
            if value == getattr(old, each.name):
                continue
            key = f"areas.{name}.{each.name}"
            if value == each.default:
                if after.get(key) is not None:
                    after.delete(key)
            else:
                after.set(key, value)
