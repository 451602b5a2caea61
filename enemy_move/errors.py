"""The one error type every layer raises for bad input: it always knows where."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from .safe_text import for_terminal, surrogates_escaped


def escape_controls(text: str, keep: str = "") -> str:
    """``text`` with control, bidi and surrogate characters as visible escapes (see safe_text.for_terminal).

    Scenario text and file names are shown on terminals: an escape sequence in
    a title must not clear the screen, and output must stay valid UTF-8.
    Characters in ``keep`` (e.g. newline in a description) are left as they are.
    """
    return for_terminal(text, keep)


def escape_surrogates(text: str) -> str:
    """``text`` with only its lone surrogates escaped (for JSON output, which escapes controls itself)."""
    return surrogates_escaped(text)


class ScenarioError(Exception):
    """Bad input, reported as ``FILE:LINE:COL: message`` (1-based line and column)."""

    def __init__(self, file: str, line: int, col: int, message: str):
        super().__init__(message)
        self.file = file
        self.line = line
        self.col = col
        self.message = message

    def __str__(self) -> str:
        # Always one printable line, whatever the file name or the input quoted in the message.
        return escape_controls(f"{self.file}:{self.line}:{self.col}: {self.message}")


def first_in_file(*checks: Callable[[], Any]) -> list[Any]:
    """Run every check of a file (each independent of the others) and return what each returns; when some
    raise, raise the error earliest in the file (the first mistake a reader meets; ties: the check listed first)."""
    results: list[Any] = []
    failed: list[ScenarioError] = []
    for check in checks:
        try:
            results.append(check())
        except ScenarioError as error:
            failed.append(error)
            results.append(None)
    if failed:
        raise min(failed, key=lambda error: (error.line, error.col))
    return results


def internal_error(file: str, error: BaseException) -> ScenarioError:
    """A bug met while handling ``file``: still one located line, never a traceback."""
    text = str(error).split("\n", 1)[0][:200]
    return ScenarioError(
        file, 1, 1, f"internal error ({type(error).__name__}: {text}); this is a bug in enemy-move, please report it with this file"
    )
