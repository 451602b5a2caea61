"""Small modal questions: quit with unsaved changes, pick an option for the next round, the size, the keys."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from rich.console import Group
from rich.table import Table
from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical, VerticalScroll
from textual.events import Key
from textual.screen import ModalScreen
from textual.widgets import Input, Static

from ..errors import escape_controls
from ..result import Turn
from .board import option_number
from .forms import TypeAhead

#: The keys shown by F1: (section, [(keys, what they do)]); "grid:" / "areas:" entries only on that kind of board,
#: "mark:" only where the game has marks, "flag:" only where it has a yes/no key for Ctrl+E (named in ``{flag}``).
HELP: list[tuple[str, list[tuple[str, str]]]] = [
    (
        "Board",
        [
            ("grid:arrows", "move the cursor (a click moves it too)"),
            ("grid:Home PgUp End PgDn", "the diagonal neighbours: up-left, up-right, down-left, down-right"),
            (
                "grid:a letter or digit",
                "put that figure on the cursor (moved if it exists; a new one is a character/hero in upper case, "
                "a monster/enemy in lower case, a copy of the last one); it also ends painting",
            ),
            (
                "grid:a map symbol",
                "paint that terrain on the cursor (the symbols listed under the board); it becomes the brush: a click or a drag paints it",
            ),
            ("grid:Esc", "no brush: a click only moves the cursor"),
            ("grid:Delete Backspace", "remove the figure on the cursor, or make the cell open floor"),
            ("grid:Ctrl+T", "thin wall between the cursor and the cell it came from (again: removes it)"),
            ("grid:Ctrl+B", "wall the edge of the board all round"),
            ("grid:Ctrl+R", "the board's size"),
            ("mark:Ctrl+G", "the cursor becomes the mark of the selected figure (a minion's: its faction's)"),
            ("areas:Up Down", "select an area (a click selects it too)"),
            ("areas:a letter or digit", "put that figure in the area (upper case a hero, lower case an enemy)"),
            ("areas:Tab", "select the next figure of the area"),
            ("areas:+  -", "a new area; remove the selected (empty) area"),
            ("areas:Ctrl+A", "the area's form"),
            ("areas:Ctrl+L", "the links: type one to add it (or change its line), Delete in the list removes one"),
            ("areas:Delete Backspace", "remove the selected figure"),
        ],
    ),
    (
        "Figures and the card",
        [
            ("Enter", "the form of the figure on the cursor (areas: the selected figure)"),
            ("flag:Ctrl+E", "{flag} on/off (the figure on the cursor; areas: the selected figure)"),
            ("grid:Ctrl+A", "the figure on the cursor acts alone (`active:`); again: the whole side acts"),
            (
                "Ctrl+K",
                "the form of the action card; with several cards or a list of actions, the card list (Ctrl+K in the form opens it too); "
                "a file with Enemy cards: their list (Space: the selected action's symbol is this round's)",
            ),
            (
                "Ctrl+P",
                "the scenario form: the variant, and what else the game's file sets for the round (the acting faction, activation orders, the open readings of the rules)",
            ),
            ("in a form", "Tab: next field, →: accept the name offered, Enter: apply, Esc: close"),
        ],
    ),
    (
        "The answer",
        [
            ("[  ]", "previous / next option (its route is drawn with :)"),
            ("{  }", "previous / next turn of the phase"),
            (
                "Ctrl+F",
                "sight mode on/off: the sight lines from the cursor (areas: the selected area) to every figure, "
                "as the table page draws them: green underlined in sight, red not, the blocking walls red; listed beside",
            ),
            (
                "Ctrl+N",
                "next round: follow the answer (where the players choose, type the option's number); the board after the phase becomes the board edited",
            ),
        ],
    ),
    (
        "Files",
        [
            ("Ctrl+Z  Ctrl+Y", "undo / redo"),
            ("Ctrl+S", "save (atomically: a temporary file, then a rename)"),
            ("Ctrl+Q", "quit (asks first when there are unsaved changes)"),
            ("F1", "this help (Esc, F1 or q closes it)"),
        ],
    ),
]


def help_entries(board_kind: str, flag: str = "", marks: bool = False) -> list[tuple[str, list[tuple[str, str]]]]:
    """The help's sections for a board of this kind ("hex", "square" or "areas"), of a game whose Ctrl+E key is
    ``flag`` ("" none) and which has marks or not."""
    wanted = {"areas" if board_kind == "areas" else "grid", *(["flag"] if flag else []), *(["mark"] if marks else [])}
    sections = []
    for title, entries in HELP:
        shown = []
        for keys, words in entries:
            tag, sep, rest = keys.partition(":")
            if sep and tag in ("grid", "areas", "flag", "mark"):
                if tag not in wanted:
                    continue
                keys = rest
            shown.append((keys, words.replace("{flag}", flag)))
        sections.append((title, shown))
    return sections


def help_renderable(board_kind: str, flag: str = "", marks: bool = False) -> Group:
    """The keys as a two-column table per section: each description wraps within its own column at any width."""
    parts: list[Any] = [Text("enemy-move edit: keys (Esc: close; ↑ ↓ PgUp PgDn: scroll)", style="bold")]
    for title, entries in help_entries(board_kind, flag, marks):
        table = Table(box=None, show_header=False, padding=(0, 1), pad_edge=True, expand=True)
        table.add_column(style="bold", no_wrap=True, width=KEY_WIDTH)
        table.add_column(ratio=1)
        for keys, words in entries:
            table.add_row(keys, words)
        parts += [Text(""), Text(title, style="bold underline"), table]
    return Group(*parts)


#: The key column of the help: the longest keys ("Home PgUp End PgDn").
KEY_WIDTH = 18

DIALOG_CSS = """
{name} {{ align: center middle; background: $background 50%; }}
{name} > Vertical {{ width: 64; max-width: 95%; height: auto; max-height: 90%; border: thick $accent; background: $panel; padding: 0 1; }}
"""


def question_css(name: str, width: int) -> str:
    """The CSS of a question dialog ``name``, ``width`` cells wide."""
    return DIALOG_CSS.format(name=name) + f"{name} > Vertical {{ width: {width}; }}"


#: A question's key for "not now": back to the editor.
STAY = Binding("escape,n", "answer('stay')", "Keep editing")


class QuestionScreen(ModalScreen[str]):
    """A question answered with one key: what is asked, then each key and what it does (the bindings answer)."""

    #: (the key as shown, what it does), in the order shown.
    ANSWERS: tuple[tuple[str, str], ...] = ()

    def question(self) -> Text:
        return Text()

    def compose(self) -> ComposeResult:
        text = self.question()
        for key, words in self.ANSWERS:
            text.append(f"\n {key:>3}  ", style="bold")
            text.append(words)
        with Vertical():
            yield Static(text)

    def action_answer(self, choice: str) -> None:
        self.dismiss(choice)


class QuitScreen(QuestionScreen):
    """Unsaved changes: save and quit, quit anyway, or keep editing."""

    DEFAULT_CSS = question_css("QuitScreen", 40)
    BINDINGS = [
        Binding("s", "answer('save')", "Save and quit"),
        Binding("q,ctrl+q", "answer('quit')", "Quit without saving"),
        STAY,
    ]
    ANSWERS = (("s", "save and quit"), ("q", "quit without saving"), ("Esc", "keep editing"))

    def question(self) -> Text:
        return Text("The board has unsaved changes.\n", style="bold")


class ChooseScreen(ModalScreen[int | None]):
    """Where the players choose: which option the next round follows (typed by its number, from 1).

    The board stays in view beside the options, drawn with the option shown
    (its route): ↑/↓ or [ ] show another, a number or Enter follows one.
    """

    DEFAULT_CSS = """
    ChooseScreen { background: $background; }
    ChooseScreen #beside { width: auto; max-width: 60%; height: 100%; padding-right: 1; }
    ChooseScreen VerticalScroll { width: 1fr; min-width: 30; height: 100%; border: tall $accent; background: $panel; padding: 0 1; }
    """
    BINDINGS = [
        Binding("escape", "cancel", "Cancel"),
        Binding("up,left_square_bracket", "show(-1)", "Previous option", show=False),
        Binding("down,right_square_bracket", "show(1)", "Next option", show=False),
    ]

    def __init__(self, turn: Turn, who: str, default: int = 0, draw: Callable[[int], Any] | None = None, attacks: bool = True) -> None:
        super().__init__()
        self.turn = turn
        self.who = who
        #: What Enter picks: the option selected in the answer panel ([ ]), else the first.
        self.default = default if 0 <= default < len(turn.options) else 0
        #: The board drawn with option N's route shown (None: no board beside the options).
        self.draw = draw
        self.attacks = attacks

    def compose(self) -> ComposeResult:
        with Horizontal():
            yield Static(self.draw(self.default) if self.draw else "", id="beside")
            with VerticalScroll():
                yield Static(self._options(), id="options")

    def _options(self) -> Text:
        from .answer import option_line

        # Text, not markup: a figure's name from the file is shown as written, never read as markup.
        text = Text(f"{escape_controls(self.who)}: the players choose\n", style="bold")
        last = option_number(len(self.turn.options) - 1)
        text.append(f"1-{last}, Enter: follow it · ↑ ↓: its route · Esc: cancel\n\n", style="dim")
        for index, option in enumerate(self.turn.options):
            text.append_text(option_line(index, option, index == self.default, self.attacks))
            text.append("\n")
        return text

    def action_show(self, step: int) -> None:
        self.default = max(0, min(len(self.turn.options) - 1, self.default + step))
        self.query_one("#options", Static).update(self._options())
        if self.draw is not None:
            self.query_one("#beside", Static).update(self.draw(self.default))

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


class SizeScreen(TypeAhead, ModalScreen[tuple[int, int] | None]):
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

    def first_field(self) -> Input | None:
        return self.query(Input).first() if self.query(Input) else None

    def on_input_submitted(self, event: Input.Submitted) -> None:
        from .usage import EditorUsageError, parse_size

        try:
            self.dismiss(parse_size(event.value))
        except EditorUsageError:
            self.query_one(Static).update("Write the size as COLSxROWS, e.g. 9x7 (Esc: cancel).")

    def action_cancel(self) -> None:
        self.dismiss(None)


class HelpScreen(ModalScreen[None]):
    """All the keys (F1), as a table that wraps within its columns from 80 columns up."""

    DEFAULT_CSS = """
    HelpScreen { align: center middle; background: $background 50%; }
    HelpScreen > VerticalScroll { width: 100; max-width: 100%; height: auto; max-height: 100%; border: round $accent; background: $panel; padding: 0 1; }
    """
    BINDINGS = [Binding("escape,f1,q", "close", "Close")]

    def __init__(self, board_kind: str, flag: str = "", marks: bool = False) -> None:
        super().__init__()
        self.board_kind = board_kind
        self.flag = flag
        self.marks = marks

    def compose(self) -> ComposeResult:
        with VerticalScroll():
            # the help's own text, no file content: rich renderables, never markup
            yield Static(help_renderable(self.board_kind, self.flag, self.marks))

    def action_close(self) -> None:
        self.dismiss(None)
