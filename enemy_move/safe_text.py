"""Text a user wrote (titles, names, file names), made safe for each kind of output.

Every renderer passes user text through one of these before writing it:

- ``for_terminal``: control characters (C0, DEL, C1), bidirectional controls
  (U+202E reverses what follows on screen) and lone surrogates become visible
  escapes (``\\x1b``, ``\\u202e``), so a title cannot clear the screen or hide text;
- ``for_markup``: the same escapes, then XML escaping, for SVG and HTML (XML 1.0
  forbids most control characters outright: one would make the picture unreadable);
- ``json_dumps``: JSON with C0 (as the json module does), DEL, C1 and bidi
  controls written as ``\\uXXXX`` escapes, and lone surrogates as visible escapes.

No user text goes through rich markup: renderers wrap it in ``rich.text.Text``,
and ``for_rich_markup`` is there for the rare line built as a markup string.
"""

from __future__ import annotations

import json
import math
import re
from json.encoder import encode_basestring
from typing import Any

#: Bidirectional formatting characters: marks, embeddings, overrides and isolates.
BIDI = "\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069"
#: Everything escaped before text reaches a terminal, a picture or a page.
_UNSAFE = re.compile(f"[\\x00-\\x1f\\x7f-\\x9f{BIDI}\u2028\u2029\ud800-\udfff]")
#: What JSON writes as \\uXXXX beyond the C0 controls the json module escapes itself.
_JSON_UNSAFE = re.compile(f"[\\x7f-\\x9f{BIDI}\u2028\u2029]")
_SURROGATES = re.compile("[\ud800-\udfff]")


def _escape(match: re.Match[str]) -> str:
    code = ord(match.group())
    if 0xDC80 <= code <= 0xDCFF:  # an undecodable byte of a file name (surrogateescape)
        return f"\\x{code - 0xDC00:02x}"
    return f"\\x{code:02x}" if code <= 0xFF else f"\\u{code:04x}"


def for_terminal(text: str, keep: str = "") -> str:
    """``text`` with control, bidi and surrogate characters as visible ``\\xNN`` / ``\\uNNNN`` escapes.

    Characters in ``keep`` (e.g. the newlines of a description) are left as they are.
    """
    if not _UNSAFE.search(text):
        return text
    return _UNSAFE.sub(lambda m: m.group() if m.group() in keep else _escape(m), text)


def for_markup(text: str, keep: str = "\n\t") -> str:
    """``text`` for SVG or HTML: visible escapes for control characters, then ``& < > "`` escaped.

    Newline and tab are valid XML whitespace and kept unless ``keep`` says otherwise.
    """
    clean = for_terminal(text, keep)
    return clean.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;").replace('"', "&quot;")


def quoted_attribute(text: str) -> str:
    """``text`` as a double-quoted XML attribute value (control characters escaped visibly, newlines too)."""
    return f'"{for_markup(text, keep="")}"'


def for_rich_markup(text: str) -> str:
    """``text`` inside a rich markup string: escaped for the terminal, and ``[`` never opens a tag."""
    from rich.markup import escape

    return escape(for_terminal(text))


#: What a YAML double-quoted string must escape beyond JSON's C0: what the loader refuses raw
#: (DEL, C1 and NEL, which YAML would read as a line break, U+2028/U+2029, U+FFFE/U+FFFF) and bidi controls.
_YAML_UNSAFE = re.compile(f"[\\x7f-\\x9f{BIDI}\u2028\u2029\ufffe\uffff]")


def yaml_quoted(text: str) -> str:
    """``text`` as a YAML double-quoted scalar that the loader reads back as ``text``.

    Astral characters are written as they are (JSON's surrogate pairs would be lone
    surrogates to YAML); lone surrogates, which no file can hold, become visible ``\\xNN``.
    """
    quoted = json.dumps(surrogates_escaped(text), ensure_ascii=False)
    return _YAML_UNSAFE.sub(lambda m: f"\\u{ord(m.group()):04x}", quoted)


def surrogates_escaped(text: str) -> str:
    """``text`` with only its lone surrogates escaped (they cannot be encoded as UTF-8)."""
    return _SURROGATES.sub(_escape, text) if _SURROGATES.search(text) else text


def _json_ready(value: Any) -> Any:
    if isinstance(value, str):
        return surrogates_escaped(value)
    if isinstance(value, dict):
        return {_json_ready(k): _json_ready(v) for k, v in value.items()}
    if isinstance(value, (list, tuple)):
        return [_json_ready(v) for v in value]
    return value


def json_dumps(document: Any, *, ascii_only: bool = False, indent: int | None = 2) -> str:
    """JSON text: never NaN, valid UTF-8, C0, DEL, C1 and bidi controls escaped as ``\\uXXXX``.

    Those characters only ever occur inside JSON strings, so replacing them in
    the dumped text keeps it valid and leaves the decoded values unchanged.
    """
    text = None
    if not ascii_only:
        # Dumped as it is, then looked at for lone surrogates: a document without any (every real one) is dumped once,
        # without first copying every value (a phase of pushes holds about 400,000).
        text = json.dumps(document, ensure_ascii=False, allow_nan=False) if indent is None else _indented(document, indent)
        if _SURROGATES.search(text):
            text = None
    if text is None:
        text = json.dumps(_json_ready(document), indent=indent, ensure_ascii=ascii_only, allow_nan=False)
    return _JSON_UNSAFE.sub(lambda m: f"\\u{ord(m.group()):04x}", text)


def _indented(document: Any, indent: int) -> str:
    """``json.dumps(document, indent=indent, ensure_ascii=False, allow_nan=False)``, the same text at about twice its
    speed: with an indent the json module encodes in Python, a generator a value (the C encoder writes no indent);
    here one function appends each value's text (strings by json's own C ``encode_basestring``) to one list."""
    out: list[str] = []
    append = out.append
    breaks = ["\n"]  # per level: a line break and the level's indent

    def at(level: int) -> str:
        while len(breaks) <= level:
            breaks.append("\n" + " " * (indent * len(breaks)))
        return breaks[level]

    def encode(value: Any, level: int) -> None:
        text = _scalar(value)
        if text is not None:
            append(text)
        elif isinstance(value, (list, tuple)):
            if not value:
                append("[]")
                return
            inner, separator = at(level + 1), "," + at(level + 1)
            append("[")
            for index, item in enumerate(value):
                append(separator if index else inner)
                encode(item, level + 1)
            append(at(level) + "]")
        elif isinstance(value, dict):
            if not value:
                append("{}")
                return
            inner, separator = at(level + 1), "," + at(level + 1)
            append("{")
            for index, (key, item) in enumerate(value.items()):
                append(separator if index else inner)
                append(_json_key(key))
                append(": ")
                encode(item, level + 1)
            append(at(level) + "}")
        else:
            raise TypeError(f"Object of type {value.__class__.__name__} is not JSON serializable")

    encode(document, 0)
    return "".join(out)


def _scalar(value: Any) -> str | None:
    """A string, number, boolean or null as the json module writes it (None: a list or an object)."""
    if isinstance(value, str):
        return encode_basestring(value)
    if value is None:
        return "null"
    if value is True:
        return "true"
    if value is False:
        return "false"
    if isinstance(value, int):
        return int.__repr__(value)
    if isinstance(value, float):
        if value != value or value in (math.inf, -math.inf):
            raise ValueError(f"Out of range float values are not JSON compliant: {value!r}")
        return float.__repr__(value)
    return None


def _json_key(key: Any) -> str:
    """An object's key as the json module writes it: a string, or a number, boolean or null as a string."""
    if not isinstance(key, str):
        if isinstance(key, (float, int)) or key is None:  # booleans are ints
            key = _scalar(key)
        else:
            raise TypeError(f"keys must be str, int, float, bool or None, not {key.__class__.__name__}")
    return encode_basestring(key)
