"""The hardened YAML loader and scenario validation: positions, strict typing, caps."""

from __future__ import annotations

from pathlib import Path

import pytest

from enemy_move.errors import ScenarioError
from enemy_move.loader import MAX_DEPTH, MAX_FILE_BYTES, load_file, load_text
from enemy_move.models import load_scenario_text

GOOD = """\
ruleset: gloomhaven
title: Two figures
map: |
  . a A
   . . .
figures:
  A: {kind: character, initiative: 25}
  a: {kind: monster}
active: a
"""


def error_of(text: str) -> ScenarioError:
    with pytest.raises(ScenarioError) as caught:
        load_scenario_text(text, "f.yaml")
    return caught.value


# --- positions ---------------------------------------------------------------


def test_positions_of_values_and_keys() -> None:
    source = load_text(GOOD, "f.yaml").source
    assert source.where(("title",)) == (2, 8)
    assert source.where(("figures", "A", "initiative")) == (7, 36)
    assert source.where(("figures", "A"), key=True) == (7, 3)
    assert source.where(("active",)) == (9, 9)
    # A missing path falls back to its closest parent.
    assert source.where(("figures", "A", "nothing", 3)) == source.where(("figures", "A"))


def test_block_scalar_text_positions_point_at_the_character() -> None:
    source = load_text(GOOD, "f.yaml").source
    # Row 0 of the map is file line 4, indented by 2; row 1 is line 5.
    assert source.text_position(("map",), 0, 0) == (4, 3)
    assert source.text_position(("map",), 0, 2) == (4, 5)
    assert source.text_position(("map",), 1, 1) == (5, 4)


def test_block_scalar_on_its_own_line_and_with_leading_blank_line() -> None:
    text = "ruleset: gloomhaven\ndescription:\n  |\n\n    . a\n"
    source = load_text(text, "f.yaml").source
    assert load_text(text, "f.yaml").data["description"] == "\n. a\n"
    assert source.text_position(("description",), 1, 2) == (5, 7)


def test_a_map_that_starts_with_a_blank_line_is_refused_at_that_line() -> None:
    # YAML would keep it as an empty row 0 and move every row (and every `at:`) down one.
    with pytest.raises(ScenarioError) as caught:
        load_text("ruleset: gloomhaven\nmap:\n  |\n\n    . a\n", "f.yaml")
    assert (caught.value.line, caught.value.col) == (4, 1) and "starts with a blank line" in caught.value.message


def test_error_string_is_file_line_col_message() -> None:
    assert str(ScenarioError("x.yaml", 3, 7, "bad")) == "x.yaml:3:7: bad"


# --- implicit typing -----------------------------------------------------------


@pytest.mark.parametrize(
    "raw, value",
    [
        ("0102", "0102"),
        ("no", "no"),
        ("yes", "yes"),
        ("on", "on"),
        ("off", "off"),
        ("y", "y"),
        ("0x10", "0x10"),
        ("0o7", "0o7"),
        ("1e3", "1e3"),
        ("2024-01-01", "2024-01-01"),
        ("1_000", "1_000"),
        (".inf", ".inf"),
        (".nan", ".nan"),
        ("12:30", "12:30"),
        ("0", 0),
        ("7", 7),
        ("-3", -3),
        ("+4", 4),
        ("1.5", 1.5),
        ("true", True),
        ("False", False),
        ("~", None),
        ("null", None),
        ("'7'", "7"),
        ('"true"', "true"),
    ],
)
def test_only_plain_implicit_types(raw: str, value: object) -> None:
    data = load_text(f"v: {raw}\n", "f.yaml").data
    assert data["v"] == value
    assert type(data["v"]) is type(value)


def test_keys_stay_text_unless_integer() -> None:
    data = load_text("no: 1\n0102: 2\n7: 3\n", "f.yaml").data
    assert data == {"no": 1, "0102": 2, 7: 3}


# --- refused constructs ----------------------------------------------------------


@pytest.mark.parametrize(
    "text, line, col, message",
    [
        ("a: &x 1\nb: 2\n", 1, 4, "anchors"),
        ("a: 1\nb: *x\n", 2, 4, "aliases"),
        ("a: {<<: {b: 1}}\n", 1, 5, "merge keys"),
        ("a: 1\na: 2\n", 2, 1, "duplicate key 'a'"),
        ("1: x\n'1': y\n", 2, 1, "duplicate key '1'"),
        ("a: 1\n---\nb: 2\n", 2, 1, "one YAML document"),
        ("a: !!binary aGk=\n", 1, 4, "YAML tag"),
        ("a: !custom 1\n", 1, 4, "YAML tag"),
        ("? [1, 2]\n: x\n", 1, 3, "mapping keys must be plain"),
        ("a: [1, 2\n", 2, 1, "invalid YAML"),
        ("", 1, 1, "the file is empty"),
        ("# only a comment\n", 1, 1, "the file is empty"),
    ],
)
def test_refused_yaml(text: str, line: int, col: int, message: str) -> None:
    with pytest.raises(ScenarioError) as caught:
        load_text(text, "f.yaml")
    assert (caught.value.file, caught.value.line, caught.value.col) == ("f.yaml", line, col)
    assert message in caught.value.message


def test_nesting_limit_is_exact() -> None:
    load_text("a: " + "[" * MAX_DEPTH + "]" * MAX_DEPTH + "\n", "f.yaml")
    with pytest.raises(ScenarioError, match="nesting is too deep"):
        load_text("a: " + "[" * (MAX_DEPTH + 1) + "]" * (MAX_DEPTH + 1) + "\n", "f.yaml")


def test_very_deep_nesting_never_raises_recursion_error() -> None:
    with pytest.raises(ScenarioError):
        load_text("a: " + "{b: " * 20000 + "1" + "}" * 20000 + "\n", "f.yaml")


# --- files -----------------------------------------------------------------------------


def test_size_cap(tmp_path: Path) -> None:
    path = tmp_path / "s.yaml"
    path.write_bytes(b"a: '" + b"x" * (MAX_FILE_BYTES - 7) + b"'\n")
    assert path.stat().st_size == MAX_FILE_BYTES - 1
    load_file(path)
    path.write_bytes(b"a: '" + b"x" * MAX_FILE_BYTES + b"'\n")
    with pytest.raises(ScenarioError, match="larger than"):
        load_file(path)


def test_bad_utf8_position(tmp_path: Path) -> None:
    path = tmp_path / "s.yaml"
    path.write_bytes(b"a: 1\nb: ok \xff\n")
    with pytest.raises(ScenarioError) as caught:
        load_file(path)
    assert (caught.value.line, caught.value.col) == (2, 7)


def test_utf8_bom_is_accepted(tmp_path: Path) -> None:
    path = tmp_path / "s.yaml"
    path.write_bytes("\ufeffa: é\n".encode())
    assert load_file(path).data == {"a": "é"}


# --- scenario validation -------------------------------------------------------------


def test_good_scenario_validates() -> None:
    scenario = load_scenario_text(GOOD, "f.yaml")
    assert scenario.model.active == "a"
    assert scenario.model.figures["A"].initiative == 25
    assert scenario.error(("active",), "x").line == 9


@pytest.mark.parametrize(
    "old, new, line, col, message",
    [
        ("title:", "titel:", 2, 1, "unknown key 'titel' (did you mean 'title'?)"),
        ("initiative: 25", "intiative: 25", 7, 24, "unknown key 'intiative' in figures.A (did you mean 'initiative'?)"),
        ("initiative: 25", "initiative: '25'", 7, 36, 'Input should be a valid number, got text "25"'),
        ("{kind: monster}", "{kind: monster, elite: yes}", 8, 29, "figures.a.elite: write true, not yes ('yes' is text here"),
        ("{kind: monster}", "{kind: monster, elite: nope}", 8, 29, 'valid boolean, got text "nope"'),
        ("{kind: monster}", "{kind: monster, elite: 1}", 8, 29, "valid boolean, got a number 1"),
        ("{kind: monster}", "{kind: monster, number: 1.5}", 8, 30, "valid integer"),
        ("active: a", "active: b", 9, 9, "active figure 'b' is not in figures (declared: A, a)"),
        ("ruleset: gloomhaven", "ruleset: glomhaven", 1, 10, "did you mean 'gloomhaven'?"),
        ("ruleset: gloomhaven", "ruleset: 3", 1, 10, "ruleset must be a name"),
    ],
)
def test_scenario_errors(old: str, new: str, line: int, col: int, message: str) -> None:
    error = error_of(GOOD.replace(old, new, 1))
    assert (error.line, error.col) == (line, col), str(error)
    assert message in error.message


def test_earliest_mistake_in_the_file_is_reported_first() -> None:
    text = GOOD.replace("title:", "titel:").replace("initiative: 25", "intiative: 25")
    assert error_of(text).message.startswith("unknown key 'titel'")


def test_digit_labels_may_be_written_as_numbers() -> None:
    text = GOOD.replace("a: {kind", "1: {kind").replace(". a A", ". 1 A").replace("active: a", "active: 1")
    scenario = load_scenario_text(text, "f.yaml")
    assert scenario.model.active == "1"
    assert set(scenario.model.figures) == {"1", "A"}


def test_number_as_a_text_field_is_not_coerced() -> None:
    assert "valid string" in error_of(GOOD.replace("title: Two figures", "title: 12")).message
