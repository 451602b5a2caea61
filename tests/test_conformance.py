"""One suite over every registered game, the toy of tests/toy/ included: a new game gets these checks for free.

Each game is exercised through its own starter (``enemy-move new``), in every variant where it is cheap:
it resolves (and passes its own ``expect:`` when it has one); its JSON answer survives a round trip and
follows the output schema (``enemy-move schema --output``); it draws as SVG and as an HTML page; the board
after each option is what applying that option's effects gives (and only its effects); the answer, the
SVG and the page are the same bytes twice, and under another hash seed; ``--why-not`` answers for every
cell (every area) of the board; the editor's document gives back the file's text unchanged.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
import xml.etree.ElementTree as ElementTree
from dataclasses import replace
from pathlib import Path
from typing import Any

import pytest
import schema_check
import toy

import enemy_move
from enemy_move.document.document import ScenarioDocument
from enemy_move.game import Game
from enemy_move.models import Scenario, load_scenario_text
from enemy_move.output_schema import output_schema
from enemy_move.phase import explore, resolve
from enemy_move.registry import GAMES, games
from enemy_move.render.html_page import page
from enemy_move.render.svg import result_svg
from enemy_move.result import Result, result_to_dict
from enemy_move.starters import SCHEMA_MODELINE, starter
from enemy_move.why_not import explain

ROOT = Path(__file__).resolve().parent.parent
#: Every registered game and the toy (registered for each test by the fixture below).
EVERY_GAME: list[Game] = [*games(), toy.GAME]
NAMES = [game.name for game in EVERY_GAME]
VARIANTS = [(game.name, variant) for game in EVERY_GAME for variant in game.variants]


@pytest.fixture(autouse=True)
def _toy_registered(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setitem(GAMES, toy.GAME.name, toy.GAME)


def _game(name: str) -> Game:
    return next(game for game in EVERY_GAME if game.name == name)


def _starter(name: str, variant: str | None = None) -> tuple[str, Scenario, Result]:
    text = starter(name, variant or _game(name).default_variant)
    scenario = load_scenario_text(text, f"{name}.yaml")
    return text, scenario, resolve(scenario)


def test_the_suite_covers_five_games_or_more() -> None:
    assert len(NAMES) >= 5 and "toy" in NAMES and len(set(NAMES)) == len(NAMES)


@pytest.mark.parametrize(("name", "variant"), VARIANTS)
def test_the_starter_resolves_in_every_variant(name: str, variant: str) -> None:
    text, _, result = _starter(name, variant)
    assert result.ruleset == name and result.variant == variant and result.turns
    assert all(turn.options or turn.reasoning for turn in result.turns)
    if "\nexpect:" in text:  # its own expected answer holds
        checked = enemy_move.check_text(text, file=f"{name}.yaml")
        assert [entry["status"] for entry in checked["results"]] == ["pass"], checked


@pytest.mark.parametrize("name", NAMES)
def test_the_json_answer_round_trips_and_follows_the_output_schema(name: str) -> None:
    text = starter(name, _game(name).default_variant)
    document = enemy_move.resolve_text(text, file=f"{name}.yaml")
    assert "error" not in document, document
    assert json.loads(json.dumps(document)) == document
    assert schema_check.errors(document, output_schema()) == []
    checked = enemy_move.check_text(text, file=f"{name}.yaml")
    assert schema_check.errors(checked, output_schema()) == []


@pytest.mark.parametrize("name", NAMES)
def test_it_draws_as_svg_and_as_a_page(name: str) -> None:
    _, scenario, result = _starter(name)
    picture = result_svg(result)
    root = ElementTree.fromstring(picture)  # well-formed XML
    assert root.tag.endswith("svg") and len(root) > 3
    html = page(result, [], explore(scenario, result))
    assert html.startswith("<!DOCTYPE html>") and html.rstrip().endswith("</html>")
    assert html.count("<svg") >= 1 and (result.title or "") in html


@pytest.mark.parametrize("name", NAMES)
def test_the_board_after_each_option_is_its_effects_applied(name: str) -> None:
    game = _game(name)
    _, scenario, result = _starter(name)
    play = game.setup(scenario, result.variant)
    board, state = result.board, result.initial
    assert state is not None
    for index, turn in enumerate(result.turns):
        assert turn.options, f"turn {index + 1} has no option"
        for option in turn.options:
            after = play.apply(board, option)
            # Effects only: the option's other facts (where it ends, its path, attacks) are not read.
            stripped = replace(option, to=option.path[0] if option.path else option.to, path=(), attacks=(), details={})
            assert play.apply(board, stripped) == after
            assert option.effects, "an option changes the board through its effects (at least the actor's move)"
        chosen = turn.options[turn.chosen or 0]
        assert play.apply(board, chosen) == result.boards_after[index]
        # The board state (figures and the game's own part) follows the same effects, and nothing else.
        assert turn.board_after == state.after(chosen.effects)
        board, state = result.boards_after[index], turn.board_after


@pytest.mark.parametrize("name", NAMES)
def test_the_same_input_gives_the_same_bytes(name: str) -> None:
    text, scenario, result = _starter(name)
    again = resolve(load_scenario_text(text, f"{name}.yaml"))
    assert json.dumps(result_to_dict(result)) == json.dumps(result_to_dict(again))
    assert result_svg(result) == result_svg(again)
    assert page(result, [], explore(scenario, result)) == page(again, [], explore(scenario, again))


def test_the_answers_do_not_depend_on_the_hash_seed() -> None:
    # Each game's JSON, SVG and page in a fresh process, under two hash seeds (sets and dicts of strings change order).
    script = (
        "import json, sys\n"
        f"sys.path.insert(0, {str(ROOT / 'tests')!r})\n"
        "import toy; toy.register()\n"
        "from enemy_move.models import load_scenario_text\n"
        "from enemy_move.phase import explore, resolve\n"
        "from enemy_move.registry import games\n"
        "from enemy_move.render.html_page import page\n"
        "from enemy_move.render.svg import result_svg\n"
        "from enemy_move.result import result_to_dict\n"
        "from enemy_move.starters import starter\n"
        "for game in games():\n"
        "    scenario = load_scenario_text(starter(game.name, game.default_variant), game.name + '.yaml')\n"
        "    result = resolve(scenario)\n"
        "    print(json.dumps(result_to_dict(result)), result_svg(result), page(result, [], explore(scenario, result)))\n"
    )

    def run(seed: str) -> str:
        env = {**os.environ, "PYTHONHASHSEED": seed}
        return subprocess.run([sys.executable, "-c", script], capture_output=True, text=True, check=True, env=env).stdout

    first = run("1")
    assert all(f'"ruleset": "{name}"' in first for name in NAMES)
    assert run("2") == first


def _every_position(result: Result) -> list[Any]:
    board = result.board
    if result.board_kind == "areas":
        return sorted(board.areas)
    return [(col, row) for row in range(board.height) for col in range(board.width)]


@pytest.mark.parametrize("name", NAMES)
def test_why_not_answers_for_every_cell(name: str) -> None:
    _, _, result = _starter(name)
    positions = _every_position(result)
    assert positions
    report = explain(result, positions)
    assert len(report.answers) == len(result.turns)
    for turn, answers in zip(result.turns, report.answers, strict=True):
        assert [entry.at for entry in answers] == positions
        destinations = {option.to for option in turn.options}
        for entry in answers:
            assert entry.text and entry.source in ("option", "engine", "board"), entry
            assert (entry.source == "option") == (entry.at in destinations), entry
            assert entry.source != "engine" or entry.step in _game(name).known_step_ids(), entry
    document = result_to_dict(result, report.extras())
    assert schema_check.errors({"version": "0", "format": enemy_move.OUTPUT_FORMAT, **document}, output_schema()) == []


def _scenario_texts(name: str) -> list[str]:
    folder = ROOT / "scenarios" / name
    files = sorted(folder.glob("*.yaml")) if folder.is_dir() else []
    return [
        starter(name, _game(name).default_variant),
        starter(name, _game(name).default_variant, ""),
        *(f.read_text(encoding="utf-8") for f in files),
    ]


@pytest.mark.parametrize("name", NAMES)
def test_the_editor_document_gives_back_the_text(name: str) -> None:
    texts = _scenario_texts(name)
    assert texts[0].startswith(SCHEMA_MODELINE)
    for text in texts:
        document = ScenarioDocument.from_text(text, f"{name}.yaml")
        assert document.text() == text
        assert document.ruleset == name and document.game is not None and document.game.name == name
