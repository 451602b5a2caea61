"""Hardened YAML loading that remembers where every value came from.

Scenario files come from players and designers, so the loader is strict:
one document, no anchors or aliases, no duplicate keys, no exotic tags, and
only a few implicit types (``0102``, ``no`` and ``on`` stay strings). Every
value's position is kept so that later errors, even semantic ones found long
after parsing, can name ``FILE:LINE:COL``.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import yaml
from yaml.composer import Composer
from yaml.nodes import MappingNode, Node, ScalarNode, SequenceNode
from yaml.parser import Parser
from yaml.reader import Reader
from yaml.resolver import Resolver
from yaml.scanner import Scanner

from .errors import ScenarioError

#: Largest scenario file accepted. Real boards are a few KiB; 2 MiB leaves
#: room for a 200x200 map (80 KiB) many times over.
MAX_FILE_BYTES = 2 * 1024 * 1024

#: Deepest nesting of lists and mappings accepted. Real scenarios nest about
#: 5 levels; the limit keeps every later recursive step far from Python's stack limit.
MAX_DEPTH = 64

YamlPath = tuple[Any, ...]


class _StrictResolver(Resolver):
    """Only null, true/false, decimal integers and plain floats are implicit."""


_StrictResolver.yaml_implicit_resolvers = {}
_StrictResolver.add_implicit_resolver(
    "tag:yaml.org,2002:null", re.compile(r"^(?:~|null|Null|NULL|)$"), ["~", "n", "N", ""]
)
_StrictResolver.add_implicit_resolver(
    "tag:yaml.org,2002:bool", re.compile(r"^(?:true|True|TRUE|false|False|FALSE)$"), list("tTfF")
)
_StrictResolver.add_implicit_resolver(
    "tag:yaml.org,2002:int", re.compile(r"^[-+]?(?:0|[1-9][0-9]*)$"), list("-+0123456789")
)
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


@dataclass
class SourceMap:
    """Where each value of a loaded document sits in its file."""

    file: str
    text: str
    positions: dict[YamlPath, tuple[int, int]] = field(default_factory=dict)
    # Key nodes are remembered separately: an unknown key is reported at the key.
    key_positions: dict[YamlPath, tuple[int, int]] = field(default_factory=dict)
    # For literal block scalars: 0-based file line of the block's first text
    # line, and the indentation stripped from every line.
    block_origins: dict[YamlPath, tuple[int, int]] = field(default_factory=dict)

    def where(self, path: YamlPath, *, key: bool = False) -> tuple[int, int]:
        """1-based (line, column) of the value at ``path``, or its closest parent."""
        path = tuple(path)
        while True:
            if key and path in self.key_positions:
                return self.key_positions[path]
            if path in self.positions:
                return self.positions[path]
            if not path:
                return (1, 1)
            path = path[:-1]

    def error(self, path: YamlPath, message: str, *, key: bool = False) -> ScenarioError:
        line, col = self.where(path, key=key)
        return ScenarioError(self.file, line, col, message)

    def text_position(self, path: YamlPath, text_line: int, text_col: int) -> tuple[int, int]:
        """Position of character ``text_col`` of line ``text_line`` (0-based) of a block scalar."""
        origin = self.block_origins.get(tuple(path))
        if origin is None:
            return self.where(path)
        first_line, indent = origin
        return (first_line + text_line + 1, indent + text_col + 1)

    def text_error(self, path: YamlPath, text_line: int, text_col: int, message: str) -> ScenarioError:
        line, col = self.text_position(path, text_line, text_col)
        return ScenarioError(self.file, line, col, message)


@dataclass
class Document:
    data: Any
    source: SourceMap


def _mark(node: Node) -> tuple[int, int]:
    return (node.start_mark.line + 1, node.start_mark.column + 1)


class _Builder:
    """Turns a composed node tree into plain Python values, recording positions."""

    def __init__(self, source: SourceMap):
        self.source = source
        self.lines = source.text.splitlines()

    def fail(self, node: Node, message: str) -> ScenarioError:
        line, col = _mark(node)
        return ScenarioError(self.source.file, line, col, message)

    def build(self, node: Node, path: YamlPath) -> Any:
        self.source.positions[path] = _mark(node)
        if node.tag not in _PLAIN_TAGS:
            raise self.fail(node, f"YAML tag {node.tag!r} is not allowed in scenario files")
        if isinstance(node, ScalarNode):
            return self.scalar(node, path)
        if isinstance(node, SequenceNode):
            return [self.build(item, path + (i,)) for i, item in enumerate(node.value)]
        if isinstance(node, MappingNode):
            result: dict[Any, Any] = {}
            for key_node, value_node in node.value:
                if not isinstance(key_node, ScalarNode):
                    raise self.fail(key_node, "mapping keys must be plain words or numbers")
                key = self.scalar(key_node, path)
                if key is None or isinstance(key, (bool, float)):
                    # ~, true and 1.5 as keys are almost always mistakes; keep the text.
                    key = key_node.value
                if key == "<<":
                    raise self.fail(key_node, "YAML merge keys ('<<') are not allowed")
                if key in result or str(key) in {str(k) for k in result}:
                    raise self.fail(key_node, f"duplicate key {key!r}")
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
            return text
        if tag == "tag:yaml.org,2002:null":
            return None
        if tag == "tag:yaml.org,2002:bool":
            return text.lower() == "true"
        if tag == "tag:yaml.org,2002:int":
            return int(text)
        if tag == "tag:yaml.org,2002:float":
            return float(text)
        return text

    def _record_block(self, node: ScalarNode, path: YamlPath) -> None:
        # The block's content starts on the line after the '|' indicator; its
        # indentation is that of the first non-blank content line.
        start = node.start_mark.line + 1
        end = node.end_mark.line
        indent = None
        for number in range(start, min(end + 1, len(self.lines))):
            line = self.lines[number]
            if line.strip():
                indent = len(line) - len(line.lstrip(" "))
                break
        header = self.lines[node.start_mark.line][node.start_mark.column:] if node.start_mark.line < len(self.lines) else ""
        explicit = re.match(r"\|[+-]?([1-9])|\|([1-9])[+-]?", header)
        if explicit:
            digit = explicit.group(1) or explicit.group(2)
            parent_indent = len(self.lines[node.start_mark.line]) - len(self.lines[node.start_mark.line].lstrip(" "))
            indent = parent_indent + int(digit)
        self.source.block_origins[path] = (start, indent or 0)


try:  # libyaml's parser is several times faster; same events, same marks
    from yaml._yaml import CParser as _CParser

    class _FastLoader(_CParser, Composer, _StrictResolver):
        def __init__(self, stream: str):
            _CParser.__init__(self, stream)
            Composer.__init__(self)
            _StrictResolver.__init__(self)

except ImportError:  # PyYAML built without libyaml
    _FastLoader = _Loader  # type: ignore[misc,assignment]


def _compose(text: str, file: str) -> Node | None:
    try:
        return _compose_with(_FastLoader, text)
    except yaml.YAMLError:
        if _FastLoader is _Loader:
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
        loader.get_event()  # DocumentStart
        node = _compose_checked(loader)
        loader.get_event()  # DocumentEnd
        if not loader.check_event(yaml.StreamEndEvent):
            event = loader.peek_event()
            raise _event_error(event, "a scenario file holds one YAML document; found a second one")
        return node
    finally:
        loader.dispose()


def _compose_checked(loader: _Loader, depth: int = 0) -> Node:
    """Compose one node, refusing anchors and aliases (they enable 'billion laughs')."""
    if depth > MAX_DEPTH:
        raise _event_error(loader.peek_event(), f"YAML nesting is too deep (more than {MAX_DEPTH} levels)")
    if loader.check_event(yaml.AliasEvent):
        event = loader.get_event()
        raise _event_error(event, "YAML aliases ('*name') are not allowed in scenario files")
    event = loader.peek_event()
    if getattr(event, "anchor", None):
        raise _event_error(event, "YAML anchors ('&name') are not allowed in scenario files")
    if loader.check_event(yaml.ScalarEvent):
        return loader.compose_scalar_node(None)
    if loader.check_event(yaml.SequenceStartEvent):
        node = _open_collection(loader, SequenceNode)
        while not loader.check_event(yaml.SequenceEndEvent):
            node.value.append(_compose_checked(loader, depth + 1))
        node.end_mark = loader.get_event().end_mark
        return node
    if loader.check_event(yaml.MappingStartEvent):
        node = _open_collection(loader, MappingNode)
        while not loader.check_event(yaml.MappingEndEvent):
            key = _compose_checked(loader, depth + 1)
            value = _compose_checked(loader, depth + 1)
            node.value.append((key, value))
        node.end_mark = loader.get_event().end_mark
        return node
    event = loader.get_event()
    raise _event_error(event, "unexpected YAML content")


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


def load_text(text: str, file: str) -> Document:
    """Parse scenario text; every failure is a ScenarioError naming file, line and column."""
    source = SourceMap(file=file, text=text)
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
        data = _Builder(source).build(node, ())
    except RecursionError:
        raise ScenarioError(file, 1, 1, "YAML nesting is too deep") from None
    return Document(data=data, source=source)


def load_file(path: str | Path) -> Document:
    """Read and parse a scenario file with the size cap and UTF-8 check."""
    name = str(path)
    try:
        with open(path, "rb") as handle:
            raw = handle.read(MAX_FILE_BYTES + 1)
    except IsADirectoryError:
        raise ScenarioError(name, 1, 1, "is a directory, not a scenario file") from None
    except FileNotFoundError:
        raise ScenarioError(name, 1, 1, "no such file") from None
    except OSError as error:
        raise ScenarioError(name, 1, 1, f"cannot read file: {error.strerror}") from None
    if len(raw) > MAX_FILE_BYTES:
        raise ScenarioError(name, 1, 1, f"file is larger than the {MAX_FILE_BYTES // 1024} KiB limit for scenario files")
    try:
        text = raw.decode("utf-8")
    except UnicodeDecodeError as error:
        line = raw[: error.start].count(b"\n") + 1
        col = error.start - (raw.rfind(b"\n", 0, error.start) + 1) + 1
        raise ScenarioError(name, line, col, "file is not valid UTF-8") from None
    if text.startswith("\ufeff"):
        text = text[1:]
    return load_text(text, name)
