"""`enemy-move edit`: the board editor driven headless with textual's Pilot (docs/editor.md)."""

from __future__ import annotations

import asyncio
import shutil
import subprocess
import sys
from collections.abc import Awaitable, Callable
from pathlib import Path
from typing import Any

import pytest

pytest.importorskip("textual")

from textual.widgets import Static  # noqa: E402
from typer.testing import CliRunner  # noqa: E402

from enemy_move.cli import app as cli_app  # noqa: E402
from enemy_move.editor import open_session  # noqa: E402
from enemy_move.editor.app import EditorApp, EditorScreen  # noqa: E402
from enemy_move.editor.dialogs import ChooseScreen, QuitScreen, help_renderable  # noqa: E402
from enemy_move.editor.forms import FormScreen  # noqa: E402
from enemy_move.editor.session import Answer, Session  # noqa: E402
from enemy_move.models import load_scenario  # noqa: E402
from enemy_move.result import result_to_dict  # noqa: E402

ROOT = Path(__file__).resolve().parent.parent
SCENARIOS = ROOT / "scenarios"


#: Characters of the named keys the tests press (what a terminal sends with them).
KEY_CHARACTERS = {"enter": "\r", "tab": "\t", "space": " ", "escape": "\x1b", "backspace": "\x08"}


async def press(pilot: Any, *keys: str) -> None:
    """Press keys like Pilot.press, without its wait for an idle CPU after each key (a test would take seconds)."""
    from textual import events

    for key in keys:
        character = key if len(key) == 1 else KEY_CHARACTERS.get(key) or _CHARACTERS.get(key)
        name = _key_name(key) if len(key) == 1 else key
        pilot.app.post_message(events.Key(name, character))
        await settle(pilot)


class Counting:
    """A Pilot that counts what a person would do: each key press and each click is one action."""

    def __init__(self, pilot: Any) -> None:
        self.pilot = pilot
        self.actions = 0

    async def press(self, *keys: str) -> None:
        for key in keys:
            self.actions += 1
            await press(self.pilot, key)

    async def type(self, text: str) -> None:
        await self.press(*[_key_name(ch) for ch in text])

    async def click_cell(self, col: int, row: int) -> None:
        self.actions += 1
        await click(self.pilot, cell_offset(self.pilot.app, col, row))


async def click(pilot: Any, offset: tuple[int, int]) -> None:
    """A click on the board like Pilot.click (down, up, click at the same place), without its waits for an idle CPU."""
    from textual import events
    from textual.pilot import _get_mouse_message_arguments

    arguments = _get_mouse_message_arguments(pilot.app.screen.query_one("#board"), offset, button=1)
    for event_class in (events.MouseDown, events.MouseUp, events.Click):
        pilot.app.screen._forward_event(event_class(**arguments))
        await pilot.pause(0)
    await settle(pilot)


def _key_name(char: str) -> str:
    names = {"^": "circumflex_accent", "*": "asterisk", "#": "number_sign", "%": "percent_sign", "~": "tilde", " ": "space"}
    names.update({"=": "equals_sign", "+": "plus", "-": "minus", ".": "full_stop", ",": "comma", "&": "ampersand", "!": "exclamation_mark"})
    names.update({"[": "left_square_bracket", "]": "right_square_bracket", "{": "left_curly_bracket", "}": "right_curly_bracket"})
    names.update({"$": "dollar_sign", "/": "slash", "|": "vertical_line"})
    return names.get(char, char)


def _characters() -> dict[str, str]:
    names = {_key_name(chr(code)): chr(code) for code in range(33, 127)}
    return {name: char for name, char in names.items() if len(name) > 1}


_CHARACTERS = _characters()


def cell_offset(app: EditorApp, col: int, row: int) -> tuple[int, int]:
    """Where cell [col, row] is drawn inside the board widget (see board.Layout)."""
    cols, rows = app.session.size()
    gutter = len(str(max(rows - 1, 0))) + 1
    top = 2 if cols > 10 else 1
    shift = row & 1 if app.session.board_kind == "hex" else 0
    return (gutter + 2 * col + shift, top + row)


async def settle(pilot: Any) -> None:
    """Let the resolve worker finish and its answer reach the screen."""
    for _ in range(3):  # a key's action, the answer it asks for, what the answer triggers
        await pilot.app.workers.wait_for_complete()
        await pilot.pause(0)  # messages processed; no wait for an idle CPU (slow)


def run_editor(session: Session, script: Callable[[Any, EditorScreen], Awaitable[None]], size: tuple[int, int] = (80, 24)) -> EditorApp:
    async def main() -> None:
        app = EditorApp(session)
        async with app.run_test(size=size) as pilot:
            await settle(pilot)
            await script(pilot, app.editor)
        holder.append(app)

    holder: list[EditorApp] = []
    asyncio.run(main())
    return holder[0]


def copy_scenario(tmp_path: Path, relative: str) -> str:
    target = tmp_path / Path(relative).name
    shutil.copy(SCENARIOS / relative, target)
    return str(target)


def session_for(path: str, **options: Any) -> Session:
    session = open_session(path, **options)
    assert isinstance(session, Session)
    return session


def answer_error(screen: EditorScreen) -> str | None:
    assert screen.answer is not None
    return screen.answer.error


def screen_text(pilot: Any) -> str:
    """The visible text of the board and the answer (what a player reads)."""
    from textual.widgets import Static

    parts = [str(widget.render()) for widget in pilot.app.screen.query(Static)]
    parts.append(str(pilot.app.screen.query_one("#board").render()))
    return "\n".join(parts)


# --- opening ---------------------------------------------------------------------------------


def test_opens_a_file_and_shows_its_answer(tmp_path: Path) -> None:
    path = copy_scenario(tmp_path, "gloomhaven/demo.yaml")

    async def script(pilot: Any, screen: EditorScreen) -> None:
        assert answer_error(screen) is None
        text = screen_text(pilot)
        assert "focus" in text and "Reasoning" in text
        assert " 1 " in text  # options are numbered from 1
        assert not screen.session.modified

    run_editor(session_for(path), script)


@pytest.mark.parametrize("ruleset", ["gloomhaven", "perditions-mouth", "agemonia", "cloudspire"])
def test_new_board_is_valid_from_the_start(tmp_path: Path, ruleset: str) -> None:
    size = None if ruleset == "agemonia" else "8x5"

    async def script(pilot: Any, screen: EditorScreen) -> None:
        assert answer_error(screen) is None
        assert screen.answer is not None and screen.answer.result is not None and screen.answer.result.turns

    run_editor(session_for(str(tmp_path / "new.yaml"), ruleset=ruleset, size=size), script)


def test_new_board_size(tmp_path: Path) -> None:
    session = session_for(str(tmp_path / "room.yaml"), size="9x7")
    assert session.size() == (9, 7)
    assert session.modified  # never saved yet


# --- editing ---------------------------------------------------------------------------------


def test_paint_with_a_key_then_click_with_the_brush(tmp_path: Path) -> None:
    async def script(pilot: Any, screen: EditorScreen) -> None:
        counting = Counting(pilot)
        session = screen.session
        assert session.cursor == (1, 1)
        await counting.type("^")
        assert session.doc.cell(1, 1) == "^" and session.brush == "^"
        await counting.click_cell(3, 3)
        assert session.doc.cell(3, 3) == "^" and session.cursor == (3, 3)
        await counting.press("escape")
        await counting.click_cell(4, 3)
        assert session.doc.cell(4, 3) == "." and session.cursor == (4, 3)
        assert answer_error(screen) is None

    run_editor(session_for(str(tmp_path / "r.yaml"), size="9x7"), script)


def test_place_move_and_remove_figures(tmp_path: Path) -> None:
    async def script(pilot: Any, screen: EditorScreen) -> None:
        counting = Counting(pilot)
        doc = screen.session.doc
        await counting.press("B")
        assert doc.figure_at(1, 1) == "B" and doc.get("figures.B.kind") == "character"
        await counting.press("right", "right", "b")
        assert doc.figure_at(3, 1) == "b" and doc.get("figures.b") == {"kind": "monster", "name": "Bandit Guard", "number": 2}
        await counting.press("down", "B")  # B moves
        assert doc.figure_at(1, 1) is None and doc.figure_at(3, 2) == "B"
        await counting.press("delete")
        assert doc.get("figures.B") is None and doc.figure_at(3, 2) is None
        assert answer_error(screen) is None

    run_editor(session_for(str(tmp_path / "r.yaml"), size="9x7"), script)


def test_thin_wall_between_the_last_two_cells(tmp_path: Path) -> None:
    async def script(pilot: Any, screen: EditorScreen) -> None:
        await press(pilot, "right", "ctrl+t")
        await settle(pilot)
        assert screen.session.doc.walls() == [((1, 1), (2, 1))]
        assert "|" in str(pilot.app.screen.query_one("#board").render())
        await press(pilot, "ctrl+t")  # again: removed
        assert screen.session.doc.walls() == []

    run_editor(session_for(str(tmp_path / "r.yaml"), size="9x7"), script)


def test_figure_form(tmp_path: Path) -> None:
    async def script(pilot: Any, screen: EditorScreen) -> None:
        counting = Counting(pilot)
        await counting.press("C", "enter")
        assert isinstance(pilot.app.screen, FormScreen)
        await counting.type("40")
        await counting.press("tab")
        await counting.type("Ti")
        await counting.press("right", "enter")
        assert not isinstance(pilot.app.screen, FormScreen)
        assert screen.session.doc.get("figures.C") == {"kind": "character", "initiative": 40, "name": "Tinkerer"}
        await counting.press("ctrl+z")
        assert screen.session.doc.get("figures.C") == {"kind": "character"}  # the form was one undo step
        assert answer_error(screen) is None

    run_editor(session_for(str(tmp_path / "r.yaml"), size="9x7"), script)


def test_card_form(tmp_path: Path) -> None:
    async def script(pilot: Any, screen: EditorScreen) -> None:
        await press(pilot, "ctrl+k")
        assert isinstance(pilot.app.screen, FormScreen)
        await press(pilot, "2", "enter")
        await settle(pilot)
        assert screen.session.doc.get("action") == {"move": 2, "attack": {"range": 0}}
        assert answer_error(screen) is None

    run_editor(session_for(str(tmp_path / "r.yaml"), size="9x7"), script)


def test_card_list_actions_in_order_and_cards_per_figure(tmp_path: Path) -> None:
    from enemy_move.editor.cards import AskScreen, CardsScreen

    path = copy_scenario(tmp_path, "gloomhaven/63-phase-type-initiative.yaml")  # actions: {x: ..., g: ...}

    async def script(pilot: Any, screen: EditorScreen) -> None:
        doc = screen.session.doc
        await press(pilot, "ctrl+k")  # several cards: the list, on the card of the figure under the cursor (x)
        cards = pilot.app.screen
        assert isinstance(cards, CardsScreen) and cards.rows[cards.index].key == "actions.x"
        await press(pilot, "a")  # an attack after it: x's card becomes its list of actions, the new one's form opens
        assert isinstance(pilot.app.screen, FormScreen) and pilot.app.screen.title_text == "actions.x, action 3"
        await press(pilot, "backspace", "2", "enter")
        assert doc.get("actions.x") == [{"move": 2}, {"attack": {"range": 3}}, {"attack": {"range": 2}}]
        assert isinstance(pilot.app.screen, CardsScreen)  # back to the list, on the new action
        await press(pilot, "up", "delete")  # remove the attack at range 3
        assert doc.get("actions.x") == [{"move": 2}, {"attack": {"range": 2}}]
        await press(pilot, "enter")  # the action before the removed one: the move's form (move, jump, teleport)
        form = pilot.app.screen
        assert isinstance(form, FormScreen) and [f.label for f in form.fields] == ["move", "jump", "teleport"]
        await press(pilot, "backspace", "4", "enter", "n")
        assert isinstance(pilot.app.screen, AskScreen)
        await press(pilot, *"Bandit Guard", "enter", "enter", "3", "enter", "escape")
        await settle(pilot)
        assert doc.get("actions.x") == [{"move": 4}, {"attack": {"range": 2}}]
        assert doc.get("actions.Bandit Guard") == {"move": 3}
        assert answer_error(screen) is None
        await press(pilot, "ctrl+z")  # one undo step per edit
        assert screen.session.doc.get("actions.Bandit Guard") == {}  # undone in place (editor/undo.py)

    run_editor(session_for(path), script)


def test_simple_card_form_leads_to_the_list(tmp_path: Path) -> None:
    from enemy_move.editor.cards import CardsScreen

    path = copy_scenario(tmp_path, "gloomhaven/demo.yaml")

    async def script(pilot: Any, screen: EditorScreen) -> None:
        await press(pilot, "ctrl+k", "ctrl+k")  # the {move, attack} form, then Ctrl+K: the list
        assert isinstance(pilot.app.screen, CardsScreen)
        await press(pilot, "m", "enter", "escape")  # a move at the end: the card written as its actions in order
        await settle(pilot)
        assert screen.session.doc.get("action") == [{"move": 2}, {"attack": {"range": 3}}, {"move": 1}]
        assert answer_error(screen) is None

    run_editor(session_for(path), script)


def test_elite_and_acts_alone(tmp_path: Path) -> None:
    async def script(pilot: Any, screen: EditorScreen) -> None:
        doc = screen.session.doc
        label = doc.figure_at(2, 2)
        assert label == "a" and doc.get("active") is None  # the starter's whole phase: every monster acts
        await pilot.click("#board", offset=cell_offset(pilot.app, 2, 2))  # a real Pilot click, once
        await press(pilot, "ctrl+e", "ctrl+a")
        await settle(pilot)
        assert doc.get("figures.a.elite") is True and doc.get("active") == "a"
        await press(pilot, "ctrl+a")
        assert doc.get("active") is None
        assert answer_error(screen) is None

    run_editor(session_for(str(tmp_path / "r.yaml"), size="9x7"), script)


def test_undo_and_redo(tmp_path: Path) -> None:
    async def script(pilot: Any, screen: EditorScreen) -> None:
        session = screen.session
        original = session.doc.text()
        await press(pilot, "asterisk", "right", "asterisk")
        painted = session.doc.text()
        await press(pilot, "ctrl+z", "ctrl+z")
        assert session.doc.text() == original
        await press(pilot, "ctrl+y", "ctrl+y")
        assert session.doc.text() == painted
        await settle(pilot)
        assert screen.answer is not None and screen.answer.generation == session.generation

    run_editor(session_for(str(tmp_path / "r.yaml"), size="9x7"), script)


# --- saving and quitting ---------------------------------------------------------------------


def test_save_writes_what_resolve_answers_the_same_way(tmp_path: Path) -> None:
    path = copy_scenario(tmp_path, "gloomhaven/demo.yaml")
    comment = next(line for line in Path(path).read_text().splitlines() if line.lstrip().startswith("#"))

    async def script(pilot: Any, screen: EditorScreen) -> None:
        await press(pilot, "asterisk", "ctrl+s")
        await settle(pilot)
        assert not screen.session.modified
        assert screen.answer is not None and screen.answer.result is not None
        saved = load_scenario(path)
        from enemy_move.phase import resolve as resolve_scenario

        assert result_to_dict(resolve_scenario(saved)) == result_to_dict(screen.answer.result)

    run_editor(session_for(path), script)
    text = Path(path).read_text()
    assert comment in text  # a hand-written file keeps its comments
    assert not list(tmp_path.glob(".*.tmp"))  # no temporary file left beside it


def test_quit_asks_first_when_unsaved_and_exits_0(tmp_path: Path) -> None:
    async def script(pilot: Any, screen: EditorScreen) -> None:
        await press(pilot, "ctrl+q")
        assert isinstance(pilot.app.screen, QuitScreen)
        await press(pilot, "escape")
        assert not isinstance(pilot.app.screen, QuitScreen)
        await press(pilot, "ctrl+q", "q")

    app = run_editor(session_for(str(tmp_path / "r.yaml"), size="9x7"), script)
    assert app.return_code == 0
    assert not (tmp_path / "r.yaml").exists()


def test_quit_saving(tmp_path: Path) -> None:
    async def script(pilot: Any, screen: EditorScreen) -> None:
        await press(pilot, "ctrl+q", "s")

    app = run_editor(session_for(str(tmp_path / "r.yaml"), size="9x7"), script)
    assert app.return_code == 0
    assert load_scenario(tmp_path / "r.yaml").ruleset == "gloomhaven"


# --- the answer ------------------------------------------------------------------------------


def test_invalid_state_shows_the_loaders_line_and_recovers(tmp_path: Path) -> None:
    async def script(pilot: Any, screen: EditorScreen) -> None:
        await press(pilot, "ctrl+k", "9", "9", "enter")  # move 99: over the cap
        await settle(pilot)
        error = answer_error(screen)
        assert error is not None and error.startswith(str(tmp_path / "r.yaml") + ":") and "\n" not in error
        assert "Invalid" in screen_text(pilot)
        await press(pilot, "ctrl+z")
        await settle(pilot)
        assert answer_error(screen) is None

    run_editor(session_for(str(tmp_path / "r.yaml"), size="9x7"), script)


def test_stale_answers_are_dropped(tmp_path: Path) -> None:
    async def script(pilot: Any, screen: EditorScreen) -> None:
        shown = screen.answer
        screen.receive(Answer(screen.session.generation - 1, error="old"))
        assert screen.answer is shown
        screen.receive(Answer(screen.session.generation, error="x:1:1: new"))
        assert screen.answer is not None and screen.answer.error == "x:1:1: new"

    run_editor(session_for(str(tmp_path / "r.yaml"), size="9x7"), script)


def test_options_and_turns_are_selected_with_brackets(tmp_path: Path) -> None:
    path = copy_scenario(tmp_path, "gloomhaven/67-phase-followed-choice.yaml")

    async def script(pilot: Any, screen: EditorScreen) -> None:
        assert screen.option_index == 0 and screen.turn_index == 0
        await press(pilot, "right_square_bracket")
        assert screen.option_index == 1
        await press(pilot, "right_curly_bracket")
        assert screen.turn_index == 1 and screen.option_index == 0

    run_editor(session_for(path), script)


# --- the next round --------------------------------------------------------------------------


def test_next_round_follows_the_answer(tmp_path: Path) -> None:
    async def script(pilot: Any, screen: EditorScreen) -> None:
        doc = screen.session.doc
        assert doc.figure_at(2, 2) == "a"
        await press(pilot, "ctrl+n")
        await settle(pilot)
        assert doc is not screen.session.doc
        assert screen.session.doc.positions()["a"] == (4, 2)
        assert "next round" in screen_text(pilot)
        await press(pilot, "ctrl+z")  # one undo step back to the round before
        assert screen.session.doc.positions()["a"] == (2, 2)

    run_editor(session_for(str(tmp_path / "r.yaml"), size="9x7"), script)


@pytest.mark.parametrize(
    "relative",
    [
        "gloomhaven/67-phase-followed-choice.yaml",
        "perditions-mouth/phase-07-players-choice-followed.yaml",
        "agemonia/phase-choice-followed.yaml",
        "cloudspire/phase-player-choice.yaml",
    ],
)
def test_next_round_where_the_players_choose(tmp_path: Path, relative: str) -> None:
    path = copy_scenario(tmp_path, relative)

    async def script(pilot: Any, screen: EditorScreen) -> None:
        assert screen.answer is not None and screen.answer.result is not None
        expected = None
        await press(pilot, "ctrl+n")
        await settle(pilot)
        typed = False
        while isinstance(pilot.app.screen, ChooseScreen):
            dialog = pilot.app.screen
            turn = dialog.turn
            expected = (turn.actor, turn.options[1].to)
            if typed:
                await press(pilot, "down")  # ↓ shows option 2 on the board beside; Enter follows it
                assert dialog.default == 1 and "▶  2 " in str(dialog.query_one("#options", Static).render())
                await press(pilot, "enter")
            else:
                await press(pilot, "2")
            typed = True
            await settle(pilot)
        assert expected is not None
        actor, to = expected
        assert screen.session.doc.positions()[actor] == to
        await settle(pilot)
        assert answer_error(screen) is None

    run_editor(session_for(path), script)


def test_the_help_wraps_within_its_columns_at_80() -> None:
    from rich.console import Console

    from enemy_move.editor.dialogs import KEY_WIDTH, help_entries

    for kind, only, never in (("hex", "Ctrl+T", "Ctrl+L"), ("areas", "Ctrl+L", "Ctrl+T")):
        keys = {keys for _, entries in help_entries(kind) for keys, _ in entries}
        assert only in keys and never not in keys
        console = Console(width=74, record=True)  # the help's width inside its border at 80 columns
        console.print(help_renderable(kind))
        lines = console.export_text().splitlines()
        continued = [line for line in lines if line.startswith(" " * (KEY_WIDTH + 2)) and line.strip()]
        assert continued  # descriptions do wrap at this width...
        for line in lines:  # ...and every line starts with a title, a key, or blank under the key column
            head = line[: KEY_WIDTH + 2].strip()
            assert not head or head in keys or line.strip() in {t for t, _ in help_entries(kind)} or line.startswith("enemy-move"), line


# --- Agemonia's areas ------------------------------------------------------------------------


def test_agemonia_areas_links_and_figures(tmp_path: Path) -> None:
    async def script(pilot: Any, screen: EditorScreen) -> None:
        session = screen.session
        assert session.area == "A1"
        await press(pilot, "plus")
        assert session.area == "A4" and session.doc.get("areas.A4") == {"capacity": 3}
        await press(pilot, "ctrl+l", *"A3 -- A4", "enter", "escape")
        assert session.doc.get("links") == ["A1 -- A2", "A2 -- A3", "A3 -- A4"]
        await press(pilot, "G")  # a hero in A4
        assert session.doc.get("figures.G.area") == "A4" and session.doc.get("figures.G.side") == "hero"
        await press(pilot, "ctrl+a")
        await press(pilot, "tab", "tab", "tab", "space", "enter")  # the area form: name, capacity, height, trap on
        assert session.doc.get("areas.A4.trap") is True
        await press(pilot, "enter", "9", "enter")  # G's form: taunt 9
        assert session.doc.get("figures.G.taunt") == 9
        await press(pilot, "up", "G")  # G moves to A3
        assert session.doc.get("figures.G.area") == "A3"
        await settle(pilot)
        assert answer_error(screen) is None, screen.answer

    run_editor(session_for(str(tmp_path / "a.yaml"), ruleset="agemonia"), script)


# --- the command line ------------------------------------------------------------------------


def test_edit_usage_errors(tmp_path: Path) -> None:
    runner = CliRunner()
    bad = runner.invoke(cli_app, ["edit", str(tmp_path / "x.yaml"), "--size", "9by7"])
    assert bad.exit_code == 2 and "COLSxROWS" in bad.output
    unknown = runner.invoke(cli_app, ["edit", str(tmp_path / "x.yaml"), "--ruleset", "chess"])
    assert unknown.exit_code == 2 and "unknown ruleset" in unknown.output
    existing = tmp_path / "e.yaml"
    existing.write_text("ruleset: gloomhaven\nmap: |\n  . .\nfigures: {}\n")
    both = runner.invoke(cli_app, ["edit", str(existing), "--size", "3x3"])
    assert both.exit_code == 2 and "new board" in both.output
    broken = tmp_path / "b.yaml"
    broken.write_text("ruleset: [gloomhaven\n")
    result = runner.invoke(cli_app, ["edit", str(broken)])
    assert result.exit_code == 2 and result.output.startswith(f"{broken}:")


def test_resolve_does_not_import_textual() -> None:
    code = "import sys, enemy_move.cli; sys.exit('textual' in sys.modules)"
    assert subprocess.run([sys.executable, "-c", code], cwd=ROOT).returncode == 0


# --- more keys -------------------------------------------------------------------------------


def test_diagonals_border_size_and_a_failed_save(tmp_path: Path) -> None:
    target = tmp_path / "missing-folder" / "r.yaml"

    async def script(pilot: Any, screen: EditorScreen) -> None:
        session = screen.session
        await press(pilot, "pagedown")  # from [1, 1], an odd row: down-right is [2, 2]
        assert session.cursor == (2, 2)
        await press(pilot, "end")  # from an even row: down-left is [1, 3]
        assert session.cursor == (1, 3)
        await press(pilot, "ctrl+b")  # the new room is walled already
        assert "no walls to add" in screen_text(pilot)
        await press(pilot, "ctrl+r")
        await press(pilot, "ctrl+u", *"11x8", "enter")
        assert session.size() == (11, 8)
        await press(pilot, "ctrl+b")
        assert session.doc.cell(10, 7) == "#" and session.doc.cell(9, 6) == "."
        await press(pilot, "ctrl+s")
        assert "cannot write" in screen_text(pilot) and session.modified
        assert answer_error(screen) is None

    run_editor(session_for(str(target), size="9x7"), script)


def test_border_walls_every_edge_cell_but_those_with_a_figure(tmp_path: Path) -> None:
    session = session_for(str(tmp_path / "r.yaml"), size="6x5")
    for col in range(6):
        for row in range(5):
            session.doc.set_cell(col, row, ".")  # no walls yet
    session.place("a", (0, 2))
    session.place("b", (3, 0))
    session.place("c", (2, 2))
    assert session.wall_border()
    doc = session.doc
    assert doc.figure_at(0, 2) == "a" and doc.figure_at(3, 0) == "b" and doc.figure_at(2, 2) == "c"
    assert doc.cell(0, 2) == "." and doc.cell(3, 0) == "."  # no wall under a figure
    edge = [(col, row) for col in range(6) for row in range(5) if col in (0, 5) or row in (0, 4)]
    assert all(doc.cell(col, row) == "#" for col, row in edge if (col, row) not in ((0, 2), (3, 0)))
    assert doc.cell(1, 1) == "."


def test_cloudspire_mark_and_an_invalid_file_opens(tmp_path: Path) -> None:
    path = tmp_path / "lane.yaml"

    async def script(pilot: Any, screen: EditorScreen) -> None:
        session = screen.session
        assert answer_error(screen) is not None  # the file does not resolve, but it opens
        await press(pilot, "m", "right", "right", "ctrl+g")
        assert session.doc.get("marks.red") == [3, 1]
        await press(pilot, "ctrl+z", "ctrl+z", "ctrl+z")
        assert session.doc.get("marks.red") == [9, 9]

    session = session_for(str(path), ruleset="cloudspire", size="6x3")
    session.doc.set("marks", {"red": [9, 9]})  # off the board: invalid
    session.doc.save(path)
    run_editor(session_for(str(path)), script)


@pytest.mark.parametrize(
    "text",
    ["ruleset: gloomhaven\nmap: 5\nfigures: []\nwalls: 3\n", "ruleset: agemonia\nareas: [1]\nfigures: 2\nlinks: {}\n"],
)
def test_keys_of_the_wrong_shape_never_crash_the_editor(tmp_path: Path, text: str) -> None:
    path = tmp_path / "bad.yaml"
    path.write_text(text)

    async def script(pilot: Any, screen: EditorScreen) -> None:
        for key in ("a", "asterisk", "right", "ctrl+t", "enter", "ctrl+k", "ctrl+e", "ctrl+a", "delete", "ctrl+n", "plus", "ctrl+b"):
            await press(pilot, key)
            if not isinstance(pilot.app.screen, EditorScreen):
                await press(pilot, "escape")
        error = answer_error(screen)
        assert error is not None and error.startswith(f"{path}:")

    run_editor(session_for(str(path)), script)


def test_walls_of_the_wrong_shape_are_no_walls() -> None:
    from enemy_move.document.document import ScenarioDocument

    assert ScenarioDocument.from_text("ruleset: gloomhaven\nmap: |\n  . .\nwalls: 3\n").walls() == []


def test_edit_serve_is_retired_for_the_table_page(tmp_path: Path) -> None:
    path = tmp_path / "room.yaml"
    for args in (["--serve"], ["--serve", "--host", "0.0.0.0", "--port", "8123"]):
        result = CliRunner().invoke(cli_app, ["edit", str(path), *args])
        assert result.exit_code == 2 and "enemy-move serve" in result.stderr and len(result.stderr.strip().splitlines()) == 1
    assert not path.exists()


def test_the_editors_worker_resolves_with_the_rule_outs_at_once(tmp_path: Path) -> None:
    # The cursor's "why not" reads every turn's rule-outs: asked for with the turns, not by resolving each again.
    from enemy_move.editor.session import compute_answer

    path = copy_scenario(tmp_path, "gloomhaven/demo.yaml")
    text = Path(path).read_text()
    eager = compute_answer(text, path, 0, reasons=True).result
    lazy = compute_answer(text, path, 0).result
    assert eager is not None and lazy is not None and eager.turns
    assert not any(turn.ruled_out.pending for turn in eager.turns)
    assert all(turn.ruled_out.pending for turn in lazy.turns)
    assert result_to_dict(eager) == result_to_dict(lazy)


def test_a_form_makes_its_edit_before_it_closes(tmp_path: Path) -> None:
    """Enter writes the form's fields while the form is still the screen (the editor under it takes the edit unseen,
    then is drawn once as the form closes); Esc writes nothing; the form's Beside keeps its coloured rows when
    textual updates its styles with the same colours (each time the form is shown)."""
    from enemy_move.editor.beside import Beside

    async def script(pilot: Any, screen: EditorScreen) -> None:
        session = screen.session
        seen: list[bool] = []
        write_form = session.write_form

        def recording(*args: Any) -> bool:
            seen.append(isinstance(pilot.app.screen, FormScreen))
            return bool(write_form(*args))

        session.write_form = recording  # type: ignore[method-assign,assignment]
        await press(pilot, "C", "enter", "4", "0", "enter")
        assert seen == [True] and session.doc.get("figures.C.initiative") == 40
        assert not isinstance(pilot.app.screen, FormScreen)
        await press(pilot, "enter", "5", "escape")
        assert seen == [True] and session.doc.get("figures.C.initiative") == 40
        beside = screen.kept_form().query_one(Beside)
        coloured = dict(beside._coloured)
        assert coloured  # the board's rows, coloured when the form was shown
        beside.notify_style_update()
        assert beside._coloured == coloured

    run_editor(session_for(str(tmp_path / "r.yaml"), size="9x7"), script)
