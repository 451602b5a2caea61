"""`enemy-move import gloom`: gloom's share links (see enemy_move/games/gloomhaven/gloom_import.py).

The example links are those listed in the comments above gloom's
``loadStateFromURL`` (MapEditor.jsx, AluminumAngel/gloom, MIT licence), one or
more per data version; the tag after a link is gloom's own note on it.
"""

from __future__ import annotations

import sys
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from typer.testing import CliRunner

from enemy_move import phase as rulesets
from enemy_move.cli import app
from enemy_move.games.gloomhaven import gloom_import as g
from enemy_move.geometry import hexgrid
from enemy_move.models import load_scenario_text

sys.path.insert(0, str(Path(__file__).resolve().parent))
from gloom_encoder import encode, location  # noqa: E402

runner = CliRunner()

EXAMPLE_LINKS = [
    (
        "http://localhost:5000/AUgFMAe6fCZAgAABAgQIGQiCATAABsAgYQNhASEDgTAABgoPCBAgQIAAAQICBAoQQGhASAAGCIQBMFB4QAAKhAECBAgQEECAAAHCAgLQABKEMYQBAwbCAKEBAYgQBgSCIQEYICwgABmgQhhDGBKAAUIDAtAhDBAgQIAAAQIECBAWEBKAAUIHAgQIECBAAA",
        "",
    ),
    (
        "http://localhost:5000/AUgFMgfcZCFAgAABAgQIECBAgBCB0AAMFiYQDEMCMECIQBAMEQgTCA3AQCECIQEYJEBAAAHCBAIECAggQIAAwcIEAgYMEiAkIEwgAAbBgEABYCAMECIQBAMGCBAEA4UKBAwSIECwUIGAAAIECBAQQIBwgUABAgQKFQgaAAMECICBwgWCYJAgGCRcIBAGwEBhA2EBYQMBKAAJoAFEIHwgQIAAAQI",
        "",
    ),
    (
        "http://localhost:5000/EUgFYA50-UyAAAECBAgQMhAEA2AADIBBwgbCAkIGAmEADBQeECBAgAABAgQECBQggNCAkAAMEAgDYKDwgAAUCAMECBAgIIAAAQKEBQSgASQIYwgDBgyEAUIDAhAhDAgEQwIwQFhAADJAhTCGMCQAA4QGBKBDGCBAgAABAgQIECAsICQAA4QOBAgQIECAAA",
        "",
    ),
    (
        "http://localhost:5000/EUgFYg64yUKAAAECBAgQIECAACECoQEYLEwgGIYEYIAQgSAYIhAmEBqAgUIEQgIwSICAAAKECQQIEBBAgAABgoUJBAwYJEBIQJhAAAyCAYECwEAYIEQgCAYMECAIBgoVCBgkQIBgoQIBAQQIECAggADhAoECBAgUKhA0AAYIEAADhQsEwSBBMEi4QCAMgIHCBsICwgYCUAASQAOIQPhAgAABAgQ",
        "",
    ),
    ("http://localhost:5000/EUAOUAEgqAKGE0ACVAkgDeoIJBZAYQg0AA", "Gloom rules"),
    ("http://localhost:5000/EUAOVAEgqAKGE0ACVAkgDeoIJBZAYQg0AA", "JotL rules"),
    (
        "http://localhost:5000/IUgFxBzo8pkAAQIECBAgZCAIBsAAGACDhA2EBYQMBMIAGCg8IECAAAECBAgIEChAAKEBIQEYIBAGwEDhAQEoEAYIECBAQAABAgQICwhAA0gQxhAGDBgIA4QGBCBCGBAIhgRggLCAAGSACmEMYUgABggNCECHMECAAAECBAgQIEBYQEgABggdCBAgQIAAAQ",
        "",
    ),
    (
        "http://localhost:5000/IUgFxhxwk4UAAQIECBAgQIAAAUIEQgMwWJhAMAwJwAAhAkEwRCBMIDQAA4UIhARgkAABAQQIEwgQICCAAAECBAsTCBgwSICQgDCBABgEAwIFgIEwQIhAEAwYIEAQDBQqEDBIgADBQgUCAggQIEBAAAHCBQIFCBAoVCBoAAwQIAAGChcIgkGCYJBwgUAYAAOFDYQFhA0EoAAkgAYQgfCBAAECBAg",
        "",
    ),
    ("http://localhost:5000/IUAOpAJAUAUMJ4AEqBJAGtQRSCyAwhBoAA", "Gloom rules"),
    ("http://localhost:5000/IUAOqAJAUAUMJ4AEqBJAGtQRSCyAwhBoAA", "JotL rules"),
    ("http://localhost:5000/IUAOoAJAUAUMJ4AEqBJAGtQRSCyAwhBoAA", "Frost rules"),
    ("http://localhost:5000/IUgFxBwwAKEE4QThYwFCCQI", ""),
    (
        "http://localhost:5000/MUgFVC3QRacECBAgQIAAoQSCYAAMgAEwSBiBsAChBAJhAAwULiBAgAABAgQICBAoQAAhA0ICYIBAGAADhQsIQIEwQIAAAQICCBAgQLiAADSABGEMYcCAgTBAqIAARAgDAsGQABggXEAAMkCFMIYwJAAGCBUQgA5hgAABAgQIECBAgHABIQEwQCiBAAECBAgQAA",
        "",
    ),
    (
        "http://localhost:5000/MUgFVi3gxkEECBAgQIAAAQIECBA6IDQABgsbEAxDAmCA0AFBMERA2IDQABgodEBIAAwSICCAAGEDAgQICCBAgADBwgcEDBgkQEiAsAEBMAgGBAoAA2GA0AFBMGCAAEEwUOiAgEECBAgWQiAggAABAgQEECB8QKAAAQKFEAgaAAMECICBwgcEwSBBMEgYgUAYAAOFEQgLEE4gAAUgATSACIQTCBAgQIAA",
        "",
    ),
    ("http://localhost:5000/MUAOFAiAwEBgmAFIgGoBSIPaAhILQOEKaAA", "Gloom rules"),
    ("http://localhost:5000/MUAOGAiAwEBgmAFIgGoBSIPaAhILQOEKaAA", "JotL rules"),
    ("http://localhost:5000/MUAOEAiAwEBgmAFIgGoBSIPaAhILQOEKaAA", "Frost rules"),
    ("http://localhost:5000/MUgFVC1gwCaEEggzEM4nJEAogQA", ""),
    (
        "http://localhost:5000/UUgFpFqgi04JECBAgAABQgkEwQAYAANgkDACYQFCCQTCABgoXECAAAECBAgQECBQgABCBoQEwACBMAAGChcQgAJhgAABAgQEECBAgHABAWgACcIYwoABA2GAUAEBiBAGBIIhATBAuIAAZIAKYQxhSAAMECogAB3CAAECBAgQIECAAOECQgJggFACAQIECBAgAA",
        "",
    ),
    (
        "http://localhost:5000/UUgFplrAjYMIECBAgAABAgQIECB0QGgADBY2IBiGBMAAoQOCYIiAsAGhATBQ6ICQABgkQEAAAcIGBAgQEECAAAGChQ8IGDBIgJAAYQMCYBAMCBQABsIAoQOCYMAAAYJgoNABAYMECBAshEBAAAECBAgIIED4gEABAgQKIRA0AAYIEAADhQ8IgkGCYJAwAoEwAAYKIxAWIJxAAApAAmgAEQgnECBAgAAB",
        "",
    ),
    ("http://localhost:5000/UUAOJBAAgYHAMAOQANUCkAa1BSQWgMIV0AA", "Gloom rules"),
    ("http://localhost:5000/UUAOKBAAgYHAMAOQANUCkAa1BSQWgMIV0AA", "JotL rules"),
    ("http://localhost:5000/UUAOIBAAgYHAMAOQANUCkAa1BSQWgMIV0AA", "Frost rules"),
    ("http://localhost:5000/UUgFpFrAgE0IJRBmIJxPSIBQAgE", ""),
    ("http://localhost:5000/UQgE1A4AgXbAkAIBAgQIECC8AAU", "teleport"),
    ("http://localhost:5000/UQgEBBvAgNjAEANjBkYMbJiBEQMUAA", "icy terrain"),
]


def imported(link: str) -> str:
    result = runner.invoke(app, ["import", "gloom", link])
    assert result.exit_code == 0, result.stderr
    return result.stdout


def without_source(text: str) -> str:
    """The scenario without the lines naming the link and its data version."""
    return "\n".join(line for line in text.splitlines() if not line.startswith(("# Imported", "description:")))


@pytest.mark.parametrize("link, tag", EXAMPLE_LINKS)
def test_example_links_import_and_resolve(link: str, tag: str) -> None:
    text = imported(link)
    scenario = load_scenario_text(text, "imported.yaml")
    result = rulesets.resolve(scenario)
    assert scenario.model.description == link
    if scenario.model.active is not None:
        assert result.turns and result.turns[0].actor == scenario.model.active
    expected_variant = {"Gloom rules": "gloomhaven", "JotL rules": "jotl", "Frost rules": "frosthaven"}.get(tag)
    if expected_variant:
        assert scenario.model.variant == expected_variant
    if tag == "teleport":
        assert scenario.model.action.teleport
    if tag == "icy terrain":
        assert "=" in scenario.model.map


def test_example_links_of_every_data_version_hold_the_same_boards() -> None:
    # Each version's list starts with the same two boards: the old grid (1.0-1.2) must land where the new one puts them.
    by_version: dict[tuple[int, int, int], list[str]] = {}
    for link, _ in EXAMPLE_LINKS:
        by_version.setdefault(g.decode_link(link).data_version, []).append(without_source(imported(link)))
    firsts = [boards[0] for boards in by_version.values()]
    seconds = [boards[1] for boards in by_version.values()]
    assert len(by_version) == 5 and len(set(firsts)) == 1 and len(set(seconds)) == 1


def test_example_links_reencode_to_the_same_code() -> None:
    for link, _ in EXAMPLE_LINKS:
        code = g.link_code(link)
        board = g.decode_code(code)
        assert encode(board, board.data_version) == code


def test_same_los_board_under_the_three_rule_sets() -> None:
    links = [link for link, tag in EXAMPLE_LINKS if link.split("/")[-1].startswith("UUAO")]
    variants = [load_scenario_text(imported(link), "x.yaml").model.variant for link in links]
    assert variants == ["gloomhaven", "jotl", "frosthaven"]


# --- the mapping of gloom's grid onto ours --------------------------------------------


def test_gloom_neighbours_are_our_odd_r_neighbours() -> None:
    layout = g._Layout(first_column=0, first_row=0, rows=g.GRID_WIDTH, cols=g.GRID_HEIGHT)
    for column in range(g.GRID_WIDTH):
        for row in range(g.GRID_HEIGHT):
            ours = {layout.ours(cell) for cell in g._neighbours(column, row)}
            assert ours == set(hexgrid.neighbours(layout.ours((column, row))))
            # each of the three thin-wall flags names one of those neighbours
            assert {layout.ours(cell) for cell in g._wall_sides(column, row)} <= ours


def test_distance_matches_our_hex_distance() -> None:
    layout = g._Layout(0, 0, g.GRID_WIDTH, g.GRID_HEIGHT)
    here = (5, 7)
    for column in range(12):
        for row in range(12):
            assert g._distance(here, (column, row)) == hexgrid.distance(layout.ours(here), layout.ours((column, row)))


# --- boards built the other way (the test encoder) ----------------------------------


def board(**keys: object) -> g.GloomBoard:
    made = g.GloomBoard(data_version=(1, 5, 0))
    for key, value in keys.items():
        setattr(made, key, value)
    return made


def room(first_column: int = 6, first_row: int = 4) -> dict[int, int]:
    """Walls around a 5 x 4 room: our map rows 0..5, columns 0..6 once imported."""
    contents = {}
    for row in range(6):
        for col in range(7):
            if row in (0, 5) or col in (0, 6):
                contents[location(col, row, first_column=first_column, first_row=first_row)] = g.WALL
    return contents


def test_room_is_cropped_and_drawn_in_our_layout() -> None:
    at = lambda col, row: location(col, row, first_column=6, first_row=4)  # noqa: E731
    made = board(
        contents={**room(), at(3, 2): g.TRAP, at(4, 3): g.OBSTACLE, at(2, 4): g.ICY},
        figures={at(1, 2): g.MONSTER, at(5, 2): g.CHARACTER, at(2, 4): g.CHARACTER},
        initiatives={at(1, 2): 1, at(5, 2): 7, at(2, 4): 3},
        active=at(1, 2),
        move=3,
        range=0,
        target=1,
    )
    text = g.scenario_yaml(g.decode_code(encode(made)))
    assert (
        "\nmap: |\n"
        + "\n".join(
            [
                "  # # # # # # #",
                "   # . . . . . #",
                "  # a . ^ . A #",
                "   # . . . * . #",
                "  # . = . . . #",
                "   # # # # # # #",
            ]
        )
        + "\n"
        in text
    )
    scenario = load_scenario_text(text, "room.yaml")
    figures = scenario.model.figures
    assert scenario.model.active == "a" and figures["a"].kind == "monster" and figures["a"].initiative is None
    assert (figures["A"].initiative, figures["B"].initiative) == (7, 3)  # the enemies' initiatives
    assert figures["B"].at == (2, 4)  # standing on icy terrain
    assert scenario.model.variant == "gloomhaven"


def test_room_resolves_as_the_rules_say() -> None:
    # The monster at [1, 2] (even row: its upper neighbours are [0, 1] and [1, 1]) and the Brute at
    # [5, 2]; a trap at [3, 2] and an obstacle at [4, 3]. Hexes next to the Brute: [4, 1], [5, 1],
    # [4, 2], [5, 3] ([4, 3] is the obstacle). Without the trap, [4, 1] is 4 moves away
    # ([1, 1] [2, 1] [3, 1] [4, 1]), [4, 2] too ([2, 2] [2, 1] [3, 1] [4, 2]), [5, 1] 5, [5, 3] more:
    # with move 4 the monster may end on either of the two nearest.
    at = lambda col, row: location(col, row, first_column=6, first_row=4)  # noqa: E731
    made = board(
        contents={**room(), at(3, 2): g.TRAP, at(4, 3): g.OBSTACLE},
        figures={at(1, 2): g.MONSTER, at(5, 2): g.CHARACTER},
        initiatives={at(5, 2): 5},
        active=at(1, 2),
        move=4,
        range=0,
        target=1,
    )
    scenario = load_scenario_text(g.scenario_yaml(made), "room.yaml")
    options = {(o.to, o.attacks) for o in rulesets.resolve(scenario).turns[0].options}
    assert options == {((4, 1), ("A",)), ((4, 2), ("A",))}
    made.move = 3  # one move short: it ends one hex from either, never on the trap
    scenario = load_scenario_text(g.scenario_yaml(made), "room.yaml")
    assert {o.to for o in rulesets.resolve(scenario).turns[0].options} == {(3, 1), (3, 3)}


def test_thin_wall_becomes_a_wall_between_the_same_hexes() -> None:
    at = lambda col, row: location(col, row, first_column=6, first_row=4)  # noqa: E731
    # flag 0 of a hex: the wall towards gloom row + 1 = our next column on the same row
    made = board(
        contents=room(),
        figures={at(1, 2): g.MONSTER, at(4, 2): g.CHARACTER},
        initiatives={},
        walls={at(2, 2): (True, False, False)},
        active=at(1, 2),
    )
    text = g.scenario_yaml(g.decode_code(encode(made)))
    assert "walls:\n  - [[2, 2], [3, 2]]\n" in text
    # flags 1 and 2: the two hexes of the next gloom column, our next row; row 2 is even, so [1, 3] and [2, 3]
    made.walls = {at(2, 2): (False, True, True)}
    text = g.scenario_yaml(g.decode_code(encode(made)))
    assert "walls:\n  - [[1, 3], [2, 2]]\n  - [[2, 2], [2, 3]]\n" in text


def test_open_board_keeps_every_reachable_hex() -> None:
    # Nothing encloses the figures: gloom's whole grid is floor, so the whole grid is kept.
    made = board(figures={location(3, 4): g.MONSTER, location(10, 20): g.CHARACTER}, initiatives={}, active=location(3, 4))
    scenario = load_scenario_text(g.scenario_yaml(made), "open.yaml")
    rows = scenario.model.map.splitlines()
    assert len(rows) == g.GRID_WIDTH and all(len(r.split()) == g.GRID_HEIGHT for r in rows)


def test_teleport_keeps_the_hexes_within_the_move() -> None:
    at = lambda col, row: location(col, row, first_column=6, first_row=4)  # noqa: E731
    made = board(contents=room(), figures={at(1, 2): g.MONSTER, at(4, 2): g.CHARACTER}, initiatives={}, active=at(1, 2), move=4, teleport=1)
    scenario = load_scenario_text(g.scenario_yaml(made), "tele.yaml")
    assert scenario.model.action.teleport
    assert len(scenario.model.map.splitlines()) > 6  # hexes beyond the room's walls, within 4 of the monster


def test_card_keys() -> None:
    at = lambda col, row: location(col, row, first_column=6, first_row=4)  # noqa: E731
    base = dict(
        contents=room(), figures={at(1, 2): g.MONSTER, at(4, 2): g.CHARACTER, at(4, 3): g.CHARACTER}, initiatives={}, active=at(1, 2)
    )
    model = load_scenario_text(g.scenario_yaml(board(**base, flying=2, muddled=1, target=6, range=3, game_rules=2)), "x.yaml").model
    assert model.figures["a"].flying and model.figures["a"].conditions == ["muddled"]
    assert model.action.attack.targets == 2 and model.action.attack.range == 3  # "all targets": both characters
    assert model.variant == "jotl"
    model = load_scenario_text(g.scenario_yaml(board(**base, flying=1, target=0, game_rules=0)), "x.yaml").model
    assert model.action.jump and model.action.attack is None and model.variant == "frosthaven"


def test_melee_area_pattern() -> None:
    at = lambda col, row: location(col, row, first_column=6, first_row=4)  # noqa: E731
    # gloom's area grid: the attacker at column 3, row 3 (index 24); hits at (3, 4) and (4, 3)
    made = board(
        contents=room(), figures={at(1, 2): g.MONSTER, at(4, 2): g.CHARACTER}, initiatives={}, active=at(1, 2), aoe=[24, 25, 31], target=1
    )
    text = g.scenario_yaml(g.decode_code(encode(made)))
    assert "    aoe: |\n      . .\n       @ x\n      x .\n" in text
    load_scenario_text(text, "aoe.yaml")


def test_a_character_acting_becomes_a_summon_focusing_on_monsters() -> None:
    at = lambda col, row: location(col, row, first_column=6, first_row=4)  # noqa: E731
    made = board(
        contents=room(),
        figures={at(1, 2): g.CHARACTER, at(4, 2): g.MONSTER, at(4, 4): g.MONSTER},
        initiatives={at(4, 2): 2, at(4, 4): 1},
        active=at(1, 2),
        active_faction=1,
        move=3,
    )
    scenario = load_scenario_text(g.scenario_yaml(g.decode_code(encode(made))), "summon.yaml")
    assert scenario.model.figures["A"].kind == "summon" and scenario.model.active == "A"
    assert {scenario.model.figures[k].initiative for k in "ab"} == {1, 2}
    turn = rulesets.resolve(scenario).turns[0]
    assert turn.focus and set(turn.focus) <= {"a", "b"}


# --- round trips of the encoding ------------------------------------------------------


@st.composite
def boards(draw: st.DrawFn, version: tuple[int, int, int]) -> g.GloomBoard:
    old_grid = version[:2] <= (1, 2)
    # the old grid covers columns 3..25 of the new one and rows 3..22 (a row less on odd columns)
    columns = range(3, 26) if old_grid else range(g.GRID_WIDTH)
    cells = (
        st.tuples(st.sampled_from(columns), st.integers(0, g.GRID_HEIGHT - 1))
        .filter(lambda cell: not old_grid or 3 - cell[0] % 2 <= cell[1] <= 22 - cell[0] % 2)
        .map(lambda cell: cell[0] * g.GRID_HEIGHT + cell[1])
    )
    made = board(data_version=version)
    made.contents = draw(st.dictionaries(cells, st.integers(1, 6), max_size=12))
    made.figures = draw(
        st.dictionaries(cells.filter(lambda loc: made.contents.get(loc) != g.WALL), st.sampled_from([g.CHARACTER, g.MONSTER]), max_size=8)
    )
    made.initiatives = {loc: draw(st.integers(1, 9)) for loc in made.figures}
    made.walls = draw(st.dictionaries(cells, st.tuples(st.booleans(), st.booleans(), st.booleans()).filter(any), max_size=6))
    for name, _, high in g.SIMPLE_KEYS:
        setattr(made, name, draw(st.integers(0, high)))
    made.game_rules = 1 if version == (1, 0, 0) else draw(st.sampled_from([1, 2] if version == (1, 1, 0) else [0, 1, 2]))
    made.teleport = draw(st.integers(0, 1)) if version[:2] >= (1, 5) else 0
    made.aoe = sorted(draw(st.sets(st.integers(0, 48).filter(lambda i: i not in g.AOE_SKIP), max_size=6)))
    acting = g.CHARACTER if made.active_faction else g.MONSTER
    candidates = sorted(loc for loc, kind in made.figures.items() if kind == acting)
    made.active = draw(st.sampled_from([None, *candidates]))
    return made


@pytest.mark.parametrize("version", [(1, 0, 0), (1, 1, 0), (1, 2, 0), (1, 3, 0), (1, 4, 0), (1, 5, 0), (1, 5, 3)])
@settings(max_examples=25, deadline=None)
@given(data=st.data())
def test_round_trip_every_data_version(version: tuple[int, int, int], data: st.DataObject) -> None:
    made = data.draw(boards(version))
    assert g.decode_code(encode(made, version)) == made


@settings(max_examples=25, deadline=None)
@given(made=boards((1, 5, 0)))
def test_any_board_imports_as_a_loadable_scenario(made: g.GloomBoard) -> None:
    if made.figures or made.contents or made.walls:
        text = g.scenario_yaml(made)
        load_scenario_text(text, "any.yaml")  # valid: positions, labels, walls, aoe all accepted


# --- bad links --------------------------------------------------------------------------


@pytest.mark.parametrize(
    "link, message",
    [
        ("https://gloom.aluminumangel.org/", "no board code"),
        ("https://gloom.aluminumangel.org/abc$def", "not a gloom board code"),
        ("UUAOJBAAgYHAMAOQ", "ends too early"),
        ("AAAA", "unknown data version 0.0.0"),
        ("A", "not URL-safe base64"),
        (encode(board(figures={5: g.CHARACTER}, initiatives={5: 1}, active=5)), "not a figure of the acting side"),
    ],
)
def test_bad_links_are_usage_errors(link: str, message: str) -> None:
    result = runner.invoke(app, ["import", "gloom", link])
    assert result.exit_code == 2 and result.stdout == ""
    assert result.stderr.startswith("enemy-move: gloom link: ") and message in result.stderr


def test_link_forms() -> None:
    code = "UQgE1A4AgXbAkAIBAgQIECC8AAU"
    for link in (
        code,
        f"https://gloom.aluminumangel.org/{code}",
        f"https://gloom.aluminumangel.org/los/{code}",
        f"  gloom.aluminumangel.org/{code}\n",
    ):
        assert g.link_code(link) == code


def test_output_file(tmp_path: Path) -> None:
    out = tmp_path / "board.yaml"
    result = runner.invoke(app, ["import", "gloom", EXAMPLE_LINKS[-1][0], "-o", str(out)])
    assert result.exit_code == 0 and result.stdout == ""
    assert out.read_text().startswith("# yaml-language-server: $schema=")
    failed = runner.invoke(app, ["import", "gloom", EXAMPLE_LINKS[-1][0], "-o", str(tmp_path / "no" / "dir.yaml")])
    assert failed.exit_code == 1 and failed.stderr.startswith("enemy-move: cannot write ")  # an output failure (issue 26)


def test_imported_board_pipes_into_resolve() -> None:
    text = imported(EXAMPLE_LINKS[-2][0])  # the teleport example: a wall line between monster and character
    result = runner.invoke(app, ["resolve", "-", "--json"], input=text)
    assert result.exit_code == 0, result.stderr
    import json

    turn = json.loads(result.stdout)["turns"][0]
    assert turn["focus"] == ["A"] and all(option["attacks"] == ["A"] for option in turn["options"])
