"""Scenario keys of the ``gloomhaven`` ruleset (contract section 4)."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any, Literal

from pydantic import Field, NonNegativeInt, PositiveInt, field_validator

from .common import MAX_COUNT, MAX_INITIATIVE, MAX_MOVE, MAX_RANGE, Cell, GridScenarioBase, Label, StrictModel

#: Most targets of one attack: no board holds that many enemies of a monster.
MAX_TARGETS = 30
#: An AoE pattern fits in this many rows and cells per row (real ones fit in 4 x 4).
MAX_AOE_SIDE = 10

Condition = Literal["muddled", "stunned", "invisible", "disarmed", "immobilized", "poisoned", "wounded", "strengthened"]


class GloomhavenFigure(StrictModel):
    kind: Literal["character", "summon", "monster"] = Field(description="Characters and their summons oppose monsters.")
    name: str | None = Field(default=None, description="Shown instead of the label when given.")
    initiative: float | None = Field(default=None, ge=0, le=MAX_INITIATIVE, description="Initiative for focus ties; omitted = ties with every other figure without one.")
    owner: Label | None = Field(default=None, description="For a summon: the character it belongs to (acts and is focused just before it).")
    number: PositiveInt | None = Field(default=None, le=MAX_COUNT, description="Monster standee number (activation order).")
    elite: bool = Field(default=False, description="Elite monsters act before normal ones of their type.")
    type: str | None = Field(default=None, description="Monster type, for the activation order of a whole phase; defaults to the name.")
    flying: bool = Field(default=False, description="Flying trait: ignores figures, terrain and traps while moving.")
    conditions: list[Condition] = Field(default_factory=list, description="Conditions in force.")
    at: Cell | None = Field(default=None, description="Position [col, row], when the figure stands on terrain other than open floor.")


class GloomhavenAttack(StrictModel):
    range: NonNegativeInt = Field(default=0, le=MAX_RANGE, description="0 = melee (range 1).")
    targets: PositiveInt = Field(default=1, le=MAX_TARGETS, description="How many different enemies the attack may target.")
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
        rows = [row for row in aoe.split("\n") if row.strip()]
        if len(rows) > MAX_AOE_SIDE or any(len(row.rstrip()) > 2 * MAX_AOE_SIDE for row in rows):
            raise ValueError(f"aoe pattern is larger than {MAX_AOE_SIDE} rows of {MAX_AOE_SIDE} hexes")
        return aoe


class GloomhavenAction(StrictModel):
    move: NonNegativeInt = Field(default=0, le=MAX_MOVE, description="Move value; 0 = no move.")
    jump: bool = Field(default=False, description="Move is a jump.")
    teleport: bool = Field(default=False, description="Move is a teleport.")
    attack: GloomhavenAttack | None = Field(default=None, description="Omitted = no attack (focus as for a melee attack).")


class GloomhavenScenario(GridScenarioBase):
    ruleset: Literal["gloomhaven"]
    variant: Literal["gloomhaven", "frosthaven", "jotl"] | None = None
    figures: dict[Label, GloomhavenFigure] = Field(description="label -> figure.")
    action: GloomhavenAction = Field(default_factory=GloomhavenAction, description="What the acting figure's card lets it do.")
    actions: dict[str, GloomhavenAction] = Field(
        default_factory=dict,
        description="Per-figure or per-monster-type cards for a whole phase (key: label); figures not listed use `action`.",
    )

    def reference_errors(self) -> Iterator[tuple[tuple[Any, ...], str]]:
        for label, figure in self.figures.items():
            if figure.owner is None:
                continue
            where = ("figures", label, "owner")
            if figure.kind != "summon":
                yield where, f"only a summon has an owner; {label!r} is a {figure.kind}"
            elif figure.owner == label:
                yield where, f"summon {label!r} names itself as its owner; the owner is a character"
            elif figure.owner not in self.figures:
                yield where, f"summon {label!r} names owner {figure.owner!r}, which is not a figure"
            elif self.figures[figure.owner].kind != "character":
                yield where, f"summon {label!r} names owner {figure.owner!r}, a {self.figures[figure.owner].kind}; a summon belongs to a character"
