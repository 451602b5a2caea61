"""The ``enemy-move`` command line. Thin: parse arguments, call the core, render.

The package holds ``resolve`` and the small commands; the app and the helpers every command
shares are in cli/shared.py, ``check`` in cli/check.py (``edit``, ``serve``, ``schema`` and ``docs``
in their own modules).

Exit codes: 0 success; 1 ``check`` found a mismatch or an unloadable file, or the
output could not be written (enemy_move/output_guard.py); 2 bad usage or an invalid scenario file.
"""

from __future__ import annotations

import contextlib
import gc
import os
import sys
from dataclasses import dataclass, field, replace
from typing import TYPE_CHECKING, Annotated, Any, NoReturn

import typer

from ..importing import add_import_commands
from ..registry import game, game_names, games
from .shared import (
    Color,
    ColorOption,
    app,
    complete_ruleset,
    console_for,
    fail_scenario,
    import_app,
    stdin_stream,
    stdout_takes_unicode,
    write_json,
)
from .usage import check_outputs as _check_outputs
from .usage import check_values as _check_values
from .usage import fail as _fail
from .usage import parse_choices as _parse_choices

if TYPE_CHECKING:
    from ..errors import ScenarioError as ScenarioErrorLike


def _read(file: str) -> Any:
    """The file (``-``: standard input) read as YAML with positions; validating and the rest: answering.answer."""
    if file == "-":
        from ..loader import load_stdin

        return load_stdin(stdin_stream())
    from ..loader import load_file

    return load_file(file)


def _write_picture(
    result: Any, path: str, kind: str, extra: list[Any] | None = None, request: Any = None, scenario: Any = None, sight: Any = None
) -> None:
    """``sight``: the --sight-from lines of each turn (why_not.SightReport.lines), drawn on each turn's board."""
    from ..output_guard import write_file_or_exit
    from ..render import svg

    if kind == "svg":
        text = svg.result_svg(result, sight)
    else:  # a click on another option shows the phase played from there (the lines of play worked out here)
        from ..phase import explore

        first = request.first if request is not None else ()
        choices = request.choices if request is not None else {}
        lines = explore(scenario, result, result.variant, choices, first) if scenario is not None else None
        from ..render.html_page import page

        text = page(result, extra or [], lines, choices, sight)
    write_file_or_exit(f"--{kind} {path}", path, text)


@dataclass(frozen=True)
class ResolveRequest:
    """What `resolve` was asked for, once parsed (also what `--watch` repeats on every save)."""

    variant: str | None = None
    choices: dict[str, int] = field(default_factory=dict)
    first: tuple[str, ...] = ()
    why_not: tuple[str, ...] = ()
    brief: bool = False
    full: bool = False
    svg: str | None = None
    html: str | None = None
    color: Color = Color.auto
    #: --place, --set (applied to the file before resolving) and --after (where the next round's file goes).
    places: tuple[str, ...] = ()
    sets: tuple[str, ...] = ()
    after: str | None = None
    #: --sight-from: the cell the sight lines are drawn from.
    sight_from: str | None = None
    #: --overwrite: --after may replace a file that exists (without it, only the scenario itself or a new file).
    overwrite: bool = False
    #: The bytes each --after wrote in this run (a --watch writes the next round again on each save: it replaces its
    #: own earlier file, and nothing else, not one the player changed since).
    written: dict[str, bytes] = field(default_factory=dict, compare=False)


def _fail_scenario_json(error: ScenarioErrorLike) -> NoReturn:
    """``resolve --json`` on a bad file: the error as a JSON document on stdout (docs/output.md), and as
    the usual located line on stderr; exit 2."""
    write_json({"error": {"file": error.file, "line": error.line, "column": error.col, "message": error.message}})
    fail_scenario(error)


def _write_after(document: Any, result: Any, request: ResolveRequest, source: str) -> None:
    """The next round's file: the scenario's own text and bytes, with only what the phase changed (a failure: exit 1).

    A relative ``$schema`` modeline still finds the schema from the new file's folder."""
    from ..document.atomic import WriteError
    from ..errors import escape_controls
    from ..output_guard import EXIT_OUTPUT
    from ..starters import moved_modeline

    path = str(request.after)
    origin = os.curdir if source == "-" else os.path.dirname(source) or os.curdir
    try:
        after = document.after_phase(result)
        text = moved_modeline(after.text(), origin, os.path.dirname(path) or os.curdir)
        after.save(path, overwrite=request.overwrite, text=text, was=request.written.get(path))
    except WriteError as error:
        typer.echo(escape_controls(f"enemy-move: --after {error}"), err=True)
        raise typer.Exit(EXIT_OUTPUT) from None
    request.written[path] = after.original.raw or b""


def _resolve_once(file: str, request: ResolveRequest, json_output: bool = False) -> None:
    from ..answering import Request, answer
    from ..errors import ScenarioError
    from ..game import UsageError

    try:
        wanted = Request(
            request.variant, request.choices, request.first, request.places, request.sets, bool(request.after), bool(request.why_not)
        )
        answered = answer(_read(file), wanted, loaded=_resume_collection)
        scenario, document, result = answered.scenario, answered.document, answered.result
        if document is not None and file != "-":
            from pathlib import Path

            document.path = Path(file)  # --after over the file itself replaces only the bytes read
        if request.after:
            _write_after(document, result, request, file)
        extra: list[Any] = []
        sight = None
        if request.why_not or request.sight_from:
            from ..why_not import WhyNotError, explain, parse_positions, sight_from

            try:
                extra = explain(result, parse_positions(result, request.why_not)).extras() if request.why_not else []
                if request.sight_from:
                    report = sight_from(result, scenario, request.sight_from)
                    extra, sight = report.add_to(extra), report
            except WhyNotError as error:
                _fail(str(error))
        if request.svg:
            _write_picture(result, request.svg, "svg", sight=sight)
        if request.html:
            _write_picture(result, request.html, "html", extra, request, scenario, sight)
        if json_output:
            from ..result import result_to_dict

            write_json(result_to_dict(result, extra))
            return
        from ..render.rich_view import render_result, small_terminal

        stdout_takes_unicode()
        console = console_for(request.color)
        # --color always forces a "terminal" in a pipe too; only a real one may choose the brief view.
        small = small_terminal(console) and sys.stdout.isatty()
        render_result(result, console, brief=request.brief or (not request.full and small), extra=extra, sight=sight)
    except ScenarioError as error:
        if json_output:
            _fail_scenario_json(error)
        fail_scenario(error)
    except UsageError as error:
        _fail(str(error))
    except Exception as error:  # a bug: still one located line, never a traceback
        from ..output_guard import OutputError

        # Output that cannot be written is no bug of this file: main() reports it (output_guard).
        if isinstance(error, (typer.Exit, typer.Abort, OSError, OutputError)) or os.environ.get("ENEMY_MOVE_DEBUG"):
            raise
        from ..errors import internal_error
        from ..loader import STDIN_NAME

        bug = internal_error(STDIN_NAME if file == "-" else file, error)
        if json_output:
            _fail_scenario_json(bug)
        fail_scenario(bug)


# resolve's longer options, named here so that the command reads as a list of what it takes.
ChooseOption = Annotated[
    list[str],
    typer.Option(
        "--choose", metavar="LABEL=N", help="Follow option N (numbered from 1) for figure LABEL in a multi-figure phase (repeatable)."
    ),
]

WhyNotOption = Annotated[
    list[str],
    typer.Option(
        "--why-not",
        metavar="COL,ROW",
        help="Why is this cell not a destination? COL,ROW on grids (3,4 or [3,4]), an area name on area maps (repeatable).",
    ),
]

SightFromOption = Annotated[
    str | None,
    typer.Option(
        "--sight-from",
        metavar="COL,ROW",
        help="The sight line from this cell (an area on area maps) to each figure: listed under the map, drawn on --svg/--html, given in --json.",
    ),
]

PlaceOption = Annotated[
    list[str],
    typer.Option(
        "--place", metavar="LABEL=COL,ROW", help="Before resolving, put figure LABEL on COL,ROW (area maps: LABEL=AREA); repeatable."
    ),
]

SetOption = Annotated[
    list[str],
    typer.Option(
        "--set", metavar="KEY=VALUE", help="Before resolving, set a dotted key (action.move=4, figures.A.initiative=12); repeatable."
    ),
]

AfterOption = Annotated[
    str | None,
    typer.Option(
        "--after",
        metavar="NEXT.yaml",
        help="Write the board as it stands after the phase (the next round's file, new or the scenario itself); --choose picks options.",
    ),
]

OverwriteOption = Annotated[
    bool, typer.Option("--overwrite", help="Let --after replace a file that exists already (without it, such a file is left alone).")
]


@app.command()
def resolve(
    file: Annotated[str, typer.Argument(metavar="FILE", help="Scenario file (YAML); - reads it from standard input.")],
    json_output: Annotated[
        bool, typer.Option("--json", help="Print one JSON document instead of tables (a bad file: an error document).")
    ] = False,
    variant: Annotated[str | None, typer.Option("--variant", metavar="NAME", help="Override the scenario's variant.")] = None,
    choose: ChooseOption = [],
    first: Annotated[
        list[str],
        typer.Option("--first", metavar="LABEL", help="Where the rules let the players order tied figures, LABEL goes first (repeatable)."),
    ] = [],
    watch: Annotated[bool, typer.Option("--watch", help="Redraw the answer each time the file is saved (Ctrl-C stops).")] = False,
    interval: Annotated[
        float,
        typer.Option("--interval", metavar="SECONDS", min=0.05, max=60.0, help="With --watch: seconds between two looks at the file."),
    ] = 0.5,
    why_not: WhyNotOption = [],
    sight_from: SightFromOption = None,
    brief: Annotated[
        bool, typer.Option("--brief", help="Compact view (answer, map, options): one turn fits 80x24. Default on a small terminal.")
    ] = False,
    full: Annotated[bool, typer.Option("--full", help="Full view with the reasoning, whatever the terminal size.")] = False,
    svg: Annotated[
        str | None, typer.Option("--svg", metavar="OUT.svg", help="Also draw the board as an SVG picture, one section per turn.")
    ] = None,
    html: Annotated[
        str | None, typer.Option("--html", metavar="OUT.html", help="Also write an HTML page: the pictures, options and reasoning.")
    ] = None,
    color: ColorOption = Color.auto,
    place: PlaceOption = [],
    set_: SetOption = [],
    after: AfterOption = None,
    overwrite: OverwriteOption = False,
) -> None:
    """Resolve one scenario: focus, options, paths and the reasoning."""
    if brief and full:
        _fail("--brief and --full exclude each other")
    if file != "-" and not os.path.exists(file):
        from ..flag_values import missing

        _fail(missing(file))
    _check_values(why_not, {"--svg": svg, "--html": html, "--after": after}, sight_from)
    _check_outputs(file, {"--svg": svg, "--html": html, "--after": after})
    if after:
        _check_after(file, after, overwrite=overwrite, watch=watch)
    request = ResolveRequest(
        variant,
        _parse_choices(choose),
        tuple(first),
        tuple(why_not),
        brief,
        full,
        svg,
        html,
        color,
        tuple(place),
        tuple(set_),
        after,
        sight_from,
        overwrite,
    )
    if not watch:
        _resolve_once(file, request, json_output)
        return
    if file == "-":
        _fail("--watch needs a file to watch, not standard input")
    if json_output:
        _fail("--watch redraws the tables; it cannot be combined with --json")
    run_watch(file, request, interval=interval)


def _check_after(file: str, after: str, *, overwrite: bool, watch: bool) -> None:
    """--after replaces the scenario itself (only over the bytes read) or writes a new file; a file that exists is
    someone's (an earlier round the player edited, another scenario): left alone unless --overwrite, before any work."""
    from ..flag_values import shown
    from ..output_paths import same_file

    itself = file != "-" and same_file(after, file)
    if itself and watch:  # each write is a save of the watched file: it would play round after round by itself
        _fail(f"--after {shown(after)} with --watch: that is the watched file itself (give the next round its own file)")
    if not itself and not overwrite and os.path.isfile(after):
        _fail(f"--after {shown(after)}: the file exists; nothing written (add --overwrite to replace it, or give another name)")


def run_watch(file: str, request: ResolveRequest, *, interval: float = 0.5, iterations: int | None = None, **watch_options: Any) -> int:
    """Clear the screen and resolve again after each save; errors are shown, not fatal."""
    from rich.text import Text

    from ..errors import escape_controls
    from ..watch import watch_file

    console = console_for(request.color)
    # At the table the watch shows the brief view (a whole phase: its one-screen summary) unless --full asks.
    shown = request if request.full else replace(request, brief=True)

    def redraw() -> None:
        console.clear()
        with contextlib.suppress(typer.Exit):  # the error line is on stderr already; wait for the next save
            _resolve_once(file, shown)
        console.print(Text(f"watching {escape_controls(file)} (Ctrl-C stops)", style="dim"))  # a name is never markup

    def stale(reason: str) -> None:
        console.print(
            Text(f"STALE: {escape_controls(file)}: {reason}; the answer above is the last one (waiting for the file)", style="bold yellow")
        )

    try:
        return watch_file(file, redraw, interval=interval, iterations=iterations, on_missing=stale, **watch_options)
    except KeyboardInterrupt:
        return 0


# `check` lives in its own module (cli/check.py); imported here so the commands keep their order in --help.
from .check import CheckFormat, check  # noqa: E402
from .edit import edit  # noqa: E402
from .pages import docs, schema  # noqa: E402
from .serve import serve  # noqa: E402

__all__ = ["CheckFormat", "ResolveRequest", "_fail", "app", "check", "docs", "edit", "main", "run_watch", "schema", "serve"]


@app.command()
def rulesets(
    name: Annotated[str | None, typer.Argument(help="Only this ruleset.", autocompletion=complete_ruleset)] = None,
    json_output: Annotated[bool, typer.Option("--json", help="Print JSON.")] = False,
) -> None:
    """List the rulesets, their variants and the options they understand (names shown whole)."""
    known = games()
    if name is not None:
        known = [r for r in known if r.name == name]
        if not known:
            _fail(f"unknown ruleset {name!r}; known: {', '.join(game_names())}")
    if json_output:
        doc = [
            {"name": r.name, "summary": r.summary, "default_variant": r.default_variant, "variants": r.variants, "options": r.options}
            for r in known
        ]
        write_json({"rulesets": doc})
        return
    from rich.console import Console

    from ..render.rich_view import render_rulesets

    stdout_takes_unicode()
    render_rulesets(known, Console(highlight=False))


@app.command()
def new(
    ruleset: Annotated[str, typer.Argument(help="The ruleset (see `enemy-move rulesets`).", autocompletion=complete_ruleset)],
    variant: Annotated[
        str | None, typer.Option("--variant", help="The variant written in the file (default: the ruleset's default).")
    ] = None,
    schema_location: Annotated[str | None, typer.Option("--schema", help="Path or URL of the schema in the editor modeline.")] = None,
) -> None:
    """Print a short, commented starter scenario that resolves as it is."""
    from ..starters import SCHEMA_MODELINE, starter, starter_rulesets

    engine = game(ruleset)
    if engine is None or ruleset not in starter_rulesets():
        _fail(f"unknown ruleset {ruleset!r}; known: {', '.join(starter_rulesets())}")
    chosen = variant or engine.default_variant
    if chosen not in engine.variants:
        _fail(f"--variant {chosen}: unknown variant {chosen!r} for ruleset {ruleset!r}; known: {', '.join(engine.variants)}")
    modeline = SCHEMA_MODELINE if schema_location is None else f"# yaml-language-server: $schema={schema_location}"
    sys.stdout.write(starter(ruleset, chosen, modeline))


# `enemy-move import NAME`: one command per importer a game declares (enemy_move/importing.py).
add_import_commands(import_app, games(), _fail)


def _resume_collection(scenario: Any) -> None:
    """After a start-up without the cyclic collector (main(): `resolve FILE`), the game's rules imported, then back on.

    Start-up allocates much and frees little: the collections it would trigger scan for nothing (~4 ms).
    The answer itself is worked out with the collector on, as ever (heavy files keep their memory bounds)."""
    if gc.isenabled() or not _COLLECTION_PAUSED:
        return
    entry = game(scenario.ruleset)
    with contextlib.suppress(Exception):  # a broken entry: reported by the phase runner, located at the file
        if entry is not None:
            entry.load_rules()
    _COLLECTION_PAUSED.clear()
    gc.freeze()
    gc.enable()


#: Set while main() keeps the cyclic collector off for a plain `resolve FILE [--json]`.
_COLLECTION_PAUSED: list[bool] = []


def _plain_resolve(args: list[str]) -> tuple[str, bool] | None:
    """``resolve FILE`` or ``resolve FILE --json`` (either order), the calls a player makes at the table.

    They are answered without building typer's command tree and its parameter adapters (about 12 ms
    of a 150 ms start); any other command line, or one asking for completion or debugging, goes
    through typer as usual.
    """
    if not args or args[0] != "resolve" or len(args) > 3 or os.environ.get("ENEMY_MOVE_DEBUG"):
        return None
    if any(name.endswith("_COMPLETE") for name in os.environ):
        return None
    rest = args[1:]
    json_output = "--json" in rest
    files = [arg for arg in rest if arg != "--json"]
    if len(files) != 1 or len(rest) != 1 + json_output or (files[0].startswith("-") and files[0] != "-"):
        return None
    return files[0], json_output


def main(*, exit_at_once: bool = False) -> None:
    """The command line; ``exit_at_once`` (the installed command, enemy_move/command.py): a plain ``check`` ends the
    process as soon as its output is written (check_command.exit_now). The installed command answers a plain
    ``check`` before importing this package (check_command.plain_main); called here (tests), it is answered alike."""
    from ..check_command import plain_check, run_plain
    from ..output_guard import run_guarded

    # Everything imported so far lives as long as the process: the collector need not scan it again (~4 ms).
    gc.freeze()
    plain = _plain_resolve(sys.argv[1:])
    if plain is not None:
        gc.disable()  # until the file is loaded and its game's rules imported (_resume_collection)
        _COLLECTION_PAUSED.append(True)
    command = (lambda: resolve(*plain)) if plain is not None else plain_check(sys.argv[1:])
    try:
        if command is not None:
            run_plain(command, exit_at_once=exit_at_once and plain is None)
        run_guarded(app, lambda line: typer.echo(line, err=True))
    except RecursionError:
        typer.echo("enemy-move: input too deeply nested", err=True)
        sys.exit(2)
    finally:
        if _COLLECTION_PAUSED:  # a file that failed before its rules were imported (main() called in process: tests)
            _COLLECTION_PAUSED.clear()
            gc.enable()
