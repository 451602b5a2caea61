"""Gloomhaven round 2 (issue 12, part A): rule errors found by outside references, the open
readings behind `rules.*` switches, and bounded work on large positions.

Expected answers are worked out by hand from the rules texts (see each test's comment);
coordinates are the contract's odd-r ``(col, row)``.
"""

from __future__ import annotations

import pytest

from test_gloomhaven import GUARD, character, options, run, scenario

SEALED = ". . # # #\n a . # ^ A\n. . # # .\n"


def test_flying_teleport_ignores_walls_and_lands_on_a_trap():
    # FH p.24: a teleport ignores everything between start and end; a flyer is never
    # affected by traps, so the trap next to the Brute (3 away) beats the clean hex (4 away).
    flyer = {**GUARD, "flying": True}
    result = run(scenario(SEALED, {"a": flyer, "A": character(30)}, {"move": 3, "teleport": True, "attack": {"range": 0}}, variant="frosthaven"))
    assert result.turns[0].focus == ["A"]
    assert options(result) == {((3, 1), ("A",))}


def test_flying_without_teleport_is_stopped_by_the_wall_line():
    flyer = {**GUARD, "flying": True}
    result = run(scenario(SEALED, {"a": flyer, "A": character(30)}, {"move": 3, "attack": {"range": 0}}, variant="frosthaven"))
    assert result.turns[0].focus == []


def test_teleport_without_flying_avoids_the_trap():
    # Same board, no Flying: the trap is a negative hex, so it heads for [4, 2] (out of
    # reach this turn) and lands on the hexes 3 away from it that are 1 teleport away.
    result = run(scenario(SEALED, {"a": GUARD, "A": character(30)}, {"move": 3, "teleport": True, "attack": {"range": 0}}, variant="frosthaven"))
    assert result.turns[0].focus == ["A"]
    assert all(to != (3, 1) for to, _ in options(result))
    assert options(result) == {((1, 1), ()), ((1, 2), ())}


# ---------------------------------------------------------------------------
# Focus ties on initiative: a partial order (unknown initiatives are not guessed)

LINE = ". . . . .\n S . a . A\n. . . . .\n"


def test_summon_is_focused_before_its_summoner_without_initiative():
    # GH p.30: summons are focused on before their summoner; the summoner's number is not needed.
    figures = {"a": GUARD, "A": character(), "S": {"kind": "summon", "owner": "A"}}
    result = run(scenario(LINE, figures, MELEE2))
    assert result.turns[0].focus == ["S"]
    assert options(result) == {((1, 1), ("S",))}


def test_summon_of_a_character_without_initiative_ties_with_another_character():
    # The summoner's place is unknown, so its summon is not surely before B (initiative 10):
    # the players choose.
    figures = {"a": GUARD, "A": character(), "S": {"kind": "summon", "owner": "A"}, "B": character(10)}
    text = ". . . . .\n S . a . B\n. . . . A\n"
    result = run(scenario(text, figures, MELEE2))
    assert result.turns[0].focus == ["B", "S"]


def test_a_known_earlier_initiative_still_beats_a_later_one_when_a_third_is_unknown():
    # C (no initiative) may come before or after A (10), but B (20) is surely after A.
    text = ". A .\n B a C\n. . .\n"
    result = run(scenario(text, {"a": GUARD, "A": character(10), "B": character(20), "C": character()}, {"move": 0, "attack": {"range": 0}}, variant="jotl"))
    assert result.turns[0].focus == ["A", "C"]


MELEE2 = {"move": 2, "attack": {"range": 0}}
ELITE_AND_NORMAL = {
    "S": {"kind": "summon", "owner": "A"},
    "A": character(50),
    "m": {"kind": "monster", "name": "Bandit Guard", "number": 2, "elite": True, "initiative": 40},
    "n": {"kind": "monster", "name": "Bandit Guard", "number": 1, "initiative": 40},
}


@pytest.mark.parametrize(("reading", "focus"), [("turn", ["m"]), ("initiative", ["m", "n"])])
def test_summon_focus_between_an_elite_and_a_normal_follows_the_reading(reading, focus):
    # Both monsters are adjacent to the acting summon and share their card's initiative.
    result = run(scenario(". . . .\n m S n .\n. . . A\n", ELITE_AND_NORMAL, {"move": 0, "attack": {"range": 0}}, active="S", rules={"monster_focus_order": reading}))
    assert result.turns[0].focus == focus
    named = [step for step in result.turns[0].reasoning if step.step == "reading"]
    assert named and reading in named[0].text, "the reading is named when it changed the answer"


def test_standee_numbers_order_two_normals_under_the_turn_reading():
    figures = dict(ELITE_AND_NORMAL, m={**ELITE_AND_NORMAL["m"], "elite": False})
    result = run(scenario(". . . .\n m S n .\n. . . A\n", figures, {"move": 0, "attack": {"range": 0}}, active="S"))
    assert result.turns[0].focus == ["n"]
