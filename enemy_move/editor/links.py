"""The links of an area board (Ctrl+L): add one, change its line, remove one; every link only on demand.

Typing ``A -- B`` (or ``==``, ``||``) and Enter joins two areas, or changes the line of two joined already;
↓ goes to the list, where Delete removes the selected link. The list shows the links of the selected area;
Ctrl+O shows every link, drawn line by line as it scrolls (a text area of 6,875 links took about a second to
open). Each change is one undo step, made as it is typed; Esc closes.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from rich.segment import Segment
from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical
from textual.geometry import Region
from textual.screen import ModalScreen
from textual.scroll_view import ScrollView
from textual.strip import Strip
from textual.widgets import Input, Static

from ..errors import escape_controls
from .forms import TypeAhead

#: What the dialog asks of the editor: the links shown (index in the file, text), add one, remove one.
Links = Callable[[bool], list[tuple[int, str]]]


class LinkList(ScrollView, can_focus=True):
    """Links, one a line, the selected one highlighted; only the lines on screen are drawn."""

    DEFAULT_CSS = """
    LinkList { height: 1fr; background: $boost; }
    LinkList:focus { background: $accent 20%; }
    """
    BINDINGS = [
        Binding("up", "move(-1)", "Previous", show=False),
        Binding("down", "move(1)", "Next", show=False),
        Binding("pageup", "move(-10)", "Page up", show=False),
        Binding("pagedown", "move(10)", "Page down", show=False),
        Binding("delete,backspace", "remove", "Remove"),
    ]

    def __init__(self, **kwargs: Any) -> None:
        super().__init__(**kwargs)
        self.items: list[tuple[int, str]] = []
        self.selected = 0

    def show(self, items: list[tuple[int, str]]) -> None:
        self.items = items
        self.selected = max(0, min(self.selected, len(items) - 1))
        self.virtual_size = self.virtual_size.__class__(max((len(text) for _, text in items), default=0) + 2, len(items))
        self.refresh()

    def render_line(self, y: int) -> Strip:
        index = y + self.scroll_offset.y
        width, style = self.size.width, self.rich_style
        if 0 <= index < len(self.items):
            text = Text(f" {escape_controls(self.items[index][1])}")
            if index == self.selected and self.has_focus:
                text.stylize("reverse")
        else:
            text = Text("(no links)" if index == 0 and not self.items else "")
            text.stylize("dim")  # a Text's own style is not rendered line by line: its span is
        segments = Segment.apply_style(text.render(self.app.console), style)
        return Strip(list(segments), text.cell_len).crop_extend(0, width, style)

    def action_move(self, step: int) -> None:
        if step < 0 and self.selected == 0:
            self.screen.focus_previous()
            return
        self.selected = max(0, min(len(self.items) - 1, self.selected + step))
        self.scroll_to_region(Region(0, self.selected, 1, 1), animate=False)
        self.refresh()

    def action_remove(self) -> None:
        if self.items:
            screen = self.screen
            if isinstance(screen, LinksScreen):
                screen.remove_at(self.items[self.selected][0])

    def on_focus(self) -> None:
        self.refresh()

    def on_blur(self) -> None:
        self.refresh()


class LinksScreen(TypeAhead, ModalScreen[None]):
    """The links dialog, docked at the right; the editor makes each change (one undo step) and says it."""

    DEFAULT_CSS = """
    LinksScreen { align: right top; background: $background 30%; }
    LinksScreen > Vertical { width: 44; height: 100%; border: tall $accent; background: $panel; padding: 0 1; }
    LinksScreen Input { height: 1; border: none; padding: 0; margin: 1 0 0 0; background: $boost; }
    LinksScreen Input:focus { border: none; background: $accent 40%; }
    LinksScreen #said { height: auto; color: $warning; }
    LinksScreen #heading { margin-top: 1; color: $text-muted; }
    """
    BINDINGS = [
        Binding("escape", "close", "Close"),
        Binding("ctrl+o", "every", "Every link"),
        Binding("down", "to_list", "The list", show=False),
    ]

    def __init__(self, area: str | None, links: Links, add: Callable[[str], str], remove: Callable[[int], str]) -> None:
        super().__init__()
        self.area = area
        self.links = links
        self.add = add
        self.remove_link = remove
        #: Every link listed (Ctrl+O), or only the selected area's.
        self.every = area is None

    def compose(self) -> ComposeResult:
        with Vertical():
            yield Static(
                "Links: A -- B single line, A == B double, A || B barrier\n"
                "Enter: add it (or change its line) · ↓ the list, Delete: remove · Ctrl+O: every link · Esc: close",
                markup=False,
            )
            yield Input(placeholder="A1 -- A2", id="link")
            yield Static("", id="said", markup=False)
            yield Static("", id="heading", markup=False)
            yield LinkList(id="list")

    def first_field(self) -> Input | None:
        return self.query(Input).first() if self.query(Input) else None

    def on_mount(self) -> None:
        self.query_one(Input).focus()
        self.refresh_list()

    def refresh_list(self) -> None:
        items = self.links(self.every)
        where = "every link" if self.every else f"the links of {escape_controls(str(self.area))} (Ctrl+O: every link)"
        self.query_one("#heading", Static).update(f"{where}: {len(items)}")
        self.query_one(LinkList).show(items)

    def on_input_submitted(self, event: Input.Submitted) -> None:
        event.stop()
        if not event.value.strip():
            return
        said = self.add(event.value)
        self.query_one("#said", Static).update(said)
        if said.startswith(("linked", "changed")):
            event.input.value = ""
        self.refresh_list()

    def remove_at(self, index: int) -> None:
        self.query_one("#said", Static).update(self.remove_link(index))
        self.refresh_list()

    def action_to_list(self) -> None:
        self.query_one(LinkList).focus()

    def action_every(self) -> None:
        self.every = not self.every
        self.refresh_list()

    def action_close(self) -> None:
        self.dismiss(None)
