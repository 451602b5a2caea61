"""The shared vocabulary stays closed and documented: reasoning step ids per ruleset."""

from __future__ import annotations

import ast
import re
from pathlib import Path

import pytest

from enemy_move.registry import GAMES
from enemy_move.result import STEP_IDS, Step

ROOT = Path(__file__).resolve().parent.parent
OUTPUT_DOC = (ROOT / "docs" / "output.md").read_text()


def step_ids_used(module: Path) -> set[str]:
    """The literal step ids a module passes to ``turn.note(...)`` / ``Step(...)`` / ``rule_out(...)``."""
    used = set()
    for node in ast.walk(ast.parse(module.read_text())):
        if not (isinstance(node, ast.Call) and node.args):
            continue
        name = node.func.attr if isinstance(node.func, ast.Attribute) else getattr(node.func, "id", "")
        index = 1 if name == "rule_out" else 0
        if name in {"note", "Step", "rule_out"} and len(node.args) > index and isinstance(node.args[index], ast.Constant):
            used.add(node.args[index].value)
    return used


def documented_ids(ruleset: str) -> set[str]:
    row = re.search(rf"^\| {re.escape(ruleset)} \| (.*) \|$", OUTPUT_DOC, re.MULTILINE)
    assert row, f"docs/output.md has no step-id row for {ruleset}"
    return set(re.findall(r"`([^`]+)`", row.group(1)))


@pytest.mark.parametrize("ruleset", sorted(GAMES))
def test_every_step_id_a_ruleset_uses_is_documented_for_it(ruleset: str) -> None:
    # The rules of a game span the modules of its package (the play module names the package).
    module = ROOT / GAMES[ruleset].play.partition(":")[0].rpartition(".")[0].replace(".", "/")
    used = set().union(*(step_ids_used(path) for path in sorted(module.glob("*.py"))))
    assert used, f"{module} records no reasoning step"
    assert used <= set(STEP_IDS), f"ids not in StepId: {sorted(used - set(STEP_IDS))}"
    assert used <= documented_ids(ruleset), f"add to docs/output.md: {sorted(used - documented_ids(ruleset))}"


def test_step_ids_are_one_kebab_case_style() -> None:
    assert all(re.fullmatch(r"[a-z]+(-[a-z]+)*", step) for step in STEP_IDS)


def test_an_unknown_step_id_is_refused() -> None:
    with pytest.raises(ValueError, match="unknown reasoning step id"):
        Step("made up", "text")  # type: ignore[arg-type]
