"""Perdition's Mouth's figure types as records with named hooks, and Perdition's Mouth's and Cloudspire's
boards parsed once at load (the earliest mistake in the file reported when several checks fail)."""

from __future__ import annotations

import ast
import typing
from pathlib import Path

import pytest

from enemy_move.errors import ScenarioError, first_in_file
from enemy_move.games.perditions_mouth import enemies
from enemy_move.games.perditions_mouth.model import FigureKind, PerditionsMouthRules
from enemy_move.games.perditions_mouth.play import PerditionsMouthPlay
from enemy_move.games.perditions_mouth.readings import READINGS
from enemy_move.models import load_scenario, load_scenario_text
from enemy_move.phase import resolve
from enemy_move.registry import game

PACKAGE = Path(__file__).resolve().parent.parent / "enemy_move" / "games" / "perditions_mouth"
SCENARIOS = Path(__file__).resolve().parent.parent / "scenarios"
#: The modules allowed to name types: the records themselves, the scenario keys, the editor's and pictures' words.
NAMING_TYPES = {"enemies.py", "model.py", "vocabulary.py", "editing.py", "sources.py", "__init__.py", "starter.py"}


def test_every_kind_of_the_file_has_a_type_record() -> None:
    assert set(enemies.TYPES) == set(typing.get_args(FigureKind))
    assert all(kind.kind == name for name, kind in enemies.TYPES.items())


def test_the_hooks_say_what_each_rule_does_differently() -> None:
    rules = PerditionsMouthRules()
    types = enemies.TYPES
    chileen = enemies.enemy("chileen")
    assert sorted(k for k, t in types.items() if chileen.tramples(t)) == ["acolyte", "boneworm", "guard", "rotikka", "summoner"]
    assert sorted(k for k, t in types.items() if isinstance(t, enemies.Enemy) and t.ignores_terrain(rules)) == ["boneworm", "rotikka"]
    assert chileen.ignores_terrain(rules.model_copy(update={"chileen_pays_terrain": False}))
    assert sorted(k for k, t in types.items() if isinstance(t, enemies.Enemy) and t.spends_all_ap(rules)) == ["acolyte", "guard"]
    every = rules.model_copy(update={"full_ap_rule": "all"})
    assert all(t.spends_all_ap(every) for t in types.values() if isinstance(t, enemies.Enemy))
    assert [k for k, t in types.items() if isinstance(t, enemies.Enemy) and t.stays()] == ["demon"]
    assert [k for k, t in types.items() if isinstance(t, enemies.Enemy) and t.opens_doors] == ["acolyte"]
    owned = {r for t in types.values() if isinstance(t, enemies.Enemy) for r in t.readings}
    assert owned <= set(READINGS)


def test_no_rule_module_tests_a_type_by_its_name() -> None:
    """Issue 35: enemy types are records with hooks, not strings compared in the rules."""
    names = set(enemies.TYPES)
    offenders = []
    for path in sorted(PACKAGE.glob("*.py")):
        if path.name in NAMING_TYPES:
            continue
        for node in ast.walk(ast.parse(path.read_text())):
            if isinstance(node, ast.Constant) and node.value in names:
                offenders.append(f"{path.name}:{node.lineno}: {node.value!r}")
    assert not offenders


def test_a_new_enemy_type_is_a_record_and_a_hook() -> None:
    """A type whose rule differs in one hook: a Boneworm that never moves, put in place of the Boneworm."""

    class Stuck(enemies.Enemy):
        def stays(self) -> tuple[str, str, str]:
            return ("demon", "it is stuck.", "it is stuck")

    text = "ruleset: perditions-mouth\nmap: |\n  b . . A\nfigures: {b: {kind: boneworm}, A: {kind: hero}}\n"
    scenario = load_scenario_text(text, "t.yaml")
    saved = enemies.TYPES["boneworm"]
    enemies.TYPES["boneworm"] = Stuck("boneworm", "Boneworm", enemies.INSECTOID_SHEET, ap=1, preferred_ranges=(1,))
    try:
        turn = resolve(scenario, None, {}, ()).turns[0]
    finally:
        enemies.TYPES["boneworm"] = saved
    assert [option.to for option in turn.options] == [(0, 0)]
    assert turn.reasoning[-1].text == "Boneworm (b): it is stuck."
    assert [option.to for option in resolve(scenario, None, {}, ()).turns[0].options] == [(1, 0)]


@pytest.mark.parametrize(
    "path",
    [SCENARIOS / "perditions-mouth" / "phase-06-sleeping-blocks.yaml", SCENARIOS / "cloudspire" / "ai-hero-first.yaml"],
)
def test_the_board_is_parsed_once_at_load_and_used_by_the_play(path: Path) -> None:
    scenario = load_scenario(path)
    assert scenario.board is not None

    entry = game(scenario.ruleset)
    assert entry is not None
    play = entry.setup(scenario, scenario.model.variant or entry.default_variant)
    assert play.board is scenario.board


def test_perditions_mouth_sleepers_are_on_the_parsed_board() -> None:
    text = "ruleset: perditions-mouth\nmap: |\n  g . . A\nfigures: {g: {kind: guard, sleeping: true}, A: {kind: hero}}\n"
    scenario = load_scenario_text(text, "t.yaml")
    assert scenario.board.asleep == frozenset({"g"})
    assert PerditionsMouthPlay(scenario, "etbrev").state.part.get("asleep") == ("g",)


def test_first_in_file_reports_the_earliest_and_returns_every_result() -> None:
    def fail(line: int, col: int) -> None:
        raise ScenarioError("f", line, col, f"at {line}:{col}")

    assert first_in_file(lambda: 1, lambda: 2) == [1, 2]
    with pytest.raises(ScenarioError, match="at 2:9"):
        first_in_file(lambda: fail(5, 1), lambda: 3, lambda: fail(2, 9), lambda: fail(2, 10))


MAP_Q = "map: |\n  . . . .\n  . A Q g\n"


@pytest.mark.parametrize(
    ("text", "where"),
    [
        # a hero's `ap` (line 6) after a figure drawn but not listed (line 4): the map's mistake first
        ("ruleset: perditions-mouth\n" + MAP_Q + "figures:\n  A: {kind: hero, ap: 3}\n  g: {kind: guard}\n", "t.yaml:4:7:"),
        # a sheet (line 2) before the map's mistake (line 5)
        ("ruleset: perditions-mouth\ncultist_sheet: [A]\n" + MAP_Q + "figures:\n  A: {kind: hero}\n  g: {kind: guard}\n", "t.yaml:2:17:"),
        # `rules:` (line 2) before the map (line 5) and a Guard's health (line 8)
        (
            "ruleset: perditions-mouth\nrules: {sight_blockers: [lava]}\n"
            + MAP_Q
            + "figures:\n  A: {kind: hero, health: 3}\n  g: {kind: guard, health: 2}\n",
            "t.yaml:2:26:",
        ),
        # a faction's mark (line 2) before the map (line 5)
        (
            "ruleset: cloudspire\nmarks: {green: [0, 0]}\nmap: |\n  . . . .\n   . A Q a\n"
            "figures:\n  A: {kind: hero, faction: blue}\n  a: {kind: minion, faction: red, move: 2}\n",
            "t.yaml:2:9:",
        ),
        # a mark off the map is checked against the parsed map, so a map mistake comes first
        (
            "ruleset: cloudspire\nmarks: {red: [9, 9]}\nmap: |\n  . . . .\n   . A Q a\n"
            "figures:\n  A: {kind: hero, faction: blue}\n  a: {kind: minion, faction: red, move: 2}\n",
            "t.yaml:5:8:",
        ),
    ],
)
def test_the_earliest_mistake_in_the_file_is_reported_at_load(text: str, where: str) -> None:
    with pytest.raises(ScenarioError) as error:
        load_scenario_text(text, "t.yaml")
    assert str(error.value).startswith(where), str(error.value)
