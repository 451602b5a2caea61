"""``enemy-move check``'s work, without typer: its paths, its run, its report, and the plain line answered at once.

The typer command (cli/check.py) parses every check line and calls :func:`run_check`. The entry point
(command.py) answers ``check PATH... [--json] [-q] [-j N]`` (any order), the line scripts and the bench use,
here without importing typer or the cli package (typer and its command tree: about 117 M instructions, 18 ms of
a check's start). Failures are said exactly as the typer commands say them: a usage failure goes through
cli/usage.py (typer is imported for that line only), and the exit codes are the same.
"""

from __future__ import annotations

import gc
import os
import sys
from collections.abc import Callable
from enum import StrEnum
from typing import Any, NoReturn

from .terminal import Color, console_for, stdin_stream, stdout_takes_unicode, write_json

#: The collector's youngest-generation threshold in a plain check's process (Python's default: 700; the peak memory
#: of gloom's 546 positions and of scenarios/ is the same, 42 MB).
CHECK_GC_THRESHOLD = 20_000


class CheckFormat(StrEnum):
    text = "text"
    json = "json"
    github = "github"


def _fail(message: str) -> NoReturn:
    """A usage failure, one line on stderr and exit 2, said by cli/usage.py (typer's echo, as every command)."""
    from .cli.usage import fail

    fail(message)


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
            from .flag_values import missing

            _fail(missing(path))
    if expanded.count("-") > 1:
        _fail("- (standard input) can be checked once")
    return expanded


def plain_check(args: list[str]) -> Callable[[], None] | None:
    """``check PATH... [--json] [-q] [-j N]`` (any order), as scripts and the bench call it, answered without typer
    (its command tree and parameter adapters import pydantic's plugin loader and importlib.metadata); any other
    command line goes through typer as usual."""
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
    chosen = CheckFormat.json if json_output else CheckFormat.text
    return lambda: run_check(paths, chosen, quiet=quiet, verbose=False, update=False, jobs=jobs, color=Color.auto)


def progress_wanted(chosen: CheckFormat, quiet: bool, files: int) -> bool:
    """A progress bar only for people: text output, not -q, several files, stdout and stderr both terminals."""
    return chosen is CheckFormat.text and not quiet and files > 1 and sys.stdout.isatty() and sys.stderr.isatty()


def run_check(paths: list[str], chosen: CheckFormat, *, quiet: bool, verbose: bool, update: bool, jobs: int | None, color: Color) -> None:
    """Check every scenario under ``paths`` and print the report; exit 1 (``SystemExit``) on any mismatch or error."""
    from .checking import check_files, find_scenarios

    expanded = _expand_paths(paths)
    if update and "-" in expanded:
        _fail("--update writes files; it cannot update standard input")
    files, problems = find_scenarios(expanded)
    if not files and not problems:
        _fail(f"no scenario files (*.yaml, *.yml) found in {', '.join(paths)}")
    stdin = stdin_stream() if "-" in files else None
    if progress_wanted(chosen, quiet, len(files)):
        from .render.check_view import CheckProgress

        with CheckProgress(console_for(color, stderr=True), len(files)) as progress:
            report = check_files(files, problems, stdin=stdin, on_file=progress.advance, jobs=jobs)
    else:
        report = check_files(files, problems, stdin=stdin, jobs=jobs)
    if update:
        from .updating import update_report

        update_report(report)
    _print_check(report, chosen, quiet=quiet, verbose=verbose, color=color)
    if not report.ok:
        raise SystemExit(1)


def _print_check(report: Any, chosen: CheckFormat, *, quiet: bool, verbose: bool, color: Color) -> None:
    if chosen is CheckFormat.json:
        document = report.to_dict()
        if quiet:
            document["results"] = [r for r in document["results"] if r["status"] not in ("pass", "valid")]
        write_json(document)
        return
    stdout_takes_unicode()
    if chosen is CheckFormat.github:
        from .errors import escape_controls
        from .render.github import github_annotations

        sys.stdout.write(escape_controls(github_annotations(report), keep="\n"))  # one annotation a line, no raw controls
        return
    from .render.check_view import render_problems, render_summary, render_table

    console = console_for(color)
    if verbose:
        render_table(report, console, quiet=quiet)
    else:
        render_problems(report, console)
    render_summary(report, console)


def plain_main(args: list[str], *, exit_at_once: bool = False) -> None:
    """The entry point's first look: a plain check line is answered and the process ends (``exit_at_once``: as soon as
    its output is written, ``exit_now``); any other line returns, for typer's command tree."""
    command = plain_check(args)
    if command is not None:
        gc.freeze()  # everything imported so far lives as long as the process: the collector need not scan it again
        if exit_at_once:  # this process ends with the check (not a caller's, e.g. a test's)
            # The batch's short-lived objects are freed by their counts; a young generation examined every 700 new
            # ones (Python's default) took about 2 % of gloom's 546 positions: every 20,000 finds the same cycles.
            gc.set_threshold(CHECK_GC_THRESHOLD, *gc.get_threshold()[1:])
        run_plain(command, exit_at_once=exit_at_once)


def run_plain(command: Callable[[], None], *, exit_at_once: bool) -> NoReturn:
    """A plain check (or cli.main's ``resolve FILE``) with the usual exits: 0, the command's own code, 130 on Ctrl-C,
    1 for output that cannot be written (output_guard), 2 for input nested too deeply."""
    from .output_guard import run_guarded

    try:
        run_guarded(lambda: _run(command), _echo_error)
    except RecursionError:
        _echo_error("enemy-move: input too deeply nested")
        sys.exit(2)
    except SystemExit as done:
        if exit_at_once:
            exit_now(done.code)
        raise
    raise AssertionError("unreachable: _run always exits")


def _run(command: Callable[[], None]) -> NoReturn:
    try:
        command()
    except KeyboardInterrupt:
        sys.exit(130)
    except Exception as error:
        typer = sys.modules.get("typer")  # imported only by a usage failure (cli/usage.py) or a typer command
        if typer is not None and isinstance(error, typer.Exit):
            sys.exit(error.exit_code)
        raise
    sys.exit(0)


def _echo_error(line: str) -> None:
    """One line on stderr, written as typer's commands write it (typer's echo: its encoding of a non-UTF-8 stderr)."""
    import typer

    typer.echo(line, err=True)


def exit_now(code: Any) -> None:
    """End a plain ``check`` without the interpreter's own ending, which frees every object one by one (the answers
    of a whole batch: about 40 M instructions for gloom's 546 positions); returns when that cannot be done safely.

    Safe here: every output of the command went through standard output and standard error, flushed now (a flush
    that fails returns, and the usual exit reports it); a plain ``check`` writes no file (``--update`` goes through
    typer) and reads none after its report; its workers were joined when their pool closed, and it starts no thread;
    the exit functions registered with ``atexit`` (the start-up cache's writer, enemy_move/dataclass_code.py, and
    multiprocessing's) run first, as at a usual exit; the exit code is the same."""
    import atexit

    run_exit_functions = getattr(atexit, "_run_exitfuncs", None)
    if not (code is None or isinstance(code, int)) or run_exit_functions is None:
        return
    try:
        sys.stdout.flush()
        sys.stderr.flush()
    except Exception:  # noqa: BLE001  # the usual exit says what went wrong
        return
    run_exit_functions()
    os._exit(code or 0)
