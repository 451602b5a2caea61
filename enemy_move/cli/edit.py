"""``enemy-move edit``: the terminal board editor (enemy_move/editor, docs/editor.md).

Thin: parse the arguments and start the editor, imported only here so that
the other commands never import textual.
"""

from __future__ import annotations

from typing import Annotated

import typer

from . import _complete_ruleset, _fail, _fail_scenario, app


@app.command()
def edit(
    file: Annotated[str, typer.Argument(help="Scenario file to edit; a new board when it does not exist.")],
    ruleset: Annotated[
        str | None, typer.Option("--ruleset", help="New board: the ruleset (default gloomhaven).", autocompletion=_complete_ruleset)
    ] = None,
    variant: Annotated[str | None, typer.Option("--variant", help="New board: the variant (default: the ruleset's).")] = None,
    size: Annotated[
        str | None, typer.Option("--size", metavar="COLSxROWS", help="New board: a walled room of this size, e.g. 9x7.")
    ] = None,
    serve: Annotated[bool, typer.Option("--serve", help="Serve the editor to a web browser (needs enemy-move\\[serve]).")] = False,
    host: Annotated[str, typer.Option("--host", help="With --serve: the address to listen on (0.0.0.0: the whole network).")] = "localhost",
    port: Annotated[int, typer.Option("--port", help="With --serve: the port.")] = 8000,
) -> None:
    """Edit a board in the terminal with the live answer; Ctrl+N plays the next round (docs/editor.md)."""
    from ..errors import ScenarioError

    try:
        from ..editor import EditorUsageError, run
    except ImportError as error:  # textual missing: say how to get it
        _fail(f"edit needs the textual package ({error}); install enemy-move with its dependencies")
    try:
        if serve:
            from ..editor import serve as serve_editor

            serve_editor(file, ruleset, variant, size, address=(host, port))
            raise typer.Exit(0)
        status = run(file, ruleset, variant, size)
    except EditorUsageError as error:
        _fail(str(error))
    except ScenarioError as error:
        _fail_scenario(error)
    raise typer.Exit(status)
