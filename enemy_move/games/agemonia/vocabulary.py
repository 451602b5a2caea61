"""agemonia's words for the core: its reasoning step ids and how its boards are drawn (kept light: no rules)."""

from ...game import BoardLook

#: Every reasoning step id the rules record (docs/output.md lists them; the phase runner refuses others).
STEP_IDS = (
    "already-in-attack-area",
    "as-far-as-possible",
    "attack-areas",
    "capacity",
    "closest-to-an-ally",
    "enemy",
    "held",
    "invisible",
    "least-movement",
    "move",
    "no-allies",
    "no-attack",
    "no-attack-area",
    "no-route",
    "players-choose",
    "reading",
    "routes",
    "slowed",
    "stays",
    "stunned",
    "taunt",
    "traps",
    "unreachable",
)

#: Area maps have no terrain symbols.
LOOK = BoardLook()
