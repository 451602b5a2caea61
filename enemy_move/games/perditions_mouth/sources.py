"""Where each reasoning step's rule is written (the ``source`` of a step): the sentences of the enemy movement
text (etbrev.com/PM), numbered as `enemy-move docs perditions-mouth` numbers them in "Rules as implemented" (the text
itself numbers nothing, so each source names the page); a step that followed an open reading adds its `rules:` key."""

from __future__ import annotations

from typing import Any

_TEXT = "PM enemy movement text (etbrev.com/PM)"
_PAGE = "`enemy-move docs perditions-mouth`"
_OPEN = f"{_PAGE}, 'Open points'"

_RULES = {
    "action-points": f"rules 2, 9, 10, 21, 26, 33 of {_PAGE} (Action Points; the full-AP rule)",
    "alarm": f"rule 22 of {_PAGE} ('The Acolyte move toward the alarm symbol')",
    "blockers": f"rules 6, 7, 14, 15, 27, 34 of {_PAGE} ('only enemies that already are in attack range of a Hero')",
    "demon": f"rule 15 of {_PAGE} (the Demon is named; it has no movement rule)",
    "distances": f"rules 3, 13, 24, 32, 36 of {_PAGE} ('Calculate the shortest distance ... to every Hero')",
    "failure-events": f"rule 28 of {_PAGE} (failure events in special terrain)",
    "line-of-sight": f"rules 16, 37 of {_PAGE} (a 'range N' square to attack from; the Summoner's line of sight)",
    "move": f"rules 8, 9, 18, 19, 24, 29 of {_PAGE} (moving towards the goal; trample; doors)",
    "order": f"rules 1, 20 of {_PAGE} (Insectoid and Cultist sheets)",
    "range": f"rules 11, 30, 39 of {_PAGE} ('prefer to attack from the farthest range possible')",
    "reading": "the open points",
    "safety": f"rule 40 of {_PAGE} ('as far away as possible from all Heros')",
    "sleeping": f"rule 41 of {_PAGE} (a sleeping enemy only wakes up)",
    "target": f"rules 3, 16, 17, 35, 36, 38 of {_PAGE} (the target Hero; the range fallback; the weakest)",
    "terrain": f"rules 5, 6, 25, 26 of {_PAGE} (terrain costs; obstacles like chests, doors, portcullises)",
    "threatened-squares": f"rules 4, 12, 23, 31 of {_PAGE} (no threatened square movement penalty)",
    "tie": f"rules 3, 38 of {_PAGE} (the text breaks no tie between equally close heroes: the players choose)",
}


def source_of(step: str, variant: str, data: dict[str, Any]) -> str:
    """``step``'s rule sentences (the docs page's numbering); an open reading's key when one decided."""
    rules = _RULES.get(step)
    if rules is None:
        return ""
    reading = data.get("reading")
    if step == "reading":  # the open points are the project's decisions, not the text's
        return _OPEN + (f", rules.{reading}" if reading else "")
    suffix = f"; {_OPEN}, rules.{reading}" if reading else ""
    return f"{_TEXT}, {rules}{suffix}"
