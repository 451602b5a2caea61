"""The fifth game, end to end through the CLI: nothing outside tests/toy/ knows it.

``resolve`` (text, --json, --svg, --html, --why-not), ``check``, ``new`` and
``schema`` run on it once it is registered, and show its own words (its moat,
its legend) and only its own.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from typer.testing import CliRunner

import toy
from enemy_move.cli import app
from enemy_move.registry import GAMES

runner = CliRunner()


@pytest.fixture(autouse=True)
def registered(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setitem(GAMES, "toy", toy.GAME)


def starter_file(tmp_path: Path) -> Path:
    result = runner.invoke(app, ["new", "toy"])
    assert result.exit_code == 0, result.stderr
    path = tmp_path / "toy.yaml"
    path.write_text(result.stdout)
    return path


def test_new_writes_the_toy_starter_with_the_modeline_and_variant() -> None:
    result = runner.invoke(app, ["new", "toy", "--variant", "other", "--schema", "s.json"])
    assert result.exit_code == 0, result.stderr
    assert result.stdout.startswith("# yaml-language-server: $schema=s.json\n")
    assert "ruleset: toy\nvariant: other\n" in result.stdout


def test_resolve_json_plays_the_toy_rules(tmp_path: Path) -> None:
    document = json.loads(runner.invoke(app, ["resolve", str(starter_file(tmp_path)), "--json"]).stdout)
    assert document["ruleset"] == "toy" and document["variant"] == "plain"
    (turn,) = document["turns"]
    assert [(o["to"], o["attacks"]) for o in turn["options"]] == [([1, 0], []), ([2, 0], [])]
    assert [step["step"] for step in turn["reasoning"]] == ["move"]


def test_the_toys_own_effect_reaches_json_views_and_the_next_board(tmp_path: Path) -> None:
    # A game's own kind of effect (tests/toy/effects.py) and its own part of the board state, with no core change:
    # its JSON, its words in the options table, the board after it (the hex's terrain) and the state's own set.
    path = starter_file(tmp_path)
    document = json.loads(runner.invoke(app, ["resolve", str(path), "--json", "--choose", "a=2"]).stdout)
    stay, east = document["turns"][0]["options"]
    assert stay["effects"] == [{"kind": "move", "figure": "a", "path": [[1, 0]]}]
    assert east["effects"][1:] == [{"kind": "trodden", "at": [1, 0]}]
    assert document["board"] == {"figures": {"A": [4, 0], "a": [1, 0]}, "trodden": []}
    assert document["final_board"] == {"figures": {"A": [4, 0], "a": [2, 0]}, "trodden": [[1, 0]]}
    shown = runner.invoke(app, ["resolve", str(path), "--full"], env={"COLUMNS": "120"})
    assert "treads down [1, 0]" in shown.stdout
    after = tmp_path / "next.yaml"  # the next round's file: the figure moved; a terrain with no map symbol is left
    assert runner.invoke(app, ["resolve", str(path), "--choose", "a=2", "--after", str(after)]).exit_code == 0
    assert ". . a ; A ." in after.read_text()


def test_resolve_text_draws_the_toy_terrain_with_its_own_words(tmp_path: Path) -> None:
    result = runner.invoke(app, ["resolve", str(starter_file(tmp_path)), "--full"], env={"COLUMNS": "120"})
    assert result.exit_code == 0, result.stderr
    assert "; moat" in result.stdout  # the game's terrain in the map legend
    assert "its mark" not in result.stdout  # another game's legend words never show


def test_resolve_svg_and_html_use_the_toy_colours(tmp_path: Path) -> None:
    path = starter_file(tmp_path)
    svg, html = tmp_path / "t.svg", tmp_path / "t.html"
    result = runner.invoke(app, ["resolve", str(path), "--svg", str(svg), "--html", str(html), "--why-not", "0,0"])
    assert result.exit_code == 0, result.stderr
    assert 'fill="#3355aa"' in svg.read_text() and ">moat<" in svg.read_text()
    assert "<code>why-not</code>" in html.read_text()


def test_resolve_why_not_reads_the_toy_reason(tmp_path: Path) -> None:
    document = json.loads(runner.invoke(app, ["resolve", str(starter_file(tmp_path)), "--json", "--why-not", "0,0"]).stdout)
    (entry,) = document["turns"][0]["why_not"]
    assert entry["source"] == "engine" and entry["step"] == "move"
    assert "never steps west" in entry["text"]


def test_check_compares_a_toy_expectation(tmp_path: Path) -> None:
    path = starter_file(tmp_path)
    path.write_text(path.read_text() + "expect:\n  options:\n    - {to: [1, 0]}\n    - {to: [2, 0]}\n")
    result = runner.invoke(app, ["check", str(path), "--json"])
    assert result.exit_code == 0, result.stdout
    assert json.loads(result.stdout)["summary"]["passed"] == 1


def test_check_reports_a_map_mistake_at_load(tmp_path: Path) -> None:
    path = starter_file(tmp_path)
    path.write_text(path.read_text().replace(". a . ; A .", ". a . ? A ."))
    result = runner.invoke(app, ["resolve", str(path)])
    assert result.exit_code == 2
    assert "unknown map symbol '?'" in result.stderr


def test_schema_has_a_toy_branch() -> None:
    schema = json.loads(runner.invoke(app, ["schema"]).stdout)
    assert "toy" in schema["properties"]["ruleset"]["enum"]
    assert "ToyScenario" in schema["$defs"]


def test_an_id_the_toy_does_not_declare_is_refused(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    from dataclasses import replace

    from enemy_move.models import load_scenario
    from enemy_move.phase import resolve

    monkeypatch.setitem(GAMES, "toy", replace(toy.GAME, step_ids=()))
    with pytest.raises(ValueError, match="unknown reasoning step id 'move' for ruleset 'toy'"):
        resolve(load_scenario(starter_file(tmp_path)))
