"""enemy-move for Python scripts: the documents of ``resolve --json`` and ``check --json``, without a process.

>>> import enemy_move
>>> document = enemy_move.resolve_text(open("scenarios/gloomhaven/demo.yaml").read())
>>> document["turns"][0]["focus"]
['A']

Each function returns exactly the JSON document the command prints (``enemy-move docs output`` describes it,
``enemy-move schema --output`` is its JSON Schema): plain dicts, lists, strings and numbers, led by
``version`` and ``format``. A scenario that is not valid is an answer too, as with the command: ``resolve_text``
returns the error document (an ``error`` key with ``file``, ``line``, ``column``, ``message``) and
``check_text`` a result whose status is ``error``. A request the scenario cannot answer (an unknown variant, an
option number a figure does not have) raises :class:`UsageError`, as the command exits 2 with one line.
"""

from __future__ import annotations

import json
from collections.abc import Mapping, Sequence
from typing import Any

from ._version import OUTPUT_FORMAT, __version__
from .game import UsageError

__all__ = ["UsageError", "check_text", "resolve_text"]


def resolve_text(
    text: str, variant: str | None = None, choose: Mapping[str, int] | None = None, *, first: Sequence[str] = (), file: str = "<text>"
) -> dict[str, Any]:
    """The ``resolve --json`` document of the scenario ``text`` (YAML).

    ``variant`` overrides the scenario's (``--variant``); ``choose`` maps a figure's label to the option it
    follows in a multi-figure phase, numbered from 1 (``--choose a=2`` is ``{"a": 2}``); ``first`` lists the
    labels that go first where the rules let the players order tied figures (``--first``); ``file`` is the name
    the document and its error locations give the text."""
    from .answering import Request, answer_text
    from .errors import ScenarioError, internal_error
    from .result import result_to_dict

    choices = {}
    for label, number in (choose or {}).items():
        if isinstance(number, bool) or not isinstance(number, int) or number < 1:
            raise UsageError(f"choose {label}={number!r}: options are numbered from 1 ({label}=1 is the first)")
        choices[label] = number - 1
    try:
        document = result_to_dict(answer_text(text, file, Request(variant, choices, tuple(first))).result)
    except ScenarioError as error:
        document = _error_document(error)
    except (UsageError, RecursionError, MemoryError):
        raise
    except Exception as error:  # a bug: reported as the command reports it, located at the file
        document = _error_document(internal_error(file, error))
    return _as_printed(document)


def check_text(text: str, *, file: str = "<text>") -> dict[str, Any]:
    """The ``check --json`` document of the scenario ``text``: its ``summary`` and its one result (``pass``,
    ``fail`` with the differences from its ``expect:`` block, ``valid`` when it has none, or ``error``)."""
    from .checking import CheckReport, check_text_contained

    return _as_printed(CheckReport([check_text_contained(text, file)]).to_dict())


def _error_document(error: Any) -> dict[str, Any]:
    return {"error": {"file": error.file, "line": error.line, "column": error.col, "message": error.message}}


def _as_printed(document: dict[str, Any]) -> dict[str, Any]:
    """The document as the command prints it and a script reads it back: JSON's types (lists, not tuples)."""
    from .safe_text import json_dumps

    loaded: dict[str, Any] = json.loads(json_dumps({"version": __version__, "format": OUTPUT_FORMAT, **document}))
    return loaded
