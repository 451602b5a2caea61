"""Scenario keys of the ``cloudspire`` ruleset (see docs/cloudspire.md).

A hex board of terrain (path, plains, forest, mountain, water), landmarks,
spires and fortress gates; units (minions and heroes) of named factions; a
mark per minion (given per figure or per faction). Minions of the acting
faction march toward their mark.
"""

from __future__ import annotations

from typing import Literal

from pydantic import Field, NonNegativeInt

from ...models.common import Cell, GridScenarioBase, Label, StrictModel

#: Terrain allowance, from easiest to most difficult; a unit may move on path
#: and on every terrain up to its allowance (C3 "Terrain Allowance").
Allowance = Literal["path", "plains", "forest", "mountain", "water"]

#: Largest Movement stat accepted: routes are searched hex by hex (a minion may
#: never re-enter a hex it left), the ways of displacing friendly heroes grow
#: with the routes through them (docs/errors.md), and real units move 1 to 5.
MAX_MOVE = 8


class CloudspireFigure(StrictModel):
    kind: Literal["minion", "hero"] = Field(
        description="Minions march to their mark; heroes are moved by players (they only get displaced here)."
    )
    faction: str = Field(min_length=1, description="Faction name; units of the same faction are friendly, all others are opposing.")
    name: str | None = Field(default=None, description="Shown instead of the label when given.")
    move: NonNegativeInt = Field(default=0, le=MAX_MOVE, description="Movement stat (hexes per turn). Needed for minions.")
    allowance: Allowance = Field(
        default="path",
        description="Terrain allowance: the most difficult terrain the unit may move on (path < plains < forest < mountain < water); default path only.",
    )
    mark: Cell | None = Field(default=None, description="[col, row] of this minion's mark; omitted = its faction's entry in `marks`.")
    at: Cell | None = Field(default=None, description="Position [col, row], when the unit stands on terrain other than path.")
    through_units: bool = Field(
        default=False,
        description="The unit may move through other units (a talent: 'it can't move through units unless specified'); it still may not end on one, except a friendly hero it displaces.",
    )


class CloudspireScenario(GridScenarioBase):
    """Cloudspire minion movement (`enemy-move docs cloudspire`)."""

    ruleset: Literal["cloudspire"]
    variant: Literal["player", "ai"] | None = Field(
        default=None,
        description="player: the players choose among every closer hex (default); ai: the minion goes to the closest hex (ties are options).",
    )
    figures: dict[Label, CloudspireFigure] = Field(description="label -> unit.")
    faction: str | None = Field(
        default=None,
        description="The faction whose minions move; omitted = the faction of `active`, or the only faction that has minions.",
    )
    marks: dict[str, Cell] = Field(
        default_factory=dict, description="faction -> [col, row] of the mark its minions march to (usually the opposing fortress gate)."
    )
    order: list[Label] = Field(
        default_factory=list,
        description="Tie-break for the leading minion (the players choose on ties): minions listed earlier move first among equally close ones; unlisted ones follow by label. With `variant: ai` it may list heroes: a hero goes once the minions listed before it have moved. An error with `active:` (one unit moves).",
    )
    lateral_through_further: bool = Field(
        default=True,
        description="A lateral move may pass through hexes further from the mark (only its end hex must be no further); false: every hex of the route must be no further.",
    )
    stop_at_mark: bool = Field(
        default=False,
        description="A minion that can reach its mark with movement to spare stops on it; false (the procedure as written): only end hexes count, so it may walk past.",
    )
    walled_mark: Literal["stay", "lateral"] = Field(
        default="stay",
        description="No hex of the unit's terrain connects to its mark at all: it stays, or every hex it can reach is a lateral move (all are equally far).",
    )
    other_gates: Literal["block", "pass"] = Field(
        default="block",
        description="A fortress gate that is not the mark: never entered nor counted through (block), or counted and moved through but never ended on (pass).",
    )
    displaced_adjacent_to: Literal["hero", "swap-hex"] = Field(
        default="hero",
        description="A displaced hero whose swap hex is invalid 'moves to an Adjacent Hex' (C3): adjacent to its own hex, the one the "
        "minion enters ('hero': it moves one hex), or adjacent to the invalid swap hex ('swap-hex').",
    )
    optional_displacement: bool = Field(
        default=True,
        description="A minion may displace a friendly hero even when another route makes the same progress; false: displacing routes are used only when no route without displacement makes progress with that movement.",
    )
