"""Activation order: enemies in Initiative card order, same type by figure number."""

from __future__ import annotations

from ...models import Scenario
from .model import AgemoniaScenario


def activation_order(scenario: Scenario) -> list[str]:
    """Enemies in Initiative card order; same type by figure number (lowest first)."""
    model: AgemoniaScenario = scenario.model
    enemies = {label: f for label, f in model.figures.items() if f.side == "enemy"}
    types = {label: f.enemy_type(label) for label, f in enemies.items()}
    for index, name in enumerate(model.initiative):
        if name not in types.values():
            raise scenario.error(
                ("initiative", index), f"no enemy has type {name!r}; types on the map: {', '.join(sorted(set(types.values())))}"
            )
        if name in model.initiative[:index]:
            raise scenario.error(("initiative", index), f"type {name!r} is listed twice")
    if model.initiative:
        missing = sorted(set(types.values()) - set(model.initiative))
        if missing:
            raise scenario.error(
                ("initiative",), f"the initiative order does not list the enemy type{'s' if len(missing) > 1 else ''} {', '.join(missing)}"
            )
        rank = {name: index for index, name in enumerate(model.initiative)}
    else:
        rank = {name: index for index, name in enumerate(sorted(set(types.values())))}
    big = 10**9
    return sorted(
        enemies, key=lambda label: (rank[types[label]], enemies[label].number if enemies[label].number is not None else big, label)
    )
