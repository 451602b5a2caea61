"""Save from a page: never over a change made on disk since the page loaded the file.

The page sends the text it shows and the digest of the file's text when it
loaded it (``base``). A file whose text no longer has that digest changed on
disk: 409, and the page offers to reload. Otherwise the document read now is
given the page's text and written by ``ScenarioDocument.save()`` (atomic; it
also refuses a change made between that read and the write:
``enemy_move.document.atomic.ConflictError``, a 409 too). A read-only file: 403.
A new board gets a new file and never replaces one.
"""

from __future__ import annotations

from typing import Any

from ..errors import ScenarioError
from .files import Folder, PathRefused, digest
from .files import read_text as _read

CONFLICT = "changed on disk since this page loaded it: reload to see that version (your changes here are lost on reload; Share keeps a link to them)"


def save(folder: Folder, data: Any) -> tuple[int, dict[str, Any]]:
    """(HTTP status, answer) of a save request ``{file, text, base}`` or ``{name, text}`` (a new board)."""
    from ..document.atomic import ConflictError, ReadOnlyError, WriteError
    from ..document.document import ScenarioDocument
    from ..loader import load_file

    if not isinstance(data, dict) or not isinstance(data.get("text"), str):
        return 400, {"error": "expected the board's text"}
    text = data["text"]
    file, name = data.get("file"), data.get("name")
    try:
        if isinstance(file, str):
            path = folder.resolve(file, exists=False)
            if not path.is_file():
                return 409, {"error": f"{file}: removed from disk since this page loaded it", "conflict": True}
            loaded = load_file(path)
            if digest(loaded.source.text) != data.get("base"):
                return 409, {"error": f"{file}: {CONFLICT}", "conflict": True}
            # Read now, and write the page's text over exactly the bytes read (the writer's own check covers the
            # moment between this read and the rename); the file's byte-order mark, if any, is kept. Its tree is not
            # written: read from libyaml's events (0.9 s with ruamel's scanner for 1,000 areas and 6,875 links).
            document = ScenarioDocument.from_text(loaded.source.text, str(path), raw=loaded.source.raw, loaded=loaded, fast=True)
            document.path = path
            document.save(text=text)
            written = file
        elif isinstance(name, str):
            path = folder.new_file(name)
            if path.exists():
                return 409, {"error": f"{folder.relative(path)} exists already: choose another name"}
            document = ScenarioDocument.from_text(text, str(path))
            document.save(path)
            written = folder.relative(path)
        else:
            return 400, {"error": "save: give the file (or a new file's name)"}
    except PathRefused as error:
        return 403, {"error": str(error)}
    except ScenarioError as error:
        return 422, {"error": str(error)}
    except ConflictError as error:
        return 409, {"error": f"{file}: {CONFLICT}" if isinstance(file, str) else str(error), "conflict": isinstance(file, str)}
    except ReadOnlyError as error:
        return 403, {"error": str(error)}
    except WriteError as error:
        return 500, {"error": str(error)}
    saved = _read(path)
    return 200, {"file": written, "base": digest(saved), "text": saved, "message": f"saved {written}"}
