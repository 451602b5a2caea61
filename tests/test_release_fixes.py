"""Issue 36's four small bugs, one test each: help markup, `rulesets` at 80 columns, `--after`'s modeline, forking with threads."""

from __future__ import annotations

import io
import os
import threading
from pathlib import Path

import pytest
from typer.testing import CliRunner

from enemy_move.cli import app

ROOT = Path(__file__).resolve().parent.parent
DEMO = ROOT / "scenarios" / "gloomhaven" / "demo.yaml"


def _commands(command: object, path: str = "enemy-move") -> list[tuple[str, object]]:
    found = [(path, command)]
    for name, sub in sorted(getattr(command, "commands", {}).items()):
        found += _commands(sub, f"{path} {name}")
    return found


def test_no_help_text_is_eaten_as_rich_markup() -> None:
    # typer shows help texts as rich markup: `enemy-move[serve]` lost its `[serve]`. Every text must read as written.
    import typer
    from rich.text import Text

    texts = []
    for path, command in _commands(typer.main.get_command(app)):
        texts += [(path, getattr(command, key, None)) for key in ("help", "short_help", "epilog")]
        for param in getattr(command, "params", []):
            texts.append((f"{path} {param.name}", getattr(param, "help", None)))  # metavars are shown as plain text
    assert len(texts) > 60
    eaten = [(where, text) for where, text in texts if text and Text.from_markup(text).plain != text.replace("\\[", "[")]
    assert eaten == []


def test_edit_help_no_longer_offers_the_retired_serve_extra() -> None:
    # edit --serve (textual-serve) is retired for `enemy-move serve` (issue 32): neither help names the extra.
    shown = CliRunner().invoke(app, ["edit", "-h"], env={"COLUMNS": "200"})
    assert shown.exit_code == 0 and "enemy-move[serve]" not in shown.stdout and "--serve" not in shown.stdout
    served = CliRunner().invoke(app, ["serve", "-h"], env={"COLUMNS": "200"})
    assert served.exit_code == 0 and "--lan" in served.stdout and "0.0.0.0" in served.stdout


def test_rulesets_at_80_columns_keep_descriptions_readable() -> None:
    # A 72-character option name made the name column so wide that each description wrapped to ~6 characters.
    from rich.console import Console

    from enemy_move.registry import games
    from enemy_move.render.rich_view import render_rulesets

    out = io.StringIO()
    render_rulesets(games(), Console(file=out, width=80, color_system=None))
    lines = out.getvalue().splitlines()
    assert max(len(line.rstrip()) for line in lines) <= 80
    text = out.getvalue()
    assert "Gloomhaven 1st edition: corner-to-corner sight," in text
    assert "  rules.sight / invisible_blocks_movement / jump_pays_difficult_last_hex\n" in text  # names whole, on their own line
    assert "the edition's readings, settable either way" in text
    assert len(lines) < 200


@pytest.mark.parametrize(("folder", "expected"), [("next/round", "../../../../schema/enemy-move.schema.json"), (".", None)])
def test_after_points_the_schema_modeline_at_the_same_file(folder: str, expected: str | None, tmp_path: Path) -> None:
    # The demo's modeline is ../../schema/enemy-move.schema.json: right beside scenarios/gloomhaven/, wrong elsewhere.
    target_dir = (tmp_path / folder) if folder != "." else DEMO.parent
    target_dir.mkdir(parents=True, exist_ok=True)
    target = target_dir / "after-release-test.yaml"
    try:
        shown = CliRunner().invoke(app, ["resolve", str(DEMO), "--json", "--after", str(target)])
        assert shown.exit_code == 0, shown.stderr
        first = target.read_text(encoding="utf-8").splitlines()[0]
    finally:
        if folder == ".":
            target.unlink(missing_ok=True)
    location = first.removeprefix("# yaml-language-server: $schema=")
    assert (target_dir / location).resolve() == (ROOT / "schema" / "enemy-move.schema.json").resolve()
    if expected is None:
        assert location == "../../schema/enemy-move.schema.json"  # the same folder: not a byte changed


def test_moved_modeline_keeps_urls_and_absolute_paths() -> None:
    from enemy_move.starters import moved_modeline

    for location in ("https://example.org/s.json", "/abs/s.json"):
        text = f"# yaml-language-server: $schema={location}\nruleset: toy\n"
        assert moved_modeline(text, "a", "b/c") == text
    assert (
        moved_modeline("# yaml-language-server: $schema=s.json\nx: 1\n", "a", "b/c")
        == "# yaml-language-server: $schema=../../a/s.json\nx: 1\n"
    )


def _scenario_files() -> list[str]:
    from enemy_move.checking import find_scenarios

    return find_scenarios([str(ROOT / "scenarios" / "agemonia")])[0][:8]


def test_check_workers_are_not_forked_from_a_process_with_threads(monkeypatch: pytest.MonkeyPatch) -> None:
    # Python 3.12 warns (and a child may deadlock) when a process with threads forks: then a fork server starts them.
    from enemy_move.checking import check_files

    files = _scenario_files()
    expected = check_files(files, None, jobs=1).to_dict()

    def no_fork() -> int:
        raise AssertionError("forked a process that runs threads")

    stop = threading.Event()
    other = threading.Thread(target=stop.wait)
    other.start()
    try:
        monkeypatch.setattr(os, "fork", no_fork)
        assert check_files(files, None, jobs=2).to_dict() == expected
    finally:
        stop.set()
        other.join()


def test_the_progress_bar_runs_no_thread() -> None:
    from rich.console import Console

    from enemy_move.checking import FileResult
    from enemy_move.render.check_view import CheckProgress

    before = threading.active_count()
    with CheckProgress(Console(file=io.StringIO(), force_terminal=True), 2) as progress:
        progress.advance(FileResult(file="a.yaml", status="pass"))
        assert threading.active_count() == before
