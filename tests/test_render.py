"""Maps a player can read, pictures of the board and ``--why-not``.

The toy game (tests/toy/) records a ``rule_out`` for the hex west of the
monster; the real scenarios give one board of each kind (hex, square, areas).
"""

from __future__ import annotations

import json
import xml.etree.ElementTree as ElementTree
from pathlib import Path

import pytest
from typer.testing import CliRunner

from enemy_move.cli import app
from enemy_move.geometry.grid import Grid, GridKind
from enemy_move.models import load_scenario, load_scenario_text
from enemy_move.phase import resolve as resolve_scenario
from enemy_move.render import ascii_map, svg, svg_base
from enemy_move.render.text import answer_line
from enemy_move.result import Option, Result, Turn
from enemy_move.why_not import WhyNotError, parse_position

ROOT = Path(__file__).resolve().parent.parent
runner = CliRunner()
SVG = "{http://www.w3.org/2000/svg}"

TOY = """\
ruleset: toy
title: Toy
map: |
  # . a . A
   . . . . .
figures:
  A: {kind: character}
  a: {kind: monster}
active: a
"""


def toy_file(tmp_path: Path, text: str = TOY) -> Path:
    path = tmp_path / "toy.yaml"
    path.write_text(text)
    return path


def resolve_json(args: list[str]) -> dict:
    result = runner.invoke(app, ["resolve", *args, "--json"])
    assert result.exit_code == 0, result.stderr
    return json.loads(result.stdout)


# --- --why-not ----------------------------------------------------------------------


@pytest.mark.parametrize("text", ["3,4", "[3,4]", "3 4", " [ 3 , 4 ] ", "3, 4"])
def test_grid_cells_are_written_three_ways(text: str) -> None:
    assert parse_position(text, "hex") == (3, 4)


@pytest.mark.parametrize("text", ["3", "a,b", "3,4,5", "[3;4]", ""])
def test_a_bad_grid_cell_is_refused(text: str) -> None:
    with pytest.raises(WhyNotError, match="expected a cell as COL,ROW"):
        parse_position(text, "square")


def test_an_unknown_area_is_refused_with_a_hint() -> None:
    with pytest.raises(WhyNotError, match="did you mean 'Bridge'"):
        parse_position("Bridg", "areas", ["Bank", "Bridge"])
    assert parse_position("Bank", "areas", ["Bank", "Bridge"]) == "Bank"


def test_why_not_reports_the_engine_step_and_against(tmp_path: Path, toy_game) -> None:
    document = resolve_json([str(toy_file(tmp_path)), "--why-not", "1,0"])
    entry = document["turns"][0]["why_not"][0]
    assert entry["source"] == "engine" and entry["step"] == "move"
    assert entry["against"] == [[2, 0]] and entry["data"] == {"toward": "east"}
    assert "never steps west" in entry["text"] and entry["option"] is None
    last = document["turns"][0]["reasoning"][-1]
    assert last["step"] == "why-not" and "never steps west" in last["text"] and "[rule step: move]" in last["text"]


def test_why_not_an_option_says_which(tmp_path: Path, toy_game) -> None:
    entry = resolve_json([str(toy_file(tmp_path)), "--why-not", "[3, 0]"])["turns"][0]["why_not"][0]
    assert entry["source"] == "option" and entry["option"] == 1 and entry["number"] == 2  # index 1, read as option 2
    assert entry["text"].startswith("[3, 0] is option 2")


@pytest.mark.parametrize(
    "cell, fact",
    [
        ("9,9", "not a cell of the map (5 columns x 2 rows"),
        ("0,0", "it is a wall"),
        ("4,0", "occupied by A"),
        ("1,1", "not among the options"),
    ],
)
def test_why_not_falls_back_to_the_board_and_says_so(tmp_path: Path, toy_game, cell: str, fact: str) -> None:
    entry = resolve_json([str(toy_file(tmp_path)), "--why-not", cell])["turns"][0]["why_not"][0]
    assert entry["source"] == "board" and entry["step"] is None
    assert fact in entry["text"] and "from the board only" in entry["text"]


def test_why_not_answers_every_turn_of_a_phase_in_order(tmp_path: Path, toy_game) -> None:
    text = TOY.replace("# . a . A", "# a b . A").replace("active: a\n", "") + "  b: {kind: monster}\n"
    document = resolve_json([str(toy_file(tmp_path, text)), "--why-not", "0,0", "--why-not", "3,0"])
    assert [[e["at"] for e in turn["why_not"]] for turn in document["turns"]] == [[[0, 0], [3, 0]], [[0, 0], [3, 0]]]
    assert document["turns"][1]["why_not"][1]["option"] == 1


def test_without_why_not_the_json_has_no_why_not_key(tmp_path: Path, toy_game) -> None:
    assert "why_not" not in resolve_json([str(toy_file(tmp_path))])["turns"][0]


@pytest.mark.parametrize("cell", ["x", "1,2,3", "[1 2"])
def test_a_bad_why_not_is_a_usage_error(tmp_path: Path, toy_game, cell: str) -> None:
    result = runner.invoke(app, ["resolve", str(toy_file(tmp_path)), "--why-not", cell])
    assert result.exit_code == 2 and result.stdout == ""
    assert result.stderr.startswith("enemy-move: --why-not")


def test_why_not_an_unknown_area_is_a_usage_error(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(ROOT)
    result = runner.invoke(app, ["resolve", "scenarios/agemonia/phase-room-freed.yaml", "--why-not", "Nowhere"])
    assert result.exit_code == 2 and "no area of that name" in result.stderr


def test_why_not_on_areas_uses_the_board(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(ROOT)
    document = resolve_json(["scenarios/agemonia/phase-room-freed.yaml", "--why-not", "Bank", "--why-not", "Isle"])
    first, second = document["turns"]
    assert first["why_not"][1]["option"] == 0  # p goes to the Isle
    assert second["why_not"][0]["text"].startswith("Bank: q starts there") or second["why_not"][0]["source"] == "engine"


def test_why_not_is_shown_in_the_table_view(tmp_path: Path, toy_game) -> None:
    result = runner.invoke(app, ["resolve", str(toy_file(tmp_path)), "--why-not", "1,0", "--full"], env={"COLUMNS": "120"})
    assert "[why-not] [1, 0]: the toy monster never steps west (against [2, 0]) [rule step: move]" in result.stdout


# --- text maps ------------------------------------------------------------------------


def grid(text: str, kind: GridKind = "hex", figures: dict | None = None, terrain_extra: dict | None = None) -> Grid:
    terrain = {}
    figures = dict(figures or {})
    for row, line in enumerate(text.split("\n")):
        shift = row & 1 if kind == "hex" else 0
        for position, char in enumerate(line):
            if char != " " and (position - shift) % 2 == 0:
                terrain[((position - shift) // 2, row)] = {"#": "wall", "^": "trap", "+": "door"}.get(char, "floor")
    terrain.update(terrain_extra or {})
    width = max(c for c, _ in terrain) + 1
    return Grid(kind, width, len(text.split("\n")), terrain, frozenset(), figures, {".": "floor", "#": "wall", "^": "trap", "+": "door"})


def test_rulers_give_true_columns_and_rows_and_the_odd_row_ruler() -> None:
    board = grid(". . . .\n . . . .\n. . . .", figures={"a": (0, 0)})
    text = ascii_map.grid_view(board, Turn("a")).text().split("\n")
    assert text[0] == "  0 1 2 3"
    assert text[1].startswith("0 a")
    assert text[2] == "1  . . . ."
    assert text[-1] == "   0 1 2 3"  # under the odd rows, shifted like them


def test_options_are_numbered_on_the_map_and_the_path_drawn() -> None:
    board = grid(". . . . .", kind="square", figures={"a": (0, 0)})
    turn = Turn("a", options=[Option((3, 0), ((0, 0), (1, 0), (2, 0), (3, 0))), Option((1, 0), ((0, 0), (1, 0)))])
    view = ascii_map.grid_view(board, turn)
    assert view.text().split("\n")[1] == "0 a 2 : 1 ."  # numbered from 1, as in the table
    assert (":", "route of option 1") in view.legend


def test_followed_option_is_labelled_not_starred() -> None:
    board = grid(". . . . .", kind="square", figures={"a": (0, 0)})
    turn = Turn("a", options=[Option((1, 0), ((0, 0), (1, 0))), Option((3, 0), ((0, 0), (1, 0), (2, 0), (3, 0)))], chosen=1)
    view = ascii_map.grid_view(board, turn, followed=True)
    assert view.text().split("\n")[1] == "0 a 1 : 2 ."
    assert (":", "route of option 2, which the rest of the phase assumes") in view.legend
    assert "*" not in view.text() and "@" not in view.text()


def test_terrain_under_figures_and_numbers_is_never_lost() -> None:
    board = grid(". ^ +", kind="square", figures={"a": (1, 0)})
    turn = Turn("a", options=[Option((2, 0), ((1, 0), (2, 0)))])
    view = ascii_map.grid_view(board, turn)
    assert "a stands on a trap at [1, 0]" in view.notes
    assert "option 1 ends on a door at [2, 0]" in view.notes


def test_legend_lists_only_the_symbols_on_the_map() -> None:
    board = grid(". . #", kind="square", figures={"a": (0, 0)})
    symbols = [symbol for symbol, _ in ascii_map.grid_view(board, Turn("a")).legend]
    assert "#" in symbols and "^" not in symbols and "+" not in symbols


def test_a_wide_map_is_cropped_with_true_numbers_never_wrapped() -> None:
    board = grid(" ".join(["."] * 45), kind="square", figures={"a": (30, 0), "A": (33, 0)})
    turn = Turn("a", focus=["A"], options=[Option((32, 0), ((30, 0), (31, 0), (32, 0)), ("A",))])
    view = ascii_map.grid_view(board, turn, max_width=40)
    assert view.width <= 40
    lines = view.text().split("\n")
    tens, units, row = lines[0], lines[1], lines[2]
    columns = [int(t + u) for t, u in zip(tens[2::2], units[2::2])]
    assert columns == list(range(columns[0], columns[0] + len(columns))) and 30 in columns and 33 in columns
    assert row[2 + 2 * columns.index(30)] == "a" and row[2 + 2 * columns.index(33)] == "A"  # true numbers above each cell
    assert any(note.startswith("cropped to columns") for note in view.notes)


def test_a_map_that_cannot_fit_says_so() -> None:
    board = grid(" ".join(["."] * 45), kind="square", figures={"a": (0, 0), "A": (44, 0)})
    view = ascii_map.grid_view(board, Turn("a", focus=["A"]), max_width=40)
    assert view.lines == [] and "too narrow" in (view.too_narrow or "")


def test_option_marks_past_nine_are_letters() -> None:
    # index 0 is option 1; option 10 (index 9) is "a", option 35 "z", later ones "+"
    assert [ascii_map.option_mark(i) for i in (0, 8, 9, 34, 35)] == ["1", "9", "a", "z", "+"]


# --- plain English and the compact view ----------------------------------------------


def test_answer_line() -> None:
    one = Turn("a", focus=["A"], options=[Option((1, 0), ((0, 0), (1, 0)), ("A",))])
    assert answer_line(one) == "a  ·  focus A  ·  moves to [1, 0] (1 move), attacks A"
    assert answer_line(Turn("a"), has_focus=False) == "a  ·  no options"


def test_brief_view_fits_80_by_24(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(ROOT)
    result = runner.invoke(app, ["resolve", "scenarios/gloomhaven/demo.yaml", "--brief"], env={"COLUMNS": "80", "LINES": "24"})
    assert result.exit_code == 0
    lines = result.stdout.rstrip("\n").split("\n")
    assert len(lines) <= 24 and max(len(line) for line in lines) <= 80
    assert lines[1].startswith("a  ·  focus A  ·  players choose 1/2")
    assert "Reasoning" not in result.stdout and "--full shows them" in result.stdout


def test_brief_and_full_exclude_each_other(tmp_path: Path, toy_game) -> None:
    result = runner.invoke(app, ["resolve", str(toy_file(tmp_path)), "--brief", "--full"])
    assert result.exit_code == 2 and "exclude each other" in result.stderr


def test_area_view_shows_the_relevant_areas_first_with_their_borders() -> None:
    result = resolve_scenario(load_scenario(ROOT / "scenarios/agemonia/phase-room-freed.yaml"))
    import io

    from rich.console import Console

    from enemy_move.render.area_map import render_area_map

    buffer = io.StringIO()
    console = Console(file=buffer, width=100, color_system=None)
    console.print(render_area_map(result.board, result.turns[0]))
    lines = buffer.getvalue().split("\n")
    assert lines[1].split()[:2] == ["Bridge", "p"]  # where the actor starts comes first
    assert lines[2].split()[:2] == ["1", "Isle"]  # then its destination, numbered
    assert "-- Bank, -- Isle" in lines[1]


# --- pictures -------------------------------------------------------------------------

PICTURES = {
    "hex": "scenarios/gloomhaven/demo.yaml",
    "square": "scenarios/perditions-mouth/phase-05-acolyte-opens-door-for-guard.yaml",
    "areas": "scenarios/agemonia/phase-room-freed.yaml",
}


def picture(path: str) -> tuple[ElementTree.Element, Result]:
    result = resolve_scenario(load_scenario(ROOT / path))
    return ElementTree.fromstring(svg.result_svg(result)), result


def test_hex_picture_has_every_cell_figures_options_path_and_attacks() -> None:
    root, result = picture(PICTURES["hex"])
    assert root.tag == f"{SVG}svg"
    polygons = root.findall(f".//{SVG}polygon")
    assert len(polygons) == len(result.board.terrain)  # one hex per cell
    figures = {g.get("data-label"): g.get("class") for g in root.iter(f"{SVG}g") if g.get("data-label")}
    assert figures == {"a": "figure actor", "A": "figure focus", "B": "figure"}
    options = [(g.get("data-options"), g.get("data-to")) for g in root.iter(f"{SVG}g") if g.get("class") == "option"]
    assert options == [("0", "[2, 1]"), ("1", "[2, 3]")]
    routes = [(line.get("class"), line.get("data-option")) for line in root.iter(f"{SVG}polyline")]
    assert sorted(routes) == [("route", "1"), ("route shown", "0")]  # every option's route, the shown one solid
    assert any(line.get("class") == "attack" for line in root.iter(f"{SVG}line"))


def test_hex_picture_shifts_odd_rows_half_a_hex() -> None:
    layout = svg._GridLayout(grid(". .\n . .", figures={}))
    (x0, _), (x1, _) = layout.center((0, 0)), layout.center((0, 1))
    assert x1 - x0 == pytest.approx(layout.step_x / 2)


def test_square_picture_has_one_section_per_turn_and_the_board_after() -> None:
    root, result = picture(PICTURES["square"])
    turns = [g for g in root.iter(f"{SVG}g") if g.get("class") == "turn"]
    assert len(turns) == len(result.turns) + 1
    captions = [t.text or "" for t in root.iter(f"{SVG}text") if t.get("class") == "caption"]
    assert captions[0].startswith("Turn 1 of 2: a") and captions[-1] == "After the phase"
    assert len(root.findall(f".//{SVG}rect[@class='cell door']")) == 1  # the closed door, before it opens


def test_area_picture_draws_areas_borders_and_the_route() -> None:
    root, _ = picture(PICTURES["areas"])
    names = [r.get("data-name") or "" for r in root.iter(f"{SVG}rect") if r.get("class") == "area"]
    assert sorted(set(names)) == ["Bank", "Bridge", "Isle"]
    assert any(line.get("class") == "border single" for line in root.iter(f"{SVG}line"))
    assert root.findall(f".//{SVG}polyline")


def test_area_positions_from_the_file_are_used() -> None:
    text = (ROOT / PICTURES["areas"]).read_text().replace("Bank: {", "Bank: {at: [0, 3], ")
    assert "at: [0, 3]" in text
    result = resolve_scenario(load_scenario_text(text))
    assert result.board.areas["Bank"].at == (0, 3)
    positions = svg._area_positions(result.board)
    assert positions["Bank"][1] == pytest.approx(svg_base.PAD + 3 * (svg_base.AREA_H + svg_base.AREA_GAP_Y))


def test_cli_writes_svg_and_html(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(ROOT)
    out_svg, out_html = tmp_path / "x.svg", tmp_path / "x.html"
    result = runner.invoke(app, ["resolve", PICTURES["hex"], "--svg", str(out_svg), "--html", str(out_html), "--json"])
    assert result.exit_code == 0
    json.loads(result.stdout)  # stdout is still one JSON document
    ElementTree.parse(out_svg)
    page = out_html.read_text()
    assert page.startswith("<!DOCTYPE html>") and "<svg" in page and '<table class="options">' in page and "focus-proximity" in page


def test_cli_svg_to_an_unwritable_path_is_an_output_failure(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(ROOT)
    result = runner.invoke(app, ["resolve", PICTURES["hex"], "--svg", str(tmp_path / "no" / "such" / "x.svg")])
    assert result.exit_code == 1 and result.stderr.startswith("enemy-move: cannot write --svg")  # issue 26: exit 1 as for stdout


def test_the_brief_view_is_the_default_only_on_a_small_terminal() -> None:
    import io

    from rich.console import Console

    from enemy_move.render.rich_view import small_terminal

    assert small_terminal(Console(file=io.StringIO(), force_terminal=True, width=80, height=24))
    assert not small_terminal(Console(file=io.StringIO(), force_terminal=True, width=160, height=50))
    assert not small_terminal(Console(file=io.StringIO(), width=80, height=24))  # a pipe or a file: the full view


def test_cloudspire_mark_and_displaced_hero_are_drawn(tmp_path: Path) -> None:
    """The mark a minion heads for is on the map and in the picture; a displaced hero's move is an arrow."""
    scenario = str(ROOT / "scenarios" / "cloudspire" / "cs3-displace-friendly-hero.yaml")
    document = json.loads(runner.invoke(app, ["resolve", scenario, "--json"]).stdout)
    assert document["turns"][0]["goals"] == [[9, 0]]
    text = runner.invoke(app, ["resolve", scenario, "--brief"], env={"COLUMNS": "80"}).stdout
    assert "◎" in text and "where it heads" in text and "◎ at [9, 0] is on a gate" in text
    picture = tmp_path / "cs.svg"
    assert runner.invoke(app, ["resolve", scenario, "--json", "--svg", str(picture)]).exit_code == 0
    root = ElementTree.parse(picture).getroot()
    classes = [element.get("class") for element in root.iter()]
    assert "goal" in classes and "displaced" in classes
