"""Enemy cards in the terminal editor (Ctrl+K on a file with `enemy_cards:`): the Initiative card's symbol set for
a type with one key, an action edited, a new card and a new action, a removal; each one undo step, every other byte
of the file kept, and the answer the loader gives for what was written."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

pytest.importorskip("textual")

from test_editor import answer_error, copy_scenario, press, run_editor, session_for, settle  # noqa: E402

from enemy_move.editor.app import EditorScreen  # noqa: E402
from enemy_move.editor.cards import AskScreen, CardsScreen  # noqa: E402
from enemy_move.editor.enemycards import EnemyCardsScreen, enemy_card_fields, enemy_card_models, enemy_card_rows  # noqa: E402
from enemy_move.editor.forms import FormScreen  # noqa: E402
from enemy_move.models import load_scenario_text  # noqa: E402

CARDS = "agemonia/enemy-card-symbol.yaml"


def _rows(pilot: Any) -> list[str]:
    screen = pilot.app.screen
    assert isinstance(screen, EnemyCardsScreen)
    return [row.key for row in screen.rows]


def _to(pilot: Any, key: str) -> list[str]:
    """The keys to press on the open list to select ``key``."""
    screen = pilot.app.screen
    keys = [row.key for row in screen.rows]
    step = keys.index(key) - screen.index
    return ["down" if step > 0 else "up"] * abs(step)


def _destinations(screen: EditorScreen) -> list[str]:
    assert screen.answer is not None and screen.answer.result is not None, answer_error(screen)
    return [str(turn.options[0].to) for turn in screen.answer.result.turns]


def test_the_symbol_this_round_is_one_key_and_one_undo_step(tmp_path: Path) -> None:
    path = copy_scenario(tmp_path, CARDS)
    before = Path(path).read_text()

    async def script(pilot: Any, screen: EditorScreen) -> None:
        await settle(pilot)
        assert _destinations(screen) == ["Road", "Gate"]  # the shield: move 1
        await press(pilot, "ctrl+k")  # a file with Enemy cards: their list first
        assert _rows(pilot) == [
            "initiative",
            "enemy_cards.Skitterer",
            "enemy_cards.Skitterer.sword",
            "enemy_cards.Skitterer.shield",
            "enemy_cards.Ghoul",
            "enemy_cards.Ghoul.claw",
            "enemy_cards.Ghoul.horn",
        ]
        listed = pilot.app.screen
        assert listed.rows[3].text.endswith("◀ this round") and "this round 'shield'" in listed.rows[1].text
        await press(pilot, *_to(pilot, "enemy_cards.Skitterer.sword"), "space")  # the Initiative card shows the sword
        await settle(pilot)
        assert screen.session.doc.get("symbols.Skitterer") == "sword" and isinstance(pilot.app.screen, EnemyCardsScreen)
        assert _destinations(screen) == ["Gate", "Gate"]  # move 2: the skitterer reaches the Gate
        assert Path(path).read_text() == before  # not saved yet
        await press(pilot, "escape", "ctrl+z")
        assert screen.session.text() == before  # one undo step, every byte as it was

    run_editor(session_for(path), script)


def test_an_action_edited_a_new_card_and_action_and_removals(tmp_path: Path) -> None:
    path = copy_scenario(tmp_path, CARDS)
    before = Path(path).read_text()

    async def script(pilot: Any, screen: EditorScreen) -> None:
        doc = screen.session.doc
        await press(pilot, "ctrl+k")
        await press(pilot, *_to(pilot, "enemy_cards.Skitterer.shield"), "enter")  # the action's form
        form = pilot.app.screen
        assert isinstance(form, FormScreen) and form.title_text == "Enemy card Skitterer: shield"
        keys = [field.key for field in form.fields]
        assert keys[0] == "enemy_cards.Skitterer.shield.move" and "enemy_cards.Skitterer.shield.attack.range" in keys
        await press(pilot, "backspace", "2", "enter")
        await settle(pilot)
        assert doc.get("enemy_cards.Skitterer.shield") == {"move": 2} and _destinations(screen) == ["Gate", "Gate"]
        assert screen.session.text() == before.replace("shield: {move: 1}", "shield: {move: 2}")  # nothing else moved
        await press(pilot, *_to(pilot, "enemy_cards.Ghoul"), "enter")  # the card's form: this round's symbol
        form = pilot.app.screen
        assert isinstance(form, FormScreen) and [f.key for f in form.fields] == ["symbols.Ghoul"]
        assert form.fields[0].choices == ("claw", "horn")
        await press(pilot, "escape", "a")  # a new action on the selected card
        assert isinstance(pilot.app.screen, AskScreen)
        await press(pilot, "w", "i", "n", "g", "enter")
        assert doc.get("enemy_cards.Ghoul.wing") == {"move": 1} and isinstance(pilot.app.screen, FormScreen)
        await press(pilot, "escape", "n")  # a new card: the enemy types without one are offered
        assert isinstance(pilot.app.screen, AskScreen)
        await press(pilot, "O", "g", "r", "e", "enter")
        assert doc.get("enemy_cards.Ogre") == {"sword": {"move": 1}}
        await press(pilot, "escape")
        assert "enemy_cards.Ogre.sword" in _rows(pilot)
        await press(pilot, *_to(pilot, "enemy_cards.Ghoul"), "delete")  # the card and its type's symbol go together
        await settle(pilot)
        assert doc.get("enemy_cards.Ghoul") is None and doc.get("symbols") == {"Skitterer": "shield"}
        assert "'Ogre' is not an enemy type" in str(answer_error(screen))  # the loader judges: located, said
        await press(pilot, *_to(pilot, "enemy_cards.Ogre"), "delete")
        await settle(pilot)
        assert answer_error(screen) is None  # the ghoul now performs `action`: still a valid file
        await press(pilot, "c")  # the action cards
        assert isinstance(pilot.app.screen, CardsScreen) and not isinstance(pilot.app.screen, EnemyCardsScreen)
        await press(pilot, "e")  # and back
        assert isinstance(pilot.app.screen, EnemyCardsScreen)
        await press(pilot, "escape")
        for _ in range(6):
            await press(pilot, "ctrl+z")
        assert screen.session.text() == before

    run_editor(session_for(path), script)


def test_the_rows_and_fields_come_from_the_model() -> None:
    from enemy_move.document.document import ScenarioDocument

    assert enemy_card_models("gloomhaven") is None and enemy_card_models("cloudspire") is None
    models = enemy_card_models("agemonia")
    assert models is not None and models.symbols and models.order
    text = (Path(__file__).resolve().parent.parent / "scenarios" / CARDS).read_text()
    doc = ScenarioDocument.from_text(text)
    rows = enemy_card_rows(models, doc)
    assert rows[0].text == "Initiative card order: Skitterer, Ghoul"
    title, fields = enemy_card_fields(models, doc, "initiative")
    assert title == "Initiative card" and fields[0].kind == "list"
    assert load_scenario_text(text).model.symbols == {"Skitterer": "shield", "Ghoul": "claw"}
