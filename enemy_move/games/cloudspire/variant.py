"""The variant and the scenario's rules switches: one typed object read by every step of the procedure."""

from __future__ import annotations

from dataclasses import dataclass
from enum import Enum
from typing import Literal

from .model import CloudspireScenario


class Control(Enum):
    """Who steers the minions: the players choose among closer hexes, the AI takes the closest."""

    PLAYER = "player"
    AI = "ai"


@dataclass(frozen=True)
class CloudspireRules:
    """How this phase is played: the variant (``control``) and every `rules` switch of the scenario."""

    control: Control
    lateral_through_further: bool = True
    optional_displacement: bool = True
    stop_at_mark: bool = False
    walled_mark: Literal["stay", "lateral"] = "stay"
    other_gates: Literal["block", "pass"] = "block"
    displaced_adjacent_to: Literal["hero", "swap-hex"] = "hero"

    @classmethod
    def of(cls, model: CloudspireScenario, variant: str) -> CloudspireRules:
        return cls(
            control=Control(variant),
            lateral_through_further=model.lateral_through_further,
            optional_displacement=model.optional_displacement,
            stop_at_mark=model.stop_at_mark,
            walled_mark=model.walled_mark,
            other_gates=model.other_gates,
            displaced_adjacent_to=model.displaced_adjacent_to,
        )

    @property
    def ai(self) -> bool:
        """AI-controlled: only the hexes closest to the mark, no optional displacement, heroes with a mark march too."""
        return self.control is Control.AI

    @property
    def gates_pass(self) -> bool:
        """`other_gates: pass`: fortress gates that are not the mark are counted and moved through."""
        return self.other_gates == "pass"
