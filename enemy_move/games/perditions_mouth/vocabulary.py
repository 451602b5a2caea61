"""perditions-mouth's words for the core: its reasoning step ids and how its boards are drawn (kept light: no rules)."""

from ...game import GRID_LOOK

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
