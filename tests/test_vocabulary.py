"""Reasoning step ids: each game declares its closed set, the docs list it, and resolving only ever records declared ids."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from enemy_move.checking import scenario_files
from enemy_move.game import CORE_STEP_IDS
from enemy_move.models import load_scenario
from enemy_move.phase import resolve as resolve_scenario
from enemy_move.registry import GAMES

ROOT = Path(__file__).resolve().parent.parent
OUTPUT_DOC = (ROOT / "docs" / "output.md").read_text()
REAL_GAMES = sorted(name for name in GAMES if name != "toy")


def documented_ids(row_name: str) -> set[str]:
    row = re.search(rf"^\| {re.escape(row_name)} \| (.*) \|$", OUTPUT_DOC, re.MULTILINE)
    assert row, f"docs/output.md has no step-id row for {row_name}"
    return set(re.findall(r"`([^`]+)`", row.group(1)))


@pytest.mark.parametrize("ruleset", REAL_GAMES)
def test_the_docs_list_exactly_the_ids_a_game_declares(ruleset: str) -> None:
    assert documented_ids(ruleset) == set(GAMES[ruleset].step_ids)


def test_the_docs_list_the_core_ids() -> None:
    assert documented_ids("all (core)") == set(CORE_STEP_IDS)


@pytest.mark.parametrize("ruleset", REAL_GAMES)
def test_step_ids_are_one_kebab_case_style(ruleset: str) -> None:
    assert all(re.fullmatch(r"[a-z]+(-[a-z]+)*", step) for step in GAMES[ruleset].step_ids)


@pytest.mark.parametrize("ruleset", REAL_GAMES)
def test_resolving_a_game_records_only_its_declared_ids(ruleset: str) -> None:
    used: set[str] = set()
    for file in scenario_files([str(ROOT / "scenarios" / ruleset)])[:12]:
        result = resolve_scenario(load_scenario(file))
        for turn in result.turns:
            used |= turn.step_ids()
    assert used, f"no reasoning recorded for {ruleset}"
    assert used <= set(GAMES[ruleset].step_ids)
