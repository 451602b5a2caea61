"""Sight mode in the terminal editor (Ctrl+F): the map marks which figures the cursor's cell (an area board: the
selected area) sees and the walls that block a line, and the answer pane lists the lines, in the same words and with
the same answer as the table page's Sight mode (``why_not.sight_from``, the game's own sight oracle)."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

pytest.importorskip("textual")

from test_editor import copy_scenario, press, run_editor, screen_text, session_for, settle  # noqa: E402

from enemy_move.editor.app import EditorScreen  # noqa: E402
from enemy_move.editor.areas import AreaView  # noqa: E402
from enemy_move.editor.board import BoardView  # noqa: E402
from enemy_move.editor.sight import IN_SIGHT_STYLE, OUT_OF_SIGHT_STYLE, sight_text  # noqa: E402

WALLS = "gloomhaven/107-why-not-out-of-sight-names-the-walls.yaml"
AREAS = "agemonia/ranged-sight-blocked.yaml"
NO_SIGHT = "cloudspire/invalid-hex-ai.yaml"


def _page_answer(relative: str, at: str) -> str:
    """The table page's answer for the same position (its sight block, as HTML)."""
    from enemy_move.serve.board import parse_request, view

    text = (Path(__file__).resolve().parent.parent / "scenarios" / relative).read_text()
    answer: str = view(parse_request({"text": text, "sight": at}, relative))["answer"]
    return answer


async def _sighted(pilot: Any, screen: EditorScreen) -> None:
    for _ in range(50):
        await settle(pilot)
        if screen.sight_found() is not None:
            return
    raise AssertionError("no sight lines came")


def _styles_of(board: BoardView, label: str) -> set[str]:
    for line in board._lines:
        for span in line.spans:
            if line.plain[span.start : span.end] == label:
                return {str(span.style)}
    return set()


def test_sight_mode_marks_the_figures_and_walls_and_lists_the_pages_lines(tmp_path: Path) -> None:
    import html

    path = copy_scenario(tmp_path, WALLS)

    async def script(pilot: Any, screen: EditorScreen) -> None:
        await settle(pilot)
        screen.session.move_cursor((3, 2))
        screen.refresh_all()
        await press(pilot, "ctrl+f")
        await _sighted(pilot, screen)
        seen = screen.shown_sight()
        assert seen is not None and seen.figures == {"A": False, "a": True} and (3, 1) in seen.blockers
        words = str(screen.sight_block())
        assert words.startswith("Sight from [3, 2]: 1 of 2 figures in sight")
        page = html.unescape(_page_answer(WALLS, "3,2"))
        for line in words.split("\n"):  # the same lines, in the same words, as the page
            assert line.strip() in page, line
        board = screen.query_one("#board", BoardView)
        assert board.overlay.seen == {"A": False, "a": True} and (3, 1) in board.overlay.blockers
        assert _styles_of(board, "A") == {OUT_OF_SIGHT_STYLE} and _styles_of(board, "a") == {IN_SIGHT_STYLE}
        assert "Sight from [3, 2]" in screen_text(pilot)
        await press(pilot, "left")  # the cursor moved: the lines from its new cell
        await _sighted(pilot, screen)
        assert screen.sight_found().at == (2, 2)  # type: ignore[union-attr]
        await press(pilot, "ctrl+f")  # off: the marks go, the why-not is back
        assert screen.shown_sight() is None and screen.sight_block() is None and board.overlay.seen == {}
        assert screen.session.text() == Path(path).read_text()  # sight mode edits nothing

    run_editor(session_for(path), script)


def test_sight_mode_on_an_area_board_and_a_game_without_sight(tmp_path: Path) -> None:
    import html

    path = copy_scenario(tmp_path, AREAS)

    async def script(pilot: Any, screen: EditorScreen) -> None:
        await settle(pilot)
        screen.session.area = "A1"
        await press(pilot, "ctrl+f")
        await _sighted(pilot, screen)
        words = str(screen.sight_block())
        assert "L in A3: out of sight" in words
        page = html.unescape(_page_answer(AREAS, "A1"))
        assert all(line.strip() in page for line in words.split("\n"))
        view = screen.query_one("#board", AreaView)
        assert view.seen is not None and view.seen.figures.get("L") is False
        assert any(span.style == OUT_OF_SIGHT_STYLE for line in view.render().split("\n") for span in line.spans)

    run_editor(session_for(path), script)

    path = copy_scenario(tmp_path, NO_SIGHT)

    async def none(pilot: Any, screen: EditorScreen) -> None:
        await settle(pilot)
        screen.session.move_cursor((1, 1))
        await press(pilot, "ctrl+f")
        await _sighted(pilot, screen)
        assert "Sight from [1, 1]: Cloudspire has no line-of-sight rule" in str(screen.sight_block())

    run_editor(session_for(path), none)


def test_the_block_says_it_is_working_before_the_lines_come() -> None:
    assert str(sight_text(None, (1, 2))) == "Sight from [1, 2]: working…"
