"""``enemy-move edit``: a terminal board editor with the live answer and the next round (docs/editor.md).

Imports textual: only the ``edit`` command imports this package, so that
``resolve`` and ``check`` start as fast as before.
"""

from __future__ import annotations

import os


class EditorUsageError(ValueError):
    """A bad command line for ``edit`` (reported as ``enemy-move: ...``, exit 2)."""


def parse_size(text: str) -> tuple[int, int]:
    from ..flag_values import shown, small_number

    cols, sep, rows = text.lower().replace(" ", "").partition("x")
    width, height = small_number(cols, 64), small_number(rows, 64)
    if not sep or width is None or height is None or not (width >= 1 and height >= 1):
        raise EditorUsageError(f"--size {shown(text)}: expected COLSxROWS, each 1 to 64 (e.g. 9x7)")
    return width, height


def open_session(path: str, ruleset: str | None = None, variant: str | None = None, size: str | None = None) -> object:
    """The session for FILE: read when it exists (ScenarioError when it is not YAML), else a new board."""
    from ..edit.document import EditError, ScenarioDocument
    from .session import Session

    if os.path.exists(path):
        if ruleset or variant or size:
            raise EditorUsageError(f"{path} exists: --ruleset, --variant and --size are for a new board")
        document = ScenarioDocument.from_path(path)
        text = document.text()
        session = Session(document, path, saved_text=text, disk=document.original.raw)
        session._text = (session.generation, text)
        return session
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
