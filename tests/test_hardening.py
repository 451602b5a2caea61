"""Hostile input (issue 14): never a traceback, a hang or output that breaks a terminal or a JSON reader.

Bad files of the plain kind live in tests/invalid/; here are the cases that
need a special file system object, an environment or an engine that fails.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest
from typer.testing import CliRunner

from enemy_move import checking
from enemy_move.cli import app
from enemy_move.errors import escape_controls
from enemy_move.geometry.grid import MAX_MAP_SIDE
from enemy_move.loader import load_text
from enemy_move.models import load_scenario_text

ROOT = Path(__file__).resolve().parent.parent
runner = CliRunner()

SCENARIO = """\
ruleset: gloomhaven
title: {title}
map: |
  . a . A
figures:
  A: {{kind: character, initiative: 10}}
  a: {{kind: monster}}
active: a
action: {{move: 2}}
expect:
  options: [{{to: [2, 0]}}]
"""


def write(path: Path, title: str = "plain") -> Path:
    path.write_text(SCENARIO.format(title=title), encoding="utf-8")
    return path


def one_error_line(args: list[str]) -> str:
    result = runner.invoke(app, args)
    assert result.exit_code == 2, result.output
    assert result.exception is None or isinstance(result.exception, SystemExit), repr(result.exception)
    lines = result.stderr.splitlines()
    assert len(lines) == 1 and "Traceback" not in result.stderr, result.stderr
    return lines[0]


# -- files that are not regular files -------------------------------------------


@pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="no FIFOs here")
def test_fifo_is_refused_without_opening_it(tmp_path: Path) -> None:
    fifo = tmp_path / "pipe.yaml"
    os.mkfifo(fifo)
    # Opening a FIFO with no writer would block this test forever.
    assert one_error_line(["resolve", str(fifo)]) == f"{fifo}:1:1: is a FIFO, not a scenario file"


@pytest.mark.skipif(not os.path.exists("/dev/null"), reason="no /dev/null")
def test_device_is_refused() -> None:
    assert one_error_line(["resolve", "/dev/null"]) == "/dev/null:1:1: is a device, not a scenario file"


def test_utf16_files_are_named_as_such(tmp_path: Path) -> None:
    with_bom = tmp_path / "bom.yaml"
    with_bom.write_bytes(SCENARIO.format(title="x").encode("utf-16"))
    assert "UTF-16" in one_error_line(["resolve", str(with_bom)])
    without_bom = tmp_path / "no-bom.yaml"
    without_bom.write_bytes(SCENARIO.format(title="x").encode("utf-16-le"))
    assert one_error_line(["resolve", str(without_bom)]).startswith(f"{without_bom}:1:2: NUL character: the file looks like UTF-16")


# -- scale ----------------------------------------------------------------------


def test_forty_thousand_keys_and_a_late_duplicate() -> None:
    text = "ruleset: gloomhaven\ndescription:\n" + "".join(f"  k{i}: {i}\n" for i in range(40_000)) + "  k7: 1\n"
    with pytest.raises(Exception) as caught:
        load_text(text, "many.yaml")
    assert str(caught.value) == "many.yaml:40003:3: duplicate key 'k7'"


def test_row_one_cell_wider_than_the_cap(tmp_path: Path) -> None:
    path = tmp_path / "wide.yaml"
    path.write_text("ruleset: gloomhaven\nmap: |\n  " + " ".join(["."] * (MAX_MAP_SIDE + 1)) + "\nfigures: {}\n")
    # Row 0 of a hex map has no shift: 257 cells are 513 characters, the old length test let them through.
    assert one_error_line(["resolve", str(path)]) == f"{path}:3:{2 * MAX_MAP_SIDE + 3}: map row 0 is wider than {MAX_MAP_SIDE} cells"


def test_open_sight_stores_only_the_blocked_pairs() -> None:
    from enemy_move.games.agemonia.board import build_board

    count = 300
    areas = "".join(f"  R{i}: {{capacity: 1}}\n" for i in range(count))
    links = "".join(f"  - R{i} -- R{i + 1}\n" for i in range(count - 1))
    text = (
        f"ruleset: agemonia\nareas:\n{areas}links:\n{links}sight:\n  blocked: [[R0, R5]]\n"
        "figures:\n  e: {side: enemy, area: R0}\n  h: {side: hero, area: R9, taunt: 1}\n"
    )
    board = build_board(load_scenario_text(text))
    assert len(board.sight_pairs) == 0 and board.sight_blocked == {frozenset(("R0", "R5"))}
    assert board.sees("R0", "R299") and board.sees("R5", "R5")
    assert not board.sees("R0", "R5") and not board.sees("R5", "R0")


# -- what reaches the terminal ----------------------------------------------------


def test_escape_sequences_in_scenario_text_are_shown_escaped(tmp_path: Path) -> None:
    path = write(tmp_path / "title.yaml", title='"\\e[2Jgone\\x9b"')
    result = runner.invoke(app, ["resolve", str(path)])
    assert result.exit_code == 0, result.output
    assert "\x1b[2J" not in result.stdout and "\x9b" not in result.stdout
    assert "\\x1b[2Jgone\\x9b" in result.stdout


def test_escape_controls_keeps_what_it_is_told_and_shows_undecodable_bytes() -> None:
    assert escape_controls("a\nb\x1bc", keep="\n") == "a\nb\\x1bc"
    assert escape_controls(os.fsdecode(b"caf\xe9.yaml")) == "caf\\xe9.yaml"
    assert escape_controls("x\ud800") == "x\\ud800"


@pytest.mark.skipif(sys.platform == "win32", reason="POSIX file names")
def test_undecodable_file_name_gives_valid_utf8(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(tmp_path)  # short names: the text table does not cut them
    folder = Path("names")
    folder.mkdir()
    raw = b"names/caf\xe9.yaml"
    try:
        with open(raw, "wb") as handle:
            handle.write(SCENARIO.format(title="x").encode())
    except OSError:
        pytest.skip("the file system refuses undecodable names")
    name = os.fsdecode(raw)
    assert one_error_line(["resolve", name + ".missing"]).endswith("caf\\xe9.yaml.missing: no such file")
    result = runner.invoke(app, ["check", str(folder), "--json"])
    assert result.exit_code == 0, result.output
    result.stdout_bytes.decode("utf-8")  # valid UTF-8, no lone surrogates
    assert json.loads(result.stdout)["results"][0]["file"].endswith("caf\\xe9.yaml")
    text = runner.invoke(app, ["check", str(folder), "-v"])
    assert text.exit_code == 0 and "caf\\xe9.yaml" in text.stdout


def test_ascii_stdout_gives_no_traceback() -> None:
    env = dict(os.environ, PYTHONIOENCODING="ascii")
    demo = str(ROOT / "scenarios" / "gloomhaven" / "demo.yaml")
    for extra in ([], ["--json"]):
        done = subprocess.run([sys.executable, "-m", "enemy_move", "resolve", demo, *extra], capture_output=True, env=env, timeout=60)
        assert done.returncode == 0, done.stderr
        assert b"Traceback" not in done.stderr
        done.stdout.decode("ascii")
    assert json.loads(done.stdout)["ruleset"] == "gloomhaven"


# -- check: every file reported, the batch goes on --------------------------------


@pytest.fixture
def broken_engine(monkeypatch: pytest.MonkeyPatch) -> None:
    """The real engines, failing with a bug on files whose title says so."""
    import enemy_move.phase

    real = enemy_move.phase.resolve

    def resolve(scenario, *args, **kwargs):
        if scenario.model.title == "boom":
            raise KeyError("a bug")
        return real(scenario, *args, **kwargs)

    monkeypatch.setattr(enemy_move.phase, "resolve", resolve)


def test_internal_error_is_one_file_error_and_the_batch_goes_on(tmp_path: Path, broken_engine: None) -> None:
    write(tmp_path / "a.yaml", title="boom")
    write(tmp_path / "b.yaml")
    result = runner.invoke(app, ["check", str(tmp_path), "--json"])
    assert result.exit_code == 1
    report = json.loads(result.stdout)
    assert [r["status"] for r in report["results"]] == ["error", "pass"]
    error = report["results"][0]
    assert (error["line"], error["column"]) == (1, 1)
    assert error["message"].startswith("internal error (KeyError: 'a bug')") and "\n" not in error["message"]


def test_internal_error_in_resolve_is_one_line(tmp_path: Path, broken_engine: None) -> None:
    path = write(tmp_path / "a.yaml", title="boom")
    assert one_error_line(["resolve", str(path)]).startswith(f"{path}:1:1: internal error (KeyError: 'a bug'); this is a bug in enemy-move")


def test_walk_skips_hidden_and_tool_folders_unless_named(tmp_path: Path) -> None:
    for folder in ("plain", ".hidden", ".venv", "node_modules", "plain/deeper"):
        (tmp_path / folder).mkdir(parents=True, exist_ok=True)
        write(tmp_path / folder / "s.yaml")
    write(tmp_path / ".dotfile.yaml")
    assert checking.scenario_files([str(tmp_path)]) == [str(tmp_path / "plain" / "deeper" / "s.yaml"), str(tmp_path / "plain" / "s.yaml")]
    assert checking.scenario_files([str(tmp_path / ".venv")]) == [str(tmp_path / ".venv" / "s.yaml")]


@pytest.mark.skipif(not hasattr(os, "symlink"), reason="no symbolic links")
def test_symlink_loops_are_reported(tmp_path: Path) -> None:
    (tmp_path / "sub").mkdir()
    write(tmp_path / "sub" / "s.yaml")
    (tmp_path / "sub" / "up").symlink_to(tmp_path)
    (tmp_path / "self").symlink_to(tmp_path / "self")
    files, problems = checking.find_scenarios([str(tmp_path)])
    assert files == [str(tmp_path / "sub" / "s.yaml")]
    assert set(problems) == {str(tmp_path / "sub" / "up"), str(tmp_path / "self")}
    assert all("symbolic link loop" in message for message in problems.values())
    result = runner.invoke(app, ["check", str(tmp_path)])
    assert result.exit_code == 1 and "symbolic link loop" in result.stdout


def test_unreadable_folder_is_reported(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    (tmp_path / "locked").mkdir()
    write(tmp_path / "ok.yaml")
    real_scandir = os.scandir

    def scandir(path):
        if str(path).endswith("locked"):
            raise PermissionError(13, "Permission denied")
        return real_scandir(path)

    monkeypatch.setattr(os, "scandir", scandir)  # root ignores chmod, so fake it
    report = checking.check_paths([str(tmp_path)])
    assert [(r.file, r.status) for r in report.results] == [(str(tmp_path / "locked"), "error"), (str(tmp_path / "ok.yaml"), "pass")]
    assert report.results[0].located() == [f"{tmp_path / 'locked'}:1:1: cannot read folder: Permission denied"]


@pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="no FIFOs here")
def test_fifo_in_a_folder_is_an_error_not_a_hang(tmp_path: Path) -> None:
    os.mkfifo(tmp_path / "pipe.yaml")
    write(tmp_path / "ok.yaml")
    report = checking.check_paths([str(tmp_path)])
    assert [r.status for r in report.results] == ["pass", "error"]
    assert report.results[1].located() == [f"{tmp_path / 'pipe.yaml'}:1:1: is a FIFO, not a scenario file"]


def test_explicit_block_indentation_keeps_leading_blank_cells() -> None:
    from enemy_move.geometry.grid import precheck_grid

    text = "ruleset: gloomhaven\nmap: |2\n      . a . A\n   . . . . . .\nfigures:\n  A: {kind: character}\n  a: {kind: monster}\n"
    grid = precheck_grid(load_scenario_text(text))
    assert grid is not None
    assert (0, 0) not in grid and (1, 0) not in grid  # the two blank cells of row 0
    assert grid.figures == {"a": (3, 0), "A": (5, 0)} and (0, 1) in grid
