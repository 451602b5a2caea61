"""Where each reasoning step's rule is written (the ``source`` of a step): the rulebook's Enemy Movement text
(``agemonia-enemy-movement.txt``, EM) and the notes' rule statements (``agemonia-notes.md`` A2-A14), numbered as
docs/agemonia.md "Rules as implemented" numbers them; a step that followed an open reading adds its `rules:` key."""

from __future__ import annotations

from typing import Any

_EM = "Agemonia rulebook, Enemy Movement"

_RULES = {
    "already-in-attack-area": f"{_EM}: 'If it is already in an area it can attack from, it does not move' (rule 3)",
    "as-far-as-possible": f"{_EM}: 'it will move as far towards the area as its movement allows' (rule 7)",
    "attack-areas": f"{_EM}: 'The areas an Enemy can attack from are determined by the attack ...'; notes A3 (rule 2)",
    "capacity": f"{_EM}: maximum capacity; notes A2, A5 (rule 9)",
    "closest-to-an-ally": f"{_EM}: no area to attack from: 'as close as possible ... to an area containing an Ally' (rule 8)",
    "enemy": f"{_EM}: the move value and attack of its action; notes A3, A10 (rules 1, 2)",
    "held": "Agemonia notes A14 (Held: no move) (rule 12)",
    "invisible": "Agemonia notes A14 (Invisible: not targeted; discarded when an Enemy is within range 1) (rule 2)",
    "least-movement": f"{_EM}: 'the area it can attack from that requires the least amount of movement' (rule 4)",
    "move": f"{_EM}: 'the most direct (shortest) route it can' (rules 1, 7)",
    "no-route": f"{_EM}: no area it can reach is connected to an area containing an Ally (rule 8)",
    "no-allies": f"{_EM}: no Ally on the map: nothing to move towards (rule 8)",
    "no-attack": f"{_EM}: 'If an Enemy is not performing an attack ... assume it is performing a melee attack' (rule 2)",
    "no-attack-area": f"{_EM}: 'there is no area an Enemy could attack from' (rule 8)",
    "players-choose": f"{_EM}: 'you may choose which of these areas it moves towards' (rule 6)",
    "reading": "docs/agemonia.md 'Decisions and options'",
    "routes": f"{_EM}: 'the most direct (shortest) route'; the example: 'You may choose which of the 2 possible areas' (rule 7)",
    "slowed": "Agemonia notes A14 (Slowed: move -1) (rule 12)",
    "stays": f"{_EM}: it does not move (rules 3, 8)",
    "stunned": "Agemonia notes A14 (Stunned: it misses its turn) (rule 12)",
    "taunt": f"{_EM}: 'the one that allows it to attack an Ally with a higher Taunt value' (rule 5)",
    "traps": "Agemonia notes A9 (an Enemy without Fly entering a Trap token's area triggers it) (rule 11)",
    "unreachable": f"{_EM}: 'the most direct (shortest) route it can'; capacity (rules 7, 9)",
}


def source_of(step: str, variant: str, data: dict[str, Any]) -> str:
    """``step``'s rule (docs/agemonia.md numbering); an open reading's key when one decided."""
    source = _RULES.get(step, "")
    if step == "enemy" and data.get("enemy_card"):
        source += "; notes A12 (the Initiative card shows each enemy type's action symbol; its Enemy card has an action per symbol)"
    reading = data.get("reading")
    if reading and source:
        source += f"; docs/agemonia.md 'Decisions and options', rules.{reading}"
    return source
