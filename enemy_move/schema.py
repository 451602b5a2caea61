"""JSON Schema of scenario files: one branch per ruleset, chosen by `ruleset:`.

The schema is committed as schema/enemy-move.schema.json (a test keeps it in
sync with this function) so editors can use it without running the tool.
"""

from __future__ import annotations

from typing import Any

from .models import known_models
from .models.common import LABEL_PATTERN

#: The schema's identifier. A URN, since the project publishes no web page; the
#: modeline in scenario files points at the committed file by relative path.
SCHEMA_ID = "urn:enemy-move:scenario-schema"

#: Where the committed copy lives, relative to the repository root.
SCHEMA_FILE = "schema/enemy-move.schema.json"


def _tighten(node: Any) -> None:
    """Make name patterns binding for editors.

    pydantic writes a pattern on mapping keys as ``patternProperties``, which lets
    any other key through; ``propertyNames`` rejects it. ``figures`` keys are labels.
    """
    if isinstance(node, dict):
        patterns = node.get("patternProperties")
        if isinstance(patterns, dict) and len(patterns) == 1 and "additionalProperties" not in node:
            ((pattern, value),) = patterns.items()
            del node["patternProperties"]
            node["propertyNames"] = {**node.get("propertyNames", {}), "pattern": pattern}
            node["additionalProperties"] = value
        properties = node.get("properties")
        if isinstance(properties, dict):
            figures = properties.get("figures")
            if isinstance(figures, dict) and figures.get("type") == "object":
                figures["propertyNames"] = {"pattern": LABEL_PATTERN, "description": "Figure labels are single letters or digits."}
        for value in node.values():
            _tighten(value)
    elif isinstance(node, list):
        for value in node:
            _tighten(value)


def scenario_schema() -> dict[str, Any]:
    branches = []
    definitions: dict[str, Any] = {}
    for name, model in known_models().items():
        schema = model.model_json_schema(ref_template="#/$defs/{model}")
        definitions.update(schema.pop("$defs", {}))
        definitions[model.__name__] = schema
        branches.append({"if": {"properties": {"ruleset": {"const": name}}}, "then": {"$ref": f"#/$defs/{model.__name__}"}})
    _tighten(definitions)
    return {
        "$schema": "https://json-schema.org/draft/2020-12/schema",
        "$id": SCHEMA_ID,
        "title": "enemy-move scenario",
        "type": "object",
        "required": ["ruleset"],
        "properties": {"ruleset": {"enum": sorted(known_models())}},
        "allOf": branches,
        "$defs": definitions,
    }
