"""cloudspire's words for the core: its reasoning step ids and how its boards are drawn (kept light: no rules)."""

from typing import Any

from ...game import GRID_LOOK, FigureFacts

#: Every reasoning step id the rules record (docs/output.md lists them; the phase runner refuses others).
STEP_IDS = (
    "blocking",
    "choice",
    "closest",
    "displace",
    "distance",
    "invalid-hex",
    "lateral",
    "leading-minion",
    "movement",
    "reading",
    "terrain",
)

#: Path and the five terrains, landmarks, the spire and gates; a minion heads for its mark.
LOOK = GRID_LOOK.extended(
    terrain_fills={
        "path": "#eadfc4",
        "plains": "#d7e8a6",
        "forest": "#79ad63",
        "mountain": "#a99f90",
        "water": "#84b7d8",
        "landmark": "#b08d57",
        "spire": "#a07ad3",
        "gate": "#5b5b5b",
    },
    dark_terrains=frozenset({"gate"}),
    plain_terrains=frozenset({"path"}),
    goal_legend="where it heads (its mark)",
)

#: Picture colours of factions named after a colour (light fills); other factions take the palette in name order.
FACTION_COLOURS = {
    "red": "#f4a3a3",
    "blue": "#9cc4f2",
    "green": "#a8dcb5",
    "yellow": "#f1df8e",
    "purple": "#cdb4ee",
    "orange": "#f6c08e",
    "black": "#b5b5b5",
    "white": "#ffffff",
}
PALETTE = ("#f4a3a3", "#9cc4f2", "#a8dcb5", "#f1df8e", "#cdb4ee", "#f6c08e")


def figure_facts(scenario: Any) -> dict[str, FigureFacts]:
    """Each unit's faction (its colour) and kind, for pictures."""
    factions = sorted({figure.faction for figure in scenario.model.figures.values()})
    colour = {f: FACTION_COLOURS.get(f.lower(), PALETTE[i % len(PALETTE)]) for i, f in enumerate(factions)}
    return {
        label: FigureFacts(label, figure.name or "", f"{figure.faction} {figure.kind}", colour[figure.faction])
        for label, figure in scenario.model.figures.items()
    }
