"""The toy game's scenario keys."""

from __future__ import annotations

from typing import Literal

from pydantic import Field

from enemy_move.models.common import GridScenarioBase, Label, StrictModel


class ToyFigure(StrictModel):
    kind: Literal["monster", "character"]


class ToyScenario(GridScenarioBase):
    ruleset: Literal["toy"]
    figures: dict[Label, ToyFigure] = Field(default_factory=dict)
