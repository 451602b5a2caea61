"""Issue 33: the sums a stat card and an ability card make, for any values (hypothesis): a relative value is the
section's plus it, kept within 0 and the cap; an absolute one is the card's own; the text says what was added."""

from __future__ import annotations

import json

from hypothesis import given, settings
from hypothesis import strategies as st

from enemy_move.games.gloomhaven.model import MAX_ATTACK_VALUE, GloomhavenAction, GloomhavenStatLine
from enemy_move.games.gloomhaven.stats import with_stat_line
from enemy_move.models.common import MAX_MOVE, MAX_RANGE

LINES = st.builds(
    GloomhavenStatLine,
    move=st.integers(0, MAX_MOVE),
    attack=st.integers(0, MAX_ATTACK_VALUE),
    range=st.integers(0, MAX_RANGE),
)
SIGNED = st.integers(-99, 99).map(lambda n: f"{n:+d}")


@settings(max_examples=200, deadline=None)
@given(LINES, SIGNED, SIGNED, SIGNED)
def test_relative_values_are_the_sections_plus_them_within_the_caps(line: GloomhavenStatLine, move: str, reach: str, value: str) -> None:
    card = GloomhavenAction.model_validate_json(json.dumps({"move": move, "attack": {"range": reach, "value": value}}), strict=True)
    summed, said = with_stat_line(card, line, None)
    assert isinstance(summed, GloomhavenAction) and summed.attack is not None
    assert summed.move == min(MAX_MOVE, max(0, line.move + int(move)))
    assert summed.attack.range == min(MAX_RANGE, max(0, line.range + int(reach)))
    assert summed.attack.value == min(MAX_ATTACK_VALUE, max(0, (line.attack or 0) + int(value)))
    assert said[0] == _said("Move", line.move, int(move), summed.move)
    assert _said("Attack", line.attack or 0, int(value), summed.attack.value) in said
    assert _said("Range", line.range, int(reach), summed.attack.range) in said


def _said(name: str, base: int, change: int, counted: int | None) -> str:
    """The sum as shown: always the true arithmetic, then what it counts as where the cap or 0 bounds it."""
    total = base + change
    if counted == total:
        return f"{name} {base}{change:+d} = {total}"
    why = f"enemy-move's cap for a {name.lower()}" if total > 0 else "never below 0"
    return f"{name} {base}{change:+d} = {total}, counted as {counted} ({why})"


@settings(max_examples=100, deadline=None)
@given(LINES, st.integers(0, MAX_MOVE), st.integers(0, MAX_RANGE))
def test_absolute_values_are_the_cards_own(line: GloomhavenStatLine, move: int, reach: int) -> None:
    card = GloomhavenAction.model_validate_json(json.dumps({"move": move, "attack": {"range": reach}}), strict=True)
    summed, said = with_stat_line(card, line, None)
    assert isinstance(summed, GloomhavenAction) and summed.attack is not None
    assert (summed.move, summed.attack.range) == (move, reach)
    assert not any(text.startswith("Range ") for text in said)  # the card's own range: nothing added, nothing said
