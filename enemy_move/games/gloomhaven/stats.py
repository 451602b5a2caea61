"""A monster's stat card read with its ability card (issue 33): the range printed on the stat card.

At the table a monster's numbers come from two cards: its stat card (normal or elite) and the drawn ability
card. An attack on the ability card without a range is made at the stat card's range (rulebook p.29: the
elite uses the "Elite" section of the stat card), written `figures.X.range`; without one it is melee.
"""

from __future__ import annotations

from .model import GloomhavenAction, GloomhavenAttack, GloomhavenCard


def _ranged(attack: GloomhavenAttack | None, stat: int) -> GloomhavenAttack | None:
    if attack is None or "range" in attack.model_fields_set:
        return attack  # the ability card says the range itself
    return attack.model_copy(update={"range": stat})


def with_stat_range(card: GloomhavenCard, stat: int | None) -> GloomhavenCard:
    """``card`` with the stat card's range on each attack that gives none."""
    if stat is None:
        return card
    if isinstance(card, GloomhavenAction):
        return card.model_copy(update={"attack": _ranged(card.attack, stat)})
    return [step.model_copy(update={"attack": _ranged(step.attack, stat)}) for step in card]


def stat_range_note(actor: str, stat: int | None, card: GloomhavenCard) -> str:
    """The reasoning's line when the stat card's range was used for ``card`` (as printed; "" when it was not)."""
    if stat is None:
        return ""
    attacks = [card.attack] if isinstance(card, GloomhavenAction) else [step.attack for step in card]
    if not any(a is not None and "range" not in a.model_fields_set for a in attacks):
        return ""
    what = "melee" if stat == 0 else f"range {stat}"
    return f"{actor}'s stat card gives {what}; the ability card's attack names no range, so it attacks at {what}."
