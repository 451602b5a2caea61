"""``enemy-move serve``: the table page (enemy_move/serve, docs/serve.md). Thin: parse, start, map errors."""

from __future__ import annotations

from typing import Annotated

import typer

from .shared import app
from .usage import fail as _fail


@app.command()
def serve(
    folder: Annotated[str, typer.Argument(help="Folder of scenario files to serve (default: the current folder).")] = ".",
    host: Annotated[
        str, typer.Option("--host", help="Address to listen on; 0.0.0.0 lets phones in (then the URL carries a token).")
    ] = "127.0.0.1",
    port: Annotated[int, typer.Option("--port", help="Port (default 8765).", min=0, max=65535)] = 8765,
    lan: Annotated[bool, typer.Option("--lan", help="Same as --host 0.0.0.0: phones on this network, with a token and a QR code.")] = False,
) -> None:
    """Serve the folder's boards as web pages for the phones at the table: live answer, touch editing (enemy-move docs serve)."""
    try:
        from ..serve import ServeError, run
    except ImportError as error:  # starlette or uvicorn missing
        _fail(f"serve needs its web packages ({error}); install enemy-move with its dependencies")
    try:
        run(folder, "0.0.0.0" if lan else host, port)
    except ServeError as error:
        _fail(str(error))
    except KeyboardInterrupt:
        pass
