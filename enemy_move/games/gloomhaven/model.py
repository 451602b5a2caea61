"""Scenario keys of the ``gloomhaven`` ruleset (contract section 4)."""

from __future__ import annotations

import re
from collections.abc import Iterator, Sequence
from typing import Annotated, Any, Literal

from pydantic import (
    BeforeValidator,
    ConfigDict,
    Discriminator,
    Field,
    NonNegativeInt,
    PositiveInt,
    Tag,
    ValidatorFunctionWrapHandler,
    WithJsonSchema,
    WrapValidator,
    field_validator,
    model_validator,
)

from ...models.common import (
    MAX_COUNT,
    MAX_INITIATIVE,
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

#: Most targets of one attack: no board holds that many enemies of a monster.
MAX_TARGETS = 30
#: An AoE pattern fits in this many rows and cells per row (real ones fit in 4 x 4).
MAX_AOE_SIDE = 7

#: Highest attack value a stat card or an ability card prints.
MAX_ATTACK_VALUE = 99

#: Highest monster level (a stat card's `levels:` keys, `level:`).
MAX_LEVEL = 7

_RELATIVE = re.compile(r"^[+-][0-9]{1,2}$")


class Relative(int):
    """An ability card value written with its sign as text ("+1", "-1", "+0"): added to the stat card's value.

    An int, so that code reading a card needs no second type; it is replaced by the sum before any move is planned
    (stats.py), and a card still holding one for a figure without a stat card is refused."""


def _card_number(value: Any, handler: ValidatorFunctionWrapHandler) -> int:
    if isinstance(value, str):
        if _RELATIVE.fullmatch(value):  # not .match: `$` also matches before a final newline ("+1\n")
            return Relative(int(value))
        raise ValueError('expected a number or a signed value in quotes such as "+1" (added to the stat card\'s)')
    if isinstance(value, int) and not isinstance(value, bool) and value < 0:
        raise ValueError(
            f'a negative value is relative to the stat card: write it in quotes, "{value}" (a plain {value} is read as a number)'
        )
    return int(handler(value))  # the usual checks and messages (a number, at most the cap)


def _card_number_schema(limit: int) -> WithJsonSchema:
    return WithJsonSchema(
        {"anyOf": [{"type": "integer", "minimum": 0, "maximum": limit}, {"type": "string", "pattern": _RELATIVE.pattern}]}
    )


# Module-level validator functions (never a partial or a lambda): the validator cache keeps them by name.
#: A card's move or range: a number (absolute) or a quoted signed number, relative to the figure's stat card.
CardMove = Annotated[int, Field(le=MAX_MOVE), WrapValidator(_card_number), _card_number_schema(MAX_MOVE)]
CardRange = Annotated[int, Field(le=MAX_RANGE), WrapValidator(_card_number), _card_number_schema(MAX_RANGE)]
CardAttackValue = Annotated[int, Field(le=MAX_ATTACK_VALUE), WrapValidator(_card_number), _card_number_schema(MAX_ATTACK_VALUE)]

Condition = Literal["muddled", "stunned", "invisible", "disarmed", "immobilized", "poisoned", "wounded", "strengthened"]


def _kind_may_be_omitted(schema: dict[str, Any]) -> None:
    # `kind` is filled in from the label's case before validation (GloomhavenScenario._kind_from_case),
    # so editors must not ask for it.
    schema["required"] = [key for key in schema.get("required", []) if key != "kind"]
    if not schema["required"]:
        del schema["required"]


class GloomhavenFigure(StrictModel):
    model_config = ConfigDict(extra="forbid", frozen=True, json_schema_extra=_kind_may_be_omitted)

    kind: Literal["character", "summon", "monster", "objective"] = Field(
        description="Characters and their summons oppose monsters; an objective belongs to the side named by `side`. "
        "Omitted: from the label's case, an upper-case letter a character, a lower-case letter a monster "
        "(summons, objectives and digit labels say it)."
    )
    name: str | None = Field(default=None, description="Shown instead of the label when given.")
    initiative: float | None = Field(
        default=None, ge=0, le=MAX_INITIATIVE, description="Initiative for focus ties; omitted = ties with every other figure without one."
    )
    owner: Label | None = Field(default=None, description="For a summon: the character it belongs to (acts and is focused just before it).")
    number: PositiveInt | None = Field(default=None, le=MAX_COUNT, description="Monster standee number (activation order).")
    elite: bool = Field(default=False, description="Elite monsters act before normal ones of their type.")
    type: str | None = Field(default=None, description="Monster type, for the activation order of a whole phase; defaults to the name.")
    flying: bool = Field(default=False, description="Flying trait: ignores figures, terrain and traps while moving.")
    range: NonNegativeInt | None = Field(
        default=None,
        le=MAX_RANGE,
        description="Monsters: the range on its stat card (normal or elite, as this figure is); an attack on its ability card "
        "written without `range` uses it (omitted here too: melee).",
    )
    conditions: list[Condition] = Field(default_factory=list, description="Conditions in force.")
    at: Cell | None = Field(default=None, description="Position [col, row], when the figure stands on terrain other than open floor.")
    side: Literal["characters", "monsters"] | None = Field(
        default=None, description="Objectives only: the side it is allied with (default characters: monsters may focus on it)."
    )
    targetable: bool = Field(
        default=True, description="Objectives only: false = its enemies ignore it as a target and treat it as an obstacle."
    )
    summoned: bool = Field(default=False, description="Monsters only: summoned this round, so it does not act in this phase.")
    focus: Literal["closest", "farthest"] = Field(
        default="closest",
        description="farthest: it focuses on the farthest enemy (FH FAQ 6.0, Burrowing Blades, Flaming Bladespinner): most "
        "movement to a (preferably safe) attack hex, then longest range, then initiative.",
    )
    moves_on: Literal["water"] | None = Field(
        default=None, description="water: every hex but water (`_`) is an obstacle for it (FH FAQ 6.0, Lightning Eel)."
    )
    interactable: bool = Field(
        default=True,
        description="false: a scenario ally or enemy that 'can't be interacted with' (FAQ 5.9): never focused or targeted, "
        "blocks its enemies, traps and hazardous terrain are not negative for it and it springs none.",
    )

    @model_validator(mode="after")
    def _attributes_of_kind(self) -> GloomhavenFigure:
        if self.kind != "objective":
            if self.side is not None:
                raise ValueError("`side` is only for objectives (kind: objective)")
            if not self.targetable:
                raise ValueError("`targetable` is only for objectives (kind: objective)")
        if self.summoned and self.kind != "monster":
            raise ValueError("`summoned` is only for monsters (a character's summon is kind: summon)")
        return self


class GloomhavenAttack(StrictModel):
    range: CardRange = Field(
        default=0, description='0 = melee (range 1). Quoted with a sign ("+1", "-1"): the stat card\'s range plus that (`stats:`).'
    )
    targets: PositiveInt = Field(default=1, le=MAX_TARGETS, description="How many different enemies the attack may target.")
    value: CardAttackValue | None = Field(
        default=None,
        description="The attack value as printed (shown in the reasoning; movement never depends on it). Quoted with a sign "
        '("+1", "-1"): the stat card\'s attack plus that. `attack: "+1"` is short for `attack: {value: "+1"}`.',
    )
    aoe: str | None = Field(
        default=None, description="Area pattern: @ attacker's hex (melee AoE), x hex hit, . filler; hex layout as maps."
    )

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

    push: PositiveInt | None = Field(
        default=None, le=MAX_RANGE, description="Push N: each target is moved N hexes away from the attacker after the attack."
    )
    pull: PositiveInt | None = Field(
        default=None, le=MAX_RANGE, description="Pull N: each target is moved N hexes towards the attacker after the attack."
    )

    rider: bool = Field(
        default=False,
        description="The attack is a rider on the move (FH FAQ 6.0: Burrowing Blades' Tunneling Slices, Flaming Bladespinner's "
        "Spinning Charge): no move, no attack; the move plans as for a single target (a move has no multi-target), and among "
        "the equal paths the players choose, by default the one hitting fewest targets. Only on a {move, attack} card.",
    )

    @model_validator(mode="after")
    def _push_or_pull(self) -> GloomhavenAttack:
        if self.push is not None and self.pull is not None:
            raise ValueError("an attack with both push and pull is not played (GH2e FAQ 5.1 lets the players order them): give one")
        return self


def _attack_shorthand(value: Any) -> Any:
    # `attack: "+1"` (the card's "Attack +1" as printed) is `attack: {value: "+1"}`: the stat card's range and targets.
    return {"value": value} if isinstance(value, str) else value


#: A card's attack: `{range, targets, value, ...}` or a quoted signed value, "Attack +1" relative to the stat card.
CardAttack = Annotated[GloomhavenAttack | None, BeforeValidator(_attack_shorthand)]


def _attack_text_schema(schema: dict[str, Any]) -> None:
    # The shorthand's string, offered beside the attack's mapping (editors read the schema).
    schema.setdefault("anyOf", []).append({"type": "string", "pattern": _RELATIVE.pattern})


class GloomhavenAction(StrictModel):
    move: CardMove = Field(
        default=0, description='Move value; 0 = no move. Quoted with a sign ("+1", "-1"): the stat card\'s move plus that (`stats:`).'
    )
    jump: bool = Field(default=False, description="Move is a jump.")
    teleport: bool = Field(default=False, description="Move is a teleport.")
    attack: CardAttack = Field(
        default=None,
        json_schema_extra=_attack_text_schema,
        description='Omitted = no attack (focus as for a melee attack); "+1" (quoted): the stat card\'s attack plus 1.',
    )


class GloomhavenCardAction(StrictModel):
    """One action of an ability card, in the printed order: a move or an attack."""

    move: CardMove | None = Field(
        default=None, description='A move of this many hexes; quoted with a sign ("+1", "-1"): the stat card\'s move plus that.'
    )
    jump: bool = Field(default=False, description="The move is a jump.")
    teleport: bool = Field(default=False, description="The move is a teleport.")
    attack: CardAttack = Field(
        default=None, json_schema_extra=_attack_text_schema, description='An attack; "+1" (quoted): the stat card\'s attack plus 1.'
    )

    @model_validator(mode="after")
    def _one_action(self) -> GloomhavenCardAction:
        if (self.move is None) == (self.attack is None):
            raise ValueError("each card action is either a move or an attack (write them as separate list items, in the printed order)")
        if self.move is None and (self.jump or self.teleport):
            raise ValueError("`jump` and `teleport` belong to a move")
        if self.attack is not None and self.attack.rider:
            raise ValueError("a rider attack rides on its card's move: write the card as `action: {move: N, attack: {..., rider: true}}`")
        return self


def _dotted(path: tuple[Any, ...]) -> str:
    return "".join(f"[{part}]" if isinstance(part, int) else f".{part}" for part in path).lstrip(".")


def _card_form(value: Any) -> str:
    # The tags contain "[" so that error locations drop them (models._is_union_tag).
    return "list[actions]" if isinstance(value, list) else "mapping[action]"


#: A card: the `{move, attack}` shorthand (a move, then an attack) or the ordered list of its actions.
GloomhavenCard = Annotated[
    Annotated[GloomhavenAction, Tag("mapping[action]")]
    | Annotated[list[GloomhavenCardAction], Field(min_length=1, max_length=12), Tag("list[actions]")],
    Discriminator(_card_form),
]


class GloomhavenStatLine(StrictModel):
    """One section (normal or elite) of a monster stat card, as printed."""

    move: NonNegativeInt = Field(default=0, le=MAX_MOVE, description="Move: what a card's relative move is added to.")
    attack: NonNegativeInt | None = Field(
        default=None, le=99, description="Attack value, as printed (shown in the reasoning; movement never depends on it)."
    )
    range: NonNegativeInt = Field(default=0, le=MAX_RANGE, description="Range; 0 = melee. A card's attack without a range uses it.")
    targets: PositiveInt = Field(default=1, le=MAX_TARGETS, description="Target N trait: a card's attack without `targets` uses it.")
    flying: bool = Field(default=False, description="Flying trait.")
    jump: bool = Field(default=False, description="Its moves are jumps.")


class GloomhavenStatLevel(StrictModel):
    normal: GloomhavenStatLine | None = Field(default=None, description="The stat card's normal section.")
    elite: GloomhavenStatLine | None = Field(default=None, description="The stat card's elite section (rulebook p.29).")


class GloomhavenStatCard(GloomhavenStatLevel):
    """A monster type's stat card: `normal:` and `elite:`, or one such pair per level under `levels:` with `level:` choosing."""

    level: Annotated[int, Field(ge=0, le=MAX_LEVEL)] | None = Field(
        default=None, description="The line of `levels:` in play; omitted: the scenario's `level:`."
    )
    levels: dict[Annotated[int, Field(ge=0, le=MAX_LEVEL)], GloomhavenStatLevel] = Field(
        default_factory=dict, description="level -> {normal, elite}, as the stat card prints them; `level:` (or the scenario's) chooses."
    )

    @model_validator(mode="after")
    def _one_line_chosen(self) -> GloomhavenStatCard:
        if not self.levels:
            if self.level is not None:
                raise ValueError("`level:` chooses a line of `levels:`; give `levels:` or leave `level:` out")
            if self.normal is None and self.elite is None:
                raise ValueError("a stat card gives `normal:` or `elite:` (or `levels:` with `level:`)")
            return self
        if self.normal is not None or self.elite is not None:
            raise ValueError("give `normal:`/`elite:` either at the top or under each of `levels:`, not both")
        if self.level is not None and self.level not in self.levels:
            raise ValueError(f"`level: {self.level}` is not one of `levels:` ({self.levels_said()})")
        return self

    def levels_said(self) -> str:
        return ", ".join(map(str, sorted(self.levels)))

    def level_in_play(self, scenario_level: int | None) -> int | None:
        """The line of `levels:` in play: the card's own `level:`, else the scenario's; None for a card without levels."""
        if not self.levels:
            return None
        return self.level if self.level is not None else scenario_level

    def line(self, elite: bool, scenario_level: int | None = None) -> GloomhavenStatLine | None:
        """The section a figure of this rank uses, at the level in play (checked by the scenario: one of `levels:`)."""
        level = self.level_in_play(scenario_level)
        chosen: GloomhavenStatLevel = self.levels[level] if level is not None else self
        return chosen.elite if elite else chosen.normal


class GloomhavenRules(StrictModel):
    """Readings of the rules that the texts leave open (`enemy-move docs gloomhaven`, "Open readings")."""

    later_attack_targets: Literal["others", "others-first", "any"] = Field(
        default="others",
        description="A card's later attacks: never target a figure already attacked this turn (others), only when no other can be focused (others-first), or freely (any).",
    )
    move_after_last_attack: Literal["last-attack", "melee"] = Field(
        default="last-attack",
        description="A move after the card's last attack: plans for that attack again on its focus (last-attack), or as a card without attack (melee).",
    )
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

    push_distance: Literal["range", "hexes"] = Field(
        default="range",
        description="Push/pull: 'farther from' (push) or 'closer to' (pull) the attacker counted as range, around walls ('range'; "
        "FH p.21: range is never counted through walls) or as the plain number of hexes, walls ignored ('hexes': a hex behind a "
        "thin wall is then not farther).",
    )
    plan_best_future_attack: bool | None = Field(
        default=None,
        description="Out of reach this turn: head for the hex with the best attack, ranked as this turn's (true; GH, JotL, FH appendix B) "
        "or for the closest hex that can attack the focus (false; FH p.42, GH2e FAQ 5.8). Omitted: the variant's reading.",
    )
    forced_move_maximum: bool | None = Field(
        default=None,
        description="Monster push/pull: only paths moving the target the maximum distance (true; GH2e and FH FAQ 5.8) or any path "
        "the players choose (false; GH 1st edition, JotL). Omitted: the variant's reading.",
    )
    sight: Literal["corner", "any"] | None = Field(
        default=None,
        description="Line of sight: corner to corner (GH 1st edition p.19) or any point to any point (FH p.21; GH2e). Omitted: the variant's.",
    )
    invisible_blocks_movement: bool | None = Field(
        default=None,
        description="Invisible enemies are obstacles (true; GH 1st edition) or walked through (false; FH p.28, GH2e). Omitted: the variant's.",
    )
    jump_pays_difficult_last_hex: bool | None = Field(
        default=None,
        description="The last hex of a jump pays for difficult terrain (true; GH 1st edition p.19) or not (false; FH p.24, GH2e). Omitted: the variant's.",
    )
    aoe_anchor_in_wall: bool | None = Field(
        default=None,
        description="May the hex of a ranged area attack within range be a wall hex (true; GH FAQ) or not (false; FH p.22, "
        "gloom's test). Omitted: the variant's reading.",
    )


class GloomhavenExpectBoard(ExpectBoard):
    """The board after a turn (the option the phase follows) or after the whole phase; each key is checked when given.

    ``traps_sprung``: what this game's effects count (``Effect.counted``)."""

    traps_sprung: list[Position] | None = Field(
        default=None, description="The exact set of traps sprung in the phase so far (compared as a set)."
    )


class GloomhavenExpectTurn(ExpectTurn):
    board_after: GloomhavenExpectBoard | None = Field(default=None, description=TURN_BOARD_AFTER)


class GloomhavenExpect(Expect):
    """The answer ``check`` compares against: ``Expect``, its boards with this game's sets."""

    turns: Sequence[GloomhavenExpectTurn] | None = None
    board_after: GloomhavenExpectBoard | None = Field(default=None, description=PHASE_BOARD_AFTER)


class GloomhavenScenario(GridScenarioBase):
    ruleset: Literal["gloomhaven"]
    variant: Literal["gloomhaven", "gloomhaven2e", "frosthaven", "jotl"] | None = None
    expect: GloomhavenExpect | None = Field(default=None, description="The expected answer, for `check`.")
    figures: dict[Label, GloomhavenFigure] = Field(description="label -> figure.")
    action: GloomhavenCard = Field(
        default_factory=GloomhavenAction,
        description="What the acting figure's card lets it do: {move, attack}, or the list of its actions in the printed order.",
    )
    rules: GloomhavenRules = Field(
        default_factory=GloomhavenRules, description="Readings of open rules (see `enemy-move docs gloomhaven`)."
    )
    actions: dict[str, GloomhavenCard] = Field(
        default_factory=dict,
        description="Per-figure or per-monster-type cards for a whole phase (key: label); figures not listed use `action`.",
    )
    level: Annotated[int, Field(ge=0, le=MAX_LEVEL)] | None = Field(
        default=None,
        description="The scenario level: the line every stat card with `levels:` uses unless the card says its own `level:`.",
    )
    stats: dict[str, GloomhavenStatCard] = Field(
        default_factory=dict,
        description='Monster type (or label) -> its stat card: a card\'s quoted signed values (move: "+1") are added to the '
        "figure's normal or elite section; an attack without range or targets uses the section's.",
    )

    @classmethod
    def fill_in(cls, data: dict[str, Any]) -> dict[str, Any]:
        """`kind:` may be left out where the label says it: an upper-case letter is a character, a lower-case one a monster.

        Summons (with an `owner:`), objectives and digit labels keep an explicit kind: a missing one is reported as usual."""
        figures = data.get("figures")
        if not isinstance(figures, dict):
            return data
        filled = {}
        for label, figure in figures.items():
            if isinstance(figure, dict) and "kind" not in figure and "owner" not in figure and isinstance(label, str) and label.isalpha():
                figure = {"kind": "character" if label.isupper() else "monster", **figure}
            filled[label] = figure
        return {**data, "figures": filled}

    @classmethod
    def slips(cls, data: dict[str, Any]) -> Iterator[tuple[tuple[Any, ...], str]]:
        yield from super().slips(data)
        cards: list[tuple[tuple[Any, ...], Any]] = [(("action",), data.get("action"))]
        actions = data.get("actions")
        if isinstance(actions, dict):
            cards += [(("actions", key), card) for key, card in actions.items()]
        for where, card in cards:
            steps = [(where + (index,), step) for index, step in enumerate(card)] if isinstance(card, list) else [(where, card)]
            for path, step in steps:
                attack = step.get("attack") if isinstance(step, dict) else None
                if isinstance(attack, (int, float)) and not isinstance(attack, bool):
                    # `attack: 3` copies the card's attack value: say what the file wants instead.
                    yield (
                        path + ("attack",),
                        f"{_dotted(path)}.attack: the attack's value ({attack}) does not change the movement; write `attack: {{range: 0}}` "
                        "for a melee attack or `attack: {range: N}` for a ranged one (targets: and aoe: go in the same braces); the value "
                        f'as printed is `attack: {{value: {attack}}}`, or quoted with its sign, `attack: "+{attack}"`, the stat card\'s plus it',
                    )

    def reference_errors(self) -> Iterator[tuple[tuple[Any, ...], str]]:
        yield from self._level_errors()
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
                yield (
                    where,
                    f"summon {label!r} names owner {figure.owner!r}, a {self.figures[figure.owner].kind}; a summon belongs to a character",
                )

    def _level_errors(self) -> Iterator[tuple[tuple[Any, ...], str]]:
        """Every stat card with `levels:` has a line in play: its own `level:` or the scenario's, one of its levels."""
        for key, card in self.stats.items():
            level = card.level_in_play(self.level)
            if not card.levels or (level is not None and level in card.levels):
                continue
            if level is None:
                yield (
                    ("stats", key, "levels"),
                    f"`levels:` gives levels {card.levels_said()}: say which is in play with `level:` (on the stat card, or the "
                    "scenario's `level:` for every card)",
                )
            else:
                yield (
                    ("level",),
                    f"the scenario's `level: {level}` is not one of the `levels:` of stat card {key!r} ({card.levels_said()}): add that "
                    "line, or give the card its own `level:`",
                )
