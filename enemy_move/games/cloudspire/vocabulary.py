"""cloudspire's words for the core: its reasoning step ids and how its boards are drawn (kept light: no rules)."""

from ...game import GRID_LOOK

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
