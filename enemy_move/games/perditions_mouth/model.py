"""Scenario keys of the ``perditions-mouth`` ruleset (docs/perditions-mouth.md).

Square grid, action points (AP), one movement rule per enemy type. Every
point the rules text leaves open is a key of ``rules:`` with a justified default.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Annotated, Literal

from pydantic import Field, NonNegativeInt, PositiveInt

from ...models.common import (
    MAX_COUNT,
    MAX_MOVE,
    MAX_RANGE,
    PHASE_BOARD_AFTER,
    TURN_BOARD_AFTER,
    Cell,
    Expect,
    ExpectBoard,
    ExpectTurn,
    GridScenarioBase,
    Label,
    Position,
    StrictModel,
)

#: Dearest step accepted (AP multiplier of a diagonal, AP to enter a terrain).
MAX_STEP_COST = 10

EnemyKind = Literal["boneworm", "rotikka", "chileen", "acolyte", "guard", "summoner", "demon"]
FigureKind = Literal["hero", "boneworm", "rotikka", "chileen", "acolyte", "guard", "summoner", "demon"]


class PerditionsMouthFigure(StrictModel):
    kind: FigureKind = Field(
        description="hero, or the enemy type: boneworm, rotikka, chileen (Insectoids); acolyte, guard, summoner (Cultists); demon."
    )
    name: str | None = Field(default=None, description="Shown in the reasoning next to the label.")
    health: NonNegativeInt | None = Field(
        default=None,
        le=MAX_COUNT,
        description="Heroes: remaining health (the 'weakest' hero has the least). Needed only when a Summoner or `target_ties: weakest` asks.",
    )
    sleeping: bool = Field(default=False, description="Enemies: a sleeping enemy wakes up this move action and does not move.")
    ap: PositiveInt | None = Field(
        default=None,
        le=MAX_MOVE,
        description="Enemies: override the type's action points (Boneworm 1, Rotikka 5, Chi'leen 3, Acolyte 2, Guard 3, Summoner 3).",
    )
    attack_range: PositiveInt | None = Field(
        default=None,
        le=MAX_RANGE,
        description="Enemies: override the type's attack range (Boneworm/Rotikka/Acolyte/Demon 1, Chi'leen 2, Guard 3, Summoner 6).",
    )
    at: Cell | None = Field(
        default=None, description="Position [col, row], when the figure stands on terrain other than open floor (e.g. the alarm or a trap)."
    )


def _default_sight_blockers() -> list[str]:
    # A named function, not a lambda: the kept validator (models/validators.py) refers to it by name.
    return ["wall", "door", "locked-door"]


class PerditionsMouthRules(StrictModel):
    """The points the rules text leaves open, each with its default (see the docs for the reasons)."""

    movement: Literal["diagonal", "orthogonal"] = Field(
        default="diagonal", description="Whether a step may go diagonally (8 neighbours) or only orthogonally (4)."
    )
    diagonal_cost: PositiveInt = Field(
        default=1,
        le=MAX_STEP_COST,
        description="AP multiplier of a diagonal step (1 = a diagonal step costs the same as an orthogonal one).",
    )
    corner_cutting: bool = Field(
        default=False,
        description="Whether a diagonal step may pass the corner of a blocking square (wall, closed door, chest...) on either side.",
    )
    range: Literal["chebyshev", "manhattan"] | None = Field(
        default=None, description="How range is counted: chebyshev (diagonals count 1) or manhattan; default follows `movement`."
    )
    sight: Literal["center", "corners"] = Field(
        default="center", description="Line of sight: centre to centre, or any corner of one square to any corner of the other."
    )
    sight_blockers: list[str] = Field(default_factory=_default_sight_blockers, description="Terrains that block line of sight.")
    figures_block_sight: bool = Field(default=True, description="Whether figures between two squares block line of sight.")
    corner_wall_and_figure: Literal["block", "see"] = Field(
        default="block",
        description="Diagonal neighbours whose shared corner is closed by a sight-blocking square on one side and a figure on the other (`sight: center`): the corner is shut (`block`) or the figure does not close it (`see`). Only this point; `figures_block_sight` is broader.",
    )
    range_needs_sight: bool = Field(
        default=True, description="Whether a 'range N' square must have line of sight to the hero (an attack needs it)."
    )
    target_ties: Literal["players", "weakest"] = Field(
        default="players",
        description="Equally close heroes: the players choose (every option), or the weakest (least health) first, then the players.",
    )
    terrain_costs: dict[str, Annotated[PositiveInt, Field(le=MAX_STEP_COST)]] = Field(
        default_factory=dict,
        description="AP to enter a terrain, overriding the defaults (floor, open-door, alarm, trap 1; difficult, hazardous, icy 2).",
    )
    acolyte_goal: Literal["on", "adjacent"] = Field(
        default="on", description="Where the Acolyte heads: onto the alarm symbol, or to a square next to it."
    )
    chileen_pays_terrain: bool = Field(
        default=True, description="Whether the Chi'leen pays terrain AP costs (only the Boneworm and Rotikka are said to ignore them)."
    )
    trample_failure_events: bool = Field(
        default=False, description="Whether an Acolyte pushed into special terrain by a Chi'leen's trample suffers the failure event."
    )
    unreachable_goal: Literal["stay", "closer"] = Field(
        default="stay",
        description="No path reaches any goal square (alarm, range-N square): the enemy stays (`stay`), or walks to the reachable square closest to one (`closer`).",
    )
    sleeping_blocks: bool = Field(
        default=True,
        description="Whether a sleeping enemy not in attack range of a hero blocks path-finding (it cannot move out of the way).",
    )
    full_ap_rule: Literal["acolyte-guard", "all"] = Field(
        default="acolyte-guard",
        description="Who may spend all its AP to enter one square costing more: the Acolyte and the Guard (as written) or every enemy.",
    )
    summoner_priority: Literal["range", "safety"] = Field(
        default="range",
        description="The Summoner's order of preference: the farthest range from its target first, then away from all heroes (`range`), or the reverse (`safety`).",
    )
    pass_through_figures: bool = Field(
        default=True,
        description="Whether an enemy walks through the squares of enemies that do not block (expected to move away); false: it stops before the first of them.",
    )


class PerditionsMouthExpectBoard(ExpectBoard):
    """The board after a turn (the option the phase follows) or after the whole phase; each key is checked when given.

    ``doors_opened``: what this game's effects count (``Effect.counted``)."""

    doors_opened: list[Position] | None = Field(
        default=None, description="The exact set of doors opened in the phase so far (compared as a set)."
    )


class PerditionsMouthExpectTurn(ExpectTurn):
    board_after: PerditionsMouthExpectBoard | None = Field(default=None, description=TURN_BOARD_AFTER)


class PerditionsMouthExpect(Expect):
    """The answer ``check`` compares against: ``Expect``, its boards with this game's sets."""

    turns: Sequence[PerditionsMouthExpectTurn] | None = None
    board_after: PerditionsMouthExpectBoard | None = Field(default=None, description=PHASE_BOARD_AFTER)


class PerditionsMouthScenario(GridScenarioBase):
    ruleset: Literal["perditions-mouth"]
    variant: Literal["etbrev"] | None = None
    expect: PerditionsMouthExpect | None = Field(default=None, description="The expected answer, for `check`.")
    figures: dict[Label, PerditionsMouthFigure] = Field(description="label -> figure (heroes and enemies).")
    insectoid_sheet: list[Label] | None = Field(
        default=None,
        description="Insectoid labels in the order of the Insectoid Sheet; omitted = Boneworms, Rotikkas, Chi'leens, each by label.",
    )
    cultist_sheet: list[Label] | None = Field(
        default=None, description="Cultist labels in the order of the Cultists Sheet; omitted = Acolytes, Guards, Summoners, each by label."
    )
    rules: PerditionsMouthRules = Field(
        default_factory=PerditionsMouthRules, description="Answers to the points the rules text leaves open."
    )
