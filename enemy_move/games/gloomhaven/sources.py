"""Where each reasoning step's rule is written, per variant (the ``source`` of a step; docs/gloomhaven.md, "Sources").

Page numbers: GH = the first edition's rulebook (``gloomhaven-notes.md`` S1, the FAQ pages S2), FH = the
Frosthaven rulebook (S4: focus p.41, movement p.42, Appendix B pp.74-75), JotL p.11 (S6); the second edition
follows its FAQ (``faq/gloomhaven2e-faq.md``) and, where that is silent, Frosthaven's rulebook.
"""

from __future__ import annotations

from typing import Any

#: First edition (and the base every other variant starts from).
_GH = {
    "attack-now": "GH rulebook p.30 (Monster Movement: attack its focus with maximum effect); GH FAQ p.66",
    "cannot-end": "GH rulebook p.19 (Move: a figure ends in an unoccupied hex), p.14 (walls, obstacles, doors)",
    "card": "GH rulebook p.29 (Monster Turn: only what the ability card lists), p.23 (stun, disarm)",
    "card-action": "GH rulebook p.29 (actions in the order written), p.31 (later attacks find their own focus)",
    "destination": "GH rulebook p.30 (Monster Movement: as close as possible to an attack hex); GH FAQ p.66",
    "disadvantage": "GH rulebook p.30 (a ranged monster moves away to lose disadvantage)",
    "extra-targets": "GH rulebook p.30 (maximum effect); Dized FAQ 'maximizing its attack' (3rd and 4th priorities)",
    "fewer-targets": "GH rulebook p.30 (a multi-target attack hits as many targets as possible)",
    "focus": "GH rulebook p.29 (Monster Focus: the enemy reached with the least movement)",
    "focus-choice": "GH rulebook p.30 (focus ties; where the rules are ambiguous the players decide)",
    "focus-initiative": "GH rulebook p.30 (focus ties: earlier in initiative order; summons before their summoner)",
    "focus-path": "GH rulebook p.29 (the shortest path to an attack hex), p.31 (negative hexes avoided)",
    "focus-proximity": "GH rulebook p.29 (focus ties: proximity, not counting through walls)",
    "forced-move": "GH rulebook p.20 (Push and Pull); GH2e/FH FAQ 5.1, 5.8 (monster push and pull)",
    "immobilized": "GH rulebook p.23 (Immobilize: no move abilities)",
    "invisible": "GH rulebook p.23 (Invisible: not focused or targeted; an obstacle to monsters)",
    "line-of-sight": "GH rulebook p.19 (Line-of-sight: corner to corner; only walls block)",
    "more-movement": "GH FAQ p.66 (the minimum movement required)",
    "move": "GH rulebook p.30 (Monster Movement), p.19 (Move, Jump, Flying), p.14 (terrain)",
    "negative-hexes": "GH rulebook p.31 (negative hexes are obstacles unless they are the only way)",
    "no-focus": "GH rulebook p.30 (no focus: the monster does not move or attack)",
    "not-closer": "GH rulebook p.30 (it moves only to get closer to an attack hex); GH FAQ p.66",
    "order": "GH rulebook p.29 (Order of Action); FH p.19 (initiative ties: the party decides)",
    "range": "GH rulebook p.19 (Range, never counted through walls), p.16 (wall lines)",
    "reading": "`enemy-move docs gloomhaven`, 'Open readings'",
    "stays": "GH rulebook p.30; GH FAQ p.66 (it stays when no hex gets it closer)",
    "stunned": "GH rulebook p.23 (Stun: the monster loses its turn)",
    "target-group": "Dized FAQ 'maximizing its attack' (3rd: extra targets ranked as foci); GH FAQ p.66",
    "unreachable": "GH rulebook p.19 (Move: movement points), p.14 (difficult terrain costs 2)",
}

#: Frosthaven: its own rulebook pages and appendix B.
_FH = {
    **_GH,
    "attack-now": "FH rulebook p.42 (Monster Movement); Appendix B p.75 (C: focus and most targets, D, E)",
    "card": "FH rulebook p.40 (Monster Turn); Appendix B p.74 (1: stun, disarm, no attack)",
    "destination": "FH rulebook p.42 (out of reach: the closest hex from which it can attack its focus)",
    "disadvantage": "FH rulebook p.42 (a ranged monster first moves away from an adjacent target); Appendix B D",
    "extra-targets": "FH rulebook p.42 (most targets, fewest disadvantaged attacks); Appendix B D",
    "fewer-targets": "FH rulebook p.42 (the most possible targets, including its focus); Appendix B C-D",
    "focus": "FH rulebook p.41 (Focus); Appendix B p.74 (Find Focus)",
    "focus-choice": "FH rulebook p.41 (focus ties), p.19 (remaining ties: the party decides)",
    "focus-initiative": "FH rulebook p.41 (focus ties: earliest in initiative order), p.19",
    "focus-path": "FH rulebook p.41 (Path Priority: fewest negative hexes, then movement points)",
    "focus-proximity": "FH rulebook p.41 (focus ties: closest by range to its current hex)",
    "forced-move": "FH FAQ 5.8 (monster push and pull: the maximum distance), 5.1 (push and pull)",
    "immobilized": "FH rulebook p.28 (Immobilize)",
    "invisible": "FH rulebook p.28 (Invisible: treated as if not there; cannot be ended on)",
    "line-of-sight": "FH rulebook p.21 (Line-of-sight: any point to any point; only walls and closed doors block)",
    "more-movement": "FH Appendix B p.75 (E: fewest movement points)",
    "move": "FH rulebook p.42 (Monster Movement), p.24 (Move, Jump, Flying, Teleport), pp.14-15 (terrain)",
    "negative-hexes": "FH rulebook p.41 (Path Priority); Appendix B p.75 (B: fewest negative hexes)",
    "no-focus": "FH rulebook p.41 (no focus: no move, no attack)",
    "not-closer": "FH rulebook p.42; Appendix B p.75 (A: it must end with a shorter path, else no move)",
    "range": "FH rulebook p.21 (Range: never through walls; a shared wall is range 2)",
    "stays": "FH rulebook p.42 (it only moves if it can shorten the path to its focus); Appendix B A",
    "stunned": "FH rulebook p.28 (Stun); Appendix B p.74 (1)",
    "target-group": "FH Appendix B p.75 (F: the party decides among equal groups)",
    "unreachable": "FH rulebook p.24 (Move: movement points), p.14 (difficult terrain)",
}

#: The second edition: its FAQ where it speaks (5.1, 5.8), Frosthaven's rulebook where it is silent.
_GH2E = {
    **_FH,
    "attack-now": "GH2e FAQ 5.8 (multi-target destination: (a)-(e)); FH rulebook p.42 (which GH2e follows)",
    "destination": "GH2e FAQ 5.8 (out of reach it moves towards its primary focus)",
    "disadvantage": "GH2e FAQ 5.8 (focus ignores disadvantage, then it moves away to lose it)",
    "extra-targets": "GH2e FAQ 5.8 ((c) most additional targets, (d) least disadvantage; then the players choose)",
    "fewer-targets": "GH2e FAQ 5.8 ((c) most additional targets)",
    "forced-move": "GH2e FAQ 5.8 (monster push and pull: the maximum distance), 5.1 (push and pull)",
    "more-movement": "GH2e FAQ 5.8 ((e) least movement)",
    "negative-hexes": "GH2e FAQ 5.8 ((b) no additional negative hexes; negative hexes counted, never weighed)",
    "target-group": "GH2e FAQ 5.8 (then the players choose the hex and the extra targets)",
}

#: Jaws of the Lion: its focus rule (p.11: no proximity), otherwise as the first edition (notes 2.3, 3.3).
_JOTL = {
    **_GH,
    "focus": "JotL rulebook p.11 and glossary 'Focus' (fewest movement, then initiative)",
    "focus-choice": "JotL rulebook p.11 (focus ties: initiative order; then the players decide)",
    "focus-initiative": "JotL rulebook p.11 (focus ties: earlier in the initiative order, no proximity)",
    "line-of-sight": "FH rulebook p.21's any-point reading (JotL's own text not found: `enemy-move docs gloomhaven`, 'Line of sight, exactly')",
}

_BY_VARIANT = {"gloomhaven": _GH, "gloomhaven2e": _GH2E, "frosthaven": _FH, "jotl": _JOTL}

#: Sources of the open readings (a ``reading`` step's ``data.switch``): docs/gloomhaven.md, "Open readings".
READING_SOURCES = {
    "later_attack_targets": "GH rulebook p.31 (other attacks exclude figures already attacked)",
    "move_after_last_attack": "GH rulebook p.29 ('its current attack'; no attack: as if melee)",
    "extra_targets": "GH rulebook p.30, FAQ p.66; Dized FAQ 'maximizing its attack'",
    "plan_best_future_attack": "GH FAQ p.66 (priorities re-evaluated with infinite movement); FH p.42 'closest hex'; GH2e FAQ 5.8",
    "aoe_anchor_in_wall": "GH FAQ (the hex in range may be a wall hex); FH rulebook p.22 ('cannot be inside a wall line')",
    "sight": "GH rulebook p.19 (corner to corner); FH rulebook p.21 (any point to any point)",
    "invisible_blocks_movement": "GH rulebook p.23 (an obstacle); FH rulebook p.28 (walked through, not ended on)",
    "jump_pays_difficult_last_hex": "GH rulebook p.19 (the last hex of a jump is normal movement); FH rulebook p.24",
    "forced_move_maximum": "GH rulebook p.20 (any valid path); GH2e/FH FAQ 5.8 (the maximum distance)",
    "push_distance": "GH rulebook p.20 ('farther away from the attacker'); FH rulebook p.21 (range around walls)",
    "monster_focus_order": "GH rulebook p.29 (Order of Action), p.30 (focus ties)",
    "rider_attack": "FH FAQ 6.0 (Burrowing Blades, Flaming Bladespinner: no move, no attack)",
}


def source_of(step: str, variant: str, data: dict[str, Any]) -> str:
    """Where the rule of ``step`` is written under ``variant`` (a reading: the sources of its switch)."""
    if step == "reading":
        switch = str(data.get("switch", "")).removeprefix("rules.")
        if switch not in READING_SOURCES:
            return _GH["reading"] + " (each switch's own sources are listed there)"
        return READING_SOURCES[switch] + f"; {_GH['reading']}, rules.{switch}"
    return _BY_VARIANT.get(variant, _GH).get(step, "")
