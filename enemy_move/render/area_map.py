"""Text view of an area map: the areas that matter for this turn, each with its borders.

One line per area, in an order a player follows: where the acting figure
starts, the areas of the route shown, the other destinations, where its focus
stands, then (on small maps) the rest. Each line says what is there (figures,
room used / capacity, height, yes/no marks) and which areas it borders, by kind of
line: ``--`` single white line, ``==`` double white line, ``||`` solid barrier.

The first column numbers the option destinations like the options table;
``:`` marks the areas the route shown passes through. Large maps show only the
relevant areas and say how many are left out.
"""

from __future__ import annotations

from rich.console import Group, RenderableType
from rich.table import Table
from rich.text import Text

from ..errors import escape_controls
from ..geometry.areas import AreaBoard, area_flags
from ..result import Position, Turn
from .ascii_map import option_mark
from .text import pack_entries

LINE_TEXT = {"single": "--", "double": "==", "barrier": "||"}
LINE_NAMES = {"single": "single line", "double": "double line", "barrier": "barrier"}
#: Maps with at most this many areas are shown whole; larger ones only their relevant areas.
SHOW_ALL_AREAS = 8


def _shown(turn: Turn | None) -> int | None:
    if turn is None or not turn.options:
        return None
    return turn.chosen if turn.chosen is not None else 0


def area_marks(board: AreaBoard, turn: Turn | None) -> dict[str, str]:
    """Area -> mark: option numbers (from 1) at destinations (lowest first), ``:`` on the route shown."""
    marks: dict[str, str] = {}
    if turn is None:
        return marks
    shown = _shown(turn)
    if shown is not None:
        for area in turn.options[shown].path[1:-1]:
            marks[str(area)] = ":"
    for index, option in enumerate(turn.options):
        area = str(option.to)
        number = option_mark(index)
        if marks.get(area, ":") == ":":
            marks[area] = number
        elif number not in marks[area].split(","):
            marks[area] += f",{number}"
    return marks


def relevant_areas(board: AreaBoard, turn: Turn | None) -> list[str]:
    """The areas this turn is about, in reading order (start, route, destinations, focus)."""
    order: list[str] = []

    def add(area: Position) -> None:
        if isinstance(area, str) and area in board.areas and area not in order:
            order.append(area)

    if turn is None:
        for figure in sorted(board.figures.values(), key=lambda f: (f.area, f.label)):
            add(figure.area)
        return order
    actor = board.figures.get(turn.actor)
    if actor is not None:
        add(actor.area)
    shown = _shown(turn)
    if shown is not None:
        for area in turn.options[shown].path:
            add(area)
    for option in turn.options:
        add(option.to)
    for label in turn.focus:
        if label in board.figures:
            add(board.figures[label].area)
    return order


def border_lines(board: AreaBoard) -> list[str]:
    lines = []
    for pair, kind in sorted(board.borders.items(), key=lambda item: sorted(item[0])):
        first, second = sorted(pair)
        height = " ^" if board.areas[first].height != board.areas[second].height else ""
        lines.append(f"{first} {LINE_TEXT[kind]} {second}{height}")
    return lines


def _borders_of(board: AreaBoard, name: str) -> str:
    parts = []
    for other, kind in board._adjacency.get(name, ()):  # sorted by name
        parts.append(f"{LINE_TEXT[kind]} {other}")
    return ", ".join(parts) or "(no borders)"


def phase_area_marks(routes: list[tuple[str, str, tuple[Position, ...]]]) -> dict[str, str]:
    """Area -> the numbers of the turns whose route ends there (``1,3``), ``:`` on a route only."""
    marks: dict[str, str] = {}
    for _, _, path in routes:
        for area in path[1:-1]:
            marks.setdefault(str(area), ":")
    for number, _, path in routes:
        if len(path) > 1:
            area = str(path[-1])
            marks[area] = number if marks.get(area, ":") == ":" else f"{marks[area]},{number}"
    return marks


def render_area_phase(board: AreaBoard, routes: list[tuple[str, str, tuple[Position, ...]]], width: int = 80) -> RenderableType:
    """A whole phase on one area table: where each figure starts, and the turn numbers where each route ends."""
    marks = phase_area_marks(routes)
    names: list[str] = []
    for _, actor, path in routes:
        for area in (board.figures[actor].area if actor in board.figures else None, *path):
            if isinstance(area, str) and area in board.areas and area not in names:
                names.append(area)
    if len(board.areas) <= SHOW_ALL_AREAS:
        names += [name for name in sorted(board.areas) if name not in names]
    table = _area_table(board, names, marks, actor=None, focus=set())
    legend = ["1 2.. where each turn's route ends (turn order)", ": passed through"] if marks else []
    kinds = set(board.borders.values())
    legend += [f"{LINE_TEXT[k]} {LINE_NAMES[k]}" for k in ("single", "double", "barrier") if k in kinds]
    parts: list[RenderableType] = [table]
    left_out = len(board.areas) - len(names)
    if left_out:
        parts.append(Text(f"({left_out} other {'area' if left_out == 1 else 'areas'} not shown)", style="dim"))
    parts.append(Text("\n".join(pack_entries(legend, width)), style="dim"))
    return Group(*parts)


def render_area_map(board: AreaBoard, turn: Turn | None, *, followed: bool = False, brief: bool = False) -> RenderableType:
    marks = area_marks(board, turn)
    focus = set(turn.focus) if turn else set()
    names = relevant_areas(board, turn)
    if len(board.areas) <= SHOW_ALL_AREAS:
        names += [name for name in sorted(board.areas) if name not in names]
    table = _area_table(board, names, marks, actor=turn.actor if turn else None, focus=focus)
    parts: list[RenderableType] = [table]
    left_out = len(board.areas) - len(names)
    if left_out:
        parts.append(Text(f"({left_out} other {'area' if left_out == 1 else 'areas'} not shown)", style="dim"))
    legend: list[str] = []
    if turn is not None and turn.actor in board.figures:
        legend.append(f"{turn.actor} acting figure (first line: where it starts)")
    if any(m not in ("", ":") for m in marks.values()):
        legend.append("1 2.. options (see the table)")
    kinds = set(board.borders.values())
    legend.append(", ".join(f"{LINE_TEXT[k]} {LINE_NAMES[k]}" for k in ("single", "double", "barrier") if k in kinds) or "no borders")
    shown = _shown(turn)
    if turn is not None and shown is not None and len(turn.options[shown].path) > 1:
        which = f"option {shown + 1}" + (", which the rest of the phase assumes" if followed else "")
        route = " > ".join(str(a) for a in turn.options[shown].path)
        legend.append((": " if ":" in marks.values() else "") + f"route of {which}: {route}")
    parts.append(Text("  ".join(legend) if brief else "\n".join(legend), style="dim"))
    return Group(*parts)


def _area_table(board: AreaBoard, names: list[str], marks: dict[str, str], *, actor: str | None, focus: set[str]) -> Table:
    """One line per area: its mark, name, figures (the actor reversed, the focus red), room, height, marks, borders."""
    table = Table(show_header=True, header_style="bold", box=None, pad_edge=False, padding=(0, 1))
    for column in ("#", "area", "figures", "room", "borders"):
        table.add_column(column, no_wrap=column != "borders")
    heights = {info.height for info in board.areas.values()}
    for name in names:
        info = board.areas[name]
        occupants = Text()
        for index, figure in enumerate(board.occupants(name)):
            if index:
                occupants.append(" ")
            style = "bold reverse" if figure.label == actor else ("bold red" if figure.label in focus else "")
            extra = f" taunt {figure.taunt}" if figure.is_ally else ""
            size = {2: " large", 3: " huge"}.get(figure.size, "")
            occupants.append(f"{figure.label}{extra}{size}", style=style or None)
        room = f"{board.occupancy(name)}/{info.capacity}" if info.capacity else "none"
        facts = [room]
        if len(heights) > 1:
            facts.append(f"height {info.height}")
        facts += area_flags(info)
        title = f"{name} ({info.title})" if info.title else name
        mark = marks.get(name, "")
        table.add_row(
            Text(mark, style="bold black on bright_green" if mark not in ("", ":") else "bold yellow"),
            Text(escape_controls(title)),
            occupants,
            ", ".join(facts),
            Text(_borders_of(board, name), style="dim"),
        )
    return table
