"""gloomhaven's words for the core: its reasoning step ids and how its boards are drawn (kept light: no rules)."""

from typing import Any

from ...game import GRID_LOOK, FigureFacts, Importer, Ref

#: Every reasoning step id the rules record (docs/output.md lists them; the phase runner refuses others).
STEP_IDS = (
    "attack-now",
    "cannot-end",
    "card",
    "card-action",
    "destination",
    "disadvantage",
    "extra-targets",
    "fewer-targets",
    "focus",
    "focus-choice",
    "focus-initiative",
    "focus-path",
    "focus-proximity",
    "forced-move",
    "immobilized",
    "invisible",
    "line-of-sight",
    "more-movement",
    "move",
    "negative-hexes",
    "no-focus",
    "not-closer",
    "order",
    "range",
    "reading",
    "stays",
    "stunned",
    "target-group",
    "unreachable",
)

#: A closed door (``+``) besides the grid's own terrains.
LOOK = GRID_LOOK.extended(terrain_fills={"door": "#a0522d", "water": "#7fb3e6"}, dark_terrains=frozenset({"door"}))

#: ``enemy-move import gloom LINK``: boards drawn in gloom (the Gloomhaven Monster Mover web app).
IMPORTERS = (
    Importer(
        name="gloom",
        help="Write the scenario of a gloom (Gloomhaven Monster Mover) share link.",
        read=Ref("enemy_move.games.gloomhaven.gloom_import:read_link"),
        argument_help="A gloom share link (https://gloom.aluminumangel.org/CODE or .../los/CODE) or the bare CODE.",
    ),
)

#: Picture colours of the sides (light fills: the label stays readable on them).
SIDE_COLOURS = {"monster": "#f4a3a3", "character": "#9cc4f2", "summon": "#a8dcb5", "objective": "#f1df8e"}


def figure_facts(scenario: Any) -> dict[str, FigureFacts]:
    """Name, side (monster, character, summon, objective), elite and initiative of each figure, for pictures."""
    facts = {}
    for label, figure in scenario.model.figures.items():
        side = figure.kind + (f" ({figure.side})" if figure.kind == "objective" and figure.side else "")
        initiative = "" if figure.initiative is None else f"{figure.initiative:g}"
        facts[label] = FigureFacts(label, figure.name or "", side, SIDE_COLOURS[figure.kind], figure.elite, initiative)
    return facts
