"""The next round's file: the board as it stands after the phase (``ScenarioDocument.after_phase``).

Everything comes from the Result's typed facts (``Result.initial`` and
``Result.final``: where each figure stands, doors opened, traps removed,
sleepers woken) and, for the symbol a changed cell now shows, from the game's
board after the last turn. Everything else in the file is kept, except
``expect:``, the answer recorded for the board before the phase.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from . import gridtext
from .gridtext import FLOOR

if TYPE_CHECKING:
    from ..result import BoardState, Result
    from .document import ScenarioDocument


def board_after(document: ScenarioDocument, result: Result) -> ScenarioDocument:
    after = document.copy()
    initial, final = result.initial, result.final
    if initial is None or final is None:
        return after
    after.delete("expect")
    if document.board_kind == "areas":
        _areas_after(after, initial, final)
    else:
        board = result.boards_after[-1] if result.boards_after else result.board
        _grid_after(after, board, initial, final)
    game = document.game
    if game is not None and game.sleep_key:
        for label in sorted(set(initial.asleep) - set(final.asleep)):
            figure = after.figure(label)
            if figure is not None and game.sleep_key in figure:
                del figure[game.sleep_key]
    return after


def _symbol_for(board: Any, terrain: str | None) -> str | None:
    for symbol, name in getattr(board, "symbols", {}).items():
        if name == terrain:
            return str(symbol)
    return None


def _grid_after(after: ScenarioDocument, board: Any, initial: BoardState, final: BoardState) -> None:
    kind = after.grid_kind()
    rows = after.map_rows()
    changed = [cell for cell in final.opened_doors if cell not in initial.opened_doors]
    changed += [cell for cell in final.removed_traps if cell not in initial.removed_traps]
    for position in changed:
        if not isinstance(position, tuple):
            continue
        symbol = _symbol_for(board, getattr(board, "terrain", {}).get(position))
        if symbol is None and position in final.removed_traps:
            symbol = FLOOR  # a trap taken off the board leaves open floor
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


def _areas_after(after: ScenarioDocument, initial: BoardState, final: BoardState) -> None:
    for label, position in sorted(final.figures.items()):
        if initial.figures.get(label) != position and isinstance(position, str):
            after.set(f"figures.{label}.area", position)
    for area in final.removed_traps:
        if area not in initial.removed_traps and isinstance(area, str) and after.get(f"areas.{area}.trap") is True:
            after.delete(f"areas.{area}.trap")
