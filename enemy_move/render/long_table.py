"""A long table drawn as rich draws it, each distinct cell rendered once (issue 34: whole phases of pushes).

A phase pushing four targets lists about 1,600 options, most of their cells the same text ("[57, 63]",
"3, N, U, Z", "0"); rich's Table renders, wraps and pads every cell, about 2-3 s of CPU for such a phase.
:class:`SharedCells` takes the Table's columns as built, lets rich work out the column widths from each
column's distinct cells (a column's width depends only on its widest cell and its longest word), renders each
distinct cell once with the same call the Table makes, and joins the rows with the box's own lines: the same
segments as the Table's, so the same bytes (tests/test_long_table.py compares them, in colour and not).
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from itertools import zip_longest
from typing import TypeVar

from rich.cells import set_cell_size
from rich.console import Console, ConsoleOptions, RenderableType
from rich.measure import Measurement
from rich.segment import Segment
from rich.style import Style
from rich.table import Table
from rich.text import DEFAULT_JUSTIFY, DEFAULT_OVERFLOW, Text


def drawable(table: Table) -> bool:
    """Whether :class:`SharedCells` draws ``table`` as rich would: the layout options the option tables use."""
    return (
        hasattr(table, "_calculate_column_widths")
        and hasattr(table, "_extra_width")
        and table.box is not None
        and table.show_header
        and table.show_edge
        and not table.show_footer
        and not table.show_lines
        and not table.leading
        and not table.row_styles
        and not table.caption
        and table.width is None
        and table.min_width is None
        and not table.expand
        and table.padding == (0, 1, 0, 1)
        and table.pad_edge
        and not table.collapse_padding
        and not table.rows
        and all(column.vertical == "top" and column.width is None for column in table.columns)
    )


T = TypeVar("T")


class SharedCells:
    """``table`` (its columns, no rows yet) with ``rows`` of Text cells, drawn as ``table`` with those rows would be."""

    def __init__(self, table: Table, rows: list[list[Text]]):
        self.table = table
        self.rows = rows

    def __rich_console__(self, console: Console, options: ConsoleOptions) -> Iterator[Segment]:
        table = self.table
        columns = table.columns
        # The widths from each column's distinct cells: rich measures a column as its cells' widest and longest word.
        distinct: list[dict[tuple[str, str], Text]] = [{} for _ in columns]
        for row in self.rows:
            for index, cell in enumerate(row):
                distinct[index].setdefault((cell.plain, str(cell.style)), cell)
        # Two rows per column are enough: the cell with the widest line and the one with the longest word.
        for cells in zip_longest(*(_widest(console, options, list(d.values())) for d in distinct), fillvalue=Text("")):
            table.add_row(*cells)
        extra = table._extra_width
        widths = table._calculate_column_widths(console, options.update_width(options.max_width - extra))
        render_options = options.update(width=sum(widths) + extra, highlight=table.highlight, height=None)
        if table.title:
            title = table.title
            style = Style.pick_first(table.title_style, "table.title")
            text = console.render_str(title, style=style, highlight=False) if isinstance(title, str) else title
            yield from console.render(text, render_options.update(justify=table.title_justify))
        yield from self._body(console, render_options, widths)

    def _body(self, console: Console, options: ConsoleOptions, widths: list[int]) -> Iterator[Segment]:
        table = self.table
        safe = table.safe_box if table.safe_box is not None else console.safe_box
        box = table.box.substitute(options, safe=safe)  # type: ignore[union-attr]  # drawable(): a box
        border = console.get_style(table.style or "") + console.get_style(table.border_style or "")
        new_line = Segment.line()
        cell_options = [
            options.update(width=width, justify=c.justify, no_wrap=c.no_wrap, overflow=c.overflow, height=None, highlight=c.highlight)
            for width, c in zip(widths, table.columns)
        ]
        body_style = [console.get_style(c.style or "") + Style.null() for c in table.columns]
        head_style = [console.get_style(table.header_style or "") + console.get_style(c.header_style) + Style.null() for c in table.columns]
        headers = [_padded(console, c.header, cell_options[i], head_style[i]) for i, c in enumerate(table.columns)]
        yield Segment(box.get_top(widths), border)
        yield new_line
        yield from _row(
            headers,
            widths,
            (Segment(box.head_left, border), Segment(box.head_vertical, border), Segment(box.head_right, border)),
            bottom=True,
            styles=head_style,
        )
        yield Segment(box.get_row(widths, "head", edge=True), border)
        yield new_line
        mid = (Segment(box.mid_left, border), Segment(box.mid_vertical, border), Segment(box.mid_right, border))
        foot = (Segment(box.foot_left, border), Segment(box.foot_vertical, border), Segment(box.foot_right, border))
        if console.color_system is None:
            # A console without colour writes each segment's text alone: a row's line as one segment is the same
            # bytes, and the console cuts and measures one segment a line instead of one per cell and border.
            yield from self._plain_rows(console, cell_options, body_style, widths, (mid, foot))
        else:
            padded = self._rows_of(lambda index, cell: _padded(console, cell, cell_options[index], body_style[index]))
            for number, cells in enumerate(padded, 1):
                yield from _row(cells, widths, foot if number == len(self.rows) else mid, styles=body_style)
        yield Segment(box.get_bottom(widths), border)
        yield new_line

    def _rows_of(self, render: Callable[[int, Text], T]) -> Iterator[list[T]]:
        """Each body row's cells drawn by ``render(column, cell)``, each distinct cell of a column drawn once."""
        drawn: list[dict[tuple[str, str], T]] = [{} for _ in self.table.columns]
        for row in self.rows:
            cells = []
            for index, cell in enumerate(row):
                key = (cell.plain, str(cell.style))
                lines = drawn[index].get(key)
                if lines is None:
                    lines = drawn[index][key] = render(index, cell)
                cells.append(lines)
            yield cells

    def _plain_rows(
        self,
        console: Console,
        cell_options: list[ConsoleOptions],
        styles: list[Style],
        widths: list[int],
        edges: tuple[tuple[Segment, Segment, Segment], tuple[Segment, Segment, Segment]],
    ) -> Iterator[Segment]:
        """The body's lines as :func:`_row` draws them, each line's text as one segment (for a console without colour)."""

        def plain(index: int, cell: Text) -> list[str]:
            lines = _plain_padded(console, cell, cell_options[index])
            if lines is None:
                padded = _padded(console, cell, cell_options[index], styles[index])
                lines = ["".join(segment.text for segment in line) for line in padded]
            return lines

        blanks = [" " * width for width in widths]
        new_line = Segment.line()
        for number, cells in enumerate(self._rows_of(plain), 1):
            left, divider, right = (segment.text for segment in edges[number == len(self.rows)])
            height = max(1, max(map(len, cells), default=0))  # rich's Table: a row is at least one line
            for line in range(height):
                texts = [lines[line] if line < len(lines) else blanks[index] for index, lines in enumerate(cells)]
                yield Segment(left + divider.join(texts) + right)
                yield new_line


def _widest(console: Console, options: ConsoleOptions, cells: list[Text]) -> list[Text]:
    """The cells with the widest line and with the longest word (what the column's width depends on)."""
    measured = [(Measurement.get(console, options, cell), index) for index, cell in enumerate(cells)]
    widest = max(measured, key=lambda m: (m[0].maximum, -m[1]))[1]
    longest = max(measured, key=lambda m: (m[0].minimum, -m[1]))[1]
    return [cells[widest]] if widest == longest else [cells[widest], cells[longest]]


def _padded(console: Console, cell: RenderableType, options: ConsoleOptions, style: Style) -> list[list[Segment]]:
    """The cell's lines as the Table renders them (``Padding(cell, (0, 1, 0, 1))``, ``style`` applied), without
    cutting its lines a second time."""
    pad_style = console.get_style("none")
    inner = console.render_lines(cell, options.update_width(options.max_width - 2), style=pad_style, pad=True)
    left = right = Segment(" ", pad_style)
    lines = [[left, *line, right] for line in inner]
    return [list(Segment.apply_style(line, style)) for line in lines] if style else lines


def _plain_padded(console: Console, cell: Text, options: ConsoleOptions) -> list[str] | None:
    """:func:`_padded`'s lines as text, for a Text without spans (None: another cell, rendered by rich). What rich does
    with it, without its segments: ``Text.__rich_console__`` wraps it (``Text.wrap``) and writes the lines as one
    segment of one style, which ``Console.render_lines`` cuts at each line break and sets to the width (padded with
    spaces or cropped: ``Segment.adjust_line_length``, which is ``set_cell_size`` for a line of one segment)."""
    width = options.max_width - 2
    if width < 1 or cell.spans or cell.end != "\n" or not isinstance(cell, Text):
        return None  # nothing drawn at all, styled runs, or the last line's break left out: rich's own way
    tab_size = console.tab_size if cell.tab_size is None else cell.tab_size
    lines = cell.wrap(
        console,
        width,
        justify=cell.justify or options.justify or DEFAULT_JUSTIFY,
        overflow=cell.overflow or options.overflow or DEFAULT_OVERFLOW,
        tab_size=tab_size or 8,
        no_wrap=next((flag for flag in (cell.no_wrap, options.no_wrap) if flag is not None), False),  # rich's pick_bool
    )
    return [f" {set_cell_size(line.plain, width)} " for line in lines]


def _row(
    cells: list[list[list[Segment]]],
    widths: list[int],
    edges: tuple[Segment, Segment, Segment],
    *,
    bottom: bool = False,
    styles: list[Style] | None = None,
) -> Iterator[Segment]:
    """One row's lines: each cell's lines, shorter cells filled with blank lines (at the top for the header)."""
    drawn = max(map(len, cells), default=0)
    # At least one line, as rich's Table, whose columns too narrow for any text (the padding only) draw none: that
    # line unstyled, as rich shapes it; shorter cells of a row with lines are filled in their own style.
    height = max(1, drawn)
    left, divider, right = edges
    shaped = []
    for index, (lines, width) in enumerate(zip(cells, widths)):
        if len(lines) < height:
            blank = [Segment(" " * width, styles[index] if styles and drawn else Style.null())]
            fill = [blank] * (height - len(lines))
            lines = fill + lines if bottom else lines + fill
        shaped.append(lines)
    new_line = Segment.line()
    last = len(shaped) - 1
    for line in range(height):
        yield left
        for index, lines in enumerate(shaped):
            yield from lines[line]
            if index != last:
                yield divider
        yield right
        yield new_line
