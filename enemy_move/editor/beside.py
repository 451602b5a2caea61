"""The board as a dialog shows it beside itself: the lines a screen holds, drawn one line at a time.

A ``Static`` formats its whole text again on every repaint of the dialog (a form repaints on each key: about
6 ms a time for 38 lines of a 64 x 64 map); this widget renders a line once per width and keeps it. A line the
board has on screen already comes as its strip (:func:`drawn_lines`), and is not formatted again at all.
"""

from __future__ import annotations

from typing import Any

from rich.segment import Segment
from rich.style import Style
from rich.text import Text
from textual.strip import Strip
from textual.widget import Widget


class Beside(Widget):
    """Lines of styled text, shown as they are (cropped, not wrapped), in the widget's own colours."""

    DEFAULT_CSS = """
    Beside { width: auto; height: auto; }
    """

    def __init__(self, content: Any = "", **kwargs: Any) -> None:
        super().__init__(**kwargs)
        self.lines: list[Text | Strip] = []
        self._strips: dict[int, tuple[int, Strip]] = {}
        #: A board's strip in this widget's colours, by the board's strip (a dialog kept from one opening to the
        #: next shows mostly the same rows again).
        self._coloured: dict[int, tuple[Text | Strip, Strip]] = {}
        self._rich_style: Style | None = None
        #: The widget's colours combined with each style of the board's segments (None: the widget's own).
        self._combined: dict[Style | None, Style] = {}
        self.show(content)

    def show(self, content: Any) -> None:
        """Other lines: a text, or a list of lines each a text or a strip."""
        if isinstance(content, list):
            self.lines = content
        else:
            text = content if isinstance(content, Text) else Text(str(content))
            self.lines = list(text.split("\n", allow_blank=True))
        self._strips = {}
        shown = {id(line) for line in self.lines}
        self._coloured = {key: known for key, known in self._coloured.items() if key in shown}
        if self.is_mounted:
            self.refresh()

    def render_line(self, y: int) -> Strip:
        width = self.size.width
        if not 0 <= y < len(self.lines):
            return Strip.blank(width, self._style())
        known = self._strips.get(y)
        if known is not None and known[0] == width:
            return known[1]
        strip = self._colour(self.lines[y]).crop_extend(0, width, self._style())
        self._strips[y] = (width, strip)
        return strip

    def _colour(self, line: Text | Strip) -> Strip:
        """A line (a board's text or strip) drawn in this widget's colours, kept by the line: a board keeps a row's
        text and strip while the row does not change, so a dialog kept from one opening to the next, or shown
        again after an edit, draws only the rows that changed."""
        known = self._coloured.get(id(line))
        if known is not None and known[0] is line:
            return known[1]
        drawn = line if isinstance(line, Strip) else Strip(list(line.render(self.app.console)), line.cell_len)
        # each distinct style of the board's row combined with the widget's once (a row of a 64 x 64 map is about
        # 125 segments in a dozen styles; Strip.apply_style combined them segment by segment)
        base, combined = self._style(), self._combined
        segments = []
        for text, style, control in drawn:
            if control is None:
                mixed = combined.get(style)
                if mixed is None:
                    mixed = combined[style] = base + style
                segments.append(Segment(text, mixed))
            else:
                segments.append(Segment(text, style, control))
        coloured = Strip(segments, drawn.cell_length)
        self._coloured[id(line)] = (line, coloured)
        return coloured

    def _style(self) -> Style:
        """The widget's colours, read once (``rich_style`` walks every ancestor's styles: read for each line, it
        was about half of drawing a form's 38 lines beside it)."""
        if self._rich_style is None:
            self._rich_style = self.rich_style
        return self._rich_style

    def notify_style_update(self) -> None:
        super().notify_style_update()
        # textual updates a pushed screen's styles each time it is shown: the lines are coloured again only when
        # the colours did change (colouring the 38 lines of a 64 x 64 map was a fifth of opening a form)
        before = self._rich_style
        self._rich_style = None
        if before is None or self._style() != before:
            self._strips = {}
            self._coloured = {}
            self._combined = {}

    def get_content_width(self, container: Any, viewport: Any) -> int:
        # a board's strip is as wide as the board's widget: its widest line and one column
        return max((line.cell_length if isinstance(line, Strip) else line.cell_len for line in self.lines), default=0)

    def get_content_height(self, container: Any, viewport: Any, width: int) -> int:
        return len(self.lines)


def drawn_lines(lines: list[Text], strips: dict[int, tuple[Text, int, Strip]], start: int, end: int) -> list[Text | Strip]:
    """``lines[start:end]`` of a board, each one as the strip the board drew of it when it has one (``strips``:
    the board's strip of each line, with the line it drew, by index), else as its text."""
    chosen: list[Text | Strip] = []
    for y in range(max(0, start), min(end, len(lines))):
        known = strips.get(y)
        chosen.append(known[2] if known is not None and known[0] is lines[y] else lines[y])
    return chosen


def line_strip(strips: dict[int, tuple[Text, int, Strip]], y: int, line: Text, width: int, console: Any) -> Strip:
    """Line ``y`` of a board rendered at ``width``, kept in ``strips`` while the line and the width stay the same
    (the boards render only the lines on screen, and only those that changed)."""
    known = strips.get(y)
    if known is not None and known[0] is line and known[1] == width:
        return known[2]
    strip = Strip(list(line.render(console)), line.cell_len).extend_cell_length(width)
    strips[y] = (line, width, strip)
    return strip
