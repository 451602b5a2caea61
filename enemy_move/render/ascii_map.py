"""ASCII drawing of a grid board with a turn's path and destinations marked.

The drawing uses the map layout of the scenario file, so a player can compare
it with what they typed. Marks (also listed in the legend under the map):

* the acting figure's letter at its start, bold;
* ``:`` on the cells of the chosen option's path (start and end excluded);
* ``@`` at the chosen destination, ``?`` at every other destination option;
* the focus figures' letters in red.

The drawing is a list of (text, style) runs per line so the rich renderer can
colour it and the plain fallback can drop the styles.
"""

from __future__ import annotations

from typing import Any

from ..geometry.grid import Grid
from ..result import Turn

Run = tuple[str, str]

PATH_MARK = ":"
CHOSEN_MARK = "@"
OTHER_MARK = "?"

TERRAIN_STYLES = {
    "wall": "bold white on grey23",
    "obstacle": "yellow",
    "trap": "magenta",
    "hazardous": "red",
    "difficult": "green",
    "icy": "cyan",
}


def grid_lines(grid: Grid, turn: Turn | None = None) -> list[list[Run]]:
    """One list of styled runs per map row."""
    marks: dict[tuple[int, int], Run] = {}
    if turn is not None and turn.options:
        chosen = turn.options[turn.chosen or 0]
        for option in turn.options:
            if option.to != chosen.to:
                marks[option.to] = (OTHER_MARK, "bold blue")
        for cell in chosen.path[1:-1]:
            marks.setdefault(cell, (PATH_MARK, "bold yellow"))
        if len(chosen.path) > 1:
            marks[chosen.to] = (CHOSEN_MARK, "bold green")
    focus = set(turn.focus) if turn is not None else set()
    actor = turn.actor if turn is not None else None
    lines: list[list[Run]] = []
    for row in range(grid.height):
        runs: list[Run] = []
        if grid.kind == "hex" and row & 1:
            runs.append((" ", ""))
        for col in range(grid.width):
            if col:
                runs.append((" ", ""))
            cell = (col, row)
            label = grid.occupant(cell)
            if cell in marks and label is None:  # the actor stays visible at its start
                runs.append(marks[cell])
            elif label is not None:
                style = "bold reverse" if label == actor else ("bold red" if label in focus else "bold")
                runs.append((label, style))
            elif cell in grid.terrain:
                terrain = grid.terrain[cell]
                runs.append((grid.symbol_for(terrain), TERRAIN_STYLES.get(terrain, "dim")))
            else:
                runs.append((" ", ""))
        lines.append(runs)
    return lines


def grid_text(grid: Grid, turn: Turn | None = None) -> str:
    """The map as plain text (no styles)."""
    return "\n".join("".join(text for text, _ in runs).rstrip() for runs in grid_lines(grid, turn))


def legend_entries(grid: Grid, turn: Turn | None) -> list[tuple[str, str]]:
    """(symbol, meaning) pairs for the symbols that appear in the drawing."""
    used = set(grid.terrain.values())
    entries = [(symbol, name) for symbol, name in sorted(grid.symbols.items(), key=lambda kv: kv[1]) if name in used and name != "floor"]
    if turn is not None:
        entries.insert(0, (turn.actor, "acting figure (at its start)"))
        if turn.options and len(turn.options[turn.chosen or 0].path) > 1:
            entries.insert(1, (CHOSEN_MARK, "destination of the option shown"))
            entries.insert(2, (PATH_MARK, "its path"))
        if len({o.to for o in turn.options}) > 1:
            entries.insert(3, (OTHER_MARK, "other destination options"))
    return entries
