"""Open readings resolved again only where they may decide (gloom side by side, issue 34): a watched switch
(rules.plan_best_future_attack under `true`) is tried with its other value only when the engine said, while
resolving the turn, that the other value would head elsewhere (readings.consulted)."""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path

from enemy_move.games.gloomhaven import readings
from enemy_move.games.gloomhaven.model import GloomhavenAction, GloomhavenAttack, GloomhavenFigure
from enemy_move.games.gloomhaven.variants import VARIANTS, VariantRules
from enemy_move.geometry.grid import Grid
from enemy_move.result import Step, Turn

GRID = Grid("hex", 4, 3, {(c, r): "floor" for c in range(4) for r in range(3)}, figures={"a": (0, 0), "A": (3, 2)})
FIGURES = {"a": GloomhavenFigure(kind="monster"), "A": GloomhavenFigure(kind="character")}
RANGED = GloomhavenAction(move=2, attack=GloomhavenAttack(range=3))


def tried(rules: VariantRules, heard: set[str] | None) -> list[VariantRules]:
    """The rules each switch was tried with, for a turn heading for a later ranged attack on an open board."""
    turn = Turn(actor="a", reasoning=[Step("destination", "It heads for ...")])
    asked: list[VariantRules] = []

    def resolve(other: VariantRules) -> Turn:
        asked.append(other)
        return turn

    readings.name_readings(turn, GRID, RANGED, rules, resolve, FIGURES, heard)
    return asked


def test_a_watched_switch_the_turn_never_consulted_is_not_tried() -> None:
    rules = VARIANTS["gloomhaven"]
    assert rules.plan_best_future_attack
    assert tried(rules, set()) == []
    assert tried(rules, {"plan_best_future_attack"}) == [replace(rules, plan_best_future_attack=False)]
    assert tried(rules, None) == [replace(rules, plan_best_future_attack=False)]  # nobody watched: tried


def test_under_its_unwatched_value_the_switch_is_always_tried() -> None:
    rules = VARIANTS["frosthaven"]
    assert not rules.plan_best_future_attack
    assert tried(rules, set()) == [replace(rules, plan_best_future_attack=True)]


def test_watching_hears_only_inside_its_block() -> None:
    readings.consulted("plan_best_future_attack")  # nobody watches: nothing kept
    with readings.watching() as heard:
        readings.consulted("plan_best_future_attack")
        with readings.watching() as inner:
            readings.consulted("sight")
    assert heard == {"plan_best_future_attack"} and inner == {"sight"}


def test_the_plan_says_where_the_closest_hexes_are_not_the_best_attacks() -> None:
    # Under `true` the switch is tried only when the plan said so: bundled scenarios still name it under `true`
    # (tests/test_readings_named.py checks every file both ways).
    from enemy_move.models import load_scenario
    from enemy_move.phase import resolve

    named = 0
    for file in sorted((Path(__file__).resolve().parent.parent / "scenarios" / "gloomhaven").glob("*.yaml")):
        result = resolve(load_scenario(file), None, {}, ())
        for step in (step for turn in result.turns for step in turn.reasoning):
            named += step.data.get("switch") == "rules.plan_best_future_attack" and step.data.get("value") is True
    assert named > 0
