"""The board as a dialog shows it beside itself: the lines a screen holds, drawn one line at a time.

A ``Static`` formats its whole text again on every repaint of the dialog (a form repaints on each key: about
6 ms a time for 38 lines of a 64 x 64 map); this widget renders a line once per width and keeps it.
"""

from __future__ import annotations

from typing import Any

from rich.segment import Segment
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
        text = content if isinstance(content, Text) else Text(str(content))
        self.lines = text.split("\n", allow_blank=True)
        self._strips: dict[int, tuple[int, Strip]] = {}

    def render_line(self, y: int) -> Strip:
        width = self.size.width
        if not 0 <= y < len(self.lines):
            return Strip.blank(width, self.rich_style)
        known = self._strips.get(y)
        if known is not None and known[0] == width:
            return known[1]
        line = self.lines[y]
        segments = Segment.apply_style(line.render(self.app.console), self.rich_style)
        strip = Strip(list(segments), line.cell_len).crop_extend(0, width, self.rich_style)
        self._strips[y] = (width, strip)
        return strip

    def get_content_width(self, container: Any, viewport: Any) -> int:
        return max((line.cell_len for line in self.lines), default=0)

    def get_content_height(self, container: Any, viewport: Any, width: int) -> int:
        return len(self.lines)
