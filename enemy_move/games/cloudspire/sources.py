"""Where each reasoning step's rule is written (the ``source`` of a step): Chip Theory Games' support article
*Movement priorities explained in detail* (steps 1-5), the Rules Reference and glossary entries, with the rule's
number in `enemy-move docs cloudspire` ("The rules as implemented")."""

from __future__ import annotations

from typing import Any

_C1 = "Cloudspire, CTG support 'Movement priorities explained in detail'"
_PAGE = "`enemy-move docs cloudspire`"

_RULES = {
    "blocking": f"Cloudspire glossary 'Blocked': opposing units and friendly minions block (rule 6 of {_PAGE})",
    "choice": f"{_C1}, step 2: 'it is your choice which of those hexes' (AI: the closest to its mark) (rule 4 of {_PAGE})",
    "closest": f"{_C1}, steps 2-3 (AI): 'it moves to the hex that is closest to its mark' (rule 4 of {_PAGE})",
    "displace": f"Cloudspire Rules Reference 'Displace'; CTG support 'Do minions have to displace friendly heroes if they can?' (rule 7 of {_PAGE})",
    "distance": f"{_C1}, step 1: 'Count the hexes in valid terrain ... using the shortest route possible' (rule 1 of {_PAGE})",
    "invalid-hex": f"Cloudspire Rules Reference 'Invalid Hex' (rule 8 of {_PAGE})",
    "lateral": f"{_C1}, step 5: 'hexes that get it no closer and no further away' (rule 5 of {_PAGE})",
    "leading-minion": f"Cloudspire Rules Reference 'Leading Minion': the closest-to-Mark minion moves first (rule 10 of {_PAGE})",
    "movement": f"{_C1}, steps 2-4: full movement, then 1 less each time (rules 2, 3 of {_PAGE})",
    "reading": f"{_PAGE}, 'Decisions on open points'",
    "terrain": f"{_C1}, step 1: valid terrain (the unit's terrain allowance) (rule 1 of {_PAGE})",
}


def source_of(step: str, variant: str, data: dict[str, Any]) -> str:
    """``step``'s rule (the docs page's numbering); a reading step: the scenario key that decided."""
    source = _RULES.get(step, "")
    if step == "reading" and data.get("reading"):
        source += f", `{data['reading']}`"
    return source
