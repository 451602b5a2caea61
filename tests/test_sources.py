"""Every reasoning step says where its rule is written (issue 33): a rulebook page, a FAQ section or a
paragraph of the rules texts, for every step id of every game and every step of every bundled scenario."""

from __future__ import annotations

from pathlib import Path

import pytest

from enemy_move.models import load_scenario
from enemy_move.phase import resolve
from enemy_move.registry import GAMES, game_names
from enemy_move.why_not import explain

ROOT = Path(__file__).resolve().parent.parent
SCENARIOS = sorted((ROOT / "scenarios").rglob("*.yaml"))
REAL_GAMES = game_names()  # every registered game (the toy is registered only inside its own tests)


@pytest.mark.parametrize("name", REAL_GAMES)
def test_every_step_id_of_every_variant_has_a_source(name: str) -> None:
    game = GAMES[name]
    for variant in game.variants:
        missing = [step for step in game.step_ids if not game.source_of(step, variant, {})]
        assert not missing, f"{name}/{variant}: no source for {missing}"


def test_every_step_of_every_scenario_has_a_source() -> None:
    missing = []
    for path in SCENARIOS:
        scenario = load_scenario(str(path))
        result = resolve(scenario)
        cells = [next(iter(result.turns[0].ruled_out), None)] if result.turns else []
        report = explain(result, [cell for cell in cells if cell is not None])
        for turn, extra in zip(result.turns, report.extras(), strict=True):
            missing += [f"{path.name}: {step.step}" for step in turn.reasoning + extra.steps if not step.source]
    assert len(SCENARIOS) > 250
    assert not missing, missing[:20]


def test_a_reading_step_cites_its_switch() -> None:
    game = GAMES["gloomhaven"]
    source = game.source_of("reading", "gloomhaven", {"switch": "rules.forced_move_maximum"})
    assert "FAQ 5.8" in source and "rules.forced_move_maximum" in source


def test_the_variant_changes_the_page_cited() -> None:
    game = GAMES["gloomhaven"]
    assert "GH rulebook p.19" in game.source_of("line-of-sight", "gloomhaven", {})
    assert "FH rulebook p.21" in game.source_of("line-of-sight", "frosthaven", {})
    assert "GH2e FAQ 5.8" in game.source_of("forced-move", "gloomhaven2e", {})


@pytest.mark.parametrize("name", REAL_GAMES)
def test_each_games_page_lists_its_sources(name: str) -> None:
    game = GAMES[name]
    page = (ROOT / "docs" / f"{name}.md").read_text(encoding="utf-8")
    assert "## Sources of the reasoning" in page
    for step in game.step_ids:
        assert game.source_of(step, game.default_variant, {}) in page, step
