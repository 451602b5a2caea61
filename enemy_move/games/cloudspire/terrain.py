"""Cloudspire's board: terrain symbols, which terrain holds units, and the hex grid built from the map
(parsed once, when the file is loaded: ``parse_board``, the game's ``board_parser``)."""

from __future__ import annotations

from typing import Any

from ...errors import ScenarioError, first_in_file
from ...geometry.grid import Grid, map_mistake, parse_grid
from ...loader import SourceMap
from ...models import Scenario
from .model import CloudspireScenario

Cell = tuple[int, int]

#: Map symbols of the ruleset (the contract's defaults are re-purposed where
#: Cloudspire has no such terrain: no traps, walls or icy ground).
TERRAIN_SYMBOLS: dict[str, str] = {
    ".": "path",
    ",": "plains",
    "%": "forest",
    "^": "mountain",
    "~": "water",
    "*": "landmark",
    "!": "spire",
    "&": "gate",
}
TERRAINS = frozenset(TERRAIN_SYMBOLS.values())
#: Nobody stands on a landmark or a spire; gates hold heroes and deploying minions.
STANDABLE = {"floor", "path", "plains", "forest", "mountain", "water", "gate"}
#: Never entered while moving, and never counted through (C4 "Closer").
SOLID = frozenset({"landmark", "spire", "gate"})


def parse_board(scenario: Scenario) -> Grid:
    """The board of a validated scenario, its marks checked against it; when the map and a mark's faction are
    both wrong, the earlier in the file is reported."""
    grid: Grid
    grid, _ = first_in_file(lambda: build_board(scenario), lambda: _check_mark_factions(scenario))
    _check_marks_on_board(scenario, grid)
    return grid


def board_mistake(data: Any, source: SourceMap) -> ScenarioError | None:
    """The map's first mistake in a file the schema refused (``Game.board_mistake``)."""
    return map_mistake(data, source, "hex", TERRAIN_SYMBOLS)


def _check_mark_factions(scenario: Scenario) -> None:
    model: CloudspireScenario = scenario.model
    factions = {f.faction for f in model.figures.values()}
    for faction in sorted(model.marks):
        if faction not in factions:
            raise scenario.error(
                ("marks", faction), f"no unit belongs to faction {faction!r}; factions: {', '.join(sorted(factions))}", key=True
            )


def _check_marks_on_board(scenario: Scenario, board: Grid) -> None:
    model: CloudspireScenario = scenario.model
    for faction, cell in sorted(model.marks.items()):
        if cell not in board:
            raise scenario.error(("marks", faction), f"mark {list(cell)} of faction {faction!r} is not a hex of the map")
    for label in sorted(model.figures):
        mark = model.figures[label].mark
        if mark is not None and mark not in board:
            raise scenario.error(("figures", label, "mark"), f"mark {list(mark)} of {label!r} is not a hex of the map")


def build_board(scenario: Scenario) -> Grid:
    """The hex grid of the map (units drawn on it stand on path); every map mistake located."""
    model: CloudspireScenario = scenario.model
    figure_cells = {label: f.at for label, f in model.figures.items()}
    grid = parse_grid(
        scenario,
        "hex",
        extra_symbols=TERRAIN_SYMBOLS,
        terrains=set(TERRAINS),
        figure_cells=figure_cells,
        standable=STANDABLE,
    )
    for cell in sorted(grid.terrain, key=lambda c: (c[1], c[0])):
        name = grid.terrain[cell]
        if name not in TERRAINS and name != "floor":
            raise scenario.source.text_error(
                ("map",),
                cell[1],
                grid.text_column(cell),
                f"{name} is not Cloudspire terrain; use " + " ".join(f"{s} {t}" for s, t in TERRAIN_SYMBOLS.items()),
            )
    # A unit drawn on the map stands on path (the contract's "open floor").
    terrain = {cell: ("path" if name == "floor" else name) for cell, name in grid.terrain.items()}
    return Grid("hex", grid.width, grid.height, terrain, grid.thin_walls, dict(grid.figures), grid.symbols)
