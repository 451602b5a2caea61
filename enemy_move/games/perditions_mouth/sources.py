"""Where each reasoning step's rule is written (the ``source`` of a step): the numbered sentences of the enemy
movement text (``perditions-mouth-enemy-movement.txt``, etbrev.com/PM), as docs/perditions-mouth.md numbers them
in "Rules as implemented"; a step that followed an open reading adds its `rules:` key."""

from __future__ import annotations

from typing import Any

_TEXT = "PM enemy movement text (etbrev.com/PM)"

_RULES = {
    "action-points": "rules 2, 9, 10, 21, 26, 33 (Action Points; the full-AP rule)",
    "alarm": "rule 22 ('The Acolyte move toward the alarm symbol')",
    "blockers": "rules 6, 7, 14, 15, 27, 34 ('only enemies that already are in attack range of a Hero')",
    "demon": "rule 15 (the Demon is named; it has no movement rule)",
    "distances": "rules 3, 13, 24, 32, 36 ('Calculate the shortest distance ... to every Hero')",
    "failure-events": "rule 28 (failure events in special terrain)",
    "line-of-sight": "rules 16, 37 (a 'range N' square to attack from; the Summoner's line of sight)",
    "move": "rules 8, 9, 18, 19, 24, 29 (moving towards the goal; trample; doors)",
    "order": "rules 1, 20 (Insectoid and Cultist sheets)",
    "range": "rules 11, 30, 39 ('prefer to attack from the farthest range possible')",
    "reading": "the open points (docs/perditions-mouth.md 'Open points')",
    "safety": "rule 40 ('as far away as possible from all Heros')",
    "sleeping": "rule 41 (a sleeping enemy only wakes up)",
    "target": "rules 3, 16, 17, 35, 36, 38 (the target Hero; the range fallback; the weakest)",
    "terrain": "rules 5, 6, 25, 26 (terrain costs; obstacles like chests, doors, portcullises)",
    "threatened-squares": "rules 4, 12, 23, 31 (no threatened square movement penalty)",
    "tie": "rules 3, 38 (the text breaks no tie between equally close heroes: the players choose)",
}


def source_of(step: str, variant: str, data: dict[str, Any]) -> str:
    """``step``'s rule sentences (docs/perditions-mouth.md numbering); an open reading's key when one decided."""
    rules = _RULES.get(step)
    if rules is None:
        return ""
    reading = data.get("reading")
    suffix = f"; docs/perditions-mouth.md 'Open points', rules.{reading}" if reading else ""
    return f"{_TEXT}, {rules}{suffix}"
