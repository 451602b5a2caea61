"""Where each reasoning step's rule is written (the ``source`` of a step): CTG's *Movement priorities explained
in detail* (``cloudspire-minion-movement.txt``, C1, steps 1-5) and the Rules Reference and glossary entries
(C2-C4, ``cloudspire-notes.md``), as docs/cloudspire.md "The rules as implemented" numbers them."""

from __future__ import annotations

from typing import Any

_C1 = "Cloudspire, Movement priorities explained in detail (C1)"

_RULES = {
    "blocking": "Cloudspire glossary 'Blocked' (C4): opposing units and friendly minions block (rule 6)",
    "choice": f"{_C1}, step 2: 'it is your choice which of those hexes' (AI: the closest to its mark) (rule 4)",
    "closest": f"{_C1}, steps 2-3 (AI): 'it moves to the hex that is closest to its mark' (rule 4)",
    "displace": "Cloudspire Rules Reference 'Displace' (C3); C2: minions may displace friendly heroes (rule 7)",
    "distance": f"{_C1}, step 1: 'Count the hexes in valid terrain ... using the shortest route possible' (rule 1)",
    "invalid-hex": "Cloudspire Rules Reference 'Invalid Hex' (C3) (rule 8)",
    "lateral": f"{_C1}, step 5: 'hexes that get it no closer and no further away' (rule 5)",
    "leading-minion": "Cloudspire Rules Reference 'Leading Minion' (C3): the closest-to-Mark minion moves first (rule 10)",
    "movement": f"{_C1}, steps 2-4: full movement, then 1 less each time (rules 2, 3)",
    "reading": "docs/cloudspire.md 'Decisions on open points' (D3, D4, D8, D11, D12, D14)",
    "terrain": f"{_C1}, step 1: valid terrain (the unit's terrain allowance) (rule 1)",
}


def source_of(step: str, variant: str, data: dict[str, Any]) -> str:
    """``step``'s rule (docs/cloudspire.md numbering)."""
    source = _RULES.get(step, "")
    if step == "reading" and data.get("reading"):
        source += f", `{data['reading']}`"
    return source
