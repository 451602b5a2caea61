"""Values typed on a command line (or a form): read as the tool means them, bounded, and echoed short.

Numbers are ASCII digits only (``str.isdigit`` and ``\\d`` also take ``٣`` and
``³``) and at most a few digits, so that no value reaches ``int()``'s
4,300-digit limit or a size no board has. An echoed value is cut, so that a
100 KB argument makes a one-line message, not a 100 KB one.
"""

from __future__ import annotations

import re

#: Longest echo of a value in a message, in characters.
ECHO_CHARS = 60

_DIGITS = re.compile(r"[0-9]{1,9}")


def small_number(text: str, most: int) -> int | None:
    """``text`` as a whole number from 0 to ``most`` (ASCII digits, blanks around allowed), else None."""
    text = text.strip(" ")
    if len(text) > len(str(most)) + 3 or not _DIGITS.fullmatch(text):  # + 3: leading zeros
        return None
    value = int(text)
    return value if value <= most else None


def shown(value: str, limit: int = ECHO_CHARS) -> str:
    """``value`` for a message: cut to ``limit`` characters, saying how long it was."""
    if len(value) <= limit:
        return value
    return f"{value[: limit - 1]}… ({len(value):,} characters)"


def missing(path: str) -> str:
    """Why ``path`` (which ``os.path.exists`` says is not there) cannot be read: ``NAME: no such file``, or the system's
    reason (a name too long for the file system, a folder that cannot be searched); a very long name is cut."""
    import os

    try:
        os.stat(path)
    except FileNotFoundError:
        reason = "no such file"
    except OSError as error:
        reason = str(error.strerror or error)
    else:
        reason = "no such file"  # it appeared since: the caller's look said it was not there
    return f"{shown(path, MISSING_PATH_CHARS)}: {reason}"


#: A path named in full up to this length (a deep folder's whole path reads better than 60 characters of it).
MISSING_PATH_CHARS = 300
