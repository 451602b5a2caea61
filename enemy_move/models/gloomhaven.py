"""Scenario keys of the ``gloomhaven`` ruleset (contract section 4)."""

from __future__ import annotations

from typing import Literal

from pydantic import Field, NonNegativeInt, PositiveInt, field_validator

from .common import Cell, GridScenarioBase, Label, StrictModel

Condition = Literal["muddled", "stunned", "invisible", "disarmed", "immobilized", "poisoned", "wounded", "strengthened"]


class GloomhavenFigure(StrictModel):
    kind: Literal["character", "summon", "monster"] = Field(description="Characters and their summons oppose monsters.")
    name: str | None = Field(default=None, description="Shown instead of the label when given.")
    initiative: float | None = Field(default=None, ge=0, description="Initiative for focus ties; omitted = ties with every other figure without one.")
    owner: Label | None = Field(default=None, description="For a summon: the character it belongs to (acts and is focused just before it).")
    number: PositiveInt | None = Field(default=None, description="Monster standee number (activation order).")
    elite: bool = Field(default=False, description="Elite monsters act before normal ones of their type.")
    type: str | None = Field(default=None, description="Monster type, for the activation order of a whole phase; defaults to the name.")
    flying: bool = Field(default=False, description="Flying trait: ignores figures, terrain and traps while moving.")
    conditions: list[Condition] = Field(default_factory=list, description="Conditions in force.")
    at: Cell | None = Field(default=None, description="Position [col, row], when the figure stands on terrain other than open floor.")


class GloomhavenAttack(StrictModel):
    range: NonNegativeInt = Field(default=0, description="0 = melee (range 1).")
    targets: PositiveInt = Field(default=1, description="How many different enemies the attack may target.")
    aoe: str | None = Field(default=None, description="Area pattern: @ attacker's hex (melee AoE), x hex hit, . filler; hex layout as maps.")

    @field_validator("aoe")
    @classmethod
    def _pattern_symbols(cls, aoe: str | None) -> str | None:
        if aoe is None:
            return None
        bad = sorted({ch for ch in aoe if ch not in "@x. \n"})
        if bad:
            raise ValueError(f"aoe pattern may only use '@', 'x' and '.', found {', '.join(map(repr, bad))}")
        if "x" not in aoe:
            raise ValueError("aoe pattern has no 'x' hex")
        if aoe.count("@") > 1:
            raise ValueError("aoe pattern has more than one '@'")
        return aoe


class GloomhavenAction(StrictModel):
    move: NonNegativeInt = Field(default=0, description="Move value; 0 = no move.")
    jump: bool = Field(default=False, description="Move is a jump.")
    teleport: bool = Field(default=False, description="Move is a teleport.")
    attack: GloomhavenAttack | None = Field(default=None, description="Omitted = no attack (focus as for a melee attack).")


class GloomhavenRules(StrictModel):
    """Switches for readings of the rules that give different answers (docs/gloomhaven.md, "Open readings")."""

    extra_targets: Literal["movement", "secondary-focus"] = Field(
        default="movement",
        description="Equal-size target groups: 'movement' (rulebook/FAQ: the group needing the fewest movement points, "
        "then proximity, initiative) or 'secondary-focus' (French procedure step 3B: each extra target ranked as a focus, before movement).",
    )
    monster_focus_order: Literal["turn", "initiative"] = Field(
        default="turn",
        description="A summon's focus tie between monsters sharing a card's initiative: 'turn' (the earlier to act is earlier in "
        "initiative order: elites first, then standee numbers) or 'initiative' (only the initiative value counts: the players choose).",
    )


class GloomhavenScenario(GridScenarioBase):
    ruleset: Literal["gloomhaven"]
    variant: Literal["gloomhaven", "frosthaven", "jotl"] | None = None
    figures: dict[Label, GloomhavenFigure] = Field(description="label -> figure.")
    action: GloomhavenAction = Field(default_factory=GloomhavenAction, description="What the acting figure's card lets it do.")
    actions: dict[str, GloomhavenAction] = Field(
        default_factory=dict,
        description="Per-figure or per-monster-type cards for a whole phase (key: label); figures not listed use `action`.",
    )
    rules: GloomhavenRules = Field(default_factory=GloomhavenRules, description="Readings of ambiguous rules (see docs/gloomhaven.md).")
