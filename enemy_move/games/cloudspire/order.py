"""Activation order: the leading minion (the closest to its mark of those that have not moved) goes next."""

from __future__ import annotations

from collections.abc import Sequence

from ...game import NextActor
from ...geometry.cellgraph import UNREACHABLE
from ...result import Step

#: What the reasoning says where AI heroes and AI minions wait together (the rules give no order).
HEROES_AND_MINIONS = (
    "AI heroes and AI minions move in the same phase and the rules give no order between them: the players order them "
    "(by default the heroes go after the minions; `--first H`, or H listed in `order:` after the minions that go before it, moves a hero earlier)."
)


def rank(label: str, order: Sequence[str], prefer: Sequence[str]) -> tuple[int, int, str]:
    return (0 if label in prefer else 1, order.index(label) if label in order else len(order), label)


def hero_now(heroes: Sequence[str], minions: Sequence[str], order: Sequence[str], prefer: Sequence[str]) -> str | None:
    """The AI hero the players put before the waiting minions: one named by --first, or one listed in
    `order:` whose minions listed before it have all moved."""
    ready = [h for h in heroes if h in prefer or (h in order and not any(m in order[: order.index(h)] for m in minions))]
    return min(ready, key=lambda h: rank(h, order, prefer)) if ready else None


def ai_hero_goes(faction: str, label: str, waiting: Sequence[str], minions: Sequence[str]) -> NextActor:
    """An AI hero moves now: every minion has moved, or the players put it first."""
    if minions:
        text = f"{HEROES_AND_MINIONS} The players put {label} first: it moves before the minions {', '.join(sorted(minions))}."
    else:
        text = (
            f"Every minion of {faction} has moved; AI-controlled heroes follow: {label} ({', '.join(sorted(waiting))} waiting; "
            "the players order them: --first, then `order:`, then labels)."
        )
    return NextActor(label, (), Step("leading-minion", text, {"waiting": sorted(waiting)}))


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
