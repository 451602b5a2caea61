"""Hardened YAML loading that remembers where every value came from.

Scenario files come from players and designers, so the loader is strict:
one document, no anchors or aliases, no duplicate keys, no exotic tags, and
only a few implicit types (``0102``, ``no`` and ``on`` stay strings). Every
value's position is kept so that later errors, even semantic ones found long
after parsing, can name ``FILE:LINE:COL``.

A plain file (the usual one) is read line by line (plain_yaml.py), without YAML's parser; anything else by
libyaml's events (loader_events.py, imported only then: PyYAML's import is about 97 M instructions).
"""

from __future__ import annotations

import gc
import os
import stat
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING, Any, BinaryIO

from .errors import ScenarioError
from .plain_yaml import read as read_plain
from .yaml_blocks import fast_origins
from .yaml_blocks import read_blocks as read_blocks
from .yaml_text import MAX_DEPTH as MAX_DEPTH  # the loader's names, as before the text checks moved
from .yaml_text import MAX_FILE_BYTES as MAX_FILE_BYTES
from .yaml_text import MAX_NUMBER_CHARS as MAX_NUMBER_CHARS
from .yaml_text import check_characters as check_characters
from .yaml_text import decode_bytes as decode_bytes

if TYPE_CHECKING:  # at run time, from loader_events on first use (``__getattr__`` below)
    from . import loader_events

    _BLOCK_STYLES = loader_events._BLOCK_STYLES
    FastLoader = loader_events.FastLoader
    _Builder = loader_events._Builder
    _Slow = loader_events._Slow
    _StrictResolver = loader_events._StrictResolver
    _fast_load = loader_events._fast_load
    _fast_scalar = loader_events._fast_scalar
    _note_block = loader_events._note_block

YamlPath = tuple[Any, ...]


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
    # The bytes read (files and standard input; None for text given as text) and whether they began with a
    # byte-order mark: what a writer compares the file with before replacing it, and keeps.
    raw: bytes | None = None
    bom: bool = False

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


def load_text(text: str, file: str) -> Document:
    """Parse scenario text; every failure is a ScenarioError naming file, line and column."""
    source = SourceMap(file=file, text=text)
    check_characters(text, file)
    # The node tree holds no reference cycles; the cyclic garbage collector
    # would only rescan the growing tree (a file at the size cap parses 3x faster without it).
    collecting = gc.isenabled()
    gc.disable()
    try:
        return Document(data=_parse(text, file, source), source=source)
    finally:
        if collecting:
            gc.enable()


def _parse(text: str, file: str, source: SourceMap) -> Any:
    """The file's values, their positions recorded in ``source``: line by line when the file is plain
    (``plain_yaml.read``), else from libyaml's events (``loader_events.read_events``: every refusal and its message
    come from there). The blocks' origins are judged around the blocks the read met (``fast_origins``), or by the
    token pass where that cannot tell (its errors: a misread block)."""
    plain = read_plain(text, source.positions, source.key_positions)
    if plain is not None:
        _block_origins(text, file, plain, source)
        return plain.data
    from .loader_events import read_events

    data, builder = read_events(text, file, source)
    if builder is not None:  # read in one pass: its blocks judged as the plain read's are
        _block_origins(text, file, builder, source)
    return data


def _block_origins(text: str, file: str, builder: Any, source: SourceMap) -> None:
    """After a one-pass read (``builder``: its ``blocks`` and ``literals``): the literal blocks' origins, judged around the blocks it met (``fast_origins``), or by the
    token pass where that cannot tell (its errors: a misread block)."""
    origins = fast_origins(text, builder.blocks) if builder.blocks is not None else None
    if origins is None:
        from .loader_events import FastLoader

        origins = read_blocks(text, file, FastLoader)
    for path, line, column in builder.literals:
        origin = origins.get((line, column))
        if origin is not None:
            source.block_origins[path] = (origin.first_line, origin.indent)


def load_file(path: str | Path) -> Document:
    """Read and parse a scenario file with the size cap and UTF-8 check."""
    name = str(path)
    try:
        mode = os.stat(path).st_mode
    except FileNotFoundError:
        raise ScenarioError(name, 1, 1, "no such file") from None
    except OSError as error:
        raise ScenarioError(name, 1, 1, f"cannot read file: {error.strerror}") from None
    if stat.S_ISDIR(mode):
        raise ScenarioError(name, 1, 1, "is a directory, not a scenario file")
    if not stat.S_ISREG(mode):
        # Opening a FIFO would block until someone writes to it; a device may never end.
        kind = (
            "a FIFO"
            if stat.S_ISFIFO(mode)
            else "a device"
            if stat.S_ISCHR(mode) or stat.S_ISBLK(mode)
            else "a socket"
            if stat.S_ISSOCK(mode)
            else "not a regular file"
        )
        raise ScenarioError(name, 1, 1, f"is {kind}, not a scenario file")
    try:
        # not waiting: a FIFO put in the file's place since the look above would block the open (fstat refuses it)
        with open(os.open(path, os.O_RDONLY | os.O_NONBLOCK), "rb") as handle:
            status = os.fstat(handle.fileno())
            if not stat.S_ISREG(status.st_mode):
                raise ScenarioError(name, 1, 1, "is not a regular file now (it was replaced a moment ago), not a scenario file")
            # As many bytes as the file has (a read of the whole cap allocates a megabyte each time), then the
            # rest up to the cap if it grew since.
            size = min(status.st_size, MAX_FILE_BYTES)
            raw = handle.read(size + 1)
            if size < len(raw) <= MAX_FILE_BYTES:
                raw += handle.read(MAX_FILE_BYTES + 1 - len(raw))
    except IsADirectoryError:
        raise ScenarioError(name, 1, 1, "is a directory, not a scenario file") from None
    except FileNotFoundError:
        raise ScenarioError(name, 1, 1, "no such file") from None
    except OSError as error:
        raise ScenarioError(name, 1, 1, f"cannot read file: {error.strerror}") from None
    return _load_bytes(raw, name, "file")


def _load_bytes(raw: bytes, name: str, what: str) -> Document:
    document = load_text(decode_bytes(raw, name, what), name)
    document.source.raw = raw
    document.source.bom = raw.startswith(b"\xef\xbb\xbf")
    return document


#: How standard input is named in error lines.
STDIN_NAME = "<stdin>"


def load_stdin(stream: BinaryIO) -> Document:
    """Read and parse a scenario from standard input, with the same cap and checks as files."""
    try:
        raw = stream.read(MAX_FILE_BYTES + 1)
    except (OSError, ValueError) as error:  # closed (`<&-`), a directory, a terminal gone
        reason = error.strerror if isinstance(error, OSError) and error.strerror else str(error)
        raise ScenarioError(STDIN_NAME, 1, 1, f"cannot read standard input: {reason}") from None
    return _load_bytes(raw, STDIN_NAME, "input")


def __getattr__(name: str) -> Any:
    """The libyaml reading's names (``FastLoader``, ``_Builder``, ``_fast_load``...), as before they moved to
    loader_events.py: imported on first use."""
    if name.startswith("__"):
        raise AttributeError(name)
    from . import loader_events

    try:
        return getattr(loader_events, name)
    except AttributeError:
        raise AttributeError(f"module {__name__!r} has no attribute {name!r}") from None
