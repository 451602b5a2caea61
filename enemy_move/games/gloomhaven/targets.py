"""Target groups: equally good groups of targets kept as one set, never enumerated."""

from __future__ import annotations

import itertools
import math
from collections.abc import Callable, Iterator
from typing import TYPE_CHECKING, Any, NamedTuple, TypeVar

if TYPE_CHECKING:
    from _typeshed import SupportsDunderLT

RankT = TypeVar("RankT", bound="SupportsDunderLT[Any]")


class Targets(NamedTuple):
    """Equally good target groups, kept without listing them: all of ``sure`` plus any
    ``count`` more among ``pool`` (``count`` < len(pool), or pool empty and count 0).

    A named tuple: built and hashed tens of thousands of times a turn among crowds (its hash is the one the
    frozen dataclass it was gave: the hash of its three fields)."""

    sure: frozenset[str]
    pool: frozenset[str] = frozenset()
    count: int = 0  # type: ignore[assignment]  # the field, not tuple.count (never used on targets)

    @staticmethod
    def make(sure: frozenset[str], pool: frozenset[str], count: int) -> Targets:
        if count <= 0:
            return Targets(sure)
        if count >= len(pool):
            return Targets(sure | pool)
        return Targets(sure, pool, count)

    @property
    def size(self) -> int:
        return len(self.sure) + self.count

    def number(self) -> int:
        return math.comb(len(self.pool), self.count)

    def groups(self) -> Iterator[frozenset[str]]:
        for extra in itertools.combinations(sorted(self.pool), self.count):
            yield self.sure | frozenset(extra)

    def sort_key(self) -> tuple[list[str], list[str], int]:
        return (sorted(self.sure), sorted(self.pool), self.count)

    def with_member(self, label: str) -> Targets | None:
        """The groups that include ``label`` (None: none does)."""
        if label in self.sure:
            return self
        if label in self.pool:
            return Targets.make(self.sure | {label}, self.pool - {label}, self.count - 1)
        return None

    def meets(self, other: Targets) -> bool:
        """Whether some group is in both (``meet`` is not None), without building the groups."""
        size = len(self.sure) + self.count
        if len(other.sure) + other.count != size:
            return False
        sure = self.sure | other.sure
        allowed = (self.sure | self.pool) & (other.sure | other.pool)
        return sure <= allowed and len(sure) <= size <= len(allowed)

    def meet(self, other: Targets) -> Targets | None:
        """The groups in both (None: none)."""
        sure = self.sure | other.sure
        allowed = (self.sure | self.pool) & (other.sure | other.pool)
        count = self.size - len(sure)
        if other.size != self.size or not sure <= allowed or count < 0 or count > len(allowed - sure):
            return None
        return Targets.make(sure, allowed - sure, count)

    def best_by(self, score: Callable[[str], RankT]) -> Targets:
        """The groups whose chosen extra labels score lowest (every one, on a tie)."""
        if not self.count:
            return self
        scores = {label: score(label) for label in self.pool}
        boundary = sorted(scores.values())[self.count - 1]
        below = frozenset(label for label, value in scores.items() if value < boundary)
        tied = frozenset(label for label, value in scores.items() if value == boundary)
        return Targets.make(self.sure | below, tied, self.count - len(below))

    def scores(self, score: Callable[[str], RankT], leave_out: str) -> list[RankT]:
        """Sorted scores of the labels but ``leave_out``; after ``best_by(score)`` every group has them."""
        chosen = [score(label) for label in self.sure if label != leave_out]
        if self.count:
            chosen += [score(min(self.pool))] * self.count
        return sorted(chosen)

    def describe(self) -> str:
        sure = ", ".join(sorted(self.sure))
        if not self.count:
            return sure
        return f"{sure} and {self.count} of {', '.join(sorted(self.pool))}"
