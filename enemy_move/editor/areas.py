"""Agemonia's area map as a list: one line per area (its figures, capacity, height, trap, borders).

The selected area is the cursor: typing a figure's label puts the figure
there, the answer's option numbers and route are shown in the first column
as in ``resolve``'s area table.
"""

from __future__ import annotations

import re
from typing import TYPE_CHECKING, Any

from rich.text import Text
from textual.events import MouseDown
from textual.message import Message
from textual.strip import Strip
from textual.widget import Widget

from ..errors import escape_controls
from ..render.area_map import LINE_TEXT
from ..render.ascii_map import OPTION_STYLE, PATH_STYLE
from .board import CURSOR_STYLE, option_number

if TYPE_CHECKING:
    from ..result import Turn
    from .session import Session

_LINK = re.compile(r"^\s*(\S+)\s*(--|==|\|\|)\s*(\S+)\s*$")


def area_names(session: Session) -> list[str]:
    areas = session.doc.get("areas")
    return [str(name) for name in areas] if isinstance(areas, dict) else []


def borders(session: Session) -> dict[str, list[str]]:
    """Area -> "-- A2" style entries, from the links as written (malformed ones skipped: the loader reports them)."""
    found: dict[str, list[str]] = {}
    links = session.doc.get("links")
    for link in links if isinstance(links, list) else []:
        match = _LINK.match(str(link))
        if match:
            first, line, second = match.groups()
            found.setdefault(first, []).append(f"{line} {second}")
            found.setdefault(second, []).append(f"{line} {first}")
    return found


def area_marks(turn: Turn | None, shown: int | None) -> dict[str, str]:
    """Area -> the numbers (from 1) of the options ending there, or ':' on the route shown."""
    marks: dict[str, str] = {}
    if turn is None:
        return marks
    if shown is not None and 0 <= shown < len(turn.options):
        for area in turn.options[shown].path[1:-1]:
            marks[str(area)] = ":"
    for index, option in enumerate(turn.options):
        area = str(option.to)
        number = option_number(index)
        marks[area] = number if marks.get(area, ":") == ":" else f"{marks[area]},{number}"
    return marks


def draw_areas(session: Session, turn: Turn | None, shown: int | None) -> Text:
    """The whole list as one text (tests and small boards); the view draws it line by line (:func:`area_lines`)."""
    return Text("\n").join(area_lines(session, turn, shown))


def area_lines(session: Session, turn: Turn | None, shown: int | None) -> list[Text]:
    """One line per area, under a heading, then the key of the borders. The areas are read as written (no copy
    of 1,000 areas per redraw)."""
    every = session.doc.data.get("areas")
    every = every if isinstance(every, dict) else {}
    names = [str(name) for name in every]
    marks = area_marks(turn, shown)
    around = borders(session)
    where: dict[str, list[str]] = {}
    for label, position in session.doc.positions().items():
        where.setdefault(str(position), []).append(label)
    width = max((len(name) for name in names), default=4)
    lines = [Text(f"{'#':>4} {'area':<{width}}  room  figures", style="bold")]
    for key, raw in every.items():
        name = str(key)
        info: Any = raw if isinstance(raw, dict) else {}
        mark = marks.get(name, "")
        text = Text(f"{mark:>4}", style=(PATH_STYLE if mark == ":" else OPTION_STYLE) if mark else "")
        text.append(" ")
        text.append(f"{escape_controls(name):<{width}}", style=CURSOR_STYLE if name == session.area else "bold")
        facts = f"  {escape_controls(str(info.get('capacity', '?'))):>4}"
        if info.get("height"):
            facts += f" h{escape_controls(str(info['height']))}"
        if info.get("trap"):
            facts += " trap"
        text.append(facts + "  ")
        for label in sorted(where.get(name, [])):
            style = "bold reverse" if turn is not None and label == turn.actor else ("bold red" if turn and label in turn.focus else "bold")
            text.append(label, style=style)
            text.append(" ")
        text.append("  " + ", ".join(around.get(name, [])), style="dim")
        lines.append(text)
    if not names:
        lines.append(Text("(no areas: + adds one)", style="dim"))
    lines.append(Text(", ".join(f"{symbol} {kind}" for symbol, kind in LINE_TEXT.items()) + " (borders)", style="dim"))
    return lines


class AreaView(Widget, can_focus=True):
    """The list of areas; the selected one is highlighted; a click selects an area."""

    DEFAULT_CSS = """
    AreaView { width: auto; height: auto; padding: 0 1 0 0; }
    """

    class Clicked(Message):
        def __init__(self, area: str) -> None:
            super().__init__()
            self.area = area

    def __init__(self, session: Session, **kwargs: Any) -> None:
        super().__init__(**kwargs)
        self.session = session
        self.turn: Turn | None = None
        self.shown: int | None = None
        self._cache: tuple[Any, list[Text], int, int] | None = None

    def render(self) -> Text:
        """The whole list (the dialogs show it beside them)."""
        return Text("\n").join(self._drawn()[0])

    def beside(self) -> Text:
        """What a dialog shows beside it: the lines a screen holds, around the selected area (not 1,000 areas)."""
        lines = self._drawn()[0]
        height = max(self.app.size.height - 2, 3)
        names = area_names(self.session)
        here = names.index(self.session.area) + 1 if self.session.area in names else 1
        start = max(1, min(here - height // 2, len(lines) - height + 1))
        return Text("\n").join([lines[0], *lines[start : start + height - 1]])

    def render_line(self, y: int) -> Strip:
        """Only the lines on screen are rendered (a list of 1,000 areas is a long widget in a scrolling pane)."""
        lines, _, _ = self._drawn()
        if not 0 <= y < len(lines):
            return Strip.blank(self.size.width)
        line = lines[y]
        return Strip(list(line.render(self.app.console)), line.cell_len).extend_cell_length(self.size.width)

    def _drawn(self) -> tuple[list[Text], int, int]:
        """The lines, their width and their number, drawn once per state of the board (the screen asks for the
        width, the height and each line on screen)."""
        key = (self.session.generation, self.session.area, id(self.turn), self.turn, self.shown)
        if self._cache is None or self._cache[0] != key:
            try:
                lines = area_lines(self.session, self.turn, self.shown)
            except (TypeError, ValueError, KeyError, AttributeError) as error:  # keys of the wrong shape: the answer says which
                lines = [Text(f"(the areas cannot be listed: {error})", style="yellow")]
            self._cache = (key, lines, max((line.cell_len for line in lines), default=1) + 1, len(lines))
        return self._cache[1], self._cache[2], self._cache[3]

    def get_content_width(self, container: Any, viewport: Any) -> int:
        return self._drawn()[1]

    def get_content_height(self, container: Any, viewport: Any, width: int) -> int:
        return self._drawn()[2]

    def on_mouse_down(self, event: MouseDown) -> None:
        names = area_names(self.session)
        index = event.y - 1
        if 0 <= index < len(names):
            self.post_message(self.Clicked(names[index]))
