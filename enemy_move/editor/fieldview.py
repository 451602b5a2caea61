"""Every field of a form drawn by one widget, the focused field edited in place (issue 34).

A form of 17 fields was about 35 widgets (a label and an input, or a checkbox, per field): textual composed,
styled and laid out each one when the form opened (about 100 ms on a busy machine, before a key was typed).
Here the form is one line-API widget (textual's guide, "Line API": ``render_line`` draws one line of the
widget at a time, only the lines on screen, and ``refresh_lines`` repaints only the lines a key changed):
the title, the keys, the note, then per field its label and its value (one line, the value edited in place
by :class:`LineEdit`) or its yes/no box. It keeps the keys of the widgets it replaces: Tab / Shift+Tab (and
↓ / ↑) the next / previous field; in a value the cursor keys, Home / End (Ctrl+A / Ctrl+E), Backspace, Delete
(Ctrl+D), Ctrl+U, Ctrl+W, Ctrl+←/→ by word, Shift to select; a field's whole value is selected when the field
gets the focus, so what is typed replaces it; → at the end takes the choice offered as you type; Space flips
a yes/no field. Enter and Esc belong to the form (apply, close).
"""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from rich.cells import cell_len
from rich.segment import Segment
from rich.style import Style
from rich.text import Text
from textual import events
from textual.geometry import Region, Size
from textual.scroll_view import ScrollView
from textual.strip import Strip

from ..errors import escape_controls

#: Kinds of field drawn as a yes/no box.
FLAGS = ("bool", "present")
#: A word for Ctrl+W and Ctrl+←/→: its first character follows a character that is not part of a word.
WORD_START = re.compile(r"(?<=\W)\w")


class LineEdit:
    """One line of text being edited: the text, the cursor and the other end of the selection (``anchor``)."""

    def __init__(self, text: str = "") -> None:
        self.text = text
        self.cursor = len(text)
        self.anchor = self.cursor

    @property
    def selection(self) -> tuple[int, int]:
        return min(self.cursor, self.anchor), max(self.cursor, self.anchor)

    def select_all(self) -> None:
        self.anchor, self.cursor = 0, len(self.text)

    def _move(self, to: int, select: bool) -> None:
        self.cursor = max(0, min(len(self.text), to))
        if not select:
            self.anchor = self.cursor

    def insert(self, text: str) -> None:
        """``text`` typed: it replaces the selection."""
        start, end = self.selection
        self.text = self.text[:start] + text + self.text[end:]
        self.cursor = self.anchor = start + len(text)

    def _delete(self, start: int, end: int) -> None:
        start, end = max(0, min(start, end)), min(len(self.text), max(start, end))
        self.text = self.text[:start] + self.text[end:]
        self.cursor = self.anchor = start

    def _delete_or(self, start: int, end: int) -> None:
        """Delete the selection, or else ``start:end``."""
        if self.anchor != self.cursor:
            self._delete(*self.selection)
        else:
            self._delete(start, end)

    def key(self, key: str) -> bool:
        """Run an editing key; False: not one of them."""
        select = key.startswith("shift+")
        name = key.removeprefix("shift+")
        start, end = self.selection
        if name == "left":
            self._move(self.cursor - 1 if select or start == end else start, select)
        elif name == "right":
            self._move(self.cursor + 1 if select or start == end else end, select)
        elif name in ("home", "ctrl+a"):
            self._move(0, select)
        elif name in ("end", "ctrl+e"):
            self._move(len(self.text), select)
        elif name == "ctrl+left":
            hits = list(WORD_START.finditer(self.text[: self.cursor]))
            self._move(hits[-1].start() if hits else 0, select)
        elif name == "ctrl+right":
            hit = WORD_START.search(self.text, self.cursor + 1)
            self._move(hit.start() if hit else len(self.text), select)
        elif key == "backspace":
            self._delete_or(self.cursor - 1, self.cursor)
        elif key in ("delete", "ctrl+d"):
            self._delete_or(self.cursor, self.cursor + 1)
        elif key == "ctrl+u":
            self._delete_or(0, self.cursor)
        elif key == "ctrl+w":
            hits = list(WORD_START.finditer(self.text[: self.cursor]))
            self._delete_or(hits[-1].start() if hits else 0, self.cursor)
        else:
            return False
        return True


def edited_line(edit: LineEdit, width: int, shift: int, focused: bool, suggestion: str, style: Callable[[str], Style]) -> tuple[Text, int]:
    """A value's line as an input draws it: its selection, the choice offered after it, the cursor (when
    ``focused``), padded to ``width`` from column ``shift``; and the column to show it from now (a value
    longer than the line: the part around the cursor). ``style`` gives the ``fields--`` component styles."""
    text = Text(edit.text, no_wrap=True, overflow="ignore", end="")
    if focused:
        start, end = edit.selection
        if start != end:
            text.stylize(style("fields--selection"), start, end)
        if len(suggestion) > len(edit.text):
            text.append(suggestion[len(edit.text) :], style("fields--suggestion"))
        elif edit.cursor == len(edit.text):
            text.append(" ")
        text.stylize(style("fields--cursor"), edit.cursor, edit.cursor + 1)
        at = cell_len(edit.text[: edit.cursor])
        shift = max(min(shift, at), at - width + 1, 0)
    text.pad_right(max(0, shift + width - text.cell_len))
    return text, shift


def field_css(widget: str) -> str:
    """The CSS of an edited value's cursor and selection in ``widget`` (as textual's Input draws them)."""
    return f"""
    {widget} > .fields--cursor {{
        background: $input-cursor-background; color: $input-cursor-foreground; text-style: $input-cursor-text-style;
    }}
    {widget} > .fields--selection {{ background: $input-selection-background; }}
    """


@dataclass(frozen=True)
class Row:
    """One line of the form: a fixed text, or the value or the yes/no box of field ``field``."""

    kind: str  # "text", "value" or "flag"
    field: int | None = None
    text: Text | None = None


class FieldsView(ScrollView, can_focus=True):
    """The title, the keys, a note and every field of a form, one line API widget (see the module's text).

    ``fields`` are :class:`enemy_move.editor.forms.Field`; ``shown`` the text of each text field as it opens
    and ``checked`` each yes/no field's state, by field index; ``choices`` what is offered as you type.
    """

    COMPONENT_CLASSES = {
        "fields--title",
        "fields--muted",
        "fields--value",
        "fields--value-focus",
        "fields--cursor",
        "fields--selection",
        "fields--suggestion",
        "fields--box",
        "fields--box-on",
        "fields--box-side",
        "fields--flag-focus",
    }
    DEFAULT_CSS = """
    FieldsView { background: $panel; }
    FieldsView > .fields--title { text-style: bold; }
    FieldsView > .fields--muted { color: $text-muted; }
    FieldsView > .fields--value { background: $boost; }
    FieldsView > .fields--value-focus { background: $accent 40%; }
    FieldsView > .fields--suggestion { color: $text-disabled; }
    FieldsView > .fields--box { color: $panel-darken-2; background: $panel; }
    FieldsView > .fields--box-on { color: $text-success; background: $panel; }
    FieldsView > .fields--box-side { color: $panel; background: $surface; }
    FieldsView > .fields--flag-focus {
        color: $block-cursor-foreground; background: $block-cursor-background; text-style: $block-cursor-text-style;
    }
    """ + field_css("FieldsView")

    def __init__(self, **kwargs: Any) -> None:
        super().__init__(**kwargs)
        self.fields: list[Any] = []
        self.edits: dict[int, LineEdit] = {}
        self.checked: dict[int, bool] = {}
        self.choices: dict[int, list[str]] = {}
        self.labels: dict[int, str] = {}
        self.head: list[tuple[str, str]] = []
        self.focus_index: int | None = None
        #: The fields that take the focus, in order (not the headings).
        self.order: list[int] = []
        self.suggestion = ""
        #: The first column of each value shown (a value longer than the line scrolls with its cursor).
        self.shift: dict[int, int] = {}
        self.rows: list[Row] = []
        #: The rows of each field: (its first row, its value's or box's row).
        self.places: dict[int, tuple[int, int]] = {}
        self._width = 0
        self._strips: dict[int, Strip] = {}
        self._styles: dict[str, Style] = {}

    # --- what the form holds --------------------------------------------------------------

    def load(
        self,
        head: list[tuple[str, str]],
        fields: list[Any],
        labels: dict[int, str],
        shown: dict[int, str],
        checked: dict[int, bool],
        choices: dict[int, list[str]],
    ) -> None:
        """Show a form: ``head`` the lines above the fields as (text, "title", "muted", "" or "gap": a blank line),
        ``labels`` the line above each text field (its name and what it takes)."""
        self.head, self.fields, self.labels, self.choices = head, fields, labels, choices
        self.edits = {index: LineEdit(text) for index, text in shown.items()}
        self.checked = dict(checked)
        self.shift = {}
        self.suggestion = ""
        self.order = [i for i, f in enumerate(fields) if f.kind != "heading"]
        texts = [i for i in self.order if i in self.edits]
        self.focus_index = texts[0] if texts else (self.order[0] if self.order else None)
        if self.focus_index in self.edits:
            self.edits[self.focus_index].select_all()
        self._width = 0  # laid out again at the next line drawn
        self._layout(self.scrollable_content_region.width)
        self.scroll_to(0, 0, animate=False, immediate=True)
        self.refresh()

    def set_head(self, head: list[tuple[str, str]]) -> None:
        """New lines above the fields (the note, read again)."""
        self.head = head
        self._width = 0
        self._layout(self.scrollable_content_region.width)
        self.refresh()

    def text_of(self, index: int) -> str:
        return self.edits[index].text

    # --- layout ---------------------------------------------------------------------------

    def _style(self, name: str) -> Style:
        style = self._styles.get(name)
        if style is None and name == "base":  # the widget's own colours (rich_style walks every ancestor's styles)
            style = self._styles[name] = self.rich_style
        if style is None:
            style = self.get_component_rich_style(name)
            if name == "fields--selection":
                # see-through over the focused value's colour, as in an input (not over the form's)
                under = self.background_colors[1] + self.get_component_styles("fields--value-focus").background
                style += Style(bgcolor=(under + self.get_component_styles(name).background).rich_color)
            self._styles[name] = style
        return style

    def notify_style_update(self) -> None:
        super().notify_style_update()
        self._styles.clear()
        self._width = 0  # the rows hold their styles: laid out again

    def _layout(self, width: int) -> None:
        """The rows at ``width`` (text wrapped as a label would wrap it)."""
        if width <= 0 or width == self._width:
            return
        self._width = width
        console = self.app.console
        rows: list[Row] = []
        places: dict[int, tuple[int, int]] = {}

        def wrapped(text: str, style: str) -> None:
            line = Text(text)
            if style:
                line.stylize(self._style(style))  # a span: a Text's own style is not drawn by render()
            lines = line.wrap(console, width)
            rows.extend(Row("text", text=line) for line in lines)

        for text, style in self.head:
            if style == "gap":
                rows.append(Row("text", text=Text("")))
            else:
                wrapped(text, f"fields--{style}" if style else "")
        for index, field in enumerate(self.fields):
            first = len(rows)
            if field.kind == "heading":
                wrapped(escape_controls(field.label), "fields--title")
                continue
            if field.kind in FLAGS:
                rows.append(Row("flag", index))
            else:
                wrapped(self.labels.get(index, field.label), "fields--muted")
                rows.append(Row("value", index))
            places[index] = (first, len(rows) - 1)
        self.rows, self.places = rows, places
        self._strips.clear()
        self.virtual_size = Size(width, len(rows))

    # --- drawing --------------------------------------------------------------------------

    def render_line(self, y: int) -> Strip:
        width = self.scrollable_content_region.width
        self._layout(width)
        row_index = y + self.scroll_offset.y
        base = self._style("base")
        if not 0 <= row_index < len(self.rows):
            return Strip.blank(width, base)
        strip = self._strips.get(row_index)
        if strip is None:
            row = self.rows[row_index]
            shift = 0
            if row.kind == "value":
                text, shift = self._value(row.field, width)
            else:
                text = row.text if row.text is not None else self._flag(row.field)
            segments = Segment.apply_style(text.render(self.app.console), base)
            strip = self._strips[row_index] = Strip(list(segments)).crop_extend(shift, shift + width, base)
        return strip

    def _flag(self, index: int | None) -> Text:
        assert index is not None
        on = self.checked.get(index, False)
        box = self._style("fields--box-on" if on else "fields--box")
        side = self._style("fields--box-side")
        label = f" {self.fields[index].label}: {'yes' if on else 'no'} "
        text = Text.assemble(
            ("▐", side),
            ("X", box),
            ("▌", side),
            (label, self._style("fields--flag-focus") if index == self.focus_index and self.has_focus else ""),
        )
        text.no_wrap = True
        text.overflow = "ellipsis"
        return text

    def _value(self, index: int | None, width: int) -> tuple[Text, int]:
        assert index is not None
        focused = index == self.focus_index and self.has_focus
        suggestion = self.suggestion if focused else ""
        text, self.shift[index] = edited_line(self.edits[index], width, self.shift.get(index, 0), focused, suggestion, self._style)
        text.stylize_before(self._style("fields--value-focus" if focused else "fields--value"))
        return text, self.shift[index]

    def _redraw(self, index: int | None) -> None:
        if index is None or index not in self.places:
            return
        row = self.places[index][1]
        self._strips.pop(row, None)
        self.refresh_line(row)

    # --- keys and the mouse ----------------------------------------------------------------

    def focus_field(self, index: int, select: bool = True) -> None:
        before, self.focus_index = self.focus_index, index
        self.suggestion = ""
        if select and index in self.edits:
            self.edits[index].select_all()
        self._redraw(before)
        self._redraw(index)
        if index in self.places:  # laid out (keys typed before the form was drawn are not)
            first, last = self.places[index]
            self.scroll_to_region(Region(0, first, 1, last - first + 1), animate=False, immediate=True)

    def step(self, by: int) -> None:
        """The next (1) or previous (-1) field, round the form."""
        order = self.order
        if not order:
            return
        at = order.index(self.focus_index) if self.focus_index in order else -by
        self.focus_field(order[(at + by) % len(order)])

    def press(self, key: str, character: str | None) -> bool:
        """One key in the form (typed, or typed before the form was there); False: not a key of the fields."""
        if key in ("tab", "down"):
            self.step(1)
            return True
        if key in ("shift+tab", "up"):
            self.step(-1)
            return True
        index = self.focus_index
        if index is None:
            return False
        if index not in self.edits:
            if key == "space":
                self.checked[index] = not self.checked.get(index, False)
                self._redraw(index)
                return True
            return False
        edit = self.edits[index]
        before = edit.text
        if key == "right" and edit.cursor == len(edit.text) and len(self.suggestion) > len(edit.text):
            edit.text = self.suggestion
            edit.cursor = edit.anchor = len(edit.text)
        elif not edit.key(key):
            if character is None or len(character) != 1 or not character.isprintable():
                return False
            edit.insert(character)
        self._typed(index, before)
        return True

    def paste(self, text: str) -> None:
        index = self.focus_index
        if index in self.edits and text:
            edit = self.edits[index]
            before = edit.text
            edit.insert(escape_controls(text.splitlines()[0] if text.splitlines() else ""))
            self._typed(index, before)

    def _typed(self, index: int, before: str) -> None:
        text = self.edits[index].text
        if text != before:
            # as textual's Input: the first choice that starts with what is typed (any case), offered after it
            self.suggestion = ""
            if text:
                folded = text.casefold()
                self.suggestion = next((c for c in self.choices.get(index, ()) if c.casefold().startswith(folded)), "")
        self._redraw(index)

    def on_key(self, event: events.Key) -> None:
        if self.press(event.key, event.character):
            event.stop()
            event.prevent_default()

    def on_paste(self, event: events.Paste) -> None:
        event.stop()
        self.paste(event.text)

    def _row_at(self, event: events.MouseEvent) -> int | None:
        offset = event.get_content_offset(self)
        return None if offset is None else offset.y + self.scroll_offset.y

    def _field_at(self, row: int | None) -> int | None:
        if row is None:
            return None
        return next((index for index, (first, last) in self.places.items() if first <= row <= last), None)

    def on_click(self, event: events.Click) -> None:
        row = self._row_at(event)
        index = self._field_at(row)
        if index is None:
            return
        if index in self.edits:
            self.focus_field(index, select=False)
            offset = event.get_content_offset(self)
            edit = self.edits[index]
            edit.cursor = edit.anchor = max(0, min(len(edit.text), (offset.x if offset else 0) + self.shift.get(index, 0)))
            self._redraw(index)
        else:
            self.focus_field(index)
            if row == self.places[index][1]:
                self.press("space", " ")

    def on_mouse_move(self, event: events.MouseMove) -> None:
        index = self._field_at(self._row_at(event))
        description = self.fields[index].description if index is not None else ""
        if (description or None) != self.tooltip:
            self.tooltip = description or None

    def on_focus(self) -> None:
        self._redraw(self.focus_index)

    def on_blur(self) -> None:
        self._redraw(self.focus_index)
