"""The table test of docs/editor.md: a real Gloomhaven room entered from a new board, then its next round,
counting every key press and click a player needs (the goal: at most 60 for the room, 10 for a round)."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

pytest.importorskip("textual")

from test_editor import Counting, run_editor, session_for, settle  # noqa: E402

from enemy_move.editor.app import EditorScreen  # noqa: E402
from enemy_move.editor.dialogs import ChooseScreen  # noqa: E402
from enemy_move.models import load_scenario  # noqa: E402
from enemy_move.phase import resolve as resolve_scenario  # noqa: E402

ROOM_GOAL = 60
ROUND_GOAL = 10


async def enter_room(counting: Counting, screen: EditorScreen) -> None:
    """`enemy-move edit room.yaml --size 9x7` gives a 9x7 room walled all round with the starter's two figures."""
    # one thin wall, between [3, 3] and [4, 3]: the last two cells the cursor was on
    await counting.click_cell(3, 3)
    await counting.click_cell(4, 3)
    await counting.press("ctrl+t")
    # a trap, then an obstacle three rows down (arrows: a click would paint the trap again)
    await counting.click_cell(4, 1)
    await counting.type("^")
    await counting.press("down", "down", "down")
    await counting.type("*")
    await counting.press("escape")  # stop painting: clicks move the cursor again
    # the Bandit Guards: the starter's `a` stays on [2, 2] and becomes elite; `b` copies it (number 2)
    await counting.click_cell(2, 4)
    await counting.type("b")
    await counting.click_cell(2, 2)
    await counting.press("ctrl+e")  # both guards act: the starter plays the whole phase
    # the characters: name (two letters and → take the name offered) and initiative in the figure's form
    for col, row, label, initiative, name in ((5, 2, "A", "25", "Br"), (6, 4, "B", "60", "Sp"), (3, 5, "C", "40", "Ti")):
        await counting.click_cell(col, row)
        if label != "A":  # the starter's Brute stands on [5, 2] already; its form is typed all the same
            await counting.type(label)
        await counting.press("enter")
        await counting.type(initiative)
        await counting.press("tab")
        await counting.type(name)
        await counting.press("right", "enter")
    # the guards' card: move 2, melee attack (the new board's card is move 3, melee)
    await counting.press("ctrl+k")
    await counting.type("2")
    await counting.press("enter")
    await counting.press("ctrl+s")


async def play_round(counting: Counting, screen: EditorScreen) -> None:
    """Follow the answer; where the players choose, they take option 1; then the Brute moves and the next card is set."""
    await counting.press("ctrl+n")
    while isinstance(counting.pilot.app.screen, ChooseScreen):
        await counting.type("1")
    await counting.click_cell(6, 2)
    await counting.type("A")
    await counting.press("ctrl+k")
    await counting.type("3")
    await counting.press("enter")
    await counting.press("ctrl+s")


def test_the_room_and_its_next_round_within_the_goals(tmp_path: Path) -> None:
    path = tmp_path / "room.yaml"
    counts: dict[str, int] = {}
    before: dict[str, Any] = {}

    async def script(pilot: Any, screen: EditorScreen) -> None:
        room = Counting(pilot)
        await enter_room(room, screen)
        counts["room"] = room.actions
        assert screen.answer is not None and screen.answer.error is None and screen.answer.result is not None
        before.update(screen.session.doc.positions())
        assert [turn.actor for turn in screen.answer.result.turns] == ["a", "b"]  # elite first
        round_ = Counting(pilot)
        await play_round(round_, screen)
        counts["round"] = round_.actions
        await settle(pilot)
        assert screen.answer is not None and screen.answer.error is None

    run_editor(session_for(str(path), size="9x7"), script)
    # The room as saved after the round: everything entered, the guards moved as the answer said.
    scenario = load_scenario(path)
    model = scenario.model
    assert model.walls == [((3, 3), (4, 3))]
    figures = {label: (f.name, f.initiative, f.elite) for label, f in model.figures.items()}
    assert figures == {
        "A": ("Brute", 25, False),
        "B": ("Spellweaver", 60, False),
        "C": ("Tinkerer", 40, False),
        "a": ("Bandit Guard", None, True),
        "b": ("Bandit Guard", None, False),
    }
    assert model.action.move == 3 and model.action.attack is not None and model.active is None
    rows = model.map.splitlines()
    assert len(rows) == 7 and rows[0].split() == ["#"] * 9 and rows[1][2 * 4 + 1] == "^" and rows[4][2 * 4] == "*"
    assert load_scenario(path).model.figures["a"].number == 1
    after = resolve_scenario(scenario).initial
    assert after is not None and after.figures["A"] == (6, 2)
    assert after.figures["a"] != before["a"] or after.figures["b"] != before["b"]  # the guards moved
    print(f"\nroom: {counts['room']} actions, round: {counts['round']} actions")
    assert counts["room"] <= ROOM_GOAL
    assert counts["round"] <= ROUND_GOAL
