"""Focus: the enemy with the cheapest path to an attack hex, then proximity, then initiative order.

GH rulebook pp.29-30, FH p.41 and Appendix B, JotL p.11 (docs/gloomhaven.md, "Focus").
"""

from __future__ import annotations

from dataclasses import dataclass

from ...result import Turn
from .board import Cost
from .model import GloomhavenFigure
from .variants import MonsterFocusOrder, VariantRules
from .words import describe, fmt_cost

#: Where a figure stands in initiative order: (initiative, 0 for a summon just before its owner, else 1).
InitiativeKey = tuple[float, int]


@dataclass
class FocusRank:
    label: str
    cost: Cost
    proximity: int
    initiative: InitiativeKey


def initiative_key(label: str, figures: dict[str, GloomhavenFigure]) -> InitiativeKey:
    """Summons act (and are focused) just before their owner; no initiative ties with all."""
    figure = figures[label]
    if figure.kind == "summon" and figure.owner in figures:
        owner = figures[figure.owner]
        return (owner.initiative if owner.initiative is not None else -1.0, 0)
    return (figure.initiative if figure.initiative is not None else -1.0, 1)


def choose_focus(
    turn: Turn, ranks: dict[str, FocusRank], unreachable: list[str], rules: VariantRules, figures: dict[str, GloomhavenFigure]
) -> list[str]:
    """The focus among the enemies with an attack hex (``ranks``), each tie-break a step of the reasoning; several: the players choose."""
    farthest = figures[turn.actor].focus == "farthest" if turn.actor in figures else False
    if farthest:
        turn.note(
            "focus",
            "It focuses on the farthest enemy (FH FAQ 6.0, Burrowing Blades, Flaming Bladespinner): the fewest negative hexes "
            "still come first, then the most movement to an attack hex, then the longest range, then initiative.",
        )
    kept = _by_path(turn, ranks, unreachable, figures, farthest)
    if len(kept) > 1 and rules.proximity_breaks_focus_ties:
        kept = _by_proximity(turn, kept, farthest)
    elif len(kept) > 1:
        turn.note("focus-proximity", "Jaws of the Lion: proximity does not break focus ties; initiative decides.")
    if len(kept) > 1:
        kept = _by_initiative(turn, kept, rules, figures)
    if len(kept) > 1:
        turn.note(
            "focus-choice",
            f"Still tied: the players choose the focus among {', '.join(r.label for r in kept)}; each choice is listed.",
            options=[r.label for r in kept],
        )
    else:
        turn.note("focus", f"Focus: {describe(kept[0].label, figures)}.", focus=kept[0].label)
    return [r.label for r in kept]


def _by_path(
    turn: Turn, ranks: dict[str, FocusRank], unreachable: list[str], figures: dict[str, GloomhavenFigure], farthest: bool = False
) -> list[FocusRank]:
    """The enemies with the cheapest path to an attack hex (fewest negative hexes, then movement points;
    ``farthest``: fewest negative hexes, then the most movement points)."""
    ordered = sorted(ranks.values(), key=lambda r: (r.cost, r.label))
    listing = "; ".join(f"{describe(r.label, figures)}: {fmt_cost(r.cost)}" for r in ordered)
    turn.note(
        "focus-path",
        f"Shortest path to a hex from which it can attack each enemy (infinite movement, fewest negative hexes first): {listing}."
        + (f" No attack hex can ever be reached for {', '.join(unreachable)}." if unreachable else ""),
        candidates={r.label: list(r.cost) for r in ordered},
        dropped=unreachable,
    )
    best_cost = min(ranks.values(), key=lambda r: (r.cost[0], -r.cost[1]) if farthest else r.cost).cost
    kept = [r for r in ordered if r.cost == best_cost]
    if len(kept) < len(ordered):
        turn.note("focus-path", f"Kept {', '.join(r.label for r in kept)} ({fmt_cost(best_cost)}).", kept=[r.label for r in kept])
    return kept


def _by_proximity(turn: Turn, kept: list[FocusRank], farthest: bool = False) -> list[FocusRank]:
    """Tied on movement: the closest (``farthest``: the farthest), counted around walls (not in JotL)."""
    closest = max(r.proximity for r in kept) if farthest else min(r.proximity for r in kept)
    text = ", ".join(f"{r.label} {r.proximity} hex{'es' if r.proximity != 1 else ''} away" for r in kept)
    survivors = [r for r in kept if r.proximity == closest]
    # Focusing on the farthest enemy (FH FAQ 6.0), the tie-break is the longest range, not proximity.
    what = "the longest range (counted around walls; FH FAQ 6.0, farthest focus)" if farthest else "proximity (counted around walls)"
    if len(survivors) < len(kept):
        turn.note(
            "focus-proximity",
            f"Tie on movement; {what} decides: {text}. Kept {', '.join(r.label for r in survivors)}.",
            kept=[r.label for r in survivors],
        )
    else:
        turn.note("focus-proximity", f"Tie on movement and on {'range' if farthest else 'proximity'}: {text}.")
    return survivors


def _by_initiative(turn: Turn, kept: list[FocusRank], rules: VariantRules, figures: dict[str, GloomhavenFigure]) -> list[FocusRank]:
    """Still tied: the earliest in initiative order (naming rules.monster_focus_order when the other reading differs)."""
    labels = [r.label for r in kept]
    earliest = _earliest(labels, figures, rules.monster_focus_order)
    text = ", ".join(f"{label} {_initiative_text(label, figures)}" for label in labels)
    if len(earliest) < len(labels):
        turn.note(
            "focus-initiative",
            f"Still tied; the earliest in initiative order is the focus: {text}. Kept {', '.join(earliest)}.",
            kept=earliest,
        )
    else:
        turn.note("focus-initiative", f"Still tied, and initiative order cannot break it: {text}.")
    other = rules.other_focus_order
    if _earliest(labels, figures, other) != earliest:
        reading = (
            "monsters sharing a card's initiative are earlier in initiative order when they act earlier (elites first, then standee numbers)"
            if rules.monster_focus_order == "turn"
            else "monsters sharing a card's initiative tie, whatever their rank and standee number"
        )
        turn.note(
            "reading",
            f"Open reading, rules.monster_focus_order: {rules.monster_focus_order}: {reading}. With '{other}' the answer differs.",
            switch="rules.monster_focus_order",
            value=rules.monster_focus_order,
        )
    return [r for r in kept if r.label in earliest]


def _earlier(a: str, b: str, figures: dict[str, GloomhavenFigure], monster_order: MonsterFocusOrder) -> bool:
    """Is ``a`` surely earlier than ``b`` in initiative order? Unknown order (missing initiatives, equal values) is not."""
    fa, fb = figures[a], figures[b]
    if fa.kind == "summon" and fa.owner == b:
        return True  # "summons are focused on before the character who summoned them" (GH p.30)
    if fb.kind == "summon" and fb.owner == a:
        return False
    ia, ib = _anchor_initiative(a, figures), _anchor_initiative(b, figures)
    if ia is not None and ib is not None and ia != ib:
        return ia < ib
    same_card = fa.kind == fb.kind == "monster" and bool(fa.type or fa.name) and (fa.type or fa.name) == (fb.type or fb.name)
    if same_card and monster_order == "turn":
        # Monsters of one type share the card's initiative and act elites first, then by standee number.
        if fa.elite != fb.elite:
            return fa.elite
        return fa.number is not None and fb.number is not None and fa.number < fb.number
    return False


def _anchor_initiative(label: str, figures: dict[str, GloomhavenFigure]) -> float | None:
    """A summon's place in the order is its owner's (just before it); None: unknown."""
    figure = figures[label]
    if figure.kind == "summon" and figure.owner in figures:
        return figures[figure.owner].initiative
    return figure.initiative


def _earliest(labels: list[str], figures: dict[str, GloomhavenFigure], monster_order: MonsterFocusOrder) -> list[str]:
    """The figures no other one is surely earlier than; several: the players choose."""
    return [a for a in labels if not any(_earlier(b, a, figures, monster_order) for b in labels if b != a)]


def _initiative_text(label: str, figures: dict[str, GloomhavenFigure]) -> str:
    figure = figures[label]
    if figure.kind == "summon" and figure.owner:
        return f"(summon of {figure.owner}, acts just before it)"
    return f"(initiative {figure.initiative:g})" if figure.initiative is not None else "(no initiative)"
