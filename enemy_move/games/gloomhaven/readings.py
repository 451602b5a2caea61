"""The edition's disputed points as switches: which reading a turn followed, named when it mattered.

Each switch of :data:`SWITCHES` is a :class:`~.variants.VariantRules` field a scenario may set either
way in `rules:` (omitted: the variant's reading). When a turn could depend on one, the turn is
resolved again with the other value; if the answer (focus, options) differs, a `reading` step
names the switch, the reading followed and its source (docs/gloomhaven.md, "Open readings").
"""

from __future__ import annotations

from collections.abc import Callable, Iterator, Mapping
from contextlib import contextmanager
from contextvars import ContextVar
from dataclasses import dataclass, replace
from typing import Any

from ...geometry.grid import Grid
from ...geometry.los import answered
from ...result import Step, Turn
from .board import sight_blockers
from .model import GloomhavenAction, GloomhavenAttack, GloomhavenCard, GloomhavenFigure
from .variants import VariantRules

#: The scenario's figures by label.
Figures = Mapping[str, GloomhavenFigure]
#: Resolves the same turn under other rules (without naming readings again); None: its answer differs (found before
#: it was worked out in full).
Resolve = Callable[[VariantRules], Turn | None]


@dataclass(frozen=True)
class Switch:
    """One disputed point: what each value reads, and when a turn may depend on it. ``watched``: under the values
    it returns True for, the engine says (:func:`consulted`) wherever the other value would do otherwise, so a turn
    that never said so is not resolved again."""

    name: str
    readings: dict[Any, str]
    applies: Callable[[Turn, Grid, GloomhavenCard, VariantRules, Figures], bool]
    watched: Callable[[VariantRules], bool] = lambda rules: False

    def other(self, value: Any) -> Any:
        return next(v for v in self.readings if v != value)


def _heads_for_a_later_attack(turn: Turn, grid: Grid, card: GloomhavenCard, rules: VariantRules, figures: Figures) -> bool:
    # Only a ranged or multi-target attack ranks its attack hexes beyond distance.
    ranks = any(a.range > 0 or a.targets > 1 or a.aoe for a in card_attacks(card))
    return ranks and any(step.step == "destination" for step in turn.reasoning)


def _ranged_area_near_walls(turn: Turn, grid: Grid, card: GloomhavenCard, rules: VariantRules, figures: Figures) -> bool:
    ranged_area = any(a.aoe is not None and "@" not in a.aoe for a in card_attacks(card))
    return ranged_area and _has_walls(grid)


def _has_walls(grid: Grid) -> bool:
    return bool(grid.thin_walls) or bool(sight_blockers(grid))  # the hexes in BLOCKS_SIGHT, kept per terrain


# The edition switches can only change a turn where what they read is on the board or the card.


def _sight_may_differ(turn: Turn, grid: Grid, card: GloomhavenCard, rules: VariantRules, figures: Figures) -> bool:
    """Whether the other sight mode may change the turn: the turn asked its sight only for pairs of hexes, and
    every answer built on that sight and kept for later turns is kept per sight layout (geometry.los.HexSight.layout),
    so the layout's answers so far include every pair the turn depends on; where the other mode answers them
    all alike, the other resolution asks the same pairs and gets the same answer (and costs no second resolve)."""
    if not _has_walls(grid):
        return False
    sight = answered(sight_blockers(grid), grid.thin_walls, rules.sight)
    return sight is None or sight.disputed()


def _invisible_enemy(turn: Turn, grid: Grid, card: GloomhavenCard, rules: VariantRules, figures: Figures) -> bool:
    return any(step.step == "invisible" for step in turn.reasoning)


def _jump_over_difficult(turn: Turn, grid: Grid, card: GloomhavenCard, rules: VariantRules, figures: Figures) -> bool:
    moves = [card] if isinstance(card, GloomhavenAction) else list(card)
    return any(getattr(m, "jump", False) for m in moves) and "difficult" in grid.terrain.values()


def _pushes_or_pulls_near_walls(turn: Turn, grid: Grid, card: GloomhavenCard, rules: VariantRules, figures: Figures) -> bool:
    return _pushes_or_pulls(turn, grid, card, rules, figures) and (bool(grid.thin_walls) or "wall" in grid.terrain.values())


def _pushes_or_pulls(turn: Turn, grid: Grid, card: GloomhavenCard, rules: VariantRules, figures: Figures) -> bool:
    return any(a.push is not None or a.pull is not None for a in card_attacks(card))


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
        # plan.py says where the closest attack hexes are not the best attack's (what `false` would head for).
        lambda rules: rules.plan_best_future_attack,
    ),
    Switch(
        "aoe_anchor_in_wall",
        {
            True: "the hex of a ranged area within range may be a wall hex (GH FAQ, notes 4)",
            False: "the hex of a ranged area within range cannot be inside a wall line (FH p.22; gloom's test)",
        },
        _ranged_area_near_walls,
        # attacks.py says where the other reading's placements reach other hexes (Attacks.covered_from, attack_hexes).
        lambda rules: True,
    ),
    Switch(
        "sight",
        {
            "any": f"line of sight from any point of a hex to any point of the other (FH p.21; {_FH_READING})",
            "corner": "line of sight from a corner to a corner (GH 1st edition p.19)",
        },
        _sight_may_differ,
    ),
    Switch(
        "invisible_blocks_movement",
        {
            False: f"invisible enemies are walked through, not ended on (FH p.28; {_FH_READING})",
            True: "invisible enemies are obstacles (GH 1st edition, conditions)",
        },
        _invisible_enemy,
    ),
    Switch(
        "jump_pays_difficult_last_hex",
        {
            False: f"a jump ignores difficult terrain completely (FH p.24; {_FH_READING})",
            True: "the last hex of a jump pays for difficult terrain (GH 1st edition p.19)",
        },
        _jump_over_difficult,
    ),
    Switch(
        "forced_move_maximum",
        {
            True: "a monster's push or pull moves the target the maximum distance over the whole path (GH2e and FH FAQ 5.8)",
            False: "a monster's push or pull may follow any valid path the players choose (GH 1st edition p.20; "
            "FAQ 5.8's maximum distance is 'a change from the first edition')",
        },
        _pushes_or_pulls,
    ),
    Switch(
        "push_distance",
        {
            "range": "'farther from' and 'closer to' the attacker are counted as range, around walls (FH p.21: range is never "
            "counted through walls)",
            "hexes": "'farther from' and 'closer to' the attacker are counted in plain hexes, walls ignored (a hex behind a thin "
            "wall is then not farther)",
        },
        _pushes_or_pulls_near_walls,
    ),
)


def card_attacks(card: GloomhavenCard) -> list[GloomhavenAttack]:
    """Every attack printed on the card."""
    if isinstance(card, GloomhavenAction):
        return [card.attack] if card.attack is not None else []
    return [step.attack for step in card if step.attack is not None]


def _answer(turn: Turn) -> tuple[Any, ...]:
    return (tuple(turn.focus), tuple((o.to, o.attacks, o.effects) for o in turn.options))


#: Whether the turn being resolved works out why each other hex is not an option (off while a reading's other
#: value is resolved: only that turn's answer is compared, its reasons are never shown).
_EXPLAIN: ContextVar[bool] = ContextVar("gloomhaven_explain", default=True)


def explaining() -> bool:
    """Whether the turn being resolved works out its reasons (the ruled-out hexes); its answer is the same either way."""
    return _EXPLAIN.get()


@contextmanager
def answer_only() -> Iterator[None]:
    """While a reading's other value is resolved: no reasons are worked out (:func:`explaining` is false)."""
    token = _EXPLAIN.set(False)
    try:
        yield
    finally:
        _EXPLAIN.reset(token)


#: The switches the turn being resolved met where their other value would do otherwise (None: nobody watches).
_CONSULTED: ContextVar[set[str] | None] = ContextVar("gloomhaven_consulted", default=None)


def consulted(name: str) -> None:
    """The engine met a place where switch ``name``'s other value would do otherwise (a watched switch)."""
    found = _CONSULTED.get()
    if found is not None:
        found.add(name)


@contextmanager
def watching() -> Iterator[set[str]]:
    """While a turn is resolved: the names :func:`consulted` heard (read by :func:`name_readings`)."""
    found: set[str] = set()
    token = _CONSULTED.set(found)
    try:
        yield found
    finally:
        _CONSULTED.reset(token)


def name_readings(
    turn: Turn,
    grid: Grid,
    card: GloomhavenCard,
    rules: VariantRules,
    resolve: Resolve,
    figures: Figures,
    heard: set[str] | None = None,
) -> None:
    """Add a `reading` step for each switch whose other value changes ``turn``'s answer (``heard``: what
    :func:`watching` heard while ``turn`` was resolved; None: every switch that applies is tried)."""
    for switch in SWITCHES:
        if not switch.applies(turn, grid, card, rules, figures):
            continue
        if heard is not None and switch.name not in heard and switch.watched(rules):
            continue
        value = getattr(rules, switch.name)
        other_value = switch.other(value)
        changed: dict[str, Any] = {switch.name: other_value}
        with answer_only():
            other = resolve(replace(rules, **changed))
        if other is not None and _answer(other) == _answer(turn):
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
