"""Text view of an area map: one row per area, then the borders, then the route.

Marks in the ``move`` column: ``start`` where the acting figure stands,
``:`` on the chosen route, ``@`` at the chosen destination, ``?`` at every
other destination option. Borders: ``--`` single white line, ``==`` double
white line, ``||`` solid barrier; ``^`` flags a height difference.
"""

from __future__ import annotations

from typing import Any

from rich.console import Group
from rich.table import Table
from rich.text import Text

from ..errors import escape_controls
from ..geometry.areas import AreaBoard
from ..result import Turn

LINE_TEXT = {"single": "--", "double": "==", "barrier": "||"}


def area_marks(board: AreaBoard, turn: Turn | None) -> dict[str, str]:
    marks: dict[str, str] = {}
    if turn is None:
        return marks
    actor = board.figures.get(turn.actor)
    for option in turn.options:
        marks.setdefault(option.to, "?")
    if turn.chosen is not None and turn.options:
        chosen = turn.options[turn.chosen]
        for area in chosen.path[1:-1]:
            marks[area] = ":"
        marks[chosen.to] = "@"
    if actor is not None:
        marks[actor.area] = "start" + (" @" if marks.get(actor.area) == "@" else "")
    return marks


def border_lines(board: AreaBoard) -> list[str]:
    lines = []
    for pair, kind in sorted(board.borders.items(), key=lambda item: sorted(item[0])):
        first, second = sorted(pair)
        height = " ^" if board.areas[first].height != board.areas[second].height else ""
        lines.append(f"{first} {LINE_TEXT[kind]} {second}{height}")
    return lines


def render_area_map(board: AreaBoard, turn: Turn | None) -> Any:
    marks = area_marks(board, turn)
    focus = set(turn.focus) if turn else set()
    table = Table(show_header=True, header_style="bold", box=None, pad_edge=False)
    for column in ("area", "cap", "height", "trap", "figures", "move"):
        table.add_column(column)
    for name, info in sorted(board.areas.items()):
        occupants = Text()
        for index, figure in enumerate(board.occupants(name)):
            if index:
                occupants.append(" ")
            style = "bold" if turn and figure.label == turn.actor else ("red" if figure.label in focus else "")
            extra = f" T{figure.taunt}" if figure.is_ally else ""
            size = {2: " (large)", 3: " (huge)"}.get(figure.size, "")
            occupants.append(f"{figure.label}{extra}{size}", style=style or None)
        capacity = f"{board.occupancy(name)}/{info.capacity}" if info.capacity else "-"
        title = f"{name} ({info.title})" if info.title else name
        table.add_row(Text(escape_controls(title)), capacity, str(info.height), "trap" if info.trap else "", occupants, marks.get(name, ""))
    parts: list[Any] = [table]
    borders = border_lines(board)
    if borders:
        parts.append(Text("borders: " + ", ".join(borders), style="dim"))
    if turn is not None and turn.chosen is not None and turn.options:
        route = turn.options[turn.chosen].path
        parts.append(Text("route: " + " > ".join(str(a) for a in route)))
    parts.append(Text("T Taunt; -- single line, == double line, || barrier, ^ height change; @ destination, ? other option, : route", style="dim"))
    return Group(*parts)
