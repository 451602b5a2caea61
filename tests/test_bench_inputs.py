"""The bench's inputs stay valid scenarios (the bench itself runs outside `make test`)."""

from __future__ import annotations

import sys
from pathlib import Path

import pytest

from enemy_move.models import load_scenario, load_scenario_text
from enemy_move.phase import resolve as resolve_scenario

BENCH = Path(__file__).resolve().parent.parent / "bench"
sys.path.insert(0, str(BENCH))

import editor_edits  # type: ignore[import-not-found]  # noqa: E402
import gloom_side  # type: ignore[import-not-found]  # noqa: E402
import growth  # type: ignore[import-not-found]  # noqa: E402


@pytest.mark.parametrize("ruleset", sorted(growth.RULESETS))
def test_growth_positions_resolve(ruleset: str) -> None:
    # The smallest board, a two-turn phase and the largest move: every turn has options.
    for side, figures, move in ((16, 2, 1), (16, 4, growth.MOVES[-1])):
        text = growth.RULESETS[ruleset](side, figures, move)
        result = resolve_scenario(load_scenario_text(text, f"<{ruleset}>"), None, {})
        assert len(result.turns) == figures // 2 and all(turn.options for turn in result.turns), ruleset


def test_stress_positions_load() -> None:
    files = sorted((BENCH / "positions").glob("*.yaml"))
    assert files
    for path in files:
        assert load_scenario(path).ruleset == "gloomhaven"


def _recorded(**changes: object) -> dict[str, object]:
    """A board as gloom_side records it from a gloom test: 4 columns of 3 hexes, the monster in hex 0."""
    case: dict[str, object] = dict(
        number=1, width=4, height=3, rules=1, contents=[" "] * 12, initiatives=[0] * 12, walls=[], aoe=[],
        move=2, range=0, target=1, flying=False, jumping=False, muddled=False, answers=[[3, 5]],
    )  # fmt: skip
    figures = [" "] * 12
    figures[0], figures[5] = "A", "C"
    case["figures"] = figures
    case.update(changes)
    return case


def test_gloom_walls_land_between_the_right_hexes() -> None:
    # gloom side 1 of hex 0 is the hex above it (same column); side 3 of hex 4 (odd column 1, row 1) is hex 1.
    text = gloom_side.scenario_text(_recorded(walls=[[0, 1], [4, 3]]))
    assert "  - [[0, 0], [1, 0]]" in text and "  - [[1, 0], [1, 1]]" in text
    scenario = load_scenario_text(text, "<gloom>")
    assert scenario.ruleset == "gloomhaven"


def test_gloom_answers_become_the_expect_block() -> None:
    # gloom's hex 3 is column 1, row 0: our cell [0, 1]; the character in hex 5 is A.
    text = gloom_side.scenario_text(_recorded())
    assert text.endswith("expect:\n  options:\n    - {to: [0, 1], attacks: [A]}\n")
    assert "variant: gloomhaven" in text


def test_the_page_bench_fills_a_form_as_the_page_does() -> None:
    # make bench's page rows send what a form shows; the bench broke once when the forms' HTML moved module.
    from enemy_move.document.document import ScenarioDocument

    demo = Path(__file__).resolve().parent.parent / "scenarios" / "gloomhaven" / "demo.yaml"
    document = ScenarioDocument.from_text(demo.read_text(encoding="utf-8"), "demo.yaml", fast=True)
    values = editor_edits.form_values(document, "figure", "a", {"figures.a.initiative": "40"})
    assert values["figures.a.initiative"] == "40" and len(values) > 1
