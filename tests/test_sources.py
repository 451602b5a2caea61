"""Every reasoning step says where its rule is written (issue 33): a rulebook page, a FAQ section or a
paragraph of the rules texts, for every step id of every game and every step of every bundled scenario."""

from __future__ import annotations

import re
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
    missing, badly_formed = [], []
    for path in SCENARIOS:
        scenario = load_scenario(str(path))
        result = resolve(scenario)
        cells = [next(iter(result.turns[0].ruled_out), None)] if result.turns else []
        report = explain(result, [cell for cell in cells if cell is not None])
        for turn, extra in zip(result.turns, report.extras(), strict=True):
            missing += [f"{path.name}: {step.step}" for step in turn.reasoning + extra.steps if not step.source]
            badly_formed += [
                f"{path.name}: {step.step}: {problem}" for step in turn.reasoning + extra.steps for problem in form_problems(step.source)
            ]
    assert len(SCENARIOS) > 250
    assert not missing, missing[:20]
    assert not badly_formed, badly_formed[:20]


#: What a player cannot open: a repository path or file name, the project's research notes and their codes.
_NOT_FOR_PLAYERS = [
    (re.compile(r"[\w./-]+\.(?:md|txt|py|yaml|json)\b"), "a file of the repository"),
    (re.compile(r"\bdocs/"), "a repository path"),
    (re.compile(r"\bnotes\b|\bREADING_SOURCES\b"), "the project's research notes or code"),
    (re.compile(r"\((?:[ACS][0-9]+)\)|\b[ACS][0-9]+:"), "a research notes' source code (A14, C3, S2)"),
]
_DOCS = re.compile(r"`enemy-move docs ([a-z0-9-]+)`(?:, '([^']+)')?")
_NUMBERED = re.compile(r"\brules? [0-9]")


def _headings(page: str) -> list[str]:
    text = (ROOT / "docs" / f"{page}.md").read_text(encoding="utf-8")
    return [line.lstrip("#").strip() for line in text.splitlines() if line.startswith("#")]


def form_problems(source: str) -> list[str]:
    """Why a player could not follow ``source`` (empty: a rulebook page, FAQ section, rules text or docs section)."""
    problems = [f"{why}: {source!r}" for pattern, why in _NOT_FOR_PLAYERS if pattern.search(source)]
    for match in _DOCS.finditer(source):
        page, section = match[1], match[2]
        if not (ROOT / "docs" / f"{page}.md").is_file():
            problems.append(f"no docs page {page!r}: {source!r}")
        elif section is not None and not any(heading.startswith(section) for heading in _headings(page)):
            problems.append(f"no section {section!r} in {page}: {source!r}")
    if _NUMBERED.search(source) and not _DOCS.search(source):
        problems.append(f"rule numbers without the docs page that numbers them: {source!r}")
    return problems


@pytest.mark.parametrize("name", REAL_GAMES)
def test_every_source_is_one_a_player_can_open(name: str) -> None:
    """Every step id of every variant, and every open reading's switch: a rulebook page, a FAQ section, a rules
    text, or an `enemy-move docs PAGE` section that exists; never a repository path."""
    game = GAMES[name]
    readings = [{"switch": f"rules.{key}", "reading": key} for key in ("sight", "movement", "stop_at_mark", "ranged_taunt", "x")]
    sources = {game.source_of(step, variant, data) for variant in game.variants for step in game.step_ids for data in [{}, *readings]}
    problems = [problem for source in sorted(sources) for problem in form_problems(source)]
    assert not problems, problems[:10]


def test_the_form_check_can_fail() -> None:
    assert form_problems("docs/gloomhaven.md 'Open readings'")
    assert form_problems("Agemonia notes A14 (Held)")
    assert form_problems("`enemy-move docs gloomhaven`, 'No such section'")
    assert form_problems("PM text, rule 3")
    assert not form_problems("GH rulebook p.19 (Range); `enemy-move docs gloomhaven`, 'Open readings', rules.sight")


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
