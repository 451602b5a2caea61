"""Activation order: Insectoids in Insectoid Sheet order, then Cultists in Cultists Sheet order."""

from __future__ import annotations

from collections.abc import Sequence

from ...game import NextActor
from ...result import Step
from .enemies import CULTISTS, INSECTOIDS, TYPE_NAMES
from .engine import Figures


def activation_order(engine: Figures) -> tuple[list[str], list[str]]:
    """Insectoids in Insectoid Sheet order, then Cultists in Cultists Sheet order; plus notes."""
    notes = []
    order: list[str] = []
    for key, family, sheet_name in (("insectoid_sheet", INSECTOIDS, "Insectoid Sheet"), ("cultist_sheet", CULTISTS, "Cultists Sheet")):
        members = [label for label, f in engine.figures.items() if f.kind in family]
        sheet = getattr(engine.model, key)
        if sheet is None:
            sheet = sorted(members, key=lambda label: (family.index(engine.figures[label].kind), label))
            if len(members) > 1:
                notes.append(f"No `{key}` given: {sheet_name} order taken as {', '.join(t for t in family)} by label: {' '.join(sheet)}.")
        else:
            seen: set[str] = set()
            for index, label in enumerate(sheet):
                if label not in engine.figures:
                    raise engine.scenario.error((key, index), f"{label!r} is not in figures")
                if engine.figures[label].kind not in family:
                    raise engine.scenario.error(
                        (key, index), f"{label!r} is a {TYPE_NAMES[engine.figures[label].kind]}, not on the {sheet_name}"
                    )
                if label in seen:
                    raise engine.scenario.error((key, index), f"{label!r} is listed twice")
                seen.add(label)
            missing = sorted(set(members) - seen)
            if missing:
                raise engine.scenario.error(
                    (key,), f"the {sheet_name} must list every {'/'.join(TYPE_NAMES[t] for t in family)}; missing: {', '.join(missing)}"
                )
        order.extend(sheet)
    demons = sorted(label for label, f in engine.figures.items() if f.kind == "demon")
    if demons:
        notes.append(f"Demon {', '.join(demons)}: the movement texts give no rule for the Demon, so it does not move in this phase.")
    return order, notes


def next_in_order(engine: Figures, order: list[str], waiting: Sequence[str]) -> NextActor:
    """The first of ``waiting``, and the sheet it comes from."""
    label = waiting[0]
    position = len(order) - len(waiting)
    kind = engine.figures[label].kind
    family = INSECTOIDS if kind in INSECTOIDS else CULTISTS
    text = "Insectoids move first, in Insectoid Sheet order" if kind in INSECTOIDS else "Cultists move last, in Cultists Sheet order"
    sheet = [other for other in order if engine.figures[other].kind in family]
    step = Step("order", f"Turn {position + 1} of {len(order)}: {text} ({' '.join(sheet)}).", {"order": list(order), "sheet": sheet})
    return NextActor(label, step=step)
