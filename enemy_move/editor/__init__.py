"""``enemy-move edit``: a terminal board editor with the live answer and the next round (docs/editor.md).

Imports textual: only the ``edit`` command imports this package, so that
``resolve`` and ``check`` start as fast as before.
"""

from __future__ import annotations

import os
import shlex
import sys


class EditorUsageError(ValueError):
    """A bad command line for ``edit`` (reported as ``enemy-move: ...``, exit 2)."""


def parse_size(text: str) -> tuple[int, int]:
    cols, sep, rows = text.lower().replace(" ", "").partition("x")
    if not sep or not cols.isdigit() or not rows.isdigit() or not (1 <= int(cols) <= 64 and 1 <= int(rows) <= 64):
        raise EditorUsageError(f"--size {text}: expected COLSxROWS, each 1 to 64 (e.g. 9x7)")
    return int(cols), int(rows)


def open_session(path: str, ruleset: str | None = None, variant: str | None = None, size: str | None = None) -> object:
    """The session for FILE: read when it exists (ScenarioError when it is not YAML), else a new board."""
    from ..edit.document import EditError, ScenarioDocument
    from .session import Session

    if os.path.exists(path):
        if ruleset or variant or size:
            raise EditorUsageError(f"{path} exists: --ruleset, --variant and --size are for a new board")
        document = ScenarioDocument.from_path(path)
        return Session(document, path, saved_text=document.text())
    try:
        document = ScenarioDocument.new(ruleset or "gloomhaven", variant, parse_size(size) if size else None)
    except EditError as error:
        raise EditorUsageError(str(error)) from None
    document.file = path
    return Session(document, path)


def run(path: str, ruleset: str | None = None, variant: str | None = None, size: str | None = None) -> int:
    from .app import EditorApp
    from .session import Session

    session = open_session(path, ruleset, variant, size)
    assert isinstance(session, Session)
    status = EditorApp(session).run()
    return status or 0


def serve_command(path: str) -> str:
    """The shell command textual-serve runs for each browser that connects: this editor on FILE."""
    return shlex.join([sys.executable, "-m", "enemy_move", "edit", path])


def serve(path: str, ruleset: str | None, variant: str | None, size: str | None, address: tuple[str, int]) -> None:
    """``edit --serve``: the editor in a web browser (textual-serve starts one editor per browser page).

    A new board is written to FILE first, so that every page opens the same file."""
    try:
        from textual_serve.server import Server
    except ImportError:
        raise EditorUsageError("edit --serve needs the textual-serve package: pip install 'enemy-move[serve]'") from None
    if not os.path.exists(path):
        session = open_session(path, ruleset, variant, size)
        from .session import Session

        assert isinstance(session, Session)
        session.save()
    elif ruleset or variant or size:
        raise EditorUsageError(f"{path} exists: --ruleset, --variant and --size are for a new board")
    host, port = address
    # the page loads its scripts from this address: listening on every interface, a phone needs the machine's own
    public = f"http://{_own_address() if host in ('0.0.0.0', '::', '') else host}:{port}"
    print(f"enemy-move edit: open {public} in a browser (Ctrl+C stops)", flush=True)
    Server(serve_command(os.path.abspath(path)), host=host, port=port, title="enemy-move edit", public_url=public).serve()


def _own_address() -> str:
    """This machine's address on the local network (a UDP socket sends nothing until it writes)."""
    import socket

    try:
        with socket.socket(socket.AF_INET, socket.SOCK_DGRAM) as probe:
            probe.connect(("192.0.2.1", 9))  # a documentation address: only picks the outgoing interface
            return str(probe.getsockname()[0])
    except OSError:
        return socket.gethostname()
