"""References between a file's keys are checked while loading (with the board), not when the game is set up; and
`resolve --place/--set` sets the game up once, on the edited file, still blaming a set-up's mistake on the edit."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from typer.testing import CliRunner

from enemy_move.answering import Request, answer
from enemy_move.cli import app
from enemy_move.errors import ScenarioError
from enemy_move.game import Game, UsageError
from enemy_move.loader import load_file
from enemy_move.models import load_scenario_text

ROOT = Path(__file__).resolve().parent.parent / "scenarios"
STAT_CARDS = (ROOT / "gloomhaven" / "111-stat-card-elite-and-normal.yaml").read_text(encoding="utf-8")
ENEMY_CARDS = (ROOT / "agemonia" / "enemy-card-symbol.yaml").read_text(encoding="utf-8")


def _at(text: str, marker: str) -> tuple[int, int]:
    """Line and column (from 1) where ``marker`` starts in ``text``."""
    before = text[: text.index(marker)]
    return before.count("\n") + 1, len(before) - before.rfind("\n")


@pytest.mark.parametrize(
    ("text", "change", "at", "message"),
    [
        (
            STAT_CARDS,
            ("expect:", "actions: {Bandit Scout: {move: 1}}\nexpect:"),
            "{move: 1}}",
            "`actions` key 'Bandit Scout' names no figure",
        ),
        (STAT_CARDS, ('move: "+1"', "move: +1"), "+1, attack", 'is read as the number 1 .* write `move: "\\+1"`'),
        (STAT_CARDS, ("  Bandit Guard:\n", "  Bandit Scout:\n"), "normal: {move: 2", "`stats` key 'Bandit Scout' names no figure"),
        (STAT_CARDS, ("    elite: {move: 3, attack: 3}\n", ""), "normal: {move: 2", "e is elite, .* has no `elite:` section"),
        (
            ENEMY_CARDS,
            ("initiative: [Skitterer, Ghoul]\n", "initiative: [Skitterer, Ghoul]\nactions: {Wolf: {move: 1}}\n"),
            "Wolf",
            "'Wolf' is neither",
        ),
        (ENEMY_CARDS, ("  Ghoul:\n    claw", "  Wolf:\n    horn: {move: 1}\n  Ghoul:\n    claw"), "Wolf", "'Wolf' is not an enemy type"),
    ],
)
def test_a_key_naming_nothing_is_refused_while_loading_at_its_place(text: str, change: tuple[str, str], at: str, message: str) -> None:
    changed = text.replace(*change)
    assert changed != text
    with pytest.raises(ScenarioError, match=message) as refused:
        load_scenario_text(changed, "board.yaml")  # loading alone: no game set up, no turn resolved
    assert (refused.value.file, refused.value.line, refused.value.col) == ("board.yaml", *_at(changed, at))


@pytest.fixture
def set_ups(monkeypatch: pytest.MonkeyPatch) -> list[str]:
    """The variant of every game set up, in order."""
    made: list[str] = []
    real = Game.setup

    def counting(self: Game, scenario: Any, variant: str) -> Any:
        made.append(variant)
        return real(self, scenario, variant)

    monkeypatch.setattr(Game, "setup", counting)
    return made


def test_place_and_set_set_the_game_up_once_under_the_variant_resolved(set_ups: list[str]) -> None:
    document = load_file(ROOT / "gloomhaven" / "demo.yaml")
    answered = answer(document, Request(variant="frosthaven", places=("A=5,2",), sets=("action.move=3",)))
    assert set_ups == ["frosthaven"] and answered.result.variant == "frosthaven"
    assert answer(document, Request()).result.turns and set_ups == ["frosthaven", "gloomhaven"]


def test_a_mistake_only_the_set_up_finds_is_still_blamed_on_the_edit(set_ups: list[str]) -> None:
    # Agemonia's initiative order is checked when the game is set up (its activation order).
    with pytest.raises(UsageError, match=r"^--set initiative=\[Wolf\]: no enemy has type 'Wolf'"):
        answer(load_file(ROOT / "agemonia" / "enemy-card-symbol.yaml"), Request(sets=("initiative=[Wolf]",)))
    assert len(set_ups) == 1
    shown = CliRunner().invoke(app, ["resolve", str(ROOT / "agemonia" / "enemy-card-symbol.yaml"), "--set", "initiative=[Wolf]"])
    assert shown.exit_code == 2 and "--set initiative=[Wolf]: no enemy has type 'Wolf'" in shown.output
