"""The links dialog of area boards (Ctrl+L): one link added, changed or removed at a time, each one undo step
that saves only that link; every link listed on demand, drawn line by line (issue 34)."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

pytest.importorskip("textual")

from test_editor import press, run_editor, session_for  # noqa: E402

from enemy_move.document.document import EditError  # noqa: E402
from enemy_move.editor.app import EditorScreen  # noqa: E402
from enemy_move.editor.links import LinkList, LinksScreen  # noqa: E402


def said(pilot: Any) -> str:
    return str(pilot.app.screen.query_one("#said").render())


def test_links_added_changed_and_removed_one_undo_step_each(tmp_path: Path) -> None:
    async def script(pilot: Any, screen: EditorScreen) -> None:
        session = screen.session
        assert session.doc.get("links") == ["A1 -- A2", "A2 -- A3"]
        await press(pilot, "ctrl+l", *"A1 -- A3", "enter")
        assert isinstance(pilot.app.screen, LinksScreen) and said(pilot) == "linked A1 -- A3"
        assert session.doc.get("links") == ["A1 -- A2", "A2 -- A3", "A1 -- A3"]
        await press(pilot, *"A3 || A1", "enter")  # the same two areas: the line changes, in place
        assert said(pilot) == "changed A1 -- A3 to A3 || A1"
        assert session.doc.get("links") == ["A1 -- A2", "A2 -- A3", "A3 || A1"]
        await press(pilot, *"A3 || A1", "enter")
        assert "linked already" in said(pilot) and len(session.undo_stack) == 2
        await press(pilot, "ctrl+u", *"A1 -> A9", "enter")
        assert "write a link as A -- B" in said(pilot)
        await press(pilot, "ctrl+u", *"A1 -- A9", "enter")
        assert said(pilot) == "no area 'A9': add it first (+)"
        # the list shows the selected area's links (A1); ↓ goes to it, Delete removes the selected one
        listed = pilot.app.screen.query_one(LinkList)
        assert [text for _, text in listed.items] == ["A1 -- A2", "A3 || A1"]
        await press(pilot, "down", "down", "delete")
        assert session.doc.get("links") == ["A1 -- A2", "A2 -- A3"] and said(pilot) == "removed A3 || A1"
        await press(pilot, "ctrl+o")  # every link
        assert [text for _, text in listed.items] == ["A1 -- A2", "A2 -- A3"]
        await press(pilot, "escape")
        assert pilot.app.screen is screen
        for expected in (["A1 -- A2", "A2 -- A3", "A3 || A1"], ["A1 -- A2", "A2 -- A3", "A1 -- A3"], ["A1 -- A2", "A2 -- A3"]):
            await press(pilot, "ctrl+z")
            assert session.doc.get("links") == expected
        await press(pilot, "ctrl+y", "ctrl+y", "ctrl+y")
        assert session.doc.get("links") == ["A1 -- A2", "A2 -- A3"]

    run_editor(session_for(str(tmp_path / "a.yaml"), ruleset="agemonia"), script)


def test_adding_a_link_saves_only_that_link_for_undo(tmp_path: Path) -> None:
    session = session_for(str(tmp_path / "a.yaml"), ruleset="agemonia")
    assert session.add_link(" A1==A3 ") == "linked A1 == A3"
    [saved] = session.undo_stack[-1].saved
    assert saved.parts == ("links", "2")  # the one new item, not the list
    assert session.remove_link(0) and session.doc.get("links") == ["A2 -- A3", "A1 == A3"]
    assert session.undo_stack[-1].saved[0].parts == ("links", "0")
    session.undo()
    session.undo()
    assert session.doc.get("links") == ["A1 -- A2", "A2 -- A3"]
    with pytest.raises(EditError):
        session.add_link("A1 --")
    session.doc.delete("links")
    assert session.add_link("A1 -- A2") == "linked A1 -- A2" and session.doc.get("links") == ["A1 -- A2"]
