"""The board of a Perdition's Mouth scenario, parsed once when the file is loaded (the game's ``board_parser``),
with every check of the file the rules would otherwise meet later: figures' keys, `rules:` terrain names,
the activation sheets. When several fail, the earliest in the file is reported (errors.first_in_file)."""

from __future__ import annotations

from typing import Any

from ...errors import ScenarioError, first_in_file
from ...geometry.grid import map_mistake, parse_grid
from ...loader import SourceMap
from ...models import Scenario
from .enemies import SHEETS, TYPES
from .model import PerditionsMouthScenario
from .terrain import ALL_TERRAINS, DEFAULT_COSTS, EXTRA_SYMBOLS, Board


def parse_board(scenario: Scenario) -> Board:
    """The square grid with the sleeping enemies marked (``asleep``): the board before the phase."""
    grid: Board
    grid, *_ = first_in_file(
        lambda: _grid(scenario), lambda: _check_figures(scenario), lambda: _check_rules(scenario), lambda: _check_sheets(scenario)
    )
    return grid


def board_mistake(data: Any, source: SourceMap) -> ScenarioError | None:
    """The map's first mistake in a file the schema refused (``Game.board_mistake``)."""
    return map_mistake(data, source, "square", EXTRA_SYMBOLS)


def _grid(scenario: Scenario) -> Board:
    model: PerditionsMouthScenario = scenario.model
    cells = {label: f.at for label, f in model.figures.items()}
    grid = parse_grid(
        scenario, "square", extra_symbols=EXTRA_SYMBOLS, terrains=set(ALL_TERRAINS), figure_cells=cells, standable=set(DEFAULT_COSTS)
    )
    return Board.of(grid, frozenset(label for label, f in model.figures.items() if not TYPES[f.kind].hero and f.sleeping))


def _check_figures(scenario: Scenario) -> None:
    figures = scenario.model.figures
    for label in sorted(figures):
        figure = figures[label]
        if TYPES[figure.kind].hero:
            for key in ("sleeping", "ap", "attack_range"):
                if getattr(figure, key) not in (None, False):
                    raise scenario.error(("figures", label, key), f"`{key}` is for enemies; {label!r} is a hero")
        elif figure.health is not None:
            raise scenario.error(
                ("figures", label, "health"), f"`health` is for heroes (the 'weakest' hero); {label!r} is a {TYPES[figure.kind].name}"
            )


def _check_rules(scenario: Scenario) -> None:
    rules = scenario.model.rules
    for key in sorted(rules.terrain_costs):
        if key not in DEFAULT_COSTS:
            raise scenario.error(
                ("rules", "terrain_costs", key),
                f"terrain {key!r} cannot be entered or is unknown; costs apply to: {', '.join(sorted(DEFAULT_COSTS))}",
                key=True,
            )
    for index, name in enumerate(rules.sight_blockers):
        if name not in ALL_TERRAINS:
            raise scenario.error(("rules", "sight_blockers", index), f"unknown terrain {name!r}; known: {', '.join(sorted(ALL_TERRAINS))}")


def _check_sheets(scenario: Scenario) -> None:
    """A sheet given must list every figure of its types, once each, and nothing else."""
    model: PerditionsMouthScenario = scenario.model
    figures = model.figures
    for sheet in SHEETS:
        order = getattr(model, sheet.key)
        if order is None:
            continue
        seen: set[str] = set()
        for index, label in enumerate(order):
            if label not in figures:
                raise scenario.error((sheet.key, index), f"{label!r} is not in figures")
            if TYPES[figures[label].kind].sheet is not sheet:
                raise scenario.error((sheet.key, index), f"{label!r} is a {TYPES[figures[label].kind].name}, not on the {sheet.name}")
            if label in seen:
                raise scenario.error((sheet.key, index), f"{label!r} is listed twice")
            seen.add(label)
        missing = sorted(label for label, f in figures.items() if TYPES[f.kind].sheet is sheet and label not in seen)
        if missing:
            names = "/".join(TYPES[kind].name for kind in sheet.kinds)
            raise scenario.error((sheet.key,), f"the {sheet.name} must list every {names}; missing: {', '.join(missing)}")
