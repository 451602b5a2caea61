"""Cloudspire's units: what each figure is (minion or hero, faction, movement, allowance, mark) and which of them march."""

from __future__ import annotations

import json
import re
from dataclasses import dataclass

from ...geometry.grid import Grid
from ...models import Scenario
from .model import CloudspireScenario
from .terrain import Cell
from .variant import CloudspireRules

ALLOWANCE_ORDER = ("path", "plains", "forest", "mountain", "water")


@dataclass(frozen=True)
class Unit:
    label: str
    kind: str
    faction: str
    move: int
    allowance: str
    mark: Cell | None
    through: bool = False

    @property
    def marked(self) -> Cell:
        """The mark of a unit that marches (every acting unit has one: ``_require_marks``, ``ai_hero``)."""
        if self.mark is None:
            raise ValueError(f"unit {self.label!r} has no mark")
        return self.mark

    @property
    def allowed(self) -> frozenset[str]:
        return frozenset(ALLOWANCE_ORDER[: ALLOWANCE_ORDER.index(self.allowance) + 1])


def build_units(scenario: Scenario, board: Grid) -> dict[str, Unit]:
    """Every figure as a unit (its marks were checked against the board when it was parsed: terrain.parse_board)."""
    model: CloudspireScenario = scenario.model
    units: dict[str, Unit] = {}
    for label in sorted(model.figures):
        figure = model.figures[label]
        mark = figure.mark if figure.mark is not None else model.marks.get(figure.faction)
        units[label] = Unit(label, figure.kind, figure.faction, figure.move, figure.allowance, mark, figure.through_units)
    return units


def ai_hero(unit: Unit, rules: CloudspireRules) -> bool:
    """An AI-controlled hero that moves toward a mark: the AI procedure speaks of "units"."""
    return rules.ai and unit.kind == "hero" and unit.move > 0 and unit.mark is not None


def acting_minions(scenario: Scenario, units: dict[str, Unit], rules: CloudspireRules) -> tuple[str, list[str]]:
    """The acting faction and its units that move this phase (minions, and with ``ai`` its heroes that have a Movement stat)."""
    model: CloudspireScenario = scenario.model
    minion_factions = sorted({u.faction for u in units.values() if u.kind == "minion"})
    if model.active is not None:
        unit = units[model.active]
        if unit.kind != "minion" and not ai_hero(unit, rules):
            raise scenario.error(
                ("active",),
                f"{model.active!r} is a hero; only minions march to their mark (AI-controlled heroes too, with `variant: ai`, a `move` and a mark)",
            )
        if model.faction is not None and model.faction != unit.faction:
            raise scenario.error(("faction",), f"faction {model.faction!r} does not match the active minion's faction {unit.faction!r}")
        _require_marks(scenario, units, [model.active])
        if model.order:
            # One unit moves: an order would be accepted and ignored.
            raise scenario.error(("order",), "`order:` orders the units of a whole phase; with `active:` only one unit moves", key=True)
        return unit.faction, [model.active]
    if model.faction is not None:
        faction = model.faction
        if faction not in minion_factions:
            raise scenario.error(
                ("faction",), f"faction {faction!r} has no minions; factions with minions: {', '.join(minion_factions) or 'none'}"
            )
    elif len(minion_factions) == 1:
        faction = minion_factions[0]
    elif not minion_factions:
        raise scenario.error(("figures",), "no minion on the board: nothing moves")
    else:
        raise scenario.error(
            (), f"several factions have minions ({', '.join(minion_factions)}); name the one that moves with `faction:` or `active:`"
        )
    labels = sorted(label for label, u in units.items() if u.kind == "minion" and u.faction == faction)
    _require_marks(scenario, units, labels)
    labels += sorted(label for label, u in units.items() if u.faction == faction and ai_hero(u, rules))
    for index, label in enumerate(model.order):
        if label in model.order[:index]:  # a slip for another label: the order the players chose would be misread
            raise scenario.error(("order", index), f"{label!r} is listed twice in `order:`")
        if label not in labels:
            raise scenario.error(
                ("order", index),
                f"{label!r} is not a unit that moves in this phase (a minion of {faction!r}, or with `variant: ai` one of its heroes with a `move` and a mark)",
            )
    return faction, labels


def _yaml_key(name: str) -> str:
    """``name`` as a key the suggested YAML reads back as it: plain when it is a simple word, else double-quoted."""
    plain = re.fullmatch(r"[A-Za-z][A-Za-z0-9_ -]*", name) and not name.endswith(" ") and name.lower() not in _YAML_WORDS
    return name if plain else json.dumps(name)


#: Words YAML reads as a boolean or null, not as text.
_YAML_WORDS = frozenset({"yes", "no", "on", "off", "true", "false", "null", "y", "n"})


def _require_marks(scenario: Scenario, units: dict[str, Unit], labels: list[str]) -> None:
    for label in labels:
        if units[label].mark is None:
            faction = _yaml_key(units[label].faction)
            raise scenario.error(
                ("figures", label),
                f"minion {label!r} has no mark: give it `mark: <col, row>` or add `marks: {{{faction}: <col, row>}}`",
                key=True,
            )
