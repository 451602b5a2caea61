"""``resolve --sight-from C,R``: the sight line from one hex to every figure, as this game's sight oracle sees it.

The same oracle the rules use (geometry.los.HexSight, with the variant's sight: corner-to-corner in the first
edition, any point otherwise, and the scenario's `rules.sight`); pictures draw what this returns.
"""

from __future__ import annotations

import math

from ...geometry import hexgrid
from ...geometry.grid import Grid
from ...geometry.los import HexSight
from ...geometry.sight_line import Offset, SightLine
from ...models import Scenario
from ...result import format_position
from ...wording import and_list
from .board import sight_blockers
from .model import GloomhavenScenario
from .variants import VARIANTS

Cell = tuple[int, int]


def _offset(point: tuple[int, int], cell: Cell) -> Offset:
    """A scaled point (hexgrid: x in sqrt(3)/2, y in 1/2 radii) as an offset from ``cell``'s centre in radii."""
    cx, cy = hexgrid.centre_scaled(cell)
    return ((point[0] - cx) * math.sqrt(3) / 2, (point[1] - cy) / 2)


def sight_lines(scenario: Scenario, variant: str, board: Grid, at: Cell) -> list[SightLine]:
    """One line from ``at`` to each figure on ``board`` (ValueError: ``at`` is no hex one can see from)."""
    terrain = board.terrain.get(at)
    walls = sight_blockers(board)
    if terrain is None:
        raise ValueError(f"{format_position(at)} is not a hex of the map ({board.width} columns x {board.height} rows, numbered from 0)")
    if at in walls:
        raise ValueError(f"{format_position(at)} is {terrain}: sight is drawn from a hex a figure can stand in")
    model: GloomhavenScenario = scenario.model
    rules = VARIANTS[variant].reading(model.rules)
    sight = HexSight(walls, board.thin_walls, rules.sight)
    lines = []
    for label, cell in sorted(board.figures.items(), key=lambda item: (item[1][1], item[1][0], item[0])):
        if cell == at:
            continue
        if sight.visible(at, cell):
            ends = sight.clear_line(at, cell)
            if ends is None:  # any-point sight along a line through no centre and no corner
                lines.append(SightLine(label, cell, True, "centres (approximate)"))
            else:
                through = "centres" if ends == (hexgrid.centre_scaled(at), hexgrid.centre_scaled(cell)) else "corners"
                lines.append(SightLine(label, cell, True, through, _offset(ends[0], at), _offset(ends[1], cell)))
            continue
        cells, thin, on_line = sight.blockers(at, cell)
        why = blocked_words(cells, thin, on_line, corners=rules.sight == "corner")
        lines.append(SightLine(label, cell, False, "centres", walls=tuple(cells), thin_walls=tuple(thin), on_line=on_line, why=why))
    return lines


def blocked_words(cells: list[Cell], thin: list[tuple[Cell, Cell]], on_line: bool, *, corners: bool) -> str:
    """What blocks a line, as --why-not says it (ruled_out.py): the walls on the centres' line or on every corner line."""
    walls = [f"the wall hex {format_position(c)}" for c in cells]
    walls += [f"the thin wall between {format_position(p)} and {format_position(q)}" for p, q in thin]
    if not walls:
        return "a wall is in the way"
    if on_line and not corners:
        return f"the line between the two hexes' centres crosses {and_list(walls)}"
    return f"every line from a corner of one hex to a corner of the other touches a wall ({and_list(walls)})"
