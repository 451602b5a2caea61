"""Whether two paths name one file: the same path written two ways, through a link, or a link to it."""

from __future__ import annotations

import os


def same_file(first: str, second: str) -> bool:
    """True when ``first`` and ``second`` are (or would be, once written) one file."""
    try:
        return os.path.samefile(first, second)
    except OSError:  # one of them does not exist yet: compare where each would be
        return os.path.realpath(first) == os.path.realpath(second)
