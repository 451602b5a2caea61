"""The edition's disputed points as switches: which reading a turn followed, named when it mattered.

Each switch of :data:`SWITCHES` is a :class:`~.variants.VariantRules` field a scenario may set either
way in `rules:` (omitted: the variant's reading). When a turn could depend on one, the turn is
resolved again with the other value; if the answer (focus, options) differs, a `reading` step
names the switch, the reading followed and its source (docs/gloomhaven.md, "Open readings").
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, replace
from typing import Any

from ...geometry.grid import Grid
from ...result import Step, Turn
from .board import BLOCKS_SIGHT
from .model import GloomhavenAction, GloomhavenAttack, GloomhavenCard
from .variants import VariantRules

#: Resolves the same turn under other rules (without naming readings again).
Resolve = Callable[[VariantRules], Turn]


@dataclass(frozen=True)
class Switch:
    """One disputed point: what each value reads, and when a turn may depend on it."""

    name: str
    readings: dict[Any, str]
    applies: Callable[[Turn, Grid, list[GloomhavenAttack], VariantRules], bool]

    def other(self, value: Any) -> Any:
        return next(v for v in self.readings if v != value)


def _heads_for_a_later_attack(turn: Turn, grid: Grid, attacks: list[GloomhavenAttack], rules: VariantRules) -> bool:
    # Only a ranged or multi-target attack ranks its attack hexes beyond distance.
    ranks = any(a.range > 0 or a.targets > 1 or a.aoe for a in attacks)
    return ranks and any(step.step == "destination" for step in turn.reasoning)


def _ranged_area_near_walls(turn: Turn, grid: Grid, attacks: list[GloomhavenAttack], rules: VariantRules) -> bool:
    ranged_area = any(a.aoe is not None and "@" not in a.aoe for a in attacks)
    return ranged_area and any(t in BLOCKS_SIGHT for t in grid.terrain.values())


def _second_edition_where_faq_is_silent(turn: Turn, grid: Grid, attacks: list[GloomhavenAttack], rules: VariantRules) -> bool:
    # Frosthaven's rulebook read for the second edition: said where it changes the answer, in that variant.
    return rules.name == "gloomhaven2e"


_FH_READING = "Frosthaven's rulebook, which the second edition follows where its FAQ is silent"

SWITCHES = (
    Switch(
        "plan_best_future_attack",
        {
            True: "out of reach, it heads for the attack hex ranked as an attack this turn would be, disadvantage included "
            "(GH rulebook FAQ p.66 'avoiding disadvantage (first priority)'; FH appendix B's order)",
            False: "out of reach, it heads for the closest hex that can attack its focus (FH p.42; GH2e FAQ 5.8: "
            "a multi-target monster out of reach moves towards its primary focus)",
        },
        _heads_for_a_later_attack,
    ),
    Switch(
        "aoe_anchor_in_wall",
        {
            True: "the hex of a ranged area within range may be a wall hex (GH FAQ, notes 4)",
            False: "the hex of a ranged area within range cannot be inside a wall line (FH p.22; gloom's test)",
        },
        _ranged_area_near_walls,
    ),
    Switch(
        "sight",
        {
            "any": f"line of sight from any point of a hex to any point of the other ({_FH_READING}: FH p.21)",
            "corner": "line of sight from a corner to a corner (GH 1st edition p.19)",
        },
        _second_edition_where_faq_is_silent,
    ),
    Switch(
        "invisible_blocks_movement",
        {
            False: f"invisible enemies are walked through, not ended on ({_FH_READING}: FH p.28)",
            True: "invisible enemies are obstacles (GH 1st edition, conditions)",
        },
        _second_edition_where_faq_is_silent,
    ),
    Switch(
        "jump_pays_difficult_last_hex",
        {
            False: f"a jump ignores difficult terrain completely ({_FH_READING}: FH p.24)",
            True: "the last hex of a jump pays for difficult terrain (GH 1st edition p.19)",
        },
        _second_edition_where_faq_is_silent,
    ),
)


def card_attacks(card: GloomhavenCard) -> list[GloomhavenAttack]:
    """Every attack printed on the card."""
    if isinstance(card, GloomhavenAction):
        return [card.attack] if card.attack is not None else []
    return [step.attack for step in card if step.attack is not None]


def _answer(turn: Turn) -> tuple[Any, ...]:
    return (tuple(turn.focus), tuple((o.to, o.attacks, o.effects) for o in turn.options))


def name_readings(turn: Turn, grid: Grid, card: GloomhavenCard, rules: VariantRules, resolve: Resolve) -> None:
    """Add a `reading` step for each switch whose other value changes ``turn``'s answer."""
    attacks = card_attacks(card)
    for switch in SWITCHES:
        if not switch.applies(turn, grid, attacks, rules):
            continue
        value = getattr(rules, switch.name)
        other_value = switch.other(value)
        changed: dict[str, Any] = {switch.name: other_value}
        other = resolve(replace(rules, **changed))
        if _answer(other) == _answer(turn):
            continue
        turn.reasoning.append(
            Step(
                "reading",
                f"Open reading, rules.{switch.name}: {_word(value)}: {switch.readings[value]}. With '{_word(other_value)}' the answer differs.",
                {"switch": f"rules.{switch.name}", "value": value},
            )
        )


def _word(value: Any) -> str:
    return str(value).lower() if isinstance(value, bool) else str(value)
