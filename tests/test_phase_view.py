"""Issue 22: a whole phase at a glance (brief view), options numbered from 1, thin walls drawn, legends unbroken."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from typer.testing import CliRunner

from enemy_move.cli import app
from enemy_move.geometry.grid import Grid
from enemy_move.render import ascii_map
from enemy_move.render.text import assumption_line, pack_entries, turn_line
from enemy_move.result import Option, Turn

ROOT = Path(__file__).resolve().parent.parent
runner = CliRunner()

#: A phase of three figures on a real-size board, per ruleset (the issue's measure).
ROOMS = [
    "scenarios/gloomhaven/87-phase-room-three-monsters.yaml",
    "scenarios/perditions-mouth/phase-08-room-three-enemies.yaml",
    "scenarios/agemonia/phase-three-enemies-rooms.yaml",
    "scenarios/cloudspire/phase-lane-three-minions.yaml",
]
TWO = [
    "scenarios/gloomhaven/67-phase-followed-choice.yaml",
    "scenarios/perditions-mouth/phase-07-players-choice-followed.yaml",
    "scenarios/agemonia/phase-choice-followed.yaml",
    "scenarios/cloudspire/phase-player-choice.yaml",
]


def brief(scenario: str, *args: str, columns: int = 80, lines: int = 24) -> list[str]:
    result = runner.invoke(
        app, ["resolve", scenario, "--brief", "--color", "never", *args], env={"COLUMNS": str(columns), "LINES": str(lines)}
    )
    assert result.exit_code == 0, result.stderr
    return result.stdout.rstrip("\n").split("\n")


@pytest.mark.parametrize("scenario", ROOMS + TWO)
def test_a_phase_of_two_or_three_figures_fits_80_by_24(scenario: str, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(ROOT)
    out = brief(scenario)
    assert len(out) <= 24 and max(len(line) for line in out) <= 80, "\n".join(out)
    turns = json.loads(runner.invoke(app, ["resolve", scenario, "--json"]).stdout)["turns"]
    for number, turn in enumerate(turns, 1):  # one line per turn, in turn order
        assert sum(line.startswith(f"{number} {turn['actor']}  ") for line in out) == 1
    assert "Reasoning" not in "\n".join(out) and "--full" in out[-1]


def test_the_summary_map_draws_every_route_numbered_by_turn(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(ROOT)
    out = brief("scenarios/perditions-mouth/phase-08-room-three-enemies.yaml")
    rows = {line[:2].strip(): line for line in out if line[:1].isdigit() and line[2:4] == "# "}
    assert rows["1"][2:].split() == ["#", ".", ".", "1", ".", ".", ".", ".", ".", ".", "#"]  # b's end, turn 1
    assert "2" in rows["4"] and "3" in rows["5"]  # the Chi'leen's and the Guard's routes
    assert "each figure's route, numbered by turn" in "\n".join(out)


def test_a_larger_phase_takes_one_line_per_turn_more(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(ROOT)
    two = brief("scenarios/gloomhaven/67-phase-followed-choice.yaml", lines=60)
    three = brief("scenarios/gloomhaven/62-phase-elites-first.yaml", lines=60)
    assert [line[:4] for line in three if line[:4] in ("1 e ", "2 f ", "3 n ")] == ["1 e ", "2 f ", "3 n "]
    assert len(two) < 24 and len(three) < 24


def test_the_assumption_is_said_as_one_never_as_advice() -> None:
    first = Turn("a", options=[Option((1, 0), ((0, 0), (1, 0))), Option((0, 1), ((0, 0), (0, 1)))], chosen=0, follows=True)
    second = Turn("b", options=[Option((2, 0), ((3, 0), (2, 0))), Option((3, 1), ((3, 0), (3, 1)))], chosen=1, follows=True)
    assert assumption_line([first]) == "The rest of the phase assumes option 1 for a; --choose a=2 for another."
    assert assumption_line([first, second]) == (
        "The rest of the phase assumes option 1 for a and option 2 for b; --choose a=2 for another."
    )
    assert turn_line(1, first) == "1 a  focus none  to [1, 0] (1 move)  players choose 1/2"
    assert "follow" not in assumption_line([first]) and "best" not in assumption_line([first])


def test_choose_numbers_from_one(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(ROOT)
    scenario = "scenarios/gloomhaven/67-phase-followed-choice.yaml"
    first = json.loads(runner.invoke(app, ["resolve", scenario, "--json", "--choose", "a=1"]).stdout)
    second = json.loads(runner.invoke(app, ["resolve", scenario, "--json", "--choose", "a=2"]).stdout)
    assert first["turns"][0]["chosen"] == 0 and first["turns"][0]["board_after"]["figures"]["a"] == [2, 0]
    assert second["turns"][0]["chosen"] == 1 and second["turns"][0]["board_after"]["figures"]["a"] == [2, 2]
    assert [o["number"] for o in second["turns"][0]["options"]] == [1, 2]
    assert "assumes option 2 (to [2, 2]); --choose a=1 for another." in second["notes"][0]
    wrong = runner.invoke(app, ["resolve", scenario, "--choose", "a=3"])
    assert wrong.exit_code == 2 and "a has 2 options, numbered 1 to 2" in wrong.stderr


def _grid(kind: str, rows: int, walls: list[tuple[tuple[int, int], tuple[int, int]]]) -> Grid:
    terrain = {(c, r): "floor" for c in range(4) for r in range(rows)}
    return Grid(kind, 4, rows, terrain, frozenset(frozenset(w) for w in walls), {"a": (1, 1)}, {".": "floor"})  # type: ignore[arg-type]


def test_thin_walls_are_drawn_between_the_cells_they_separate() -> None:
    square = ascii_map.grid_view(_grid("square", 3, [((1, 1), (2, 1)), ((1, 1), (1, 2)), ((2, 1), (2, 2))]), Turn("a"))
    lines = square.text().split("\n")
    assert lines[2] == "1 . a|. ."  # side by side: in the gap
    assert lines[3] == "    ───"  # between two rows: a spacer line under the upper cells, joined
    assert not any("thin wall" in note for note in square.notes)
    assert ("| ─", "thin wall") in square.legend
    hexes = ascii_map.grid_view(_grid("hex", 3, [((1, 1), (1, 2)), ((1, 1), (2, 2))]), Turn("a"))
    assert hexes.text().split("\n")[3] == "    \\ /"  # the lower half of a's hex (odd row: shifted)


def test_legends_are_never_broken_inside_an_entry() -> None:
    entries = [
        "a acting figure (start)",
        "A focus",
        "1 2.. options (see the table)",
        ": route of option 1, which the rest of the phase assumes",
    ]
    lines = pack_entries(entries, 70)
    assert all(len(line) <= 70 for line in lines) and len(lines) == 2
    assert all(entry in lines[i] for i, entry in [(0, entries[0]), (0, entries[1]), (0, entries[2]), (1, entries[3])])


def test_grammar_of_shared_destinations() -> None:
    grid = _grid("square", 3, [])
    turn = Turn(
        "a", options=[Option((3, 0), ((1, 1), (2, 0), (3, 0))), Option((3, 0), ((1, 1), (2, 1), (3, 0)), ("A",)), Option((1, 1), ((1, 1),))]
    )
    notes = ascii_map.grid_view(grid, turn).notes
    assert "options 1 and 2 end on [3, 0]" in notes and "option 3 stays" in notes


# --- pictures: sides, key, every route, columns, phone, branches ---------------------------------------


def _picture(scenario: str) -> tuple[str, str]:
    from enemy_move.models import load_scenario
    from enemy_move.phase import explore
    from enemy_move.phase import resolve as resolve_scenario
    from enemy_move.render import svg
    from enemy_move.render.html_page import page

    loaded = load_scenario(ROOT / scenario)
    result = resolve_scenario(loaded)
    return svg.result_svg(result), page(result, [], explore(loaded, result))


@pytest.mark.parametrize(
    "scenario, sides",
    [
        ("scenarios/gloomhaven/87-phase-room-three-monsters.yaml", {"a": "#f4a3a3", "A": "#9cc4f2"}),
        ("scenarios/cloudspire/phase-two-factions.yaml", {"r": "#f4a3a3", "q": "#9cc4f2"}),
        ("scenarios/perditions-mouth/phase-08-room-three-enemies.yaml", {"b": "#a8dcb5", "g": "#cdb4ee", "A": "#9cc4f2"}),
        ("scenarios/agemonia/phase-three-enemies-rooms.yaml", {"a": "#f4a3a3", "L": "#9cc4f2"}),
    ],
)
def test_pictures_colour_figures_by_side_and_name_them_in_a_key(scenario: str, sides: dict[str, str]) -> None:
    import xml.etree.ElementTree as ElementTree

    picture, page = _picture(scenario)
    root = ElementTree.fromstring(picture)
    ns = "{http://www.w3.org/2000/svg}"
    for label, colour in sides.items():
        discs = [g.find(f"{ns}circle[last()]") for g in root.iter(f"{ns}g") if g.get("data-label") == label]
        assert discs and all(d is not None and d.get("fill") == colour for d in discs)
    assert root.find(f"{ns}g[@class='key']") is not None
    assert (
        'name="viewport"' in page and "viewBox=" in page and "<script>" in page and "http" not in page.split("<body")[1].split("xmlns")[0]
    )


def test_pictures_show_elites_initiatives_every_route_and_the_routes_after_the_phase() -> None:
    picture, page = _picture("scenarios/gloomhaven/87-phase-room-three-monsters.yaml")
    assert "a Bandit Guard: elite monster, initiative 30" in picture and "gold ring: elite" in picture
    assert picture.count('class="route"') >= 3 and 'class="route shown"' in picture  # options 2-4 faint, 1 solid
    assert picture.count('class="phase-route"') == 3  # after the phase: every turn's route
    # option 2's line of play (its later turns and the board after it), shown on a click (tests/test_html_page.py)
    assert '<section class="turn" data-path="1" data-turn="1"' in page and '<section class="after" data-path="1.0.0" hidden>' in page


def test_the_page_keeps_the_rulesets_own_option_columns() -> None:
    _, page = _picture("scenarios/cloudspire/phase-player-choice.yaml")
    assert "<th>distance</th>" in page and "<th>kind</th>" in page and "<th>phase</th>" in page
    assert ">assumed<" in page and "followed" not in page
