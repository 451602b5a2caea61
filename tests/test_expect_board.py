"""`expect: board_after` (issue 25): the board after a turn or a phase, compared by `check` and located at its line."""

from __future__ import annotations

from pathlib import Path
from typing import get_args

from enemy_move.checking import check_file
from enemy_move.models.common import ExpectBoard
from enemy_move.registry import games

#: The Chi'leen tramples the Boneworm, pushed back to [0, 0] (scenarios/perditions-mouth/chileen-03-trample.yaml).
TRAMPLE = Path("scenarios/perditions-mouth/chileen-03-trample.yaml").read_text()


def check(tmp_path: Path, text: str):
    path = tmp_path / "s.yaml"
    path.write_text(text)
    return check_file(str(path))


def test_a_trampled_figure_is_compared_and_a_mismatch_located_at_its_line(tmp_path):
    assert check(tmp_path, TRAMPLE).status == "pass"
    failed = check(tmp_path, TRAMPLE.replace("b: [0, 0]", "b: [1, 0]"))
    assert failed.status == "fail"
    (problem,) = failed.problems
    line = TRAMPLE.splitlines().index("    figures: {c: [3, 0], b: [0, 0], A: [7, 0]}") + 1
    assert (problem.line, problem.col, problem.message) == (line, 29, "board after: expected b on [1, 0], got [0, 0]")


def test_a_figure_not_on_the_board_is_a_difference(tmp_path):
    failed = check(tmp_path, TRAMPLE.replace("A: [7, 0]}", "A: [7, 0], Z: [1, 1]}"))
    assert [p.message for p in failed.problems] == ["board after: expected Z on [1, 1], got no figure Z on the board"]


DOOR = """\
ruleset: perditions-mouth
map: |
  # # # # # # #
  . . a + . ! #
  # # # # # # #
figures:
  a: {kind: acolyte}
expect:
  turns:
    - options: [{to: [3, 1]}]
      board_after: {doors_opened: DOORS}
"""


def test_doors_opened_are_compared_as_a_set_at_their_key(tmp_path):
    assert check(tmp_path, DOOR.replace("DOORS", "[[3, 1], [3, 1]]")).status == "pass"
    failed = check(tmp_path, DOOR.replace("DOORS", "[]"))
    (problem,) = failed.problems
    assert problem.line == 11 and problem.message == "board after: doors opened: expected none, got [3, 1]"


def test_traps_sprung_follow_the_options_the_phase_follows(tmp_path):
    text = Path("scenarios/agemonia/phase-stunned-and-trap.yaml").read_text()
    assert check(tmp_path, text).status == "pass"
    failed = check(tmp_path, text.replace("    traps_sprung: [Pit]\n", "    traps_sprung: []\n"))
    assert [p.message for p in failed.problems] == ["board after: traps sprung: expected none, got Pit"]


def test_each_game_lists_the_sets_its_own_effects_count_and_no_other(tmp_path):
    # The sets live with the game whose effects count them (Effect.counted), not in the core's ExpectBoard.
    boards = {}
    for entry in games():
        turn = entry.scenario_model().model_fields["expect"].annotation
        board = get_args(turn)[0].model_fields["board_after"].annotation
        boards[entry.name] = sorted(get_args(board)[0].model_fields)
    assert boards == {
        "gloomhaven": ["figures", "traps_sprung"],
        "perditions-mouth": ["doors_opened", "figures"],
        "agemonia": ["figures", "traps_sprung"],
        "cloudspire": ["figures"],
    }
    assert list(ExpectBoard.model_fields) == ["figures"]
    refused = check(tmp_path, DOOR.replace("DOORS", "[[3, 1]], traps_sprung: []"))
    (problem,) = refused.problems
    assert refused.status == "error" and (problem.line, problem.col) == (11, 45)
    assert problem.message == "unknown key 'traps_sprung' in expect.turns[0].board_after; allowed: figures, doors_opened"
