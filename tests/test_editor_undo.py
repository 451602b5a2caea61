"""The editor (issues 32 and 34): keys typed right after a dialog opens reach it, the starters play the whole
phase, undo and redo say what they undid, and undo records the changed values instead of copying the document."""

from __future__ import annotations

import random
from pathlib import Path
from typing import Any

import pytest

pytest.importorskip("textual")

from test_editor import press, run_editor, session_for, settle  # noqa: E402
from textual import events  # noqa: E402

from enemy_move.document.document import ScenarioDocument  # noqa: E402
from enemy_move.editor.app import EditorScreen  # noqa: E402
from enemy_move.editor.forms import FormScreen  # noqa: E402
from enemy_move.editor.session import Session  # noqa: E402
from enemy_move.models import load_scenario_text  # noqa: E402
from enemy_move.phase import resolve  # noqa: E402
from enemy_move.registry import GAMES  # noqa: E402
from enemy_move.starters import starter, starter_rulesets  # noqa: E402


def at_once(pilot: Any, *keys: tuple[str, str | None]) -> None:
    """Keys typed faster than the screen follows (as on a loaded machine): all queued before any is handled."""
    for key, character in keys:
        pilot.app.post_message(events.Key(key, character))


def message(pilot: Any) -> str:
    return str(pilot.app.screen.query_one("#message").render())


# --- keys typed right after a dialog opens ------------------------------------------------------------------


def test_keys_typed_right_after_enter_go_into_the_figure_form(tmp_path: Path) -> None:
    async def script(pilot: Any, screen: EditorScreen) -> None:
        await press(pilot, "C")
        at_once(pilot, ("enter", "\r"), ("4", "4"), ("0", "0"))  # Enter opens the form; "40" follows at once
        await settle(pilot)
        assert isinstance(pilot.app.screen, FormScreen)
        at_once(pilot, ("enter", "\r"))
        await settle(pilot)
        assert screen.session.doc.get("figures.C.initiative") == 40

    run_editor(session_for(str(tmp_path / "r.yaml"), size="9x7"), script)


def test_cursor_keys_typed_fast_move_before_the_keys_behind_them(tmp_path: Path) -> None:
    async def script(pilot: Any, screen: EditorScreen) -> None:
        session = screen.session
        assert session.cursor == (1, 1)
        at_once(pilot, ("right", None), ("right", None), ("number_sign", "#"), ("down", None), ("b", "b"))
        for _ in range(5):  # the keys handled (the first edit's answer is cancelled by the second's: not awaited)
            await pilot.pause(0)
        assert session.doc.figure_at(3, 2) == "b" and session.doc.get("figures.b") is not None
        assert "#" in session.doc.get("map").splitlines()[1]  # the wall on [3, 1], where the cursor was
        assert session.doc.figure_at(1, 1) is None

    run_editor(session_for(str(tmp_path / "r.yaml"), size="9x7"), script)


def test_keys_typed_right_after_the_size_and_links_dialogs(tmp_path: Path) -> None:
    async def grid(pilot: Any, screen: EditorScreen) -> None:
        at_once(pilot, ("ctrl+r", "\x12"), *[("backspace", "\x08")] * 3, ("8", "8"), ("x", "x"), ("6", "6"))
        await settle(pilot)
        at_once(pilot, ("enter", "\r"))
        await settle(pilot)
        assert screen.session.size() == (8, 6)

    run_editor(session_for(str(tmp_path / "r.yaml"), size="9x7"), grid)

    async def areas(pilot: Any, screen: EditorScreen) -> None:
        at_once(pilot, ("ctrl+l", "\x0c"), *[(c, c) for c in "A1 == A3"], ("enter", "\r"))  # Enter adds the link typed
        await settle(pilot)
        assert "A1 == A3" in screen.session.doc.get("links")
        await press(pilot, "escape")
        assert pilot.app.screen is screen

    run_editor(session_for(str(tmp_path / "a.yaml"), ruleset="agemonia"), areas)


# --- the starters play the whole phase ----------------------------------------------------------------------


@pytest.mark.parametrize("ruleset", starter_rulesets())
def test_starters_play_the_whole_phase(ruleset: str) -> None:
    """No `active:` line: a figure added to a new board acts too (it used to stay idle, silently)."""
    for variant in list(GAMES[ruleset].variants) or [""]:
        text = starter(ruleset, variant)
        assert "\nactive:" not in text and "# active:" in text  # said in a comment, not set
        assert load_scenario_text(text).model.active is None


def test_a_monster_added_to_a_new_board_acts(tmp_path: Path) -> None:
    async def script(pilot: Any, screen: EditorScreen) -> None:
        session = screen.session
        session.move_cursor((2, 4))
        await press(pilot, "b")  # a second Bandit Guard
        await settle(pilot)
        assert screen.answer is not None and screen.answer.result is not None
        assert sorted(turn.actor for turn in screen.answer.result.turns) == ["a", "b"]

    run_editor(session_for(str(tmp_path / "r.yaml"), size="9x7"), script)


# --- undo and redo say what they undid ----------------------------------------------------------------------


def test_undo_and_redo_say_what_they_undid(tmp_path: Path) -> None:
    async def script(pilot: Any, screen: EditorScreen) -> None:
        screen.session.move_cursor((3, 4))
        await press(pilot, "asterisk")
        await press(pilot, "ctrl+z")
        assert message(pilot) == "Undid: painted [3, 4] obstacle"
        await press(pilot, "ctrl+y")
        assert message(pilot) == "Redid: painted [3, 4] obstacle"
        await press(pilot, "C", "ctrl+z")
        assert message(pilot) == "Undid: placed C to [3, 4]"
        await press(pilot, "ctrl+z", "ctrl+z")
        assert message(pilot) == "nothing to undo"

    run_editor(session_for(str(tmp_path / "r.yaml"), size="9x7"), script)


# --- undo by recorded changes -------------------------------------------------------------------------------


def _edits(session: Session, rng: random.Random) -> None:
    """One random edit of the kinds the editor makes."""
    cols, rows = session.size()
    cell = (rng.randrange(1, cols - 1), rng.randrange(1, rows - 1))
    kind = rng.randrange(7)
    try:
        if kind == 0:
            session.paint(rng.choice("*^%~."), cell)
        elif kind == 1:
            session.place(rng.choice("abcABC"), cell)
        elif kind == 2:
            labels = list(session.figures())
            if labels:
                session.remove_figure(rng.choice(labels))
        elif kind == 3:
            session.move_cursor(cell)
            session.move_cursor((cell[0] + 1, cell[1]))
            session.toggle_wall()
        elif kind == 4:
            session.set_key(rng.choice(["action.move", "figures.a.initiative", "title"]), rng.choice([None, 2, 5, "x"]))
        elif kind == 5:
            session.write_form({"figures.A.initiative": rng.randrange(1, 99), "active": rng.random() < 0.5}, "A", "edited figure A")
        else:
            session.resize(rng.randrange(6, 10), rng.randrange(5, 9))
    except Exception as error:  # an edit that cannot be made leaves the document as it was
        assert type(error).__name__ == "EditError", error


@pytest.mark.parametrize("seed", range(10))
def test_undo_all_then_redo_all_gives_back_every_text(seed: int, monkeypatch: pytest.MonkeyPatch) -> None:
    document = ScenarioDocument.new("gloomhaven", size=(9, 7))
    session = Session(document, "r.yaml")
    session.symbols()  # the game's symbols are worked out once, on a starter of their own (copies allowed there)

    def no_copies(self: ScenarioDocument) -> ScenarioDocument:
        raise AssertionError("an edit copied the whole document")

    monkeypatch.setattr(ScenarioDocument, "copy", no_copies)
    rng = random.Random(seed)
    texts = [session.doc.text()]
    for _ in range(60):
        before = len(session.undo_stack)
        _edits(session, rng)
        if len(session.undo_stack) > before:
            texts.append(session.doc.text())
        else:
            assert session.doc.text() == texts[-1]  # no step: nothing changed
    for text in reversed(texts[:-1]):
        assert session.undo() is not None
        assert session.doc.text() == text
    assert session.undo() is None
    for text in texts[1:]:
        assert session.redo() is not None
        assert session.doc.text() == text


def test_a_large_area_board_edit_saves_one_area_not_the_document(monkeypatch: pytest.MonkeyPatch) -> None:
    names = [f"R{i}" for i in range(300)]
    text = "ruleset: agemonia\nareas:\n" + "".join(f"  {n}: {{capacity: 2}}\n" for n in names)
    text += "links: [" + ", ".join(f"{a} -- {b}" for a, b in zip(names, names[1:])) + "]\n"
    text += "figures:\n  s: {side: enemy, area: R0}\n  L: {side: hero, area: R299, taunt: 1}\naction: {move: 2}\n"
    session = Session(ScenarioDocument.from_text(text, "a.yaml"), "a.yaml", saved_text=text)
    monkeypatch.setattr(ScenarioDocument, "copy", lambda self: pytest.fail("copied"))
    assert session.set_key("areas.R5.capacity", 4)
    (saved,) = session.undo_stack[-1].saved
    assert saved.parts == ("areas", "R5", "capacity") and saved.value == 2
    assert session.set_key("links", ["R0 -- R1"])
    assert session.undo() == "set links" and len(session.doc.get("links")) == 299
    assert session.undo() == "set areas.R5.capacity" and session.doc.text() == text
    assert resolve(load_scenario_text(session.doc.text())).turns  # still a valid board
