"""The editor's state without any screen: the document, the cursor, the brush, undo/redo, saving, the answer.

Every edit goes through :meth:`Session.edit`, which keeps a copy of the
document for undo and bumps ``generation``: an answer computed for an older
generation is stale and dropped. :func:`compute_answer` runs in a worker
thread on a snapshot of the text, so it never touches the live document.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from ..edit.document import EditError
from . import palette

if TYPE_CHECKING:
    from ..edit.document import ScenarioDocument
    from ..result import Result

Cell = tuple[int, int]
#: Undo steps kept (a copy of the document each; boards are small).
UNDO_DEPTH = 200


@dataclass
class Answer:
    """What resolving one snapshot gave: a Result, or the loader's one-line message."""

    generation: int
    result: Result | None = None
    error: str | None = None


def compute_answer(text: str, file: str, generation: int, choices: dict[str, int] | None = None) -> Answer:
    """Validate and resolve ``text`` (safe in a worker thread: it reads nothing shared)."""
    from ..checking import resolve_scenario
    from ..errors import ScenarioError, internal_error
    from ..game import UsageError
    from ..models import load_scenario_text

    try:
        scenario = load_scenario_text(text, file)
        return Answer(generation, resolve_scenario(scenario, None, dict(choices or {})))
    except ScenarioError as error:
        return Answer(generation, error=str(error))
    except UsageError as error:
        return Answer(generation, error=str(error))
    except RecursionError:
        return Answer(generation, error=f"{file}:1:1: the scenario is too complex to resolve")
    except Exception as error:  # a bug in an engine must not take the editor down
        return Answer(generation, error=str(internal_error(file, error)))


@dataclass
class Session:
    doc: ScenarioDocument
    path: str
    #: The text as last saved (None: never saved, the file does not exist yet).
    saved_text: str | None = None
    #: The file's bytes as read or last saved (None: it did not exist): a save replaces only these (docs/editor.md).
    disk: bytes | None = None
    cursor: Cell = (0, 0)
    #: Where the cursor was before its last move (a thin wall goes between the two).
    previous: Cell | None = None
    #: What a click paints: a map symbol, or None (a click only moves the cursor).
    brush: str | None = None
    #: Agemonia: the selected area.
    area: str | None = None
    generation: int = 0
    #: Options the players picked for the next round (label -> index from 0), reset by every edit.
    choices: dict[str, int] = field(default_factory=dict)
    undo_stack: list[ScenarioDocument] = field(default_factory=list)
    redo_stack: list[ScenarioDocument] = field(default_factory=list)
    #: (generation, text) of the last text() asked for.
    _text: tuple[int, str] | None = field(default=None, repr=False)

    # --- facts -----------------------------------------------------------------------------

    @property
    def ruleset(self) -> str:
        return self.doc.ruleset or ""

    @property
    def board_kind(self) -> str:
        return self.doc.board_kind or "hex"

    @property
    def modified(self) -> bool:
        return self.text() != self.saved_text

    def text(self) -> str:
        """The document's YAML, kept until the next change (writing it out is the slow part of an edit)."""
        if self._text is None or self._text[0] != self.generation:
            self._text = (self.generation, self.doc.text())
        return self._text[1]

    def symbols(self) -> dict[str, str]:
        legend = self.doc.get("legend")
        return palette.map_symbols(self.ruleset, legend if isinstance(legend, dict) else None)

    def size(self) -> tuple[int, int]:
        try:
            return self.doc.size
        except EditError:  # no map text yet: an empty board
            return (0, 0)

    def figures(self) -> dict[str, Any]:
        figures = self.doc.get("figures")
        return figures if isinstance(figures, dict) else {}

    def figure_here(self) -> str | None:
        if self.board_kind == "areas":
            return None
        return self.doc.figure_at(*self.cursor)

    # --- edits -----------------------------------------------------------------------------

    def edit(self, change: Callable[[], object]) -> bool:
        """Apply ``change`` to the document, keeping an undo step when it changed anything.

        An edit that cannot be made (EditError) leaves the document as it was and raises.
        """
        before = self.doc.copy()
        text = self.text()
        try:
            change()
        except EditError:
            self.doc = before
            raise
        after = self.doc.text()
        if after == text:
            return False
        self.undo_stack.append(before)
        del self.undo_stack[:-UNDO_DEPTH]
        self.redo_stack.clear()
        self.changed()
        self._text = (self.generation, after)
        return True

    def changed(self) -> None:
        self.generation += 1
        self.choices = {}

    def undo(self) -> bool:
        if not self.undo_stack:
            return False
        self.redo_stack.append(self.doc)
        self.doc = self.undo_stack.pop()
        self.changed()
        return True

    def redo(self) -> bool:
        if not self.redo_stack:
            return False
        self.undo_stack.append(self.doc)
        self.doc = self.redo_stack.pop()
        self.changed()
        return True

    def move_cursor(self, cell: Cell) -> None:
        cols, rows = self.size()
        col, row = max(0, min(cols - 1, cell[0])), max(0, min(rows - 1, cell[1]))
        if (col, row) != self.cursor:
            self.previous = self.cursor
            self.cursor = (col, row)

    def paint(self, symbol: str, cell: Cell | None = None) -> bool:
        where = self.cursor if cell is None else cell
        return self.edit(lambda: self.doc.set_cell(where[0], where[1], symbol))

    def place(self, label: str, cell: Cell | None = None) -> bool:
        """Put figure ``label`` on ``cell`` (the cursor): moved when it exists, created from the label's case when not."""
        where = self.cursor if cell is None else cell
        return self.edit(lambda: self._new_figure(label, lambda: self.doc.place(label, where[0], where[1])))

    def place_in_area(self, label: str, area: str) -> bool:
        return self.edit(lambda: self._new_figure(label, lambda: self.doc.place_in_area(label, area)))

    def _new_figure(self, label: str, put: Callable[[], object]) -> None:
        """Place; a new label also gets the editor's defaults (a copy of the last monster, the next standee number)."""
        figures = self.figures()
        extra = None if label in figures else palette.new_figure(self.ruleset, label, figures)
        put()
        for key, value in (extra or {}).items():
            if self.doc.get(f"figures.{label}.{key}") is None:
                self.doc.set(f"figures.{label}.{key}", value)

    def remove_here(self) -> bool:
        """Remove the figure under the cursor, else make the cell open floor again."""
        label = self.figure_here()
        if label is not None:
            return self.edit(lambda: self.doc.remove_figure(label))
        return self.paint(palette.floor_symbol(self.ruleset))

    def remove_figure(self, label: str) -> bool:
        return self.edit(lambda: self.doc.remove_figure(label))

    def toggle_wall(self) -> str | None:
        """A thin wall between the cursor and the cell it came from (toggled); a message when that cannot be."""
        if self.previous is None:
            return "move the cursor across the wall first: the wall goes between the last two cells"
        from ..geometry import hexgrid, squaregrid

        near = hexgrid.neighbours(self.cursor) if self.board_kind == "hex" else squaregrid.neighbours(self.cursor)
        if self.previous not in near:
            return f"{list(self.previous)} and {list(self.cursor)} are not neighbours: a thin wall goes between two neighbours"
        a, b = self.previous, self.cursor
        self.edit(lambda: self.doc.toggle_wall(a, b))
        return None

    def wall_border(self) -> bool:
        """Wall the edge of the board all round (the usual room); the cells inside stay."""
        game = self.doc.game
        symbol = game.wall_symbol if game is not None else "#"
        if not symbol:
            return False
        cols, rows = self.size()

        def border() -> None:
            for col in range(cols):
                for row in range(rows):
                    if (col in (0, cols - 1) or row in (0, rows - 1)) and self.doc.figure_at(col, row) is None:
                        self.doc.set_cell(col, row, symbol)

        return self.edit(border)

    def set_key(self, key: str, value: Any) -> bool:
        """Set a dotted key (None deletes it)."""
        if value is None:
            return self.edit(lambda: self.doc.delete(key))
        return self.edit(lambda: self.doc.set(key, value))

    def resize(self, cols: int, rows: int) -> bool:
        done = self.edit(lambda: self.doc.resize(cols, rows))
        self.move_cursor(self.cursor)
        return done

    def follow(self, result: Result) -> bool:
        """The next round: the board after the phase becomes the board being edited."""
        after = self.doc.after_phase(result)

        def replace_doc() -> None:
            self.doc = after

        before = self.doc
        if after.text() == self.text():
            return False
        self.undo_stack.append(before)
        self.redo_stack.clear()
        replace_doc()
        self.changed()
        return True

    # --- files -----------------------------------------------------------------------------

    def save(self, *, overwrite: bool = False) -> str:
        """Write the document atomically (a temporary file beside it, then a rename); WriteError when it cannot.

        Only over the bytes last read or saved: a file changed on disk since (another editor, another program)
        raises ConflictError and is left as it is, unless ``overwrite``. A read-only file: ReadOnlyError."""
        from ..edit.atomic import ANYTHING, write_atomic

        text = self.text()
        self.disk = write_atomic(self.path, self.doc.file_text(text), expect=ANYTHING if overwrite else self.disk)
        self.saved_text = text
        return text

    def save_as(self, path: str, *, overwrite: bool = False) -> str:
        """Save under another name (an existing file there: ConflictError unless ``overwrite``); it becomes the file edited."""
        from ..edit.atomic import ANYTHING, write_atomic

        text = self.text()
        self.disk = write_atomic(path, self.doc.file_text(text), expect=ANYTHING if overwrite else None)
        self.path = path
        self.doc.file = path
        self.saved_text = text
        return text

    def reload(self) -> None:
        """Read the file again as it is on disk now (this session's unsaved edits and undo steps are dropped)."""
        from ..edit.document import ScenarioDocument

        self.doc = ScenarioDocument.from_path(self.path)
        self.disk = self.doc.original.raw
        self.saved_text = self.doc.text()
        self.undo_stack.clear()
        self.redo_stack.clear()
        self.changed()
