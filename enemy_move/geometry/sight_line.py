"""One drawn sight line (``resolve --sight-from``): what a game's sight oracle found, for renderers to draw.

The game decides (which line, clear or not, what blocks it); pictures only draw it. Ends are offsets from
each cell's centre in cell radii (x to the right, y down), so a renderer needs no knowledge of the oracle's
coordinates.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

Cell = tuple[int, int]
Offset = tuple[float, float]


@dataclass(frozen=True)
class SightLine:
    target: str
    at: Cell
    clear: bool
    #: "centres", "corners" (a corner-to-corner line) or "centres (approximate)": seen along a line
    #: that is neither (any-point sight), drawn between the centres.
    through: str = "centres"
    start: Offset = (0.0, 0.0)
    end: Offset = (0.0, 0.0)
    #: What blocks it: wall cells and thin walls (pairs of cells) the drawn line touches, or, when that line
    #: is free but the rules' lines are not (corner sight), the walls near it.
    walls: tuple[Cell, ...] = ()
    thin_walls: tuple[tuple[Cell, Cell], ...] = ()
    on_line: bool = False

    def to_json(self) -> dict[str, Any]:
        return {
            "target": self.target,
            "at": list(self.at),
            "clear": self.clear,
            "through": self.through,
            "start": [round(self.start[0], 4), round(self.start[1], 4)],
            "end": [round(self.end[0], 4), round(self.end[1], 4)],
            "blocked_by": None
            if self.clear
            else {
                "walls": [list(c) for c in self.walls],
                "thin_walls": [[list(p), list(q)] for p, q in self.thin_walls],
                "on_line": self.on_line,
            },
        }
