"""JSON Schema of scenario files: one branch per ruleset, chosen by `ruleset:`."""

from __future__ import annotations

from typing import Any

from .models import known_models


def scenario_schema() -> dict[str, Any]:
    branches = []
    definitions: dict[str, Any] = {}
    for name, model in known_models().items():
        schema = model.model_json_schema(ref_template="#/$defs/{model}")
        definitions.update(schema.pop("$defs", {}))
        definitions[model.__name__] = schema
        branches.append({"if": {"properties": {"ruleset": {"const": name}}}, "then": {"$ref": f"#/$defs/{model.__name__}"}})
    return {
        "$schema": "https://json-schema.org/draft/2020-12/schema",
        "title": "enemy-move scenario",
        "type": "object",
        "required": ["ruleset"],
        "properties": {"ruleset": {"enum": sorted(known_models())}},
        "allOf": branches,
        "$defs": definitions,
    }
