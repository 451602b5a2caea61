"""`resolve --after NEXT.yaml`, `--place` and `--set` (CliRunner)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from typer.testing import CliRunner, Result

from enemy_move.cli import app
from enemy_move.models import load_scenario
from enemy_move.starters import starter

runner = CliRunner()

DEMO = "scenarios/gloomhaven/demo.yaml"


def run(*args: str, input: str | None = None) -> Result:
    return runner.invoke(app, list(args), env={"COLUMNS": "120", "NO_COLOR": "1"}, input=input)


def answer(*args: str, input: str | None = None) -> dict:
    result = run("resolve", *args, "--json", input=input)
    assert result.exit_code == 0, result.output
    return json.loads(result.stdout)


def test_after_writes_the_next_rounds_board(tmp_path: Path) -> None:
    following = tmp_path / "next.yaml"
    document = answer(DEMO, "--after", str(following))
    text = following.read_text(encoding="utf-8")
    assert text.startswith("# yaml-language-server")  # comments kept
    assert "   # . a . . B #\n  # . ^ . A . #\n" in text  # the archer took option 1 (index 0)
    assert "expect" not in text
    assert document["final_board"]["figures"]["a"] == [2, 1]
    load_scenario(following)


def test_after_follows_choose(tmp_path: Path) -> None:
    following = tmp_path / "next.yaml"
    answer(DEMO, "--choose", "a=2", "--after", str(following))
    assert "   # . . # . . #\n" not in following.read_text(encoding="utf-8")
    assert "  # . ^ . A . #\n   # . a # . . #\n" in following.read_text(encoding="utf-8")


@pytest.mark.parametrize("ruleset", ["gloomhaven", "perditions-mouth", "agemonia", "cloudspire"])
def test_after_then_resolve_again_for_every_ruleset(ruleset: str, tmp_path: Path) -> None:
    board, following = tmp_path / "board.yaml", tmp_path / "next.yaml"
    board.write_text(starter(ruleset, {"perditions-mouth": "etbrev", "agemonia": "agemonia", "cloudspire": "player"}.get(ruleset, ruleset)))
    first = answer(str(board), "--after", str(following))
    second = answer(str(following))
    assert second["board"]["figures"] == first["final_board"]["figures"]


def test_after_from_standard_input(tmp_path: Path) -> None:
    following = tmp_path / "next.yaml"
    answer("-", "--after", str(following), input=Path(DEMO).read_text(encoding="utf-8"))
    assert "   # . a . . B #\n" in following.read_text(encoding="utf-8")


def test_after_cannot_write(tmp_path: Path) -> None:
    result = run("resolve", DEMO, "--after", str(tmp_path / "missing" / "next.yaml"))
    assert result.exit_code == 1  # like --svg and --html: output that cannot be written (issue 31)
    assert result.stderr.startswith("enemy-move: --after ") and "cannot write" in result.stderr
    assert len(result.stderr.strip().splitlines()) == 1


def test_place_and_set_before_resolving() -> None:
    document = answer(DEMO, "--place", "A=2,1", "--set", "figures.A.initiative=12", "--set", "action.move=1")
    assert document["board"]["figures"]["A"] == [2, 1]
    assert document["turns"][0]["focus"] == ["A"]


def test_place_on_an_area_map(tmp_path: Path) -> None:
    board = tmp_path / "board.yaml"
    board.write_text(starter("agemonia", "agemonia"))
    document = answer(str(board), "--place", "s=A2", "--set", "action.move=0")
    assert document["board"]["figures"]["s"] == "A2"


def test_set_value_is_yaml(tmp_path: Path) -> None:
    document = answer(DEMO, "--set", "action=[{move: 1}, {attack: {range: 3}}]")
    assert document["turns"][0]["options"]
    cleared = answer(DEMO, "--set", "active=null")  # null removes the key: every monster acts
    assert [turn["actor"] for turn in cleared["turns"]] == ["a"]


def test_the_file_itself_is_not_changed() -> None:
    before = Path(DEMO).read_text(encoding="utf-8")
    answer(DEMO, "--set", "action.move=1", "--place", "B=1,2")
    assert Path(DEMO).read_text(encoding="utf-8") == before


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["--set", "action.mvoe=4"], "enemy-move: --set action.mvoe=4: unknown key 'mvoe' in action (did you mean 'move'?)"),
        (["--set", "action.move=40"], "enemy-move: --set action.move=40: action.move: Input should be less than or equal to 15"),
        (["--set", "action.move"], "enemy-move: --set action.move: expected KEY=VALUE"),
        (["--set", "action.move="], "enemy-move: --set action.move=: no value after '='"),
        (["--set", "action.move.x=1"], "enemy-move: --set action.move.x=1: action.move is the number 2, not a mapping"),
        (["--set", "action.move=[1"], "enemy-move: --set action.move=[1: the value is not valid YAML"),
        (["--set", "figures.Z.initiative=3"], "enemy-move: --set figures.Z.initiative=3: figure 'Z' is not placed"),
        (["--set", "figures.7.initiative=3"], "enemy-move: --set figures.7.initiative=3: missing key 'kind' in figures.7"),
        (["--place", "A=0,0"], "enemy-move: --place A=0,0: figure 'A' stands on wall at [0, 0]"),
        (["--place", "A=3,2"], "enemy-move: --place A=3,2: [3, 2] is taken by figure 'a'"),
        (["--place", "A=30,2"], "enemy-move: --place A=30,2: [30, 2] is not a cell of the map (7 columns x 5 rows)"),
        (["--place", "A=three"], "enemy-move: --place A=three: expected LABEL=COL,ROW"),
        (["--place", "Brute=1,1"], "enemy-move: --place Brute=1,1: expected LABEL=COL,ROW"),
    ],
)
def test_bad_place_or_set_is_one_line_exit_2(args: list[str], message: str) -> None:
    result = run("resolve", DEMO, *args)
    assert result.exit_code == 2
    assert result.stderr.startswith(message), result.stderr
    assert len(result.stderr.strip().splitlines()) == 1


def test_a_broken_file_is_reported_at_its_own_position(tmp_path: Path) -> None:
    board = tmp_path / "board.yaml"
    board.write_text(Path(DEMO).read_text(encoding="utf-8").replace("move: 2", "move: 50"))
    result = run("resolve", str(board), "--set", "action.move=2")
    assert result.exit_code == 2
    assert result.stderr.startswith(f"{board}:24:9: action.move")
