"""The links of an area board (Ctrl+L): add one, change its line, remove one; every link only on demand.

Typing ``A -- B`` (or ``==``, ``||``) and Enter joins two areas, or changes the line of two joined already;
↓ goes to the list, where Delete removes the selected link. The list shows the links of the selected area;
Ctrl+O shows every link, drawn line by line as it scrolls (a text area of 6,875 links took about a second to
open). Each change is one undo step, made as it is typed; Esc closes.

The dialog is drawn over the editor's screen (:class:`LinksPanel`), not pushed as a screen of its own, and the
board keeps textual's focus: the editor hands each key to the dialog, which moves its own focus (a class) between
its field and its list. Pushing a screen drew the whole terminal when it opened and when it closed, the area list
beside it was a copy drawn again after each change, and moving textual's focus off the board and back repainted
every line of the board: together about half of the 65 ms one link cost on 6,875 links.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from rich.segment import Segment
from rich.style import Style
from rich.text import Text
from textual.app import ComposeResult
from textual.containers import Container, Vertical
from textual.geometry import Region
from textual.message import Message
from textual.scroll_view import ScrollView
from textual.strip import Strip
from textual.widget import Widget
from textual.widgets import Static

from ..errors import escape_controls
from .fieldview import LineEdit, edited_line

#: What the dialog asks of the editor: the links shown (index in the file, text), add one, remove one.
Links = Callable[[bool], list[tuple[int, str]]]


def _panel(widget: Widget) -> LinksPanel | None:
    return next((node for node in widget.ancestors if isinstance(node, LinksPanel)), None)


class LinkList(ScrollView):
    """Links, one a line, the selected one highlighted while the list has the dialog's focus (class ``-focus``);
    only the lines on screen are drawn."""

    DEFAULT_CSS = """
    LinkList { height: 1fr; background: $boost; }
    LinkList.-focus { background: $accent 20%; }
    """
    #: The list's keys: the action and its argument.
    KEYS = {"up": ("move", -1), "down": ("move", 1), "pageup": ("move", -10), "pagedown": ("move", 10)}

    def __init__(self, **kwargs: Any) -> None:
        super().__init__(**kwargs)
        self.items: list[tuple[int, str]] = []
        self.selected = 0
        self._style: Style | None = None

    def notify_style_update(self) -> None:
        super().notify_style_update()
        self._style = None

    def show(self, items: list[tuple[int, str]]) -> None:
        self.items = items
        self.selected = max(0, min(self.selected, len(items) - 1))
        self.virtual_size = self.virtual_size.__class__(max((len(text) for _, text in items), default=0) + 2, len(items))
        self.refresh()

    def render_line(self, y: int) -> Strip:
        index = y + self.scroll_offset.y
        if self._style is None:
            self._style = self.rich_style  # read once: it walks every ancestor's styles
        width, style = self.size.width, self._style
        if 0 <= index < len(self.items):
            text = Text(f" {escape_controls(self.items[index][1])}")
            if index == self.selected and self.has_class("-focus"):
                text.stylize("reverse")
        else:
            text = Text("(no links)" if index == 0 and not self.items else "")
            text.stylize("dim")  # a Text's own style is not rendered line by line: its span is
        segments = Segment.apply_style(text.render(self.app.console), style)
        return Strip(list(segments), text.cell_len).crop_extend(0, width, style)

    def press(self, key: str) -> bool:
        """One key of the list (↑ ↓ PageUp PageDown, Delete or Backspace removes); False: not one of its keys."""
        if key in self.KEYS:
            self.action_move(self.KEYS[key][1])
        elif key in ("delete", "backspace"):
            self.action_remove()
        else:
            return False
        return True

    def action_move(self, step: int) -> None:
        if step < 0 and self.selected == 0:
            panel = _panel(self)
            if panel is not None:
                panel.focus_part(panel.field)  # ↑ on the first link: back to the field
            return
        self.selected = max(0, min(len(self.items) - 1, self.selected + step))
        self.scroll_to_region(Region(0, self.selected, 1, 1), animate=False)
        self.refresh()

    def action_remove(self) -> None:
        panel = _panel(self)
        if self.items and panel is not None:
            panel.remove_at(self.items[self.selected][0])

    def on_click(self) -> None:
        panel = _panel(self)
        if panel is not None:
            panel.focus_part(self)


class LineField(Widget):
    """One line typed in place, with an input's keys (:class:`LineEdit`), drawn as one line; Enter submits it. It
    has the dialog's focus (the cursor drawn) with the class ``-focus``.

    textual's ``Input`` laid the dialog out again and posted its messages on each key (about 3 ms a key)."""

    COMPONENT_CLASSES = {"fields--cursor", "fields--selection", "fields--suggestion", "fields--placeholder"}
    DEFAULT_CSS = """
    LineField { height: 1; background: $boost; }
    LineField.-focus { background: $accent 40%; }
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
        shift, focused = 0, self.has_class("-focus")
        if not self.edit.text and self.placeholder:
            text = Text(self.placeholder, style=self._style("fields--placeholder"))
            if focused:
                text.stylize(self._style("fields--cursor"), 0, 1)
        else:
            text, shift = edited_line(self.edit, width, self._shift, focused, "", self._style)
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

    def paste(self, text: str) -> None:
        lines = text.splitlines()
        if lines:
            self.edit.insert(escape_controls(lines[0]))
            self.refresh()

    def on_click(self) -> None:
        panel = _panel(self)
        if panel is not None:
            panel.focus_part(self)


class DialogLayer(Container):
    """Where the editor draws a dialog over itself: docked at the right on a layer above the editor, as wide as
    the dialog shown (none when none is). Hiding the dialog lays out this layer, not the whole screen (hiding a
    child of the screen itself drew the whole terminal again)."""

    DEFAULT_CSS = """
    DialogLayer { layer: dialog; dock: right; width: auto; height: 100%; }
    """


class LinksPanel(Vertical):
    """The links dialog, docked at the right over the editor (its own layer), shown and hidden; the editor makes
    each change (one undo step) and says it, and hands it every key while it is shown (:meth:`press`)."""

    DEFAULT_CSS = """
    LinksPanel { width: 44; height: 100%; border: tall $accent; background: $panel; padding: 0 1; display: none; }
    LinksPanel LineField { margin: 1 0 0 0; }
    LinksPanel #said { height: auto; color: $warning; }
    LinksPanel #heading { margin-top: 1; color: $text-muted; }
    """

    def __init__(self, **kwargs: Any) -> None:
        super().__init__(**kwargs)
        self.field = LineField(placeholder="A1 -- A2", id="link")
        self.listed = LinkList(id="list")
        self.area: str | None = None
        self.links: Links = lambda every: []
        self.add: Callable[[str], str] = str
        self.remove_link: Callable[[int], str] = str
        self.closed: Callable[[], None] = lambda: None
        #: Every link listed (Ctrl+O), or only the selected area's.
        self.every = False

    @property
    def shown(self) -> bool:
        # shown and hidden by its own style, not a class: a class is matched again against every rule of each
        # widget in the dialog (about 3 ms)
        return bool(self.display)

    @property
    def focused_part(self) -> Widget:
        """The field or the list: the one with the dialog's focus."""
        return self.listed if self.listed.has_class("-focus") else self.field

    def show(
        self, area: str | None, links: Links, add: Callable[[str], str], remove: Callable[[int], str], closed: Callable[[], None]
    ) -> None:
        """Open on ``area``'s links (None: every link), empty; ``closed`` runs when Esc closes it."""
        self.area, self.links, self.add, self.remove_link, self.closed = area, links, add, remove, closed
        self.every = area is None
        self.field.value = ""
        self.query_one("#said", Static).update("")
        self.listed.selected = 0
        self.refresh_list()
        self.focus_part(self.field)
        self.display = True

    def compose(self) -> ComposeResult:
        yield Static(
            "Links: A -- B single line, A == B double, A || B barrier\n"
            "Enter: add it (or change its line) · ↓ the list, Delete: remove · Ctrl+O: every link · Esc: close",
            markup=False,
        )
        yield self.field
        yield Static("", id="said", markup=False)
        yield Static("", id="heading", markup=False)
        yield self.listed

    def focus_part(self, part: Widget) -> None:
        """The dialog's focus on its field or its list (as a dialog's screen moved textual's focus: the field's
        text all selected, what is typed next replaces it)."""
        other = self.listed if part is self.field else self.field
        other.remove_class("-focus")
        if not part.has_class("-focus"):
            part.add_class("-focus")
            if part is self.field:
                self.field.edit.select_all()
            part.refresh()

    def press(self, key: str, character: str | None) -> None:
        """A key while the dialog is shown: Esc closes, Ctrl+O lists every link, Tab moves between the field and
        the list, ↓ goes to the list; the others are the field's or the list's (a key neither takes is dropped:
        the editor's own keys do not work while the dialog is shown, as under a dialog's screen)."""
        if key == "escape":
            self.action_close()
        elif key == "ctrl+o":
            self.action_every()
        elif key in ("tab", "shift+tab"):
            self.focus_part(self.field if self.focused_part is self.listed else self.listed)
        elif self.focused_part is self.listed:
            self.listed.press(key)
        elif key == "down":
            self.focus_part(self.listed)
        else:
            self.field.press(key, character)

    def refresh_list(self) -> None:
        items = self.links(self.every)
        where = "every link" if self.every else f"the links of {escape_controls(str(self.area))} (Ctrl+O: every link)"
        self.query_one("#heading", Static).update(f"{where}: {len(items)}")
        self.listed.show(items)

    def on_line_field_submitted(self, event: LineField.Submitted) -> None:
        event.stop()
        if not event.value.strip():
            return
        said = self.add(event.value)
        self.query_one("#said", Static).update(said)
        if said.startswith(("linked", "changed")):
            event.field.value = ""
        self.refresh_list()

    def remove_at(self, index: int) -> None:
        self.query_one("#said", Static).update(self.remove_link(index))
        self.refresh_list()

    def action_every(self) -> None:
        self.every = not self.every
        self.refresh_list()

    def action_close(self) -> None:
        self.display = False
        self.closed()
