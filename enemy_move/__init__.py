"""enemy-move: resolves enemy movement for campaign board games.

For scripts: :func:`resolve_text` and :func:`check_text` (enemy_move/api.py) give the documents of
``enemy-move resolve --json`` and ``check --json``. Importing the package changes nothing outside it and
imports no rules: the API's modules load on first use, and the command's start-up caches are switched on by
its entry point only (enemy_move/command.py).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from ._version import OUTPUT_FORMAT, __version__

if TYPE_CHECKING:
    from .api import UsageError, check_text, resolve_text

__all__ = ["OUTPUT_FORMAT", "UsageError", "__version__", "check_text", "resolve_text"]

_API = ("resolve_text", "check_text", "UsageError")


def __getattr__(name: str) -> Any:
    """The API's names, imported when first asked for (the command never needs them)."""
    if name in _API:
        from . import api

        return getattr(api, name)
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
