"""``resolve --watch``: run a callback each time a file changes, by plain polling.

Polling (reading the file twice a second) needs no dependency, works the same
on every OS, on network drives and in containers, and its cost is nothing next
to one resolve. The file's content is compared, not its size and modification
time: a save that keeps both (same length, a coarse or restored clock) is still
seen. The clock and the reading are injectable so tests run without waiting.
"""

from __future__ import annotations

import contextlib
import hashlib
import os
import stat
import time
from collections.abc import Callable
from typing import BinaryIO

from .loader import MAX_FILE_BYTES

#: What identifies a version of the file: a digest of its content (up to one
#: byte past the loader's size cap); None while the file is missing or
#: unreadable (an editor saving by rename).
Signature = bytes | None


def file_signature(path: str) -> Signature:
    """None also for what is not a regular file: a FIFO put in the file's place is never read (opening it would
    wait for a writer, and the watch would hang: it is opened without waiting, and only a regular file is read)."""
    try:
        with _open_regular(path) as handle:
            return hashlib.sha256(handle.read(MAX_FILE_BYTES + 1)).digest() if handle is not None else None
    except OSError:
        return None


def _open_regular(path: str) -> BinaryIO | contextlib.nullcontext[None]:
    """``path`` opened for reading if it is a regular file (a context manager either way); OSError if it cannot be."""
    descriptor = os.open(path, os.O_RDONLY | os.O_NONBLOCK)
    if stat.S_ISREG(os.fstat(descriptor).st_mode):
        return os.fdopen(descriptor, "rb")
    os.close(descriptor)
    return contextlib.nullcontext(None)


def watch_file(
    path: str,
    on_change: Callable[[], None],
    *,
    interval: float = 0.5,
    iterations: int | None = None,
    sleep: Callable[[float], None] = time.sleep,
    signature: Callable[[str], Signature] = file_signature,
    on_missing: Callable[[str], None] | None = None,
) -> int:
    """Call ``on_change`` now and after each change of ``path``; return how often it ran.

    ``iterations`` bounds the number of polls (None: until interrupted). ``on_missing`` hears, once each
    time, that the file was deleted or became unreadable (the reason in words): the answer shown is stale.
    """
    last = signature(path)
    on_change()
    runs = 1
    polls = 0
    while iterations is None or polls < iterations:
        sleep(interval)
        polls += 1
        current = signature(path)
        if current != last and current is not None:
            last = current
            on_change()
            runs += 1
        elif current is None:
            if last is not None and on_missing is not None:
                on_missing(missing_reason(path))
            last = None
    return runs


def missing_reason(path: str) -> str:
    """Why ``path`` cannot be read now, in words."""
    if not os.path.lexists(path):
        return "it was deleted or moved"
    try:
        with _open_regular(path) as handle:
            if handle is None:
                return "it is a folder now" if os.path.isdir(path) else "it is not a regular file now (a FIFO, a device...)"
    except OSError as error:
        return f"it cannot be read ({error.strerror or error})"
    return "it cannot be read"
