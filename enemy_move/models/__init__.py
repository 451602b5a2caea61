"""Scenario models: YAML file -> validated pydantic model, errors with positions.

Each ruleset has its own scenario model (a subclass of ``ScenarioBase``),
registered here by ruleset name; the file's ``ruleset:`` key picks it.
"""

from __future__ import annotations

import difflib
import json
import types
from collections.abc import Sequence
from dataclasses import dataclass, replace
from pathlib import Path
from typing import Annotated, Any, Union, get_args, get_origin

from pydantic import BaseModel, ValidationError

from ..errors import ScenarioError
from ..loader import Document, SourceMap, load_file, load_text
from ..registry import game, game_names, games
from . import validators
from .common import ScenarioBase, describe_json_type


def known_models() -> dict[str, type[ScenarioBase]]:
    """Every registered game's scenario model, by game name (each imported now: a file's own game imports only its own)."""
    return {entry.name: entry.scenario_model() for entry in games()}


@dataclass(frozen=True)
class Scenario:
    """A validated scenario with the source map needed to report later errors.

    ``board`` is the game's board, parsed and located once while loading when the
    game declares a ``board_parser`` (None otherwise: its Play builds it)."""

    path: str
    model: Any
    source: SourceMap
    board: Any = None

    @property
    def ruleset(self) -> str:
        return str(self.model.ruleset)

    def error(self, yaml_path: tuple[Any, ...], message: str, *, key: bool = False) -> ScenarioError:
        return self.source.error(yaml_path, message, key=key)


def load_scenario(path: str | Path) -> Scenario:
    return validate_document(load_file(path))


def load_scenario_text(text: str, file: str = "<text>") -> Scenario:
    return validate_document(load_text(text, file))


def validate_document(document: Document) -> Scenario:
    """Validate a loaded YAML document against its ruleset's scenario model."""
    data, source = document.data, document.source
    if not isinstance(data, dict):
        raise source.error((), "a scenario file must be a mapping of keys (ruleset:, map:, figures:, ...)")
    known = ", ".join(game_names())
    ruleset = data.get("ruleset")
    if ruleset is None:
        raise source.error((), f"missing key 'ruleset' (one of: {known})")
    if not isinstance(ruleset, str):
        raise source.error(("ruleset",), f"ruleset must be a name (one of: {known}), not {describe_json_type(ruleset)}")
    entry = game(ruleset)
    if entry is None:
        hint = _did_you_mean(ruleset, game_names())
        raise source.error(("ruleset",), f"unknown ruleset {ruleset!r}{hint}; known: {known}")
    model_class = entry.scenario_model()
    data = model_class.fill_in(data)
    validators.ready(model_class)  # its validator kept from an earlier run, or built by pydantic
    try:
        # Strict validation of the JSON form: "yes" is not a boolean and "3" is
        # not a number, while YAML lists still fill tuples such as [col, row].
        model = model_class.model_validate_json(json.dumps(data), strict=True)
    except ValidationError as error:
        # the board's own text is read after validation: its mistake earlier in the file is the one reported
        first = _first_in_file(_translate(error, source, model_class, data), model_class.slips(data), source)
        board = entry.board_mistake_in(document.data, source)
        raise (board if board is not None and (board.line, board.col) < (first.line, first.col) else first) from None
    except RecursionError:
        raise source.error((), "scenario is nested too deeply") from None
    scenario = Scenario(path=source.file, model=model, source=source)
    _check_active(scenario)
    for yaml_path, message in model.reference_errors():
        raise scenario.error(yaml_path, message)
    board = entry.parse_board(scenario)
    return scenario if board is None else replace(scenario, board=board)


def _first_in_file(error: ScenarioError, slips: Any, source: SourceMap) -> ScenarioError:
    """The validator's error, or a natural slip's message (what to write instead) when one comes first or at the same place."""
    first = error
    for yaml_path, message in slips:
        slip = source.error(yaml_path, message)
        if (slip.line, slip.col) <= (first.line, first.col):
            first = slip
    return first


def _check_active(scenario: Scenario) -> None:
    """``active`` must name a declared figure (for models that have ``figures``)."""
    active = getattr(scenario.model, "active", None)
    figures = getattr(scenario.model, "figures", None)
    if active is None or not isinstance(figures, dict) or active in figures:
        return
    declared = ", ".join(sorted(figures)) or "none"
    raise scenario.error(("active",), f"active figure {active!r} is not in figures (declared: {declared})")


def _did_you_mean(word: str, choices: Any) -> str:
    close = difflib.get_close_matches(word, [str(c) for c in choices], n=1, cutoff=0.6)
    return f" (did you mean {close[0]!r}?)" if close else ""


def _translate(error: ValidationError, source: SourceMap, model_class: type, data: Any) -> ScenarioError:
    """The pydantic error earliest in the file, as one ``FILE:LINE:COL: message`` line (``data``: what was validated)."""
    errors = error.errors(include_url=False)

    def file_order(index: int) -> tuple[tuple[int, int], int]:
        loc = _data_path(errors[index]["loc"], data)
        return (source.where(loc, key=errors[index]["type"] == "extra_forbidden"), index)

    first = errors[min(range(len(errors)), key=file_order)]
    loc = _data_path(first["loc"], data)
    kind = first["type"]
    if kind == "extra_forbidden":
        key = loc[-1]
        parent_model: Any = _model_at(model_class, loc[:-1])
        fields = list(parent_model.model_fields) if parent_model is not None else []
        hint = _did_you_mean(str(key), fields)
        where = f" in {_dotted(loc[:-1])}" if loc[:-1] else ""
        allowed = f"; allowed: {', '.join(fields)}" if fields and not hint else ""
        return source.error(loc, f"unknown key {key!r}{where}{hint}{allowed}", key=True)
    if kind == "missing":
        return source.error(loc[:-1], f"missing key {loc[-1]!r}" + (f" in {_dotted(loc[:-1])}" if loc[:-1] else ""))
    message = first["msg"]
    if kind == "literal_error":
        expected = first.get("ctx", {}).get("expected", "")
        hint = _did_you_mean(str(first.get("input")), [part.strip(" '") for part in expected.replace(" or ", ",").split(",")])
        message = f"{first.get('input')!r} is not allowed; expected {expected}{hint}"
    elif kind in ("less_than_equal", "greater_than_equal", "too_long"):
        # A cap (docs/errors.md): say it is one, so nobody hunts for a rule.
        message = f"{message}, got {_short(first.get('input'))} (a limit far beyond any real board; see `enemy-move docs errors`)"
    elif message.startswith("Value error, "):
        message = message[len("Value error, ") :]
    elif kind == "bool_type" and str(first.get("input")).lower() in _YAML11_BOOLEANS:
        # YAML 1.1's yes/no/on/off are text in scenario files (docs/scenario-format.md): say what to write.
        truth = "true" if str(first["input"]).lower() in ("yes", "y", "on") else "false"
        message = f"write {truth}, not {first['input']} ({first['input']!r} is text here; true/false are the only yes/no values)"
    elif kind in _TYPE_ERRORS and "input" in first:
        message = f"{message}, got {describe_json_type(first['input'])} {_short(first['input'])}"
    elif kind == "string_pattern_mismatch" and loc and isinstance(loc[-1], str):
        if "area" in str(loc[0]) or "_-" in str(first.get("ctx", {}).get("pattern", "")):
            # Area names of area maps (keys of `areas:`, or an `area:` value).
            message = f"{first.get('input', loc[-1])!r} is not a valid area name (1 to 24 letters, digits, _ or -; no spaces)"
            return source.error(loc, message, key=loc[-1] != "area")
        message = f"{loc[-1]!r} is not a valid figure label (labels are single letters or digits)"
        return source.error(loc, message, key=True)
    return source.error(loc, f"{_dotted(loc)}: {message}" if loc else message)


_YAML11_BOOLEANS = {"yes", "no", "y", "n", "on", "off"}

_TYPE_ERRORS = {
    "bool_type",
    "int_type",
    "float_type",
    "string_type",
    "list_type",
    "dict_type",
    "tuple_type",
    "model_type",
    "int_from_float",
    "bool_parsing",
    "int_parsing",
    "float_parsing",
}


def _short(value: Any) -> str:
    text = json.dumps(value, ensure_ascii=False)
    return text if len(text) <= 40 else text[:37] + "..."


def _data_path(loc: tuple[Any, ...], data: Any) -> tuple[Any, ...]:
    """``loc`` without the union members pydantic names in it: a part that is a key or an index of the data at its
    place is the user's (a key may be spelled ``a[1]`` or ``str``), whatever its spelling."""
    path: list[Any] = []
    for part in loc:
        held = part in data if isinstance(data, dict) else isinstance(data, list) and isinstance(part, int) and 0 <= part < len(data)
        if held:
            data = data[part]
        elif _is_union_tag(part):
            continue
        else:
            data = None
        path.append(part)
    return tuple(path)


def _is_union_tag(part: Any) -> bool:
    # pydantic adds the chosen union member to locations, e.g. ('to', 'tuple[int, int]', 0).
    return isinstance(part, str) and ("[" in part or part in {"str", "int", "function-after"})


def _dotted(loc: tuple[Any, ...]) -> str:
    text = ""
    for part in loc:
        text += f"[{part}]" if isinstance(part, int) else (("." if text else "") + str(part))
    return text or "scenario"


def _is_model(tp: Any) -> bool:
    return isinstance(tp, type) and issubclass(tp, BaseModel)


def _unwrap(tp: Any) -> Any:
    """Strip Annotated and Optional; prefer the model member of a union."""
    while True:
        origin = get_origin(tp)
        if origin is Annotated:
            tp = get_args(tp)[0]
        elif origin in (Union, types.UnionType):
            args = [a for a in get_args(tp) if a is not type(None)]
            models = [a for a in args if _is_model(a)]
            tp = models[0] if models else args[0]
        else:
            return tp


def _model_at(model_class: type, loc: tuple[Any, ...]) -> type | None:
    """Follow field annotations down ``loc`` to the model that owns the last key."""
    current: Any = model_class
    for part in loc:
        current = _unwrap(current)
        if _is_model(current):
            if part not in current.model_fields:
                return None
            current = current.model_fields[part].annotation
            continue
        origin, args = get_origin(current), get_args(current)
        if origin is dict:
            current = args[1]
        elif origin in (list, Sequence):
            current = args[0]
        elif origin is tuple and isinstance(part, int) and args:
            current = args[min(part, len(args) - 1)]
        else:
            return None
    current = _unwrap(current)
    return current if _is_model(current) else None
