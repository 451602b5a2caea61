"""Replace a file atomically: a temporary file beside it, fsync, then one rename.

A reader (or a crash, or a full disk) sees either the old file or the new one,
never half of either: the new text is complete on disk before the rename, and
the rename is atomic on the same file system.
"""

from __future__ import annotations

import contextlib
import os
import stat
import tempfile
from pathlib import Path


class WriteError(OSError):
    """The file could not be written; the old file (if any) is untouched."""


def write_atomic(path: str | Path, text: str) -> None:
    """Write ``text`` (UTF-8) to ``path``, replacing it in one step.

    On failure nothing changed at ``path`` and :class:`WriteError` says so.
    An existing file's permission bits are kept. A symbolic link is followed (the
    file it names is replaced, the link stays); a device or pipe (``/dev/stdout``,
    a FIFO) is written in place, since renaming over it would replace the device.
    """
    target = Path(os.path.realpath(path)) if os.path.islink(path) else Path(path)
    directory = target.parent if str(target.parent) else Path(".")
    try:
        status = os.stat(target)
    except FileNotFoundError:
        status = None
    except OSError as error:
        raise WriteError(f"{target}: cannot write: {error.strerror or error}") from None
    if status is not None and stat.S_ISDIR(status.st_mode):
        raise WriteError(f"{target}: cannot write: it is a folder")
    if status is not None and not stat.S_ISREG(status.st_mode):
        _write_in_place(target, text)
        return
    mode = status.st_mode & 0o7777 if status is not None else None
    try:
        handle, temporary = tempfile.mkstemp(prefix=f".{target.name}.", suffix=".tmp", dir=directory)
    except OSError as error:
        raise WriteError(f"{target}: cannot write: {error.strerror or error}") from None
    try:
        with os.fdopen(handle, "w", encoding="utf-8", newline="") as stream:
            stream.write(text)
            stream.flush()
            os.fsync(stream.fileno())
        if mode is not None:
            os.chmod(temporary, mode)
        else:
            _default_mode(temporary)
        os.replace(temporary, target)
    except OSError as error:
        with contextlib.suppress(OSError):
            os.unlink(temporary)
        kept = "the old file is unchanged" if mode is not None else "nothing was written"
        raise WriteError(f"{target}: cannot write ({error.strerror or error}); {kept}") from None
    _sync_directory(directory)


def _write_in_place(target: Path, text: str) -> None:
    try:
        with open(target, "w", encoding="utf-8", newline="") as stream:
            stream.write(text)
    except OSError as error:
        raise WriteError(f"{target}: cannot write ({error.strerror or error})") from None


def _default_mode(temporary: str) -> None:
    # mkstemp creates 0600; a new scenario gets the usual mode for new files (0666 less the umask).
    umask = os.umask(0)
    os.umask(umask)
    os.chmod(temporary, 0o666 & ~umask)


def _sync_directory(directory: Path) -> None:
    """Make the rename itself durable (POSIX); harmless where directories cannot be opened."""
    try:
        descriptor = os.open(directory, os.O_RDONLY)
    except OSError:
        return
    try:
        with contextlib.suppress(OSError):
            os.fsync(descriptor)
    finally:
        os.close(descriptor)
