"""What an edit or a cursor move draws again (issue 34): only the board's rows whose facts changed, and the
answer panel only when the answer changed (the cursor's why-not and the work in progress are apart)."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

pytest.importorskip("textual")

from test_editor import press, run_editor, session_for  # noqa: E402

from enemy_move.editor.app import EditorScreen  # noqa: E402
from enemy_move.editor.board import BoardView  # noqa: E402


def test_a_cursor_move_redraws_two_rows_and_not_the_answer(tmp_path: Path) -> None:
    async def script(pilot: Any, screen: EditorScreen) -> None:
        board = screen.query_one(BoardView)
        before = list(board._lines)
        answer = screen._shown["#answer"]
        why = screen._shown["#why-not"]
        await press(pilot, "down")  # [1, 1] -> [1, 2]
        after = board._lines
        changed = [y for y, (old, new) in enumerate(zip(before, after, strict=True)) if old is not new]
        top = board._update().top
        assert changed == [top + 1, top + 2], changed  # the rows the cursor left and entered, nothing else
        assert screen._shown["#answer"] is answer and screen._shown["#why-not"] is not why
        assert "why not [1, 2]" in str(screen.query_one("#why-not").render())
        after = list(after)
        await press(pilot, "number_sign")  # a wall on [1, 2]: its row only
        assert [y for y, (old, new) in enumerate(zip(after, board._lines, strict=True)) if old is not new] == [top + 2]
        assert not screen.query_one("#working").display  # the answer came

    run_editor(session_for(str(tmp_path / "r.yaml"), size="9x7"), script)


def test_the_working_line_is_its_own(tmp_path: Path) -> None:
    async def script(pilot: Any, screen: EditorScreen) -> None:
        working = screen.query_one("#working")
        assert not working.display
        screen.working = True
        screen.refresh_answer()
        assert working.display and "working" in str(working.render())
        assert "working" not in str(screen.query_one("#answer").render())

    run_editor(session_for(str(tmp_path / "r.yaml"), size="9x7"), script)
