"""A small JSON Schema validator: the keywords enemy-move's output schema uses, nothing else (tests only).

``$ref`` (local ``#/$defs/...``), ``type``, ``const``, ``enum``, ``properties``, ``required``,
``additionalProperties``, ``items``, ``prefixItems``, ``minItems``, ``maxItems``, ``minimum``, ``oneOf``.
Any other keyword is refused, so the schema cannot use one this validator would silently skip.
"""

from __future__ import annotations

from typing import Any

_TYPES: dict[str, Any] = {
    "object": dict,
    "array": list,
    "string": str,
    "integer": int,
    "number": (int, float),
    "boolean": bool,
    "null": type(None),
}
_ANNOTATIONS = {"$schema", "$id", "title", "description", "$defs"}
_KNOWN = _ANNOTATIONS | {
    "$ref", "type", "const", "enum", "properties", "required", "additionalProperties",
    "items", "prefixItems", "minItems", "maxItems", "minimum", "oneOf",
}  # fmt: skip


def _is(value: Any, kind: str) -> bool:
    if kind in ("integer", "number") and isinstance(value, bool):
        return False
    return isinstance(value, _TYPES[kind])


def errors(value: Any, schema: dict[str, Any], root: dict[str, Any] | None = None, at: str = "$") -> list[str]:
    """Every way ``value`` breaks ``schema`` (empty: it is valid), each with its JSON path."""
    root = schema if root is None else root
    unknown = set(schema) - _KNOWN
    if unknown:
        raise ValueError(f"{at}: schema keywords this validator does not know: {sorted(unknown)}")
    if "$ref" in schema:
        name = schema["$ref"].removeprefix("#/$defs/")
        return errors(value, root["$defs"][name], root, at)
    found: list[str] = []
    kinds = schema.get("type")
    if kinds is not None and not any(_is(value, k) for k in ([kinds] if isinstance(kinds, str) else kinds)):
        return [f"{at}: {type(value).__name__} is not {kinds}"]
    if "const" in schema and value != schema["const"]:
        found.append(f"{at}: {value!r} is not {schema['const']!r}")
    if "enum" in schema and value not in schema["enum"]:
        found.append(f"{at}: {value!r} is not one of {schema['enum']}")
    if "minimum" in schema and _is(value, "number") and value < schema["minimum"]:
        found.append(f"{at}: {value} < {schema['minimum']}")
    if isinstance(value, dict):
        found += _object_errors(value, schema, root, at)
    if isinstance(value, list):
        found += _array_errors(value, schema, root, at)
    if "oneOf" in schema:
        matching = [branch for branch in schema["oneOf"] if not errors(value, branch, root, at)]
        if len(matching) != 1:
            found.append(f"{at}: matches {len(matching)} of the oneOf branches, not exactly 1")
    return found


def _object_errors(value: dict[str, Any], schema: dict[str, Any], root: dict[str, Any], at: str) -> list[str]:
    found = [f"{at}: missing {key!r}" for key in schema.get("required", []) if key not in value]
    properties = schema.get("properties", {})
    extra = schema.get("additionalProperties", True)
    for key, item in value.items():
        if key in properties:
            found += errors(item, properties[key], root, f"{at}.{key}")
        elif extra is False:
            found.append(f"{at}: unexpected key {key!r}")
        elif isinstance(extra, dict):
            found += errors(item, extra, root, f"{at}.{key}")
    return found


def _array_errors(value: list[Any], schema: dict[str, Any], root: dict[str, Any], at: str) -> list[str]:
    found = []
    if len(value) < schema.get("minItems", 0) or len(value) > schema.get("maxItems", len(value)):
        found.append(f"{at}: {len(value)} items")
    prefix = schema.get("prefixItems", [])
    for index, item in enumerate(value):
        if index < len(prefix):
            found += errors(item, prefix[index], root, f"{at}[{index}]")
        elif "items" in schema:
            found += errors(item, schema["items"], root, f"{at}[{index}]")
    return found
