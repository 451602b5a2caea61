"""Activation order: Insectoids in Insectoid Sheet order, then Cultists in Cultists Sheet order (the sheets
given were checked when the file was loaded: board.py)."""

from __future__ import annotations

from collections.abc import Sequence

from ...game import NextActor
from ...result import Step
from .enemies import CULTIST_SHEET, SHEETS, Enemy
from .roster import Roster


def activation_order(roster: Roster) -> tuple[list[str], list[str]]:
    """Insectoids in Insectoid Sheet order, then Cultists in Cultists Sheet order; plus notes."""
    notes = []
    order: list[str] = []
    for sheet in SHEETS:
        members = [label for label, kind in roster.types.items() if kind.sheet is sheet]
        given = getattr(roster.model, sheet.key)
        if given is None:
            given = sorted(members, key=lambda label: (sheet.kinds.index(roster.types[label].kind), label))
            if len(members) > 1:
                notes.append(f"No `{sheet.key}` given: {sheet.name} order taken as {', '.join(sheet.kinds)} by label: {' '.join(given)}.")
        order.extend(given)
    still = sorted(label for label, kind in roster.types.items() if isinstance(kind, Enemy) and kind.stays() is not None)
    if still:
        notes.append(f"Demon {', '.join(still)}: the movement texts give no rule for the Demon, so it does not move in this phase.")
    return order, notes


def next_in_order(roster: Roster, order: list[str], waiting: Sequence[str]) -> NextActor:
    """The first of ``waiting``, and the sheet it comes from."""
    label = waiting[0]
    position = len(order) - len(waiting)
    # A type on no sheet (the Demon) acts only when the file names it `active`: it reads as a Cultist.
    sheet = roster.types[label].sheet or CULTIST_SHEET
    members = [other for other in order if roster.types[other].sheet is sheet]
    step = Step(
        "order", f"Turn {position + 1} of {len(order)}: {sheet.says} ({' '.join(members)}).", {"order": list(order), "sheet": members}
    )
    return NextActor(label, step=step)
