"""gloomhaven's words for the core: its reasoning step ids and how its boards are drawn (kept light: no rules)."""

from ...game import GRID_LOOK, Importer

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
        read="enemy_move.games.gloomhaven.gloom_import:read_link",
        argument_help="A gloom share link (https://gloom.aluminumangel.org/CODE or .../los/CODE) or the bare CODE.",
    ),
)
