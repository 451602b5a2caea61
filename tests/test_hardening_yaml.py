"""Issue 26: no silent misread in any YAML spelling, and numbers exact or refused.

A map row slipped left ends YAML's block; the slip must be caught whatever the
line breaks (LF, CR, CRLF, NEL), whatever separates `map:` from `|` (space or
tab) and however the key is written (`map: |`, `? map` / `: |`). Each case is
one located line, exit 2; the same board written correctly resolves.
"""

from __future__ import annotations

import itertools
from pathlib import Path

import pytest
from typer.testing import CliRunner

from enemy_move.cli import app
from enemy_move.errors import ScenarioError
from enemy_move.geometry import hexgrid
from enemy_move.geometry.grid import precheck_grid
from enemy_move.loader import load_text
from enemy_move.models import load_scenario_text
from enemy_move.phase import resolve
from enemy_move.yaml_blocks import blank_first_line

runner = CliRunner()

# Square map, rows indented 4; the third row is written with `{slip}` as its indentation.
BOARD = (
    "ruleset: perditions-mouth{nl}{key}{nl}"
    "    # # # #{nl}    # . a #{nl}{slip}# . A #{nl}    # # # #{nl}"
    "figures:{nl}  A: {{kind: hero}}{nl}  a: {{kind: acolyte}}{nl}"
)
KEYS = {"plain": "map: |", "tab": "map:\t|", "explicit": "? map{nl}: |"}
BREAKS = {"lf": "\n", "cr": "\r", "crlf": "\r\n", "nel": "\x85"}


def board(nl: str, key: str, slip: str) -> str:
    return BOARD.format(nl=nl, key=KEYS[key].format(nl=nl), slip=slip)


def error_of(text: str) -> ScenarioError:
    with pytest.raises(ScenarioError) as caught:
        precheck_grid(load_scenario_text(text, "f.yaml"))
    return caught.value


def slip_line(key: str) -> int:
    return 6 if key == "explicit" else 5


@pytest.mark.parametrize("breaks", sorted(BREAKS))
@pytest.mark.parametrize("key", sorted(KEYS))
def test_the_correct_board_loads_in_every_spelling(breaks: str, key: str) -> None:
    grid = precheck_grid(load_scenario_text(board(BREAKS[breaks], key, "    "), "f.yaml"))
    assert grid is not None and grid.height == 4 and grid.figures == {"a": (2, 1), "A": (2, 2)}


@pytest.mark.parametrize("breaks", sorted(BREAKS))
@pytest.mark.parametrize("key", sorted(KEYS))
@pytest.mark.parametrize("slip", [1, 2, 3])
def test_a_row_slipped_left_is_caught_in_every_spelling(breaks: str, key: str, slip: int) -> None:
    error = error_of(board(BREAKS[breaks], key, " " * slip))
    assert (error.line, error.col) == (slip_line(key), slip + 1), str(error)
    assert f"map row indented {slip} spaces, less than the block's first line (4)" in error.message
    assert "reads it as a comment" in error.message


@pytest.mark.parametrize("breaks", sorted(BREAKS))
@pytest.mark.parametrize("key", sorted(KEYS))
def test_a_row_slipped_to_column_one_is_not_read_as_a_comment(breaks: str, key: str) -> None:
    error = error_of(board(BREAKS[breaks], key, ""))
    assert (error.line, error.col) == (slip_line(key), 1), str(error)
    assert "starts with '#', so YAML reads it as a comment" in error.message


def test_a_row_without_walls_slipped_to_column_one_ends_the_map() -> None:
    text = "ruleset: perditions-mouth\nmap: |\n    # . a #\n. . A #\nfigures:\n  A: {kind: hero}\n  a: {kind: acolyte}\n"
    error = error_of(text)
    assert (error.line, error.col) == (4, 1) and "ends the map" in error.message


def test_a_row_without_walls_slipped_left_is_caught() -> None:
    text = "ruleset: perditions-mouth\nmap: |\n    # . a #\n  . . A #\nfigures:\n  A: {kind: hero}\n  a: {kind: acolyte}\n"
    error = error_of(text)
    assert (error.line, error.col) == (4, 3) and "map row indented 2 spaces" in error.message


def test_a_real_comment_after_the_map_is_fine() -> None:
    text = "ruleset: perditions-mouth\nmap: |\n  # . a #\n  # . A #\n\n# the figures\n# a b\nfigures:\n  A: {kind: hero}\n  a: {kind: acolyte}\n"
    grid = precheck_grid(load_scenario_text(text, "f.yaml"))
    assert grid is not None and grid.height == 2


def test_a_slip_in_a_list_item_uses_the_item_mapping_indentation() -> None:
    # `- map: |2` : the block's indentation counts from the mapping (column 2), not from the line.
    text = "- notes: |2\n      a\n    b\n   c\n"
    with pytest.raises(ScenarioError) as caught:
        load_text(text, "f.yaml")
    assert (caught.value.line, caught.value.col) == (4, 4) and "line of `notes:`" in caught.value.message


@pytest.mark.parametrize(
    "text, line, col, words",
    [
        ("ruleset: perditions-mouth\nmap: |\n\n  . a . A\n", 3, 1, "the map starts with a blank line"),
        ("ruleset: perditions-mouth\nmap: |\n  \n  . a . A\n", 3, 1, "the map starts with a blank line"),
        ("ruleset: perditions-mouth\nmap: >\n  . a\n  . A\n", 2, 6, "`map: >` joins the rows"),
        ("ruleset: perditions-mouth\nmap: . a\n  . A\n", 2, 6, "without `|`"),
        ("ruleset: perditions-mouth\nmap: '. a\n  . A'\n", 2, 6, "without `|`"),
        ("ruleset: perditions-mouth\u2028map: |\n  . a\n", 1, 26, "line separator U+2028"),
        ("ruleset: perditions-mouth\nmap: |\n  . a\u2029  . A\n", 3, 6, "line separator U+2029"),
    ],
)
def test_spellings_that_would_shift_or_join_rows_are_refused(text: str, line: int, col: int, words: str) -> None:
    with pytest.raises(ScenarioError) as caught:
        load_text(text, "f.yaml")
    assert (caught.value.line, caught.value.col, words in caught.value.message) == (line, col, True), str(caught.value)


def test_quoted_maps_that_yaml_reads_row_by_row_still_load() -> None:
    # What yaml.safe_dump writes: a blank line is a line break; `\` at a line end escapes the break.
    assert load_text("map: '. a\n\n  . A'\n", "f").data["map"] == ". a\n. A"
    assert load_text('map: ". a\\n. . \\\n  A"\n', "f").data["map"] == ". a\n. . A"


def test_positions_inside_a_cr_map_point_at_the_right_line() -> None:
    text = "ruleset: perditions-mouth\rmap: |\r  # . a\r  # é A\rfigures:\r  A: {kind: hero}\r  a: {kind: acolyte}\r"
    error = error_of(text)
    assert (error.line, error.col) == (4, 5) and "'é'" in error.message


def test_the_blank_first_line_is_refused_through_the_cli(tmp_path: Path) -> None:
    path = tmp_path / "blank.yaml"
    path.write_text("ruleset: perditions-mouth\nmap: |\n\n  . a . A\nfigures:\n  A: {kind: hero}\n  a: {kind: acolyte}\n")
    result = runner.invoke(app, ["resolve", str(path)])
    assert result.exit_code == 2 and result.stdout == ""
    assert result.stderr.splitlines() == [f"{path}:3:1: {blank_first_line(2)}"]


def test_the_blank_first_line_fix_keeps_a_hex_map_as_drawn() -> None:
    # What the message says to do on a hex map: delete the blank line, one more space on every row. Read with
    # the blank row 0 (as YAML reads it) and as fixed, every pair of cells is as far apart: the same board.
    drawn = ["", " . a . .", ". . # A", " . . . ."]
    fixed = [" " + row for row in drawn[1:]]

    def cells(rows: list[str]) -> dict[str, tuple[int, int]]:
        found: dict[str, tuple[int, int]] = {}
        for r, row in enumerate(rows):
            for column, char in enumerate(row):
                if char != " ":
                    assert (column - r % 2) % 2 == 0, (rows, r, column)  # a cell position of the hex layout
                    found[f"{char}{len(found)}"] = ((column - r % 2) // 2, r)
        return found

    before, after = cells(drawn), cells(fixed)
    assert list(before) == list(after)
    for one, two in itertools.combinations(before, 2):
        assert hexgrid.distance(before[one], before[two]) == hexgrid.distance(after[one], after[two])
    # Written as the message says, the file loads (the first row, indented more, needs `|2`).
    broken = "ruleset: gloomhaven\nmap: |\n\n   . a . .\n  . . # A\nfigures: {A: {kind: character}, a: {kind: monster}}\n"
    with pytest.raises(ScenarioError) as caught:
        load_scenario_text(broken)
    assert "`map: |2`" in caught.value.message
    mended = "ruleset: gloomhaven\nmap: |2\n    . a . .\n   . . # A\nfigures: {A: {kind: character}, a: {kind: monster}}\n"
    placed = resolve(load_scenario_text(mended)).initial
    assert placed is not None and (placed.figures["a"], placed.figures["A"]) == ((2, 0), (3, 1))


# -- numbers --------------------------------------------------------------------


@pytest.mark.parametrize("number", ["20.000000000000000000000000001", "0.1000000000000000000001", "-3.00000000000000000001"])
def test_a_number_a_float_cannot_hold_is_refused(number: str) -> None:
    with pytest.raises(ScenarioError) as caught:
        load_text(f"initiative: {number}\n", "f.yaml")
    assert (caught.value.line, caught.value.col) == (1, 13)
    assert f"number {number} has more digits than the tool keeps exactly" in caught.value.message


@pytest.mark.parametrize("number, value", [("20.5", 20.5), ("0.1", 0.1), ("99.99", 99.99), ("20.000", 20.0), ("-0.0", -0.0)])
def test_numbers_a_float_holds_are_read(number: str, value: float) -> None:
    assert load_text(f"initiative: {number}\n", "f.yaml").data["initiative"] == value


def test_a_29_digit_initiative_does_not_tie_with_20(tmp_path: Path) -> None:
    path = tmp_path / "tie.yaml"
    path.write_text(
        "ruleset: gloomhaven\nmap: |\n  A . a . B\nfigures:\n"
        "  A: {kind: character, initiative: 20.000000000000000000000000001}\n"
        "  B: {kind: character, initiative: 20}\n  a: {kind: monster}\nactive: a\naction: {move: 1}\n"
    )
    result = runner.invoke(app, ["resolve", str(path)])
    assert result.exit_code == 2 and result.stderr.startswith(f"{path}:5:36: number 20.000000000000000000000000001 has more digits")


def test_integers_stay_exact() -> None:
    assert load_text("n: 12345678901234567890123\n", "f").data["n"] == 12345678901234567890123
