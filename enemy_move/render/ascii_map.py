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

from dataclasses import dataclass, field

from ..geometry.grid import Grid
from ..look import GRID_LOOK, BoardLook
from ..result import Option, Turn, format_position
from ..wording import and_list, terrain_phrase

Run = tuple[str, str]
Cell = tuple[int, int]

PATH_MARK = ":"
#: Where the actor heads for (``Turn.goals``; the game's look names it in the legend).
GOAL_MARK = "◎"
GOAL_STYLE = "bold magenta"
#: Option numbers as drawn on maps: 0-9, then a-z; past 35 options a ``+``.
OPTION_MARKS = "0123456789abcdefghijklmnopqrstuvwxyz"
OPTION_STYLE = "bold black on bright_green"
PATH_STYLE = "bold yellow"


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


@dataclass
class _Marks:
    """What a turn puts on the cells: option numbers, the path shown, figures' roles, goals."""

    options: dict[Cell, list[int]] = field(default_factory=dict)
    path: set[Cell] = field(default_factory=set)
    focus: set[str] = field(default_factory=set)
    actor: str | None = None
    goals: set[Cell] = field(default_factory=set)
    shown: int | None = None

    @classmethod
    def of(cls, turn: Turn | None) -> _Marks:
        marks = cls(shown=shown_option(turn))
        if turn is None:
            return marks
        for index, option in enumerate(turn.options):
            if isinstance(option.to, tuple):
                marks.options.setdefault(option.to, []).append(index)
        if marks.shown is not None:
            chosen: Option = turn.options[marks.shown]
            marks.path = {c for c in chosen.path[1:-1] if isinstance(c, tuple)}
        marks.focus = set(turn.focus)
        marks.actor = turn.actor
        marks.goals = {g for g in turn.goals if isinstance(g, tuple)}
        return marks


@dataclass
class _Drawn:
    """What the rows drew, for the legend and the notes under the map."""

    terrain: set[str] = field(default_factory=set)
    hidden: list[str] = field(default_factory=list)  # what a figure or a number covers
    shared: list[str] = field(default_factory=list)  # destinations with several options
    on_figures: list[str] = field(default_factory=list)  # options ending where a figure stands (staying, displacing)
    path: bool = False
    marks: bool = False
    goal: bool = False


class _Painter:
    """Draws one cell at a time into runs, remembering what it drew."""

    def __init__(self, grid: Grid, marks: _Marks, look: BoardLook) -> None:
        self.grid, self.marks, self.look = grid, marks, look
        self.drawn = _Drawn()
        self.hexes = grid.kind == "hex"

    def cell(self, cell: Cell) -> Run:
        grid, marks, look, drawn = self.grid, self.marks, self.look, self.drawn
        terrain = grid.terrain[cell]
        plain = terrain in look.plain_terrains
        label = grid.occupant(cell)
        indexes = marks.options.get(cell, [])
        if len(indexes) > 1:
            drawn.shared.append(f"{format_position(cell)}: options {and_list(str(i) for i in indexes)}")
        if label is not None:
            return self._figure(cell, label, terrain, indexes)
        if indexes:
            drawn.marks = True
            if not plain:
                drawn.hidden.append(f"option {option_mark(indexes[0])} ends on {self._terrain(terrain)} at {format_position(cell)}")
            return (option_mark(indexes[0]), OPTION_STYLE)
        if cell in marks.goals:
            drawn.goal = True
            if not plain:
                drawn.hidden.append(f"{GOAL_MARK} at {format_position(cell)} is on {self._terrain(terrain)}")
            return (GOAL_MARK, GOAL_STYLE)
        if cell in marks.path:
            drawn.path = True
            if plain:
                return (PATH_MARK, PATH_STYLE)
            drawn.terrain.add(terrain)  # keep the terrain visible; the highlight shows the path crosses it
            return (grid.symbol_for(terrain), "bold black on yellow")
        drawn.terrain.add(terrain)
        return (grid.symbol_for(terrain), look.terrain_styles.get(terrain, "dim"))

    def _figure(self, cell: Cell, label: str, terrain: str, indexes: list[int]) -> Run:
        marks = self.marks
        style = "bold reverse" if label == marks.actor else ("bold red" if label in marks.focus else "bold")
        if terrain not in self.look.plain_terrains:
            self.drawn.hidden.append(f"{label} stands on {self._terrain(terrain)} at {format_position(cell)}")
        if indexes:
            what = "stays" if label == marks.actor else f"ends on {label}'s {'hex' if self.hexes else 'square'}"
            self.drawn.on_figures.append(f"option {and_list(str(i) for i in indexes)} {what}")
        return (label, style)

    def _terrain(self, terrain: str) -> str:
        return terrain_phrase(terrain, adjective=terrain in self.look.terrain_adjectives)

    def row(self, row: int, columns: range, gutter: int) -> list[Run]:
        runs: list[Run] = [(f"{row:>{gutter - 1}} ", "dim")]
        if self.hexes and row & 1:
            runs.append((" ", ""))
        for position, col in enumerate(columns):
            if position:
                runs.append((" ", ""))
            runs.append(self.cell((col, row)) if (col, row) in self.grid.terrain else (" ", ""))
        return runs


def _too_narrow(grid: Grid, cells: list[Cell], max_width: int, gutter: int) -> str:
    cols = [c for c, _ in cells if 0 <= c < grid.width] or [0]
    needed = gutter + 2 * (max(cols) - min(cols) + 1) + (1 if grid.kind == "hex" else 0)
    return (
        f"The terminal is too narrow for this map: it needs {needed} columns, {max_width} are available. "
        "Widen the terminal, or draw it with --svg."
    )


def grid_view(
    grid: Grid,
    turn: Turn | None = None,
    *,
    max_width: int | None = None,
    max_rows: int | None = None,
    followed: bool = False,
    look: BoardLook = GRID_LOOK,
) -> MapView:
    """Draw ``grid`` with ``turn``'s options; fit it into ``max_width`` columns and ``max_rows`` map rows.

    ``followed``: the option shown is the one a whole phase follows (the legend says so);
    ``look``: the game's terrain styles and legend words.
    """
    hexes = grid.kind == "hex"
    gutter = len(str(max(grid.height - 1, 0))) + 1
    cells = _interesting(grid, turn)
    cols_all = [c for c, _ in cells if 0 <= c < grid.width] or [0]
    rows_all = [r for _, r in cells if 0 <= r < grid.height] or [0]
    fits_cols = grid.width if max_width is None else max(0, (max_width - gutter - (1 if hexes else 0) + 1) // 2)
    columns = _span(min(cols_all), max(cols_all), grid.width, fits_cols)
    rows = _span(min(rows_all), max(rows_all), grid.height, grid.height if max_rows is None else max(1, max_rows))
    view = MapView()
    if max_width is not None and (len(columns) > fits_cols or fits_cols < 1):
        view.too_narrow = _too_narrow(grid, cells, max_width, gutter)
        return view
    marks = _Marks.of(turn)
    painter = _Painter(grid, marks, look)
    view.lines = [painter.row(row, columns, gutter) for row in rows]
    view.lines[:0] = _ruler(columns, 0, gutter)
    if hexes and any(r & 1 for r in rows) and len(rows) > 1:
        view.lines.extend(_ruler(columns, 1, gutter))
    _legend(view, grid, marks, painter.drawn, (columns, rows), followed, look)
    _notes(view, grid, marks, painter.drawn, (columns, rows))
    return view


def _legend(
    view: MapView, grid: Grid, marks: _Marks, drawn: _Drawn, shown_area: tuple[range, range], followed: bool, look: BoardLook
) -> None:
    """Legend: only what this drawing shows."""
    columns, rows = shown_area
    actor = marks.actor
    if actor is not None and actor in grid.figures and grid.figures[actor][0] in columns and grid.figures[actor][1] in rows:
        view.legend.append((actor, "acting figure (start)"))
    if marks.focus & set(grid.figures):
        view.legend.append((",".join(sorted(marks.focus & set(grid.figures))), "focus"))
    if drawn.marks:
        view.legend.append(("0 1..", "options (see the table)"))
    if drawn.goal:
        view.legend.append((GOAL_MARK, look.goal_legend))
    covered_goals = [g for g in sorted(marks.goals) if g in grid.terrain and (grid.occupant(g) is not None or g in marks.options)]
    if covered_goals:
        view.notes.append(f"it heads for {and_list(format_position(g) for g in covered_goals)} (under the figure or option number there)")
    if drawn.path and marks.shown is not None:
        which = f"option {marks.shown}" + (", the one the phase follows" if followed else "")
        view.legend.append((PATH_MARK, f"route of {which}"))
    for symbol, name in sorted(grid.symbols.items(), key=lambda kv: kv[1]):
        if name in drawn.terrain and name not in ("floor",) and symbol != " ":
            view.legend.append((symbol, name))


def _notes(view: MapView, grid: Grid, marks: _Marks, drawn: _Drawn, shown_area: tuple[range, range]) -> None:
    """Notes under the map: thin walls, what marks cover, how to read odd rows, the crop."""
    columns, rows = shown_area
    if grid.thin_walls:
        walls = sorted(sorted(pair) for pair in grid.thin_walls)
        shown_walls = [w for w in walls if any(c[0] in columns and c[1] in rows for c in w)]
        if shown_walls:
            view.notes.append("thin walls between " + "; ".join(f"{format_position(a)}-{format_position(b)}" for a, b in shown_walls))
    view.notes.extend(drawn.on_figures + drawn.shared + drawn.hidden)
    if grid.kind == "hex" and len(rows) > 1 and any(r & 1 for r in rows):
        view.notes.append("odd rows: read the column on the bottom ruler")
    cropped = []
    if len(columns) < grid.width:
        cropped.append(f"columns {columns[0]}-{columns[-1]} of 0-{grid.width - 1}")
    if len(rows) < grid.height:
        cropped.append(f"rows {rows[0]}-{rows[-1]} of 0-{grid.height - 1}")
    if cropped:
        view.notes.append("cropped to " + " and ".join(cropped) + " (the rulers keep the true numbers)")


def grid_lines(grid: Grid, turn: Turn | None = None) -> list[list[Run]]:
    """One list of styled runs per line, rulers included (the whole map, never cropped)."""
    return grid_view(grid, turn).lines


def grid_text(grid: Grid, turn: Turn | None = None) -> str:
    """The map as plain text (no styles), rulers included."""
    return grid_view(grid, turn).text()
