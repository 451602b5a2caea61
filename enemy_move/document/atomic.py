"""Replace a file atomically: a temporary file beside it, fsync, then one rename.

A reader (or a crash, or a full disk) sees either the old file or the new one,
never half of either: the new text is complete on disk before the rename, and
the rename is atomic on the same file system.

Nothing a user wrote is replaced unseen: given ``expect``, the bytes the
writer read the file as (``None``: it did not exist), the file is compared
again just before the rename, and a change made since (another editor,
another program) raises :class:`ConflictError` with nothing written. A file
whose permissions make it read-only is never replaced (:class:`ReadOnlyError`), and neither is
one with several names (hard links, :class:`LinkedError`): a rename would give this name a new
file and leave the others holding the old text.
"""

from __future__ import annotations

import contextlib
import errno
import os
import stat
import tempfile
from pathlib import Path


class WriteError(OSError):
    """The file could not be written; the old file (if any) is untouched."""

    #: The message without the file's name (a command names the file its own way: ``--svg out.svg``).
    reason: str = ""

    @classmethod
    def at(cls, path: str | Path, reason: str) -> WriteError:
        error = cls(f"{path}: {reason}")
        error.reason = reason
        return error


class ConflictError(WriteError):
    """The file changed on disk since it was read (or appeared since): it was not replaced."""


class ReadOnlyError(WriteError):
    """The file is read-only: it was not replaced."""


class LinkedError(WriteError):
    """The file has other names (hard links): replacing it would part them, so it was not replaced."""


class Anything:
    """``expect`` when any content may be replaced (a picture, the next round's file)."""


#: Replace whatever the file holds.
ANYTHING = Anything()

#: How much of the file's name the temporary beside it repeats (".NAME.XXXXXXXX.tmp" stays far under 255 bytes).
TEMPORARY_NAME_CHARS = 64


def write_atomic(path: str | Path, text: str, *, expect: bytes | None | Anything = ANYTHING) -> bytes:
    """Write ``text`` (UTF-8) to ``path``, replacing it in one step; returns the bytes written.

    On failure nothing changed at ``path`` and :class:`WriteError` says so.
    ``expect``: the bytes the file must still hold (``None``: it must not exist),
    checked just before the rename; else :class:`ConflictError`.
    An existing file's permission bits are kept; a read-only one is not replaced.
    A symbolic link is followed (the file it names is replaced, the link stays);
    a device or pipe (``/dev/stdout``, a FIFO) is written in place, since
    renaming over it would replace the device.
    """
    data = text.encode("utf-8", "surrogateescape")
    try:
        status = os.stat(path)  # through a symbolic link: what would be written
    except FileNotFoundError:
        status = None
    except OSError as error:
        raise WriteError.at(path, f"cannot write: {error.strerror or error}") from None
    if status is not None and stat.S_ISDIR(status.st_mode):
        raise WriteError.at(path, "cannot write: it is a folder")
    if status is not None and not stat.S_ISREG(status.st_mode):
        if isinstance(expect, bytes):  # the file read was a regular file: a FIFO or a device in its place is another's
            raise ConflictError.at(path, "is not a regular file now (a FIFO, a device...); not replaced")
        _write_in_place(Path(path), data)
        return data
    target = Path(os.path.realpath(path)) if os.path.islink(path) else Path(path)
    directory = target.parent if str(target.parent) else Path(".")
    mode = status.st_mode & 0o7777 if status is not None else None
    if mode is not None and (not mode & 0o222 or not os.access(target, os.W_OK)):
        raise ReadOnlyError.at(target, "is read-only; not replaced (make it writable, or save under another name)")
    _check_one_name(target)
    _check_unchanged(target, expect)
    try:
        # the temporary's name is cut: a target's own name may be as long as the file system allows (255 bytes)
        handle, temporary = tempfile.mkstemp(prefix=f".{target.name[:TEMPORARY_NAME_CHARS]}.", suffix=".tmp", dir=directory)
    except OSError as error:
        raise WriteError.at(target, f"cannot write: {error.strerror or error}") from None
    try:
        with os.fdopen(handle, "wb") as stream:
            stream.write(data)
            stream.flush()
            os.fsync(stream.fileno())
        if mode is not None:
            os.chmod(temporary, mode)
        else:
            _default_mode(temporary)
        _check_one_name(target)
        _check_unchanged(target, expect)  # again: the window left is the rename itself
        os.replace(temporary, target)
    except (ConflictError, LinkedError):
        with contextlib.suppress(OSError):
            os.unlink(temporary)
        raise
    except OSError as error:
        with contextlib.suppress(OSError):
            os.unlink(temporary)
        kept = "the old file is unchanged" if mode is not None else "nothing was written"
        raise WriteError.at(target, f"cannot write ({error.strerror or error}); {kept}") from None
    _sync_directory(directory)
    return data


def _check_unchanged(target: Path, expect: bytes | None | Anything) -> None:
    if isinstance(expect, Anything):
        return
    try:
        # opened without waiting and read only when it is a regular file: a FIFO put in its place would block the open
        descriptor = os.open(target, os.O_RDONLY | os.O_NONBLOCK)
    except FileNotFoundError:
        now: bytes | None = None
    except OSError as error:
        raise WriteError.at(target, f"cannot read it again before writing ({error.strerror or error}); not replaced") from None
    else:
        now = _read_regular(target, descriptor, len(expect) + 1 if expect is not None else 1)  # no more than tells them apart
    if now == expect:
        return
    if expect is None:
        raise ConflictError.at(target, "exists now (it did not when this was started); not replaced")
    if now is None:
        raise ConflictError.at(target, "was deleted or moved since it was read; not written")
    raise ConflictError.at(target, "changed on disk since it was read; not replaced")


def _read_regular(target: Path, descriptor: int, size: int) -> bytes:
    with os.fdopen(descriptor, "rb") as stream:
        if not stat.S_ISREG(os.fstat(stream.fileno()).st_mode):
            raise ConflictError.at(target, "is not a regular file now (a FIFO, a device, a folder...); not replaced")
        try:
            return stream.read(size)
        except OSError as error:
            raise WriteError.at(target, f"cannot read it again before writing ({error.strerror or error}); not replaced") from None


def _check_one_name(target: Path) -> None:
    """A file with other names (hard links) is not replaced: the rename would part this name from the others,
    which would keep the old text (nothing says so); writing it in place instead could leave half a file."""
    try:
        names = os.stat(target).st_nlink
    except OSError:
        return  # not there (a new file), or unreadable: the writer's own checks say what
    if names > 1:
        raise LinkedError.at(
            target,
            f"not replaced: the file has {names} names (hard links), and a new file would part this name from the "
            "others (save under another name, or copy it to a file of its own first)",
        )


def _write_in_place(target: Path, data: bytes) -> None:
    """A FIFO or a device (``/dev/stdout``) is written, not replaced. Opened without waiting: a FIFO nobody reads
    would block the open forever; it is refused (ENXIO) instead."""
    try:
        descriptor = os.open(target, os.O_WRONLY | os.O_NONBLOCK | getattr(os, "O_NOCTTY", 0))
    except OSError as error:
        if error.errno == errno.ENXIO:
            raise WriteError.at(target, "cannot write: nothing is reading from it (a FIFO needs its reader first)") from None
        raise WriteError.at(target, f"cannot write: {error.strerror or error}") from None
    try:
        os.set_blocking(descriptor, True)  # a reader is there: write it all, as to any pipe
        with os.fdopen(descriptor, "wb") as stream:
            descriptor = -1
            stream.write(data)
    except OSError as error:
        raise WriteError.at(target, f"cannot write: {error.strerror or error}") from None
    finally:
        if descriptor >= 0:
            os.close(descriptor)


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
