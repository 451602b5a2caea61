"""Save from a page: never over a change made on disk since the page loaded the file, never over a file the loader
refuses, and never a text the loader refuses.

The page sends the text it shows and the digest of the file's text when it
loaded it (``base``). A file whose text no longer has that digest changed on
disk: 409, and the page offers to reload. A file whose bytes the server did not
read and accept (a request made by hand with the digest of a file the loader
refuses, which no page can load) is read now, and a file the loader refuses is
not replaced: 409, with the loader's line. The page's text is checked before
anything is written, as the loader would read it from the file (a shared link's
text may be anything): a refusal is the loader's line, 422, and nothing is
written. Otherwise the bytes read are replaced by the page's text through
``ScenarioDocument.save()`` (atomic; it also refuses a change made between that
read and the write: ``enemy_move.document.atomic.ConflictError``, a 409 too). A
read-only file: 403. A new board gets a new file and never replaces one.
Neither the file nor the page's text is parsed when the server read the file's
bytes (serve/files.py notes them) and kept the page's text (its last edit wrote
it, serve/parsed.py): only their size and UTF-8 are checked.
"""

from __future__ import annotations

import os
import stat
from pathlib import Path
from typing import TYPE_CHECKING, Any

from ..errors import ScenarioError
from .files import Folder, PathRefused, accepted, digest, note_accepted
from .files import read_text as _read

if TYPE_CHECKING:
    from ..document.document import ScenarioDocument

CONFLICT = "changed on disk since this page loaded it: reload to see that version (your changes here are lost on reload; Share keeps a link to them)"
#: A file on disk the loader refuses: a page cannot have loaded it, so no save replaces it.
REFUSED = "not replaced: the file on disk does not load ({}); fix it by hand, or save this board under a new name"


def save(folder: Folder, data: Any) -> tuple[int, dict[str, Any]]:
    """(HTTP status, answer) of a save request ``{file, text, base}`` or ``{name, text}`` (a new board)."""
    from ..document.atomic import ConflictError, LinkedError, ReadOnlyError, WriteError
    from ..document.document import ScenarioDocument
    from ..loader import load_file, load_text
    from ..yaml_text import decode_bytes
    from . import parsed

    if not isinstance(data, dict) or not isinstance(data.get("text"), str):
        return 400, {"error": "expected the board's text"}
    text = data["text"]
    file, name = data.get("file"), data.get("name")
    try:
        if isinstance(file, str):
            path = folder.resolve(file, exists=False)
            if not path.is_file():
                return 409, {"error": f"{file}: removed from disk since this page loaded it", "conflict": True}
            raw = _unchanged(path, data.get("base"))
            if raw is None:  # changed on disk (or unreadable, not UTF-8...): the loader says what, as it always did
                loaded = load_file(path)
                if digest(loaded.source.text) != data.get("base"):
                    return 409, {"error": f"{file}: {CONFLICT}", "conflict": True}
                raw = loaded.source.raw or b""
            elif not accepted(path, raw):  # bytes the server never read (a restart, or a request made by hand)
                try:
                    load_text(decode_bytes(raw, file, "file"), file)  # named as the page names it
                except ScenarioError as error:
                    return 409, {"error": f"{file}: {REFUSED.format(error)}", "conflict": False}
            # Write the page's text over exactly the bytes read (the writer's own check covers the moment between this
            # read and the rename); the file's byte-order mark, if any, is kept. The page's text is written as it is:
            # nothing of the file's tree is (so it is not read: 0.9 s with ruamel's scanner for 1,000 areas and 6,875
            # links, then 0.1 s from libyaml's events).
            document = _for_text(text, path, raw)
            _check_text(document.file_text(text), file, not parsed.holds(text, file))  # before anything is written
            document.save(text=text)
            written = file
            saved = decode_bytes(document.original.raw or b"", str(path), "file")
        elif isinstance(name, str):
            path = folder.new_file(name)
            if path.exists():
                return 409, {"error": f"{folder.relative(path)} exists already: choose another name"}
            _check_text(text, folder.relative(path), False)  # its size; from_text reads its YAML
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
    except (ReadOnlyError, LinkedError) as error:  # the file's own state refuses it: no retry helps
        return 403, {"error": str(error)}
    except WriteError as error:
        return 500, {"error": str(error)}
    note_accepted(path, document.original.raw or b"")
    if not isinstance(file, str):
        saved = _read(path)
    return 200, {"file": written, "base": digest(saved), "text": saved, "message": f"saved {written}"}


def _check_text(file_text: str, name: str, parse: bool) -> None:
    """Refuse (the loader's ScenarioError, nothing written) a text the loader would refuse once written as the file
    ``name``: its size and UTF-8 (a JSON text may hold a lone surrogate: never valid UTF-8 on disk), and with
    ``parse`` (a text the server did not write itself) its YAML."""
    from ..loader import load_text
    from ..yaml_text import decode_bytes

    text = decode_bytes(file_text.encode("utf-8", "surrogatepass"), name, "file")
    if parse:
        load_text(text, name)


def _unchanged(path: Path, base: Any) -> bytes | None:
    """The file's bytes when its text (as the loader decodes it) still has the digest ``base`` the page loaded it with:
    it is then the text the page loaded, which the loader read then (it is not read again). None otherwise."""
    from ..loader import MAX_FILE_BYTES
    from ..yaml_text import decode_bytes

    try:
        # not waiting: a FIFO put in the file's place since the page's look would block this thread's open forever
        with open(os.open(path, os.O_RDONLY | os.O_NONBLOCK), "rb") as handle:
            if not stat.S_ISREG(os.fstat(handle.fileno()).st_mode):
                return None  # the loader then says what it is
            raw = handle.read(MAX_FILE_BYTES + 1)
        return raw if isinstance(base, str) and digest(decode_bytes(raw, str(path), "file")) == base else None
    except (OSError, ScenarioError):
        return None


def _for_text(text: str, path: Path, raw: bytes) -> ScenarioDocument:
    """A document standing for the file's bytes ``raw`` at ``path``, for ``save(text=...)`` only: it writes ``text``
    (after the file's byte-order mark) over exactly those bytes. Its tree is empty: nothing writes it."""
    from ruamel.yaml.comments import CommentedMap

    from ..document.document import ScenarioDocument
    from ..document.original import Original

    original = Original(raw.decode("utf-8", "replace").removeprefix("\ufeff"), raw.startswith(b"\xef\xbb\xbf"), raw)
    return ScenarioDocument(CommentedMap(), file=str(path), original=original, path=path, fast=True)
