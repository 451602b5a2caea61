"""The plain scenario file read line by line, without YAML's parser (issue 34: `check`'s read of many small files).

Most scenario files use a small part of YAML: block mappings of plain keys, one-line values (plain scalars,
quoted text without escapes, flow lists and mappings), `- ` lists of one-line values, and literal (`|`, the map)
and folded (`>`, a description) blocks. libyaml's events for such a file cost about 9,500 instructions each as
Python objects (about 80 a file: 1.3 M instructions a file with the loader's work on them); this reads the same
file from its lines, each line read once per process (files repeat most of theirs: figures, actions, options).

:func:`read` gives exactly what the loader's one-pass read (``loader_events._fast_load``) gives for the same
text: the same values, the same positions of every value and key in the same order, the same literal blocks
and block marks for ``yaml_blocks.fast_origins``; or None for anything outside that part of YAML, however
harmless (a tab, an escape, an anchor, an empty value, a multi-line scalar, an indentation digit or chomping
sign, a key that is neither a plain name nor a decimal integer, a duplicate key, a float that is not kept exactly...): the loader then
reads the file with libyaml as before, and every message comes from there. tests/test_plain_yaml.py compares
the two on every project and shared-suite file, on seeded random damage to them and on generated files.
"""

from __future__ import annotations

import math
import re
from typing import Any, NamedTuple

from .yaml_text import MAX_NUMBER_CHARS  # a longer number is refused by the loader, with its message

YamlPath = tuple[Any, ...]

#: Deepest nesting taken (the loader refuses beyond 64; anything near is read by libyaml).
MAX_PLAIN_DEPTH = 48
#: Deepest nesting taken within one line's flow collection.
_MAX_FLOW_DEPTH = 8


class Mark(NamedTuple):
    """A 0-based line and column, as libyaml's marks give them (what ``fast_origins`` reads of a block's marks)."""

    line: int
    column: int


class Unplain(Exception):
    """The text leaves the plain part of YAML: libyaml reads it."""


#: The characters left to libyaml: tabs, line breaks other than the line feed, a byte-order mark inside the text,
#: and (refused by the loader's character check before, with their messages) controls, surrogates, non-characters.
NOT_PLAIN = re.compile("[\x00-\x09\x0b-\x1f\x7f-\x9f\ufeff\u2028\u2029\ud800-\udfff\ufffe\uffff]")
#: A block mapping's key (a plain name, or a decimal integer the loader keeps as a number: figures `0:` to `9:`)
#: and the value indicator, with the spaces after it.
_KEY = re.compile(r"([A-Za-z_][A-Za-z0-9_]*|0|[1-9][0-9]{0,15}):(?: +|$)")
#: Names the strict resolver reads as null or booleans: as keys the loader keeps their text, left to it.
_RESERVED = frozenset(("null", "Null", "NULL", "true", "True", "TRUE", "false", "False", "FALSE"))
#: A one-line plain scalar in block context (a value or a list item): a first character that starts nothing else
#: in YAML (or `-` before one that is no space), then anything but `: `, a `:` at the end and ` #` (a comment).
BLOCK_PLAIN = re.compile(r"(?:[^-?:,\[\]{}#&*!|>'\"%@` \n]|-[^ \n])(?:[^ :\n]|:(?=[^ \n])| +(?=[^ #\n]))*")
#: A plain scalar in a flow collection: words of letters, digits and `_.+-`, single spaces between them.
FLOW_PLAIN = re.compile(r"(?:[A-Za-z0-9_]|[-+.][A-Za-z0-9])[A-Za-z0-9_.+\-]*(?: [A-Za-z0-9_.+\-]+)*")
#: The strict resolver's implicit types (loader._StrictResolver; null and booleans are the sets below).
_INT = re.compile(r"[-+]?(?:0|[1-9][0-9]*)")
_FLOAT = re.compile(r"[-+]?(?:0|[1-9][0-9]*)\.[0-9]+")
_NULLS = frozenset(("~", "null", "Null", "NULL"))
#: The first characters of the texts ``_resolved`` may read as another type.
_STARTS_TYPED = frozenset("~nNtTfF+-0123456789")
_BOOLEANS = {"true": True, "True": True, "TRUE": True, "false": False, "False": False, "FALSE": False}


class PlainRead(NamedTuple):
    data: Any
    #: Each literal block's path and the 0-based mark of its `|` (the loader's ``_Builder.literals``).
    literals: list[tuple[YamlPath, int, int]]
    #: Each literal block as the one-pass read notes it for ``fast_origins`` (``_Builder.blocks``).
    blocks: list[tuple[Any, Any, int, bool, bool]]


def read(text: str, positions: dict[YamlPath, tuple[int, int]], key_positions: dict[YamlPath, tuple[int, int]]) -> PlainRead | None:
    """The document's values, their 1-based positions filled into ``positions`` and ``key_positions`` (in the
    one-pass read's order), or None (and the two left as they were) when the text is not plain."""
    if not text or NOT_PLAIN.search(text) is not None or not text.endswith("\n"):
        return None
    reader = Reader(text, positions, key_positions)
    try:
        data = reader.document()
    except Unplain:
        positions.clear()
        key_positions.clear()
        return None
    return PlainRead(data, reader.literals, reader.blocks)


def _indent(line: str) -> int:
    return len(line) - len(line.lstrip(" "))


def _resolved(text: str) -> Any:
    """A plain scalar's value as the strict resolver and the loader read it (what they refuse, left to them)."""
    if text in _NULLS:
        return None
    if text in _BOOLEANS:
        return _BOOLEANS[text]
    if _INT.fullmatch(text):
        if len(text) > MAX_NUMBER_CHARS:
            raise Unplain
        return int(text)
    if _FLOAT.fullmatch(text):
        if len(text) > MAX_NUMBER_CHARS:
            raise Unplain
        from decimal import Decimal  # a float in a scenario file is rare

        value = float(text)
        if not math.isfinite(value) or Decimal(repr(value)) != Decimal(text):
            raise Unplain
        return value
    return text


def _after_value(line: str, at: int) -> None:
    """Nothing but spaces and a comment (after a space) may follow a value on its line."""
    rest = line[at:]
    stripped = rest.lstrip(" ")
    if stripped and (stripped[0] != "#" or len(stripped) == len(rest)):
        raise Unplain


# What a line outside the literal blocks holds after its key (or its `- `): the value's kind.
NESTED, LITERAL, FOLDED, SCALAR, FLOW = range(5)


class Line(NamedTuple):
    """One line, read once (``_lines`` keeps it for every file of the process): where it starts, its key (None: a
    `- ` item), the kind of its value and the value (a flow collection's as a template, copied for each use), the
    value's column, for a flow collection the columns of its parts relative to the value's, and the line's text from
    the value on (what the value was read from)."""

    indent: int
    key: str | int | None
    kind: int
    value: Any
    column: int
    parts: tuple[tuple[YamlPath, int], ...] = ()
    keys: tuple[tuple[YamlPath, int], ...] = ()
    rest: str = ""


class Value(NamedTuple):
    """A line's value read from its text (``Line``'s fields of the same names)."""

    kind: int
    value: Any = None
    parts: tuple[tuple[YamlPath, int], ...] = ()
    keys: tuple[tuple[YamlPath, int], ...] = ()


#: Lines read, by their text: scenario files repeat most of theirs (figures, actions, an expected option...).
_LINES: dict[str, Line | None] = {}
_LINES_KEPT = 8192
_BAD = Line(-1, None, -1, None, -1)  # a line outside the plain part, kept as such
#: Values read, by their text: lines that differ only by their key or indentation share it (a large file's entries
#: of one kind repeat a few flow mappings, each under its own name).
_VALUES: dict[str, Value | None] = {}
_BAD_VALUE = Value(-1)


def line_read(line: str) -> Line | None:
    """The line read (None: blank or a comment), from ``_LINES`` when met before."""
    found = _LINES.get(line, _BAD)
    if found is _BAD:
        try:
            found = _read_line(line)
        except Unplain:
            found = _BAD
        if len(_LINES) >= _LINES_KEPT:
            _LINES.clear()
        _LINES[line] = found
    if found is _BAD:
        raise Unplain
    return found


def _read_line(line: str) -> Line | None:
    stripped = line.lstrip(" ")
    if not stripped or stripped[0] == "#":
        return None
    indent = len(line) - len(stripped)
    key: str | int | None = None
    if stripped.startswith("- "):
        rest = stripped[2:].lstrip(" ")
        at = len(line) - len(rest)
        if not rest or rest[0] in "#|>":
            raise Unplain  # an empty item, a block in a list
    else:
        found = _KEY.match(line, indent)
        if found is None or found.group(1) in _RESERVED:
            raise Unplain
        key, at = _key(found.group(1)), found.end()
        rest = line[at:]
    if rest:
        plain = BLOCK_PLAIN.match(rest)
        if plain is not None and plain.end() == len(rest):  # the usual line: a plain scalar and nothing after it
            value = rest if rest[0] not in _STARTS_TYPED else _resolved(rest)
            return NEW(Line, (indent, key, SCALAR, value, at, (), (), rest))  # without namedtuple's Python __new__
    read = value_read(rest)
    if read is None:
        raise Unplain
    return NEW(Line, (indent, key, read.kind, read.value, at, read.parts, read.keys, rest))


def value_read(rest: str) -> Value | None:
    """The value a line holds from ``rest``, its text after the key (or the `- `), from ``_VALUES`` when met before;
    None: outside the plain part."""
    read = _VALUES.get(rest, _BAD_VALUE)
    if read is _BAD_VALUE:
        try:
            read = _read_value(rest)
        except Unplain:
            read = None
        if len(_VALUES) >= _LINES_KEPT:
            _VALUES.clear()
        _VALUES[rest] = read
    return read


#: A tuple's own constructor: a Line made without namedtuple's Python __new__ (a call a line).
NEW = tuple.__new__


def _key(text: str) -> str | int:
    """A key as the loader keeps it: a decimal integer (`0`, `12`) is a number."""
    return int(text) if text[0] in "0123456789" else text


def _read_value(rest: str) -> Value:
    """The value a line holds from its text after the key (or the `- `): nested under it, a block, a scalar or a
    flow collection, with what follows it checked (a comment at most)."""
    if not rest or rest[0] == "#":
        return Value(NESTED)
    if rest[0] in "|>":
        _after_value(rest, 1)
        return Value(LITERAL if rest[0] == "|" else FOLDED)
    parts = _Parts(rest)
    value = parts.inline(0, (), 0, flow=False)
    _after_value(rest, parts.end)
    if rest[0] in "[{":
        return Value(FLOW, value, tuple(parts.positions.items()), tuple(parts.key_positions.items()))
    return Value(SCALAR, value)


def _copy(value: Any) -> Any:
    """A fresh copy of a flow collection's template (its scalars are immutable)."""
    if type(value) is list:
        return [_copy(item) if type(item) in (list, dict) else item for item in value]
    return {key: _copy(item) if type(item) in (list, dict) else item for key, item in value.items()}


class _Parts:
    """A one-line value read, the columns of its parts kept by their paths relative to it."""

    def __init__(self, line: str):
        self.line = line
        self.positions: dict[YamlPath, int] = {}
        self.key_positions: dict[YamlPath, int] = {}
        self.end = 0  # the column after the last value read

    def inline(self, at: int, path: YamlPath, depth: int, *, flow: bool) -> Any:
        """A value from column ``at``: a flow collection, quoted text or a plain scalar."""
        line = self.line
        if depth > _MAX_FLOW_DEPTH or at >= len(line):
            raise Unplain
        first = line[at]
        if first == "[" or first == "{":
            return self.collection(at, path, depth)
        self.positions[path] = at
        if first == '"' or first == "'":
            close = line.find(first, at + 1)
            if close < 0 or (first == '"' and "\\" in line[at:close]) or line.startswith(first, close + 1):
                raise Unplain  # an escape, a quote doubled, text over several lines
            self.end = close + 1
            return line[at + 1 : close]
        found = (FLOW_PLAIN if flow else BLOCK_PLAIN).match(line, at)
        if found is None:
            raise Unplain
        text = found.group() if flow else found.group().rstrip(" ")
        self.end = at + len(text)  # a block value: the caller sees that only a comment follows (no `:`, no `#` unspaced)
        return _resolved(text)

    def collection(self, at: int, path: YamlPath, depth: int) -> Any:
        """A flow list or mapping that ends on its line."""
        line = self.line
        self.positions[path] = at
        closing = "]" if line[at] == "[" else "}"
        result: Any = [] if closing == "]" else {}
        at = _skip(line, at + 1)
        if line.startswith(closing, at):
            self.end = at + 1
            return result
        while True:
            if closing == "]":
                result.append(self.inline(at, (*path, len(result)), depth + 1, flow=True))
            else:
                found = _KEY.match(line, at)
                key = _key(found.group(1)) if found is not None else None
                if found is None or key in _RESERVED or key in result or not line.startswith(" ", found.end() - 1):
                    raise Unplain
                inner = (*path, key)
                self.key_positions[inner] = at
                result[key] = self.inline(found.end(), inner, depth + 1, flow=True)
            at = _skip(line, self.end)
            if line.startswith(closing, at):
                self.end = at + 1
                return result
            if not line.startswith(",", at):
                raise Unplain
            at = _skip(line, at + 1)
            if at >= len(line) or line[at] in ",]}":
                raise Unplain  # a comma at the end or doubled


def _skip(line: str, at: int) -> int:
    return len(line) - len(line[at:].lstrip(" "))


class Reader:
    def __init__(self, text: str, positions: dict[YamlPath, tuple[int, int]], key_positions: dict[YamlPath, tuple[int, int]]):
        self.lines = text.split("\n")  # the last is "" (the text ends with a line feed)
        self.positions = positions
        self.key_positions = key_positions
        self.literals: list[tuple[YamlPath, int, int]] = []
        self.blocks: list[tuple[Any, Any, int, bool, bool]] = []

    def content(self, number: int) -> int:
        """The first line from ``number`` on that is neither blank nor a comment (len(lines) at the end)."""
        lines = self.lines
        while number < len(lines) and line_read(lines[number]) is None:
            number += 1
        return number

    def document(self) -> Any:
        first = self.content(0)
        line = line_read(self.lines[first]) if first < len(self.lines) else None
        if line is None or line.indent or line.key is None:
            raise Unplain  # empty, a root that is no block mapping at column 1
        data, number = self.mapping(first, 0, (), 0)
        if number < len(self.lines):
            raise Unplain
        return data

    def mapping(self, number: int, indent: int, path: YamlPath, depth: int) -> tuple[dict[Any, Any], int]:
        """A block mapping whose first key starts line ``number`` at column ``indent``; the line after it."""
        if depth > MAX_PLAIN_DEPTH:
            raise Unplain
        positions, key_positions, lines = self.positions, self.key_positions, self.lines
        positions[path] = (number + 1, indent + 1)
        result: dict[Any, Any] = {}
        while number < len(lines):
            line = line_read(lines[number])
            assert line is not None  # content() passed the blanks and comments
            if line.indent < indent:
                break
            key = line.key
            if line.indent > indent or key is None or key in result:
                raise Unplain
            inner = (*path, key)
            key_positions[inner] = (number + 1, indent + 1)
            kind = line.kind
            if kind == SCALAR:
                positions[inner] = (number + 1, line.column + 1)
                result[key] = line.value
            elif kind == FLOW:
                result[key] = self.flow(line, number, inner, depth + 1)
            elif kind in (LITERAL, FOLDED):
                result[key], number = self.block(number, line.column, indent, inner, kind == FOLDED)
                continue
            else:
                result[key], number = self.below(number, indent, inner, depth + 1)
                continue
            number = self.content(number + 1)
        return result, number

    def below(self, number: int, indent: int, path: YamlPath, depth: int) -> tuple[Any, int]:
        """The block collection under the key on line ``number`` (nothing after the key); the line after it."""
        below = self.content(number + 1)
        line = line_read(self.lines[below]) if below < len(self.lines) else None
        if line is None or line.indent <= indent:
            raise Unplain  # an empty value (null): libyaml says where
        if line.key is None:
            return self.sequence(below, line.indent, path, depth)
        return self.mapping(below, line.indent, path, depth)

    def flow(self, line: Line, number: int, path: YamlPath, depth: int) -> Any:
        """A flow collection's copy, the positions of its parts recorded."""
        if depth > MAX_PLAIN_DEPTH:
            raise Unplain
        row, at = number + 1, line.column + 1
        positions, key_positions = self.positions, self.key_positions
        for part, column in line.parts:
            positions[path + part] = (row, at + column)
        for part, column in line.keys:
            key_positions[path + part] = (row, at + column)
        return _copy(line.value)

    def sequence(self, number: int, indent: int, path: YamlPath, depth: int) -> tuple[list[Any], int]:
        """A block sequence of one-line items, its first `-` at column ``indent`` of line ``number``."""
        if depth > MAX_PLAIN_DEPTH:
            raise Unplain
        self.positions[path] = (number + 1, indent + 1)
        items: list[Any] = []
        lines = self.lines
        while number < len(lines):
            line = line_read(lines[number])
            assert line is not None
            if line.indent < indent:
                break
            if line.indent > indent or line.key is not None:
                raise Unplain
            inner = (*path, len(items))
            if line.kind == FLOW:
                items.append(self.flow(line, number, inner, depth + 1))
            else:
                self.positions[inner] = (number + 1, line.column + 1)
                items.append(line.value)
            number = self.content(number + 1)
        return items, number

    def block(self, number: int, at: int, indent: int, path: YamlPath, folded: bool) -> tuple[str, int]:
        """A literal (`|`) or folded (`>`) block, no indentation digit, no chomping sign, its text from the next line
        on (a folded one without lines indented more than its first: those keep their breaks)."""
        lines = self.lines
        first = number + 1
        if first >= len(lines) or not lines[first].strip(" ") or (folded and path == ("map",)):
            raise Unplain  # an empty block, a blank first line, a folded map: libyaml (and the block pass) judge it
        inner = _indent(lines[first])
        if inner <= indent:
            raise Unplain
        pad = " " * inner
        text: list[str] = []
        kept = 0  # how many of ``text`` end at a line with text (the clipped block's lines)
        end = first
        for line in lines[first:]:
            if line.startswith(pad):
                rest = line[inner:]
                if rest.strip(" "):
                    if folded and rest[0] == " ":
                        raise Unplain  # a line indented more keeps its breaks in a folded block
                    text.append(rest)
                    kept = len(text)
                elif rest:
                    raise Unplain  # spaces beyond the indentation are the block's text
                else:
                    text.append("")
            elif line.strip(" "):
                break
            else:
                text.append("")
            end += 1
        if end == len(lines):
            end -= 1  # the end of the text: the last line, empty after the final line feed
        self.positions[path] = (number + 1, at + 1)
        if not folded:
            self.literals.append((path, number, at))
        # libyaml's end mark: the start of the line that ended the block (it marks each line before its indentation).
        self.blocks.append((Mark(number, at), Mark(end, 0), indent, path == ("map",), not folded))
        return (_folded(text[:kept]) if folded else "\n".join(text[:kept]) + "\n"), self.content(end)


def _folded(text: list[str]) -> str:
    """A folded block's value from its lines (blank ones ""): one break between two lines becomes a space, a run of
    blank lines between them its breaks alone; the last break kept."""
    value = text[0]
    blanks = 0
    for line in text[1:]:
        if line:
            value += ("\n" * blanks if blanks else " ") + line
            blanks = 0
        else:
            blanks += 1
    return value + "\n"
