"""Activation order: which monster acts next in the monster phase (GH rulebook p.28-29)."""

from __future__ import annotations

from collections.abc import Sequence

from ...game import NextActor
from ...result import Step
from .model import GloomhavenFigure


def activation_order(figures: dict[str, GloomhavenFigure], present: set[str]) -> list[str]:
    """Monsters by initiative (type card), then type, elites first, then standee number."""
    monsters = [label for label in present if figures[label].kind == "monster" and not figures[label].summoned]

    def key(label: str) -> tuple[float, str, bool, int, str]:
        f = figures[label]
        return (f.initiative if f.initiative is not None else 100.0, f.type or f.name or "", not f.elite, f.number or 0, label)

    return sorted(monsters, key=key)


def monster_type(figure: GloomhavenFigure) -> str:
    return figure.type or figure.name or ""


def type_ties(figures: dict[str, GloomhavenFigure], present: set[str]) -> list[list[str]]:
    """Monster types whose cards share an initiative (each list: two or more types, by name).
    The rulebook orders types by initiative only: between these the players choose."""
    by_initiative: dict[float | None, set[str]] = {}
    for label in activation_order(figures, present):
        by_initiative.setdefault(figures[label].initiative, set()).add(monster_type(figures[label]))
    return [
        sorted(types) for _, types in sorted(by_initiative.items(), key=lambda item: (item[0] is None, item[0] or 0.0)) if len(types) > 1
    ]


def next_of_phase(figures: dict[str, GloomhavenFigure], order: Sequence[str], waiting: Sequence[str], prefer: Sequence[str]) -> NextActor:
    """The next monster of the phase. ``order``: activation_order; ``waiting``: those yet to act,
    in that order. A type once started finishes (elites first, then numbers); where the next
    types tie on initiative, the players choose which goes first: the type of the first label
    in ``prefer`` (``--first``), else the first by name, and the step says so."""
    started = {monster_type(figures[label]) for label in order if label not in waiting}
    unfinished = next((label for label in waiting if monster_type(figures[label]) in started), None)
    if unfinished is not None:
        return NextActor(unfinished)
    initiative = figures[waiting[0]].initiative
    tied_types = sorted({monster_type(figures[label]) for label in waiting if figures[label].initiative == initiative})
    if len(tied_types) < 2:
        return NextActor(waiting[0])
    chosen = next(
        (monster_type(figures[label]) for label in prefer if label in waiting and monster_type(figures[label]) in tied_types), tied_types[0]
    )
    first_of = {t: next(label for label in waiting if monster_type(figures[label]) == t) for t in tied_types}
    label = first_of[chosen]
    others = [first_of[t] for t in tied_types if t != chosen]
    when = f"initiative {initiative:g}" if initiative is not None else "no initiative given"
    how = (
        "--first put it first"
        if any(label in waiting and monster_type(figures[label]) == chosen for label in prefer)
        else "first by type name here; --first LABEL puts another type first"
    )
    text = (
        f"Monster types {', '.join(tied_types)} share their card's initiative ({when}): the rulebook leaves the order to the players. "
        f"{chosen} acts now ({how})."
    )
    step = Step("order", text, {"tied_types": tied_types, "chosen": chosen, "tied": others})
    return NextActor(label, tuple(sorted(others)), step)


def with_objective_initiative(figures: dict[str, GloomhavenFigure]) -> dict[str, GloomhavenFigure]:
    """Objectives are focused on as if at initiative 99 (FH p.15) unless the file gives one."""
    return {
        label: figure.model_copy(update={"initiative": 99.0}) if figure.kind == "objective" and figure.initiative is None else figure
        for label, figure in figures.items()
    }
