"""A scenario file's bytes and characters, checked before YAML reads them (enemy_move/loader.py): the size cap,
UTF-8, and the characters YAML refuses, each refusal one line at its true position."""

from __future__ import annotations

import re

from .errors import ScenarioError
from .yaml_blocks import LINE_BREAK

#: Largest scenario file accepted. Real boards are a few KiB; 1 MiB leaves
#: room for the largest map (64x64, about 9 KiB) many times over, and parses in seconds.
MAX_FILE_BYTES = 1024 * 1024

#: Deepest nesting of lists and mappings accepted. Real scenarios nest about
#: 5 levels; the limit keeps every later recursive step far from Python's stack limit.
MAX_DEPTH = 64

#: Longest number accepted, in characters. Scenario numbers are small; the
#: cap keeps int() far from Python's 4,300-digit limit and floats finite.
#: The models then bound each value to its own range (docs/errors.md).
MAX_NUMBER_CHARS = 32

# Characters YAML itself refuses (the same set as PyYAML's reader), found
# before parsing so that the message is one line at the true position.
# U+2028 and U+2029 are refused too (see check_characters). Written as the refused
# characters rather than as the complement of the printable ones: the same set
# (tests/test_startup.py checks every code point), but compiled in 4 M instead of
# 58 M instructions (re fills a table entry per character of a class's ranges).
_NOT_PRINTABLE = re.compile("[\x00-\x08\x0b\x0c\x0e-\x1f\x7f-\x84\x86-\x9f\u2028\u2029\ud800-\udfff\ufffe\uffff]")
SURROGATE = re.compile("[\ud800-\udfff]")


def _position(text: str, index: int) -> tuple[int, int]:
    """1-based (line, column) of character ``index`` of ``text``, counting lines as YAML does."""
    breaks = list(LINE_BREAK.finditer(text, 0, index))
    line_start = breaks[-1].end() if breaks else 0
    return len(breaks) + 1, index - line_start + 1


def check_characters(text: str, file: str) -> None:
    bad = _NOT_PRINTABLE.search(text)
    if bad is None:
        return
    char = bad.group()
    line, col = _position(text, bad.start())
    if char == "\x00":
        raise ScenarioError(file, line, col, "NUL character: the file looks like UTF-16 or binary; save it as UTF-8 text")
    name = f"U+{ord(char):04X}"
    if char in "\u2028\u2029":
        # YAML breaks lines there but keeps the character in a map's text: rows and positions would disagree.
        raise ScenarioError(file, line, col, f"line separator {name} is not allowed in a scenario file; use a plain line break")
    kind = "lone surrogate" if SURROGATE.match(char) else "control character"
    raise ScenarioError(file, line, col, f"{kind} {name} is not allowed in a scenario file")


_BYTE_LINE_BREAK = re.compile(b"\r\n|[\r\n]|\xc2\x85")


def decode_bytes(raw: bytes, name: str, what: str) -> str:
    """The text of a scenario's bytes: size cap, UTF-8 (errors at their line and column), no BOM."""
    if len(raw) > MAX_FILE_BYTES:
        raise ScenarioError(name, 1, 1, f"{what} is larger than the {MAX_FILE_BYTES // 1024} KiB limit for scenario files")
    try:
        text = raw.decode("utf-8")
    except UnicodeDecodeError as error:
        breaks = list(_BYTE_LINE_BREAK.finditer(raw, 0, error.start))
        line = len(breaks) + 1
        col = error.start - (breaks[-1].end() if breaks else 0) + 1
        hint = "; it is UTF-16 (it starts with a UTF-16 byte-order mark): save it as UTF-8" if raw[:2] in (b"\xff\xfe", b"\xfe\xff") else ""
        raise ScenarioError(name, line, col, f"{what} is not valid UTF-8{hint}") from None
    return text.removeprefix("\ufeff")
