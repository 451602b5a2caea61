"""Small modal questions: quit with unsaved changes, pick an option for the next round, the size, the keys."""

from __future__ import annotations

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical, VerticalScroll
from textual.events import Key
from textual.screen import ModalScreen
from textual.widgets import Input, Static

from ..errors import escape_controls
from ..result import Turn, format_position
from .board import option_number

HELP = """\
enemy-move edit: keys (also in docs/editor.md)

Board
  arrows            move the cursor (a click moves it too)
  Home PgUp End PgDn   the diagonal neighbours up-left, up-right, down-left, down-right
  a letter or digit    put that figure on the cursor (moved if it exists; new: upper case
                       a character/hero, lower case a monster/enemy, a copy of the last one);
                       it also ends painting: a click moves the cursor again
  a map symbol         paint that terrain on the cursor (the file's own symbols, listed under the
                       board); it becomes the brush: a click (or a drag) paints it
  Esc                  no brush: a click only moves the cursor
  Delete, Backspace    remove the figure on the cursor, or make the cell open floor
  Ctrl+T               thin wall between the cursor and the cell it came from (again: removes it)
  Ctrl+B               wall the edge of the board all round
  Ctrl+R               the board's size
  Ctrl+G               Cloudspire: the cursor becomes the mark of the selected minion's faction
Figures and the card
  Enter                the form of the figure on the cursor (Agemonia: the selected figure)
  Ctrl+E               elite on/off (Gloomhaven), sleeping (Perdition's Mouth), fly (Agemonia)
  Ctrl+A               the figure on the cursor acts alone (`active:`); again: the whole side acts
  Ctrl+K               the form of the action card
  in a form: Tab moves between fields, → accepts the name offered, Enter applies, Esc closes
Agemonia (areas)
  Up/Down select an area; a label puts the figure in it; Tab selects the next figure of the area
  Ctrl+A the area's form;  +  a new area;  -  remove the area;  Ctrl+L the links, one a line
The answer
  [ ]                  previous / next option (its route is drawn with :)
  { }                  previous / next turn of the phase
  Ctrl+N               next round: follow the answer (where the players choose, type the option's
                       number), the board after the phase becomes the board edited
Files
  Ctrl+Z / Ctrl+Y      undo / redo
  Ctrl+S               save (atomically: a temporary file, then a rename)
  Ctrl+Q               quit (asks first when there are unsaved changes)
  F1                   this help
"""

DIALOG_CSS = """
{name} {{ align: center middle; background: $background 50%; }}
{name} > Vertical {{ width: 64; max-width: 95%; height: auto; max-height: 90%; border: thick $accent; background: $panel; padding: 0 1; }}
"""


class QuitScreen(ModalScreen[str]):
    """Unsaved changes: save and quit, quit anyway, or keep editing."""

    DEFAULT_CSS = DIALOG_CSS.format(name="QuitScreen")
    BINDINGS = [
        Binding("s", "answer('save')", "Save and quit"),
        Binding("q,ctrl+q", "answer('quit')", "Quit without saving"),
        Binding("escape,n", "answer('stay')", "Keep editing"),
    ]

    def compose(self) -> ComposeResult:
        with Vertical():
            yield Static("[b]The board has unsaved changes.[/b]\n\n  s  save and quit\n  q  quit without saving\n  Esc  keep editing")

    def action_answer(self, choice: str) -> None:
        self.dismiss(choice)


class ChooseScreen(ModalScreen[int | None]):
    """Where the players choose: which option the next round follows (typed by its number, from 1)."""

    DEFAULT_CSS = DIALOG_CSS.format(name="ChooseScreen")
    BINDINGS = [Binding("escape", "cancel", "Cancel")]

    def __init__(self, turn: Turn, who: str, default: int = 0) -> None:
        super().__init__()
        self.turn = turn
        self.who = who
        #: What Enter picks: the option selected in the answer panel ([ ]), else the first.
        self.default = default if 0 <= default < len(turn.options) else 0

    def compose(self) -> ComposeResult:
        # Text, not markup: a figure's name from the file is shown as written, never read as markup.
        text = Text(f"{escape_controls(self.who)}: the players choose.", style="bold")
        text.append(f" Type the option's number (Enter: {option_number(self.default)}, Esc: cancel).\n\n")
        for index, option in enumerate(self.turn.options):
            attacks = f", attacks {', '.join(option.attacks)}" if option.attacks else ""
            text.append(f"  {option_number(index)}  to {format_position(option.to)}{attacks}\n")
        with Vertical():
            yield Static(text)

    def on_key(self, event: Key) -> None:
        marks = [option_number(i) for i in range(len(self.turn.options))]
        if event.key == "enter":
            event.stop()
            self.dismiss(self.default)
        elif event.character and event.character in marks:
            event.stop()
            self.dismiss(marks.index(event.character))

    def action_cancel(self) -> None:
        self.dismiss(None)


class SizeScreen(ModalScreen[tuple[int, int] | None]):
    """The board's size as COLSxROWS."""

    DEFAULT_CSS = DIALOG_CSS.format(name="SizeScreen")
    BINDINGS = [Binding("escape", "cancel", "Cancel")]

    def __init__(self, size: tuple[int, int]) -> None:
        super().__init__()
        self.size_now = size

    def compose(self) -> ComposeResult:
        with Vertical():
            yield Static("Board size, COLSxROWS (Enter: apply, Esc: cancel); new cells are open floor.")
            yield Input(f"{self.size_now[0]}x{self.size_now[1]}")

    def on_input_submitted(self, event: Input.Submitted) -> None:
        cols, sep, rows = event.value.lower().replace(" ", "").partition("x")
        if sep and cols.isdigit() and rows.isdigit():
            self.dismiss((int(cols), int(rows)))
        else:
            self.query_one(Static).update("Write the size as COLSxROWS, e.g. 9x7 (Esc: cancel).")

    def action_cancel(self) -> None:
        self.dismiss(None)


class HelpScreen(ModalScreen[None]):
    DEFAULT_CSS = """
    HelpScreen { align: center middle; background: $background 50%; }
    HelpScreen > VerticalScroll { width: 78; max-width: 100%; height: 90%; border: thick $accent; background: $panel; padding: 0 1; }
    """
    BINDINGS = [Binding("escape,f1,q", "close", "Close")]

    def __init__(self, text: str) -> None:
        super().__init__()
        self.text = text

    def compose(self) -> ComposeResult:
        with VerticalScroll():
            yield Static(self.text, markup=False)

    def action_close(self) -> None:
        self.dismiss(None)
