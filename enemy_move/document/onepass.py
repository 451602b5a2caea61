"""One pass over libyaml's events giving both the loader's reading of a text and ruamel's round-trip tree of it
(issue 34): the table page's edit of a text the server has not seen read it twice, once for the hardened loader
(values, positions, literal blocks' origins) and once for the tree (fastread.py), and compared the two whole.

Both readings are made from the same events: the loader's exactly as ``loader._fast_node`` makes it (its checks, its
positions, the blocks its ``fast_origins`` judges), the tree exactly as ``fastread._Builder`` makes it; each scalar is
read by both and must mean the same (the same type and value; ``plain`` of the tree is then the loader's data). The
common scalar, a plain text whose first character no implicit type of either reader starts with, is read once. Any
file this pass does not take (something the loader's one-pass read leaves to its slower read, something only ruamel
reads, a scalar read otherwise by the two, a line break other than ``\\n``) is read the two ways as before, so every
refusal and every message is the loader's own (tests/test_onepass.py compares both readings with the two-pass ones).
"""

from __future__ import annotations

import gc
from typing import TYPE_CHECKING, Any

from ruamel.yaml.comments import CommentedMap, CommentedSeq
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

from .. import loader
from ..errors import ScenarioError
from ..yaml_text import SURROGATE, check_characters
from . import fastread
from .linetree import read_lines
from .nodes import plain

if TYPE_CHECKING:
    from .layout import Layout

YamlPath = tuple[Any, ...]


class _Apart(Exception):
    """This text is read the two ways apart (the loader's, then the tree's), which say what they always said."""


#: The first characters of the plain scalars that either reader may read as another type than text ("" for the
#: empty one): the loader's strict resolver's and ruamel's.
_TYPED = frozenset(str(first) for first in loader._StrictResolver.yaml_implicit_resolvers) | fastread._RESOLVED
_ANY_FIRST = None in loader._StrictResolver.yaml_implicit_resolvers or fastread._ANY_FIRST
_BLOCK_STYLES = loader._BLOCK_STYLES
_set_item = fastread._set_item

#: Both readings of each plain scalar text met (typed ones: the others are texts to both), kept; the threads of the
#: server share it (a plain dict: each entry is written whole, and a text always reads the same).
_READ: dict[str, tuple[Any, Any]] = {}
_READ_KEPT = 4096
#: The tree's values that may be one object in several places (ruamel's constructor makes these plain Python values).
_SHARED = (str, int, bool, type(None))


def reading(
    text: str, file: str, loaded: loader.Document | None, indent: tuple[int, int, int], *, fast: bool
) -> tuple[loader.Document, tuple[CommentedMap, Layout] | None]:
    """The loader's reading of ``text`` (``loaded`` when it is of this text) and, ``fast``, the tree read from libyaml's
    events and its layout (None: read it with ruamel): in one pass when neither was read yet."""
    if loaded is None or loaded.source.text != text:
        if fast:
            return read_both(text, file, indent)
        loaded = loader.load_text(text, file)
    return loaded, fastread.fast_reading(text, loaded, indent) if fast else None


def read_both(text: str, file: str, indent: tuple[int, int, int]) -> tuple[loader.Document, tuple[CommentedMap, Layout] | None]:
    """The loader's reading of ``text`` (``load_text``'s: the same data, positions and errors) and the tree and layout
    ``fastread.fast_reading`` gives for it (None: read it with ruamel), in one pass where it can."""
    if _ANY_FIRST or "\r" in text or "\x85" in text or "\u2028" in text or "\u2029" in text or not _plain_view(text):
        loaded = loader.load_text(text, file)  # the loader's marks count these breaks; the tree's view has "\n" alone
        return loaded, fastread.fast_reading(text, loaded, indent)
    check_characters(text, file)
    collecting = gc.isenabled()
    gc.disable()  # as the loader does: the collector would only rescan the growing trees
    try:
        read = read_lines(text, file) or _read(text, file)  # a plain text line by line, else from libyaml's events
        if read is not None:
            loaded, tree, unsure = read
            return loaded, _layout(text, tree, loaded.data, unsure, indent)
    finally:
        if collecting:
            gc.enable()
    loaded = loader.load_text(text, file)
    return loaded, fastread.fast_reading(text, loaded, indent)


def _plain_view(text: str) -> bool:
    from .original import plain_view

    return plain_view(text)


def _layout(
    text: str, tree: CommentedMap, whole: Any, unsure: list[int], indent: tuple[int, int, int]
) -> tuple[CommentedMap, Layout] | None:
    from .layout import mark_unsure, read_layout

    layout = read_layout(text, tree, whole, indent)
    return (tree, mark_unsure(layout, unsure)) if layout is not None else None


def _read(text: str, file: str) -> tuple[loader.Document, CommentedMap, list[int]] | None:
    """Both readings, or None where this pass does not take the file (``read_both`` reads it apart)."""
    source = loader.SourceMap(file=file, text=text)
    builder = loader._Builder(source, None)
    parser = CParser(text)
    both = _Both(parser, builder, text)
    try:
        parser.get_event()  # StreamStart
        start = parser.get_event()
        if type(start) is not DocumentStartEvent or getattr(start, "version", None) or getattr(start, "tags", None):
            return None
        root = parser.get_event()
        if type(root) is not MappingStartEvent:
            return None  # the tree is a mapping's (a scalar or a list at the top: the loader says what it is)
        data, tree = both.node(root, (), 0)
        if type(parser.get_event()) is not DocumentEndEvent or type(parser.get_event()) is not StreamEndEvent:
            return None
    except (_Apart, fastread._Unsupported, loader._Slow, ScenarioError, YAMLError, RecursionError):
        return None
    finally:
        parser.dispose()
    loader._block_origins(text, file, builder, source)  # as load_text: its errors (a misread block) come from there
    return loader.Document(data=data, source=source), tree, fastread._unsure_lines(text, both.spans, both.marked)


class _Both(fastread._Builder):
    """``fastread._Builder``'s tree and ``loader._fast_node``'s values and positions, node by node; a plain text in a
    mapping or a list is read in the loop (most of a file's scalars: a call each costs a fifth of the pass)."""

    def __init__(self, parser: Any, builder: loader._Builder, text: str):
        super().__init__(parser, [], text)
        self.builder = builder
        self.positions = builder.source.positions
        self.key_positions = builder.source.key_positions
        self.resolver = loader._StrictResolver()

    def node(self, event: Any, path: YamlPath, depth: int) -> tuple[Any, Any]:  # type: ignore[override]
        kind = type(event)
        if kind is not ScalarEvent and kind is not SequenceStartEvent and kind is not MappingStartEvent:
            raise _Apart  # an alias (the loader refuses it), or what a valid stream does not hold
        if depth > loader.MAX_DEPTH or event.anchor or event.tag is not None:
            raise _Apart
        start = event.start_mark
        self.positions[path] = (start.line + 1, start.column + 1)
        if kind is ScalarEvent:
            return self.both_scalar(event, path)
        if kind is SequenceStartEvent:
            return self.both_sequence(event, path, depth)
        return self.both_mapping(event, path, depth)

    def both_scalar(self, event: Any, path: YamlPath) -> tuple[Any, Any]:
        """The loader's value and the tree's of a scalar, which must mean the same (the same type and value). A plain
        scalar's two readings depend on its text alone: kept by the text (``4``, ``false``, ``0``: most of a board's
        numbers and flags), the tree's value a copy when it is ruamel's own (``0`` is a ScalarInt, which keeps its
        width)."""
        plain_text = not event.style and event.implicit[0]
        if plain_text:
            known = _READ.get(event.value)
            if known is not None:
                read, made = known
                if "#" in event.value or "\n" in event.value:
                    self.spans.append((event.start_mark.index, event.end_mark.index))
                return read, made if type(made) in _SHARED else fastread.fresh(made)
        read = loader._fast_scalar(self.resolver, self.builder, event, path)
        made = self.scalar(event)
        meant = plain(made)
        if type(meant) is not type(read) or meant != read:
            raise _Apart
        if plain_text and len(event.value) <= 64 and (type(made) in _SHARED or isinstance(made, (int, float))):
            if len(_READ) >= _READ_KEPT:
                _READ.clear()
            _READ[event.value] = (read, made if type(made) in _SHARED else fastread.fresh(made))
        return read, made

    def both_sequence(self, event: Any, path: YamlPath, depth: int) -> tuple[list[Any], CommentedSeq]:
        seq = CommentedSeq()
        lines: dict[int, list[int]] = {}
        fastread.set_marks(seq, event.start_mark.line, event.start_mark.column, lines)
        values: list[Any] = []
        items: list[Any] = []
        get, node, spans, positions = self.get, self.node, self.spans, self.positions
        deeper = depth + 1
        child = get()
        kind = type(child)
        while kind is not SequenceEndEvent:
            at = child.start_mark
            line, column = at.line, at.column
            index = len(items)
            lines[index] = [line, column]
            if kind is ScalarEvent and not child.style and deeper <= loader.MAX_DEPTH and not child.anchor and child.tag is None:
                text = child.value
                if text and text[0] not in _TYPED and (text.isascii() or not SURROGATE.search(text)):
                    positions[(*path, index)] = (line + 1, column + 1)
                    if "#" in text or "\n" in text:
                        spans.append((at.index, child.end_mark.index))
                    values.append(text)
                    items.append(text)
                    child = get()
                    kind = type(child)
                    continue
            if kind is ScalarEvent and child.style in _BLOCK_STYLES:
                self.builder.blocks = None  # a block as a list item: the token pass reads it
            value, item = node(child, (*path, index), deeper)
            values.append(value)
            items.append(item)
            child = get()
            kind = type(child)
        seq.extend(items)
        fastread.set_flow(seq, event.flow_style)
        return values, seq

    def both_mapping(self, event: Any, path: YamlPath, depth: int) -> tuple[dict[Any, Any], CommentedMap]:
        if depth >= loader.MAX_DEPTH:
            return self.deepest(event, path, depth)
        mapping = CommentedMap()
        lines: dict[Any, list[int]] = {}
        fastread.set_marks(mapping, event.start_mark.line, event.start_mark.column, lines)
        own = mapping._ok
        result: dict[Any, Any] = {}
        seen: set[str] = set()
        get, node, builder, spans = self.get, self.node, self.builder, self.spans
        positions, key_positions, read = self.positions, self.key_positions, _READ
        deeper = depth + 1
        key_event = get()
        while type(key_event) is not MappingEndEvent:
            if type(key_event) is not ScalarEvent or key_event.anchor or key_event.tag is not None:
                raise _Apart
            text, style = key_event.value, key_event.style
            at: Any = key_event.start_mark  # libyaml's Mark (the stubs allow None)
            end: Any = key_event.end_mark
            if not style and text and text[0] not in _TYPED and text.isascii():
                if "#" in text:  # a span is looked at only where a `#` or a blank line falls in it
                    spans.append((at.index, end.index))
                key = made = text
                if text in seen or text == "<<":
                    raise _Apart
                seen.add(text)
            else:
                key, made = self.both_key(key_event, path)
                if key == "<<" or str(key) in seen or made in lines:
                    raise _Apart
                seen.add(str(key))
            key_path = (*path, key)
            line, column = at.line, at.column
            key_positions[key_path] = (line + 1, column + 1)
            value_event = get()
            value_at: Any = value_event.start_mark
            value_line, value_column = value_at.line, value_at.column
            if type(value_event) is ScalarEvent:
                value_style = value_event.style
                if style or value_style or key == "map" or not text:
                    loader._note_block(builder, key_event, value_event, key_path, (event, depth))
                value_text = value_event.value
                if (
                    not value_style
                    and value_text
                    and value_text[0] not in _TYPED
                    and not value_event.anchor
                    and value_event.tag is None
                    and (value_text.isascii() or not SURROGATE.search(value_text))
                ):
                    positions[key_path] = (value_line + 1, value_column + 1)
                    if "#" in value_text or "\n" in value_text:
                        value_end: Any = value_event.end_mark
                        spans.append((value_at.index, value_end.index))
                    result[key] = value = value_text
                elif (
                    not value_style
                    and (known := read.get(value_text)) is not None
                    and value_event.implicit[0]
                    and not value_event.anchor
                    and value_event.tag is None
                ):  # both_scalar's kept readings (4, false, 0...), without its two calls: a third of a board's scalars
                    positions[key_path] = (value_line + 1, value_column + 1)
                    if "#" in value_text or "\n" in value_text:
                        value_end = value_event.end_mark
                        spans.append((value_at.index, value_end.index))
                    result[key], value = known[0], known[1] if type(known[1]) in _SHARED else fastread.fresh(known[1])
                else:
                    result[key], value = node(value_event, key_path, deeper)
            else:
                if style:
                    loader._note_block(builder, key_event, value_event, key_path, (event, depth))
                result[key], value = node(value_event, key_path, deeper)
            lines[made] = [line, column, value_line, value_column]
            _set_item(mapping, made, value)
            own.add(made)
            key_event = get()
        fastread.set_flow(mapping, event.flow_style)
        return result, mapping

    def deepest(self, event: Any, path: YamlPath, depth: int) -> tuple[dict[Any, Any], CommentedMap]:
        """A mapping at the deepest level the loader takes: only an empty one (a key in it is one level too deep)."""
        if type(self.get()) is not MappingEndEvent:
            raise _Apart
        mapping = CommentedMap()
        fastread.set_marks(mapping, event.start_mark.line, event.start_mark.column, {})
        return {}, mapping

    def both_key(self, event: Any, path: YamlPath) -> tuple[Any, Any]:
        """The loader's key (a null, boolean or float key is its text) and the tree's, which must be the same key."""
        key = loader._fast_scalar(self.resolver, self.builder, event, path)
        if key is None or isinstance(key, (bool, float)):
            key = event.value
        made = self.scalar(event)
        meant = str(made) if isinstance(made, str) else made  # as ``plain`` reads a key: ``0`` stays ruamel's ScalarInt
        if meant != key or repr(meant) != repr(key) or type(meant) is not type(key) and (type(key) is not int or isinstance(meant, bool)):
            raise _Apart
        return key, made
