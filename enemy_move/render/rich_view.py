"""Terminal rendering with rich: the full view (panel, map, options, reasoning) and a brief one.

The brief view (``--brief``, and the default on a small terminal) fits one
turn into 80x24: the answer in one line, the map, the options; the reasoning
is a ``--full`` away. Neither view decides anything: they draw the Result.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from rich.console import Console, Group, RenderableType
from rich.panel import Panel
from rich.table import Table
from rich.text import Text

from ..errors import escape_controls
from ..look import BoardLook
from ..result import Option, Result, Step, Turn, TurnExtra, assumption, describe_effect, format_position, option_number
from . import ascii_map
from .map_text import grid_text
from .text import answer_line, pack_entries, sight_heading, sight_line_text

if TYPE_CHECKING:
    from collections.abc import Sequence

    from ..game import Game

#: An options table longer than this is drawn by render/long_table.py (the same bytes, each distinct cell once), and
#: any on a console without colour (whose lines long_table.py writes as plain text).
LONG_TABLE_ROWS = 32
PLAIN_TABLE_ROWS = 0

#: A terminal smaller than this (columns, lines) gets the brief view by default.
SMALL_TERMINAL = (100, 40)


def small_terminal(console: Console) -> bool:
    """True when stdout is a terminal smaller than SMALL_TERMINAL (pipes and files get the full view)."""
    return console.is_terminal and (console.width < SMALL_TERMINAL[0] or console.height < SMALL_TERMINAL[1])


def _board_for(result: Result, index: int) -> Any:
    """The board turn ``index`` started from."""
    if index > 0 and index - 1 < len(result.boards_after):
        return result.boards_after[index - 1]
    return result.board


@dataclass(frozen=True)
class _Frame:
    """Where a map is drawn: the result's board kind and look, the room given, the view's options."""

    kind: str
    look: BoardLook
    width: int
    max_rows: int | None = None
    brief: bool = False
    #: The console writes no colour (a pipe, a file): a map's styles are left out (map_text.grid_text).
    plain: bool = False


def _map_renderable(
    turn: Turn | None, board: Any, frame: _Frame, *, followed: bool = False, highlight: dict[Any, str] | None = None
) -> RenderableType:
    brief = frame.brief
    if frame.kind in ("hex", "square"):
        marks = ascii_map.turn_marks(turn, highlight) if highlight else None
        view = ascii_map.grid_view(
            board, turn, max_width=frame.width, max_rows=frame.max_rows, followed=followed, look=frame.look, marks=marks
        )
        if view.too_narrow:
            return Text(view.too_narrow, style="bold yellow")
        text = grid_text(view, frame.plain)
        # Legend entries and notes are never broken inside: a line ends between two of them.
        legend_lines = pack_entries([f"{symbol} {meaning}" for symbol, meaning in view.legend], frame.width)
        legend = Text(escape_controls("\n".join(legend_lines), keep="\n"), style="dim")
        parts: list[RenderableType] = [text, legend]
        if view.notes:
            notes = pack_entries(view.notes, frame.width, gap="; ") if brief else view.notes
            parts.append(Text(escape_controls("\n".join(notes), keep="\n"), style="dim"))
        return Group(*parts)
    if frame.kind == "areas":
        from .area_map import render_area_map

        return render_area_map(board, turn, followed=followed, brief=brief)
    return Text("(no map view for this board)", style="dim")


def _index_text(index: int) -> str:
    """The option's number (from 1), with its map mark when they differ: ``10 (a)``."""
    mark = ascii_map.option_mark(index)
    number = str(option_number(index))
    return number if mark == number else f"{number} ({mark})"


def _options_table(
    turn: Turn, *, whole_phase: bool, brief: bool = False, width: int = 80, attacks: bool = True, plain: bool = False
) -> RenderableType:
    if brief:
        table = Table(box=None, show_header=True, header_style="bold", pad_edge=False, padding=(0, 1))
    else:
        table = Table(title=f"Options for {turn.actor}", title_justify="left", show_lines=False)
    extra_keys = sorted({key for option in turn.options for key in option.details})
    # The actor's own move is the path column; other effects get their own.
    show_effects = any(len(option.effects) > 1 for option in turn.options)
    followed = whole_phase and turn.follows
    rows: list[list[str]] = []
    for index, option in enumerate(turn.options):
        row = [
            _index_text(index),
            format_position(option.to),
            *([", ".join(option.attacks) or "-"] if attacks else []),
            str(len(option.path) - 1),
            _path_text(option, brief),
            *[_plain(option.details.get(key, "")) for key in extra_keys],
        ]
        if show_effects:
            row.append("; ".join(describe_effect(e) for e in option.effects[1:]) or "-")
        if followed:
            row.append("assumed" if index == turn.chosen else "")
        rows.append(row)
    headers = ["#", "to", "attacks", "moves", "path", *extra_keys] + (["effects"] if show_effects else []) + (["phase"] if followed else [])
    if not attacks:  # games whose options list no attacks get no attacks column
        headers.remove("attacks")
    fixed = set(range(4 if attacks else 3)) | ({len(headers) - 1} if followed else set())
    widths = [max([len(headers[i])] + [len(row[i]) for row in rows]) for i in range(len(headers))]
    # Brief: one line per option; the number, destination, attacks and moves always whole, the
    # path and details share the rest of the width and end in an ellipsis (--full shows them whole).
    squeezed = [i for i in range(len(headers)) if i not in fixed]
    room = _share(width - sum(widths[i] for i in fixed) - 2 * (len(headers) - 1), [widths[i] for i in squeezed])
    for i, header in enumerate(headers):
        options: dict[str, Any] = {"justify": "right"} if header in ("#", "moves") else {}
        if brief:
            options.update(
                {"no_wrap": True, "min_width": widths[i]}
                if i in fixed
                else {"no_wrap": True, "overflow": "ellipsis", "max_width": room[squeezed.index(i)]}
            )
        table.add_column(header, **options)
    cells = [
        [Text(escape_controls(cell), style="bold" if followed and index == turn.chosen else "") for cell in row]
        for index, row in enumerate(rows)
    ]
    if not turn.options:
        table.add_row(*(["-"] * (len(headers) - 1)), "no options")
    if not brief and len(cells) > (PLAIN_TABLE_ROWS if plain else LONG_TABLE_ROWS):
        from .long_table import SharedCells, drawable

        if drawable(table):  # the same bytes, each distinct cell rendered once (a phase of pushes: ~1,600 options)
            return SharedCells(table, cells)
    for texts in cells:
        table.add_row(*texts)
    return table


def _share(available: int, wanted: list[int]) -> list[int]:
    """Split ``available`` columns: narrow columns get what they want, wide ones share the rest equally."""
    given = [0] * len(wanted)
    left = list(range(len(wanted)))
    while left:
        share = max(6, available // len(left))
        small = [i for i in left if wanted[i] <= share]
        if not small:
            for i in left:
                given[i] = share
            break
        for i in small:
            given[i] = wanted[i]
            available -= wanted[i]
            left.remove(i)
    return given


def _path_text(option: Option, brief: bool) -> str:
    if brief:  # compact, so that a path rarely wraps at 80 columns
        return ">".join(format_position(p).replace(", ", ",") for p in option.path)
    return " > ".join(format_position(p) for p in option.path)


def _plain(value: object) -> str:
    if isinstance(value, (list, tuple)):
        return ", ".join(_plain(v) for v in value)
    if isinstance(value, dict):
        if set(value) == {"choose", "among"}:  # N more targets the players pick among these (docs/output.md, details)
            return f"{value['choose']} of {_plain(value['among'])}"
        return "; ".join(f"{key} {_plain(item)}" for key, item in value.items())
    return escape_controls(str(value))


def _reasoning(steps: list[Step], plain: bool = False) -> Text:
    """The numbered steps; ``plain``: without styles, for a console that writes none (the same bytes, fewer segments)."""
    text = Text()
    dim, step_style, why_style = (None, None, None) if plain else ("dim", "bold cyan", "bold magenta")
    for number, step in enumerate(steps, 1):
        if number > 1:
            text.append("\n")
        text.append(f"{number:>2}. ", style=dim)
        text.append(f"[{step.step}] ", style=why_style if step.step == "why-not" else step_style)
        text.append(escape_controls(step.text))  # names come from the file: no raw escape sequences
        if step.source:
            text.append(f"\n    source: {step.source}", style=dim)
    if not steps:
        text.append("(no reasoning recorded)", style=dim)
    return text


def render_result(result: Result, console: Console, *, brief: bool = False, extra: Sequence[TurnExtra] = (), sight: Any = None) -> None:
    """Draw ``result``; ``extra`` (one per turn: the ``--why-not`` answers) adds reasoning steps; ``sight`` (the
    ``--sight-from`` report, why_not.SightReport) lists each turn's sight lines under its map."""
    if brief and len(result.turns) > 1:  # a whole phase: one map of every route, one line per turn
        from .phase_summary import render_phase_summary

        render_phase_summary(result, console, extra)
        if sight is not None and sight.lines:  # the phase's first board: the one the map is drawn on
            console.print(_sight_text(sight.at, sight.lines[0]))
        return
    if brief:
        _render_brief(result, console, extra, sight)
        return
    header = Text()
    # Scenario text and file names are shown with control characters escaped:
    # a title holding "\e[2J" must not clear the screen.
    header.append(escape_controls(result.title or result.scenario), style="bold")
    # The file name's own newlines are escaped: the header stays two lines.
    header.append("\n" + escape_controls(f"{result.ruleset} / {result.variant}  ·  {result.scenario}"), style="dim")
    if result.description:
        header.append("\n" + escape_controls(result.description, keep="\n"))
    console.print(Panel(header, expand=False))
    focus_shown = result.has_focus
    whole_phase = len(result.turns) > 1
    # The width less the panel's borders and padding.
    frame = _Frame(result.board_kind, result.look, max(20, console.width - 4), plain=console.color_system is None)
    for index, turn in enumerate(result.turns):
        board = _board_for(result, index)
        title = (f"Turn {index + 1}: " if whole_phase else "") + answer_line(turn, has_focus=focus_shown)
        drawing = _map_renderable(turn, board, frame, followed=turn.follows, highlight=_sight_cells(console, sight, index))
        console.print(Panel(drawing, title=Text(escape_controls(title)), title_align="left", expand=False))
        if sight is not None and index < len(sight.lines):
            console.print(
                Panel(
                    _sight_text(sight.at, sight.lines[index], heading=False, coloured=_sight_cells(console, sight, index) is not None),
                    title=sight_heading(sight.at, sight.lines[index]),
                    title_align="left",
                    expand=False,
                )
            )
        console.print(_options_table(turn, whole_phase=whole_phase, attacks=result.has_attacks, plain=frame.plain))
        reasoning = _reasoning(turn.reasoning + _steps(extra, index), frame.plain)
        console.print(Panel(reasoning, title="Reasoning", title_align="left", expand=False))
        if turn.follows:
            console.print(
                Text(
                    f"{turn.actor}: " + assumption(turn.actor, turn.chosen or 0, len(turn.options)) + ".",
                    style="italic",
                )
            )
    if whole_phase and result.boards_after:
        console.print(
            Panel(_map_renderable(None, result.boards_after[-1], frame), title="After the phase", title_align="left", expand=False)
        )
    for note in result.notes:  # which option a phase follows was said after each turn
        console.print(Text(escape_controls(note), style="italic"))
    if not result.turns:
        console.print(Text("No figure acts.", style="italic"))


def _steps(extra: Sequence[TurnExtra], index: int) -> list[Step]:
    return extra[index].steps if index < len(extra) else []


#: --sight-from on the character map (colour only: a line has no room there): where the lines start, what blocks them.
SIGHT_FROM_STYLE, SIGHT_BLOCKER_STYLE = "bold black on green", "bold white on red"


def _sight_cells(console: Console, sight: Any, index: int) -> dict[Any, str] | None:
    """The cells the map colours for ``--sight-from`` on turn ``index`` (none without colour: the list says it all)."""
    if sight is None or index >= len(sight.lines) or console.color_system is None or not isinstance(sight.at, tuple):
        return None
    cells: dict[Any, str] = {cell: SIGHT_BLOCKER_STYLE for line in sight.lines[index] for cell in line.walls}
    cells[sight.at] = SIGHT_FROM_STYLE
    return cells


def _sight_text(at: Any, lines: list[Any], *, heading: bool = True, coloured: bool = False) -> Text:
    """The ``--sight-from`` lines, one per figure: in sight, or out of sight and what blocks it (the game's words);
    ``coloured``: the map shows the cells too, and a last line says how."""
    text = Text(sight_heading(at, lines) + "\n", style="bold") if heading else Text()
    for number, line in enumerate(lines):
        text.append("\n" if number else "")
        text.append(escape_controls(sight_line_text(line)), style="green" if line.clear else "red")
    if coloured:
        text.append("\non the map: ", style="dim")
        text.append(format_position(at), style=SIGHT_FROM_STYLE)
        text.append(" where the lines start" + (", " if any(line.walls for line in lines) else ""), style="dim")
        if any(line.walls for line in lines):
            text.append("#", style=SIGHT_BLOCKER_STYLE)
            text.append(" the walls that block them", style="dim")
    return text


def _render_brief(result: Result, console: Console, extra: Sequence[TurnExtra] = (), sight: Any = None) -> None:
    """One turn per screen of 80x24: title line, answer line, map, options, why-not answers."""
    title = Text(escape_controls(result.title or result.scenario), style="bold")
    title.append(f"  ({result.ruleset}/{result.variant})", style="dim")
    console.print(title, no_wrap=True, overflow="ellipsis")
    focus_shown = result.has_focus
    whole_phase = len(result.turns) > 1
    for index, turn in enumerate(result.turns):
        board = _board_for(result, index)
        line = Text((f"Turn {index + 1}/{len(result.turns)}: " if whole_phase else ""), style="bold")
        line.append(escape_controls(answer_line(turn, has_focus=focus_shown, whole_phase=whole_phase)), style="bold")
        console.print(line)
        # Lines left for map rows once the other parts are counted (80x24 is the target).
        room = max(4, console.height - 11 - len(turn.options))
        frame = _Frame(result.board_kind, result.look, console.width, max_rows=room, brief=True)
        console.print(
            _map_renderable(
                turn, board, frame, followed=whole_phase and len(turn.options) > 1, highlight=_sight_cells(console, sight, index)
            )
        )
        if turn.options:
            console.print(_options_table(turn, whole_phase=whole_phase, brief=True, width=console.width, attacks=result.has_attacks))
        if sight is not None and index < len(sight.lines):
            console.print(_sight_text(sight.at, sight.lines[index], coloured=_sight_cells(console, sight, index) is not None))
        answers = _steps(extra, index)
        for step in answers:
            console.print(Text(escape_controls(("" if step.data.get("source") == "option" else "Why not ") + step.text), style="magenta"))
        steps = len(turn.reasoning)
        console.print(
            Text(
                f"({steps} reasoning {'step' if steps == 1 else 'steps'}: --full shows them; --why-not CELL asks about a position)",
                style="dim",
            )
        )
    if whole_phase and result.boards_after:
        console.print(Text("After the phase:", style="bold"))
        console.print(_map_renderable(None, result.boards_after[-1], _Frame(result.board_kind, result.look, console.width, brief=True)))
    if not result.turns:
        console.print(Text("No figure acts.", style="italic"))


def render_rulesets(known: list[Game], console: Console) -> None:
    """Each ruleset, its variants and its options, one per line; names never cut, descriptions wrap.

    A name wider than a third of the line (``rules.sight / invisible_blocks_movement / ...``) gets a line
    of its own, its description on the next: a name column that wide would leave the descriptions a few
    characters each at 80 columns."""
    for ruleset in known:
        console.print(Text(ruleset.name, style="bold") + Text(f"  {ruleset.summary}"))
        ordered = [ruleset.default_variant] + [v for v in ruleset.variants if v != ruleset.default_variant]
        rows: list[tuple[str, str, bool]] = [("variants", "", True)]
        for variant in ordered:
            suffix = " (default)" if variant == ruleset.default_variant else ""
            rows.append((f"  {variant}", ruleset.variants[variant] + suffix, False))
        rows.append(("options", "" if ruleset.options else "-", True))
        rows += [(f"  {option}", explanation, False) for option, explanation in ruleset.options.items()]
        _print_name_rows(rows, console)
        console.print()


def _print_name_rows(rows: list[tuple[str, str, bool]], console: Console) -> None:
    """(name, description, heading) rows in two columns; the first as wide as the widest name that fits a third of the line."""
    limit = max(12, console.width // 3)
    width = max((len(name) for name, _, _ in rows if len(name) <= limit), default=limit)
    grid = _name_grid(width)
    for name, description, heading in rows:
        style = "bold" if heading else ""
        if len(name) <= width:
            grid.add_row(Text(name, style=style), Text(description))
            continue
        console.print(grid)
        console.print(Text(name, style="cyan " + style if style else "cyan"), overflow="fold")
        grid = _name_grid(width)
        grid.add_row("", Text(description))
    console.print(grid)


def _name_grid(width: int) -> Table:
    grid = Table.grid(padding=(0, 2))
    grid.add_column(no_wrap=True, style="cyan", width=width)
    grid.add_column(overflow="fold")
    return grid
