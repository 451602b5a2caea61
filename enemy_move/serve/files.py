"""The scenario files a page may read or write: only files under the served folder.

A name from a request is refused when any part of it is empty, ``.`` or ``..``
(after the URL's own decoding: ``%2e%2e`` arrives here as ``..``), starts
with a dot, or holds a backslash or a NUL; what is left must still be inside
the folder once every symbolic link is followed (a link out of the folder is
refused), and end in ``.yaml`` or ``.yml``.
"""

from __future__ import annotations

import hashlib
import os
import re
import threading
from collections import OrderedDict
from dataclasses import dataclass
from pathlib import Path

#: Files listed on the front page at most (a folder of a few hundred boards is large).
MAX_LISTED = 2000
SUFFIXES = (".yaml", ".yml")
#: A new file's name: letters, digits, space, dot, dash, underscore; no folder part.
_NEW_NAME = re.compile(r"^[A-Za-z0-9][A-Za-z0-9 ._-]{0,80}$")


def digest(text: str) -> str:
    """What the page remembers of the file it loaded: a conflict is a file whose text no longer has it."""
    return hashlib.sha256(text.encode("utf-8", "surrogatepass")).hexdigest()


def read_text(path: Path) -> str:
    """A scenario file's text as the loader reads it (byte-order mark and size cap included); its bytes are noted as
    accepted (a page may save over them)."""
    from ..loader import load_file

    loaded = load_file(path)
    note_accepted(path, loaded.source.raw or b"")
    return loaded.source.text


#: Files whose bytes the server read and the loader accepted (or the server wrote), by path and the bytes' digest: a
#: save replaces only such bytes (serve/saving.py), never a file the loader refuses, which no page could have loaded.
ACCEPTED_KEPT = 256
_accepted: OrderedDict[tuple[str, str], None] = OrderedDict()
_accepted_lock = threading.Lock()


def note_accepted(path: Path, raw: bytes) -> None:
    """Note that the loader accepted the bytes ``raw`` of ``path`` (read, or written by a save)."""
    key = (str(path), hashlib.sha256(raw).hexdigest())
    with _accepted_lock:
        _accepted[key] = None
        _accepted.move_to_end(key)
        while len(_accepted) > ACCEPTED_KEPT:
            _accepted.popitem(last=False)


def accepted(path: Path, raw: bytes) -> bool:
    """Whether the server read (or wrote) exactly the bytes ``raw`` at ``path`` and the loader accepted them."""
    with _accepted_lock:
        return (str(path), hashlib.sha256(raw).hexdigest()) in _accepted


def forget_accepted() -> None:
    """Forget every file read (tests: as after a restart)."""
    with _accepted_lock:
        _accepted.clear()


class PathRefused(ValueError):
    """A name that does not lead to a scenario file inside the folder."""


@dataclass(frozen=True)
class Folder:
    root: Path

    @classmethod
    def at(cls, folder: str | Path) -> Folder:
        return cls(Path(os.path.realpath(folder)))

    def listing(self) -> tuple[list[str], bool]:
        """The scenario files under the folder (relative, '/'-separated, sorted); True when cut at MAX_LISTED.
        Hidden files and folders and links leading out of the folder are left out."""
        found: list[str] = []
        for directory, folders, files in os.walk(self.root):
            folders[:] = sorted(f for f in folders if not f.startswith(".") and self._inside(Path(directory, f)))
            for name in sorted(files):
                if name.endswith(SUFFIXES) and not name.startswith(".") and self._inside(Path(directory, name)):
                    found.append(Path(directory, name).relative_to(self.root).as_posix())
                    if len(found) >= MAX_LISTED:
                        return found, True
        return found, False

    def _inside(self, path: Path) -> bool:
        real = Path(os.path.realpath(path))
        return real == self.root or self.root in real.parents

    def resolve(self, name: str, *, exists: bool = True) -> Path:
        """The file ``name`` (relative to the folder) names; PathRefused when it is outside or not a scenario file."""
        parts = name.split("/")
        if not name or len(name) > 1000 or "\\" in name or "\0" in name or any(not p or p.startswith(".") for p in parts):
            raise PathRefused(f"{name!r} is not a scenario file of the served folder")
        if not name.endswith(SUFFIXES):
            raise PathRefused(f"{name!r} is not a scenario file (.yaml or .yml)")
        path = self.root.joinpath(*parts)
        if not self._inside(path):
            raise PathRefused(f"{name!r} leads out of the served folder")
        if exists and not path.is_file():
            raise PathRefused(f"no scenario file {name!r} in the served folder")
        return path

    def new_file(self, name: str) -> Path:
        """Where a new board called ``name`` is saved (``.yaml`` added when missing); PathRefused when the name is not plain."""
        name = name.strip()
        if not name.endswith(SUFFIXES):
            name += ".yaml"
        if not _NEW_NAME.match(name):
            raise PathRefused(f"{name!r}: a new file's name is letters, digits, spaces, dots, dashes and underscores")
        return self.resolve(name, exists=False)

    def relative(self, path: Path) -> str:
        return path.relative_to(self.root).as_posix()
