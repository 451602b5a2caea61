"""Text drawing of a grid board, with rulers, a turn's options and the path shown.

The drawing keeps the map layout of the scenario file (hex maps: odd rows one
character to the right), so a player can compare it with what they typed, and
adds:

* rulers with the true ``[col, row]`` numbers: row numbers down the left side,
  column numbers on top; hex maps get a second column ruler under the map,
  shifted like the odd rows, so each hex has a number straight above or below it;
* each option's destination marked with its number (``1``-``9``, then ``a``-``z``
  for 10-35: options are numbered from 1), the same numbers as the options table;
* ``:`` on the path of the option shown (option 1, or the one the rest of a phase assumes);
  on a cell with terrain the terrain symbol stays, highlighted;
* figures' letters (the acting figure reversed, at its start; the focus in red);
  what a figure or a number hides (the terrain under a figure or under a
  destination) is listed under the map, so terrain is never lost.

Maps wider (or taller) than the space given are cropped to the part that
matters (the actor, its focus, the options), the rulers keeping the true
numbers; when even that does not fit, the view says so instead of wrapping.

The drawing is a list of (text, style) runs per line so the rich renderer can
colour it and plain text can drop the styles.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field

from ..geometry.grid import Grid
from ..look import GRID_LOOK, BoardLook
from ..result import Option, Turn, format_position
from ..wording import and_list, terrain_phrase
from . import walls as thin

Run = tuple[str, str]
Cell = tuple[int, int]

PATH_MARK = ":"
#: Where the actor heads for (``Turn.goals``; the game's look names it in the legend).
GOAL_MARK = "◎"
GOAL_STYLE = "bold magenta"
#: Option marks as drawn on maps, numbered from 1: 1-9, then a-z (10-35); past 35 options a ``+``.
OPTION_MARKS = "123456789abcdefghijklmnopqrstuvwxyz"
OPTION_STYLE = "bold black on bright_green"
PATH_STYLE = "bold yellow"


def option_mark(index: int) -> str:
    """The character drawn on the map for option ``index`` (from 0): ``1`` for the first (as in the options table)."""
    return OPTION_MARKS[index] if index < len(OPTION_MARKS) else "+"


def _numbers(indexes: list[int]) -> str:
    """``1``, ``2 and 3``: option numbers as a person reads them."""
    return and_list(str(index + 1) for index in indexes)


def _options_word(indexes: list[int]) -> str:
    """``option 1 ends``, ``options 2 and 3 end``: what comes before "on ..."."""
    return f"options {_numbers(indexes)} end" if len(indexes) > 1 else f"option {_numbers(indexes)} ends"


def shown_option(turn: Turn | None) -> int | None:
    """The index of the option whose path the map draws: the one the rest of the phase assumes, else the first."""
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
    #: A phase summary: route cells and where each route ends, marked with the turn's number.
    routes: dict[Cell, str] = field(default_factory=dict)
    ends: dict[Cell, str] = field(default_factory=dict)
    #: Figures that leave their start in the phase (a route's end may cover where one started).
    movers: set[str] = field(default_factory=set)
    #: Cells drawn as they are but in this style (``--sight-from``: where the lines start, the walls that block them).
    highlight: dict[Cell, str] = field(default_factory=dict)

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
    routes: bool = False
    walls: str = ""  # the wall marks drawn, in drawing order (the legend shows those)


class _Painter:
    """Draws one cell at a time into runs, remembering what it drew."""

    def __init__(self, grid: Grid, marks: _Marks, look: BoardLook) -> None:
        self.grid, self.marks, self.look = grid, marks, look
        self.drawn = _Drawn()
        self.hexes = grid.kind == "hex"
        self.walls = thin.walls_between(grid.thin_walls)
        self.highlight = marks.highlight

    def cell(self, cell: Cell) -> Run:
        grid, marks, look, drawn = self.grid, self.marks, self.look, self.drawn
        terrain = grid.terrain[cell]
        plain = terrain in look.plain_terrains
        label = grid.occupant(cell)
        if cell in marks.ends and (label is None or label in marks.movers):
            return self._route_end(cell, label, terrain)
        if cell in marks.routes and label is None:
            drawn.routes = True
            return (marks.routes[cell], PATH_STYLE)
        indexes = marks.options.get(cell, [])
        if len(indexes) > 1:
            drawn.shared.append(f"{_options_word(indexes)} on {format_position(cell)}")
        if label is not None:
            return self._figure(cell, label, terrain, indexes)
        if indexes:
            drawn.marks = True
            if not plain:
                drawn.hidden.append(f"{_options_word(indexes)} on {self._terrain(terrain)} at {format_position(cell)}")
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
            several = len(indexes) > 1
            if label == marks.actor:
                what = f"{'options' if several else 'option'} {_numbers(indexes)} {'stay' if several else 'stays'}"
            else:
                what = f"{_options_word(indexes)} on {label}'s {'hex' if self.hexes else 'square'}"
            self.drawn.on_figures.append(what)
        return (label, style)

    def _route_end(self, cell: Cell, label: str | None, terrain: str) -> Run:
        """Where a route of a phase summary ends: the turn's number (what it covers goes under the map)."""
        self.drawn.routes = True
        number = self.marks.ends[cell]
        if label is not None:
            self.drawn.hidden.append(f"{number} ends where {label} started, at {format_position(cell)}")
        elif terrain not in self.look.plain_terrains:
            self.drawn.hidden.append(f"{number} ends on {self._terrain(terrain)} at {format_position(cell)}")
        return (number, OPTION_STYLE)

    def _terrain(self, terrain: str) -> str:
        return terrain_phrase(terrain, adjective=terrain in self.look.terrain_adjectives)

    def row(self, row: int, columns: range, gutter: int) -> list[Run]:
        runs: list[Run] = [(f"{row:>{gutter - 1}} ", "dim")]
        if self.hexes and row & 1:
            runs.append((" ", ""))
        for position, col in enumerate(columns):
            if position:
                wall = thin.wall_left_of(self.walls, (col, row))
                if wall and thin.SIDE_BY_SIDE not in self.drawn.walls:
                    self.drawn.walls += thin.SIDE_BY_SIDE
                runs.append((thin.SIDE_BY_SIDE, thin.WALL_STYLE) if wall else (" ", ""))
            run = self.cell((col, row)) if (col, row) in self.grid.terrain else (" ", "")
            runs.append((run[0], self.highlight[(col, row)]) if (col, row) in self.highlight else run)
        return runs

    def rows(self, rows: range, columns: range, gutter: int) -> list[list[Run]]:
        """Every row shown, with a spacer line where thin walls separate a row from the next."""
        lines: list[list[Run]] = []
        for row in rows:
            lines.append(self.row(row, columns, gutter))
            between = thin.spacer(self.walls, row, columns, self.hexes, gutter) if row != rows[-1] else None
            if between is not None:
                marks = "".join(chunk for chunk, _ in between).replace(" ", "")
                self.drawn.walls += "".join(sorted(set(marks) - set(self.drawn.walls)))
                lines.append(between)
        return lines


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
    marks: _Marks | None = None,
) -> MapView:
    """Draw ``grid`` with ``turn``'s options; fit it into ``max_width`` columns and ``max_rows`` map rows.

    ``followed``: the option shown is the one a whole phase follows (the legend says so);
    ``look``: the game's terrain styles and legend words; ``marks``: what to draw instead of ``turn``'s own marks
    (:func:`phase_marks`: a whole phase's routes; :func:`turn_marks`: a turn's with cells highlighted).
    """
    hexes = grid.kind == "hex"
    gutter = len(str(max(grid.height - 1, 0))) + 1
    marks = _Marks.of(turn) if marks is None else marks
    # what a crop keeps: the turn's cells (the figures when there is none), a phase's routes, highlighted cells
    cells = _interesting(grid, turn) + [*marks.routes, *marks.ends] + [cell for cell in marks.highlight if cell in grid.terrain]
    cols_all = [c for c, _ in cells if 0 <= c < grid.width] or [0]
    rows_all = [r for _, r in cells if 0 <= r < grid.height] or [0]
    fits_cols = grid.width if max_width is None else max(0, (max_width - gutter - (1 if hexes else 0) + 1) // 2)
    columns = _span(min(cols_all), max(cols_all), grid.width, fits_cols)
    rows = _span(min(rows_all), max(rows_all), grid.height, grid.height if max_rows is None else max(1, max_rows))
    view = MapView()
    if max_width is not None and (len(columns) > fits_cols or fits_cols < 1):
        view.too_narrow = _too_narrow(grid, cells, max_width, gutter)
        return view
    painter = _Painter(grid, marks, look)
    view.lines = painter.rows(rows, columns, gutter)
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
        view.legend.append(("1 2..", "options (see the table)"))
    if drawn.goal:
        view.legend.append((GOAL_MARK, look.goal_legend))
    covered_goals = [g for g in sorted(marks.goals) if g in grid.terrain and (grid.occupant(g) is not None or g in marks.options)]
    if covered_goals:
        view.notes.append(f"it heads for {and_list(format_position(g) for g in covered_goals)} (under the figure or option number there)")
    if drawn.routes:
        view.legend.append(("1 2..", "each figure's route, numbered by turn"))
    if drawn.path and marks.shown is not None:
        which = f"option {marks.shown + 1}" + (", which the rest of the phase assumes" if followed else "")
        view.legend.append((PATH_MARK, f"route of {which}"))
    for symbol, name in sorted(grid.symbols.items(), key=lambda kv: kv[1]):
        if name in drawn.terrain and name not in ("floor",) and symbol != " ":
            view.legend.append((symbol, name))
    if drawn.walls:
        view.legend.append((" ".join(sorted(drawn.walls, key="|/\\─".index)), "thin wall"))


def _notes(view: MapView, grid: Grid, marks: _Marks, drawn: _Drawn, shown_area: tuple[range, range]) -> None:
    """Notes under the map: what marks cover, how to read odd rows, the crop (thin walls are drawn)."""
    columns, rows = shown_area
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


def turn_marks(turn: Turn | None, highlight: Mapping[Cell, str]) -> _Marks:
    """``turn``'s marks with ``highlight``'s cells drawn in their styles."""
    marks = _Marks.of(turn)
    marks.highlight = dict(highlight)
    return marks


def phase_marks(routes: list[tuple[str, str, tuple[Cell, ...]]]) -> _Marks:
    """The marks of a phase summary: each figure's route (``(number, actor, path)`` in turn order, start
    included) drawn with its turn's number, later turns over earlier ones, every end over any route."""
    marks = _Marks()
    for number, _, path in routes:
        for cell in path[1:-1]:
            marks.routes[cell] = number
    for number, actor, path in routes:
        if len(path) > 1:
            marks.ends[path[-1]] = number
            marks.movers.add(actor)
    return marks


def grid_lines(grid: Grid, turn: Turn | None = None) -> list[list[Run]]:
    """One list of styled runs per line, rulers included (the whole map, never cropped)."""
    return grid_view(grid, turn).lines


def grid_text(grid: Grid, turn: Turn | None = None) -> str:
    """The map as plain text (no styles), rulers included."""
    return grid_view(grid, turn).text()
