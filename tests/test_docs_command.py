"""`enemy-move docs [TOPIC]`: the pages travel with the package; help, errors and schema name that command."""

from __future__ import annotations

import json
import shutil
from pathlib import Path

import pytest
from typer.testing import CliRunner

from enemy_move import docs_pages
from enemy_move.cli import app

ROOT = Path(__file__).resolve().parent.parent
runner = CliRunner()


def test_docs_lists_every_page() -> None:
    shown = runner.invoke(app, ["docs"], env={"COLUMNS": "100"})
    assert shown.exit_code == 0
    for page in (ROOT / "docs").glob("*.md"):
        assert page.stem in shown.stdout


@pytest.mark.parametrize("topic", ["scenario-format", "errors", "output", "gloomhaven", "perditions-mouth", "agemonia", "cloudspire"])
def test_docs_shows_a_page_as_text(topic: str) -> None:
    shown = runner.invoke(app, ["docs", topic], env={"COLUMNS": "100"})
    assert shown.exit_code == 0
    title = (ROOT / "docs" / f"{topic}.md").read_text(encoding="utf-8").splitlines()[0].lstrip("# ").replace("`", "")
    assert title in shown.stdout and "\n# " not in shown.stdout  # rendered, not the Markdown source


def test_an_unknown_page_is_a_usage_error() -> None:
    shown = runner.invoke(app, ["docs", "nope"])
    assert shown.exit_code == 2 and "no page 'nope'; pages: " in shown.stderr and "scenario-format" in shown.stderr


def test_an_installed_package_reads_its_own_copy(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    # A wheel has enemy_move/docs/ (setup.py copies docs/*.md there); that copy wins over any docs/ beside it.
    package = tmp_path / "enemy_move"
    (package / "docs").mkdir(parents=True)
    shutil.copy(ROOT / "docs" / "scenario-format.md", package / "docs")
    (package / "docs" / "installed-only.md").write_text("# Installed\n", encoding="utf-8")
    monkeypatch.setattr(docs_pages, "_PACKAGE", package)
    assert docs_pages.topics() == {"installed-only": "Installed", "scenario-format": "Scenario file format"}
    monkeypatch.setattr(docs_pages, "_PACKAGE", tmp_path / "nowhere" / "enemy_move")
    assert docs_pages.topics() == {} and docs_pages.page_text("errors") is None
    shown = runner.invoke(app, ["docs"])
    assert shown.exit_code == 2 and "not installed" in shown.stderr


def _help_texts() -> list[str]:
    import typer

    texts = []
    stack = [typer.main.get_command(app)]
    while stack:
        command = stack.pop()
        stack += list(getattr(command, "commands", {}).values())
        texts += [command.help or ""] + [getattr(param, "help", None) or "" for param in command.params]
    return texts


def test_help_schema_and_starters_name_the_docs_command_not_a_repository_path() -> None:
    # A pip or pipx user has no docs/ folder: every pointer a user reads is `enemy-move docs TOPIC`.
    from enemy_move.registry import games
    from enemy_move.schema import scenario_schema
    from enemy_move.starters import starter, starter_rulesets

    shown = _help_texts() + [json.dumps(scenario_schema())]
    shown += [starter(entry.name, entry.default_variant) for entry in games() if entry.name in starter_rulesets()]
    assert [text for text in shown if "docs/" in text or ".md" in text] == []
    assert any("enemy-move docs editor" in text for text in shown)
    for topic in ("scenario-format", "errors", "gloomhaven", "agemonia", "cloudspire"):
        assert (ROOT / "docs" / f"{topic}.md").is_file()  # each page named exists


def test_a_cap_error_names_the_errors_page(tmp_path: Path) -> None:
    board = (ROOT / "scenarios" / "gloomhaven" / "demo.yaml").read_text(encoding="utf-8").replace("move: 2", "move: 99999")
    path = tmp_path / "capped.yaml"
    path.write_text(board, encoding="utf-8")
    shown = runner.invoke(app, ["resolve", str(path)])
    assert shown.exit_code == 2 and "see `enemy-move docs errors`" in shown.stderr


def test_links_between_pages_name_the_docs_command() -> None:
    text = docs_pages.page_text("scenario-format")
    assert text is not None and "gloomhaven (`enemy-move docs gloomhaven`)" in text and "](gloomhaven.md)" not in text
    assert "(pictures/" in (docs_pages.page_text("output") or "")  # a picture is no page: left as written
