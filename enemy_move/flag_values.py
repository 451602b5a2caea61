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
