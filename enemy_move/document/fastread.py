"""ruamel.yaml's round-trip tree of a text, built from libyaml's events (issue 34): the table page's edit of a text
the server has not seen parsed it with ruamel's pure-Python scanner (0.65 s of 0.88 s for a file of 1,000 areas and
6,875 links); libyaml reads it in about 10 ms.

The tree is the one ruamel.yaml's round-trip constructor builds from the same events (``RoundTripConstructor``:
the same node classes, quoting and literal styles kept, flow or block style, the line marks of every key and item;
numbers other than plain decimal integers are made by ruamel's own constructor), without the comments: libyaml
reports none. So it is exact where there are none, and the lines that hold a comment are returned beside it (a
``#`` outside every scalar's span): the part writer (layout.py) refuses, with :class:`NeedsRuamel`, to write a part
a comment is in or next to, and the caller reads the text with ruamel and makes the edit again
(``ScenarioDocument.from_text(..., fast=True)``; tests/test_fastread.py compares the trees and the bytes of random
edits). Anything else unusual (a folded ``>`` block, an anchor, a tag, a timestamp) gives None: read with ruamel.
"""

from __future__ import annotations

import gc
import re
import threading
from typing import TYPE_CHECKING, Any

from ruamel.yaml.comments import CommentedMap, CommentedSeq, Format, LineCol
from ruamel.yaml.compat import ordereddict
from ruamel.yaml.nodes import ScalarNode
from ruamel.yaml.resolver import VersionedResolver
from ruamel.yaml.scalarstring import DoubleQuotedScalarString, FoldedScalarString, LiteralScalarString, SingleQuotedScalarString
from yaml import (
    DocumentEndEvent,
    DocumentStartEvent,
    MappingEndEvent,
    MappingStartEvent,
    ScalarEvent,
    SequenceEndEvent,
    SequenceStartEvent,
    StreamEndEvent,
    YAMLError,
)
from yaml._yaml import CParser

from ..yaml_blocks import LINE_BREAK

if TYPE_CHECKING:
    from ..loader import Document
    from .layout import Layout


class _Unsupported(Exception):
    """Something ruamel keeps that the events do not carry (or a value ruamel reads otherwise than plainly)."""


_STR, _INT, _FLOAT, _BOOL, _NULL = (f"tag:yaml.org,2002:{name}" for name in ("str", "int", "float", "bool", "null"))

#: Plain decimal integers without a leading zero (`0` itself is a ScalarInt), which ruamel's round-trip constructor makes plain ``int`` (others keep their spelling).
_PLAIN_INT = re.compile(r"[-+]?[1-9][0-9]*")

#: ruamel's tag of each plain scalar text met, kept (the resolver's regular expressions are the cost).
_TAGS: dict[str, str] = {}
_TAGS_KEPT = 4096

_RESOLVER = VersionedResolver(version=(1, 2))
#: The first characters of the plain scalars ruamel's resolver may read as another type than text ("" for the
#: empty one); a resolver for any first character (None) would make it every character.
_RESOLVED = frozenset(str(first) for first in _RESOLVER.versioned_resolver if first is not None)
_ANY_FIRST = None in _RESOLVER.versioned_resolver

_set_item = ordereddict.__setitem__


def fast_reading(text: str, loaded: Document, indent: tuple[int, int, int]) -> tuple[CommentedMap, Layout] | None:
    """The tree of ``text`` (the loader's reading: ``loaded``) read from libyaml's events, and its layout with the
    lines only ruamel writes marked; None (read it with ruamel): a text whose writer's view is not itself, a tree that
    reads otherwise than the loader's (ruamel's reading decides, and its refusal says where), no layout."""
    from .layout import mark_unsure, read_layout
    from .nodes import plain
    from .original import plain_view

    if not plain_view(text):
        return None
    read = read_tree(LINE_BREAK.sub("\n", text))
    if read is None:
        return None
    data, unsure = read
    whole = plain(data)
    if whole != loaded.data:
        return None
    layout = read_layout(text, data, whole, indent)
    return (data, mark_unsure(layout, unsure)) if layout is not None else None


def read_tree(view: str) -> tuple[CommentedMap, list[int]] | None:
    """ruamel.yaml's round-trip reading of ``view`` (the writer's view: line breaks ``\\n``, no tab, no byte-order
    mark) without comments, and the 0-based lines holding a comment; None where only ruamel can say."""
    parser = CParser(view)
    spans: list[tuple[int, int]] = []
    # as the loader does: the collector would only rescan the growing tree (a file at the cap builds 30% faster)
    collecting = gc.isenabled()
    gc.disable()
    try:
        parser.get_event()  # StreamStart
        if type(parser.get_event()) is not DocumentStartEvent:
            return None
        builder = _Builder(parser, spans, view)
        root = builder.node(parser.get_event())
        if type(parser.get_event()) is not DocumentEndEvent or type(parser.get_event()) is not StreamEndEvent:
            return None
    except (_Unsupported, YAMLError, RecursionError):
        return None
    finally:
        parser.dispose()
        if collecting:
            gc.enable()
    if not isinstance(root, CommentedMap):
        return None
    return root, _unsure_lines(view, spans, builder.marked)


#: What ruamel.yaml keeps that libyaml's events do not say: a comment, or a blank line (ruamel keeps blank lines
#: between values as comments, and writes them back with the value before them).
_UNSURE = re.compile(r"#|^ *\n", re.MULTILINE)
#: A blank line (``_UNSURE``'s second kind) at the start, and after a line break (found from each break: fast).
_BLANK_FIRST = re.compile(r" *\n")
_BLANK = re.compile(r"\n *\n")


def _unsure_lines(view: str, spans: list[tuple[int, int]], marked: list[int]) -> list[int]:
    """The lines whose writing only ruamel knows: a ``#`` or a blank line outside every scalar (``spans``: each
    scalar's [start, end) in the text, in order; anchors, tags and directives are refused before), and ``marked``."""
    lines = set(marked)
    if "#" not in view and not _BLANK_FIRST.match(view) and not _BLANK.search(view):
        return sorted(lines)  # nothing to look for (the expression tries each character: 3 ms on 183 KB)
    line, counted, span = 0, 0, 0
    found = _UNSURE.search(view)
    while found is not None:
        index = found.start()
        while span < len(spans) and spans[span][1] <= index:
            span += 1
        if span < len(spans) and spans[span][0] <= index:
            found = _UNSURE.search(view, spans[span][1])  # inside a scalar (a wall on a map, a blank line of a block)
            continue
        line += view.count("\n", counted, index)
        counted = index
        lines.add(line)
        end = view.find("\n", index)  # the rest of the line is the comment's
        found = None if end < 0 else _UNSURE.search(view, end + 1)
    return sorted(lines)


class _Builder:
    """The nodes of one document, as ``RoundTripConstructor.construct_yaml_map/seq`` and ``construct_scalar`` make
    them (ruamel/yaml/constructor.py)."""

    def __init__(self, parser: Any, spans: list[tuple[int, int]], view: str):
        self.get = parser.get_event
        self.spans = spans
        self.view = view
        self.marked: list[int] = []  # lines of block scalars ruamel keeps more of than their value

    def node(self, event: Any) -> Any:
        kind = type(event)
        if kind is ScalarEvent:
            if event.anchor or event.tag is not None:
                raise _Unsupported
            return self.scalar(event)
        if kind is SequenceStartEvent:
            return self.sequence(event)
        if kind is MappingStartEvent:
            return self.mapping(event)
        raise _Unsupported

    def sequence(self, event: Any) -> CommentedSeq:
        if event.anchor or event.tag is not None:
            raise _Unsupported
        seq = CommentedSeq()
        mark = event.start_mark
        seq._yaml_set_line_col(mark.line, mark.column)
        lines = seq.lc.data = {}
        items: list[Any] = []
        get, node = self.get, self.node
        child = get()
        while type(child) is not SequenceEndEvent:
            item = child.start_mark
            lines[len(items)] = [item.line, item.column]
            items.append(node(child))
            child = get()
        seq.extend(items)  # as ruamel's constructor does (append moves the comments of later items, one by one)
        _style(seq, event.flow_style)
        return seq

    def mapping(self, event: Any) -> CommentedMap:
        if event.anchor or event.tag is not None:
            raise _Unsupported
        mapping = CommentedMap()
        mark = event.start_mark
        mapping._yaml_set_line_col(mark.line, mark.column)
        lines = mapping.lc.data = {}
        own = mapping._ok
        get, node, scalar = self.get, self.node, self.scalar
        key_event = get()
        while type(key_event) is not MappingEndEvent:
            if type(key_event) is not ScalarEvent or key_event.anchor or key_event.tag is not None:
                raise _Unsupported
            key = scalar(key_event)
            value_event = get()
            at: Any = key_event.start_mark
            value_at: Any = value_event.start_mark
            value = node(value_event)
            if key in lines:
                raise _Unsupported  # the loader refused it already
            lines[key] = [at.line, at.column, value_at.line, value_at.column]
            _set_item(mapping, key, value)  # CommentedMap.__setitem__ of a key not there yet
            own.add(key)
            key_event = get()
        _style(mapping, event.flow_style)
        return mapping

    def scalar(self, event: Any) -> Any:
        value, style = event.value, event.style
        start, end = event.start_mark, event.end_mark
        self.spans.append((start.index, end.index))
        if not style:
            if value and value[0] not in _RESOLVED and not _ANY_FIRST:
                return value  # no implicit type starts with this character: a text
            return plain_scalar(value)
        if style == '"':
            return DoubleQuotedScalarString(value)
        if style == "'":
            return SingleQuotedScalarString(value)
        # "|" or ">": ruamel keeps where a folded block's lines were folded, and the blank lines after a block
        # (libyaml counts them in the block's span) as a comment: written by ruamel only
        block = self.view[start.index : end.index]
        if style == ">" or block[len(block.rstrip(" \n")) :].count("\n") > 1:
            self.marked.append(start.line)
        return LiteralScalarString(value) if style == "|" else FoldedScalarString(value)


def plain_scalar(value: str) -> Any:
    """A plain scalar that may be of another type than text: as ruamel's resolver and constructor read it (its tag
    kept by the text; a timestamp, `=`...: _Unsupported, the loader reads a text there and ruamel does not)."""
    tag = _TAGS.get(value)
    if tag is None:
        tag = str(_RESOLVER.resolve(ScalarNode, value, (True, False)))
        if len(value) <= 64:
            if len(_TAGS) >= _TAGS_KEPT:
                _TAGS.clear()
            _TAGS[value] = tag
    if tag == _STR:
        return value
    if tag == _NULL:
        return None
    if tag == _BOOL:
        return value.lower() == "true"
    if tag == _INT and _PLAIN_INT.fullmatch(value):
        return int(value)
    if tag in (_INT, _FLOAT):
        return _constructed(tag, value)
    raise _Unsupported


def _constructed(tag: str, value: str) -> Any:
    """ruamel's own value of a number it keeps the spelling of (``0``, ``0x1F``, ``1_000``, ``007``, ``1.50``)."""
    global _CONSTRUCTOR
    with _CONSTRUCTING:  # one constructor for the server's threads; it keeps what it made until told otherwise
        if _CONSTRUCTOR is None:
            from .nodes import yaml_io

            _CONSTRUCTOR = yaml_io((2, 4, 2)).constructor
        try:
            return _CONSTRUCTOR.construct_object(ScalarNode(tag, value), deep=True)
        finally:
            _CONSTRUCTOR.constructed_objects.clear()


#: ruamel's round-trip constructor, made when first needed (making it costs more than a file's numbers).
_CONSTRUCTOR: Any = None
_CONSTRUCTING = threading.Lock()


def _style(collection: Any, flow: Any) -> None:
    """``RoundTripConstructor.set_collection_style``: an empty collection keeps ruamel's default."""
    if len(collection) == 0:
        return
    if flow is True:
        collection.fa.set_flow_style()
    elif flow is False:
        collection.fa.set_block_style()


def fresh(made: Any) -> Any:
    """A copy of ruamel's own number (a ScalarInt or ScalarFloat and what it keeps of its spelling: width, precision,
    underscores), as its constructor would make it again (``copy.deepcopy`` costs seven times more)."""
    kind = type(made)
    # int's (float's) own __new__: ruamel's is Python code setting the fields the copy's state then replaces
    base = int if isinstance(made, int) else float
    copied: Any = base.__new__(kind, base(made))
    state = copied.__dict__
    state.update(made.__dict__)
    if isinstance(state.get("_underscore"), list):  # where the underscores were (the one field a list)
        state["_underscore"] = list(state["_underscore"])
    return copied


_new = object.__new__


def set_marks(collection: Any, line: int, column: int, lines: dict[Any, list[int]]) -> None:
    """``_yaml_set_line_col`` (0-based) and the children's marks ``lines`` (``lc.data``), as ruamel's constructor
    sets them (the one pass over the events and the line-by-line read: onepass.py, linetree.py)."""
    line_col: Any = _new(LineCol)  # without its Python __init__, which sets these three fields to None
    line_col.line, line_col.col, line_col.data = line, column, lines
    setattr(collection, LineCol.attrib, line_col)


def set_flow(collection: Any, flow: Any) -> None:
    """``_style`` without its calls: a non-empty collection's flow or block style, as written."""
    # the C length: CommentedMap's own __len__ is a Python call
    if (flow is True or flow is False) and (list.__len__(collection) if isinstance(collection, list) else ordereddict.__len__(collection)):
        style: Any = _new(Format)  # its one field, without its Python __init__
        style._flow_style = flow is True
        setattr(collection, Format.attrib, style)
