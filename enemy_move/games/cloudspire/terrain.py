"""Cloudspire's board: terrain symbols, which terrain holds units, and the hex grid built from the map."""

from __future__ import annotations

from ...geometry.grid import Grid, parse_grid
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


def build_board(scenario: Scenario) -> Grid:
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
