"""``enemy-move check``: validate scenario files and compare them with their ``expect:`` blocks.

Prints problems one per line (``FILE:LINE:COL: what``) and a summary; ``-v``
the table; ``--json`` one document; ``--format github`` annotations;
``--update`` writes the current answers into the ``expect:`` blocks that differ.
"""

from __future__ import annotations

import os
import sys
from collections.abc import Callable
from enum import StrEnum
from typing import Annotated, Any

import typer

from .shared import Color, ColorOption, app, console_for, stdin_stream, stdout_takes_unicode, write_json
from .usage import fail as _fail


class CheckFormat(StrEnum):
    text = "text"
    json = "json"
    github = "github"


def _expand_paths(paths: list[str]) -> list[str]:
    """Paths as given; a pattern the shell did not expand (quoted, or on Windows) is expanded here."""
    import glob

    expanded: list[str] = []
    for path in paths:
        if path == "-" or os.path.exists(path):
            expanded.append(path)
        elif glob.has_magic(path):
            matches = sorted(glob.glob(path, recursive=True))
            if not matches:
                _fail(f"{path}: no file matches this pattern")
            expanded.extend(matches)
        else:
            _fail(f"{path}: no such file")
    if expanded.count("-") > 1:
        _fail("- (standard input) can be checked once")
    return expanded


def plain_check(args: list[str]) -> Callable[[], None] | None:
    """``check PATH... [--json] [-q] [-j N]`` (any order), as scripts and the bench call it, answered without building
    typer's command tree and parameter adapters (they import pydantic's plugin loader and importlib.metadata: about
    30 ms of a check's start); any other command line goes through typer as usual."""
    if not args or args[0] != "check" or os.environ.get("ENEMY_MOVE_DEBUG") or any(name.endswith("_COMPLETE") for name in os.environ):
        return None
    paths: list[str] = []
    json_output, quiet, jobs = False, False, None
    rest = iter(args[1:])
    for arg in rest:
        if arg == "--json":
            json_output = True
        elif arg in ("-q", "--quiet"):
            quiet = True
        elif arg in ("-j", "--jobs"):
            value = next(rest, "")
            if not (value.isascii() and value.isdigit() and len(value) <= 3 and int(value) >= 1):
                return None  # typer says what is wrong
            jobs = int(value)
        elif arg == "-" or not arg.startswith("-"):
            paths.append(arg)
        else:
            return None
    if not paths:
        return None
    return lambda: check(
        paths,
        json_output=json_output,
        output_format=CheckFormat.text,
        quiet=quiet,
        verbose=False,
        update=False,
        jobs=jobs,
        color=Color.auto,
    )


def _progress_wanted(chosen: CheckFormat, quiet: bool, files: int) -> bool:
    """A progress bar only for people: text output, not -q, several files, stdout and stderr both terminals."""
    return chosen is CheckFormat.text and not quiet and files > 1 and sys.stdout.isatty() and sys.stderr.isatty()


@app.command()
def check(
    paths: Annotated[
        list[str],
        typer.Argument(
            metavar="PATH...",
            help="Scenario files, folders (every *.yaml / *.yml below), quoted glob patterns ('scenarios/**/0*.yaml'), or - (standard input).",
        ),
    ],
    json_output: Annotated[bool, typer.Option("--json", help="Same as --format json.")] = False,
    output_format: Annotated[
        CheckFormat,
        typer.Option(
            "--format", help="text (problems as FILE:LINE:COL: what), json (one document) or github (GitHub Actions annotations)."
        ),
    ] = CheckFormat.text,
    quiet: Annotated[bool, typer.Option("--quiet", "-q", help="No progress bar; with --json or -v, only the failures and errors.")] = False,
    verbose: Annotated[bool, typer.Option("--verbose", "-v", help="Also a table of every file and its status.")] = False,
    update: Annotated[
        bool,
        typer.Option("--update", help="Write the current answers into the expect: blocks that differ (comments and order kept)."),
    ] = False,
    jobs: Annotated[
        int | None,
        typer.Option(
            "--jobs",
            "-j",
            min=1,
            metavar="N",
            help="Check N files at a time in worker processes (default: serial for the first second of CPU time, then one per idle CPU, at most 8, if as much work is left; -j 1 serial). Output is the same. --update writes serially, after the check.",
        ),
    ] = None,
    color: ColorOption = Color.auto,
) -> None:
    """Validate every scenario file and compare those with an `expect:` block; exit 1 on any mismatch or error."""
    from ..checking import check_files, find_scenarios

    chosen = CheckFormat.json if json_output else output_format
    expanded = _expand_paths(paths)
    if update and "-" in expanded:
        _fail("--update writes files; it cannot update standard input")
    files, problems = find_scenarios(expanded)
    if not files and not problems:
        _fail(f"no scenario files (*.yaml, *.yml) found in {', '.join(paths)}")
    stdin = stdin_stream() if "-" in files else None
    if _progress_wanted(chosen, quiet, len(files)):
        from ..render.check_view import CheckProgress

        with CheckProgress(console_for(color, stderr=True), len(files)) as progress:
            report = check_files(files, problems, stdin=stdin, on_file=progress.advance, jobs=jobs)
    else:
        report = check_files(files, problems, stdin=stdin, jobs=jobs)
    if update:
        from ..updating import update_report

        update_report(report)
    _print_check(report, chosen, quiet=quiet, verbose=verbose, color=color)
    if not report.ok:
        raise typer.Exit(1)


def _print_check(report: Any, chosen: CheckFormat, *, quiet: bool, verbose: bool, color: Color) -> None:
    if chosen is CheckFormat.json:
        document = report.to_dict()
        if quiet:
            document["results"] = [r for r in document["results"] if r["status"] not in ("pass", "valid")]
        write_json(document)
        return
    stdout_takes_unicode()
    if chosen is CheckFormat.github:
        from ..errors import escape_controls
        from ..render.github import github_annotations

        sys.stdout.write(escape_controls(github_annotations(report), keep="\n"))  # one annotation a line, no raw controls
        return
    from ..render.check_view import render_problems, render_summary, render_table

    console = console_for(color)
    if verbose:
        render_table(report, console, quiet=quiet)
    else:
        render_problems(report, console)
    render_summary(report, console)
