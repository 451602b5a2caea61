"""Every bundled scenario with an `expect:` block passes, checked through the real `check` command."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from typer.testing import CliRunner

from enemy_move.cli import app

ROOT = Path(__file__).resolve().parent.parent
SCENARIO_DIRS = sorted(p for p in (ROOT / "scenarios").iterdir() if p.is_dir())


@pytest.mark.parametrize("folder", SCENARIO_DIRS, ids=[p.name for p in SCENARIO_DIRS])
def test_bundled_scenarios_pass_check(folder: Path) -> None:
    result = CliRunner().invoke(app, ["check", str(folder), "--json"])
    report = json.loads(result.stdout)
    failures = [r for r in report["results"] if r["status"] != "pass"]
    assert not failures, json.dumps(failures, indent=2)
    assert report["summary"]["total"] > 0
    assert result.exit_code == 0
