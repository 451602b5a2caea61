"""The one error type every layer raises for bad input: it always knows where."""

from __future__ import annotations


class ScenarioError(Exception):
    """Bad input, reported as ``FILE:LINE:COL: message`` (1-based line and column)."""

    def __init__(self, file: str, line: int, col: int, message: str):
        super().__init__(message)
        self.file = file
        self.line = line
        self.col = col
        self.message = message

    def __str__(self) -> str:
        return f"{self.file}:{self.line}:{self.col}: {self.message}"
