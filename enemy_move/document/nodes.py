"""ruamel.yaml round-trip nodes: reading, writing and walking them (the helpers of document.py)."""

from __future__ import annotations

import io
import re
from itertools import pairwise
from typing import Any

from ruamel.yaml import YAML
from ruamel.yaml.comments import CommentedMap, CommentedSeq
from ruamel.yaml.compat import ordereddict
from ruamel.yaml.scalarstring import DoubleQuotedScalarString, LiteralScalarString

from ..flag_values import shown, small_number

#: Largest list position a dotted key may name (scenario lists are far shorter).
MAX_LIST_POSITION = 9999
# A key written as a number (a digit label: `figures.1`): ASCII digits, few of them.
_KEY_NUMBER = re.compile(r"-?[0-9]{1,9}")


class EditError(ValueError):
    """An edit that cannot be made as asked; the message says why (one line, no position)."""


class NeedsRuamel(Exception):
    """A document read from libyaml's events (fastread.py) cannot write this edit exactly (a comment is in or next to a
    part it rewrites, or the layout cannot say): read the text with ruamel.yaml and make the edit again."""


def yaml_io(indent: tuple[int, int, int]) -> YAML:
    yaml = YAML(typ="rt")
    yaml.preserve_quotes = True
    yaml.width = 4096  # never re-wrap a long line the author wrote on one line
    # `[{to: [1, 2]}]` stays as written (ruamel would drop the braces of a one-key mapping).
    yaml.brace_single_entry_mapping_in_flow_sequence = True
    mapping, sequence, offset = indent
    yaml.indent(mapping=mapping, sequence=sequence, offset=offset)
    return yaml


#: guess_indent's `key:` line (nothing after the colon but a comment) and list item, compiled once (it tries every
#: line up to its answer: 1,000 areas before a 1,000-area file's first list, re's own cache looked up at each).
_HEADER = re.compile(r"^( *)(?:- +)?[^\s#:][^:#]*: *(?:#.*)?$")
_DASH = re.compile(r"^( *)- +")


def guess_indent(text: str) -> tuple[int, int, int]:
    """(mapping indent, sequence indent, dash offset) of a file, so that untouched lines keep their layout.

    The project's style (2, 4, 2) is the default: nested keys two spaces in,
    list dashes two spaces in under their key.
    """
    mapping, sequence, offset = 2, 4, 2
    # splitlines: a CRLF file's lines end with '\r' after split("\n"), and no `key:` line was found
    lines = (line for line in text.splitlines() if line.strip() and not line.lstrip().startswith("#"))
    found_mapping = found_sequence = False
    for before, after in pairwise(lines):  # read up to the first of each kind (a large file's first lines)
        if "#" not in before and before[-1] != ":" and not before.rstrip(" ").endswith(":"):
            continue  # no `key:` line (what _HEADER would say, without it: most lines of a large file)
        header = _HEADER.match(before)
        if header is None:
            continue
        outer, inner = len(header.group(1)), len(after) - len(after.lstrip(" "))
        dash = _DASH.match(after)
        if dash is not None and inner >= outer and not found_sequence:
            # `key:` then `  - item`: the dash's offset, and where the item's text starts.
            offset, sequence, found_sequence = inner - outer, dash.end() - outer, True
        elif dash is None and inner > outer and not found_mapping and not before.lstrip().startswith("- "):
            mapping, found_mapping = inner - outer, True
        if found_mapping and found_sequence:
            break
    return (mapping, sequence, offset)


def to_yaml(value: Any) -> Any:
    """A plain value as a round-trip node: mappings and lists in flow style, multi-line text as a literal block."""
    if isinstance(value, dict):
        mapping = CommentedMap()
        for key, item in value.items():
            mapping[key] = to_yaml(item)
        mapping.fa.set_flow_style()
        return mapping
    if isinstance(value, (list, tuple)):
        sequence = CommentedSeq([to_yaml(item) for item in value])
        sequence.fa.set_flow_style()
        return sequence
    if isinstance(value, str) and any(char in value for char in _FOLDED_UNLESS_QUOTED):
        # A literal block or a plain scalar would read these back as "\n" or a space: escaped, they stay.
        return DoubleQuotedScalarString(value)
    if isinstance(value, str) and "\n" in value:
        return LiteralScalarString(value)
    return value


#: Line breaks YAML folds or normalises outside double quotes (a carriage return, NEL, the line and paragraph
#: separators).
_FOLDED_UNLESS_QUOTED = ("\r", "\x85", "\u2028", "\u2029")


#: The types ``plain`` gives back as they are (its first test, also made before each child's call).
_LEAVES = frozenset((str, int, bool, float, type(None)))


def plain(value: Any) -> Any:
    """A round-trip node as plain dicts, lists, str, int, float, bool and None."""
    kind = type(value)
    if kind is str or kind is int or kind is bool or kind is float or value is None:
        return value  # already plain (most leaves)
    if isinstance(value, dict):
        # the dict's own items: CommentedMap.items() fetches each value through Python-level calls (the same values)
        items = ordereddict.items(value) if isinstance(value, ordereddict) else value.items()
        # a leaf already plain is taken as it is, without a call (most values: a board's thousands)
        return {(k if type(k) is str else str(k) if isinstance(k, str) else k): v if type(v) in _LEAVES else plain(v) for k, v in items}
    if isinstance(value, list):
        # the list's own items: CommentedSeq iterates through Python-level __getitem__ calls (the same items)
        return [item if type(item) in _LEAVES else plain(item) for item in list.__iter__(value)]
    if isinstance(value, str):
        return str(value)
    if isinstance(value, bool) or value is None:
        return value
    if isinstance(value, int):
        return int(value)
    if isinstance(value, float):
        return float(value)
    return value


def split_key(dotted: str) -> list[str]:
    parts = dotted.split(".")
    if not dotted or any(not part for part in parts):
        raise EditError(f"{dotted!r} is not a key: write dotted names such as action.move or figures.A.initiative")
    return parts


def find(container: Any, part: str) -> tuple[bool, Any]:
    """(found, key or index) of ``part`` in a mapping or a list; digit labels may be keys written as numbers."""
    if isinstance(container, dict):
        if part in container:
            return True, part
        if _KEY_NUMBER.fullmatch(part) and int(part) in container:
            return True, int(part)
        if _KEY_NUMBER.fullmatch(part) and container and all(isinstance(key, int) and not isinstance(key, bool) for key in container):
            return False, int(part)  # a new key among number keys (a stat card's `levels:`) is a number too
        return False, part
    if isinstance(container, list):
        index = small_number(part, MAX_LIST_POSITION)
        if index is None:
            raise EditError(f"{shown(part)!r} is not a list position (0, 1, ... at most {MAX_LIST_POSITION})")
        return index < len(container), index
    raise EditError(f"{part!r}: the value above it is {describe(container)}, not a mapping")


def describe(value: Any) -> str:
    if isinstance(value, bool):
        return "true/false"
    if isinstance(value, (int, float)):
        return f"the number {value}"
    if isinstance(value, str):
        return "text"
    return "nothing" if value is None else type(value).__name__


def insert_key(mapping: CommentedMap, key: str, value: Any, order: tuple[str, ...] = ()) -> None:
    """Add ``key`` after the last key of ``order`` that precedes it (or at the end / before a later one)."""
    if key in mapping or key not in order:
        mapping[key] = value
        return
    rank = order.index(key)
    keys = list(mapping)
    position = len(keys)
    for index, existing in enumerate(keys):
        if existing in order and order.index(existing) > rank:
            position = index
            break
    mapping.insert(position, key, value)


def dump(data: Any, indent: tuple[int, int, int]) -> str:
    stream = io.StringIO()
    yaml_io(indent).dump(data, stream)
    return stream.getvalue()


def first_line(error: Exception) -> str:
    return str(error).strip().splitlines()[0] if str(error).strip() else type(error).__name__


def first_difference(mine: Any, theirs: Any, source: Any, path: tuple[Any, ...] = ()) -> tuple[int, int]:
    """(line, column) of the first value the two readings disagree on."""
    if isinstance(mine, dict) and isinstance(theirs, dict):
        for key in theirs:
            if key not in mine or mine[key] != theirs[key]:
                return first_difference(mine.get(key), theirs[key], source, (*path, key))
    elif isinstance(mine, list) and isinstance(theirs, list) and len(mine) == len(theirs):
        for index, (a, b) in enumerate(zip(mine, theirs)):
            if a != b:
                return first_difference(a, b, source, (*path, index))
    line, column = source.where(path)
    return int(line), int(column)


def keep_writable(container: Any) -> bool:
    """An emptied block mapping or list is written `{}` / `[]` (ruamel would write a stray `{}` line under its key).
    True when ``container`` is such an emptied collection."""
    if not container and isinstance(container, (CommentedMap, CommentedSeq)):
        container.fa.set_flow_style()
        return True
    return False
