"""What the commands share that needs no typer: colours, rich consoles, JSON on stdout, stdout's encoding, stdin.

cli/shared.py gives them to the typer commands; check_command.py uses them without importing typer (a plain
``check``). Imports go one way: this module imports nothing of the cli package but, lazily, its usage failure.
"""

from __future__ import annotations

import sys
from enum import StrEnum
from typing import Any

from ._version import OUTPUT_FORMAT, __version__


class Color(StrEnum):
    auto = "auto"
    always = "always"
    never = "never"


def console_for(color: Color = Color.auto, *, stderr: bool = False) -> Any:
    """A rich console; ``auto`` leaves NO_COLOR, FORCE_COLOR and the terminal test to rich."""
    from rich.console import Console

    if color is Color.always:
        return Console(highlight=False, stderr=stderr, force_terminal=True, no_color=False)  # wins over NO_COLOR
    if color is Color.never:
        return Console(highlight=False, stderr=stderr, color_system=None)
    return Console(highlight=False, stderr=stderr)


def write_json(document: dict[str, Any]) -> None:
    """One JSON document on stdout, led by the tool's and the layout's version (docs/output.md)."""
    dump_json({"version": __version__, "format": OUTPUT_FORMAT, **document})


def dump_json(document: Any) -> None:
    """JSON on stdout: never NaN/Infinity, valid UTF-8, controls escaped, ASCII-escaped when stdout is not UTF-8."""
    from .safe_text import json_dumps

    unicode_ok = stdout_takes_unicode()
    sys.stdout.write(json_dumps(document, ascii_only=not unicode_ok) + "\n")


def stdout_takes_unicode() -> bool:
    """True when stdout encodes every character; otherwise make it escape what it cannot.

    With PYTHONIOENCODING=ascii (or a Latin-1 terminal) a '·' in the text view
    must not end in a traceback: it is written as a backslash escape instead.
    """
    import codecs

    encoding = getattr(sys.stdout, "encoding", None) or "ascii"
    try:
        name = codecs.lookup(encoding).name
    except LookupError:
        name = "ascii"
    if name.startswith("utf"):
        return True
    reconfigure = getattr(sys.stdout, "reconfigure", None)
    if reconfigure is not None:
        reconfigure(errors="backslashreplace")
    return False


def stdin_stream() -> Any:
    """sys.stdin.buffer, or the text stream re-encoded when a test runner replaced it; closed: one line, exit 2."""
    import io

    if sys.stdin is None or getattr(sys.stdin, "closed", False):
        from .cli.usage import fail

        fail("-: standard input is closed; give a file name, or pipe the scenario in")
    return getattr(sys.stdin, "buffer", None) or io.BytesIO(sys.stdin.read().encode("utf-8"))
