"""Activation order: the leading minion (the closest to its mark of those that have not moved) goes next."""

from __future__ import annotations

from collections.abc import Sequence

from ...game import NextActor
from ...geometry.paths import UNREACHABLE
from ...result import Step


def ai_heroes_follow(faction: str, waiting: Sequence[str]) -> NextActor:
    """AI heroes move toward their mark after the faction's minions (the texts give no order: by label)."""
    label = sorted(waiting)[0]
    step = Step(
        "leading-minion",
        f"Every minion of {faction} has moved; AI-controlled heroes follow, by label: {label} ({', '.join(sorted(waiting))} waiting).",
        {"waiting": sorted(waiting)},
    )
    return NextActor(label, (), step)


def leading_minion(faction: str, distance: dict[str, int], order: Sequence[str], prefer: Sequence[str]) -> NextActor:
    """The minion of ``distance`` (hexes to its mark, UNREACHABLE on an invalid hex) closest to its mark.

    Ties are the players' choice: ``prefer`` (--first), then the scenario's ``order``, then labels decide."""

    def key(label: str) -> tuple[int, int, int, str]:
        rank = order.index(label) if label in order else len(order)
        return (distance[label], 0 if label in prefer else 1, rank, label)

    waiting = list(distance)
    ranked = sorted(waiting, key=key)
    label = ranked[0]
    tied = tuple(sorted(other for other in waiting if distance[other] == distance[label] and other != label))
    shown = ", ".join(f"{lab} ({'invalid hex' if distance[lab] == UNREACHABLE else distance[lab]})" for lab in ranked)
    text = f"Leading minion of {faction}: {label}, the closest to its mark of the minions that have not moved ({shown})."
    if tied:
        text += f" Tied with {', '.join(tied)}: the players choose; --first, then `order:`, then labels decide here."
    step = Step(
        "leading-minion",
        text,
        {"waiting": {lab: (None if distance[lab] == UNREACHABLE else distance[lab]) for lab in sorted(waiting)}, "tied": list(tied)},
    )
    return NextActor(label, tied, step)
