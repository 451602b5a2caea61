"""The bench's inputs stay valid scenarios (the bench itself runs outside `make test`)."""

from __future__ import annotations

import sys
from pathlib import Path

import pytest

from enemy_move.checking import resolve_scenario
from enemy_move.models import load_scenario, load_scenario_text

BENCH = Path(__file__).resolve().parent.parent / "bench"
sys.path.insert(0, str(BENCH))

import growth  # noqa: E402


@pytest.mark.parametrize("table", ["turn", "phase"])
def test_growth_positions_resolve(table: str) -> None:
    series = growth.TURN_SERIES if table == "turn" else growth.PHASE_SERIES
    for ruleset, (_, sizes, make, _measure) in series.items():
        scenario = load_scenario_text(make(sizes[0]), f"<{ruleset} {sizes[0]}>")
        result = resolve_scenario(scenario, None, {})
        assert result.turns and all(turn.options for turn in result.turns), ruleset


def test_stress_positions_load() -> None:
    files = sorted((BENCH / "positions").glob("*.yaml"))
    assert files
    for path in files:
        assert load_scenario(path).ruleset == "gloomhaven"
