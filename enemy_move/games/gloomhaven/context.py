"""What planning one move works with: the move's facts (:class:`Planning`), one focus (:class:`Goal`),
and one move towards a far destination (:class:`Towards`). Shared by the plan and the rule-out reasons."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass

from ...result import Turn
from .attacks import AttackPlan, Attacks
from .board import Cell, Cost, Reach, View
from .model import GloomhavenFigure
from .movement import Mover
from .variants import VariantRules

#: How good a hex is on the way to a destination: (negative hexes in all, moves still needed, movement points spent).
TowardsScore = tuple[int, int, int]


@dataclass
class Planning:
    """One move of the turn, whatever the focus: the reasoning it writes to, the board as the
    figure sees it, how it moves, its attack, where it can get this turn, and every enemy's
    focus path cost (to rank extra targets as secondary foci, rules.extra_targets)."""

    turn: Turn
    view: View
    mover: Mover
    attacks: Attacks
    reach: Reach
    muddled: bool
    focus_costs: dict[str, Cost]
    #: Whether the reasons for the hexes it does not end in are worked out (a card's move whose
    #: reasons a later move replaces skips them).
    explain: bool = True

    @property
    def plan(self) -> AttackPlan:
        return self.attacks.plan

    @property
    def rules(self) -> VariantRules:
        return self.view.rules

    @property
    def figures(self) -> dict[str, GloomhavenFigure]:
        return self.view.figures


@dataclass(frozen=True)
class Goal:
    """One focus: the hexes it can be attacked from with their path costs, the fewest negative
    hexes a path there needs, and the prefix naming the focus in the reasoning (several foci)."""

    focus: str
    hexes: Mapping[Cell, Cost]
    fewest_negatives: int
    prefix: str


@dataclass(frozen=True)
class Towards:
    """Moving towards a destination out of reach: the hexes it can end in, scored, and the best score."""

    destination: Cell
    here: Cost  # from where it stands
    scored: list[tuple[TowardsScore, Cell]]
    best_score: TowardsScore

    @property
    def stays(self) -> bool:
        """No reachable hex shortens its path."""
        return self.best_score[1] >= self.here[1]

    @property
    def ends(self) -> list[Cell]:
        return sorted(cell for score, cell in self.scored if score == self.best_score)
