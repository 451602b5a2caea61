"""Scenario text read from libyaml's events: every file the line-by-line read (plain_yaml.py) leaves, and every
refusal's message. Imported by loader.py only for such a file (PyYAML's import is about 97 M instructions).

A file with nothing unusual is read in one pass over the events (``_fast_load``); anything else is composed into
PyYAML's node tree and built apart (``_compose``, ``_Builder``), which says exactly what it always said.
"""

from __future__ import annotations

import math
import re
from decimal import Decimal
from typing import TYPE_CHECKING, Any

import yaml
from yaml.composer import Composer
from yaml.nodes import MappingNode, Node, ScalarNode, SequenceNode
from yaml.parser import Parser
from yaml.reader import Reader
from yaml.resolver import Resolver
from yaml.scanner import Scanner

from .errors import ScenarioError
from .yaml_blocks import BlockOrigin, read_blocks
from .yaml_text import MAX_DEPTH, MAX_NUMBER_CHARS, SURROGATE

if TYPE_CHECKING:
    from .loader import SourceMap

YamlPath = tuple[Any, ...]


class _StrictResolver(Resolver):
    """Only null, true/false, decimal integers and plain floats are implicit."""


_StrictResolver.yaml_implicit_resolvers = {}
_StrictResolver.add_implicit_resolver("tag:yaml.org,2002:null", re.compile(r"^(?:~|null|Null|NULL|)$"), ["~", "n", "N", ""])
_StrictResolver.add_implicit_resolver("tag:yaml.org,2002:bool", re.compile(r"^(?:true|True|TRUE|false|False|FALSE)$"), list("tTfF"))
_StrictResolver.add_implicit_resolver("tag:yaml.org,2002:int", re.compile(r"^[-+]?(?:0|[1-9][0-9]*)$"), list("-+0123456789"))
_StrictResolver.add_implicit_resolver(
    "tag:yaml.org,2002:float",
    re.compile(r"^[-+]?(?:0|[1-9][0-9]*)\.[0-9]+$"),
    list("-+0123456789"),
)

_PLAIN_TAGS = {
    "tag:yaml.org,2002:str",
    "tag:yaml.org,2002:null",
    "tag:yaml.org,2002:bool",
    "tag:yaml.org,2002:int",
    "tag:yaml.org,2002:float",
    "tag:yaml.org,2002:map",
    "tag:yaml.org,2002:seq",
}


class _Loader(Reader, Scanner, Parser, Composer, _StrictResolver):
    def __init__(self, stream: str):
        Reader.__init__(self, stream)
        Scanner.__init__(self)
        Parser.__init__(self)
        Composer.__init__(self)
        _StrictResolver.__init__(self)


def _mark(node: Node) -> tuple[int, int]:
    return (node.start_mark.line + 1, node.start_mark.column + 1)


class _Builder:
    """Turns a composed node tree into plain Python values, recording positions."""

    def __init__(self, source: SourceMap, origins: dict[tuple[int, int], BlockOrigin] | None):
        self.source = source
        #: None: not known yet (the one-pass read): each literal block's path and mark are kept in ``literals``.
        self.origins = origins
        self.literals: list[tuple[YamlPath, int, int]] = []
        #: The one-pass read's blocks for ``yaml_blocks.fast_origins`` (a mapping's literal values), None when the
        #: file has one it does not judge (then ``read_blocks`` reads the tokens, as before).
        self.blocks: list[tuple[Any, Any, int, bool, bool]] | None = []

    def fail(self, node: Node, message: str) -> ScenarioError:
        line, col = _mark(node)
        return ScenarioError(self.source.file, line, col, message)

    def build(self, node: Node, path: YamlPath) -> Any:
        start = node.start_mark  # _mark(node), written out: every node of the file passes here
        self.source.positions[path] = (start.line + 1, start.column + 1)
        if node.tag not in _PLAIN_TAGS:
            raise self.fail(node, f"YAML tag {node.tag!r} is not allowed in scenario files")
        if isinstance(node, ScalarNode):
            return self.scalar(node, path)
        if isinstance(node, SequenceNode):
            return [self.build(item, path + (i,)) for i, item in enumerate(node.value)]
        if isinstance(node, MappingNode):
            result: dict[Any, Any] = {}
            seen: set[str] = set()  # keys as text: `1` and "1" are the same key
            for key_node, value_node in node.value:
                if not isinstance(key_node, ScalarNode):
                    raise self.fail(key_node, "mapping keys must be plain words or numbers")
                key = self.scalar(key_node, path)
                if key is None or isinstance(key, (bool, float)):
                    # ~, true and 1.5 as keys are almost always mistakes; keep the text.
                    key = key_node.value
                if key == "<<":
                    raise self.fail(key_node, "YAML merge keys ('<<') are not allowed")
                if str(key) in seen:
                    raise self.fail(key_node, f"duplicate key {key!r}")
                seen.add(str(key))
                self.source.key_positions[path + (key,)] = _mark(key_node)
                result[key] = self.build(value_node, path + (key,))
            return result
        raise self.fail(node, "unsupported YAML node")

    def scalar(self, node: ScalarNode, path: YamlPath) -> Any:
        tag = node.tag
        text = node.value
        if node.style == "|":
            self._record_block(node, path)
        # libyaml marks plain scalars with style "" where PyYAML uses None.
        if tag == "tag:yaml.org,2002:str" or node.style not in (None, ""):
            surrogate = None if text.isascii() else SURROGATE.search(text)
            if surrogate:
                code = ord(surrogate.group())
                raise self.fail(
                    node, f"text holds the escape \\u{code:04x}, a lone surrogate: not a character (write the character itself)"
                )
            return text
        if tag in ("tag:yaml.org,2002:int", "tag:yaml.org,2002:float") and len(text) > MAX_NUMBER_CHARS:
            raise self.fail(
                node, f"number with {len(text)} characters; scenario numbers are far smaller (at most {MAX_NUMBER_CHARS} characters)"
            )
        if tag == "tag:yaml.org,2002:null":
            return None
        if tag == "tag:yaml.org,2002:bool":
            return text.lower() == "true"
        if tag == "tag:yaml.org,2002:int":
            return int(text)
        if tag == "tag:yaml.org,2002:float":
            value = float(text)
            if not math.isfinite(value):  # unreachable under the length cap; JSON has no infinity
                raise self.fail(node, "number is too large")
            if Decimal(repr(value)) != Decimal(text):
                # 20.000000000000000000000000001 would silently become 20.0 and tie with 20.
                raise self.fail(
                    node, f"number {text} has more digits than the tool keeps exactly (it would be read as {value!r}); write fewer digits"
                )
            return value
        return text

    def _record_block(self, node: ScalarNode, path: YamlPath) -> None:
        if self.origins is None:
            self.literals.append((path, node.start_mark.line, node.start_mark.column))
            return
        origin = self.origins.get((node.start_mark.line, node.start_mark.column))
        if origin is not None:
            self.source.block_origins[path] = (origin.first_line, origin.indent)


try:  # libyaml's parser is several times faster; same events, same marks
    from yaml._yaml import CParser as _CParser

    class FastLoader(_CParser, Composer, _StrictResolver):
        def __init__(self, stream: str):
            _CParser.__init__(self, stream)
            Composer.__init__(self)
            _StrictResolver.__init__(self)

except ImportError:  # PyYAML built without libyaml
    FastLoader = _Loader  # type: ignore[misc,assignment]


def _compose(text: str, file: str) -> Node | None:
    try:
        return _compose_with(FastLoader, text)
    except yaml.YAMLError:
        if FastLoader is _Loader:  # type: ignore[comparison-overlap]  # without libyaml they are one class
            raise
        # PyYAML's own messages name the offending character; bad input is
        # rare, so parse it again with the slower parser for the message.
        return _compose_with(_Loader, text)


def _compose_with(loader_class: type, text: str) -> Node | None:
    loader = loader_class(text)
    try:
        loader.get_event()  # StreamStart
        if loader.check_event(yaml.StreamEndEvent):
            return None
        start = loader.get_event()  # DocumentStart
        if getattr(start, "version", None) or getattr(start, "tags", None):
            raise ScenarioError("", _directive_line(text), 1, "YAML directives (%YAML, %TAG) are not allowed in scenario files")
        node = _compose_checked(loader)
        loader.get_event()  # DocumentEnd
        if not loader.check_event(yaml.StreamEndEvent):
            event = loader.peek_event()
            raise _event_error(event, "a scenario file holds one YAML document; found a second one")
        return node
    finally:
        loader.dispose()


def _directive_line(text: str) -> int:
    for number, line in enumerate(text.split("\n"), 1):
        if line.startswith("%"):
            return number
    return 1


def _compose_checked(loader: Any, depth: int = 0) -> Node:
    # ``loader``: a PyYAML loader class built from mixins (the stubs leave its event API untyped).
    """Compose one node, refusing anchors and aliases (they enable 'billion laughs'). Each event is peeked once
    and told apart by its class (PyYAML's own composer asks the parser again for each kind: a file's worth of
    calls per node)."""
    if depth > MAX_DEPTH:
        raise _event_error(loader.peek_event(), f"YAML nesting is too deep (more than {MAX_DEPTH} levels)")
    event = loader.peek_event()
    if isinstance(event, yaml.AliasEvent):
        loader.get_event()
        raise _event_error(event, "YAML aliases ('*name') are not allowed in scenario files")
    if getattr(event, "anchor", None):
        raise _event_error(event, "YAML anchors ('&name') are not allowed in scenario files")
    if getattr(event, "tag", None) is not None:
        # Every explicit tag is refused, even harmless ones (`!!int 3`, `!`, `!!map`):
        # one simple rule, and no tag can change how a value is read.
        raise _event_error(event, f"YAML tag {_short_tag(event.tag)!r} is not allowed in scenario files; write the plain value")
    if isinstance(event, yaml.ScalarEvent):
        # Composer.compose_scalar_node for an event without tag or anchor (refused above).
        loader.get_event()
        found: Any = event  # libyaml's marks are a Mark type of its own, which the stubs keep apart from PyYAML's
        return ScalarNode(
            _scalar_tag(loader, found.value, found.implicit), found.value, found.start_mark, found.end_mark, style=found.style
        )
    if isinstance(event, yaml.SequenceStartEvent):
        node: Node = _open_collection(loader, SequenceNode)
        while not isinstance(loader.peek_event(), yaml.SequenceEndEvent):
            node.value.append(_compose_checked(loader, depth + 1))
        node.end_mark = loader.get_event().end_mark
        return node
    if isinstance(event, yaml.MappingStartEvent):
        node = _open_collection(loader, MappingNode)
        while not isinstance(loader.peek_event(), yaml.MappingEndEvent):
            key = _compose_checked(loader, depth + 1)
            value = _compose_checked(loader, depth + 1)
            node.value.append((key, value))
        node.end_mark = loader.get_event().end_mark
        return node
    event = loader.get_event()
    raise _event_error(event, "unexpected YAML content")


#: The tag of each plain or quoted scalar text met (the strict resolver reads only the text and its style), kept.
_SCALAR_TAGS: dict[tuple[str, tuple[bool, bool]], str] = {}
_SCALAR_TAGS_KEPT = 4096


def _scalar_tag(loader: Any, value: str, implicit: tuple[bool, bool]) -> str:
    key = (value, implicit)
    tag = _SCALAR_TAGS.get(key)
    if tag is None:
        tag = loader.resolve(ScalarNode, value, implicit)
        if len(value) <= 64:  # map texts and long strings are met once
            if len(_SCALAR_TAGS) >= _SCALAR_TAGS_KEPT:
                _SCALAR_TAGS.clear()
            _SCALAR_TAGS[key] = tag
    return tag


def _short_tag(tag: str) -> str:
    return "!!" + tag[len("tag:yaml.org,2002:") :] if tag.startswith("tag:yaml.org,2002:") else tag


def _open_collection(loader: Any, node_class: type) -> Any:
    """Consume a sequence/mapping start event and make its (still empty) node."""
    start = loader.get_event()
    tag = start.tag
    if tag is None or tag == "!":
        tag = loader.resolve(node_class, None, start.implicit)
    return node_class(tag, [], start.start_mark, None, flow_style=start.flow_style)


def _event_error(event: Any, message: str) -> ScenarioError:
    # The file name is filled in by load_text, which knows it.
    return ScenarioError("", event.start_mark.line + 1, event.start_mark.column + 1, message)


def read_events(text: str, file: str, source: SourceMap) -> tuple[Any, _Builder | None]:
    """The file's values, their positions recorded in ``source``: in one pass over the parser's events when the file
    holds nothing unusual (with the builder, whose blocks the loader judges: ``loader._block_origins``), else composed
    and built apart (every refusal and its message come from there; the builder None). The blocks' misread lines are
    looked for first then (``read_blocks``: its errors come before any other)."""
    builder = _Builder(source, None)
    try:
        return _fast_load(text, builder), builder
    except _Slow:
        source.positions.clear()
        source.key_positions.clear()
    origins = read_blocks(text, file, FastLoader)
    try:
        node = _compose(text, file)
    except ScenarioError as error:
        error.file = file
        raise
    except yaml.MarkedYAMLError as error:
        mark = error.problem_mark or error.context_mark
        line, col = (mark.line + 1, mark.column + 1) if mark else (1, 1)
        problem = error.problem or error.context or "invalid YAML"
        raise ScenarioError(file, line, col, f"invalid YAML: {problem}") from None
    except yaml.YAMLError as error:
        raise ScenarioError(file, 1, 1, f"invalid YAML: {error}") from None
    except RecursionError:
        raise ScenarioError(file, 1, 1, "YAML nesting is too deep") from None
    if node is None:
        raise ScenarioError(file, 1, 1, "the file is empty; a scenario needs at least `ruleset:`")
    try:
        return _Builder(source, origins).build(node, ()), None
    except RecursionError:
        raise ScenarioError(file, 1, 1, "YAML nesting is too deep") from None


class _Slow(Exception):
    """The one-pass load met something the two-pass one judges (a syntax error, an anchor, a tag, a second document,
    a duplicate key, a float...): the file is read again that way, which says exactly what it always said."""


def _fast_load(text: str, builder: _Builder) -> Any:
    """The document's values straight from libyaml's events, without a node tree (compose and build cost about
    three times the parsing itself): the same values and positions as ``_Builder.build`` of ``_compose``'s tree
    (tests/test_loader_fast.py), or ``_Slow``."""
    loader = FastLoader(text)
    try:
        loader.get_event()  # StreamStart
        start = loader.get_event()
        if type(start) is not yaml.DocumentStartEvent or getattr(start, "version", None) or getattr(start, "tags", None):
            raise _Slow
        root = loader.get_event()
        if type(root) is yaml.ScalarEvent and root.style in _BLOCK_STYLES:
            builder.blocks = None
        data = _fast_node(loader, builder, root, (), 0)
        if type(loader.get_event()) is not yaml.DocumentEndEvent or type(loader.get_event()) is not yaml.StreamEndEvent:
            raise _Slow
        return data
    except (yaml.YAMLError, ScenarioError, RecursionError):
        raise _Slow from None
    finally:
        loader.dispose()


def _fast_node(loader: Any, builder: _Builder, event: Any, path: YamlPath, depth: int) -> Any:
    kind = type(event)
    if depth > MAX_DEPTH or kind is yaml.AliasEvent or getattr(event, "anchor", None) or getattr(event, "tag", None) is not None:
        raise _Slow
    start = event.start_mark
    builder.source.positions[path] = (start.line + 1, start.column + 1)
    if kind is yaml.ScalarEvent:
        return _fast_scalar(loader, builder, event, path)
    if kind is yaml.SequenceStartEvent:
        items: list[Any] = []
        event = loader.get_event()
        while type(event) is not yaml.SequenceEndEvent:
            if type(event) is yaml.ScalarEvent and event.style in _BLOCK_STYLES:
                builder.blocks = None  # a block as a list item: the token pass reads it
            items.append(_fast_node(loader, builder, event, (*path, len(items)), depth + 1))
            event = loader.get_event()
        return items
    if kind is not yaml.MappingStartEvent:
        raise _Slow
    opened = event
    result: dict[Any, Any] = {}
    seen: set[str] = set()
    key_positions = builder.source.key_positions
    event = loader.get_event()
    while type(event) is not yaml.MappingEndEvent:
        if depth >= MAX_DEPTH or type(event) is not yaml.ScalarEvent or event.anchor or event.tag is not None:
            raise _Slow
        key = _fast_scalar(loader, builder, event, path)
        if key is None or isinstance(key, (bool, float)):
            key = event.value
        if key == "<<" or str(key) in seen:
            raise _Slow
        seen.add(str(key))
        mark: Any = event.start_mark
        key_positions[(*path, key)] = (mark.line + 1, mark.column + 1)
        value = loader.get_event()
        if event.style or (type(value) is yaml.ScalarEvent and (value.style or key == "map" or not event.value)):
            _note_block(builder, event, value, (*path, key), (opened, depth))
        result[key] = _fast_node(loader, builder, value, (*path, key), depth + 1)
        event = loader.get_event()
    return result


_BLOCK_STYLES = ("|", ">")


def _note_block(builder: _Builder, key: Any, value: Any, path: YamlPath, mapping: tuple[Any, int]) -> None:
    """A mapping entry the block pass (yaml_blocks) looks at: a block value kept for ``fast_origins`` (its marks, the
    mapping's column, whether it is the scenario's ``map:``, whether it is literal); a block as a key, a value after an
    empty key or a ``map`` folded or over several lines without ``|`` leave the file to the token pass (``blocks``
    None)."""
    opened, depth = mapping
    scalar = type(value) is yaml.ScalarEvent
    style = value.style if scalar else None
    if builder.blocks is None:
        return
    is_map = depth == 0 and path == ("map",)
    if key.style in _BLOCK_STYLES or (scalar and not key.value) or (is_map and style == ">"):
        builder.blocks = None
    elif style in _BLOCK_STYLES:
        builder.blocks.append((value.start_mark, value.end_mark, opened.start_mark.column, is_map, style == "|"))
    elif path[-1] == "map" and scalar and value.start_mark.line != value.end_mark.line:
        builder.blocks = None


_STR, _NULL, _BOOL, _INT = (f"tag:yaml.org,2002:{name}" for name in ("str", "null", "bool", "int"))


def _fast_scalar(loader: Any, builder: _Builder, event: Any, path: YamlPath) -> Any:
    """``_Builder.scalar`` of the scalar's node: text, null, booleans and short integers here, the rest by it."""
    value, style = event.value, event.style
    tag = _scalar_tag(loader, value, event.implicit)
    if tag == _STR or style not in (None, ""):
        if style != "|" and (value.isascii() or not SURROGATE.search(value)):
            return value
    elif tag == _NULL:
        return None
    elif tag == _BOOL:
        return value.lower() == "true"
    elif tag == _INT and len(value) <= MAX_NUMBER_CHARS:
        return int(value)
    return builder.scalar(ScalarNode(tag, value, event.start_mark, event.end_mark, style=style), path)
