"""The writer that writes out only what changed (issue 34): the file's lines of each top-level key, and of each
child of a top-level block mapping or list, are known; a text is the original lines of every part whose meaning is
unchanged, and only the changed parts written by ruamel.yaml, each alone, in the indentation and style of its place.

Writing the whole tree out cost 0.5 s for a file of 1,000 areas and 6,875 links; an edit of one area, one figure or
one link now writes that part (about a millisecond). A part is unchanged when the loader's reading of it is
(``repr`` of the plain value: ``1`` is not ``true``); a changed part is spliced into its own original lines exactly as
the whole-tree writer splices a file (splice.py), against ruamel's text of those lines read alone (its "base"),
and the result is loaded back and compared (else ruamel's lines are taken). New parts are ruamel's text; dropped ones
go with their lines (comments under them included, as ruamel drops the comments of a dropped node).

The layout of a text (which lines each part holds) comes from ruamel's line marks when the file is read, and from
the writing itself afterwards, so a document saved (or kept by the server) splices its next edit into the new text.
:func:`render` returns None where the layout cannot say (the whole-tree writer is then used).
"""

from __future__ import annotations

import io
import re
from collections import Counter
from collections.abc import Iterator, Sequence
from dataclasses import dataclass, field, replace
from difflib import SequenceMatcher
from functools import cached_property
from itertools import accumulate
from typing import Any

from ruamel.yaml.comments import CommentedMap, CommentedSeq
from ruamel.yaml.error import YAMLError

from ..yaml_blocks import LINE_BREAK
from .marks import FLAT, Marks, Shape, comment_line, tokens_before
from .nodes import NeedsRuamel, plain, yaml_io
from .splice import Lines, Splicer

#: The wrapper key a child is written under (its first line, ``x:``, is dropped).
_WRAP = "x"

#: A document end marker (``...`` at a line's start): the lines after it are the last part's, and a key written
#: after them would be outside the document.
_DOCUMENT_END = re.compile(r"(?:^|[\r\n\x85\u2028\u2029])\.\.\.(?:[ \t\r\n\x85\u2028\u2029]|$)")


#: The characters ``str.splitlines`` splits at besides "\n" (the line breaks YAML knows among them).
_OTHER_SPLITS = re.compile("[\r\x0b\x0c\x1c\x1d\x1e\x85\u2028\u2029]")


@dataclass(frozen=True)
class Section:
    """One top-level key: its lines [start, end) in the layout's text and what they mean."""

    key: Any  # as the loader reads it
    start: int
    end: int
    sign: str  # repr of the plain value
    value: Any  # the plain value
    shaped: Shape | Marks = FLAT  # its Shape, or the marks it is worked out from when the section is first written
    unsure: bool = False  # a tree read from libyaml's events (fastread.py): its lines hold what only ruamel writes

    @property
    def shape(self) -> Shape:
        shaped = self.shaped
        return shaped if isinstance(shaped, tuple) else shaped.shape()

    @property
    def kind(self) -> str | None:
        return self.shape[0]

    @property
    def children(self) -> tuple[int, ...]:
        return self.shape[1]

    @property
    def column(self) -> int | None:
        return self.shape[2]


@dataclass
class Layout:
    """A text and the lines of its parts; ``bases`` keeps ruamel's text of parts read alone (made when first needed)."""

    text: str
    indent: tuple[int, int, int]
    head: int  # lines before the first key (comments, ``---``): always kept
    sections: list[Section]
    bases: dict[tuple[int, int], str] = field(default_factory=dict, repr=False)
    #: The tree was read from libyaml's events (fastread.py): a section written whose lines, or the lines before it,
    #: hold what only ruamel writes (``Section.unsure``, ``head_unsure``) raises NeedsRuamel.
    fast: bool = False
    head_unsure: bool = False

    @cached_property
    def starts(self) -> list[int]:
        """Where each line starts (its line break included in it); one more entry: the end of the text."""
        text = self.text
        if text and not _OTHER_SPLITS.search(text):
            # "\n" the only line break, and no other character splitlines splits at: each line's length, added up
            return list(accumulate(map(len, text.splitlines(True)), initial=0))
        starts = [0, *(match.end() for match in LINE_BREAK.finditer(text))]
        if starts[-1] != len(text) or not text:
            starts.append(len(text))
        return starts

    @property
    def lines(self) -> int:
        return len(self.starts) - 1

    @cached_property
    def newline(self) -> str:
        """The file's usual line end (the most frequent; LF for a one-line file), as splice.Lines says."""
        if not _OTHER_SPLITS.search(self.text):
            return "\n"  # the only line break there is (counting them cost 1 ms on 9,000 lines)
        counts = Counter(LINE_BREAK.findall(self.text))
        return counts.most_common(1)[0][0] if counts else "\n"

    @property
    def ends_with_break(self) -> bool:
        return _ends_with_break(self.text)

    def chunk(self, start: int, end: int) -> str:
        """Lines [start, end) as written, ending with a line break (the file's last line gets the usual one)."""
        text = self.text[self.starts[start] : self.starts[end]]
        if text and not _ends_with_break(text):
            text += self.newline
        return text

    def base(self, start: int, end: int, wrapped: bool) -> str:
        """ruamel's text of lines [start, end) read alone (``wrapped``: children, read under a key of their own)."""
        known = self.bases.get((start, end))
        if known is None:
            text = LINE_BREAK.sub("\n", self.chunk(start, end))
            known = self.bases[(start, end)] = _dump(yaml_io(self.indent).load(f"{_WRAP}:\n{text}" if wrapped else text), self.indent)
        return known


def _ends_with_break(text: str) -> bool:
    return bool(text) and text[-1] in "\r\n\x85\u2028\u2029"


def _key(key: Any) -> Any:
    return str(key) if isinstance(key, str) else key


def _dump(data: Any, indent: tuple[int, int, int]) -> str:
    stream = io.StringIO()
    yaml_io(indent).dump(data, stream)
    return stream.getvalue()


# --- the layout of a text as read ---------------------------------------------------------------


def read_layout(text: str, data: CommentedMap, whole: dict[Any, Any], indent: tuple[int, int, int]) -> Layout | None:
    """The layout of ``text`` from ruamel's line marks on ``data`` (its reading; ``whole``: plain(data)); None when the
    marks cannot say (a flow mapping at the top, keys not one per line at column 0, a document end marker)."""
    if data.fa.flow_style() or not data or ("..." in text and _DOCUMENT_END.search(text)):  # the marker's dots first: fast
        return None
    layout = Layout(text, indent, 0, [])
    total = layout.lines
    marks = [data.lc.data.get(key) for key in data]
    if any(mark is None or mark[1] != 0 for mark in marks):
        return None
    held = data.ca.items  # the keys with comments (most have none)
    lines = [min(mark[0], comment_line(held, key, mark[0])) if key in held else mark[0] for key, mark in zip(data, marks)]
    if any(b <= a for a, b in zip(lines, lines[1:])) or lines[-1] >= total:
        return None
    layout.head = lines[0]
    for (key, value), start, end in zip(data.items(), lines, [*lines[1:], total]):
        meaning = whole[_key(key)]
        block = isinstance(value, (CommentedMap, CommentedSeq)) and value and not value.fa.flow_style()
        shaped = Marks(value, start, end, layout) if block else FLAT
        layout.sections.append(Section(_key(key), start, end, repr(meaning), meaning, shaped))
    return layout


def _comments_before(container: Any, key: Any) -> list[Any]:
    """The comment tokens ruamel holds for the lines before ``key`` of ``container`` (they are written with it)."""
    return tokens_before(container.ca.items.get(key) if hasattr(container, "ca") else None)


def _comment_lines(container: Any, key: Any) -> int:
    """How many lines ruamel writes for the comments before ``key``."""
    return sum(token.value.count("\n") for token in _comments_before(container, key))


# --- writing --------------------------------------------------------------------------------------


class _Unsure(Exception):
    """The layout cannot say how to write this: the whole-tree writer does."""


@dataclass
class _Out:
    """The text being written, as pieces, and how many lines it has so far."""

    pieces: list[str] = field(default_factory=list)
    lines: int = 0

    def add(self, text: str, lines: int) -> None:
        self.pieces.append(text)
        self.lines += lines


def render(data: CommentedMap, layout: Layout) -> tuple[str, Layout] | None:
    """The text of ``data`` spliced into ``layout``'s text, and its layout; None: write the whole tree instead."""
    keys = [_key(key) for key in data]
    values = [plain(value) for value in data.values()]
    signs = [repr(value) for value in values]
    old = layout.sections
    if [section.key for section in old] == keys and all(section.sign == sign for section, sign in zip(old, signs)):
        return layout.text, layout
    if data.fa.flow_style():
        return None
    try:
        return _render(data, layout, keys, values, signs)
    except _Unsure:
        return None
    except YAMLError:
        if layout.fast:  # a part ruamel does not read alone (libyaml read the file): ruamel's reading decides
            raise NeedsRuamel from None
        raise


def mark_unsure(layout: Layout, lines: list[int]) -> Layout:
    """``layout`` of a tree read from libyaml's events, its sections marked where ``lines`` (what only ruamel writes)
    fall."""
    from bisect import bisect_left

    def holds(start: int, end: int) -> bool:
        at = bisect_left(lines, start)
        return at < len(lines) and lines[at] < end

    layout.fast = True
    layout.head_unsure = holds(0, layout.head)
    layout.sections = [replace(section, unsure=True) if holds(section.start, section.end) else section for section in layout.sections]
    return layout


def _exact(layout: Layout, first: int, last: int, *, moved: bool = True) -> None:
    """Old sections [first, last) are written (changed, or, ``moved``, dropped or new ones put before ``first``): with
    a tree read from libyaml's events, they may not hold what only ruamel writes, nor, when sections come or go, may
    the lines before them (a comment there may be ruamel's of the next key: it would go with a dropped section, and
    a new one would go before it). A section rewritten in its place keeps them wherever they are counted."""
    if not layout.fast:
        return
    before = moved and (layout.head_unsure if first == 0 else layout.sections[first - 1].unsure)
    if before or any(section.unsure for section in layout.sections[first:last]):
        raise NeedsRuamel


def _render(data: CommentedMap, layout: Layout, keys: list[Any], values: list[Any], signs: list[str]) -> tuple[str, Layout]:
    out = _Out()
    if layout.head:
        out.add(layout.chunk(0, layout.head), layout.head)
    sections: list[Section] = []
    old = layout.sections
    originals = list(data)
    for tag, i1, i2, j1, j2 in _align([repr(s.key) for s in old], [repr(key) for key in keys]):
        if tag != "equal":
            _exact(layout, i1, i2)
        for j in range(j1, j2):
            before = old[i1 + j - j1] if tag == "equal" else None
            start = out.lines
            key, value, sign = originals[j], values[j], signs[j]
            if before is not None and before.sign == sign:
                out.add(layout.chunk(before.start, before.end), before.end - before.start)
                sections.append(replace(before, start=start, end=out.lines))
                continue
            if before is not None:
                _exact(layout, i1 + j - j1, i1 + j - j1 + 1, moved=False)
            node = data[key]
            if before is not None and before.kind is not None and _same_kind(node, before.kind):
                children = _Children(node, value, before, layout, out).write()
                sections.append(Section(keys[j], start, out.lines, sign, value, (before.kind, children, before.column)))
                continue
            new = _dump(_alone(data, [key]), layout.indent)
            base = layout.base(before.start, before.end, wrapped=False) if before is not None else None
            original = layout.chunk(before.start, before.end) if before is not None else ""
            written = _spliced(original, base, new, layout, {keys[j]: value}, wrapped=False)
            out.add("".join(written), len(written))
            kind, children = _children_written(node, new, layout.indent)
            sections.append(Section(keys[j], start, out.lines, sign, value, (kind, children, None)))
    text = "".join(out.pieces)
    if not layout.ends_with_break and _ends_with_break(text):
        text = text[: -len(_last_break(text))]
        # The file's last line had no break: a block scalar ending there ends without one, and gains one when a part
        # is written after it (and a part written last loses its own). Rare: the text is loaded and compared.
        _check_whole(text, dict(zip(keys, values)))
    return text, Layout(text, layout.indent, layout.head, sections, fast=layout.fast, head_unsure=layout.head_unsure)


def _check_whole(text: str, meant: dict[Any, Any]) -> None:
    from ..loader import load_text

    try:
        loaded = load_text(text, "<text>").data
    except Exception:
        raise _Unsure from None
    if repr(loaded) != repr(meant):
        raise _Unsure


def _last_break(text: str) -> str:
    return "\r\n" if text.endswith("\r\n") else text[-1]


def _same_kind(node: Any, kind: str) -> bool:
    wanted = CommentedMap if kind == "map" else CommentedSeq
    return isinstance(node, wanted) and bool(node) and not node.fa.flow_style()


def _align(old: Sequence[Any], new: Sequence[Any]) -> Iterator[tuple[str, int, int, int, int]]:
    """SequenceMatcher's opcodes, the common head and tail taken off first (most edits change a few entries)."""
    n, m = len(old), len(new)
    head = 0
    while head < n and head < m and old[head] == new[head]:
        head += 1
    tail = 0
    while tail < n - head and tail < m - head and old[n - 1 - tail] == new[m - 1 - tail]:
        tail += 1
    if head:
        yield "equal", 0, head, 0, head
    if head < n - tail or head < m - tail:
        matcher = SequenceMatcher(None, old[head : n - tail], new[head : m - tail], autojunk=False)
        for tag, i1, i2, j1, j2 in matcher.get_opcodes():
            yield tag, head + i1, head + i2, head + j1, head + j2
    if tail:
        yield "equal", n - tail, n, m - tail, m


def _alone(data: CommentedMap, keys: list[Any]) -> CommentedMap:
    """A mapping of ``keys`` of ``data`` (the same nodes) with their comments, to be written alone."""
    wrapper = CommentedMap()
    for key in keys:
        wrapper[key] = data[key]
        comment = data.ca.items.get(key)
        if comment is not None:
            wrapper.ca.items[key] = comment
    return wrapper


def _members(node: Any, indices: range) -> CommentedMap:
    """``x:`` holding the children ``indices`` of the block collection ``node`` (the same nodes, their comments)."""
    if isinstance(node, CommentedMap):
        keys = list(node)
        inner: Any = _alone(node, [keys[i] for i in indices])
    else:
        inner = CommentedSeq(node[i] for i in indices)
        for j, i in enumerate(indices):
            comment = node.ca.items.get(i)
            if comment is not None:
                inner.ca.items[j] = comment
    wrapper = CommentedMap()
    wrapper[_WRAP] = inner
    return wrapper


@dataclass
class _Children:
    """A block collection whose children changed, written: its header and unchanged children as they were, each run
    of changed, new or dropped children written from the tree (spliced into the run's lines as they were)."""

    node: Any
    value: Any
    before: Section
    layout: Layout
    out: _Out
    start: int = 0
    firsts: list[int] = field(default_factory=list)  # each child's first line as written, relative to ``start``
    gone: list[int] = field(default_factory=list)  # the run: children of the text (consecutive)
    come: list[int] = field(default_factory=list)  # ... replaced by these of the tree (consecutive)

    def write(self) -> tuple[int, ...]:
        before, layout, out = self.before, self.layout, self.out
        self.start = out.lines
        header_end = before.start + before.children[0]
        out.add(layout.chunk(before.start, header_end), header_end - before.start)
        bounds = [before.start + child for child in before.children] + [before.end]
        seq = before.kind == "seq"
        if not seq:
            old_ids, new_ids = _ids(list(before.value), list(self.value))
            old_values, new_values = list(before.value.values()), list(self.value.values())
        else:
            old_values, new_values = before.value, self.value
            old_ids, new_ids = _ids(old_values, new_values)
        for tag, i1, i2, j1, j2 in _align(old_ids, new_ids):
            if tag != "equal":
                self.gone.extend(range(i1, i2))
                self.come.extend(range(j1, j2))
                continue
            if seq:  # the same items
                self._copy(i1, i2, bounds)
                continue
            kept = i1  # children [kept, i) are written as they were, in one piece
            for i, j in zip(range(i1, i2), range(j1, j2)):
                if repr(old_values[i]) == repr(new_values[j]):
                    continue
                self._copy(kept, i, bounds)
                kept = i + 1
                if (line := self._flow_line(i, j, old_values[i], new_values[j], bounds)) is not None:
                    self._run(bounds)
                    self.firsts.append(out.lines - self.start)
                    out.add(line, 1)
                else:
                    self.gone.append(i)
                    self.come.append(j)
            self._copy(kept, i2, bounds)
        self._run(bounds)
        return tuple(self.firsts)

    def _copy(self, first: int, last: int, bounds: list[int]) -> None:
        """Children [first, last) of the text written as they were, after the pending run (one piece: a child each
        cost 6,875 calls for the links)."""
        if first < last:
            self._run(bounds)
            out = self.out
            at = out.lines - self.start - bounds[first]
            self.firsts.extend(bound + at for bound in bounds[first:last])
            out.add(self.layout.chunk(bounds[first], bounds[last]), bounds[last] - bounds[first])

    def _flow_line(self, i: int, j: int, old: Any, new: Any, bounds: list[int]) -> str | None:
        """A child of one flow line whose new line is certain without ruamel (flowline.py), else None."""
        column = self.layout.indent[0]
        if self.before.column not in (None, column) or not column or bounds[i + 1] - bounds[i] != 1:
            return None
        key = self.keys[j]
        if key in self.node.ca.items:
            return None  # a comment ruamel keeps with the child: written the usual way
        from .flowline import rewritten

        return rewritten(key, old, self.node[key], new, self.layout.chunk(bounds[i], bounds[i + 1]), column)

    @cached_property
    def keys(self) -> list[Any]:
        return list(self.node)

    def _run(self, bounds: list[int]) -> None:
        """Write the pending run (dropped children go with their lines)."""
        gone, come, layout = self.gone, self.come, self.layout
        if come:
            column = layout.indent[0] if self.before.kind == "map" else layout.indent[2]
            if self.before.column not in (None, column):
                raise _Unsure  # children written in the guessed indentation beside kept ones at another column
            new = _dump(_members(self.node, range(come[0], come[-1] + 1)), layout.indent)
            if not new.startswith(f"{_WRAP}:\n"):
                raise _Unsure
            new = new[len(_WRAP) + 2 :]
            base = original = None
            if gone:
                first, last = bounds[gone[0]], bounds[gone[-1] + 1]
                base = layout.base(first, last, wrapped=True)
                if not base.startswith(f"{_WRAP}:\n"):
                    raise _Unsure
                base, original = base[len(_WRAP) + 2 :], layout.chunk(first, last)
            meant = _members_value(self.value, self.before.kind, come)
            written = _spliced(original or "", base, new, layout, meant, wrapped=True)
            firsts = _with_comments(_firsts(new, self.before.kind, layout.indent), self.node, come, Lines.of(new).lines)
            if len(firsts) != len(come):
                raise _Unsure
            self.firsts.extend(self.out.lines - self.start + first for first in firsts)
            self.out.add("".join(written), len(written))
        gone.clear()
        come.clear()


def _ids(old: list[Any], new: list[Any]) -> tuple[list[Any], list[Any]]:
    """What children are aligned by: their repr (``1`` is not ``true``), or themselves when all are texts (a text
    equals only the same text: 13,750 reprs fewer for the links)."""
    if all(type(item) is str for item in old) and all(type(item) is str for item in new):
        return old, new
    return [repr(item) for item in old], [repr(item) for item in new]


def _members_value(value: Any, kind: str | None, come: list[int]) -> Any:
    if kind == "map":
        keys = list(value)
        return {_WRAP: {keys[j]: value[keys[j]] for j in come}}
    return {_WRAP: [value[j] for j in come]}


def _spliced(original: str, base: str | None, new: str, layout: Layout, meant: Any, *, wrapped: bool) -> list[str]:
    """``new`` (ruamel's text of a part) spliced into the part's ``original`` lines, whose ruamel text is ``base``:
    one line (with its line end) per line of ``new``. The result must load to ``meant``, else ruamel's lines."""
    newline = layout.newline
    ruamel = [line + newline for line in Lines.of(new).lines[:-1]]
    if base is None or not original:
        return ruamel
    pairs = Splicer(original, base).pairs(new)
    if not pairs or pairs[-1][0] != "":
        raise _Unsure
    merged = [line + (end or newline) for line, end in pairs[:-1]]
    if [line for line, _ in pairs[:-1]] == Lines.of(new).lines[:-1]:
        return merged  # ruamel's own lines (line ends aside): they mean what the tree means
    from ..loader import load_text

    text = "".join(merged)
    try:
        loaded = load_text(f"{_WRAP}:\n{text}" if wrapped else text, "<part>").data
    except Exception:
        return ruamel
    return merged if repr(loaded) == repr(meant) else ruamel


def _firsts(text: str, kind: str | None, indent: tuple[int, int, int]) -> list[int]:
    """The lines of ruamel's ``text`` of children (under a key at column 0) where each child starts."""
    lines = Lines.of(text).lines[:-1]
    column = indent[0] if kind == "map" else indent[2]
    return [n for n, line in enumerate(lines) if line[:column] == " " * column and _starts_child(line[column:], kind)]


def _starts_child(rest: str, kind: str | None) -> bool:
    """Whether a line (from the children's column on) starts a key (``kind`` "map") or a list item."""
    dash = rest[:1] == "-" and rest[1:2] in ("", " ")
    return dash if kind == "seq" else rest[:1] not in ("", " ", "#") and not dash


def _with_comments(firsts: list[int], node: Any, indices: Sequence[int], lines: list[str]) -> list[int]:
    """Each child's first line moved up over the comment lines ruamel writes before it (they are the child's)."""
    if len(firsts) != len(indices):
        return firsts
    keys = list(node) if isinstance(node, CommentedMap) else None
    moved = []
    for first, index in zip(firsts, indices):
        count = _comment_lines(node, keys[index] if keys is not None else index)
        if count:
            above = lines[max(first - count, 0) : first]
            if first - count < 0 or any(line.strip() and not line.lstrip().startswith("#") for line in above):
                raise _Unsure
        moved.append(first - count)
    if any(b <= a for a, b in zip(moved, moved[1:])):
        raise _Unsure
    return moved


def _children_written(node: Any, new: str, indent: tuple[int, int, int]) -> tuple[str | None, tuple[int, ...]]:
    """The children's lines of a block collection written whole by ruamel (``new``: its text, ``key:`` first)."""
    if not isinstance(node, (CommentedMap, CommentedSeq)) or not node or node.fa.flow_style():
        return None, ()
    kind = "map" if isinstance(node, CommentedMap) else "seq"
    lines = Lines.of(new).lines
    top = next((n for n, line in enumerate(lines) if line[:1] not in ("", " ", "#")), None)  # the key's line
    if top is None:
        return None, ()
    body = lines[top + 1 :]
    try:
        firsts = _with_comments(_firsts("\n".join(body), kind, indent), node, range(len(node)), body)
    except _Unsure:
        return None, ()
    if len(firsts) != len(node):
        return None, ()
    return kind, tuple(first + top + 1 for first in firsts)
