"""What a turn consulted of the open readings: a reading whose value the turn never read where it could change
the answer gives the same turn under its other value, so it is not solved again (readings.py).

The engine's parts mark a reading at the one place its value decides something (:meth:`Watch.consult`): a tie
between heroes (`target_ties`), a goal no path reaches (`unreachable_goal`), a first square dearer than the AP
(`full_ap_rule`), a path through a figure's square (`pass_through_figures`), a range square out of sight
(`range_needs_sight`), a sleeping enemy (`sleeping_blocks`), the alarm (`acolyte_goal`), two or more places
for the Summoner (`summoner_priority`). Until the first mark the other value runs the very same steps, so a turn
with no mark is the same turn. `trample_failure_events` is never marked: it only words a step.

Sight (`sight`, `figures_block_sight`) is read by the sight oracle only: every question the turn asked is kept
with its answer (:meth:`Watch.asked`), and when the other value answers each one alike, the turn is the same.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field

from .terrain import Board, Cell

#: Readings read only where the engine marks them.
MARKED = frozenset(
    {
        "target_ties",
        "unreachable_goal",
        "full_ap_rule",
        "pass_through_figures",
        "range_needs_sight",
        "sleeping_blocks",
        "acolyte_goal",
        "summoner_priority",
        "trample_failure_events",
    }
)
#: Readings read only by the sight oracle (``Sight.sees``).
SIGHTED = frozenset({"sight", "figures_block_sight"})

#: A sight question: the board, the two squares, the figures ignored; and its answer.
Question = tuple[Board, Cell, Cell, tuple[str, ...], bool]


@dataclass
class Watch:
    """The readings one turn consulted, and every sight question it asked (once each)."""

    consulted: set[str] = field(default_factory=set)
    questions: dict[tuple[int, Cell, Cell, tuple[str, ...]], tuple[Board, bool]] = field(default_factory=dict)

    def consult(self, reading: str) -> None:
        self.consulted.add(reading)

    def asked(self, board: Board, a: Cell, b: Cell, ignore: tuple[str, ...], answer: bool) -> None:
        # The board is kept with its answer: its id names it only while it lives.
        self.questions[(id(board), a, b, ignore)] = (board, answer)

    def same_sight(self, sees: Callable[[Board, Cell, Cell, tuple[str, ...]], bool]) -> bool:
        """Whether ``sees`` (the sight of another reading) answers every question of the turn alike."""
        return all(sees(board, a, b, ignore) == answer for (_, a, b, ignore), (board, answer) in self.questions.items())


class NoWatch(Watch):
    """The watch of an engine that gives only the answer (a reading tried): nothing is kept."""

    def consult(self, reading: str) -> None:
        return None

    def asked(self, board: Board, a: Cell, b: Cell, ignore: tuple[str, ...], answer: bool) -> None:
        return None
