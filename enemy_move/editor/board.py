"""The board as the terminal map draws it (rulers, the same symbols and colours), with a cursor.

Drawn from the document, not from a resolved board, so that an invalid
scenario can still be seen and edited; the answer (option numbers, the route
shown, focus) is laid over it when there is one. The cursor is the cell in
brackets, ``[.]``; a thin wall between two cells side by side is a ``|`` in
the gap between them, other thin walls underline both cells.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from rich.text import Span, Text
from textual.events import MouseDown, MouseMove
from textual.geometry import Region
from textual.message import Message
from textual.strip import Strip
from textual.widget import Widget

from ..document.document import EditError
from ..render.ascii_map import GOAL_MARK, GOAL_STYLE, OPTION_STYLE, PATH_MARK, PATH_STYLE, option_mark
from .beside import drawn_lines, line_strip
from .sight import BLOCKER_STYLE, IN_SIGHT_STYLE, OUT_OF_SIGHT_STYLE

if TYPE_CHECKING:
    from ..result import Turn
    from .session import Session
    from .sight import Seen

Cell = tuple[int, int]
CURSOR_STYLE = "bold black on bright_cyan"
BRACKET_STYLE = "bold bright_cyan"
WALL_STYLE = "bold bright_white"


def option_number(index: int) -> str:
    """The mark of option ``index`` (from 0) as a person reads it: numbered from 1."""
    # The map drawing numbers from 0 until issue 22 switches it; the editor numbers from 1 either way.
    return option_mark(index + 1) if option_mark(0) == "0" else option_mark(index)


@dataclass
class Overlay:
    """What the answer adds to the board: option numbers, the route shown, who acts and who is focused."""

    marks: dict[Cell, int] = field(default_factory=dict)
    path: set[Cell] = field(default_factory=set)
    actor: str | None = None
    focus: set[str] = field(default_factory=set)
    goals: set[Cell] = field(default_factory=set)
    #: Sight mode (editor/sight.py): figure label -> in sight of the cursor, and the wall cells blocking a line.
    seen: dict[str, bool] = field(default_factory=dict)
    blockers: frozenset[Any] = frozenset()

    @classmethod
    def of(cls, turn: Turn | None, shown: int | None, sight: Seen | None = None) -> Overlay:
        overlay = cls()
        if sight is not None:
            overlay.seen, overlay.blockers = sight.figures, sight.blockers
        if turn is None:
            return overlay
        overlay.actor, overlay.focus = turn.actor, set(turn.focus)
        overlay.goals = {g for g in turn.goals if isinstance(g, tuple)}
        for index, option in enumerate(turn.options):
            if isinstance(option.to, tuple):
                overlay.marks.setdefault(option.to, index)
        if shown is not None and 0 <= shown < len(turn.options):
            overlay.path = {c for c in turn.options[shown].path[1:-1] if isinstance(c, tuple)}
        return overlay


@dataclass
class Layout:
    """Where the cells are on the drawing (for mouse clicks)."""

    gutter: int
    top: int
    hexes: bool
    cols: int
    rows: int

    def cell_at(self, x: int, y: int) -> Cell | None:
        row = y - self.top
        if not 0 <= row < self.rows:
            return None
        shift = row & 1 if self.hexes else 0
        col = (x - self.gutter - shift + 1) // 2
        return (col, row) if 0 <= col < self.cols else None


def _ruler(cols: int, shift: int, gutter: int) -> list[Text]:
    lines = []
    if cols > 10:
        lines.append(Text(" " * (gutter + shift) + " ".join(str(c // 10) if c >= 10 else " " for c in range(cols)), style="dim"))
    lines.append(Text(" " * (gutter + shift) + " ".join(str(c % 10) for c in range(cols)), style="dim"))
    return lines


def draw_grid(session: Session, overlay: Overlay, *, show_cursor: bool = True) -> tuple[Text, Layout]:
    """The board of ``session`` as styled text, and where its cells are."""
    lines, layout = grid_lines(session, overlay, show_cursor=show_cursor)
    return Text("\n").join(lines), layout


def grid_lines(
    session: Session, overlay: Overlay, *, show_cursor: bool = True, rows_drawn: dict[Any, Text] | None = None
) -> tuple[list[Text], Layout]:
    """The board of ``session`` as styled lines (the view draws those on screen), and where its cells are.

    ``rows_drawn``: the rows drawn last time, by what each row shows (its map text, figures, marks, walls, the
    cursor); a row whose facts are unchanged is reused, not drawn again (a 64 x 64 map took about 40 ms to draw
    whole, and an edit or a cursor move changes a row or two). It is replaced by this drawing's rows."""
    cols, rows = session.size()
    board = _Cells(session, overlay, show_cursor)
    gutter = len(str(max(rows - 1, 0))) + 1
    kept: dict[Any, Text] = {}
    drawn = rows_drawn if rows_drawn is not None else {}

    def ruler(shift: int) -> list[Text]:
        keys = [("ruler", cols, shift, gutter, n) for n in range(2 if cols > 10 else 1)]
        known = [drawn[key] for key in keys if key in drawn]
        found = known if len(known) == len(keys) else _ruler(cols, shift, gutter)
        kept.update(zip(keys, found))
        return found

    lines = ruler(0)
    layout = Layout(gutter, len(lines), board.hexes, cols, rows)
    for row in range(rows):
        key = (row, cols, gutter, board.row_key(row))
        line = drawn.get(key)
        if line is None:
            line = board.line(row, cols, gutter)
        kept[key] = line
        lines.append(line)
    if board.hexes and rows > 1:
        lines.extend(ruler(1))
    drawn.clear()
    drawn.update(kept)
    return lines, layout


def _side_by_side(pair: frozenset[Cell]) -> bool:
    a, b = sorted(pair)
    return a[1] == b[1]


class _Cells:
    """The map read once per drawing: each row's text, who stands where, the answer's marks and the walls by row."""

    def __init__(self, session: Session, overlay: Overlay, show_cursor: bool) -> None:
        from ..document import gridtext

        self.overlay = overlay
        self.symbols = session.symbols()
        game = session.doc.game
        self.styles = game.look.terrain_styles if game is not None else {}
        self.plain = game.look.plain_terrains | {"floor"} if game is not None else frozenset({"floor"})
        text = session.doc.get("map")
        self.hexes = session.board_kind == "hex"
        self.kind: gridtext.GridKind = "hex" if self.hexes else "square"
        self.rows = gridtext.rows_of(text) if isinstance(text, str) else []
        self.cursor = session.cursor if show_cursor else None
        self.figures: dict[int, dict[int, str]] = {}
        for label, cell in session.doc.positions().items():
            if isinstance(cell, tuple):
                self.figures.setdefault(cell[1], {})[cell[0]] = label
        self.gaps: dict[int, set[int]] = {}  # row -> columns with a thin wall on their left
        self.underlined: dict[int, set[int]] = {}  # row -> columns in a thin wall not side by side
        for pair in {frozenset(pair) for pair in session.doc.walls()}:
            if len(pair) == 2 and _side_by_side(pair):
                left, right = sorted(pair)
                if right[0] == left[0] + 1:
                    self.gaps.setdefault(right[1], set()).add(right[0])
            else:
                for col, row in pair:
                    self.underlined.setdefault(row, set()).add(col)
        self.marks = _by_row(overlay.marks.items())
        self.path = _by_row((cell, True) for cell in overlay.path)
        self.goals = _by_row((cell, True) for cell in overlay.goals)
        self._look = (session.ruleset, tuple(self.symbols.items()))

    def row_key(self, row: int) -> tuple[Any, ...]:
        """Everything row ``row``'s drawing depends on (equal keys: the same line)."""
        overlay = self.overlay
        # a figure's style: whether it acts or is focused (the answer's, so only those rows change with it)
        figures = tuple(
            sorted(
                (col, label, label == overlay.actor, label in overlay.focus, overlay.seen.get(label))
                for col, label in self.figures.get(row, {}).items()
            )
        )
        blockers = tuple(sorted(cell[0] for cell in overlay.blockers if cell[1] == row))
        cursor = self.cursor[0] if self.cursor is not None and self.cursor[1] == row else None
        return (
            self.rows[row] if row < len(self.rows) else "",
            figures,
            tuple(sorted(self.marks.get(row, {}).items())),
            tuple(sorted(self.path.get(row, {}))),
            tuple(sorted(self.goals.get(row, {}))),
            tuple(sorted(self.gaps.get(row, ()))),
            tuple(sorted(self.underlined.get(row, ()))),
            cursor,
            blockers,
            self._look,
        )

    def line(self, row: int, cols: int, gutter: int) -> Text:
        """Row ``row`` drawn: its characters and their styles collected, then one Text (appending cell by cell
        cost more than the rest of the drawing)."""
        from ..document import gridtext

        shift = row & 1 if self.hexes else 0
        cursor = self.cursor[0] if self.cursor is not None and self.cursor[1] == row else None
        gaps, underlined = self.gaps.get(row, set()), self.underlined.get(row, set())
        text = self.rows[row] if row < len(self.rows) else ""
        plain = [f"{row:>{gutter - 1}} " + " " * shift]
        if cursor == 0:
            plain[0] = plain[0][:-1]
        spans: list[Span] = []
        offset = len(plain[0])

        def add(char: str, style: str) -> None:
            nonlocal offset
            plain.append(char)
            if style:
                if spans and spans[-1].end == offset and spans[-1].style == style:
                    spans[-1] = Span(spans[-1].start, offset + 1, style)
                else:
                    spans.append(Span(offset, offset + 1, style))
            offset += 1

        for col in range(cols):
            here = col == cursor
            if col in gaps and col:  # the wall wins over the cursor's bracket
                add("|", WALL_STYLE)
            elif col or here:
                add("[" if here else ("]" if cursor == col - 1 else " "), BRACKET_STYLE)
            index = gridtext.column(self.kind, (col, row))
            char, style = self.draw((col, row), text[index] if index < len(text) else " ")
            if here:
                style = CURSOR_STYLE
            if col in underlined:
                style += " underline"
            add(char if char.isprintable() else "?", style)
        if cursor == cols - 1:
            add("]", BRACKET_STYLE)
        # the whole row dim under the cells' own styles, as the row number's style always was
        return Text("".join(plain), style="dim", spans=spans)

    def draw(self, cell: Cell, symbol: str) -> tuple[str, str]:
        overlay = self.overlay
        label = self.figures.get(cell[1], {}).get(cell[0])
        if label is not None:
            if label in overlay.seen:  # sight mode: in sight of the cursor, or not
                return label, IN_SIGHT_STYLE if overlay.seen[label] else OUT_OF_SIGHT_STYLE
            return label, "bold reverse" if label == overlay.actor else ("bold red" if label in overlay.focus else "bold")
        if cell in overlay.blockers:
            return symbol, BLOCKER_STYLE
        if symbol == " ":
            return " ", ""
        if symbol.isascii() and symbol.isalnum():  # a letter on the map that is no figure: open floor under it
            symbol = "."
        terrain = self.symbols.get(symbol, "")
        if cell in overlay.marks:
            return option_number(overlay.marks[cell]), OPTION_STYLE
        if cell in overlay.goals:
            return GOAL_MARK, GOAL_STYLE
        if cell in overlay.path:
            return (PATH_MARK, PATH_STYLE) if terrain in self.plain else (symbol, "bold black on yellow")
        return symbol, self.styles.get(terrain, "dim" if terrain in self.plain else "")


def _by_row(items: Any) -> dict[int, dict[int, Any]]:
    found: dict[int, dict[int, Any]] = {}
    for (col, row), value in items:
        found.setdefault(row, {})[col] = value
    return found


def repaint_changed(view: Widget, lines: list[Text], width: int) -> bool:
    """Mark for repainting only the lines of ``view`` that are not the lines it painted last (a line drawn again
    is a new Text; one whose facts did not change is the same object); False when their number or the width
    changed: the view needs a layout (``refresh(layout=True)``). A whole board refreshed costs textual's
    processing of every line on screen (about 10 ms for 38 rows of a 64 x 64 map) for a row or two changed."""
    before: tuple[list[Text], int] | None = getattr(view, "_painted", None)
    view._painted = (list(lines), width)  # type: ignore[attr-defined]
    if before is None or before[1] != width or len(before[0]) != len(lines):
        return False
    for y, (old, new) in enumerate(zip(before[0], lines)):
        if old is not new:
            view.refresh(Region(0, y, view.size.width, 1))
    return True


class BoardView(Widget, can_focus=True):
    """The grid, with the cursor; a click moves the cursor there and paints with the brush."""

    DEFAULT_CSS = """
    BoardView { width: auto; height: auto; padding: 0 1 0 0; }
    """

    class Clicked(Message):
        def __init__(self, cell: Cell, drag: bool) -> None:
            super().__init__()
            self.cell = cell
            self.drag = drag

    def __init__(self, session: Session, **kwargs: Any) -> None:
        super().__init__(**kwargs)
        self.session = session
        self.overlay = Overlay()
        self._drawn: tuple[Any, Layout] | None = None
        self._lines: list[Text] = []
        #: The rows drawn last (reused while what they show is unchanged) and each line's strip on screen.
        self._rows_drawn: dict[Any, Text] = {}
        self._strips: dict[int, tuple[Text, int, Strip]] = {}
        self._width = 1
        self._last_drag: Cell | None = None

    def drawing(self) -> tuple[Text, Layout]:
        """The board as one text (the dialogs show it beside them), and where its cells are."""
        layout = self._update()
        return Text("\n").join(self._lines), layout

    def _update(self) -> Layout:
        """The board drawn once per state, as lines (each line on screen, and the size queries, ask for it)."""
        # the overlay itself, not its id(): an id is reused once its object is freed (a stale drawing)
        key = (self.session.generation, self.session.cursor, self.overlay)
        if self._drawn is None or self._drawn[0] != key:
            try:
                lines, layout = grid_lines(self.session, self.overlay, rows_drawn=self._rows_drawn)
            except (EditError, TypeError, ValueError, KeyError, AttributeError) as error:
                # a file whose keys have the wrong shapes still opens: the answer panel says what is wrong
                lines, layout = [Text(f"(the map cannot be drawn: {error})", style="yellow")], Layout(0, 0, False, 0, 0)
            self._drawn = (key, layout)
            self._lines = lines
            self._width = max((line.cell_len for line in self._lines), default=1) + 1
        return self._drawn[1]

    def render(self) -> Text:
        return self.drawing()[0]

    def beside(self) -> list[Text | Strip]:
        """What a dialog shows beside it: the rows a screen holds, around the cursor (each row already drawn on
        screen as its strip: formatting 38 rows of a 64 x 64 map again cost about 15 ms a dialog)."""
        layout = self._update()
        height = max(self.app.size.height - 2, 3)
        here = layout.top + self.session.cursor[1]
        start = max(0, min(here - height // 2, len(self._lines) - height))
        return drawn_lines(self._lines, self._strips, start, start + height)

    def repaint(self) -> bool:
        """Repaint only the rows drawn again since the last repaint; False: the board's size changed (lay it out)."""
        self._update()
        return repaint_changed(self, self._lines, self._width)

    def render_line(self, y: int) -> Strip:
        """One line of the board, rendered alone (textual's own path formats the whole 64 x 64 board per redraw)."""
        self._update()
        if not 0 <= y < len(self._lines):
            return Strip.blank(self.size.width)
        line, width = self._lines[y], self.size.width
        return line_strip(self._strips, y, line, width, self.app.console)

    def get_content_width(self, container: Any, viewport: Any) -> int:
        self._update()
        return self._width

    def get_content_height(self, container: Any, viewport: Any, width: int) -> int:
        self._update()
        return len(self._lines)

    def cursor_offset(self) -> tuple[int, int]:
        """Where the cursor is drawn in the widget (x, y)."""
        layout = self._update()
        col, row = self.session.cursor
        return layout.gutter + 2 * col + (row & 1 if layout.hexes else 0), layout.top + row

    def _cell_of(self, x: int, y: int) -> Cell | None:
        return self._update().cell_at(x, y)

    def on_mouse_down(self, event: MouseDown) -> None:
        cell = self._cell_of(event.x, event.y)
        if cell is not None:
            self._last_drag = cell
            self.post_message(self.Clicked(cell, drag=False))

    def on_mouse_move(self, event: MouseMove) -> None:
        if not event.button:
            self._last_drag = None
            return
        cell = self._cell_of(event.x, event.y)
        if cell is not None and cell != self._last_drag:
            self._last_drag = cell
            self.post_message(self.Clicked(cell, drag=True))
