"""One drawn sight line (``resolve --sight-from``): what a game's sight oracle found, for renderers to draw.

The game decides (which line, clear or not, what blocks it); pictures only draw it. Ends are offsets from
each cell's centre in cell radii (x to the right, y down), so a renderer needs no knowledge of the oracle's
coordinates.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any


class NoSightRule(ValueError):
    """A game's sight hook when the game has no line-of-sight rule: its text says so and where that is written."""


Cell = tuple[int, int]
Offset = tuple[float, float]


@dataclass(frozen=True)
class SightLine:
    target: str
    #: The figure's cell (an area's name on area maps).
    at: Cell | str
    clear: bool
    #: "centres", "corners" (a corner-to-corner line) or "centres (approximate)": seen along a line
    #: that is neither (any-point sight), drawn between the centres; "areas": between two areas (not drawn).
    through: str = "centres"
    start: Offset = (0.0, 0.0)
    end: Offset = (0.0, 0.0)
    #: What blocks it: wall cells and thin walls (pairs of cells) the drawn line touches, or, when that line
    #: is free but the rules' lines are not (corner sight), the walls near it.
    walls: tuple[Cell, ...] = ()
    thin_walls: tuple[tuple[Cell, Cell], ...] = ()
    on_line: bool = False
    #: Figures that block it (games where figures block sight), by label.
    figures: tuple[str, ...] = ()
    #: The game's words for what it found: what blocks the line ("the wall hex [3, 1] ...") or how it is seen.
    why: str = ""

    def to_json(self) -> dict[str, Any]:
        return {
            "target": self.target,
            "at": list(self.at) if isinstance(self.at, tuple) else self.at,
            "clear": self.clear,
            "why": self.why,
            "through": self.through,
            "start": [round(self.start[0], 4), round(self.start[1], 4)],
            "end": [round(self.end[0], 4), round(self.end[1], 4)],
            "blocked_by": None
            if self.clear
            else {
                "walls": [list(c) for c in self.walls],
                "thin_walls": [[list(p), list(q)] for p, q in self.thin_walls],
                "figures": list(self.figures),
                "on_line": self.on_line,
            },
        }
