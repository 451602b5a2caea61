"""``enemy-move edit FILE``: the board on the left, the live answer on the right, keys in the footer.

The answer is computed in a worker thread on a snapshot of the text
(:func:`session.compute_answer`); an answer for an older state of the board
is dropped. Every edit is one undo step. See docs/editor.md for the keys.
"""

from __future__ import annotations

import gc
from functools import partial
from typing import Any

from rich.cells import cell_len
from rich.text import Text
from textual.app import App, ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, VerticalScroll
from textual.events import Key
from textual.geometry import Region
from textual.widgets import Static
from textual.worker import Worker, WorkerState

from ..document.atomic import ConflictError, WriteError
from ..document.document import EditError
from ..errors import escape_controls
from ..render.text import turn_words
from ..result import Turn
from . import palette
from .answer import answer_text, why_not_text
from .areas import AreaView, area_names
from .board import BoardView, Overlay
from .commands import Commands
from .dialogs import ChooseScreen, HelpScreen, QuitScreen, SizeScreen
from .forms import TypeAhead
from .keysline import KeysLine
from .links import LinksPanel
from .session import Answer, Session, answer_for

#: The cursor's keys: (columns, rows) moved.
MOVES = {"up": (0, -1), "down": (0, 1), "left": (-1, 0), "right": (1, 0)}
#: Hex diagonals on the keys of a numeric keypad's corners (7 9 1 3); on square grids, the diagonals.
DIAGONALS = {"home": (-1, -1), "pageup": (1, -1), "end": (-1, 1), "pagedown": (1, 1)}


class Pane(VerticalScroll, can_focus=False):
    """A scrolling column that never takes the focus from the board."""


#: Keys whose binding opens a dialog, run as soon as the screen gets the key (see EditorScreen.on_key).
OPENING = {
    "enter": "figure_form",
    "ctrl+k": "card_form",
    "ctrl+l": "links",
    "ctrl+r": "size",
    "ctrl+n": "next_round",
    "ctrl+a": "ctrl_a",
    "ctrl+p": "scenario_form",
    "f1": "help",
}


class EditorScreen(Commands):
    """The one screen: status line, board and palette, answer, message line, footer."""

    DEFAULT_CSS = """
    EditorScreen { layers: default dialog; }
    #status { height: 1; background: $boost; }
    #main { height: 1fr; }
    #left { width: auto; max-width: 60%; height: 100%; }
    #answer-pane { width: 1fr; height: 100%; border-left: solid $primary-darken-2; padding-left: 1; }
    #palette { color: $text-muted; width: auto; }
    #message { height: auto; max-height: 3; color: $warning; }
    #working { height: 1; display: none; }
    #why-not { height: auto; margin-bottom: 1; }
    #why-not.-empty { display: none; }
    """

    BINDINGS = [
        Binding("up", "cursor(0, -1)", "Up", show=False),
        Binding("down", "cursor(0, 1)", "Down", show=False),
        Binding("left", "cursor(-1, 0)", "Left", show=False),
        Binding("right", "cursor(1, 0)", "Right", show=False),
        *(Binding(key, f"diagonal('{key}')", key, show=False) for key in DIAGONALS),
        Binding("ctrl+z", "undo", "Undo"),
        Binding("ctrl+y", "redo", "Redo", show=False),
        Binding("ctrl+n", "next_round", "Next round"),
        Binding("enter", "figure_form", "Figure"),
        Binding("ctrl+k", "card_form", "Card"),
        Binding("ctrl+t", "thin_wall", "Wall", show=False),
        Binding("ctrl+e", "flag", "Elite", show=False),
        Binding("ctrl+b", "border", "Border walls", show=False),
        Binding("ctrl+r", "size", "Size", show=False),
        Binding("ctrl+a", "ctrl_a", "Acts alone / Area", show=False),
        Binding("ctrl+l", "links", "Links", show=False),
        Binding("ctrl+g", "mark", "Mark", show=False),
        Binding("ctrl+f", "sight", "Sight", show=False),
        Binding("ctrl+p", "scenario_form", "Scenario", show=False),
        Binding("delete,backspace", "remove", "Remove", show=False),
        Binding("escape", "no_brush", "No brush", show=False),
        Binding("tab", "next_figure", "Next figure", show=False),
        Binding("f1", "help", "Help"),
    ]

    def __init__(self, session: Session) -> None:
        super().__init__()
        self.session = session
        self.answer: Answer | None = None
        self.working = False
        self.turn_index = 0
        self.option_index = 0
        #: Area boards: the figure Enter opens.
        self.selected: str | None = None
        self.following = False
        self._shown: dict[str, Any] = {}

    # --- layout ----------------------------------------------------------------------------

    def compose(self) -> ComposeResult:
        if self.session.board_kind == "areas":
            # first, its layer placed first: textual counts the widgets' painting order back from the last placed, and
            # a dialog placed last changed every widget's order (the screen drawn whole) as it opened and closed
            yield LinksPanel(id="links")
        yield Static(id="status")
        with Horizontal(id="main"):
            with Pane(id="left"):
                if self.session.board_kind == "areas":
                    yield AreaView(self.session, id="board")
                else:
                    yield BoardView(self.session, id="board")
                yield Static(id="palette")
            with Pane(id="answer-pane"):
                # its own line: the answer below is not formatted again when an edit starts or ends the work
                yield Static(Text("⟳ working…", style="bold yellow"), id="working")
                yield Static(id="why-not")
                yield Static(id="answer")
        yield Static(id="message")
        yield KeysLine()

    def on_mount(self) -> None:
        session = self.session
        if session.board_kind == "areas" and session.area is None:
            names = area_names(session)
            session.area = names[0] if names else None
        elif session.board_kind != "areas" and session.cursor == (0, 0):
            cols, rows = session.size()
            session.cursor = (min(1, cols - 1), min(1, rows - 1)) if cols and rows else (0, 0)
        self.query_one("#board").focus()
        self.refresh_all()
        self.request_answer()
        self.call_after_refresh(self.warm_dialogs)

    # --- the answer ------------------------------------------------------------------------

    def request_answer(self) -> None:
        """Resolve the board as it stands, off the UI thread; older answers still running are dropped."""
        session = self.session
        self.working = True
        job = partial(answer_for, session, dict(session.choices))
        self.run_worker(job, thread=True, exclusive=True, group="resolve", name="resolve")
        self.refresh_answer()

    def on_worker_state_changed(self, event: Worker.StateChanged) -> None:
        if event.worker.name != "resolve" or event.state != WorkerState.SUCCESS:
            return
        if isinstance(event.worker.result, Answer):
            self.receive(event.worker.result)

    def receive(self, answer: Answer) -> None:
        """Show ``answer`` unless it is stale (the board changed while it was being resolved)."""
        if answer.generation != self.session.generation:
            return
        self.answer = answer
        self.working = False
        # the answer is kept out of the collector's full passes too (a Result holds no cycles: it is freed when
        # the next one replaces it, frozen or not); gc.freeze() only moves lists, it costs nothing
        gc.freeze()
        self._clamp()
        self.refresh_all()
        if self.following:
            self.continue_next_round()

    def _clamp(self) -> None:
        result = self.answer.result if self.answer else None
        turns = result.turns if result else []
        self.turn_index = max(0, min(self.turn_index, len(turns) - 1))
        options = turns[self.turn_index].options if turns else []
        self.option_index = max(0, min(self.option_index, len(options) - 1))

    def current_turn(self) -> Any:
        result = self.answer.result if self.answer else None
        if result is None or not result.turns:
            return None
        return result.turns[min(self.turn_index, len(result.turns) - 1)]

    # --- drawing ---------------------------------------------------------------------------

    def refresh_all(self) -> None:
        session = self.session
        turn = self.current_turn()
        current = self.answer is not None and self.answer.generation == session.generation
        board = self.query_one("#board")
        if isinstance(board, BoardView):
            board.overlay = Overlay.of(turn if current else None, self.option_index, self.shown_sight() if current else None)
        elif isinstance(board, AreaView):
            board.turn, board.shown, board.seen = (turn, self.option_index, self.shown_sight()) if current else (None, None, None)
        if not (isinstance(board, (BoardView, AreaView)) and board.repaint()):
            board.refresh(layout=True)  # its size changed (only the rows drawn again are repainted otherwise)
        symbols = session.symbols()
        self._show("#palette", palette.palette_text(symbols, session.size()[0] if symbols else 0))
        self.refresh_answer()

    def refresh_answer(self) -> None:
        cursor: Any = self.session.area if self.session.board_kind == "areas" else self.session.cursor
        # the answer, the work going on and the cursor's why-not apart: each is formatted again only when it changes
        text = answer_text(self.answer, working=False, turn_index=self.turn_index, option_index=self.option_index, cursor=None)
        self.show_working()
        why = self.sight_block() or why_not_text(self.answer, self.turn_index, cursor)
        self.query_one("#why-not").set_class(not why.plain, "-empty")
        self._show("#why-not", why)
        self._show("#answer", text)
        self.refresh_status()

    def show_working(self) -> None:
        """The `⟳ working…` line above the answer, shown while the answer is worked out. Not while the links dialog
        hides the answer: showing or hiding the line lays the screen out, and closing the dialog does that anyway."""
        working = self.query_one("#working", Static)
        if working.display != self.working and self.links_panel() is None:
            working.display = self.working

    def _show(self, selector: str, content: Any) -> None:
        """Update a text widget only when what it shows changed; laid out again only when its height may change
        (not the status line, one line high, nor a message of one line after one of one line)."""
        before = self._shown.get(selector)
        if before != content:
            self._shown[selector] = content
            widget = self.query_one(selector, Static)
            width = widget.content_size.width if selector == "#message" else 0
            same = width > 0 and all(isinstance(t, str) and "\n" not in t and cell_len(t) <= width for t in (before, content))
            # plain strings as Text: a file name or a message quoting the file is never read as markup
            widget.update(Text(content) if isinstance(content, str) else content, layout=selector != "#status" and not same)

    def refresh_status(self) -> None:
        session = self.session
        parts = [escape_controls(session.path), f"{session.ruleset}/{session.doc.get('variant') or 'default'}"]
        if session.board_kind == "areas":
            parts.append(f"area {session.area or '-'}")
        else:
            parts.append(f"cursor [{session.cursor[0]}, {session.cursor[1]}]")
        if session.brush:
            parts.append(f"brush {session.brush}")
        if session.modified:
            parts.append("modified")
        if self.working:
            parts.append("working…")
        self._show("#status", " · ".join(parts))

    def say(self, message: str) -> None:
        self._show("#message", escape_controls(message))

    # --- editing ---------------------------------------------------------------------------

    def apply(self, change: Any, *args: Any) -> bool:
        """Run one session edit; an edit that cannot be made is said on the message line."""
        try:
            changed = bool(change(*args))
        except (EditError, TypeError, ValueError, KeyError, AttributeError) as error:
            # EditError: an edit that cannot be made; the others: keys of the wrong shape in the file
            self.say(str(error))
            return False
        if changed:
            self.say("")
            self.request_answer()
        self.refresh_all()
        return changed

    def on_key(self, event: Key) -> None:
        if self.app.screen is not self:
            # A key typed right after a key that opened a dialog was already queued for the board: the dialog's.
            event.stop()
            event.prevent_default()
            dialog = self.app.screen
            if not (isinstance(dialog, TypeAhead) and dialog.type_ahead(event.key, event.character)):
                (dialog.focused or dialog).post_message(Key(event.key, event.character))
            return
        if self.links_key(event):
            return
        opens = OPENING.get(event.key)
        if opens is not None:
            # Opened here, not by the binding (run once the key has gone up to the app, after the keys typed
            # next were handled by the board and lost): the keys that follow find the dialog open.
            event.stop()
            event.prevent_default()
            getattr(self, f"action_{opens}")()
            return
        if event.key in MOVES or event.key in DIAGONALS:
            # Moved here too, not by the binding (run after the keys queued behind it: "→ → # ↓ b" typed fast
            # painted and placed on the cell the cursor had left)
            event.stop()
            event.prevent_default()
            if event.key in MOVES:
                self.action_cursor(*MOVES[event.key])
            else:
                self.action_diagonal(event.key)
            return
        char = event.character
        if not char or not char.isprintable() or len(char) != 1 or event.key in ("enter", "tab", "escape"):
            return
        session = self.session
        if char in "[]{}":
            event.stop()
            self.select(char)
            return
        if palette.is_label(char):
            event.stop()
            self.selected = char
            if session.board_kind == "areas":
                if session.area is not None:
                    self.apply(session.place_in_area, char, session.area)
            else:
                session.brush = None  # after a figure, a click selects the next cell instead of painting
                self.apply(session.place, char)
            return
        if session.board_kind == "areas":
            if char in "+-":
                event.stop()
                self.area_add_remove(char)
            return
        if char in session.symbols():
            event.stop()
            session.brush = char
            self.apply(session.paint, char)

    def select(self, key: str) -> None:
        result = self.answer.result if self.answer else None
        if result is None or not result.turns:
            return
        if key in "{}":
            self.turn_index += -1 if key == "{" else 1
            self.option_index = 0
        else:
            self.option_index += -1 if key == "[" else 1
        self._clamp()
        self.refresh_all()

    def action_cursor(self, dx: int, dy: int) -> None:
        session = self.session
        if session.board_kind == "areas":
            names = area_names(session)
            if names:
                index = names.index(session.area) if session.area in names else 0
                session.area = names[max(0, min(len(names) - 1, index + dy))]
        else:
            col, row = session.cursor
            session.move_cursor((col + dx, row + dy))
        self.refresh_all()
        self.show_cursor()

    def show_cursor(self) -> None:
        """Scroll the board's pane so that the cursor (the selected area) stays in view on a board larger than the
        screen."""
        board = self.query_one("#board")
        if isinstance(board, BoardView):
            x, y = board.cursor_offset()
            self.query_one("#left", Pane).scroll_to_region(Region(max(0, x - 2), max(0, y - 1), 5, 3), animate=False)
        elif self.session.area is not None:
            self.follow_area(self.session.area)

    def action_diagonal(self, key: str) -> None:
        dx, dy = DIAGONALS[key]
        col, row = self.session.cursor
        if self.session.board_kind == "hex":
            # odd-r layout: odd rows sit half a hex right, so up-right of an even row keeps the column
            # and up-left of an odd row keeps it too
            dx = (0 if dx < 0 else 1) if row & 1 else (-1 if dx < 0 else 0)
        self.action_cursor(dx, dy)

    def action_remove(self) -> None:
        session = self.session
        if session.board_kind == "areas":
            if self.selected and self.selected in session.figures():
                self.apply(session.remove_figure, self.selected)
            return
        self.apply(session.remove_here)

    def action_no_brush(self) -> None:
        self.session.brush = None
        self.say("no brush: a click moves the cursor")
        self.refresh_status()

    def action_thin_wall(self) -> None:
        try:
            message = self.session.toggle_wall()
        except EditError as error:
            message = str(error)
        if message:
            self.say(message)
        else:
            self.request_answer()
        self.refresh_all()

    def action_border(self) -> None:
        if not self.apply(self.session.wall_border):
            self.say("no walls to add (the edge is walled already, or the game has no walls)")

    def action_undo(self) -> None:
        self._stepped(self.session.undo(), "Undid", "nothing to undo")

    def action_redo(self) -> None:
        self._stepped(self.session.redo(), "Redid", "nothing to redo")

    def _stepped(self, what: str | None, done: str, nothing: str) -> None:
        """After an undo or a redo: what it did (``what``, None: nothing to do) said, the answer asked again."""
        if what is not None:
            self.say(f"{done}: {what}")
            self.request_answer()
        else:
            self.say(nothing)
        self.refresh_all()

    def action_help(self) -> None:
        game = self.session.doc.game
        flag, marks = (game.editor_flag, game.editor_mark is not None) if game is not None else ("", False)
        self.app.push_screen(HelpScreen(self.session.board_kind, flag, marks))

    def action_size(self) -> None:
        if self.session.board_kind == "areas":
            return

        def done(size: tuple[int, int] | None) -> None:
            if size is not None:
                self.apply(self.session.resize, *size)

        self.app.push_screen(SizeScreen(self.session.size()), done)

    # --- the next round --------------------------------------------------------------------

    def action_next_round(self) -> None:
        self.following = True
        if not self.working:
            self.continue_next_round()
        else:
            self.say("next round: waiting for the answer…")

    def _drawn_with(self, turn: Turn, shown: int) -> Any:
        """The board drawn with option ``shown`` of ``turn`` (its route), as the choice dialog shows it beside."""
        board = self.query_one("#board")
        if isinstance(board, BoardView):
            board.overlay = Overlay.of(turn, shown)
        elif isinstance(board, AreaView):
            board.turn, board.shown = turn, shown
        return board.render()

    def continue_next_round(self) -> None:
        """Ask for the players' choices turn by turn, then follow the phase (called again after each re-resolve)."""
        answer = self.answer
        if answer is None or answer.error is not None or answer.result is None:
            self.following = False
            self.say("the board has no answer to follow" + (f": {answer.error}" if answer and answer.error else ""))
            return
        result = answer.result
        for index, turn in enumerate(result.turns):
            if len(turn.options) > 1 and turn.actor not in self.session.choices:
                self.following = False  # resumed when the choice comes back

                def chosen(index: int | None, actor: str = turn.actor) -> None:
                    if index is None:
                        self.say("next round cancelled")
                        self.refresh_all()  # the board as the answer shows it, not the dialog's option
                        return
                    self.session.choices[actor] = index
                    self.following = True
                    self.request_answer()

                figure = self.session.doc.get(f"figures.{turn.actor}.name")
                who = f"{figure} {turn.actor}" if figure else turn.actor
                default = self.option_index if index == self.turn_index else 0
                # the answer panel shows this turn meanwhile, so the board beside the choice is this turn's
                self.turn_index, self.option_index = index, default
                self.refresh_all()
                draw = partial(self._drawn_with, turn)
                self.app.push_screen(ChooseScreen(turn, who, default, draw, result.has_attacks), chosen)
                return
        self.following = False
        if not result.turns:
            self.say("no figure acts: nothing to follow")
            return
        moved = "; ".join(turn_words(turn) for turn in result.turns)
        if self.apply(self.session.follow, result):
            self.turn_index = self.option_index = 0
            self.say(f"next round: {moved}")
        else:
            self.say(f"next round: nothing moved ({moved})")


def _freeze_collector() -> None:
    """The document and the screen as they are once drawn are kept out of the collector's full passes.

    A full pass walks every object: on a large document (a 64 x 64 map, 1,000 areas) it took 50-120 ms, on
    whichever key it fell (measured with bench/editor_edits.py, the collector on and off). Frozen objects are
    never walked again (``gc.freeze``; each answer received is frozen too); the app unfreezes them when it ends."""
    gc.collect()
    gc.freeze()


class EditorApp(App[int]):
    """The editor application; ``run()`` returns the exit status (0)."""

    TITLE = "enemy-move edit"
    ENABLE_COMMAND_PALETTE = False
    BINDINGS = [
        Binding("ctrl+s", "save", "Save", priority=True),
        Binding("ctrl+q", "quit_editor", "Quit", priority=True),
    ]

    def __init__(self, session: Session) -> None:
        super().__init__()
        self.session = session

    def on_mount(self) -> None:
        self.push_screen(EditorScreen(self.session))
        self.call_after_refresh(_freeze_collector)

    def on_unmount(self) -> None:
        gc.unfreeze()

    @property
    def editor(self) -> EditorScreen:
        for screen in self.screen_stack:
            if isinstance(screen, EditorScreen):
                return screen
        raise LookupError("no editor screen")

    def action_save(self, *, overwrite: bool = False) -> None:
        try:
            self.session.save(overwrite=overwrite)
        except ConflictError as error:
            from .conflict import ConflictScreen

            self.push_screen(ConflictScreen(str(error)), self._settle_conflict)
            return
        except WriteError as error:
            self.editor.say(str(error))
            return
        self._saved()

    def _settle_conflict(self, choice: str | None) -> None:
        """The file changed on disk: what the user chose (docs/editor.md, "Saving")."""
        from .conflict import SaveAsScreen, other_name

        if choice == "overwrite":
            self.action_save(overwrite=True)
        elif choice == "reload":
            try:
                self.session.reload()
            except Exception as error:  # gone, unreadable, no longer YAML: say so and keep this board
                self.editor.say(f"cannot read it again: {error}")
                return
            self.editor.say(f"read {self.session.path} again as it is on disk")
            self.editor.request_answer()
            self.editor.refresh_all()
        elif choice == "save-as":
            self.push_screen(SaveAsScreen(other_name(self.session.path)), self._save_as)

    def _save_as(self, name: str | None) -> None:
        if name is None:
            return
        try:
            self.session.save_as(name)
        except WriteError as error:
            self.editor.say(str(error))
            return
        self._saved()

    def _saved(self) -> None:
        answer = self.editor.answer
        note = f" (it does not resolve yet: {answer.error})" if answer is not None and answer.error else ""
        self.editor.say(f"saved {self.session.path}{note}")
        self.editor.refresh_status()

    def action_quit_editor(self) -> None:
        if isinstance(self.screen, QuitScreen):
            self.exit(0)
            return
        if not self.session.modified:
            self.exit(0)
            return

        def answered(choice: str | None) -> None:
            if choice == "save":
                self.action_save()
                if not self.session.modified:
                    self.exit(0)
            elif choice == "quit":
                self.exit(0)

        self.push_screen(QuitScreen(), answered)
