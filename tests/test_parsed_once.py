"""`resolve --place/--set` reads the file once and the edited text once (issue 35: it was parsed three times)."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from typer.testing import CliRunner

import enemy_move.loader as loader
from enemy_move.cli import app

ROOT = Path(__file__).resolve().parent.parent
DEMO = ROOT / "scenarios/gloomhaven/demo.yaml"


@pytest.fixture
def composed(monkeypatch: pytest.MonkeyPatch) -> list[str]:
    """Every text the loader parses, in order."""
    texts: list[str] = []
    real = loader._parse

    def counting(text: str, file: str, *rest: Any) -> Any:
        texts.append(text)
        return real(text, file, *rest)

    monkeypatch.setattr(loader, "_parse", counting)
    return texts


def test_overrides_parse_the_file_once_and_the_edit_once(composed: list[str]) -> None:
    shown = CliRunner().invoke(app, ["resolve", str(DEMO), "--json", "--place", "A=2,2", "--set", "action.move=3"])
    assert shown.exit_code == 0, shown.output
    original = DEMO.read_text(encoding="utf-8")
    files = [text for text in composed if "ruleset:" in text]
    assert files.count(original) == 1
    assert len(files) == 2  # the file as read, then as edited
    assert files[1] != original


def test_check_parses_each_file_once(composed: list[str]) -> None:
    shown = CliRunner().invoke(app, ["check", str(DEMO)])
    assert shown.exit_code == 0, shown.output
    assert composed == [DEMO.read_text(encoding="utf-8")]
