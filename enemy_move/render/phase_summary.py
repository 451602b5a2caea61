"""The brief view of a whole phase: one map with every figure's route, then one line per turn.

A phase of two or three figures fits 80x24: the title, the map (cropped to
the rows that matter when the terminal is short), its legend, one line per
turn (who, focus, where to, attacks, "players choose 1/2/3"), the one
sentence of what the rest of the phase assumes where the players choose, and
a pointer to ``--full``. Routes carry the number of their turn (1 is the
first to act), the number alone where a route ends. Nothing here decides:
the routes are the options the Result says each turn took.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from rich.console import Console, Group, RenderableType
from rich.text import Text

from ..errors import escape_controls
from ..result import Result, TurnExtra
from . import ascii_map
from .map_text import grid_text
from .text import assumption_line, pack_entries, turn_line

#: Lines that are not the map's rows nor turn lines: title, rulers, legend, assumption, hint (measured, then fitted).
MIN_MAP_ROWS = 3


def routes(result: Result) -> list[tuple[str, str, tuple[Any, ...]]]:
    """(turn number as drawn, actor, path of the option the phase took) for every turn, in turn order."""
    drawn = []
    for index, turn in enumerate(result.turns):
        if turn.options:
            option = turn.options[turn.chosen if turn.chosen is not None else 0]
            drawn.append((ascii_map.option_mark(index), turn.actor, tuple(option.path)))
    return drawn


def _grid_map(result: Result, width: int, max_rows: int | None) -> RenderableType:
    marks = ascii_map.phase_marks([(n, a, tuple(c for c in p if isinstance(c, tuple))) for n, a, p in routes(result)])
    view = ascii_map.grid_view(result.board, None, max_width=width, max_rows=max_rows, look=result.look, marks=marks)
    if view.too_narrow:
        return Text(view.too_narrow, style="bold yellow")
    text = grid_text(view)
    legend = pack_entries([f"{symbol} {meaning}" for symbol, meaning in view.legend], width)
    notes = pack_entries([escape_controls(note) for note in view.notes], width, gap="; ")
    return Group(text, Text("\n".join(legend + notes), style="dim"))


def _map(result: Result, width: int, max_rows: int | None) -> RenderableType:
    if result.board_kind in ("hex", "square"):
        return _grid_map(result, width, max_rows)
    if result.board_kind == "areas":
        from .area_map import render_area_phase

        return render_area_phase(result.board, routes(result), width)
    return Text("(no map view for this board)", style="dim")


def _lines(result: Result, extra: Sequence[TurnExtra], width: int) -> list[Text]:
    """The turn lines, the assumption, the why-not answers and the pointer to --full."""
    out: list[Text] = []
    for index, turn in enumerate(result.turns):
        line = Text(escape_controls(turn_line(index + 1, turn, has_focus=result.has_focus)), no_wrap=True, overflow="ellipsis")
        line.stylize("bold", 0, len(str(index + 1)) + 1 + len(turn.actor))
        out.append(line)
    assumed = assumption_line(result.turns)
    if assumed:
        out.extend(Text(line, style="italic") for line in pack_entries(assumed.split("; "), width, gap="; "))
    for index, added in enumerate(extra):
        for step in added.steps:
            words = ("" if step.data.get("source") == "option" else "Why not ") + step.text
            out.append(Text(escape_controls(f"{index + 1} {result.turns[index].actor}: {words}"), style="magenta"))
    out.append(Text("(--full shows each turn's map, options and reasoning)", style="dim"))
    return out


def _height(renderable: RenderableType, width: int) -> int:
    console = Console(width=width, file=None, record=False, color_system=None, force_terminal=False)
    return len(console.render_lines(renderable, console.options.update(width=width), pad=False))


def render_phase_summary(result: Result, console: Console, extra: Sequence[TurnExtra] = ()) -> None:
    """Title, one map of the whole phase (rows cropped so that everything fits the terminal), the turn lines."""
    width = console.width
    title = Text(escape_controls(result.title or result.scenario), style="bold")
    title.append(f"  ({result.ruleset}/{result.variant}, {len(result.turns)} turns)", style="dim")
    lines = _lines(result, extra, width)
    drawing = _map(result, width, None)
    if result.board_kind in ("hex", "square"):
        room = console.height - 1 - sum(_height(line, width) for line in lines)
        rows = result.board.height
        while _height(drawing, width) > room and rows > MIN_MAP_ROWS:
            rows -= 1
            drawing = _map(result, width, rows)
    console.print(title, no_wrap=True, overflow="ellipsis")
    console.print(drawing)
    for line in lines:
        console.print(line)
