"""Registry of rules engines, by ruleset name.

Each engine lives in its own module here and registers a :class:`Ruleset` at
import. Modules are imported lazily, so the CLI starts fast and a missing
engine is reported as such.
"""

from __future__ import annotations

import importlib
from collections.abc import Callable
from dataclasses import dataclass, field

from ..errors import ScenarioError, UsageError
from ..models import Scenario
from ..result import Option, Result, Turn

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
            raise UsageError(f"--variant {variant}: {message}")
        raise scenario.error(where, message)
    try:
        return engine.resolve(scenario, chosen, dict(choices or {}))
    except RecursionError:
        raise ScenarioError(scenario.path, 1, 1, "the scenario is too complex to resolve (recursion limit)") from None


# --- the whole phase: shared by every engine --------------------------------


def check_choices(scenario: Scenario, actors: list[str], choices: dict[str, int]) -> None:
    """Every ``--choose LABEL=N`` must name a figure that acts in this scenario."""
    for label in sorted(choices):
        if label not in actors:
            raise UsageError(f"--choose {label}=...: {label!r} does not act in this scenario: it does not move or attack in this phase (acting: {', '.join(actors) or 'nobody'})")


def follow_option(scenario: Scenario, turn: Turn, choices: dict[str, int], result: Result, *, last: bool) -> Option | None:
    """Record which option the rest of the phase follows (``--choose``, default 0) and return it."""
    if not turn.options:
        return None
    index = choices.get(turn.actor, 0)
    count = len(turn.options)
    if not 0 <= index < count:
        raise UsageError(
            f"--choose {turn.actor}={index}: {turn.actor} has {count} option(s), numbered 0 to {count - 1} (only {count} option(s) to follow)",
        )
    turn.chosen = index
    option = turn.options[index]
    if count > 1 and not last:
        where = list(option.to) if isinstance(option.to, tuple) else option.to
        result.notes.append(f"{turn.actor}: the rest of the phase follows option {index} (to {where}); --choose {turn.actor}=N picks another.")
    return option
