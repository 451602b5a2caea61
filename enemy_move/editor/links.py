"""The links of an area board (Ctrl+L): add one, change its line, remove one; every link only on demand.

Typing ``A -- B`` (or ``==``, ``||``) and Enter joins two areas, or changes the line of two joined already;
↓ goes to the list, where Delete removes the selected link. The list shows the links of the selected area;
Ctrl+O shows every link, drawn line by line as it scrolls (a text area of 6,875 links took about a second to
open). Each change is one undo step, made as it is typed; Esc closes.

The dialog is drawn over the editor's screen (:class:`LinksPanel`), not pushed as a screen of its own, and the
board keeps textual's focus: the editor hands each key to the dialog, which moves its own focus between its
field and its list. Pushing a screen drew the whole terminal when it opened and when it closed, the area list
beside it was a copy drawn again after each change, and moving textual's focus off the board and back repainted
every line of the board: together about half of the 65 ms one link cost on 6,875 links.

The dialog is one line-API widget (as the forms' fields, editor/fieldview.py): its keys, its field, what it
said, the heading and the list with its scroll bar are lines it draws itself. Five widgets (three labels, the
field, the list) cost textual a layout of the screen whenever a label changed, each label's text formatted
again, and a dispatch per widget on each key.
"""

from __future__ import annotations

from collections.abc import Callable
from functools import lru_cache
from typing import Any

from rich.cells import cell_len
from rich.segment import Segment
from rich.style import Style
from rich.text import Text
from textual import events
from textual.color import Color
from textual.geometry import Region, Size
from textual.strip import Strip
from textual.widget import Widget

from ..errors import escape_controls
from .areas import link_parts
from .fieldview import LineEdit, edited_line, field_css
from .listbars import Bars, Window, window

#: What the dialog asks of the editor: the links shown (index in the file, text), add one, remove one.
Links = Callable[[bool], list[tuple[int, str]]]

#: The dialog's keys, above its field.
KEYS_TEXT = (
    "Links: A -- B single line, A == B double, A || B barrier\n"
    "Enter: add it (or change its line) · ↓ the list, Delete: remove · Ctrl+O: every link · Esc: close"
)
#: The list's keys: the lines the selection moves.
LIST_KEYS = {"up": -1, "down": 1, "pageup": -10, "pagedown": 10}
#: The list's keys that scroll it sideways, and by how many columns (a long area name is cut at the list's width).
SIDE_KEYS = {"left": -4, "right": 4, "home": -(10**6), "end": 10**6}
#: The field's placeholder.
PLACEHOLDER = "A1 -- A2"


@lru_cache(maxsize=1 << 17)
def _row_width(text: str) -> int:
    """A link's cells in the list, with the space before it and a column after (kept: the list is read again after
    each change; measuring 6,875 links costs about 3 ms of the screen's thread each time)."""
    return cell_len(escape_controls(text)) + 2


class LinksPanel(Widget):
    """The links dialog, docked at the right over the editor on a layer of its own, shown and hidden; the editor
    makes each change (one undo step) and says it, and hands it every key while it is shown (:meth:`press`). The
    editor composes it first: see :meth:`enemy_move.editor.app.EditorScreen.compose`.

    Drawn line by line: the keys, a blank line, the field (``value``, edited in place), what the last change said
    (``said``), a blank line, the heading, then the list (``items``, ``selected``) to the bottom. The dialog's focus
    is on the field or on the list (``on_list``): its colours and the field's cursor or the selected link show it.
    """

    COMPONENT_CLASSES = {
        "links--said",
        "links--muted",
        "links--field",
        "links--field-focus",
        "links--list",
        "links--list-focus",
        "fields--cursor",
        "fields--selection",
        "fields--placeholder",
    }
    DEFAULT_CSS = """
    LinksPanel {
        layer: dialog; dock: right; width: 44; height: 100%;
        border: tall $accent; background: $panel; padding: 0 1; display: none;
    }
    LinksPanel > .links--said { color: $warning; }
    LinksPanel > .links--muted { color: $text-muted; }
    LinksPanel > .links--field { background: $boost; }
    LinksPanel > .links--field-focus { background: $accent 40%; }
    LinksPanel > .links--list { background: $boost; }
    LinksPanel > .links--list-focus { background: $accent 20%; }
    LinksPanel > .fields--placeholder { color: $text-disabled; }
    """ + field_css("LinksPanel")

    def __init__(self, **kwargs: Any) -> None:
        super().__init__(**kwargs)
        self.area: str | None = None
        self.links: Links = lambda every: []
        self.add: Callable[[str], str] = str
        self.remove_link: Callable[[int], str] = str
        self.closed: Callable[[], None] = lambda: None
        self.follow: Callable[[str], None] = lambda area: None
        #: Every link listed (Ctrl+O), or only the selected area's.
        self.every = False
        self.edit = LineEdit()
        self.on_list = False
        self.items: list[tuple[int, str]] = []
        self.selected = 0
        self.said = ""
        self.heading = ""
        #: The first link of the list on screen, and the first column of the links shown (scrolled sideways).
        self.top = 0
        self.left = 0
        #: The widest link's cells (with the space before it): the list's virtual width.
        self.wide = 0
        self.bars = Bars()
        self._window: tuple[tuple[int, int, int, int], Window] | None = None
        self._shift = 0
        self._head: tuple[int, list[Text | None]] | None = None
        self._keys_text: tuple[int, list[Text]] | None = None
        #: What each row shows (:meth:`_row_keys`) and each row drawn, with the key it was drawn for.
        self._keys: list[Any] | None = None
        self._drawn: dict[int, tuple[Any, Strip]] = {}
        self._bar_drawn: dict[bool, tuple[Any, list[Segment]]] = {}
        self._styles: dict[str, Style] = {}
        self._drawn_size = Size(0, 0)

    # --- what it shows -----------------------------------------------------------------------

    @property
    def shown(self) -> bool:
        # shown and hidden by its own style, not a class: a class is matched again against every rule of each
        # widget in the dialog
        return bool(self.display)

    @property
    def value(self) -> str:
        """The field's text."""
        return self.edit.text

    def show(
        self,
        area: str | None,
        links: Links,
        add: Callable[[str], str],
        remove: Callable[[int], str],
        closed: Callable[[], None],
        follow: Callable[[str], None] = lambda area: None,
    ) -> None:
        """Open on ``area``'s links (None: every link), empty; ``closed`` runs when Esc closes it; ``follow`` shows
        an area in the area list beside the dialog: the first the link entered names, the other end of the link
        selected in the list."""
        self.area, self.links, self.add, self.remove_link, self.closed = area, links, add, remove, closed
        self.follow = follow
        self.every = area is None
        self.edit = LineEdit()
        self.said = ""
        self.selected = 0
        self.left = 0
        self.on_list = False
        self.refresh_list()
        self.display = True

    def refresh_list(self) -> None:
        """The list (and its heading) read again."""
        items = self.links(self.every)
        where = "every link" if self.every else f"the links of {escape_controls(str(self.area))} (Ctrl+O: every link)"
        self.items = items
        self.wide = max(map(_row_width, [text for _, text in items]), default=0)
        self.heading = f"{where}: {len(items)}"
        self.selected = max(0, min(self.selected, len(items) - 1))
        self._redraw()

    def _place(self) -> Window:
        """Where the list is drawn now: its rows, its width and its bars."""
        width, height = self.size
        first = len(self._head_rows(width))
        key = (len(self.items), self.wide, first, width * 10_000 + height)
        if self._window is None or self._window[0] != key:
            self._window = (key, window(len(self.items), self.wide, first, width, height))
        return self._window[1]

    def _list_height(self) -> int:
        return self._place().rows

    def _clamp(self) -> None:
        """The list scrolled no further than its last link at the bottom, nor its widest link at the right (as a
        scrolling view keeps it)."""
        place = self._place()
        self.top = max(0, min(self.top, len(self.items) - place.rows))
        self.left = max(0, min(self.left, self.wide - place.inner))

    def on_resize(self) -> None:
        # sent each time the dialog is shown too: drawn again only when its size changed since it was drawn
        if self.size != self._drawn_size:
            self.refresh()

    def _redraw(self) -> None:
        """What the dialog shows changed: while it is on screen at the size it was drawn, only the rows that show
        something else are repainted (a key typed: the field's row; a link added: what it said, the field, the
        heading, a row or two of the list; textual repainting the dialog's 40 rows cost about 3 ms)."""
        before = self._keys
        self._head = None
        self._keys = None
        size = self.size
        if before is None or not (self.display and size == self._drawn_size and size.height):
            self.refresh()  # not on screen, or not drawn at this size: drawn whole when it is
            return
        for y, key in enumerate(self._row_keys()):
            if y >= len(before) or before[y] != key:
                self.refresh(Region(0, y, size.width, 1))

    # --- drawing -----------------------------------------------------------------------------

    def _text_color(self) -> Color:
        """The text colour the panel inherits (the last ``color`` rule from the screen down, as textual finds it)."""
        color = Color(255, 255, 255, 0)
        for node in reversed(self.ancestors_with_self):
            if node.styles.has_rule("color"):
                color = node.styles.color
        return color

    def _over(self, name: str, under: Color) -> tuple[Style, Color]:
        """Component ``name`` drawn over ``under`` as textual draws a child widget with its style over its parent:
        its background blended over ``under``, its colour (or the inherited one) over that; and that background."""
        styles = self.get_component_styles(name)
        background = under + styles.background if styles.has_rule("background") else under
        color = styles.color if styles.has_rule("color") else self._text_color()
        style = styles.text_style + Style(color=(background + color).rich_color, bgcolor=background.rich_color)
        return style, background

    def _style(self, name: str) -> Style:
        """The colours of a part: ``panel``, ``links--said``, ``links--muted``, ``field`` and ``list`` (as focused
        or not now), and the field's ``fields--`` parts (as the field's own widget drew them over its colour)."""
        key = f"{name}-{self.on_list}" if name in ("field", "list", "fields--placeholder") else name
        style = self._styles.get(key)
        if style is None:
            panel = self.background_colors[1]
            if name == "panel":
                style = self.rich_style
            elif name in ("field", "list"):
                focus = "-focus" if self.on_list == (name == "list") else ""
                style = self._over(f"links--{name}{focus}", panel)[0]
            elif name.startswith("fields--"):
                # drawn over the field: the focused field's colour (the placeholder is shown unfocused too)
                focus = "" if name == "fields--placeholder" and self.on_list else "-focus"
                style = self._over(name, self._over(f"links--field{focus}", panel)[1])[0]
            else:
                style = self._over(name, panel)[0]
            self._styles[key] = style
        return style

    def notify_style_update(self) -> None:
        super().notify_style_update()
        self._styles.clear()
        self._keys_text = None
        self._head = None
        self._keys = None
        self._drawn.clear()
        self._bar_drawn.clear()

    def _wrapped(self, text: str, style: str, width: int) -> list[Text]:
        """``text`` in rows of ``width`` as a label wraps it (the space a row was broken at is not drawn)."""
        line = Text(text, end="")
        if style:
            line.stylize(self._style(style))  # a span: a Text's own style is not drawn by render()
        if line.cell_len <= width and "\n" not in text:
            return [line]
        rows = list(line.wrap(self.app.console, max(1, width))) or [Text("")]
        for row in rows:
            row.rstrip()
        return rows

    def _head_rows(self, width: int) -> list[Text | None]:
        """The rows above the list at ``width``: the keys, a blank row, the field (None), what the last change
        said, a blank row, the heading."""
        if self._head is None or self._head[0] != width:
            if self._keys_text is None or self._keys_text[0] != width:
                self._keys_text = (width, self._wrapped(KEYS_TEXT, "", width))  # the same at each opening
            rows: list[Text | None] = [*self._keys_text[1], Text(""), None]
            rows += self._wrapped(self.said, "links--said", width)
            rows.append(Text(""))
            rows += self._wrapped(self.heading, "links--muted", width)
            self._head = (width, rows)
        return self._head[1]

    @property
    def field_row(self) -> int:
        return self._head_rows(self.size.width).index(None)

    def _row_keys(self) -> list[Any]:
        """What each row shows: a row is drawn again only when its key changes."""
        if self._keys is None:
            width, height = self.size
            head = self._head_rows(width)
            self._clamp()  # the list may be shorter than when it was scrolled (on another area, or reopened)
            edit = self.edit
            keys: list[Any] = [("field", edit.text, edit.cursor, edit.anchor, self.on_list) if row is None else row for row in head]
            place = self._place()
            bar = (len(self.items), self.top, place.rows, self.bars.state(True)) if place.vertical else None
            for row in range(place.rows):
                index = self.top + row
                text = self.items[index][1] if 0 <= index < len(self.items) else None
                mark = index == self.selected and self.on_list
                keys.append(("list", text, mark, self.on_list, not self.items and index == 0, self.left, place.inner, bar and (bar, row)))
            if place.horizontal:
                keys.append(("h-bar", self.wide, self.left, place.inner, place.vertical, self.bars.state(False)))
            self._keys = keys
        return self._keys

    def render_line(self, y: int) -> Strip:
        if self.size != self._drawn_size:  # a new size: every row drawn again
            self._drawn_size = self.size
            self._head = None
            self._keys = None
            self._drawn.clear()
        keys = self._row_keys()
        width = self.size.width
        if not 0 <= y < len(keys):
            return Strip.blank(width, self._style("panel"))
        drawn = self._drawn.get(y)
        if drawn is not None and drawn[0] == keys[y]:
            return drawn[1]
        head = self._head_rows(width)
        if y < len(head):
            row = head[y]
            if row is None:
                strip = self._field_strip(width)
            else:
                # padded in the background alone, as a label pads its text
                base = self._style("panel")
                pad = Style(bgcolor=base.bgcolor)
                strip = Strip(list(Segment.apply_style(row.render(self.app.console), base))).crop_extend(0, width, pad)
        elif keys[y][0] == "h-bar":
            strip = self._h_bar_strip(self._place())
        else:
            strip = self._list_strip(y - len(head), self._place())
        self._drawn[y] = (keys[y], strip)
        return strip

    def _field_strip(self, width: int) -> Strip:
        base = self._style("field")
        focused = not self.on_list
        shift = 0
        if not self.edit.text:
            text = Text(PLACEHOLDER, style=self._style("fields--placeholder"))
            if focused:
                text.stylize(self._style("fields--cursor"), 0, 1)
        else:
            text, shift = edited_line(self.edit, width, self._shift, focused, "", self._style)
            self._shift = shift
        segments = Segment.apply_style(text.render(self.app.console), base)
        return Strip(list(segments)).crop_extend(shift, shift + width, base)

    def _list_strip(self, row: int, place: Window) -> Strip:
        """Row ``row`` of the list: a link (the selected one reversed while the list has the focus) from column
        ``left`` on, with the scroll bar at its right when the links do not all fit."""
        base = self._style("list")
        index = self.top + row
        inner = place.inner
        if 0 <= index < len(self.items):
            text = Text(f" {escape_controls(self.items[index][1])}", end="")
            if index == self.selected and self.on_list:
                text.stylize("reverse")
        else:
            text = Text("(no links)" if index == 0 and not self.items else "", end="")
            text.stylize("dim")
        segments = list(Segment.apply_style(text.render(self.app.console), base))
        strip = Strip(segments, text.cell_len).crop_extend(self.left, self.left + inner, base)
        if place.vertical:
            strip = Strip.join([strip, Strip([self._bar(True, place)[row]]).apply_style(base)])
        return strip

    def _h_bar_strip(self, place: Window) -> Strip:
        """The row under the list: its horizontal scroll bar (and the corner under the vertical one)."""
        strip = Strip(self._bar(False, place), place.inner)
        if place.vertical:
            corner = Segment(" " * (self.size.width - place.inner), self.bars.corner(self.styles))
            strip = Strip.join([strip, Strip([corner])])
        return strip

    def _bar(self, vertical: bool, place: Window) -> list[Segment]:
        """A scroll bar of the list, a segment a cell along it, in the colours textual's scroll bar has over the
        list in its state (the mouse over it, its thumb dragged)."""
        size, virtual, position = (place.rows, len(self.items), self.top) if vertical else (place.inner, self.wide, self.left)
        key = (size, virtual, position, self.bars.state(vertical))
        drawn = self._bar_drawn.get(vertical)
        if drawn is not None and drawn[0] == key:
            return drawn[1]
        segments = self.bars.segments(self.styles, self.background_colors[1], vertical, size, virtual, position)
        self._bar_drawn[vertical] = (key, segments)
        return segments

    # --- keys and the mouse --------------------------------------------------------------------

    def focus_part(self, on_list: bool) -> None:
        """The dialog's focus on its field or its list (as a dialog's screen moved textual's focus: the field's
        text all selected, what is typed next replaces it)."""
        if on_list == self.on_list:
            return
        self.on_list = on_list
        if not on_list:
            self.edit.select_all()
        self._redraw()
        if on_list:
            self._follow_selected()

    def press(self, key: str, character: str | None) -> None:
        """A key while the dialog is shown: Esc closes, Ctrl+O lists every link, Tab moves between the field and
        the list, ↓ goes to the list; the others are the field's or the list's (a key neither takes is dropped:
        the editor's own keys do not work while the dialog is shown, as under a dialog's screen)."""
        if key == "escape":
            self.action_close()
        elif key == "ctrl+o":
            self.action_every()
        elif key in ("tab", "shift+tab"):
            self.focus_part(not self.on_list)
        elif self.on_list:
            self.list_key(key)
        elif key == "down":
            self.focus_part(True)
        else:
            self.field_key(key, character)

    def field_key(self, key: str, character: str | None) -> None:
        """A key in the field: Enter adds the link typed, the others edit it (an input's keys)."""
        if key == "enter":
            self.submit(self.edit.text)
            return
        if not self.edit.key(key):
            if character is None or len(character) != 1 or not character.isprintable():
                return
            self.edit.insert(character)
        self._redraw()

    def list_key(self, key: str) -> None:
        """A key in the list: ↑ ↓ PageUp PageDown move the selection (↑ on the first link: back to the field),
        Delete or Backspace removes the selected link."""
        if key in SIDE_KEYS:
            self.scroll_list(left=self.left + SIDE_KEYS[key])
        elif key in LIST_KEYS:
            step = LIST_KEYS[key]
            if step < 0 and self.selected == 0:
                self.focus_part(False)
                return
            self.select(max(0, min(len(self.items) - 1, self.selected + step)))
        elif key in ("delete", "backspace") and self.items:
            self.remove_at(self.items[self.selected][0])

    def select(self, index: int) -> None:
        """Select link ``index`` of the list, scrolled into view."""
        height = self._list_height()
        self.selected = index
        if height > 0:
            self.top = min(max(self.top, index - height + 1), index)
        self._redraw()
        self._follow_selected()

    def _follow_selected(self) -> None:
        """The area list beside the dialog shows the selected link's other end (its first, among every link)."""
        index = self.selected
        parts = link_parts(self.items[index][1]) if 0 <= index < len(self.items) else None
        if parts is not None:
            self.follow(parts[2] if parts[0] == self.area else parts[0])

    def submit(self, value: str) -> None:
        """Enter in the field: the link added (or its line changed), what that did said."""
        if not value.strip():
            return
        said = self.add(value)
        self.said = said
        if said.startswith(("linked", "changed")):
            self.edit = LineEdit()
        self.refresh_list()
        parts = link_parts(value)
        if parts is not None:
            self.follow(parts[0])

    def paste(self, text: str) -> None:
        lines = text.splitlines()
        if lines and not self.on_list:
            self.edit.insert(escape_controls(lines[0]))
            self._redraw()

    def remove_at(self, index: int) -> None:
        self.said = self.remove_link(index)
        self.refresh_list()

    def action_every(self) -> None:
        self.every = not self.every
        self.refresh_list()

    def action_close(self) -> None:
        region = self.region
        self.display = False
        # its place drawn again: when the area list beside it scrolled while it was shown, textual's next update
        # (a scroll and a layout at once) moved what is in view and left the dialog's rows on the screen
        self.screen.refresh(region)
        self.closed()

    def scroll_list(self, top: int | None = None, left: int | None = None) -> None:
        """The list scrolled to link ``top`` at the top and column ``left`` at the left (kept within the list)."""
        before = (self.top, self.left)
        self.top = self.top if top is None else top
        self.left = self.left if left is None else left
        self._clamp()
        if (self.top, self.left) != before:
            self._redraw()

    def on_click(self, event: events.Click) -> None:
        offset = event.get_content_offset(self)
        if offset is None or self.bars.over(self._place(), offset.x, offset.y) is not None:
            return  # a bar's (on_mouse_down)
        rows = len(self._head_rows(self.size.width))
        if offset.y == self.field_row:
            self.focus_part(False)
        elif offset.y >= rows:
            self.focus_part(True)

    # the scroll bars, as textual's: lit while the mouse is over them, the thumb dragged, a page on the track

    def _hover(self, bar: str | None) -> None:
        if bar != self.bars.hover:
            self.bars.hover = bar
            self._redraw()

    def on_mouse_move(self, event: events.MouseMove) -> None:
        place = self._place()
        grab = self.bars.grab
        if grab is not None:
            position = self.bars.drag(place, event.screen_y if grab.vertical else event.screen_x, (len(self.items), self.wide))
            if grab.vertical:
                self.scroll_list(top=position)
            else:
                self.scroll_list(left=position)
            return
        offset = event.get_content_offset(self)
        self._hover(None if offset is None else self.bars.over(place, offset.x, offset.y))

    def on_leave(self, event: events.Leave) -> None:
        if self.bars.grab is None:
            self._hover(None)

    def on_mouse_down(self, event: events.MouseDown) -> None:
        offset = event.get_content_offset(self)
        place = self._place()
        bar = None if offset is None else self.bars.over(place, offset.x, offset.y)
        if offset is None or bar is None:
            return
        event.stop()
        position = self.bars.press(
            place, (offset.x, offset.y), (event.screen_x, event.screen_y), (len(self.items), self.wide), (self.top, self.left)
        )
        if position is None:
            self.capture_mouse()
            self._redraw()
        elif bar == "v":
            self.scroll_list(top=position)
        else:
            self.scroll_list(left=position)

    def on_mouse_up(self, event: events.MouseUp) -> None:
        if self.bars.grab is not None:
            self.bars.grab = None
            self.release_mouse()
            offset = event.get_content_offset(self)
            self.bars.hover = None if offset is None else self.bars.over(self._place(), offset.x, offset.y)
            self._redraw()

    def on_mouse_scroll_down(self, event: events.MouseScrollDown) -> None:
        event.stop()
        # with Shift (or Ctrl) the wheel scrolls sideways, as textual's widgets scroll
        self.scroll_list(left=self.left + 3) if event.shift or event.ctrl else self.scroll_list(top=self.top + 3)

    def on_mouse_scroll_up(self, event: events.MouseScrollUp) -> None:
        event.stop()
        self.scroll_list(left=self.left - 3) if event.shift or event.ctrl else self.scroll_list(top=self.top - 3)

    def on_mouse_scroll_right(self, event: events.MouseScrollRight) -> None:
        event.stop()
        self.scroll_list(left=self.left + 3)

    def on_mouse_scroll_left(self, event: events.MouseScrollLeft) -> None:
        event.stop()
        self.scroll_list(left=self.left - 3)
