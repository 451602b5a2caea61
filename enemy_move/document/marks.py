"""ruamel's marks of a block collection's children as read, and the lines of its children they give (layout.py's
Section.shape), worked out when the section is first written: most sections of a file never are, and working out
every section's at each read cost 2 ms for 6,875 links (issue 34)."""

from __future__ import annotations

import re
from collections.abc import Sequence
from operator import lt, sub
from typing import TYPE_CHECKING, Any

from ruamel.yaml.comments import CommentedSeq
from ruamel.yaml.compat import ordereddict

if TYPE_CHECKING:
    from .layout import Layout

#: A line's indentation (spaces only).
_LEAD = re.compile(" *")

#: A block collection's children as written: "map" / "seq" (None: not one whose children's lines are known), each
#: child's first line relative to the section's start, and where the children's keys (or dashes) start when they were
#: read from the file (None: written by ruamel).
Shape = tuple[str | None, tuple[int, ...], int | None]
FLAT: Shape = (None, (), None)


class Marks:
    """ruamel's marks of a block collection's children as read (the keys, their marks, the comments before them:
    the edits change the tree, not these) and the lines of the text they were read from; its Shape is worked out when
    its section is first written (most sections of a file never are: 2 ms for 6,875 links at each read)."""

    __slots__ = ("seq", "keys", "data", "held", "start", "end", "layout", "worked")

    def __init__(self, value: Any, start: int, end: int, layout: Layout) -> None:
        self.seq = isinstance(value, CommentedSeq)
        self.keys: Sequence[Any] = range(len(value)) if self.seq else list(ordereddict.__iter__(value))
        self.data: dict[Any, list[int]] = value.lc.data
        self.held: dict[Any, Any] = dict(value.ca.items)
        self.start, self.end, self.layout = start, end, layout
        self.worked: Shape | None = None

    def shape(self) -> Shape:
        if self.worked is None:
            self.worked = children_marks(self)
        return self.worked

    def __eq__(self, other: object) -> bool:  # sections are equal when their shapes are (tests compare layouts)
        return self.shape() == (other.shape() if isinstance(other, Marks) else other)

    __hash__ = None  # type: ignore[assignment]


def children_marks(marks: Marks) -> Shape:
    """The Shape of a block collection (each child's first line relative to its section's start) from ruamel's marks."""
    keys, get, held, start, end, layout = marks.keys, marks.data.get, marks.held, marks.start, marks.end, marks.layout
    found: list[Any] = [get(key) for key in keys]
    if None in found:
        return FLAT
    text, starts, lead = layout.text, layout.starts, _LEAD.match
    # where each child's first line starts and its text after the indentation
    firsts = [starts[mark[0]] for mark in found]
    texts = [lead(text, first).end() for first in firsts]  # type: ignore[union-attr]  # ` *` matches anywhere
    lines = (
        [min(mark[0], comment_line(held, key, mark[0])) if key in held else mark[0] for key, mark in zip(keys, found)]
        if held
        else [mark[0] for mark in found]
    )
    if lines[0] <= start or lines[-1] >= end or not all(map(lt, lines, lines[1:])):  # in order
        return FLAT
    columns = set(map(sub, texts, firsts))
    if len(columns) != 1:
        return FLAT
    if marks.seq and not all(text.startswith("-", at) for at in texts):
        return FLAT  # an item whose value starts on the line after its dash
    return ("seq" if marks.seq else "map"), tuple(line - start for line in lines), columns.pop()


def tokens_before(held: Any) -> list[Any]:
    """The comment tokens of ``held`` (a ``ca.items`` entry) for the lines before its key (written with it)."""
    if not held or len(held) < 2 or not isinstance(held[1], list):
        return []
    return [token for token in held[1] if token is not None]


def comment_line(held: dict[Any, Any], key: Any, line: int) -> int:
    """The first line of the comments ruamel writes before ``key`` (``held``: its container's ``ca.items``; ``line``,
    the key's, when none)."""
    marks: list[int] = [
        int(token.start_mark.line) for token in tokens_before(held.get(key)) if getattr(token, "start_mark", None) is not None
    ]
    return min([line, *marks])
