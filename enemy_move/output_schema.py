"""JSON Schema of the documents ``resolve --json`` and ``check --json`` print (``enemy-move schema --output``).

Written by hand from the layout ``enemy-move docs output`` describes, and tested against the output of
every scenario of the project (tests/test_api.py): a key added to the output without its line here fails
that test. ``data`` and ``details`` stay open objects (their keys may grow without a format change).
"""

from __future__ import annotations

from typing import Any

from ._version import OUTPUT_FORMAT

OUTPUT_SCHEMA_ID = "urn:enemy-move:output-schema"


def _obj(required: dict[str, Any], optional: dict[str, Any] | None = None, description: str = "") -> dict[str, Any]:
    """A closed object: every key named, ``required`` always there."""
    schema: dict[str, Any] = {
        "type": "object",
        "required": list(required),
        "properties": {**required, **(optional or {})},
        "additionalProperties": False,
    }
    if description:
        schema["description"] = description
    return schema


def _list(items: dict[str, Any]) -> dict[str, Any]:
    return {"type": "array", "items": items}


_STR = {"type": "string"}
_INT = {"type": "integer"}
_POSITION = {"$ref": "#/$defs/position"}
_POSITIONS = _list(_POSITION)
_LABELS = _list(_STR)
_OPEN = {"type": "object", "description": "Facts a step or ruleset adds; keys may grow."}

_DEFINITIONS: dict[str, Any] = {
    "position": {
        "description": "[col, row] on grids (from 0), the area's name on area maps.",
        "oneOf": [{"type": "array", "prefixItems": [_INT, _INT], "minItems": 2, "maxItems": 2}, _STR],
    },
    "board": {
        "type": "object",
        "required": ["figures"],
        "properties": {"figures": {"type": "object", "additionalProperties": _POSITION}},
        # The game's part of the board state: named sets of positions or labels (docs/output.md lists each game's).
        "additionalProperties": _POSITIONS,
        "description": "A board state: figure positions, then the game's own sets (positions or labels, sorted).",
    },
    "effect": {
        "type": "object",
        "required": ["kind"],
        # The core's kinds' keys typed; every other kind is a game's (docs/output.md lists them), its keys open.
        "properties": {"kind": _STR, "figure": _STR, "path": _POSITIONS, "from": _POSITION, "to": _POSITION, "cause": _STR},
        "description": "What following the option does: `move` (the actor), `displaced` (another figure), or a game's own kind.",
    },
    "option": _obj(
        {
            "number": {"type": "integer", "minimum": 1},
            "to": _POSITION,
            "path": {**_POSITIONS, "minItems": 1},
            "attacks": _LABELS,
            "effects": _list({"$ref": "#/$defs/effect"}),
        },
        {"details": _OPEN},
    ),
    "step": _obj({"step": _STR, "text": _STR}, {"data": _OPEN, "source": _STR}),
    "why_not": _obj(
        {
            "at": _POSITION,
            "source": {"enum": ["option", "engine", "board"]},
            "option": {"type": ["integer", "null"], "minimum": 0},
            "number": {"type": ["integer", "null"], "minimum": 1},
            "step": {"type": ["string", "null"]},
            "text": _STR,
            "rule_source": _STR,
            "against": _POSITIONS,
        },
        {"data": _OPEN},
    ),
    "turn": _obj(
        {
            "actor": _STR,
            "focus": _LABELS,
            "options": _list({"$ref": "#/$defs/option"}),
            "chosen": {"type": ["integer", "null"], "minimum": 0},
            "reasoning": _list({"$ref": "#/$defs/step"}),
            "board_after": {"oneOf": [{"$ref": "#/$defs/board"}, {"type": "null"}]},
        },
        {"goals": _POSITIONS, "why_not": _list({"$ref": "#/$defs/why_not"})},
    ),
    "location": {"file": _STR, "line": {"type": "integer", "minimum": 1}, "column": {"type": "integer", "minimum": 1}},
}

_VERSIONS = {"version": _STR, "format": {"const": OUTPUT_FORMAT}}
_LOCATION = _DEFINITIONS.pop("location")
_PROBLEM = _obj({"line": _LOCATION["line"], "column": _LOCATION["column"], "message": _STR})


def output_schema() -> dict[str, Any]:
    """The schema: a ``resolve --json`` answer, its error document, or a ``check --json`` report."""
    resolve = _obj(
        {
            **_VERSIONS,
            "scenario": _STR,
            "ruleset": _STR,
            "variant": _STR,
            "title": _STR,
            "board": {"oneOf": [{"$ref": "#/$defs/board"}, {"type": "null"}]},
            "turns": _list({"$ref": "#/$defs/turn"}),
            "final_board": {"oneOf": [{"$ref": "#/$defs/board"}, {"type": "null"}]},
        },
        {"notes": _LABELS},
        "resolve --json: the answer.",
    )
    error = _obj({**_VERSIONS, "error": _obj({**_LOCATION, "message": _STR})}, description="resolve --json of a file that is not valid.")
    result = _obj(
        {"file": _STR, "status": {"enum": ["pass", "fail", "error", "valid"]}},
        {
            **{key: value for key, value in _LOCATION.items() if key != "file"},
            "expected": _list({"type": "object"}),
            "got": _list({"type": "object"}),
            "differences": _list(_PROBLEM),
            "message": _STR,
            "updated": _list(_PROBLEM),
        },
    )
    counts = {key: {"type": "integer", "minimum": 0} for key in ("total", "passed", "failed", "errors", "valid")}
    check = _obj(
        {**_VERSIONS, "summary": _obj(counts, {"updated": {"type": "integer", "minimum": 0}}), "results": _list(result)},
        description="check --json: a summary and one result per file, in path order.",
    )
    return {
        "$schema": "https://json-schema.org/draft/2020-12/schema",
        "$id": OUTPUT_SCHEMA_ID,
        "title": "enemy-move output (resolve --json, check --json)",
        "oneOf": [resolve, error, check],
        "$defs": _DEFINITIONS,
    }
