"""Agemonia's line of sight between areas, for ``resolve --sight-from AREA``.

Line of sight is geometric (Dized rules 'Line of Sight': a straight line from a part of one area to a part of the
other, through no solid barrier, over a height border only from the higher side), so the scenario states it
(``sight:``, rule 2 of `enemy-move docs agemonia`); this module reads the board's relation, it decides nothing new.
"""

from __future__ import annotations

from ...geometry.areas import AreaBoard
from ...geometry.sight_line import SightLine
from ...models import Scenario


def sight_lines(scenario: Scenario, variant: str, board: AreaBoard, at: str) -> list[SightLine]:
    """One line from the area ``at`` to each figure's area (the figures in ``at`` itself are in sight)."""
    model = scenario.model
    blocked = {frozenset(pair) for pair in model.sight.blocked}
    lines = []
    for label, figure in sorted(board.figures.items()):
        area = figure.area
        if board.sees(at, area):
            lines.append(SightLine(label, area, True, "areas"))
            continue
        if frozenset((at, area)) in blocked:
            why = f"the scenario's sight lists {at} and {area} as blocked (a solid barrier, or a height border seen from the lower side)"
        else:
            why = f"{at} and {area} share no border and the scenario's sight does not list them under see (sight.default: adjacent)"
        lines.append(SightLine(label, area, False, "areas", why=why))
    return lines
