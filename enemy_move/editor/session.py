"""The editor's state without any screen: the document, the cursor, the brush, undo/redo, saving, the answer.

Every edit goes through :meth:`Session.edit`, which saves for undo only the values the edit may change (its
``touches``, editor/undo.py), names what it did ("painted [3, 4] wall": undo and redo say it) and bumps
``generation``: an answer computed for an older generation is stale and dropped. Nothing on the screen's thread
writes the whole document out: :func:`answer_for` (in a worker thread) writes the text of the live document and
keeps it only when no edit ran meanwhile (``generation`` unchanged and no edit under way), then resolves it.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from ..document.document import EditError
from ..document.nodes import split_key
from . import palette, undo

if TYPE_CHECKING:
    from ..document.document import ScenarioDocument
    from ..result import Result

Cell = tuple[int, int]
#: What a grid edit may change: the map text, and the figures (a figure that leaves the drawn map gets `at:`).
GRID_KEYS = ("map", "figures")
#: Undo steps kept (each holds only the values its edit replaced).
UNDO_DEPTH = 200
#: How many recent changes keep the keys they touched (Session.touched).
TOUCHED_KEPT = 64


@dataclass
class Step:
    """One undo (or redo) step: what the edit did, in words, and the values to put back; or a whole document
    (the next round replaces it; an edit that did not say what it touches)."""

    what: str
    saved: list[undo.Saved] = field(default_factory=list)
    document: ScenarioDocument | None = None


@dataclass
class Answer:
    """What resolving one snapshot gave: a Result, or the loader's one-line message."""

    generation: int
    result: Result | None = None
    error: str | None = None
    #: The scenario resolved (the sight lines are asked of it: editor/sight.py).
    scenario: Any = None


def compute_answer(text: str, file: str, generation: int, choices: dict[str, int] | None = None, reasons: bool = False) -> Answer:
    """Validate and resolve ``text`` (safe in a worker thread: it reads nothing shared); ``reasons``: every turn's
    rule-outs will be read, so the turns work them out as they are resolved instead of resolving again."""
    from ..answering import Request, answer_text
    from ..errors import ScenarioError, internal_error
    from ..game import UsageError

    try:
        answered = answer_text(text, file, Request(choices=dict(choices or {}), reasons=reasons))
        return Answer(generation, answered.result, scenario=answered.scenario)
    except ScenarioError as error:
        return Answer(generation, error=str(error))
    except UsageError as error:
        return Answer(generation, error=str(error))
    except RecursionError:
        return Answer(generation, error=f"{file}:1:1: the scenario is too complex to resolve")
    except Exception as error:  # a bug in an engine must not take the editor down
        return Answer(generation, error=str(internal_error(file, error)))


def answer_for(session: Session, choices: dict[str, int]) -> Answer:
    """The answer for the live document (in a worker thread): its text written out here, not on the screen's
    thread; an edit meanwhile gives a stale answer (dropped: that edit asked for its own)."""
    generation, text = session.text_in_worker()
    if text is None:
        return Answer(-1, error="stale")
    answer = compute_answer(text, session.path, generation, choices, reasons=True)
    for turn in answer.result.turns if answer.result is not None else ():
        turn.ruled_out.work_out()  # the cursor's "why not" reads them on the screen's thread: worked out here
    return answer


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
    #: Area boards: the selected area.
    area: str | None = None
    generation: int = 0
    #: Options the players picked for the next round (label -> index from 0), reset by every edit.
    choices: dict[str, int] = field(default_factory=dict)
    undo_stack: list[Step] = field(default_factory=list)
    redo_stack: list[Step] = field(default_factory=list)
    #: (generation, text) of the last text written out.
    _text: tuple[int, str] | None = field(default=None, repr=False)
    #: True while an edit changes the document (a worker writing it out then throws its text away).
    editing: bool = False
    #: The generation last saved (or opened).
    saved_generation: int = 0
    #: The keys each recent change touched, as parts, by generation (None: not said, or the whole document was
    #: replaced): a view draws again only what they changed (areas.AreaFacts).
    touched: dict[int, tuple[tuple[str, ...], ...] | None] = field(default_factory=dict, repr=False)

    # --- facts -----------------------------------------------------------------------------

    @property
    def ruleset(self) -> str:
        return self.doc.ruleset or ""

    @property
    def board_kind(self) -> str:
        return self.doc.board_kind or "hex"

    @property
    def modified(self) -> bool:
        """Changed since saved; cheap (the screen asks on every redraw): the text is compared only when a worker
        wrote it out for this generation, else any edit since the save counts."""
        if self.saved_text is None:
            return True
        if self._text is not None and self._text[0] == self.generation:
            return self._text[1] != self.saved_text
        return self.generation != self.saved_generation

    def text(self) -> str:
        """The document's YAML, kept until the next change (writing out a large document takes a while)."""
        if self._text is None or self._text[0] != self.generation:
            self._text = (self.generation, self.doc.text())
        return self._text[1]

    def text_in_worker(self) -> tuple[int, str | None]:
        """(generation, text) of the live document, written out in a worker thread: None when an edit ran meanwhile."""
        generation = self.generation
        known = self._text
        if known is not None and known[0] == generation:
            return generation, known[1]
        if self.editing:
            return generation, None
        try:
            text = self.doc.text()
        except Exception:  # the document changed under the writer: this text is stale anyway
            return generation, None
        if self.editing or self.generation != generation:
            return generation, None
        self._text = (generation, text)
        return generation, text

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

    def edit(
        self, change: Callable[[], object], what: str = "an edit", touches: Sequence[str] | None = None, *, replaces: bool = False
    ) -> bool:
        """Apply ``change`` to the document as one undo step named ``what``; False when it changed nothing.

        ``touches``: the dotted keys it may change (saved before it; None: the whole document is copied, slow on a
        large file); ``replaces``: it only sets or deletes them (saved as they are, not copied). An edit that
        cannot be made (EditError) leaves the document as it was and raises.
        """
        doc = self.doc
        saved = undo.save(doc.data, touches, deep=not replaces) if touches is not None else None
        whole = doc.copy() if saved is None else None
        self.editing = True
        try:
            change()
        except EditError:
            if saved is not None:
                undo.restore(doc.data, saved)
            else:
                self.doc = whole  # type: ignore[assignment]
            raise
        finally:
            self.editing = False
        if saved is not None and undo.unchanged(doc.data, saved):
            return False
        if whole is not None and whole.text() == doc.text():
            return False
        self.undo_stack.append(Step(what, saved or [], whole))
        del self.undo_stack[:-UNDO_DEPTH]
        self.redo_stack.clear()
        self.changed(None if touches is None else [tuple(split_key(key)) for key in touches])
        return True

    def changed(self, touched: Sequence[tuple[str, ...]] | None = None) -> None:
        """A new generation of the document; ``touched``: the keys the change may have touched (None: anything)."""
        self.generation += 1
        self.choices = {}
        self.touched[self.generation] = None if touched is None else tuple(touched)
        self.touched.pop(self.generation - TOUCHED_KEPT, None)

    def touched_since(self, generation: int) -> list[tuple[str, ...]] | None:
        """The keys the changes since ``generation`` touched; None: not known (anything may have changed)."""
        if not 0 <= self.generation - generation <= TOUCHED_KEPT:
            return None
        found: list[tuple[str, ...]] = []
        for each in range(generation + 1, self.generation + 1):
            parts = self.touched.get(each)
            if parts is None:
                return None
            found.extend(parts)
        return found

    def undo(self) -> str | None:
        """Undo the last edit; what it did ("painted [3, 4] wall"), or None when there is nothing to undo."""
        return self._step(self.undo_stack, self.redo_stack)

    def redo(self) -> str | None:
        return self._step(self.redo_stack, self.undo_stack)

    def _step(self, source: list[Step], target: list[Step]) -> str | None:
        if not source:
            return None
        step = source.pop()
        if step.document is not None:
            target.append(Step(step.what, document=self.doc))
            self.doc = step.document
            self.changed()
        else:
            target.append(Step(step.what, undo.restore(self.doc.data, step.saved)))
            self.changed([saved.parts for saved in step.saved])  # the values put back, each at its place
        return step.what

    def move_cursor(self, cell: Cell) -> None:
        cols, rows = self.size()
        col, row = max(0, min(cols - 1, cell[0])), max(0, min(rows - 1, cell[1]))
        if (col, row) != self.cursor:
            self.previous = self.cursor
            self.cursor = (col, row)

    def paint(self, symbol: str, cell: Cell | None = None) -> bool:
        where = self.cursor if cell is None else cell
        what = f"painted {_at(where)} {self.symbols().get(symbol, repr(symbol))}"
        drawn = self._drawn_figure(where)  # painting under a figure drawn on the map gives it `at:`
        touches = ("map", f"figures.{drawn}") if drawn else ("map",)
        return self.edit(lambda: self.doc.set_cell(where[0], where[1], symbol), what, touches)

    def _drawn_figure(self, cell: Cell) -> str | None:
        """The figure whose letter is drawn on the map at ``cell`` (not one placed with `at:`)."""
        from ..document import gridtext

        text = self.doc.data.get("map")
        if not isinstance(text, str) or self.board_kind not in ("hex", "square"):
            return None
        kind: gridtext.GridKind = "hex" if self.board_kind == "hex" else "square"
        char = gridtext.char_at(gridtext.rows_of(text), kind, cell)
        return char if gridtext.is_figure(char) else None

    def place(self, label: str, cell: Cell | None = None) -> bool:
        """Put figure ``label`` on ``cell`` (the cursor): moved when it exists, created from the label's case when not."""
        where = self.cursor if cell is None else cell
        what = f"{'moved' if label in self.figures() else 'placed'} {label} to {_at(where)}"
        return self.edit(
            lambda: self._new_figure(label, lambda: self.doc.place(label, where[0], where[1])), what, ("map", f"figures.{label}")
        )

    def place_in_area(self, label: str, area: str) -> bool:
        what = f"{'moved' if label in self.figures() else 'placed'} {label} to {area}"
        return self.edit(lambda: self._new_figure(label, lambda: self.doc.place_in_area(label, area)), what, (f"figures.{label}",))

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
            return self.remove_figure(label)
        return self.paint(palette.floor_symbol(self.ruleset))

    def remove_figure(self, label: str) -> bool:
        return self.edit(lambda: self.doc.remove_figure(label), f"removed figure {label}", ("map", f"figures.{label}"))

    def toggle_wall(self) -> str | None:
        """A thin wall between the cursor and the cell it came from (toggled); a message when that cannot be."""
        if self.previous is None:
            return "move the cursor across the wall first: the wall goes between the last two cells"
        from ..geometry import hexgrid, squaregrid

        near = hexgrid.neighbours(self.cursor) if self.board_kind == "hex" else squaregrid.neighbours(self.cursor)
        if self.previous not in near:
            return f"{list(self.previous)} and {list(self.cursor)} are not neighbours: a thin wall goes between two neighbours"
        a, b = self.previous, self.cursor
        self.edit(lambda: self.doc.toggle_wall(a, b), f"the thin wall between {_at(a)} and {_at(b)}", ("walls",))
        return None

    def wall_border(self) -> bool:
        """Wall the edge of the board all round (the usual room); the cells inside stay."""
        game = self.doc.game
        symbol = game.wall_symbol if game is not None else "#"
        if not symbol:
            return False
        cols, rows = self.size()

        def border() -> None:
            # The figures' cells read once: a wall is never set under a figure, so they stay where they are.
            occupied = set(self.doc.positions().values())
            for col in range(cols):
                for row in range(rows):
                    if (col in (0, cols - 1) or row in (0, rows - 1)) and (col, row) not in occupied:
                        self.doc.set_cell(col, row, symbol)

        return self.edit(border, "walled the edge of the board", GRID_KEYS)

    def set_key(self, key: str, value: Any, what: str | None = None) -> bool:
        """Set a dotted key (None deletes it)."""
        if value is None:
            return self.edit(lambda: self.doc.delete(key), what or f"removed {key}", (key,), replaces=True)
        return self.edit(lambda: self.doc.set(key, value), what or f"set {key}", (key,), replaces=True)

    def write_form(self, changes: dict[str, Any], label: str | None, what: str) -> bool:
        """A form's changed fields as one step: dotted key -> value (None removes it); ``active``: ``label`` acts alone."""

        def write() -> None:
            doc = self.doc
            for key, value in changes.items():
                parent = key.rpartition(".")[0]
                written = doc.get(parent) if parent and key != "active" else None
                if isinstance(written, str):
                    # a mapping written as its value (a card's `attack: "+1"`) is spelled out before a key of it is set
                    doc.set(parent, {"value": written})
                if key == "active":
                    if value and label is not None:
                        doc.set("active", label)
                    elif doc.get("active") == label:
                        doc.delete("active")
                elif value is None:
                    doc.delete(key)
                elif value == {} and doc.get(key) is not None:
                    continue
                else:
                    doc.set(key, value)

        spelled = [parent for key in changes if (parent := key.rpartition(".")[0]) and isinstance(self.doc.get(parent), str)]
        return self.edit(write, what, [*changes, *spelled], replaces=True)

    def add_link(self, text: str) -> str:
        """Area boards: join two areas (``A -- B``, ``A == B``, ``A || B``), or change the line of the two joined
        already; one undo step that saves only the one link (not the list of thousands). What it did, in words."""
        from .areas import link_index, link_parts

        parts = link_parts(text.strip())
        if parts is None:
            raise EditError("write a link as A -- B (single line), A == B (double line) or A || B (barrier)")
        first, line, second = parts
        areas = self.doc.data.get("areas")
        for name in (first, second):
            if isinstance(areas, dict) and name not in areas:
                raise EditError(f"no area {name!r}: add it first (+)")
        link = f"{first} {line} {second}"
        links = self.doc.data.get("links")
        if not isinstance(links, list):
            self.set_key("links", [link], f"linked {link}")
            return f"linked {link}"
        for index in link_index(self).get(first, ()):  # the links of the first area, in order
            known = list.__getitem__(links, index)
            old = link_parts(str(known))
            if old is not None and {old[0], old[2]} == {first, second}:
                if old[1] == line:
                    return f"{first} and {second} are linked already ({known})"
                self.set_key(f"links.{index}", link, f"changed {known} to {link}")
                return f"changed {known} to {link}"
        self.set_key(f"links.{len(links)}", link, f"linked {link}")
        return f"linked {link}"

    def remove_link(self, index: int) -> bool:
        """Area boards: remove the link at ``index`` of the list (one undo step)."""
        links = self.doc.data.get("links")
        if not isinstance(links, list) or not 0 <= index < len(links):
            return False
        return self.set_key(f"links.{index}", None, f"removed the link {links[index]}")

    def resize(self, cols: int, rows: int) -> bool:
        done = self.edit(lambda: self.doc.resize(cols, rows), f"resized the board to {cols}x{rows}", (*GRID_KEYS, "walls"))
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
        self.undo_stack.append(Step("the next round", document=before))
        self.redo_stack.clear()
        replace_doc()
        self.changed()
        return True

    # --- files -----------------------------------------------------------------------------

    def save(self, *, overwrite: bool = False) -> str:
        """Write the document atomically (a temporary file beside it, then a rename); WriteError when it cannot.

        Only over the bytes last read or saved: a file changed on disk since (another editor, another program)
        raises ConflictError and is left as it is, unless ``overwrite``. A read-only file: ReadOnlyError."""
        from ..document.atomic import ANYTHING, write_atomic

        text = self.text()
        self.disk = write_atomic(self.path, self.doc.file_text(text), expect=ANYTHING if overwrite else self.disk)
        self.saved_text = text
        self.saved_generation = self.generation
        return text

    def save_as(self, path: str, *, overwrite: bool = False) -> str:
        """Save under another name (an existing file there: ConflictError unless ``overwrite``); it becomes the file edited."""
        from ..document.atomic import ANYTHING, write_atomic

        text = self.text()
        self.disk = write_atomic(path, self.doc.file_text(text), expect=ANYTHING if overwrite else None)
        self.path = path
        self.doc.file = path
        self.saved_text = text
        self.saved_generation = self.generation
        return text

    def reload(self) -> None:
        """Read the file again as it is on disk now (this session's unsaved edits and undo steps are dropped)."""
        from ..document.document import ScenarioDocument

        self.doc = ScenarioDocument.from_path(self.path)
        self.disk = self.doc.original.raw
        self.saved_text = self.doc.text()
        self.undo_stack.clear()
        self.redo_stack.clear()
        self.changed()
        self.saved_generation = self.generation


def _at(cell: Any) -> str:
    return f"[{cell[0]}, {cell[1]}]"
