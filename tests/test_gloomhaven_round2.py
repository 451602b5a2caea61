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
