"""Registry of rules engines, by ruleset name.

Each engine lives in its own module here and registers a :class:`Ruleset` at
import. Modules are imported lazily, so the CLI starts fast and a missing
engine is reported as such.
"""

from __future__ import annotations

import importlib
from collections.abc import Callable
from dataclasses import dataclass, field

from ..errors import ScenarioError
from ..models import Scenario
from ..result import Result

#: ruleset name -> module implementing it.
ENGINE_MODULES: dict[str, str] = {
    "gloomhaven": "enemy_move.rulesets.gloomhaven",
    "perditions-mouth": "enemy_move.rulesets.perditions_mouth",
    "agemonia": "enemy_move.rulesets.agemonia",
    "cloudspire": "enemy_move.rulesets.cloudspire",
}

#: ``choices`` maps a figure label to the index of the option the rest of
#: the phase should follow (``--choose LABEL=N``).
Resolver = Callable[[Scenario, str, dict[str, int]], Result]


@dataclass(frozen=True)
class Ruleset:
    name: str
    summary: str
    variants: dict[str, str]
    default_variant: str
    resolve: Resolver
    # Scenario-level options the ruleset understands: key -> explanation.
    options: dict[str, str] = field(default_factory=dict)


_REGISTRY: dict[str, Ruleset] = {}


def register(ruleset: Ruleset) -> Ruleset:
    _REGISTRY[ruleset.name] = ruleset
    return ruleset


def get(name: str) -> Ruleset | None:
    if name not in _REGISTRY and name in ENGINE_MODULES:
        try:
            importlib.import_module(ENGINE_MODULES[name])
        except ModuleNotFoundError as error:
            if error.name != ENGINE_MODULES[name]:
                raise
    return _REGISTRY.get(name)


def all_rulesets() -> list[Ruleset]:
    for name in sorted(ENGINE_MODULES):
        get(name)
    return [_REGISTRY[name] for name in sorted(_REGISTRY)]


def resolve(scenario: Scenario, variant: str | None = None, choices: dict[str, int] | None = None) -> Result:
    """Run the engine the scenario's ``ruleset:`` names."""
    engine = get(scenario.ruleset)
    if engine is None:
        raise scenario.error(("ruleset",), f"ruleset {scenario.ruleset!r} has no engine yet")
    chosen = variant or scenario.model.variant or engine.default_variant
    if chosen not in engine.variants:
        where = ("variant",) if not variant else ()
        message = f"unknown variant {chosen!r} for ruleset {engine.name!r}; known: {', '.join(engine.variants)}"
        if variant:
            raise ScenarioError(scenario.path, 1, 1, message)
        raise scenario.error(where, message)
    try:
        return engine.resolve(scenario, chosen, dict(choices or {}))
    except RecursionError:
        raise ScenarioError(scenario.path, 1, 1, "the scenario is too complex to resolve (recursion limit)") from None
