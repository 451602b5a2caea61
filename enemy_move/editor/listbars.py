"""The scroll bars of a list a line-API widget draws itself (the links dialog, editor/links.py): the list's virtual
size, both bars drawn as textual draws a scroll view's, their hover and drag.

textual's scroll view draws a bar wherever its virtual size is larger than its window and crops each line at its
horizontal offset (the guide's line API, "Scrolling": https://textual.textualize.io/guide/widgets/); its ScrollBar
widget colours the bar with ``scrollbar-color`` / ``scrollbar-background``, their ``-hover`` forms while the mouse is
over the bar and their ``-active`` forms while the thumb is dragged (https://textual.textualize.io/styles/scrollbar_colors/),
grabs the mouse on the thumb and moves the window by the mouse's travel times virtual size over window size, and
pages on a press on the track (textual/scrollbar.py). A widget drawing its own rows has no such child widgets: this
does the same for it, on its rows.
"""

from __future__ import annotations

from dataclasses import dataclass
from math import ceil
from typing import Any

from rich.segment import Segment
from rich.style import Style
from textual.scrollbar import ScrollBarRender

#: Columns of the vertical bar and rows of the horizontal one (textual's scrollbar-size: 2 and 1).
V_SIZE, H_SIZE = 2, 1


@dataclass(frozen=True)
class Window:
    """Where a list is drawn in its widget: ``rows`` rows from row ``first``, ``inner`` columns of text, a vertical bar
    at their right (``vertical``) and a horizontal one under them (``horizontal``) where the list is longer or wider."""

    first: int
    rows: int
    inner: int
    vertical: bool
    horizontal: bool

    @property
    def bar_row(self) -> int:
        """The horizontal bar's row."""
        return self.first + self.rows


def window(count: int, wide: int, first: int, width: int, height: int) -> Window:
    """The list of ``count`` lines, the widest ``wide`` cells, in rows ``first`` to ``height`` of a widget ``width``
    wide: each bar where the other leaves too little room (as a scroll view decides)."""
    rows = max(0, height - first)
    vertical = count > rows
    horizontal = wide > width - (V_SIZE if vertical else 0)
    if horizontal:
        rows = max(0, rows - H_SIZE)
        if not vertical and count > rows:
            vertical = True
    return Window(first, rows, max(0, width - (V_SIZE if vertical else 0)), vertical and rows > 0, horizontal and rows > 0)


def thumb(size: int, virtual: int, position: int) -> tuple[float, float]:
    """The thumb's first and last cell (as fractions) on a bar ``size`` cells long, where textual's bar draws it."""
    if virtual <= size or size <= 0:
        return 0.0, float(size)
    length = max(1.0, size * size / virtual)
    start = (size - length) * position / (virtual - size)
    return start, start + length


@dataclass
class Grab:
    """A thumb held: which bar, the mouse's screen coordinate and the list's position when it was grabbed."""

    vertical: bool
    at: int
    position: int


class Bars:
    """The hover and drag state of a list's two bars, and their segments in the widget's colours."""

    def __init__(self) -> None:
        #: The bar the mouse is over ("v", "h") or None.
        self.hover: str | None = None
        self.grab: Grab | None = None

    def state(self, vertical: bool) -> str:
        """The bar's state: "active" (its thumb dragged), "hover" or "" (as textual's ScrollBar colours it)."""
        name = "v" if vertical else "h"
        if self.grab is not None and self.grab.vertical == vertical:
            return "active"
        return "hover" if self.hover == name and self.grab is None else ""

    @staticmethod
    def colours(styles: Any, under: Any, state: str) -> tuple[Any, Any]:
        """The bar's background and thumb colours in a state, over the colour ``under`` it (as ScrollBar.render)."""
        suffix = f"_{state}" if state else ""
        background = getattr(styles, f"scrollbar_background{suffix}")
        if background.a < 1:
            background = under + background
        return background, background + getattr(styles, f"scrollbar_color{suffix}")

    def segments(self, styles: Any, under: Any, vertical: bool, size: int, virtual: int, position: int) -> list[Segment]:
        """One bar's segments, one a cell along it (vertical: one a row, ``V_SIZE`` wide)."""
        background, color = self.colours(styles, under, self.state(vertical))
        bar = ScrollBarRender.render_bar(
            size=size,
            virtual_size=virtual,
            window_size=size,
            position=position,
            thickness=V_SIZE if vertical else H_SIZE,
            vertical=vertical,
            back_color=background.rich_color,
            bar_color=color.rich_color,
        )
        # the mouse is handled by the widget (the bars' own meta would run textual's actions on it)
        return [Segment(s.text, s.style.clear_meta_and_links() if s.style else None) for s in bar.segments if s.text != "\n"]

    @staticmethod
    def corner(styles: Any) -> Style:
        return Style(bgcolor=styles.scrollbar_corner_color.rich_color)

    def over(self, place: Window, x: int, y: int) -> str | None:
        """The bar at content offset (x, y): "v", "h" or None."""
        if place.vertical and place.first <= y < place.first + place.rows and place.inner <= x < place.inner + V_SIZE:
            return "v"
        if place.horizontal and y == place.bar_row and 0 <= x < place.inner:
            return "h"
        return None

    def press(
        self, place: Window, offset: tuple[int, int], screen: tuple[int, int], sizes: tuple[int, int], at: tuple[int, int]
    ) -> int | None:
        """The mouse pressed at content ``offset`` (x, y), ``screen`` on the screen, on a bar: on its thumb, grabbed
        (None returned); on its track, the list's new position (a page towards the press). ``sizes``: the list's
        (count, wide); ``at``: its (top, left)."""
        vertical = self.over(place, *offset) == "v"
        size, virtual, position = (place.rows, sizes[0], at[0]) if vertical else (place.inner, sizes[1], at[1])
        start, end = thumb(size, virtual, position)
        cell = offset[1] - place.first if vertical else offset[0]
        if start - 1 < cell < end:
            self.grab = Grab(vertical, screen[1] if vertical else screen[0], position)
            return None
        return position + (size if cell >= end else -size)

    def drag(self, place: Window, screen: int, sizes: tuple[int, int]) -> int | None:
        """The list's position for the held thumb with the mouse at screen coordinate ``screen`` (its row for the
        vertical bar, its column for the horizontal one): the travel times virtual size over window size."""
        grab = self.grab
        if grab is None:
            return None
        size, virtual = (place.rows, sizes[0]) if grab.vertical else (place.inner, sizes[1])
        if size <= 0:
            return grab.position
        return grab.position + ceil((screen - grab.at) * virtual / size - 0.5)
