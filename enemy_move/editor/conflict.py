"""Saving over a file that changed on disk since it was read: the editor asks, it never overwrites unseen.

Another editor, another program (or the table page) may have saved the file
since this editor read it. Ctrl+S then writes nothing and asks: read the
file again (this editor's unsaved changes are dropped), save under another
name, overwrite the other change, or keep editing.
"""

from __future__ import annotations

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical
from textual.screen import ModalScreen
from textual.widgets import Input, Static

from ..errors import escape_controls
from .dialogs import STAY, QuestionScreen, question_css


class ConflictScreen(QuestionScreen):
    """The file changed on disk since it was read: reload, save as, overwrite, or keep editing."""

    DEFAULT_CSS = question_css("ConflictScreen", 64)
    BINDINGS = [
        Binding("r", "answer('reload')", "Reload"),
        Binding("a", "answer('save-as')", "Save as"),
        Binding("o", "answer('overwrite')", "Overwrite"),
        STAY,
    ]

    ANSWERS = (
        ("r", "read the file again (your unsaved changes are dropped)"),
        ("a", "save yours under another name"),
        ("o", "overwrite the other change with yours"),
        ("Esc", "keep editing, save later"),
    )

    def __init__(self, reason: str) -> None:
        super().__init__()
        self.reason = reason

    def question(self) -> Text:
        text = Text("Not saved: ", style="bold")
        text.append(escape_controls(self.reason))  # the file's name as plain text, controls escaped
        return text.append("\n")


class SaveAsScreen(ModalScreen[str | None]):
    """The file name to save under (Enter: save, Esc: cancel)."""

    DEFAULT_CSS = question_css("SaveAsScreen", 64)
    BINDINGS = [Binding("escape", "cancel", "Cancel")]

    def __init__(self, suggestion: str) -> None:
        super().__init__()
        self.suggestion = suggestion

    def compose(self) -> ComposeResult:
        with Vertical():
            yield Static(Text("Save as (Enter: save, Esc: cancel); an existing file is not replaced."))
            yield Input(self.suggestion)

    def on_input_submitted(self, event: Input.Submitted) -> None:
        name = event.value.strip()
        if name:
            self.dismiss(name)

    def action_cancel(self) -> None:
        self.dismiss(None)


def other_name(path: str) -> str:
    """A name beside ``path`` for the copy: board.yaml -> board.mine.yaml."""
    stem, dot, suffix = path.rpartition(".")
    return f"{stem}.mine.{suffix}" if dot and "/" not in suffix else f"{path}.mine"
