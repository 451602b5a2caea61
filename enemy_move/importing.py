"""``enemy-move import NAME LINK``: one command per importer a game declares (``Game.importers``).

The CLI names no game: it adds whatever importers the registered games bring.
An importer's ``read`` turns a link into scenario text, raising ``ValueError``
(one line) for a link it cannot read.
"""

from __future__ import annotations

import sys
from collections.abc import Callable, Iterable
from typing import Annotated, NoReturn

import typer

from .game import Game, Importer


def _run(importer: Importer, link: str, output: str | None, fail: Callable[[str], NoReturn], overwrite: bool = False) -> None:
    import os

    from .flag_values import shown

    if output is not None and not output.strip():
        fail("--output: the file name is empty")
    if output is not None and not overwrite and os.path.isfile(output):  # a scenario someone wrote: left alone
        fail(f"--output {shown(output)}: the file exists; nothing written (add --overwrite to replace it, or give another name)")
    try:
        text = importer.run(link)
    except ValueError as error:
        fail(f"{importer.name} link: {error}")
    if output is None:
        sys.stdout.write(text)
        return
    from .output_guard import write_file_or_exit

    write_file_or_exit(output, output, text, new=not overwrite)  # atomic; a failure is one line, exit 1 (issue 26)


def _add(app: typer.Typer, importer: Importer, fail: Callable[[str], NoReturn]) -> None:
    def run(link: str, output: str | None = None, overwrite: bool = False) -> None:
        _run(importer, link, output, fail, overwrite)

    # Real objects, not strings: typer reads them, and they hold this importer's words.
    run.__annotations__ = {
        "link": Annotated[str, typer.Argument(help=importer.argument_help)],
        "output": Annotated[str | None, typer.Option("--output", "-o", help="Write the scenario to this file instead of standard output.")],
        "overwrite": Annotated[bool, typer.Option("--overwrite", help="Let -o replace a file that exists already.")],
        "return": None,
    }
    app.command(importer.name, help=importer.help)(run)


def add_import_commands(app: typer.Typer, games: Iterable[Game], fail: Callable[[str], NoReturn]) -> None:
    """Add an ``import`` subcommand to ``app`` for each importer of ``games``."""
    for game in games:
        for importer in game.importers:
            _add(app, importer, fail)
