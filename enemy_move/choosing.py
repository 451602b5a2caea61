"""Written once for every game: keep the best candidates, and say why the others are not destinations.

A game narrows its candidates step by step (closest, then fewest hazards...):
``keep_best`` keeps those with the best score and returns the losers with
their scores, and ``rule_out_losers`` records, on the turn, why each loser
lost (``Turn.rule_out``: the earliest step wins, so call them in rule order).
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass
from typing import Any, Generic, TypeVar

from .result import Position, StepId, Turn

T = TypeVar("T")
S = TypeVar("S")


@dataclass(frozen=True)
class Kept(Generic[T, S]):
    """What ``keep_best`` decided: the ``kept`` candidates (in their given order), their ``best`` score,
    and each ``dropped`` candidate with its score."""

    kept: list[T]
    best: S
    dropped: list[tuple[T, S]]


def keep_best(candidates: Sequence[T], score: Callable[[T], S], *, highest: bool = False) -> Kept[T, S]:
    """The candidates with the lowest score (``highest``: the highest); scores are computed once each.

    ``candidates`` must not be empty (a rule that keeps nothing is a bug in the caller)."""
    if not candidates:
        raise ValueError("keep_best needs at least one candidate")
    scores = [score(candidate) for candidate in candidates]
    best = max(scores) if highest else min(scores)  # type: ignore[type-var]
    kept = [c for c, s in zip(candidates, scores) if s == best]
    dropped = [(c, s) for c, s in zip(candidates, scores) if s != best]
    return Kept(kept, best, dropped)


def rule_out_losers(
    turn: Turn,
    outcome: Kept[Any, Any],
    step: StepId,
    reason: Callable[[Any, Any], str],
    **data: Any,
) -> None:
    """Each dropped position is ruled out at ``step``, against the kept ones; ``reason(score, best)`` says why.
    ``data`` is recorded with each (besides ``score`` and ``best``)."""
    for position, value in outcome.dropped:
        turn.rule_out(position, step, reason(value, outcome.best), against=outcome.kept, score=value, best=outcome.best, **data)


def rule_out_all_but(turn: Turn, positions: Iterable[Position], keep: Iterable[Position], step: StepId, reason: str, **data: Any) -> None:
    """Every position but ``keep`` is ruled out for one reason (e.g. the figure cannot move at all)."""
    kept = set(keep)
    for position in positions:
        if position not in kept:
            turn.rule_out(position, step, reason, **data)
