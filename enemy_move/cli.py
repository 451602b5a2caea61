"""The ``enemy-move`` command line. Thin: parse arguments, call the core, render.

Exit codes: 0 success; 1 ``check`` found a mismatch or an unloadable file;
2 bad usage or an invalid scenario file.
"""

from __future__ import annotations

import json
import sys
from typing import Annotated, Optional

import typer

app = typer.Typer(
    add_completion=False,
    no_args_is_help=True,
    help="Resolve enemy movement for Gloomhaven, Perdition's Mouth, Agemonia and Cloudspire scenarios.",
)


def _fail(message: str) -> None:
    """A usage error: one line on stderr, exit 2."""
    typer.echo(f"enemy-move: {message}", err=True)
    raise typer.Exit(2)


def _fail_scenario(error: Exception) -> None:
    """A bad scenario file: exactly ``FILE:LINE:COL: message`` (editors jump to it), exit 2."""
    typer.echo(str(error), err=True)
    raise typer.Exit(2)


def _parse_choices(choose: list[str]) -> dict[str, int]:
    choices: dict[str, int] = {}
    for item in choose:
        label, sep, number = item.partition("=")
        if not sep or not label or not number.isdigit():
            _fail(f"--choose expects LABEL=N (e.g. a=1), got {item!r}")
        choices[label] = int(number)
    return choices


def _why_not_positions(result: object, cells: list[str]) -> list[object]:
    """Parse each ``--why-not`` argument for the result's board kind (a usage error when it names nothing)."""
    from .registry import GAMES
    from .why_not import WhyNotError, parse_position

    entry = GAMES.get(getattr(result, "ruleset", ""))
    kind = entry.board if entry is not None else "hex"
    board = getattr(result, "board", None)
    names = sorted(board.areas) if kind == "areas" and board is not None else None
    positions = []
    for cell in cells:
        try:
            positions.append(parse_position(cell, kind, names))
        except WhyNotError as error:
            _fail(str(error))
    return positions


def _write_picture(result: object, path: str, kind: str) -> None:
    from .render import svg

    try:
        text = svg.result_svg(result) if kind == "svg" else svg.result_html(result)  # type: ignore[arg-type]
        with open(path, "w", encoding="utf-8") as handle:
            handle.write(text)
    except OSError as error:
        _fail(f"--{kind} {path}: {error.strerror or error}")


@app.command()
def resolve(
    file: Annotated[str, typer.Argument(help="Scenario file (YAML).")],
    json_output: Annotated[bool, typer.Option("--json", help="Print one JSON document instead of tables.")] = False,
    variant: Annotated[Optional[str], typer.Option("--variant", help="Override the scenario's variant.")] = None,
    choose: Annotated[list[str], typer.Option("--choose", help="LABEL=N: follow option N for figure LABEL in a multi-figure phase (repeatable).")] = [],
    first: Annotated[list[str], typer.Option("--first", help="LABEL: where the rules let the players order tied figures, LABEL goes first (repeatable).")] = [],
    why_not: Annotated[list[str], typer.Option("--why-not", metavar="CELL", help="Why is CELL not a destination? COL,ROW on grids (3,4 or [3,4]), an area name on area maps (repeatable).")] = [],
    brief: Annotated[bool, typer.Option("--brief", help="Compact view (answer, map, options): one turn fits 80x24. Default when the terminal is small.")] = False,
    full: Annotated[bool, typer.Option("--full", help="Full view with the reasoning, whatever the terminal size.")] = False,
    svg_path: Annotated[Optional[str], typer.Option("--svg", metavar="OUT.svg", help="Also draw the board as an SVG picture, one section per turn.")] = None,
    html_path: Annotated[Optional[str], typer.Option("--html", metavar="OUT.html", help="Also write an HTML page: the pictures, options and reasoning.")] = None,
) -> None:
    """Resolve one scenario: focus, options, paths and the reasoning."""
    from .checking import resolve_scenario
    from .errors import ScenarioError
    from .models import load_scenario
    from .rulesets import UsageError

    if brief and full:
        _fail("--brief and --full exclude each other")
    choices = _parse_choices(choose)
    try:
        result = resolve_scenario(load_scenario(file), variant, choices, tuple(first))
    except ScenarioError as error:
        _fail_scenario(error)
    except UsageError as error:
        _fail(str(error))
    if why_not:
        from .why_not import explain

        explain(result, _why_not_positions(result, why_not))  # type: ignore[arg-type]
    if svg_path:
        _write_picture(result, svg_path, "svg")
    if html_path:
        _write_picture(result, html_path, "html")
    if json_output:
        from .result import result_to_dict

        sys.stdout.write(json.dumps(result_to_dict(result), indent=2, ensure_ascii=False) + "\n")
        return
    from rich.console import Console

    from .render.rich_view import render_result, small_terminal

    console = Console(highlight=False)
    render_result(result, console, brief=brief or (not full and small_terminal(console)))


@app.command()
def check(
    paths: Annotated[list[str], typer.Argument(help="Scenario files or folders (every *.yaml / *.yml below).")],
    json_output: Annotated[bool, typer.Option("--json", help="Print one JSON document instead of a table.")] = False,
) -> None:
    """Check every scenario with an `expect:` block; exit 1 on any mismatch or error."""
    import os

    from .checking import check_paths

    for path in paths:
        if not os.path.exists(path):
            _fail(f"{path}: no such file or folder")
    report = check_paths(paths)
    if json_output:
        sys.stdout.write(json.dumps(report.to_dict(), indent=2, ensure_ascii=False) + "\n")
    else:
        from rich.console import Console

        from .render.rich_view import render_check

        render_check(report, Console(highlight=False))
    if not report.ok:
        raise typer.Exit(1)


@app.command()
def rulesets(
    json_output: Annotated[bool, typer.Option("--json", help="Print JSON.")] = False,
) -> None:
    """List the rulesets, their variants and the options they understand."""
    from .rulesets import all_rulesets

    known = all_rulesets()
    if json_output:
        doc = [
            {"name": r.name, "summary": r.summary, "default_variant": r.default_variant, "variants": r.variants, "options": r.options}
            for r in known
        ]
        sys.stdout.write(json.dumps(doc, indent=2, ensure_ascii=False) + "\n")
        return
    from rich.console import Console
    from rich.table import Table

    table = Table(title="Rulesets", title_justify="left", show_lines=True)
    table.add_column("ruleset")
    table.add_column("variants (default first)")
    table.add_column("options")
    for r in known:
        variants = [f"{r.default_variant}: {r.variants[r.default_variant]}"] + [f"{k}: {v}" for k, v in r.variants.items() if k != r.default_variant]
        table.add_row(f"[bold]{r.name}[/]\n{r.summary}", "\n".join(variants), "\n".join(f"{k}: {v}" for k, v in r.options.items()) or "-")
    Console(highlight=False).print(table)


@app.command()
def schema() -> None:
    """Print the JSON Schema of scenario files (for editors' YAML support)."""
    from .schema import scenario_schema

    sys.stdout.write(json.dumps(scenario_schema(), indent=2, ensure_ascii=False) + "\n")


def main() -> None:
    try:
        app()
    except RecursionError:
        typer.echo("enemy-move: input too deeply nested", err=True)
        sys.exit(2)
