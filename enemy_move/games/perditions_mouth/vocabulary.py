"""perditions-mouth's words for the core: its reasoning step ids and how its boards are drawn (kept light: no rules)."""

from typing import Any

from ...game import GRID_LOOK, FigureFacts

#: Every reasoning step id the rules record (docs/output.md lists them; the phase runner refuses others).
STEP_IDS = (
    "action-points",
    "alarm",
    "blockers",
    "demon",
    "distances",
    "failure-events",
    "line-of-sight",
    "move",
    "order",
    "range",
    "reading",
    "safety",
    "sleeping",
    "target",
    "terrain",
    "threatened-squares",
    "tie",
)

#: Doors, the portcullis, the alarm and chests besides the grid's own terrains.
LOOK = GRID_LOOK.extended(
    terrain_fills={
        "door": "#a0522d",
        "open-door": "#e0c08f",
        "locked-door": "#6b3a1f",
        "portcullis": "#7d7d7d",
        "alarm": "#ffe066",
        "chest": "#c9a227",
    },
    dark_terrains=frozenset({"door", "locked-door", "portcullis"}),
)

#: The sides of the game's figures, for pictures: heroes, Insectoids, Cultists, the Demon (light fills).
SIDES = {
    "hero": ("hero", "#9cc4f2"),
    "boneworm": ("Insectoid", "#a8dcb5"),
    "rotikka": ("Insectoid", "#a8dcb5"),
    "chileen": ("Insectoid", "#a8dcb5"),
    "acolyte": ("Cultist", "#cdb4ee"),
    "guard": ("Cultist", "#cdb4ee"),
    "summoner": ("Cultist", "#cdb4ee"),
    "demon": ("Demon", "#f4a3a3"),
}


def figure_facts(scenario: Any) -> dict[str, FigureFacts]:
    """Each figure's side and kind (and sleep), for pictures."""
    facts = {}
    for label, figure in scenario.model.figures.items():
        side, colour = SIDES[figure.kind]
        kind = side if figure.kind == "hero" else f"{side} ({figure.kind}{', asleep' if figure.sleeping else ''})"
        facts[label] = FigureFacts(label, figure.name or "", kind, colour)
    return facts
