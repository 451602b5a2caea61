"""A kept tree's comments at the columns of the text it now stands for (issue 34's leftover of round 7).

ruamel writes an end-of-line comment at the column it was read at, or one space after the line's content when that
is longer. A document kept from edit to edit (the table page's, serve/parsed.py) keeps each comment's column from the
text first read, so after an edit that pushed a comment right, a later edit of the same line put it back at the old
column, where a fresh reading of the page's text (what the user has) keeps it where it is now. When the server settles
a kept document on the text it wrote (``ScenarioDocument.settle``), its comments take the columns they have in that
text: the user's bytes win, as with a fresh read. (Not when writing: the editor's undo gives back each earlier text,
comments at their first columns.)
"""

from __future__ import annotations

import copy
from typing import Any

from ruamel.yaml.comments import CommentedMap, CommentedSeq
from ruamel.yaml.tokens import CommentToken

from ..yaml_blocks import LINE_BREAK


def _tokens(held: Any, found: dict[int, CommentToken]) -> None:
    """The comment tokens in ``held`` (a ruamel comment entry: tokens, None, lists of them) and under a node."""
    if isinstance(held, CommentToken):
        found.setdefault(id(held), held)
    elif isinstance(held, list) and not isinstance(held, CommentedSeq):
        for item in held:
            _tokens(item, found)
    if isinstance(held, (CommentedMap, CommentedSeq)):
        ca = held.ca
        _tokens(ca.comment, found)
        _tokens(ca.end, found)
        for entry in ca.items.values():
            _tokens(entry, found)
        for item in held.values() if isinstance(held, CommentedMap) else held:
            _tokens(item, found)


def sync_comments(parts: list[Any], written: str) -> None:
    """Give each comment of ``parts`` (nodes) the column its first line has in the ``written`` text, where exactly one
    line ends with it (a comment whose text is on several lines is left)."""
    found: dict[int, CommentToken] = {}
    _tokens(parts, found)
    if not found:
        return
    lines = [line.rstrip(" ") for line in LINE_BREAK.split(written)]
    for token in found.values():
        first = token.value.split("\n", 1)[0].rstrip(" ")
        mark = token.start_mark
        if not first.lstrip(" ").startswith("#") or mark is None:
            continue
        first = first.lstrip(" ")
        ends = [line for line in lines if line.endswith(first) and (len(line) == len(first) or line[-len(first) - 1] == " ")]
        if len(ends) != 1:
            continue
        column = len(ends[0]) - len(first)
        if getattr(mark, "column", column) != column:
            moved = copy.copy(mark)
            moved.column = column
            token.start_mark = moved
