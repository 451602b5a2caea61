"""Reasoning a player reads at the table: plurals right, no line said twice.

Wording is the engines' job (renderers show their text as it is), so this
runs over every bundled scenario and checks what the engines wrote.
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from enemy_move.models import load_scenario
from enemy_move.phase import resolve as resolve_scenario

ROOT = Path(__file__).resolve().parent.parent
SCENARIOS = sorted((ROOT / "scenarios").glob("*/*.yaml"))
BAD_PLURAL = re.compile(r"\w\((e?s)\)|(?:^|[^\d.,])1 (?:squares|moves|hexes|areas|points|steps|movement points|options)\b")


@pytest.mark.parametrize("path", SCENARIOS, ids=lambda p: f"{p.parent.name}/{p.stem}")
def test_reasoning_has_right_plurals_and_no_repeated_line(path: Path) -> None:
    result = resolve_scenario(load_scenario(path))
    for turn in result.turns:
        texts = [step.text for step in turn.reasoning]
        assert len(texts) == len(set(texts)), [t for t in texts if texts.count(t) > 1][0]
        for text in texts + [entry.reason for entry in turn.ruled_out.values()]:
            assert not BAD_PLURAL.search(text), text


def test_the_plural_pattern_catches_what_it_should() -> None:
    assert BAD_PLURAL.search("from 7 hex(es)") and BAD_PLURAL.search("needs 1 moves") and BAD_PLURAL.search("(1 squares)")
    assert not BAD_PLURAL.search("11 moves, 2.1 hexes, 1 move")
