"""``enemy-move edit``: a terminal board editor with the live answer and the next round (docs/editor.md).

Imports textual: only the ``edit`` command imports this package, so that
``resolve`` and ``check`` start as fast as before.
"""

from __future__ import annotations

import os

from .usage import EditorUsageError, parse_size

__all__ = ["EditorUsageError", "open_session", "parse_size", "run"]


def open_session(path: str, ruleset: str | None = None, variant: str | None = None, size: str | None = None) -> object:
    """The session for FILE: read when it exists (ScenarioError when it is not YAML), else a new board."""
    from ..document.document import EditError, ScenarioDocument
    from ..registry import DEFAULT_GAME
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
        document = ScenarioDocument.new(ruleset or DEFAULT_GAME, variant, parse_size(size) if size else None)
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
