"""Where each reasoning step's rule is written (the ``source`` of a step): the rulebook's Enemy Movement text, its
Conditions and the Dized rules pages a player can open, with the rule's number in `enemy-move docs agemonia` ("Rules
as implemented"); a step that followed an open reading adds its `rules:` key."""

from __future__ import annotations

from typing import Any

_EM = "Agemonia rulebook, Enemy Movement"
_PAGE = "`enemy-move docs agemonia`"

_RULES = {
    "already-in-attack-area": f"{_EM}: 'If it is already in an area it can attack from, it does not move' (rule 3 of {_PAGE})",
    "as-far-as-possible": f"{_EM}: 'it will move as far towards the area as its movement allows' (rule 7 of {_PAGE})",
    "attack-areas": f"{_EM}: 'The areas an Enemy can attack from are determined by the attack ...'; Dized rules 'Enemy Attacks and Damage' (rule 2 of {_PAGE})",
    "capacity": f"{_EM}: maximum capacity; Dized rules 'Enemy Movement: Capacity', 'Maximum Capacity on an Area' (rule 9 of {_PAGE})",
    "closest-to-an-ally": f"{_EM}: no area to attack from: 'as close as possible ... to an area containing an Ally' (rule 8 of {_PAGE})",
    "enemy": f"{_EM}: the move value and attack of its action; Dized rules 'Enemy Attacks and Damage', 'Enemies and Effects' (rules 1, 2 of {_PAGE})",
    "held": f"Agemonia rulebook, Conditions (Held: no move) (rule 12 of {_PAGE})",
    "invisible": f"Agemonia rulebook, Conditions (Invisible: not targeted; discarded when an Enemy is within range 1) (rule 2 of {_PAGE})",
    "least-movement": f"{_EM}: 'the area it can attack from that requires the least amount of movement' (rule 4 of {_PAGE})",
    "move": f"{_EM}: 'the most direct (shortest) route it can' (rules 1, 7 of {_PAGE})",
    "no-route": f"{_EM}: no area it can reach is connected to an area containing an Ally (rule 8 of {_PAGE})",
    "no-allies": f"{_EM}: no Ally on the map: nothing to move towards (rule 8 of {_PAGE})",
    "no-attack": f"{_EM}: 'If an Enemy is not performing an attack ... assume it is performing a melee attack' (rule 2 of {_PAGE})",
    "no-attack-area": f"{_EM}: 'there is no area an Enemy could attack from' (rule 8 of {_PAGE})",
    "players-choose": f"{_EM}: 'you may choose which of these areas it moves towards' (rule 6 of {_PAGE})",
    "reading": f"{_PAGE}, 'Decisions and options'",
    "routes": f"{_EM}: 'the most direct (shortest) route'; the example: 'You may choose which of the 2 possible areas' (rule 7 of {_PAGE})",
    "slowed": f"Agemonia rulebook, Conditions (Slowed: move -1) (rule 12 of {_PAGE})",
    "stays": f"{_EM}: it does not move (rules 3, 8 of {_PAGE})",
    "stunned": f"Agemonia rulebook, Conditions (Stunned: it misses its turn) (rule 12 of {_PAGE})",
    "taunt": f"{_EM}: 'the one that allows it to attack an Ally with a higher Taunt value' (rule 5 of {_PAGE})",
    "traps": f"Dized rules 'Traps' (an Enemy without Fly entering a Trap token's area triggers it) (rule 11 of {_PAGE})",
    "unreachable": f"{_EM}: 'the most direct (shortest) route it can'; capacity (rules 7, 9 of {_PAGE})",
}


def source_of(step: str, variant: str, data: dict[str, Any]) -> str:
    """``step``'s rule (the docs page's numbering); an open reading's key when one decided."""
    source = _RULES.get(step, "")
    if step == "enemy" and data.get("enemy_card"):
        source += "; Dized rules 'Reveal Initiative Card' (the Initiative card shows each enemy type's action symbol; its Enemy card has an action per symbol)"
    reading = data.get("reading")
    if step == "reading":
        return source + (f", rules.{reading}" if reading else "")
    if reading and source:
        source += f"; {_RULES['reading']}, rules.{reading}"
    return source
