"""Scenario keys of the ``agemonia`` ruleset: an area map instead of a grid.

The board is a graph of named areas (capacity = white dots, height, trap)
joined by borders written as one short string each: ``"A1 -- A2"`` single
white line, ``"A1 == A2"`` double white line, ``"A1 || A2"`` solid barrier.
See docs/agemonia.md for every key.
"""

from __future__ import annotations

import re
from collections.abc import Iterator, Sequence
from typing import Annotated, Any, Literal, get_args

from pydantic import AfterValidator, Field, NonNegativeInt, StrictBool, StrictInt, WithJsonSchema, model_validator

from ...models.common import (
    MAX_COUNT,
    MAX_MOVE,
    MAX_RANGE,
    PHASE_BOARD_AFTER,
    TURN_BOARD_AFTER,
    Expect,
    ExpectBoard,
    ExpectTurn,
    Label,
    Position,
    ScenarioBase,
    StrictModel,
)

#: Most areas on one map (real maps have a few dozen).
MAX_AREAS = 1000
#: Enemy cards in one file (one a type: no scenario has this many types).
MAX_ENEMY_CARDS = 100

AREA_NAME_PATTERN = r"^[A-Za-z0-9_-]{1,24}$"
AreaName = Annotated[str, Field(pattern=AREA_NAME_PATTERN, description="An area's name (letters, digits, _ or -).")]

#: Border symbols between the two area names of a link.
LINE_SYMBOLS = {"--": "single", "==": "double", "||": "barrier"}
_LINK = re.compile(r"^\s*([A-Za-z0-9_-]{1,24})\s*(--|==|\|\|)\s*([A-Za-z0-9_-]{1,24})\s*$")

SIZES = {"normal": 1, "large": 2, "huge": 3}

EnemyCondition = Literal["held", "slowed", "stunned", "confused", "dominated"]
AllyCondition = Literal["invisible"]


def parse_link(text: str) -> tuple[str, str, str]:
    """``"A1 -- A2"`` -> ("A1", "A2", "single")."""
    match = _LINK.match(text)
    if not match:
        raise ValueError(
            f"link {text!r} must be 'AREA -- AREA' (single white line), 'AREA == AREA' (double white line) or 'AREA || AREA' (solid barrier)"
        )
    first, symbol, second = match.groups()
    if first == second:
        raise ValueError(f"link {text!r} joins area {first!r} to itself")
    return first, second, LINE_SYMBOLS[symbol]


def _valid_link(text: str) -> str:
    parse_link(text)
    return text


LinkText = Annotated[
    str,
    AfterValidator(_valid_link),
    WithJsonSchema({"type": "string", "pattern": _LINK.pattern, "description": "'A -- B', 'A == B' or 'A || B'"}),
]


class Area(StrictModel):
    capacity: NonNegativeInt = Field(
        le=MAX_COUNT, description="Maximum capacity (white dots). 0 = no dots: cannot be entered (a flyer may cross it but not end there)."
    )
    height: StrictInt = Field(
        default=0, ge=-MAX_COUNT, le=MAX_COUNT, description="Height level; borders between different heights carry the height symbol."
    )
    trap: StrictBool = Field(default=False, description="A Trap token lies in the area (an enemy without Fly entering it triggers it).")
    name: str | None = Field(default=None, description="Longer name shown in the area table.")
    at: tuple[Annotated[float, Field(ge=0, le=100)], Annotated[float, Field(ge=0, le=100)]] | None = Field(
        default=None,
        description="Optional drawing position [x, y] for pictures (--svg), in area widths and heights from the top left; "
        "areas without one are laid out automatically.",
    )


class AgemoniaFigure(StrictModel):
    side: Literal["enemy", "hero", "ally"] = Field(
        description="enemy = acts in the enemy phase; hero and ally (non-hero ally) are the Allies enemies attack."
    )
    area: AreaName = Field(description="The area the figure stands in.")
    name: str | None = Field(default=None, description="Shown instead of the label when given.")
    size: Literal["normal", "large", "huge"] = Field(default="normal", description="Capacity used: normal 1, large 2, huge 3.")
    taunt: NonNegativeInt | None = Field(
        default=None,
        le=MAX_COUNT,
        description="Allies only: Taunt value (higher attracts enemies on ties). Required for heroes and allies.",
    )
    type: str | None = Field(
        default=None, description="Enemies only: enemy type for the initiative order; defaults to the name, then the label."
    )
    number: NonNegativeInt | None = Field(
        default=None, le=MAX_COUNT, description="Enemies only: the number on the figure (same type acts lowest first)."
    )
    fly: StrictBool = Field(default=False, description="Enemies only: the enemy has Fly.")
    conditions: list[str] = Field(
        default_factory=list,
        description="Enemies: held (no move), slowed (move -1), stunned (misses the turn), confused / dominated (no attack, moves as if attacking). Allies: invisible (cannot be targeted).",
    )

    @model_validator(mode="after")
    def _side_specific_keys(self) -> AgemoniaFigure:
        if self.side == "enemy":
            if self.taunt is not None:
                raise ValueError("taunt is for heroes and allies, not enemies")
            allowed = set(get_args(EnemyCondition))
        else:
            if self.taunt is None:
                raise ValueError(f"a {self.side} needs a taunt value")
            for key, value in (("type", self.type), ("number", self.number)):
                if value is not None:
                    raise ValueError(f"{key} is for enemies only")
            if self.fly:
                raise ValueError("fly is for enemies only")
            allowed = set(get_args(AllyCondition))
        for condition in self.conditions:
            if condition not in allowed:
                raise ValueError(f"unknown {self.side} condition {condition!r}; known: {', '.join(sorted(allowed))}")
        return self

    @property
    def capacity_used(self) -> int:
        return SIZES[self.size]

    def enemy_type(self, label: str) -> str:
        return self.type or self.name or label


class AgemoniaAttack(StrictModel):
    kind: Literal["melee", "ranged"] = Field(
        default="melee", description="melee: same area or an adjacent full area; ranged: within range and line of sight."
    )
    range: NonNegativeInt = Field(default=0, le=MAX_RANGE, description="Ranged only: maximum range in areas (minimum range is always 0).")

    @model_validator(mode="after")
    def _range_only_for_ranged(self) -> AgemoniaAttack:
        if self.kind == "melee" and self.range:
            raise ValueError("a melee attack has no range; use kind: ranged")
        return self


class AgemoniaAction(StrictModel):
    move: NonNegativeInt = Field(default=0, le=MAX_MOVE, description="Move value in areas; 0 = the no-move symbol.")
    attack: AgemoniaAttack | None = Field(
        default=None,
        description="The attack of this action; omitted = no attack (it moves as if making a melee attack). Area and target-X attacks count as single-target.",
    )
    fly: StrictBool = Field(default=False, description="The card grants Fly this turn ('may move as though it had Fly').")


class SightRules(StrictModel):
    default: Literal["open", "adjacent"] = Field(
        default="open",
        description="open: every two areas see each other unless listed in `blocked`; adjacent: an area sees itself, areas sharing a single or double line, and pairs listed in `see`.",
    )
    see: list[tuple[AreaName, AreaName]] = Field(default_factory=list, description="Extra pairs of areas that see each other (symmetric).")
    blocked: list[tuple[AreaName, AreaName]] = Field(
        default_factory=list, description="Pairs of areas that do not see each other (symmetric); wins over `see`."
    )


class AgemoniaRules(StrictModel):
    """Documented choices where the rules text is silent or ambiguous."""

    range_over_double_lines: StrictBool = Field(
        default=True,
        description="Range counts borders crossed over single AND double white lines (never barriers). false: single lines only.",
    )
    melee_across_double_lines: StrictBool = Field(
        default=True,
        description="Melee may reach an adjacent full area of the same height across a double white line (never across a barrier).",
    )
    ranged_taunt: Literal["target", "any"] = Field(
        default="target",
        description="Taunt tie-break for ranged attacks uses the ally it would actually target (closest, then Taunt) ('target') or the highest Taunt in range ('any').",
    )
    fallback_ties: Literal["choose", "movement"] = Field(
        default="choose",
        description="No attack area at all: among equally close, equal-Taunt goal areas, the players choose ('choose': the text's 'as above' ends in 'you may choose') or the one needing least movement ('movement').",
    )
    large_fly_over_no_capacity: StrictBool = Field(
        default=True,
        description="A large or huge enemy with Fly may cross an area without white dots like any flyer (Fly's exception names no size); false: the size rule (areas whose capacity is below its size are never entered) keeps it out.",
    )
    invisible_discarded: Literal["turn-start", "on-arrival"] = Field(
        default="turn-start",
        description="Invisible is 'discarded if ... an Enemy is within range 1' (A14): checked when an enemy's turn starts, so the "
        "enemy that comes within range 1 cannot attack the ally this turn ('turn-start'), or as soon as the moving enemy ends "
        "within range 1, which may then attack it ('on-arrival').",
    )
    blocked_route: Literal["closest", "stay"] = Field(
        default="closest",
        description="Too far to reach the area this turn and every area of the shortest routes it could stop in is full: it takes the route that ends closest to the area ('closest': 'the most direct (shortest) route it can'), or stays ('stay': only shortest routes count).",
    )


class AgemoniaExpectBoard(ExpectBoard):
    """The board after a turn (the option the phase follows) or after the whole phase; each key is checked when given.

    ``traps_sprung``: what this game's effects count (``Effect.counted``)."""

    traps_sprung: list[Position] | None = Field(
        default=None, description="The exact set of traps sprung in the phase so far (compared as a set)."
    )


class AgemoniaExpectTurn(ExpectTurn):
    board_after: AgemoniaExpectBoard | None = Field(default=None, description=TURN_BOARD_AFTER)


class AgemoniaExpect(Expect):
    """The answer ``check`` compares against: ``Expect``, its boards with this game's sets."""

    turns: Sequence[AgemoniaExpectTurn] | None = None
    board_after: AgemoniaExpectBoard | None = Field(default=None, description=PHASE_BOARD_AFTER)


class AgemoniaScenario(ScenarioBase):
    ruleset: Literal["agemonia"]
    variant: Literal["agemonia"] | None = None
    expect: AgemoniaExpect | None = Field(default=None, description="The expected answer, for `check`.")
    areas: dict[AreaName, Area] = Field(max_length=MAX_AREAS, description="area name -> capacity, height, trap.")
    links: list[LinkText] = Field(
        default_factory=list,
        description="Borders: 'A -- B' single white line, 'A == B' double white line, 'A || B' solid barrier. Unlisted pairs do not touch.",
    )
    sight: SightRules = Field(
        default_factory=SightRules, description="Which areas see each other (line of sight is geometric, so the file states it)."
    )
    figures: dict[Label, AgemoniaFigure] = Field(description="label -> figure (enemies, heroes, non-hero allies).")
    initiative: list[str] = Field(
        default_factory=list, description="Enemy types in the Initiative card's order (top to bottom); omitted = alphabetical by type."
    )
    action: AgemoniaAction = Field(
        default_factory=AgemoniaAction, description="The action every acting enemy performs unless `actions` gives its own."
    )
    actions: dict[str, AgemoniaAction] = Field(
        default_factory=dict, description="Per-figure (key: label) or per-type (key: type) actions; a label wins over a type."
    )
    enemy_cards: dict[str, dict[Annotated[str, Field(min_length=1, max_length=30)], AgemoniaAction]] = Field(
        default_factory=dict,
        max_length=MAX_ENEMY_CARDS,
        description="Enemy type -> its Enemy card, given once: action symbol (named as you like: sword, shield...) -> "
        "{move, attack, fly}, as printed. `symbols` says which action each type performs this round.",
    )
    symbols: dict[str, Annotated[str, Field(min_length=1, max_length=30)]] = Field(
        default_factory=dict,
        description="Enemy type -> the action symbol the revealed Initiative card shows for its colour bar this round: "
        "the action of its Enemy card (`enemy_cards`) its enemies perform (a label's own `actions` entry still wins).",
    )
    rules: AgemoniaRules = Field(default_factory=AgemoniaRules, description="Options for ambiguous rules (see `enemy-move docs agemonia`).")

    def reference_errors(self) -> Iterator[tuple[tuple[Any, ...], str]]:
        yield from super().reference_errors()
        for kind, symbol in self.symbols.items():
            card = self.enemy_cards.get(kind)
            if card is None:
                yield (
                    ("symbols", kind),
                    f"{kind!r} has no Enemy card: give `enemy_cards: {{{kind}: {{{symbol}: {{move: N, attack: ...}}}}}}`",
                )
            elif symbol not in card:
                said = f"its actions: {', '.join(map(repr, card))}" if card else "the card gives no action"
                yield ("symbols", kind), f"the Enemy card of {kind!r} has no {symbol!r} action ({said})"
            elif kind in self.actions:
                yield (
                    ("actions", kind),
                    f"{kind!r} performs its Enemy card's {symbol!r} action (`symbols`); give the type's action one way: leave "
                    "out `actions` for it, or the `symbols` entry",
                )
