"""``enemy-move edit``: the terminal board editor (enemy_move/editor, docs/editor.md).

Thin: parse the arguments and start the editor, imported only here so that
the other commands never import textual.
"""

from __future__ import annotations

from typing import Annotated

import typer

from .shared import app, complete_ruleset, fail_scenario
from .usage import fail as _fail


@app.command()
def edit(
    file: Annotated[str, typer.Argument(help="Scenario file to edit; a new board when it does not exist.")],
    ruleset: Annotated[
        str | None, typer.Option("--ruleset", help="New board: the ruleset (default gloomhaven).", autocompletion=complete_ruleset)
    ] = None,
    variant: Annotated[str | None, typer.Option("--variant", help="New board: the variant (default: the ruleset's).")] = None,
    size: Annotated[
        str | None, typer.Option("--size", metavar="COLSxROWS", help="New board: a walled room of this size, e.g. 9x7.")
    ] = None,
    # Retired (textual-serve drew an 80-column terminal, unreadable on a phone): the table page replaces it.
    serve: Annotated[bool, typer.Option("--serve", hidden=True)] = False,
    host: Annotated[str | None, typer.Option("--host", hidden=True)] = None,
    port: Annotated[int | None, typer.Option("--port", hidden=True)] = None,
) -> None:
    """Edit a board in the terminal with the live answer; Ctrl+N plays the next round (enemy-move docs editor)."""
    from ..errors import ScenarioError

    if serve or host is not None or port is not None:
        _fail("edit --serve is retired: run `enemy-move serve FOLDER`, the table page for phones and browsers (enemy-move docs serve)")
    try:
        from ..editor import EditorUsageError, run
    except ImportError as error:  # textual missing: say how to get it
        _fail(f"edit needs the textual package ({error}); install enemy-move with its dependencies")
    try:
        status = run(file, ruleset, variant, size)
    except EditorUsageError as error:
        _fail(str(error))
    except ScenarioError as error:
        fail_scenario(error)
    raise typer.Exit(status)
