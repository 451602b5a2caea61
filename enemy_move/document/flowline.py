"""A child written on one line in flow style (``  a: {side: enemy, area: R12, at: [3, 4]}``), changed without
ruamel.yaml (issue 34: the page's next round moves up to 61 figures, and ruamel's reading and writing of each moved
figure's line cost about 1.5 ms of the 50 ms an edit may take).

The part writer (layout.py) writes a changed child by dumping it with ruamel and splicing that into the child's lines
against ruamel's text of those lines read alone. Where the child's line is exactly what ruamel writes for its old
value, and its new node is of the few kinds whose writing is certain (flow mappings and lists of plain words, whole
numbers and true/false, no comment, anchor or tag), both of those texts are known without ruamel: the old line is
ruamel's own, so the splice takes ruamel's new line whole, and that line is :func:`line` of the new node. The loader's
reading of the new line is the check (else the part writer does it the usual way). tests/test_flowline.py compares
:func:`line` with ruamel's writing on random values.
"""

from __future__ import annotations

import re
from typing import Any

from ruamel.yaml.comments import CommentedMap, CommentedSeq
from ruamel.yaml.scalarint import ScalarInt

#: A word ruamel writes plain (YAML 1.2: no number, null or true/false spelling; those start with a digit, a sign or
#: a dot, or are among the words below). The loader's reading of the line is checked anyway.
_WORD = re.compile(r"[A-Za-z][A-Za-z0-9_]{0,99}")
_SPECIAL = frozenset(word for spelled in ("null", "true", "false") for word in (spelled, spelled.capitalize(), spelled.upper()))
#: ruamel re-wraps a flow line longer than its width (4096, nodes.yaml_io); far shorter lines only are written here.
MAX_LINE = 1000


class _NotCertain(Exception):
    pass


def _scalar(value: Any) -> str:
    kind = type(value)
    if kind is bool:
        return "true" if value else "false"
    if kind is int:
        return str(value)
    if kind is ScalarInt and value._underscore is None and value.yaml_anchor(any=True) is None:
        # a number as read (ruamel keeps its leading zeros), written as ruamel's represent_scalar_int writes it
        return f"{value:0{value._width}d}" if value._width is not None else format(value, "d")
    if kind is str and _WORD.fullmatch(value) and value not in _SPECIAL:
        return str(value)
    raise _NotCertain


def _bare(node: Any) -> bool:
    """No comment, anchor or tag on a collection node (ruamel would write them)."""
    ca = node.ca
    if ca.items or ca.comment is not None or ca.end:
        return False
    anchor = getattr(node, "anchor", None)
    if anchor is not None and getattr(anchor, "value", None) is not None:
        return False
    tag = getattr(node, "tag", None)
    return tag is None or getattr(tag, "value", None) is None


#: Flow collections nested deeper than this are left to ruamel (it indents a fourth level of lists oddly).
MAX_DEPTH = 3


def _flow(node: Any, depth: int = 1) -> str:
    kind = type(node)
    if kind is CommentedMap:
        if not node or not node.fa.flow_style() or not _bare(node) or getattr(node, "merge", None) or depth > MAX_DEPTH:
            raise _NotCertain
        return "{" + ", ".join(f"{_scalar(key)}: {_flow(value, depth + 1)}" for key, value in node.items()) + "}"
    if kind is CommentedSeq:
        if not node or not node.fa.flow_style() or not _bare(node) or depth > MAX_DEPTH:
            raise _NotCertain
        return "[" + ", ".join(_flow(item, depth + 1) for item in node) + "]"
    return _scalar(node)


def _plain_flow(value: Any) -> str:
    """The same for a plain value (the loader's reading of the old line)."""
    if type(value) is dict:
        if not value:
            raise _NotCertain
        return "{" + ", ".join(f"{_scalar(key)}: {_plain_flow(item)}" for key, item in value.items()) + "}"
    if type(value) is list:
        if not value:
            raise _NotCertain
        return "[" + ", ".join(_plain_flow(item) for item in value) + "]"
    return _scalar(value)


def line(key: Any, node: Any, column: int) -> str | None:
    """ruamel's line for ``key: node`` in a block mapping at ``column`` (its line break left out), when certain."""
    try:
        text = f"{' ' * column}{_scalar(key)}: {_flow(node)}"
    except _NotCertain:
        return None
    return text if len(text) < MAX_LINE else None


def rewritten(key: Any, old: Any, node: Any, new: Any, chunk: str, column: int) -> str | None:
    """The child ``key``'s new line (with the old line's own break) when its old lines ``chunk`` are one line, ruamel's
    own for ``old`` (the loader's reading), and the line of ``node`` (the tree's) is certain and reads back as ``new``."""
    body = chunk.rstrip("\r\n\x85\u2028\u2029")
    end = chunk[len(body) :]
    if not end or end not in ("\n", "\r\n", "\r") or any(char in body for char in "\r\n\x85\u2028\u2029"):
        return None
    try:
        if body != f"{' ' * column}{_scalar(key)}: {_plain_flow(old)}":
            return None
    except _NotCertain:
        return None
    written = line(key, node, column)
    if written is None:
        return None
    from ..loader import load_text

    try:
        loaded = load_text(f"x:\n{written}\n", "<part>").data
    except Exception:
        return None
    return written + end if repr(loaded) == repr({"x": {key: new}}) else None
