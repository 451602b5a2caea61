"""How a game's boards look: terrain styles and colours, and the legend's words.

A game declares its :class:`BoardLook` (``Game.look``); the phase runner puts
it on the Result, and renderers read it there: no renderer tests a game's name.
"""

from __future__ import annotations

from dataclasses import dataclass, field


@dataclass(frozen=True)
class BoardLook:
    """How a game's boards are drawn and worded: renderers read it from the Result, never from a game's name.

    Terrain names are the game's own words; a terrain missing here gets the
    renderers' neutral style. ``goal_legend`` names what ``Turn.goals`` marks
    (the core only knows "where it heads")."""

    #: terrain -> rich style of its symbol in the text map
    terrain_styles: dict[str, str] = field(default_factory=dict)
    #: terrain -> SVG fill colour
    terrain_fills: dict[str, str] = field(default_factory=dict)
    #: terrains drawn dark (white symbol, no coordinates) in pictures
    dark_terrains: frozenset[str] = frozenset()
    #: terrains written "X terrain" in sentences ("on hazardous terrain", not "on a hazardous")
    terrain_adjectives: frozenset[str] = frozenset()
    #: terrains that look like open floor on maps (no symbol, no "stands on" note)
    plain_terrains: frozenset[str] = frozenset({"floor"})
    #: terrains a why-not answer calls impassable, with their phrase ("a wall")
    blocking_terrains: dict[str, str] = field(default_factory=dict)
    #: legend words for ``Turn.goals`` on maps and pictures
    goal_legend: str = "where it heads"

    def extended(
        self,
        *,
        terrain_styles: dict[str, str] | None = None,
        terrain_fills: dict[str, str] | None = None,
        dark_terrains: frozenset[str] = frozenset(),
        plain_terrains: frozenset[str] = frozenset(),
        goal_legend: str | None = None,
    ) -> BoardLook:
        """This look with a game's own terrains added (a game's words win)."""
        return BoardLook(
            terrain_styles={**self.terrain_styles, **(terrain_styles or {})},
            terrain_fills={**self.terrain_fills, **(terrain_fills or {})},
            dark_terrains=self.dark_terrains | dark_terrains,
            terrain_adjectives=self.terrain_adjectives,
            plain_terrains=self.plain_terrains | plain_terrains,
            blocking_terrains=self.blocking_terrains,
            goal_legend=self.goal_legend if goal_legend is None else goal_legend,
        )


@dataclass(frozen=True)
class FigureFacts:
    """What pictures show of a figure: its name, its side (the key's words) and that side's colour, whether it
    is elite, its initiative as written. A game's vocabulary gives them (``Game.figure_facts``); renderers
    only draw them."""

    label: str
    name: str = ""
    side: str = ""
    colour: str = "#ffffff"
    elite: bool = False
    initiative: str = ""


#: The look of the terrains every grid understands (``geometry.grid.DEFAULT_SYMBOLS``); grid games extend it.
GRID_LOOK = BoardLook(
    terrain_styles={
        "wall": "bold white on grey23",
        "obstacle": "yellow",
        "trap": "magenta",
        "hazardous": "red",
        "difficult": "green",
        "icy": "cyan",
    },
    terrain_fills={
        "floor": "#f3eddc",
        "wall": "#4a4a4a",
        "obstacle": "#9c8f74",
        "trap": "#e3b5e3",
        "hazardous": "#f2a27f",
        "difficult": "#b9dc9f",
        "icy": "#c4e8f6",
    },
    dark_terrains=frozenset({"wall"}),
    terrain_adjectives=frozenset({"hazardous", "difficult", "icy"}),
    blocking_terrains={"wall": "a wall", "obstacle": "an obstacle"},
)
