"""What the editor knows of each ruleset's board: its map symbols, the figure a typed label becomes, names.

The symbols are the games' own (the same keys as in the file format); the
figure defaults follow the label's case, as players write them: upper case a
character / hero, lower case a monster / enemy / minion.
"""

from __future__ import annotations

import functools
from typing import Any

from ..registry import game


def map_symbols(ruleset: str, legend: dict[str, str] | None = None) -> dict[str, str]:
    """Symbol -> terrain name of the ruleset's maps (the file's ``legend:`` included); empty for area maps."""
    symbols = dict(game_symbols(ruleset))
    symbols.update(legend or {})
    return symbols


@functools.cache
def game_symbols(ruleset: str) -> dict[str, str]:
    """The map symbols the game accepts, asked of the game itself (no copy of its tables here).

    The game's board of its starter knows every symbol it reads (``Grid.symbols``);
    a symbol whose terrain the game rejects (a game with no walls) is left
    out: each is painted on an open cell of the starter and the game set up.
    """
    from ..document.document import ScenarioDocument
    from ..errors import ScenarioError

    entry = game(ruleset)
    if entry is None or entry.board == "areas" or not entry.starter:
        return {}
    document = ScenarioDocument.new(ruleset)
    board = entry.setup(document.validate(), entry.default_variant).board
    symbols: dict[str, str] = dict(getattr(board, "symbols", {}))
    used = set(getattr(board, "terrain", {}).values())
    free = [cell for cell, terrain in sorted(board.terrain.items()) if terrain in ("floor", "path") and board.occupant(cell) is None]
    kept: dict[str, str] = {}
    for symbol, terrain in symbols.items():
        if terrain in used or symbol == " ":
            kept[symbol] = terrain
            continue
        if not free:
            continue
        probe = document.copy()
        col, row = free[-1]
        probe.set_cell(col, row, symbol)
        try:
            entry.setup(probe.validate(), entry.default_variant)
        except ScenarioError:
            continue
        kept[symbol] = terrain
    return kept


def floor_symbol(ruleset: str) -> str:
    """The symbol of open ground (what a removed terrain becomes)."""
    return "."


def is_label(key: str) -> bool:
    return len(key) == 1 and key.isascii() and key.isalnum()


def new_figure(ruleset: str, label: str, figures: dict[str, Any]) -> dict[str, Any]:
    """The figure a label typed on the board becomes when it is not a figure yet.

    Upper case: a character (hero); lower case or a digit: a monster (enemy,
    minion), usually a copy of the last such figure of the board (the same
    monster type is usually placed several times); the game decides the keys.
    """
    entry = game(ruleset)
    if entry is None or entry.editor_new_figure is None:
        return {}
    hero = label.isupper()
    same_side = [f for f in figures.values() if isinstance(f, dict) and _is_hero(f) == hero]
    last = dict(same_side[-1]) if same_side else {}
    for key in ("at", "area", "elite", "conditions", "sleeping", "taunt", "health"):
        last.pop(key, None)
    return entry.new_editor_figure(label, hero, last, same_side)


def _is_hero(figure: dict[str, Any]) -> bool:
    kind = figure.get("kind") or figure.get("side")
    return kind in ("character", "summon", "hero", "ally")


def cast(ruleset: str) -> list[str]:
    """Names offered while typing a figure's name: the game's usual cast."""
    entry = game(ruleset)
    return entry.cast() if entry is not None else []


def flag_key(ruleset: str) -> str | None:
    """The yes/no figure attribute Ctrl+E toggles (elite, sleeping...), or None."""
    entry = game(ruleset)
    return entry.editor_flag or None if entry is not None else None


def palette_text(symbols: dict[str, str], columns: int) -> str:
    """The key of the board's symbols under it (``columns``: the board's), or of an area board's keys."""
    if not symbols:
        return "A-Z heroes, a-z enemies: put in the area\n+ new area  - remove it\nCtrl+A area  Ctrl+L links  F1 help"
    width = max(30, columns * 2 + 3)
    lines, line = [], ""
    for entry in [f"{s} {t}" for s, t in symbols.items()] + ["A-Z a-z 0-9 figures", "F1 help"]:
        if line and len(line) + 2 + len(entry) > width:
            lines.append(line)
            line = ""
        line = f"{line}  {entry}" if line else entry
    return "\n".join([*lines, line])
