"""Issue 33 in the terminal editor: stat cards (Ctrl+K, then s), a line by level, the scenario level, and a card's
relative values typed with their sign ("+1"), with the sums each figure gets shown by the card's form."""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path
from typing import Any

import pytest

pytest.importorskip("textual")

from test_editor import answer_error, copy_scenario, press, run_editor, session_for, settle  # noqa: E402

from enemy_move.editor.app import EditorScreen  # noqa: E402
from enemy_move.editor.cards import AskScreen, CardsScreen  # noqa: E402
from enemy_move.editor.fieldview import FieldsView  # noqa: E402
from enemy_move.editor.forms import FormScreen, parse_value  # noqa: E402
from enemy_move.editor.stats import StatsScreen, stat_models  # noqa: E402
from enemy_move.models import load_scenario_text  # noqa: E402


def _field(form: Any, key: str) -> Any:
    return next(f for f in form.fields if f.key == key)


def test_relative_values_are_typed_with_their_sign_and_the_sums_shown(tmp_path: Path) -> None:
    path = copy_scenario(tmp_path, "gloomhaven/111-stat-card-elite-and-normal.yaml")

    async def script(pilot: Any, screen: EditorScreen) -> None:
        await press(pilot, "ctrl+k")  # one {move, attack} card: its form
        form = pilot.app.screen
        assert isinstance(form, FormScreen)
        assert "e: Move 3+1 = 4" in form.note and "n: Move 2+1 = 3" in form.note  # what each figure gets now
        move = _field(form, "action.move")
        assert move.kind == "signed" and _field(form, "action.attack.value").kind == "signed"
        assert form.values["action.move"] == "+1"
        await press(pilot, "backspace", "backspace", "+", "2", "enter")
        await settle(pilot)
        assert screen.session.doc.get("action.move") == "+2" and 'move: "+2"' in screen.session.text()
        assert answer_error(screen) is None and screen.answer is not None and screen.answer.result is not None
        assert [len(t.options[0].path) - 1 for t in screen.answer.result.turns] == [5, 4]  # 3+2 and 2+2
        assert "e: Move 3+2 = 5" in screen.answer_sums()
        answer = screen.answer
        screen.answer = replace(answer, generation=answer.generation - 1)  # an edit whose answer is on its way
        assert "resolving the edit" in screen.answer_sums() and "3+2" not in screen.answer_sums()
        screen.answer = answer
        await press(pilot, "ctrl+k")
        await press(pilot, "backspace", "backspace", "2", "enter")  # a plain number: absolute
        await settle(pilot)
        assert screen.session.doc.get("action.move") == 2 and "move: 2," in screen.session.text()

    run_editor(session_for(path), script)


def test_stat_cards_lines_by_level_and_the_scenario_level(tmp_path: Path) -> None:
    path = copy_scenario(tmp_path, "gloomhaven/111-stat-card-elite-and-normal.yaml")

    async def script(pilot: Any, screen: EditorScreen) -> None:
        doc = screen.session.doc
        await press(pilot, "ctrl+k", "ctrl+k")  # the card's form, then the card list
        assert isinstance(pilot.app.screen, CardsScreen) and "Move 3+1 = 4" in pilot.app.screen.note
        await press(pilot, "s")  # the stat cards: the scenario level, then each card
        stats = pilot.app.screen
        assert isinstance(stats, StatsScreen) and [r.key for r in stats.rows] == ["level", "stats.Bandit Guard"]
        await press(pilot, "down", "enter")  # the card's form: its sections, each value
        form = pilot.app.screen
        assert isinstance(form, FormScreen) and form.title_text == "Stat card Bandit Guard"
        keys = [f.key for f in form.fields]
        assert keys[:2] == ["stats.Bandit Guard.normal", "stats.Bandit Guard.normal.move"] and "stats.Bandit Guard.elite.jump" in keys
        await press(pilot, "backspace", "4", "enter")  # the normal section's move: 2 -> 4
        await settle(pilot)
        assert doc.get("stats.Bandit Guard.normal.move") == 4 and isinstance(pilot.app.screen, StatsScreen)
        assert screen.answer is not None and screen.answer.result is not None
        assert [len(t.options[0].path) - 1 for t in screen.answer.result.turns] == [4, 5]  # n: 4+1
        await press(pilot, "l")  # a line for a level: the card becomes a card by level, playing it
        assert isinstance(pilot.app.screen, AskScreen)
        await press(pilot, "2", "enter")
        assert doc.get("stats.Bandit Guard.levels") == {2: {"normal": {"move": 4, "attack": 2}, "elite": {"move": 3, "attack": 3}}}
        assert doc.get("stats.Bandit Guard.level") == 2 and "levels:" in screen.session.text()
        form = pilot.app.screen
        assert isinstance(form, FormScreen) and form.title_text == "Stat card Bandit Guard, level 2"
        await press(pilot, "escape")  # back to the list: a row per line
        await settle(pilot)
        stats = pilot.app.screen
        assert isinstance(stats, StatsScreen) and "stats.Bandit Guard.levels.2" in [r.key for r in stats.rows]
        await press(pilot, "up", "up", "up", "enter", "2", "enter")  # the scenario level
        await settle(pilot)
        assert doc.get("level") == 2 and screen.session.text().index("level: 2") < screen.session.text().index("map:")
        await press(pilot, "down", "enter", "backspace", "enter")  # the card's own level removed: the scenario's plays
        await settle(pilot)
        assert doc.get("stats.Bandit Guard.level") is None and answer_error(screen) is None
        await press(pilot, "escape")
        for _ in range(4):
            await press(pilot, "ctrl+z")  # one undo step each: the card as it was written
        assert load_scenario_text(screen.session.text()).model.stats["Bandit Guard"].levels == {}

    run_editor(session_for(path), script)


def test_the_attack_shorthand_is_spelled_out_when_a_key_of_it_is_edited(tmp_path: Path) -> None:
    path = copy_scenario(tmp_path, "gloomhaven/115-stat-card-relative-attack.yaml")

    async def script(pilot: Any, screen: EditorScreen) -> None:
        await press(pilot, "ctrl+k")
        form = pilot.app.screen
        assert isinstance(form, FormScreen) and form.values["action.attack.value"] == "+1"
        assert "e: Move 1+0 = 1; Attack 3+1 = 4" in form.note
        await press(pilot, "enter")  # nothing changed: the shorthand stays as written
        assert screen.session.doc.get("action.attack") == "+1"
        await press(pilot, "ctrl+k", "tab", "tab", "tab", "tab")  # move, jump, teleport, attack: on, its range
        form = pilot.app.screen
        assert isinstance(form, FormScreen) and form.focused is not None
        focus_index = form.query_one(FieldsView).focus_index
        assert focus_index is not None and form.fields[focus_index].key == "action.attack.range"
        await press(pilot, "2")  # the field's value was selected with the focus: "2" replaces it
        await press(pilot, "enter")
        await settle(pilot)
        assert screen.session.doc.get("action.attack") == {"value": "+1", "range": 2}
        await press(pilot, "ctrl+z")
        assert screen.session.doc.get("action.attack") == "+1"

    run_editor(session_for(path), script)


def test_signed_values_are_kept_as_written() -> None:
    from enemy_move.editor.forms import Field

    signed, number = Field("action.move", "move", "signed"), Field("action.move", "move", "number")
    assert parse_value(signed, " +1 ") == "+1" and parse_value(signed, "-2") == "-2" and parse_value(signed, "3") == 3
    assert parse_value(number, "+1") == 1  # a plain number field reads a sign as a number
    assert stat_models("gloomhaven") is not None and stat_models("agemonia") is None


def test_a_line_by_level_keeps_the_rest_of_the_file_and_the_cards_comment() -> None:
    from enemy_move.document.document import ScenarioDocument
    from enemy_move.editor.stats import add_level

    path = Path(__file__).resolve().parent.parent / "scenarios" / "gloomhaven" / "111-stat-card-elite-and-normal.yaml"
    text = path.read_text().replace("  Bandit Guard:\n", "  Bandit Guard:   # the box's card\n")
    doc = ScenarioDocument.from_text(text, "x.yaml")
    add_level(doc, "stats.Bandit Guard", 2)
    add_level(doc, "stats.Bandit Guard", 3)  # a copy of the line in play (2)
    after = doc.text()
    head, tail = text.split("stats:\n")[0], text.split("action:")[1]
    assert after.startswith(head + "stats:\n  Bandit Guard:   # the box's card\n    level: 2\n") and after.endswith("action:" + tail)
    card = load_scenario_text(after).model.stats["Bandit Guard"]
    assert card.level == 2 and card.levels[3] == card.levels[2] and card.line(True) is not None
