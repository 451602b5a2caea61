"""``resolve --watch``: run a callback each time a file changes, by plain polling.

Polling (a stat() twice a second) needs no dependency, works the same on every
OS, on network drives and in containers, and its cost is nothing next to one
resolve. The clock and the stat are injectable so tests run without waiting.
"""

from __future__ import annotations

import os
import time
from collections.abc import Callable

#: What identifies a version of the file: (modification time in ns, size);
#: None while the file is missing (an editor saving by rename).
Signature = tuple[int, int] | None


def file_signature(path: str) -> Signature:
    try:
        status = os.stat(path)
    except OSError:
        return None
    return (status.st_mtime_ns, status.st_size)


def watch_file(
    path: str,
    on_change: Callable[[], None],
    *,
    interval: float = 0.5,
    iterations: int | None = None,
    sleep: Callable[[float], None] = time.sleep,
    signature: Callable[[str], Signature] = file_signature,
) -> int:
    """Call ``on_change`` now and after each change of ``path``; return how often it ran.

    ``iterations`` bounds the number of polls (None: until interrupted).
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
            last = None
    return runs
