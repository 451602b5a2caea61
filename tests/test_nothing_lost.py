"""Issue 31 through the command line and the editor: writers that keep what people wrote, bounded flag values.

Each case of the issue: outputs naming the scenario, `check --update` and
`--after` over hostile spellings and over a change made since the check, the
flag values (5000 digits, other scripts' digits, 70-level keys, 100 KB echoes),
closed standard input, `--watch` on a deleted file, and the editor's forms,
suggestions and conflict dialog.
"""

from __future__ import annotations

import asyncio
import json
import os
import subprocess
import sys
from collections import Counter
from pathlib import Path
from typing import Any

import pytest
from test_writer import DEMO_TEXT, HOSTILE  # tests/ is on the path (pytest prepend import mode)
from typer.testing import CliRunner, Result

from enemy_move.checking import check_files
from enemy_move.cli import ResolveRequest, app, run_watch
from enemy_move.document.document import ScenarioDocument
from enemy_move.updating import update_report

runner = CliRunner()
ROOT = Path(__file__).resolve().parent.parent
DEMO = ROOT / "scenarios" / "gloomhaven" / "demo.yaml"
HUGE = "9" * 5000
EXPECT_LINES = ["expect:", "  focus: [A]", "  options:", "    - {to: [2, 1], attacks: [A]}", "    - {to: [2, 3], attacks: [A]}"]


def run(*args: str, input: str | None = None) -> Result:
    return runner.invoke(app, list(args), env={"COLUMNS": "120", "NO_COLOR": "1"}, input=input)


def board(tmp_path: Path, text: str = DEMO_TEXT, name: str = "board.yaml") -> Path:
    path = tmp_path / name
    path.write_bytes(text.encode("utf-8"))
    return path


# --- outputs that would replace the scenario ---------------------------------------------


@pytest.mark.parametrize("flag", ["--svg", "--html"])
def test_an_output_naming_the_scenario_is_refused_and_nothing_is_written(tmp_path: Path, flag: str) -> None:
    path = board(tmp_path)
    link = tmp_path / "link.yaml"
    link.symlink_to(path)
    for target in (path, link, tmp_path / "." / "board.yaml"):
        result = run("resolve", str(path), flag, str(target))
        assert result.exit_code == 2, result.output
        assert "is the scenario file itself; nothing written" in result.stderr
        assert path.read_text(encoding="utf-8") == DEMO_TEXT


def test_after_over_the_file_itself_only_over_the_bytes_read(tmp_path: Path, monkeypatch: Any) -> None:
    path = board(tmp_path)
    result = run("resolve", str(path), "--after", str(path))  # the documented way to play round after round in one file
    assert result.exit_code == 0, result.output
    assert "   # . a . . B #" in path.read_text(encoding="utf-8")
    # a change made between the read and the write is never replaced
    from enemy_move.document import document as module

    theirs = DEMO_TEXT.replace("Demo", "Theirs")
    path.write_text(DEMO_TEXT, encoding="utf-8")
    real = module.ScenarioDocument.after_phase

    def meanwhile(self: Any, result: Any) -> Any:
        path.write_text(theirs, encoding="utf-8")
        return real(self, result)

    monkeypatch.setattr(module.ScenarioDocument, "after_phase", meanwhile)
    result = run("resolve", str(path), "--after", str(path))
    assert result.exit_code == 1 and "changed on disk since it was read; not replaced" in result.stderr
    assert path.read_text(encoding="utf-8") == theirs


def test_two_outputs_on_one_file_are_refused(tmp_path: Path) -> None:
    path = board(tmp_path)
    out = tmp_path / "out"
    result = run("resolve", str(path), "--after", str(out), "--svg", str(out))
    assert result.exit_code == 2 and "both name" in result.stderr
    assert not out.exists()


def test_after_keeps_every_byte_it_did_not_mean_to_change(tmp_path: Path) -> None:
    for name, text in HOSTILE.items():
        path = board(tmp_path, text)
        following = tmp_path / "next.yaml"
        result = run("resolve", str(path), "--after", str(following), "--overwrite", "--json")  # one file, rewritten each time
        assert result.exit_code == 0, (name, result.output)
        written = following.read_bytes().decode("utf-8")  # read_text() would turn CRLF and CR into LF
        assert run("check", str(following)).exit_code == 0, name
        # the archer moved [3, 2] -> [2, 1]: two map rows changed and the expect: block went, nothing else
        # (blank lines after the expect: block go with it)
        gone = Counter(line for line in text.splitlines() if line) - Counter(written.splitlines())
        new = Counter(written.splitlines()) - Counter(text.splitlines())
        assert sorted(new) == ["   # . a . . B #", "  # . ^ . A . #"], name
        assert sorted(gone) == sorted(["   # . . . . B #", "  # . ^ a A . #", *EXPECT_LINES]), name
        newline = {"crlf": "\r\n", "lone cr": "\r"}.get(name)
        if newline:
            assert written.count(newline) == text.count(newline) - 5  # the expect: block's 5 lines, nothing else


def test_place_and_set_work_on_hostile_spellings(tmp_path: Path) -> None:
    for name, text in HOSTILE.items():
        path = board(tmp_path, text)
        result = run("resolve", str(path), "--place", "a=4,3", "--set", "action.move=1", "--json")
        assert result.exit_code == 0, (name, result.output)
        assert json.loads(result.stdout)["turns"][0]["options"], name
        assert path.read_bytes() == text.encode("utf-8")  # --place/--set never write the file


def test_a_100_kb_argument_gives_a_one_line_message() -> None:
    result = run("resolve", str(DEMO), "--set", "title" + "x" * 100_000)
    assert result.exit_code == 2 and len(result.stderr) < 500 and "(100,005 characters)" in result.stderr


def test_a_failed_after_write_exits_1_like_the_other_outputs(tmp_path: Path) -> None:
    path = board(tmp_path)
    result = run("resolve", str(path), "--after", str(tmp_path / "no-such-folder" / "next.yaml"))
    assert result.exit_code == 1 and "enemy-move: --after" in result.stderr and "cannot write" in result.stderr


# --- check --update --------------------------------------------------------------------


def _failing(text: str) -> str:
    return text.replace("focus: [A]", "focus: [B]", 1)


def test_update_keeps_hostile_spellings(tmp_path: Path) -> None:
    for name, text in HOSTILE.items():
        path = board(tmp_path, _failing(text))
        result = run("check", str(path), "--update")
        assert result.exit_code == 0, (name, result.output)
        assert path.read_bytes() == text.encode("utf-8"), name


def test_update_skips_a_file_changed_since_it_was_checked(tmp_path: Path) -> None:
    path = board(tmp_path, _failing(DEMO_TEXT))
    report = check_files([str(path)])
    theirs = _failing(DEMO_TEXT).replace("Demo", "Edited meanwhile")
    path.write_text(theirs, encoding="utf-8")
    update_report(report)
    assert path.read_text(encoding="utf-8") == theirs
    (entry,) = report.results
    assert entry.status == "fail"
    assert any("not updated: the file changed on disk since it was checked" in p.message for p in entry.problems)
    assert entry.located()[0].startswith(f"{path}:")


def test_update_does_not_replace_a_read_only_file(tmp_path: Path) -> None:
    path = board(tmp_path, _failing(DEMO_TEXT))
    path.chmod(0o444)
    try:
        result = run("check", str(path), "--update")
        assert result.exit_code == 1 and "read-only; not replaced" in result.output
        assert path.read_text(encoding="utf-8") == _failing(DEMO_TEXT)
    finally:
        path.chmod(0o644)


# --- flag values ------------------------------------------------------------------------


@pytest.mark.parametrize(
    "args, words",
    [
        (["--place", f"A={HUGE},1"], "at most 3 digits"),
        (["--place", "A=٣,1"], "two whole numbers"),
        (["--set", f"action.{HUGE}=1"], "the key is too long"),
        (["--set", f"figures.{HUGE}=1"], "the key is too long"),
        (["--set", ".".join(["a"] * 70) + "=1"], "the key is too long"),
        (["--set", f"action.move={HUGE}"], "number with 5000 characters"),
        (["--choose", f"a={HUGE}"], "an option number, 1 to 1000"),
        (["--choose", "a=٣"], "an option number"),
        (["--after", ""], "--after: the file name is empty"),
        (["--why-not", "٣,1"], ""),
    ],
)
def test_flag_values_are_bounded_and_echoed_short(args: list[str], words: str) -> None:
    result = run("resolve", str(DEMO), *args)
    assert result.exit_code == 2, result.output
    assert words in result.stderr
    assert "internal error" not in result.stderr and "Traceback" not in result.output
    assert len(result.stderr) < 500 and result.stderr.count("\n") == 1


def test_a_set_list_position_is_ascii_and_bounded(tmp_path: Path) -> None:
    document = ScenarioDocument.from_text("ruleset: gloomhaven\nwalls: [[[0, 0], [1, 0]]]\n")
    for part in (HUGE, "٠"):
        with pytest.raises(ValueError, match="not a list position"):
            document.set(f"walls.{part}", 1)


def test_edit_size_takes_ascii_digits_only(tmp_path: Path) -> None:
    for size in (f"{HUGE}x3", "٣x3"):
        result = run("edit", str(tmp_path / "new.yaml"), "--size", size)
        assert result.exit_code == 2 and "expected COLSxROWS" in result.stderr and len(result.stderr) < 300


def test_set_map_with_a_block_ending_in_a_newline(tmp_path: Path) -> None:
    rows = ["# # # # # # #", " # . . . . B #", "# . ^ a A . #", " # . . # . . #", "# # # # # # #"]
    block = "|\n" + "".join(f"  {row}\n" for row in rows)
    result = run("resolve", str(DEMO), "--set", f"map={block}", "--json")
    assert result.exit_code == 0, result.output


@pytest.mark.parametrize("command", [["check", "-"], ["resolve", "-"]])
def test_closed_standard_input_is_one_line(command: list[str]) -> None:
    # `<&-`: Python starts with no standard input at all (sys.stdin is None)
    closed = subprocess.run(
        ["sh", "-c", 'exec "$0" -m enemy_move "$@" <&-', sys.executable, *command], capture_output=True, text=True, timeout=60
    )
    assert closed.returncode == 2, closed.stderr
    assert closed.stderr.strip() == "enemy-move: -: standard input is closed; give a file name, or pipe the scenario in"
    # closed after start-up: reading fails
    late = subprocess.run(
        [sys.executable, "-c", "import os; os.close(0); from enemy_move.cli import main; main()", *command],
        capture_output=True,
        text=True,
        timeout=60,
    )
    said = late.stdout + late.stderr  # check reports a file it cannot read as that file's error (exit 1), resolve exits 2
    assert late.returncode == (1 if command[0] == "check" else 2), said
    assert "<stdin>:1:1: cannot read standard input" in said and "Traceback" not in said


# --- --watch ----------------------------------------------------------------------------


def test_watch_says_when_the_file_goes_and_marks_the_answer_stale(tmp_path: Path, capsys: Any) -> None:
    path = board(tmp_path)

    def delete(_: float) -> None:
        if path.exists():
            path.unlink()

    run_watch(str(path), ResolveRequest(), iterations=2, sleep=delete)
    shown = " ".join(capsys.readouterr().out.split())  # the line wraps at the console's width
    assert "STALE:" in shown and "it was deleted or moved" in shown
    assert shown.count("STALE:") == 1  # said once, not at every look


# --- the editor -------------------------------------------------------------------------

HOSTILE_NAME = "Bad\x1b]0;PWNED\x07\x1b[2Jguy"


def _terminal_output(app: Any) -> str:
    """What the screen would send to a terminal now (styles as escape sequences, text as it is drawn)."""
    update = app.screen._compositor.render_update(full=True)
    return str(update.render_segments(app.console))


def _editor(session: Any, script: Any) -> None:
    from enemy_move.editor.app import EditorApp

    async def main() -> None:
        app = EditorApp(session)
        async with app.run_test(size=(80, 24)) as pilot:
            await pilot.app.workers.wait_for_complete()
            await pilot.pause(0)
            await script(pilot, app)

    asyncio.run(main())


def _hostile_board(tmp_path: Path) -> Path:
    escaped = HOSTILE_NAME.encode("unicode_escape").decode()
    text = DEMO_TEXT.replace("name: Bandit Archer", f'name: "{escaped}", type: "{escaped}"', 1)
    path = board(tmp_path, text)
    assert ScenarioDocument.from_path(path).get("figures.a.name") == HOSTILE_NAME
    return path


def test_editor_forms_and_suggestions_never_send_a_scenarios_escape_codes(tmp_path: Path) -> None:
    from enemy_move.editor import open_session
    from enemy_move.editor.cards import AskScreen
    from enemy_move.editor.forms import FormScreen

    path = _hostile_board(tmp_path)

    async def script(pilot: Any, app: Any) -> None:
        app.editor.session.cursor = (3, 2)  # the monster
        await pilot.press("enter")  # its figure form
        await pilot.pause(0)
        assert isinstance(app.screen, FormScreen)
        drawn = _terminal_output(app)
        assert "PWNED" in drawn.replace("\\x1b]0;", "")  # the name is shown, escaped
        assert "\x07" not in drawn and "\x1b]0;" not in drawn and "\x1b[2J" not in drawn
        await pilot.press("escape")
        await pilot.press("ctrl+k", "ctrl+k", "n")  # the card list, a new card: the monster type offered as you type
        await pilot.pause(0.1)
        await pilot.press("B", "a")
        assert isinstance(app.screen, AskScreen)
        drawn = _terminal_output(app)
        await pilot.pause(0.3)  # suggestions come from a worker
        drawn = _terminal_output(app)
        assert "PWNED" in drawn, drawn  # the suggestion, escaped
        assert "\x07" not in drawn and "\x1b]0;" not in drawn

    _editor(open_session(str(path)), script)
    assert ScenarioDocument.from_path(path).get("figures.a.name") == HOSTILE_NAME  # looking changed nothing


def test_editor_save_over_a_change_on_disk_asks_and_reload_takes_it(tmp_path: Path) -> None:
    from enemy_move.editor import open_session
    from enemy_move.editor.conflict import ConflictScreen

    path = board(tmp_path)
    theirs = DEMO_TEXT.replace("Demo", "Theirs")

    async def script(pilot: Any, app: Any) -> None:
        session = app.editor.session
        session.set_key("action.move", 3)
        path.write_text(theirs, encoding="utf-8")  # another editor saved meanwhile
        await pilot.press("ctrl+s")
        await pilot.pause(0)
        assert isinstance(app.screen, ConflictScreen)
        assert path.read_text(encoding="utf-8") == theirs
        await pilot.press("r")
        await pilot.pause(0)
        assert session.doc.get("title").startswith("Theirs") and not session.modified

    _editor(open_session(str(path)), script)
    assert path.read_text(encoding="utf-8") == theirs


def test_editor_conflict_save_as_and_overwrite(tmp_path: Path) -> None:
    from enemy_move.editor import open_session

    path = board(tmp_path)

    async def script(pilot: Any, app: Any) -> None:
        session = app.editor.session
        session.set_key("action.move", 3)
        path.write_text(DEMO_TEXT.replace("Demo", "Theirs"), encoding="utf-8")
        await pilot.press("ctrl+s")
        await pilot.pause(0)
        await pilot.press("a")  # save as: board.mine.yaml is offered
        await pilot.pause(0)
        await pilot.press("enter")
        await pilot.pause(0)
        mine = tmp_path / "board.mine.yaml"
        assert "move: 3" in mine.read_text(encoding="utf-8") and session.path == str(mine)
        assert "Theirs" in path.read_text(encoding="utf-8")
        mine.write_text("changed by hand\n", encoding="utf-8")
        session.set_key("action.move", 4)
        await pilot.press("ctrl+s")
        await pilot.pause(0)
        await pilot.press("o")  # overwrite
        await pilot.pause(0)
        assert "move: 4" in mine.read_text(encoding="utf-8")

    _editor(open_session(str(path)), script)


def test_editor_save_with_no_edit_keeps_the_bytes(tmp_path: Path) -> None:
    from enemy_move.editor import open_session

    for name, text in HOSTILE.items():
        path = board(tmp_path, text, f"{abs(hash(name))}.yaml")
        session = open_session(str(path))
        session.save()  # type: ignore[attr-defined]
        assert path.read_bytes() == text.encode("utf-8"), name


def test_json_is_valid_after_each_refusal(tmp_path: Path) -> None:
    result = run("resolve", str(DEMO), "--json", "--svg", str(DEMO))
    assert result.exit_code == 2 and result.stdout == ""
    ok = run("resolve", str(DEMO), "--json")
    json.loads(ok.stdout)
    assert os.path.exists(DEMO)
