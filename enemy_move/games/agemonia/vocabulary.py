"""agemonia's words for the core: its reasoning step ids and how its boards are drawn (kept light: no rules)."""

from typing import Any

from ...game import BoardLook, FigureFacts

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

#: The sides of the game's figures, for pictures (light fills).
SIDE_COLOURS = {"enemy": "#f4a3a3", "hero": "#9cc4f2", "ally": "#a8dcb5"}


def figure_facts(scenario: Any) -> dict[str, FigureFacts]:
    """Each figure's side (enemy, hero, ally) and, for enemies, its place in the initiative order."""
    order = list(getattr(scenario.model, "initiative", None) or [])
    facts = {}
    for label, figure in scenario.model.figures.items():
        kind = figure.type or figure.name or label
        initiative = f"order {order.index(kind) + 1}" if figure.side == "enemy" and kind in order else ""
        facts[label] = FigureFacts(label, figure.name or "", figure.side, SIDE_COLOURS[figure.side], initiative=initiative)
    return facts
