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
from rich.style import Style
from rich.text import Text
from textual import events
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical
from textual.geometry import Region
from textual.message import Message
from textual.screen import ModalScreen
from textual.scroll_view import ScrollView
from textual.strip import Strip
from textual.widget import Widget
from textual.widgets import Static

from ..errors import escape_controls
from .beside import Beside
from .fieldview import LineEdit, edited_line
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


class LineField(Widget, can_focus=True):
    """One line typed in place, with an input's keys (:class:`LineEdit`), drawn as one line; Enter submits it.

    textual's ``Input`` laid the dialog out again and posted its messages on each key (about 3 ms a key)."""

    COMPONENT_CLASSES = {"fields--cursor", "fields--selection", "fields--suggestion", "fields--placeholder"}
    DEFAULT_CSS = """
    LineField { height: 1; background: $boost; }
    LineField:focus { background: $accent 40%; }
    LineField > .fields--cursor {
        background: $input-cursor-background; color: $input-cursor-foreground; text-style: $input-cursor-text-style;
    }
    LineField > .fields--selection { background: $input-selection-background; }
    LineField > .fields--placeholder { color: $text-disabled; }
    """

    class Submitted(Message):
        """Enter in the field: ``value`` is its text."""

        def __init__(self, field: LineField, value: str) -> None:
            super().__init__()
            self.field = field
            self.value = value

    def __init__(self, placeholder: str = "", **kwargs: Any) -> None:
        super().__init__(**kwargs)
        self.placeholder = placeholder
        self.edit = LineEdit()
        self._shift = 0
        self._styles: dict[str, Style] = {}

    @property
    def value(self) -> str:
        return self.edit.text

    @value.setter
    def value(self, text: str) -> None:
        self.edit = LineEdit(text)
        self.refresh()

    def _style(self, name: str) -> Style:
        style = self._styles.get(name)
        if style is None:
            style = self.get_component_rich_style(name)
            if name == "fields--selection":  # see-through over the field's own colour
                under = self.background_colors[1] + self.get_component_styles(name).background
                style += Style(bgcolor=under.rich_color)
            self._styles[name] = style
        return style

    def notify_style_update(self) -> None:
        super().notify_style_update()
        self._styles.clear()

    def render_line(self, y: int) -> Strip:
        width, base = self.size.width, self.rich_style
        if y != 0 or width <= 0:
            return Strip.blank(width, base)
        shift = 0
        if not self.edit.text and self.placeholder:
            text = Text(self.placeholder, style=self._style("fields--placeholder"))
            if self.has_focus:
                text.stylize(self._style("fields--cursor"), 0, 1)
        else:
            text, shift = edited_line(self.edit, width, self._shift, self.has_focus, "", self._style)
            self._shift = shift
        segments = Segment.apply_style(text.render(self.app.console), base)
        return Strip(list(segments)).crop_extend(shift, shift + width, base)

    def press(self, key: str, character: str | None) -> bool:
        """One key in the field; False: not one of its keys."""
        if key == "enter":
            self.post_message(self.Submitted(self, self.edit.text))
        elif not self.edit.key(key):
            if character is None or len(character) != 1 or not character.isprintable():
                return False
            self.edit.insert(character)
        self.refresh()
        return True

    def on_key(self, event: events.Key) -> None:
        if self.press(event.key, event.character):
            event.stop()
            event.prevent_default()

    def on_paste(self, event: events.Paste) -> None:
        event.stop()
        lines = event.text.splitlines()
        if lines:
            self.edit.insert(escape_controls(lines[0]))
            self.refresh()

    def on_focus(self) -> None:
        self.edit.select_all()  # as an input: what is typed next replaces the text
        self.refresh()

    def on_blur(self) -> None:
        self.refresh()


class LinksScreen(TypeAhead, ModalScreen[None]):
    """The links dialog, docked at the right; the editor makes each change (one undo step) and says it.

    The editor keeps one (composing it was 20-30 ms a time) and shows each opening in it (:meth:`show`)."""

    DEFAULT_CSS = """
    LinksScreen { background: $background; layout: horizontal; }
    LinksScreen #beside { width: 1fr; height: 100%; color: $text-muted; }
    LinksScreen > Vertical { width: 44; height: 100%; border: tall $accent; background: $panel; padding: 0 1; }
    LinksScreen LineField { margin: 1 0 0 0; }
    LinksScreen #said { height: auto; color: $warning; }
    LinksScreen #heading { margin-top: 1; color: $text-muted; }
    """
    BINDINGS = [
        Binding("escape", "close", "Close"),
        Binding("ctrl+o", "every", "Every link"),
        Binding("down", "to_list", "The list", show=False),
    ]

    def __init__(
        self,
        area: str | None,
        links: Links,
        add: Callable[[str], str],
        remove: Callable[[int], str],
        board: Callable[[], Any] = str,
    ) -> None:
        super().__init__()
        self.field: LineField | None = None
        self._beside = Beside(id="beside")
        self.show(area, links, add, remove, board)

    def show(
        self,
        area: str | None,
        links: Links,
        add: Callable[[str], str],
        remove: Callable[[int], str],
        board: Callable[[], Any] = str,
    ) -> None:
        """Open on ``area``'s links (None: every link), empty; ``board`` draws the area list beside the dialog
        (again after each change: an opaque dialog is drawn without the live editor under it, which cost
        textual's processing of every line of the editor behind a see-through one, 20-40 ms a repaint)."""
        self.area = area
        self.links = links
        self.add = add
        self.remove_link = remove
        self.board = board
        #: Every link listed (Ctrl+O), or only the selected area's.
        self.every = area is None
        self.pending = []
        self._beside.show(board())
        if self.field is not None:
            self.field.value = ""
            self.query_one("#said", Static).update("")
            self.query_one(LinkList).selected = 0
            self.field.focus()
            self.refresh_list()

    def compose(self) -> ComposeResult:
        self.field = LineField(placeholder="A1 -- A2", id="link")
        yield self._beside
        with Vertical():
            yield Static(
                "Links: A -- B single line, A == B double, A || B barrier\n"
                "Enter: add it (or change its line) · ↓ the list, Delete: remove · Ctrl+O: every link · Esc: close",
                markup=False,
            )
            yield self.field
            yield Static("", id="said", markup=False)
            yield Static("", id="heading", markup=False)
            yield LinkList(id="list")

    def first_field(self) -> None:
        return None

    def type_ahead(self, key: str, character: str | None) -> bool:
        """A key typed before the dialog had the focus: as if its field had it (Esc closes, ↓ the list)."""
        if self.field is None or self.pending:  # not composed yet: typed once it is (on_mount)
            self.pending.append((key, character))
            return True
        self.field.focus()
        actions = {"escape": self.action_close, "ctrl+o": self.action_every, "down": self.action_to_list}
        if key in actions:
            self.call_later(actions[key])
            return True
        return self.field.press(key, character)

    def on_mount(self) -> None:
        if self.field is not None:
            self.field.focus()
        self.refresh_list()
        self._replay()

    def refresh_list(self) -> None:
        items = self.links(self.every)
        where = "every link" if self.every else f"the links of {escape_controls(str(self.area))} (Ctrl+O: every link)"
        self.query_one("#heading", Static).update(f"{where}: {len(items)}")
        self.query_one(LinkList).show(items)

    def on_line_field_submitted(self, event: LineField.Submitted) -> None:
        event.stop()
        if not event.value.strip():
            return
        said = self.add(event.value)
        self.query_one("#said", Static).update(said)
        if said.startswith(("linked", "changed")):
            event.field.value = ""
            self._beside.show(self.board())
        self.refresh_list()

    def remove_at(self, index: int) -> None:
        self.query_one("#said", Static).update(self.remove_link(index))
        self._beside.show(self.board())
        self.refresh_list()

    def action_to_list(self) -> None:
        self.query_one(LinkList).focus()

    def action_every(self) -> None:
        self.every = not self.every
        self.refresh_list()

    def action_close(self) -> None:
        self.dismiss(None)
