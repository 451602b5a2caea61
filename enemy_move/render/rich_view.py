"""Terminal rendering with rich: panel, map, options table, numbered reasoning."""

from __future__ import annotations

from typing import Any

from rich.console import Console, Group
from rich.panel import Panel
from rich.table import Table
from rich.text import Text

from ..checking import CheckReport
from ..geometry.grid import Grid
from ..result import Result, Turn, describe_effect, format_position
from . import ascii_map


def _map_renderable(result: Result, turn: Turn | None, board: Any) -> Any:
    if isinstance(board, Grid):
        text = Text()
        for index, runs in enumerate(ascii_map.grid_lines(board, turn)):
            if index:
                text.append("\n")
            for chunk, style in runs:
                text.append(chunk, style=style or None)
        legend = "  ".join(f"{symbol} {meaning}" for symbol, meaning in ascii_map.legend_entries(board, turn))
        return Group(text, Text(legend, style="dim"))
    if getattr(board, "kind", None) == "areas":
        from .area_map import render_area_map

        return render_area_map(board, turn)
    return Text("(no map view for this board)", style="dim")


def _options_table(turn: Turn, *, whole_phase: bool, attacks: bool = True) -> Table:
    table = Table(title=f"Options for {turn.actor}", title_justify="left", show_lines=False)
    table.add_column("#", justify="right")
    table.add_column("to")
    if attacks:
        table.add_column("attacks")
    table.add_column("moves", justify="right")
    table.add_column("path")
    extra_keys = sorted({key for option in turn.options for key in option.details})
    for key in extra_keys:
        table.add_column(key)
    # The actor's own move is the path column; other effects get their own.
    show_effects = any(len(option.effects) > 1 for option in turn.options)
    if show_effects:
        table.add_column("effects")
    followed = whole_phase and len(turn.options) > 1
    if followed:
        table.add_column("phase")
    for index, option in enumerate(turn.options):
        row = [
            str(index),
            format_position(option.to),
            *([", ".join(option.attacks) or "-"] if attacks else []),
            str(len(option.path) - 1),
            " > ".join(format_position(p) for p in option.path),
            *[_plain(option.details.get(key, "")) for key in extra_keys],
        ]
        if show_effects:
            row.append("; ".join(describe_effect(e) for e in option.effects[1:]) or "-")
        if followed:
            row.append("followed" if index == turn.chosen else "")
        table.add_row(*(Text(cell) for cell in row))
    if not turn.options:
        table.add_row(*(["-"] * (4 if attacks else 3)), "no options")
    return table


def _plain(value: Any) -> str:
    if isinstance(value, (list, tuple)):
        return ", ".join(_plain(v) for v in value)
    return str(value)


def _reasoning(turn: Turn) -> Text:
    text = Text()
    for number, step in enumerate(turn.reasoning, 1):
        if number > 1:
            text.append("\n")
        text.append(f"{number:>2}. ", style="dim")
        text.append(f"[{step.step}] ", style="bold cyan")
        text.append(step.text)
    if not turn.reasoning:
        text.append("(no reasoning recorded)", style="dim")
    return text


def render_result(result: Result, console: Console) -> None:
    header = Text()
    header.append(result.title or result.scenario, style="bold")
    header.append(f"\n{result.ruleset} / {result.variant}  ·  {result.scenario}", style="dim")
    if result.description:
        header.append("\n" + result.description)
    console.print(Panel(header, expand=False))
    from ..rulesets import get  # the game says whether turns have a focus and attacks

    game = get(result.ruleset)
    has_focus, has_attacks = getattr(game, "has_focus", True), getattr(game, "has_attacks", True)
    for index, turn in enumerate(result.turns):
        board = result.board
        if index > 0 and index - 1 < len(result.boards_after):
            board = result.boards_after[index - 1]
        focus = ("  ·  focus: " + (", ".join(turn.focus) or "none")) if has_focus else ""
        title = f"Turn {index + 1}: {turn.actor}{focus}" if len(result.turns) > 1 else f"{turn.actor}{focus}"
        console.print(Panel(_map_renderable(result, turn, board), title=title, title_align="left", expand=False))
        console.print(_options_table(turn, whole_phase=len(result.turns) > 1, attacks=has_attacks))
        console.print(Panel(_reasoning(turn), title="Reasoning", title_align="left", expand=False))
        if len(turn.options) > 1 and index < len(result.turns) - 1:
            console.print(Text(f"The rest of the phase follows option {turn.chosen} for {turn.actor} (pick another with --choose {turn.actor}=N).", style="italic"))
    if len(result.turns) > 1 and result.boards_after:
        console.print(Panel(_map_renderable(result, None, result.boards_after[-1]), title="After the phase", title_align="left", expand=False))
    for note in result.notes:
        console.print(Text(note, style="italic"))
    if not result.turns:
        console.print(Text("No figure acts.", style="italic"))


def render_check(report: CheckReport, console: Console, *, quiet: bool = False) -> None:
    """The results table (with ``quiet``, only failures and errors), then the summary line."""
    shown = [r for r in report.results if not quiet or r.status not in ("pass", "valid")]
    table = Table(title="Scenario check", title_justify="left")
    table.add_column("file")
    table.add_column("status")
    table.add_column("detail")
    styles = {"pass": "green", "valid": "cyan", "fail": "bold red", "error": "bold yellow"}
    for entry in shown:
        detail = ""
        if entry.status == "fail":
            detail = "\n".join(entry.differences)
        elif entry.status == "error":
            detail = entry.message or ""
        table.add_row(Text(entry.file), Text(entry.status, style=styles[entry.status]), Text(detail))  # Text: "[3, 4]" is not markup
    if shown:
        console.print(table)
    s = report.summary
    console.print(
        f"{s['total']} checked: [green]{s['passed']} passed[/], [red]{s['failed']} failed[/], [yellow]{s['errors']} errors[/]"
        + (f", [cyan]{s['valid']} valid[/] (no expect: block)" if s["valid"] else "")
    )


def render_rulesets(known: list[Any], console: Console) -> None:
    """Each ruleset, its variants and its options, one per line; names never cut, descriptions wrap."""
    for ruleset in known:
        console.print(Text(ruleset.name, style="bold") + Text(f"  {ruleset.summary}"))
        grid = Table.grid(padding=(0, 2))
        grid.add_column(no_wrap=True, style="cyan")
        grid.add_column(overflow="fold")
        grid.add_row(Text("variants", style="bold"), "")
        ordered = [ruleset.default_variant] + [v for v in ruleset.variants if v != ruleset.default_variant]
        for variant in ordered:
            suffix = " (default)" if variant == ruleset.default_variant else ""
            grid.add_row(Text(f"  {variant}"), Text(ruleset.variants[variant] + suffix))
        grid.add_row(Text("options", style="bold"), "" if ruleset.options else "-")
        for option, explanation in ruleset.options.items():
            grid.add_row(Text(f"  {option}"), Text(explanation))
        console.print(grid)
        console.print()
