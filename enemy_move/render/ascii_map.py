"""Text drawing of a grid board, with rulers, a turn's options and the path shown.

The drawing keeps the map layout of the scenario file (hex maps: odd rows one
character to the right), so a player can compare it with what they typed, and
adds:

* rulers with the true ``[col, row]`` numbers: row numbers down the left side,
  column numbers on top; hex maps get a second column ruler under the map,
  shifted like the odd rows, so each hex has a number straight above or below it;
* each option's destination marked with its number (``0``-``9``, then ``a``-``z``),
  the same numbers as the options table;
* ``:`` on the path of the option shown (option 0, or the one a phase follows);
  on a cell with terrain the terrain symbol stays, highlighted;
* figures' letters (the acting figure reversed, at its start; the focus in red);
  what a figure or a number hides (a trap under a figure, a door under a
  destination) is listed under the map, so terrain is never lost.

Maps wider (or taller) than the space given are cropped to the part that
matters (the actor, its focus, the options), the rulers keeping the true
numbers; when even that does not fit, the view says so instead of wrapping.

The drawing is a list of (text, style) runs per line so the rich renderer can
colour it and plain text can drop the styles.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, field

from ..geometry.grid import Grid
from ..result import Option, Turn, format_position

Run = tuple[str, str]
Cell = tuple[int, int]

PATH_MARK = ":"
#: Where the actor heads for (Cloudspire: its mark).
GOAL_MARK = "◎"
GOAL_STYLE = "bold magenta"
#: Option numbers as drawn on maps: 0-9, then a-z; past 35 options a ``+``.
OPTION_MARKS = "0123456789abcdefghijklmnopqrstuvwxyz"
OPTION_STYLE = "bold black on bright_green"
PATH_STYLE = "bold yellow"

TERRAIN_STYLES = {
    "wall": "bold white on grey23",
    "obstacle": "yellow",
    "trap": "magenta",
    "hazardous": "red",
    "difficult": "green",
    "icy": "cyan",
}


def option_mark(index: int) -> str:
    """The character drawn on the map for option ``index`` (and shown in the options table)."""
    return OPTION_MARKS[index] if index < len(OPTION_MARKS) else "+"


def shown_option(turn: Turn | None) -> int | None:
    """The option whose path the map draws: the one the phase follows, else option 0."""
    if turn is None or not turn.options:
        return None
    return turn.chosen if turn.chosen is not None else 0


@dataclass
class MapView:
    """A drawn map: styled lines (rulers included), legend entries and notes."""

    lines: list[list[Run]] = field(default_factory=list)
    legend: list[tuple[str, str]] = field(default_factory=list)
    notes: list[str] = field(default_factory=list)
    #: Set when the map cannot be drawn in the width given (then ``lines`` is empty).
    too_narrow: str | None = None

    @property
    def width(self) -> int:
        return max((sum(len(text) for text, _ in runs) for runs in self.lines), default=0)

    def text(self) -> str:
        """The drawing as plain text (no styles)."""
        return "\n".join("".join(text for text, _ in runs).rstrip() for runs in self.lines)


def _interesting(grid: Grid, turn: Turn | None) -> list[Cell]:
    """The cells a crop must keep: the actor, its focus, every destination and the path shown."""
    if turn is None:
        return list(grid.figures.values())
    cells: list[Cell] = []
    for label in [turn.actor, *turn.focus]:
        if label in grid.figures:
            cells.append(grid.figures[label])
    for option in turn.options:
        cells.extend(c for c in option.path if isinstance(c, tuple))
        if isinstance(option.to, tuple):
            cells.append(option.to)
    return cells or list(grid.figures.values())


def _span(low: int, high: int, size: int, fits: int) -> range:
    """At most ``fits`` indexes of ``range(size)``, centred on ``low..high`` (the caller checks that it fits)."""
    if size <= fits:
        return range(size)
    if high - low + 1 >= fits:
        return range(low, high + 1)
    start = max(0, min(size - fits, (low + high + 1) // 2 - fits // 2))
    return range(start, start + fits)


def _ruler(columns: range, shift: int, gutter: int) -> list[list[Run]]:
    """Column numbers, one digit per cell: a tens line only when some column has two digits."""
    lines: list[list[Run]] = []
    if columns and columns[-1] >= 10:
        tens = " " * (gutter + shift) + " ".join(str(c // 10) if c >= 10 else " " for c in columns)
        lines.append([(tens.rstrip(), "dim")])
    units = " " * (gutter + shift) + " ".join(str(c % 10) for c in columns)
    lines.append([(units, "dim")])
    return lines


def grid_view(
    grid: Grid, turn: Turn | None = None, *, max_width: int | None = None, max_rows: int | None = None, followed: bool = False
) -> MapView:
    """Draw ``grid`` with ``turn``'s options; fit it into ``max_width`` columns and ``max_rows`` map rows.

    ``followed``: the option shown is the one a whole phase follows (the legend says so).
    """
    hexes = grid.kind == "hex"
    gutter = len(str(max(grid.height - 1, 0))) + 1
    shown = shown_option(turn)
    cells = _interesting(grid, turn)
    cols_all = [c for c, _ in cells if 0 <= c < grid.width] or [0]
    rows_all = [r for _, r in cells if 0 <= r < grid.height] or [0]
    fits_cols = grid.width if max_width is None else max(0, (max_width - gutter - (1 if hexes else 0) + 1) // 2)
    columns = _span(min(cols_all), max(cols_all), grid.width, fits_cols)
    rows = _span(min(rows_all), max(rows_all), grid.height, grid.height if max_rows is None else max(1, max_rows))
    view = MapView()
    if max_width is not None and (len(columns) > fits_cols or fits_cols < 1):
        needed = gutter + 2 * (max(cols_all) - min(cols_all) + 1) + (1 if hexes else 0)
        view.too_narrow = (
            f"The terminal is too narrow for this map: it needs {needed} columns, {max_width} are available. "
            "Widen the terminal, or draw it with --svg."
        )
        return view

    # What goes on each cell: option numbers, the path shown, figures.
    marks: dict[Cell, list[int]] = {}
    if turn is not None:
        for index, option in enumerate(turn.options):
            if isinstance(option.to, tuple):
                marks.setdefault(option.to, []).append(index)
    path: set[Cell] = set()
    chosen: Option | None = turn.options[shown] if turn is not None and shown is not None else None
    if chosen is not None:
        path = {c for c in chosen.path[1:-1] if isinstance(c, tuple)}
    focus = set(turn.focus) if turn is not None else set()
    actor = turn.actor if turn is not None else None
    goals = {g for g in turn.goals if isinstance(g, tuple)} if turn is not None else set()
    drawn_goal = False

    used_terrain: set[str] = set()
    hidden: list[str] = []  # what a figure or a number covers
    shared: list[str] = []  # destinations with several options
    on_figures: list[str] = []  # options ending where a figure stands (staying, displacing)
    drawn_path = drawn_marks = False
    for row in rows:
        runs: list[Run] = [(f"{row:>{gutter - 1}} ", "dim")]
        if hexes and row & 1:
            runs.append((" ", ""))
        for position, col in enumerate(columns):
            if position:
                runs.append((" ", ""))
            cell = (col, row)
            if cell not in grid.terrain:
                runs.append((" ", ""))
                continue
            terrain = grid.terrain[cell]
            label = grid.occupant(cell)
            indexes = marks.get(cell, [])
            if len(indexes) > 1:
                shared.append(f"{format_position(cell)}: options {_and(str(i) for i in indexes)}")
            if label is not None:
                style = "bold reverse" if label == actor else ("bold red" if label in focus else "bold")
                runs.append((label, style))
                if terrain not in ("floor",) and terrain != "path":
                    hidden.append(f"{label} stands on {_article(terrain)} at {format_position(cell)}")
                if indexes:
                    what = "stays" if label == actor else f"ends on {label}'s {'hex' if hexes else 'square'}"
                    on_figures.append(f"option {_and(str(i) for i in indexes)} {what}")
            elif indexes:
                runs.append((option_mark(indexes[0]), OPTION_STYLE))
                drawn_marks = True
                if terrain not in ("floor", "path"):
                    hidden.append(f"option {option_mark(indexes[0])} ends on {_article(terrain)} at {format_position(cell)}")
            elif cell in goals:
                runs.append((GOAL_MARK, GOAL_STYLE))
                drawn_goal = True
                if terrain not in ("floor", "path"):
                    hidden.append(f"{GOAL_MARK} at {format_position(cell)} is on {_article(terrain)}")
            elif cell in path:
                drawn_path = True
                if terrain in ("floor", "path"):
                    runs.append((PATH_MARK, PATH_STYLE))
                else:  # keep the terrain visible; the highlight shows the path crosses it
                    runs.append((grid.symbol_for(terrain), "bold black on yellow"))
                    used_terrain.add(terrain)
            else:
                runs.append((grid.symbol_for(terrain), TERRAIN_STYLES.get(terrain, "dim")))
                used_terrain.add(terrain)
        view.lines.append(runs)

    top = _ruler(columns, 0, gutter)
    view.lines[:0] = top
    if hexes and any(r & 1 for r in rows) and len(rows) > 1:
        view.lines.extend(_ruler(columns, 1, gutter))

    # Legend: only what this drawing shows.
    if turn is not None and actor in grid.figures and grid.figures[actor][0] in columns and grid.figures[actor][1] in rows:
        view.legend.append((actor, "acting figure (start)"))
    if focus & set(grid.figures):
        view.legend.append((",".join(sorted(focus & set(grid.figures))), "focus"))
    if drawn_marks:
        view.legend.append(("0 1..", "options (see the table)"))
    if drawn_goal:
        view.legend.append((GOAL_MARK, "where it heads (its mark)"))
    covered_goals = [g for g in sorted(goals) if g in grid.terrain and (grid.occupant(g) is not None or g in marks)]
    if covered_goals:
        view.notes.append(f"it heads for {_and(format_position(g) for g in covered_goals)} (under the figure or option number there)")
    if drawn_path and shown is not None:
        which = f"option {shown}" + (", the one the phase follows" if followed else "")
        view.legend.append((PATH_MARK, f"route of {which}"))
    for symbol, name in sorted(grid.symbols.items(), key=lambda kv: kv[1]):
        if name in used_terrain and name not in ("floor",) and symbol != " ":
            view.legend.append((symbol, name))
    if grid.thin_walls:
        walls = sorted(sorted(pair) for pair in grid.thin_walls)
        shown_walls = [w for w in walls if any(c[0] in columns and c[1] in rows for c in w)]
        if shown_walls:
            view.notes.append("thin walls between " + "; ".join(f"{format_position(a)}-{format_position(b)}" for a, b in shown_walls))
    view.notes.extend(on_figures + shared + hidden)
    if hexes and len(rows) > 1 and any(r & 1 for r in rows):
        view.notes.append("odd rows: read the column on the bottom ruler")
    cropped = []
    if len(columns) < grid.width:
        cropped.append(f"columns {columns[0]}-{columns[-1]} of 0-{grid.width - 1}")
    if len(rows) < grid.height:
        cropped.append(f"rows {rows[0]}-{rows[-1]} of 0-{grid.height - 1}")
    if cropped:
        view.notes.append("cropped to " + " and ".join(cropped) + " (the rulers keep the true numbers)")
    return view


def _article(terrain: str) -> str:
    name = terrain.replace("-", " ")
    if terrain in ("hazardous", "difficult", "icy"):
        return f"{name} terrain"
    return ("an " if name[0] in "aeiou" else "a ") + name


def _and(items: Iterable[str]) -> str:
    words = list(items)
    return words[0] if len(words) == 1 else ", ".join(words[:-1]) + " and " + words[-1]


def grid_lines(grid: Grid, turn: Turn | None = None) -> list[list[Run]]:
    """One list of styled runs per line, rulers included (the whole map, never cropped)."""
    return grid_view(grid, turn).lines


def grid_text(grid: Grid, turn: Turn | None = None) -> str:
    """The map as plain text (no styles), rulers included."""
    return grid_view(grid, turn).text()
