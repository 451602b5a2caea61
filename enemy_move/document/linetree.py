"""A plain text read line by line into both of the table page's readings (issue 34): the loader's and ruamel's
round-trip tree, without libyaml's events (20,600 event objects for a file of 1,000 areas and 6,875 links, and the
one pass's work on each: about 30 ms of a 45 ms edit of a text the server has not seen).

The loader's reading is ``plain_yaml``'s (the same values, positions, blocks and block origins as ``load_text``:
tests/test_plain_yaml.py); the tree is made from the same lines as ``fastread._Builder`` and ``onepass._Both`` make it
from libyaml's events: the same node classes, line marks (``lc``, ``lc.data``), flow or block style, quoting and block
styles, ruamel's own values of typed plain scalars (each read by ruamel's resolver and required to mean what the
loader read), and the lines only ruamel writes (comments, blank lines, folded blocks) found as ``fastread`` finds
them, from the scalars' spans. A text outside that part of YAML (anything plain_yaml leaves to libyaml, a scalar
ruamel reads otherwise) gives None: onepass reads it from the events, as before (tests/test_linetree.py compares the
two on every project and shared file, on damaged and on generated ones).
"""

from __future__ import annotations

import re
import string
from functools import cache
from itertools import accumulate
from typing import Any

from ruamel.yaml.comments import CommentedMap, CommentedSeq
from ruamel.yaml.scalarstring import DoubleQuotedScalarString, FoldedScalarString, LiteralScalarString, SingleQuotedScalarString

from .. import loader
from ..plain_yaml import (
    BLOCK_PLAIN,
    FLOW,
    FLOW_PLAIN,
    FOLDED,
    LITERAL,
    MAX_PLAIN_DEPTH,
    NEW,
    NOT_PLAIN,
    SCALAR,
    Line,
    PlainRead,
    Reader,
    Unplain,
    YamlPath,
    line_read,
    value_read,
)
from . import fastread
from .nodes import plain

#: The first characters of the plain scalars ruamel's resolver may read as another type than text.
_RESOLVED = fastread._RESOLVED
_QUOTES = frozenset("'\"")
#: ruamel's values that may be one object in several places (its constructor makes these plain Python values).
_SHARED = (str, int, bool, type(None))
_set_item = fastread._set_item

#: The first characters of a text no reader reads as another type (neither the loader's resolver nor ruamel's).
_RUN_FIRST = frozenset(c for c in string.ascii_letters + "_" if c not in _RESOLVED and c not in "nNtTfF")
#: A character of a word of such a text (plain_yaml's ``BLOCK_PLAIN`` takes more: a `:` before a word, a `#` in one).
_WORD = r"[^ \n:#]"
#: The first characters above as an expression's class.
_FIRST = "[" + "".join(sorted(_RUN_FIRST)) + "]"
#: A flow list's text of such a first character, then plain_yaml's ``FLOW_PLAIN``: what it reads as that text.
_FLOW_TEXT = _FIRST + r"[A-Za-z0-9_.+\-]*(?: [A-Za-z0-9_.+\-]+)*"


@cache
def _run(indent: int) -> re.Pattern[str]:
    """Lines ``- text`` at one indentation, each text such a first character, then words of ``_WORD`` with single
    spaces between: what plain_yaml reads as that text (``BLOCK_PLAIN`` to the end of the line), without a span to keep."""
    return re.compile(f"(?: {{{indent}}}- {_FIRST}{_WORD}*(?: {_WORD}+)*\n)+")


@cache
def _lists(indent: int) -> re.Pattern[str]:
    """Lines ``- [text, text...]`` at one indentation: such texts, `, ` between them."""
    return re.compile(f"(?: {{{indent}}}- \\[{_FLOW_TEXT}(?:, {_FLOW_TEXT})*\\]\n)+")


@cache
def _maps(indent: int) -> re.Pattern[str]:
    """Lines ``name: {...}`` at one indentation: a name of such a first character, one space, a flow mapping (read by
    plain_yaml's ``value_read``: anything it does not take, a comment after it, is its to say)."""
    return re.compile(f"(?: {{{indent}}}{_FIRST}[A-Za-z0-9_]*: \\{{[^\n]*\n)+")


#: ruamel's value of each plain scalar text met whose loader reading it was checked against (the text decides both).
_MADE: dict[str, Any] = {}
#: Each flow collection's tree as a recipe (columns relative to its first character), by the line's text from it.
_RECIPES: dict[str, Any] = {}
_KEPT = 4096


def read_lines(text: str, file: str) -> tuple[loader.Document, CommentedMap, list[int]] | None:
    """The loader's reading of ``text``, ruamel's tree of it and the 0-based lines only ruamel writes; None where the
    text leaves the plain part of YAML (onepass reads it from libyaml's events)."""
    if fastread._ANY_FIRST or not text or not text.endswith("\n") or NOT_PLAIN.search(text) is not None:
        return None  # NOT_PLAIN holds every character check_characters refuses: the loader's checks pass
    reader = _Both(text)
    try:
        data, tree = reader.document_both()
    except Unplain:
        return None
    source = loader.SourceMap(file=file, text=text, positions=reader.positions, key_positions=reader.key_positions)
    loader._block_origins(text, file, PlainRead(data, reader.literals, reader.blocks), source)  # as load_text
    return loader.Document(data=data, source=source), tree, fastread._unsure_lines(text, reader.spans, reader.marked)


def _plain_tree(text: str, read: Any) -> Any:
    """ruamel's value of the plain scalar ``text``, which the loader read as ``read`` (the same type and value, as
    ``plain`` reads the tree, or Unplain); each place gets its own where ruamel's constructor makes its own."""
    made = _MADE.get(text, _MADE)
    if made is _MADE:
        try:
            made = fastread.plain_scalar(text)
        except fastread._Unsupported:
            raise Unplain from None
        meant = plain(made)
        if type(meant) is not type(read) or meant != read:
            raise Unplain  # `0x1F`, `1e3`...: a text to the loader, a number to ruamel
        if len(_MADE) >= _KEPT:
            _MADE.clear()
        _MADE[text] = made
    return made if type(made) in _SHARED else fastread.fresh(made)


def _again(made: Any) -> Any:
    """A recipe's scalar for one more place: the same object where ruamel shares it, else a new one."""
    kind = type(made)
    if kind in _SHARED:
        return made
    return kind(str(made)) if isinstance(made, str) else fastread.fresh(made)


def _tree_key(key: str | int) -> Any:
    """The tree's key of a key the loader read (a name, or a decimal integer: ruamel's ``0`` keeps its width)."""
    if type(key) is str and key[0] not in _RESOLVED:
        return key
    return _plain_tree(str(key), key)


class _Both(Reader):
    """plain_yaml's read, each collection and scalar also made as ruamel's tree holds it."""

    def __init__(self, text: str):
        super().__init__(text, {}, {})
        self.text = text
        #: [start, end) in the text of each scalar holding a `#` or a line break (fastread._unsure_lines skips them).
        self.spans: list[tuple[int, int]] = []
        self.marked: list[int] = []  # lines of the blocks ruamel keeps more of than their value
        self.starts: list[int] = []  # where each line starts in the text (made when a span needs it)

    def start(self, number: int) -> int:
        if not self.starts:
            self.starts = list(accumulate(map((1).__add__, map(len, self.lines)), initial=0))  # no Python call a line
        return self.starts[number]

    def document_both(self) -> tuple[dict[Any, Any], CommentedMap]:
        lines = self.lines
        first = self.content(0)
        line = line_read(lines[first]) if first < len(lines) else None
        if line is None or line.indent or line.key is None:
            raise Unplain
        data, tree, number = self.mapping_both(first, 0, (), 0)
        if number < len(lines):
            raise Unplain
        return data, tree

    def mapping_both(self, number: int, indent: int, path: YamlPath, depth: int) -> tuple[dict[Any, Any], CommentedMap, int]:
        """plain_yaml's ``mapping`` and its tree."""
        if depth > MAX_PLAIN_DEPTH:
            raise Unplain
        positions, key_positions, lines = self.positions, self.key_positions, self.lines
        positions[path] = (number + 1, indent + 1)
        result: dict[Any, Any] = {}
        mapping = CommentedMap()
        marks: dict[Any, list[int]] = {}
        fastread.set_marks(mapping, number, indent, marks)
        own = mapping._ok
        maps = _maps(indent)
        while number < len(lines):
            raw = lines[number]
            if raw[indent : indent + 1] in _RUN_FIRST and (found := maps.match(self.text, self.start(number))) is not None:
                number = self.maps_both(found.group(), number, indent, path, depth, (result, mapping, marks))
                continue
            line = line_read(raw)
            assert line is not None  # content() passed the blanks and comments
            if line.indent < indent:
                break
            key = line.key
            if line.indent > indent or key is None or key in result:
                raise Unplain
            made_key = key if type(key) is str and key[0] not in _RESOLVED else _tree_key(key)
            inner = (*path, key)
            key_positions[inner] = (number + 1, indent + 1)
            kind, row, column = line.kind, number, line.column
            if kind == SCALAR:
                positions[inner] = (number + 1, column + 1)
                value = line.value
                if raw[column] not in _QUOTES and type(value) is str and value[0] not in _RESOLVED and "#" not in value:
                    made = value  # the usual scalar: a text to both readers
                else:
                    made = self.scalar_tree(raw, number, column, value)
                after = self.content(number + 1)
            elif kind == FLOW:
                value = self.flow(line, number, inner, depth + 1)
                made = self.flow_tree(line, number)
                after = self.content(number + 1)
            elif kind in (LITERAL, FOLDED):
                value, after = self.block(number, column, indent, inner, kind == FOLDED)
                made = self.block_tree(number, column, value, kind == FOLDED)
            else:
                value, made, after, row, column = self.below_both(number, indent, inner, depth + 1)
            result[key] = value
            marks[made_key] = [number, indent, row, column]
            _set_item(mapping, made_key, made)
            own.add(made_key)
            number = after
        fastread.set_flow(mapping, False)
        return result, mapping, number

    def maps_both(self, run: str, number: int, indent: int, path: YamlPath, depth: int, into: tuple[Any, Any, Any]) -> int:
        """Keys ``name: {...}`` from line ``number`` on (``run``: their lines; ``_maps``), each line as ``mapping_both``
        reads it without reading its key again (a board's areas, its figures): ``into`` is that mapping's (values, tree,
        marks). The first line after them that is neither blank nor a comment."""
        result, mapping, marks = into
        key_positions, own = self.key_positions, mapping._ok
        for row, text in enumerate(run.split("\n")[:-1], number):
            key, rest = text[indent:].split(": ", 1)  # a name holds no `: `
            value = value_read(rest)
            if value is None or key in result:
                raise Unplain
            at = len(text) - len(rest)
            line = NEW(Line, (indent, key, value.kind, value.value, at, value.parts, value.keys, rest))
            inner = (*path, key)
            key_positions[inner] = (row + 1, indent + 1)
            result[key] = self.flow(line, row, inner, depth + 1)
            marks[key] = [row, indent, row, at]
            _set_item(mapping, key, self.flow_tree(line, row))
            own.add(key)
        return self.content(number + run.count("\n"))

    def below_both(self, number: int, indent: int, path: YamlPath, depth: int) -> tuple[Any, Any, int, int, int]:
        """plain_yaml's ``below`` and its tree, with the line and column where the collection starts."""
        below = self.content(number + 1)
        line = line_read(self.lines[below]) if below < len(self.lines) else None
        if line is None or line.indent <= indent:
            raise Unplain
        if line.key is None:
            value, made, after = self.sequence_both(below, line.indent, path, depth)
            return value, made, after, below, line.indent
        mapped, tree, after = self.mapping_both(below, line.indent, path, depth)
        return mapped, tree, after, below, line.indent

    def sequence_both(self, number: int, indent: int, path: YamlPath, depth: int) -> tuple[list[Any], CommentedSeq, int]:
        """plain_yaml's ``sequence`` and its tree."""
        if depth > MAX_PLAIN_DEPTH:
            raise Unplain
        positions, lines = self.positions, self.lines
        positions[path] = (number + 1, indent + 1)
        items: list[Any] = []
        made: list[Any] = []
        seq = CommentedSeq()
        marks: dict[Any, list[int]] = {}
        fastread.set_marks(seq, number, indent, marks)
        run, lists, first = _run(indent), _lists(indent), indent + 2
        while number < len(lines):
            raw = lines[number]
            if raw[first : first + 1] in _RUN_FIRST and (found := run.match(self.text, self.start(number))) is not None:
                number = self.run_both(found.group(), number, first, path, items, made, marks)
                continue
            if (
                raw[first : first + 1] == "["
                and depth < MAX_PLAIN_DEPTH
                and (found := lists.match(self.text, self.start(number))) is not None
            ):
                number = self.lists_both(found.group(), number, first, path, items, made, marks)
                continue
            line = line_read(raw)
            assert line is not None
            if line.indent < indent:
                break
            if line.indent > indent or line.key is not None:
                raise Unplain
            index, column = len(items), line.column
            marks[index] = [number, column]
            if line.kind == FLOW:
                items.append(self.flow(line, number, (*path, index), depth + 1))
                made.append(self.flow_tree(line, number))
            else:
                positions[(*path, index)] = (number + 1, column + 1)
                value = line.value
                items.append(value)
                if raw[column] not in _QUOTES and type(value) is str and value[0] not in _RESOLVED and "#" not in value:
                    made.append(value)
                else:
                    made.append(self.scalar_tree(raw, number, column, value))
            number = self.content(number + 1)
        seq.extend(made)  # as ruamel's constructor does
        fastread.set_flow(seq, False)
        return items, seq, number

    def run_both(self, run: str, number: int, column: int, path: YamlPath, items: list[Any], made: list[Any], marks: dict[Any, Any]) -> int:
        """Items ``- text`` from line ``number`` on (``run``: their lines), each a text to both readers (``_RUN``), read
        together: a file's links are most of its lines. The first line after them that is neither blank nor a comment."""
        values = [line[column:] for line in run.split("\n")]
        values.pop()  # after the last line break
        base, count = len(items), len(values)
        self.positions.update({(*path, base + index): (number + 1 + index, column + 1) for index in range(count)})
        marks.update({base + index: [number + index, column] for index in range(count)})
        items.extend(values)
        made.extend(values)
        return self.content(number + count)

    def lists_both(
        self, run: str, number: int, column: int, path: YamlPath, items: list[Any], made: list[Any], marks: dict[Any, Any]
    ) -> int:
        """Items ``- [text, text]`` from line ``number`` on (``run``: their lines; ``_lists``), read together (a board's
        walls between areas, its sight lines). The first line after them that is neither blank nor a comment."""
        positions = self.positions
        for row, line in enumerate(run.split("\n")[:-1], number):
            index = len(items)
            inner = (*path, index)
            positions[inner] = (row + 1, column + 1)
            texts = line[column + 1 : -1].split(", ")
            seq = CommentedSeq()
            lines: dict[Any, list[int]] = {}
            at = column + 1
            for place, text in enumerate(texts):
                positions[(*inner, place)] = (row + 1, at + 1)
                lines[place] = [row, at]
                at += len(text) + 2
            fastread.set_marks(seq, row, column, lines)
            seq.extend(texts)
            fastread.set_flow(seq, True)
            marks[index] = [row, column]
            items.append(list(texts))
            made.append(seq)
        return self.content(number + run.count("\n"))

    def scalar_tree(self, raw: str, number: int, column: int, value: Any) -> Any:
        """The tree's value of the one-line scalar at ``column`` of ``raw``, which the loader read as ``value``."""
        first = raw[column]
        if first in _QUOTES:
            if "#" in value:
                begin = self.start(number) + column
                self.spans.append((begin, begin + len(value) + 2))  # no escapes, no doubled quotes: plain_yaml's
            return SingleQuotedScalarString(value) if first == "'" else DoubleQuotedScalarString(value)
        text = value if type(value) is str else BLOCK_PLAIN.match(raw, column).group().rstrip(" ")  # type: ignore[union-attr]
        if "#" in text:
            begin = self.start(number) + column
            self.spans.append((begin, begin + len(text)))
        return _plain_tree(text, value)

    def block_tree(self, number: int, column: int, value: str, folded: bool) -> Any:
        """A literal or folded block's tree value; its span (libyaml's: from its `|` to the start of the line that
        ended it, its blank lines in it) and, where ruamel keeps more than its value, its line marked."""
        end = self.blocks[-1][1].line
        begin = self.start(number) + column
        self.spans.append((begin, self.start(end)))
        block = self.text[begin : self.start(end)]
        if folded or block[len(block.rstrip(" \n")) :].count("\n") > 1:
            self.marked.append(number)
        return FoldedScalarString(value) if folded else LiteralScalarString(value)

    def flow_tree(self, line: Line, number: int) -> Any:
        """A flow collection's tree, from its recipe (made once for each text it is written as)."""
        recipe = _RECIPES.get(line.rest)
        if recipe is None:
            parts, keys = dict(line.parts), dict(line.keys)
            spans: list[tuple[int, int]] = []
            recipe = (_recipe(line.rest, line.value, (), parts, keys, spans), tuple(spans))
            if len(_RECIPES) >= _KEPT:
                _RECIPES.clear()
            _RECIPES[line.rest] = recipe
        if recipe[1]:
            begin = self.start(number) + line.column
            self.spans.extend((begin + start, begin + end) for start, end in recipe[1])
        return _made(recipe[0], number, line.column)  # a flow line's value is a collection


# A recipe's nodes: (_SCALAR_NODE, value), (_MAP_NODE, column, ((key, key column, value column, node), ...)),
# (_SEQ_NODE, column, ((column, node), ...)).
_SCALAR_NODE, _MAP_NODE, _SEQ_NODE = range(3)


def _recipe(rest: str, value: Any, path: YamlPath, parts: dict[YamlPath, int], keys: dict[YamlPath, int], spans: list[Any]) -> Any:
    """The recipe of the flow value at ``path`` (``parts``, ``keys``: plain_yaml's columns of its values and keys)."""
    column = parts[path]
    if type(value) is dict:
        items = tuple(
            (_tree_key(key), keys[(*path, key)], parts[(*path, key)], _recipe(rest, item, (*path, key), parts, keys, spans))
            for key, item in value.items()
        )
        return (_MAP_NODE, column, items)
    if type(value) is list:
        entries = tuple(
            (parts[(*path, index)], _recipe(rest, item, (*path, index), parts, keys, spans)) for index, item in enumerate(value)
        )
        return (_SEQ_NODE, column, entries)
    first = rest[column]
    if first in _QUOTES:
        if "#" in value:
            spans.append((column, column + len(value) + 2))
        return (_SCALAR_NODE, SingleQuotedScalarString(value) if first == "'" else DoubleQuotedScalarString(value))
    text = value if type(value) is str else FLOW_PLAIN.match(rest, column).group()  # type: ignore[union-attr]
    return (_SCALAR_NODE, text if type(value) is str and text[0] not in _RESOLVED else _plain_tree(text, value))


def _made(node: Any, row: int, at: int) -> Any:
    """A recipe's tree on line ``row``, its first character at column ``at`` (a collection: a scalar is ``_again``)."""
    marks: dict[Any, list[int]] = {}
    if node[0] == _MAP_NODE:
        mapping = CommentedMap()
        fastread.set_marks(mapping, row, at + node[1], marks)
        own = mapping._ok
        for key, key_column, value_column, child in node[2]:
            made_key = key if type(key) is str else _again(key)
            marks[made_key] = [row, at + key_column, row, at + value_column]
            if child[0] == _SCALAR_NODE:
                value = child[1]
                _set_item(mapping, made_key, value if type(value) in _SHARED else _again(value))
            else:
                _set_item(mapping, made_key, _made(child, row, at))
            own.add(made_key)
        fastread.set_flow(mapping, True)
        return mapping
    seq = CommentedSeq()
    fastread.set_marks(seq, row, at + node[1], marks)
    items = []
    for index, (column, child) in enumerate(node[2]):
        marks[index] = [row, at + column]
        if child[0] == _SCALAR_NODE:
            value = child[1]
            items.append(value if type(value) in _SHARED else _again(value))
        else:
            items.append(_made(child, row, at))
    seq.extend(items)
    fastread.set_flow(seq, True)
    return seq
