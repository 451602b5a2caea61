"""``enemy-move check``: validate scenario files and compare them with their ``expect:`` blocks.

Prints problems one per line (``FILE:LINE:COL: what``) and a summary; ``-v``
the table; ``--json`` one document; ``--format github`` annotations;
``--update`` writes the current answers into the ``expect:`` blocks that differ.
The work is check_command.py's (which also answers a plain check line without typer); this is its typer face.
"""

from __future__ import annotations

from typing import Annotated

import typer

from ..check_command import CheckFormat, plain_check, run_check
from ..check_command import progress_wanted as _progress_wanted
from .shared import Color, ColorOption, app

__all__ = ["CheckFormat", "_progress_wanted", "check", "plain_check"]


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
    chosen = CheckFormat.json if json_output else output_format
    run_check(paths, chosen, quiet=quiet, verbose=verbose, update=update, jobs=jobs, color=color)
