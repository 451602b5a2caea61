"""A bad ``edit`` command line, and ``--size COLSxROWS`` (also typed in the editor's size dialog).

Apart from the package's ``__init__`` so that the dialogs import it without importing the package back.
"""

from __future__ import annotations


class EditorUsageError(ValueError):
    """A bad command line for ``edit`` (reported as ``enemy-move: ...``, exit 2)."""


def parse_size(text: str) -> tuple[int, int]:
    from ..flag_values import shown, small_number

    cols, sep, rows = text.lower().replace(" ", "").partition("x")
    width, height = small_number(cols, 64), small_number(rows, 64)
    if not sep or width is None or height is None or not (width >= 1 and height >= 1):
        raise EditorUsageError(f"--size {shown(text)}: expected COLSxROWS, each 1 to 64 (e.g. 9x7)")
    return width, height
