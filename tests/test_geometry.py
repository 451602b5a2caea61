"""Hex and square geometry, map parsing and hex line of sight."""

from __future__ import annotations

from collections import deque
from dataclasses import replace
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from enemy_move.errors import ScenarioError
from enemy_move.geometry import hexgrid, los, squaregrid
from enemy_move.geometry.grid import DEFAULT_SYMBOLS, parse_grid
from enemy_move.geometry.los import HexSight, segments_touch
from enemy_move.models import Scenario, load_scenario_text
from enemy_move.registry import GAMES

cells = st.tuples(st.integers(-20, 20), st.integers(-20, 20))


# --- hex: neighbours, axial, distance ----------------------------------------------


def test_hex_neighbours_are_the_contract_lists() -> None:
    # Contract section 3, literally.
    c, r = 4, 2
    assert hexgrid.neighbours((c, r)) == [(c - 1, r), (c + 1, r), (c - 1, r - 1), (c, r - 1), (c - 1, r + 1), (c, r + 1)]
    c, r = 4, 3
    assert hexgrid.neighbours((c, r)) == [(c - 1, r), (c + 1, r), (c, r - 1), (c + 1, r - 1), (c, r + 1), (c + 1, r + 1)]


def test_hex_neighbours_on_the_contract_example() -> None:
    # ". . # . ." / " . a . ^ ." / ". . . A .": a at [1, 1] (odd row) touches the wall [2, 0].
    assert (2, 0) in hexgrid.neighbours((1, 1))
    assert (0, 0) not in hexgrid.neighbours((1, 1))
    assert hexgrid.distance((1, 1), (3, 2)) == 2


@given(cells)
def test_hex_neighbours_are_symmetric_and_at_distance_one(cell: tuple[int, int]) -> None:
    around = hexgrid.neighbours(cell)
    assert len(set(around)) == 6
    for other in around:
        assert cell in hexgrid.neighbours(other)
        assert hexgrid.distance(cell, other) == 1


@given(cells)
def test_axial_round_trip(cell: tuple[int, int]) -> None:
    assert hexgrid.from_axial(hexgrid.to_axial(cell)) == cell


def bfs_distances(start: tuple[int, int], neighbours, inside) -> dict[tuple[int, int], int]:
    seen = {start: 0}
    queue = deque([start])
    while queue:
        cell = queue.popleft()
        for nxt in neighbours(cell):
            if inside(nxt) and nxt not in seen:
                seen[nxt] = seen[cell] + 1
                queue.append(nxt)
    return seen


@given(st.tuples(st.integers(0, 11), st.integers(0, 11)))
@settings(max_examples=30)
def test_hex_distance_is_bfs_on_an_empty_board(start: tuple[int, int]) -> None:
    # A board with a wide margin so that no shortest path is cut by the edge.
    inside = lambda c: -12 <= c[0] <= 24 and -12 <= c[1] <= 24  # noqa: E731
    steps = bfs_distances(start, hexgrid.neighbours, inside)
    for col in range(12):
        for row in range(12):
            assert hexgrid.distance(start, (col, row)) == steps[(col, row)]


# --- hex: rotations and mirrors -----------------------------------------------------


@given(st.tuples(st.integers(-9, 9), st.integers(-9, 9)))
def test_rotation_and_mirror_are_isometries(vector: tuple[int, int]) -> None:
    origin = (0, 0)
    length = hexgrid.axial_distance(origin, vector)
    current = vector
    for _ in range(6):
        current = hexgrid.rotate60(current)
        assert hexgrid.axial_distance(origin, current) == length
    assert current == vector
    assert hexgrid.mirror(hexgrid.mirror(vector)) == vector
    assert hexgrid.axial_distance(origin, hexgrid.mirror(vector)) == length


def test_rotate60_turns_the_directions_in_order() -> None:
    directions = hexgrid.AXIAL_DIRECTIONS
    rotated = [hexgrid.rotate60(d) for d in directions]
    # Each rotation moves every direction to a neighbouring direction, the same way round.
    step = directions.index(rotated[0])
    assert step in (1, 5)
    assert rotated == [directions[(i + step) % 6] for i in range(6)]


def test_mirror_keeps_the_east_west_axis() -> None:
    east, west = (1, 0), (-1, 0)
    assert hexgrid.mirror(east) == east and hexgrid.mirror(west) == west
    north_east, south_east = (1, -1), (0, 1)
    assert hexgrid.mirror(north_east) == south_east


def test_asymmetric_pattern_has_twelve_orientations() -> None:
    pattern = ((0, 0), (1, 0), (1, -1), (3, -1))  # no symmetry
    shapes = hexgrid.orientations(pattern)
    assert len(shapes) == 12
    assert len({tuple(sorted(s)) for s in shapes}) == 12
    distances = sorted(hexgrid.axial_distance(a, b) for a in pattern for b in pattern)
    for shape in shapes:
        assert sorted(hexgrid.axial_distance(a, b) for a in shape for b in shape) == distances


def test_symmetric_patterns_have_fewer_orientations() -> None:
    assert len(hexgrid.orientations(((0, 0),))) == 1
    assert len(hexgrid.orientations(((1, 0),))) == 6
    assert len(hexgrid.orientations(((1, 0), (-1, 0)))) == 3
    ring = tuple(hexgrid.AXIAL_DIRECTIONS)
    assert len(hexgrid.orientations(ring)) == 1


@given(st.integers(3, 12), st.tuples(st.integers(0, 10), st.integers(0, 10)))
def test_hex_board_mirror_keeps_neighbours(width: int, cell: tuple[int, int]) -> None:
    if cell[0] >= width - (cell[1] & 1):
        return
    mirrored = hexgrid.mirror_cell_horizontally(cell, width)
    for other in hexgrid.neighbours(cell):
        assert hexgrid.mirror_cell_horizontally(other, width) in hexgrid.neighbours(mirrored)
    assert hexgrid.mirror_cell_horizontally(mirrored, width) == cell


def test_shared_edge_only_between_neighbours() -> None:
    for other in hexgrid.neighbours((3, 3)):
        assert hexgrid.shared_edge((3, 3), other) is not None
    assert hexgrid.shared_edge((3, 3), (5, 3)) is None


# --- square -----------------------------------------------------------------------


def test_square_helpers() -> None:
    assert squaregrid.neighbours((2, 2))[:4] == [(1, 2), (3, 2), (2, 1), (2, 3)]
    assert sorted(squaregrid.neighbours((2, 2))) == sorted((2 + dc, 2 + dr) for dc in (-1, 0, 1) for dr in (-1, 0, 1) if (dc, dr) != (0, 0))
    assert squaregrid.orthogonal_neighbours((0, 0)) == [(-1, 0), (1, 0), (0, -1), (0, 1)]
    assert squaregrid.is_diagonal((0, 0), (1, 1)) and not squaregrid.is_diagonal((0, 0), (0, 1))
    assert squaregrid.chebyshev((0, 0), (3, -2)) == 3
    assert squaregrid.manhattan((0, 0), (3, -2)) == 5
    assert squaregrid.mirror_cell_horizontally((0, 4), 5) == (4, 4)


@given(st.tuples(st.integers(0, 9), st.integers(0, 9)))
@settings(max_examples=20)
def test_square_distances_are_bfs(start: tuple[int, int]) -> None:
    inside = lambda c: -10 <= c[0] <= 20 and -10 <= c[1] <= 20  # noqa: E731
    eight = bfs_distances(start, squaregrid.neighbours, inside)
    four = bfs_distances(start, squaregrid.orthogonal_neighbours, inside)
    for col in range(10):
        for row in range(10):
            assert squaregrid.chebyshev(start, (col, row)) == eight[(col, row)]
            assert squaregrid.manhattan(start, (col, row)) == four[(col, row)]


# --- map parsing ------------------------------------------------------------------


def scenario(map_text: str, figures: str = "", extra: str = "") -> Scenario:
    text = f"ruleset: gloomhaven\nmap: |\n{map_text}figures:\n{figures or '  a: {kind: monster}'}\n{extra}"
    return load_scenario_text(text, "m.yaml")


@pytest.fixture
def unparsed_boards(monkeypatch: pytest.MonkeyPatch) -> None:
    """Gloomhaven files as plain grid fixtures: loading skips the game's own board parser (which
    refuses a square layout or a legend terrain it does not know), so parse_grid alone is tested."""
    monkeypatch.setitem(GAMES, "gloomhaven", replace(GAMES["gloomhaven"], board_parser=None))


def figure_cells(s) -> dict:
    return {label: f.at for label, f in s.model.figures.items()}


def test_hex_map_layout_follows_the_contract() -> None:
    s = scenario("  . . # . .\n   . a . ^ .\n  . . . A .\n", "  a: {kind: monster}\n  A: {kind: character}")
    grid = parse_grid(s, "hex", figure_cells=figure_cells(s))
    assert (grid.width, grid.height) == (5, 3)
    assert grid.terrain[(2, 0)] == "wall" and grid.terrain[(3, 1)] == "trap"
    assert grid.figures == {"a": (1, 1), "A": (3, 2)}
    assert grid.terrain[(1, 1)] == "floor"
    assert grid.occupant((3, 2)) == "A" and grid.occupant((0, 0)) is None
    assert sorted(grid.adjacent((1, 1))) == sorted(hexgrid.neighbours((1, 1)))


def test_square_map_layout_and_default_symbols(unparsed_boards: None) -> None:
    s = load_scenario_text("ruleset: gloomhaven\nmap: |\n  . # * ^\n  ~ % = a\nfigures: {a: {kind: monster}}\n", "s.yaml")
    grid = parse_grid(s, "square", figure_cells=figure_cells(s))
    assert [grid.terrain[(c, 0)] for c in range(4)] == ["floor", "wall", "obstacle", "trap"]
    assert [grid.terrain[(c, 1)] for c in range(3)] == ["hazardous", "difficult", "icy"]
    assert grid.figures == {"a": (3, 1)}
    assert set(DEFAULT_SYMBOLS) == set(".#*^~%=")


def test_blank_cells_are_no_cells_and_thin_walls_cut_adjacency() -> None:
    s = scenario("  .   . .\n   . a . .\n", extra="walls:\n  - [[1, 1], [2, 1]]\n  - [[0, 0], [-1, 0]]\n")
    grid = parse_grid(s, "hex", figure_cells=figure_cells(s))
    assert (1, 0) not in grid
    assert (2, 1) not in grid.adjacent((1, 1))
    assert (1, 0) not in grid.adjacent((1, 1))
    assert frozenset({(0, 0), (-1, 0)}) in grid.thin_walls


def test_legend_and_figure_at_on_terrain() -> None:
    s = scenario("  . a +\n", "  a: {kind: monster}\n  b: {kind: monster, at: [2, 0]}", 'legend: {"+": trap}\n')
    grid = parse_grid(s, "hex", figure_cells=figure_cells(s))
    assert grid.terrain[(2, 0)] == "trap" and grid.figures["b"] == (2, 0)


def test_ruleset_symbols_and_terrains(unparsed_boards: None) -> None:
    s = scenario("  . a $\n", extra='legend: {"!": lava}\n')
    grid = parse_grid(s, "hex", extra_symbols={"$": "path"}, terrains={"lava"}, figure_cells=figure_cells(s))
    assert grid.terrain[(2, 0)] == "path"
    with pytest.raises(ScenarioError, match=r"unknown map symbol '\$'"):
        parse_grid(s, "hex", terrains={"lava"}, figure_cells=figure_cells(s))
    with pytest.raises(ScenarioError, match="unknown terrain 'lava'"):
        parse_grid(s, "hex", extra_symbols={"$": "path"}, figure_cells=figure_cells(s))


def test_standable_restricts_terrain() -> None:
    s = scenario("  . a ^\n", "  a: {kind: monster}\n  b: {kind: monster, at: [2, 0]}")
    with pytest.raises(ScenarioError, match="stands on trap") as caught:
        parse_grid(s, "hex", figure_cells=figure_cells(s), standable={"floor"})
    assert (caught.value.line, caught.value.col) == (6, 26)


def test_moved_copies_the_board() -> None:
    s = scenario("  . a .\n")
    grid = parse_grid(s, "hex", figure_cells=figure_cells(s))
    after = grid.moved("a", (2, 0))
    assert after.figures == {"a": (2, 0)} and grid.figures == {"a": (1, 0)}
    assert after.occupant((2, 0)) == "a" and after.occupant((1, 0)) is None
    assert grid.moved("a", None).figures == {}


# --- hex line of sight -------------------------------------------------------------


def test_no_walls_everything_visible() -> None:
    for mode in ("corner", "any"):
        sight = HexSight([], [], mode)
        assert sight.visible((0, 0), (7, 5)) and sight.visible((3, 3), (3, 3))


def test_wall_hex_between_blocks_in_both_modes() -> None:
    for mode in ("corner", "any"):
        sight = HexSight([(2, 0)], [], mode)
        assert not sight.visible((0, 0), (4, 0)), mode
        assert sight.visible((0, 0), (1, 1)), mode


def test_wall_row_blocks_and_a_gap_lets_sight_through() -> None:
    wall = [(c, 2) for c in range(-3, 10)]
    for mode in ("corner", "any"):
        assert not HexSight(wall, [], mode).visible((3, 0), (3, 4))
        gap = [c for c in wall if c != (3, 2)]
        assert HexSight(gap, [], mode).visible((3, 1), (3, 3))


def test_thin_walls_all_round_a_hex_hide_it() -> None:
    closed = [frozenset({(3, 3), n}) for n in hexgrid.neighbours((3, 3))]
    for mode in ("corner", "any"):
        sight = HexSight([], closed, mode)
        assert not sight.visible((3, 3), (2, 3)), mode
        assert not sight.visible((3, 3), (0, 0)), mode
        assert not sight.visible((2, 3), (4, 3)), mode  # the closed ring is in the way


def test_a_single_thin_wall_is_only_one_edge() -> None:
    # Sight between the two hexes passes round the ends of the edge (corner to corner
    # along the top), so one thin wall alone does not block them; a wall hex would.
    for mode in ("corner", "any"):
        assert HexSight([], [frozenset({(1, 0), (2, 0)})], mode).visible((1, 0), (2, 0))


def test_unknown_mode_is_refused() -> None:
    with pytest.raises(ValueError):
        HexSight([], [], "center")


walls = st.sets(st.tuples(st.integers(0, 6), st.integers(0, 6)), max_size=10)


@given(walls, st.tuples(st.integers(0, 6), st.integers(0, 6)), st.tuples(st.integers(0, 6), st.integers(0, 6)))
@settings(max_examples=150, deadline=None)
def test_corner_mode_is_stricter_than_any_mode(wall_cells, a, b) -> None:
    if a in wall_cells or b in wall_cells:
        return
    corner = HexSight(sorted(wall_cells), [], "corner").visible(a, b)
    los._LAYOUTS.clear()  # worked out, not read off the corner answer (los._Layout.visible uses this very implication)
    anywhere = HexSight(sorted(wall_cells), [], "any").visible(a, b)
    if corner:
        assert anywhere
    assert HexSight(sorted(wall_cells), [], "any").visible(b, a) == anywhere


@given(
    walls,
    st.lists(
        st.tuples(st.tuples(st.integers(0, 6), st.integers(0, 6)), st.tuples(st.integers(0, 6), st.integers(0, 6))), min_size=1, max_size=12
    ),
    st.booleans(),
)
@settings(max_examples=100, deadline=None)
def test_answers_read_from_the_other_mode_are_the_answers_worked_out(wall_cells, pairs, corner_first) -> None:
    # A reading of rules.sight asks the same pairs in the other mode: what the first mode answered may settle them.
    from enemy_move.geometry import los

    los._LAYOUTS.clear()
    first, second = ("corner", "any") if corner_first else ("any", "corner")
    before = HexSight(sorted(wall_cells), [], first)
    after = HexSight(sorted(wall_cells), [], second)
    for a, b in pairs:
        before.visible(a, b)
    for a, b in pairs:
        low, high = sorted((a, b))
        assert after.visible(a, b) == (a == b or after._layout._compute(low, high, second))


@given(walls, st.tuples(st.integers(0, 6), st.integers(0, 6)), st.tuples(st.integers(0, 6), st.integers(0, 6)))
@settings(max_examples=100, deadline=None)
def test_sight_is_mirror_symmetric(wall_cells, a, b) -> None:
    width = 8
    if a in wall_cells or b in wall_cells or a[0] >= width - 1 or b[0] >= width - 1:
        return
    flip = lambda c: hexgrid.mirror_cell_horizontally(c, width)  # noqa: E731
    for mode in ("corner", "any"):
        plain = HexSight(sorted(wall_cells), [], mode).visible(a, b)
        mirrored = HexSight(sorted(flip(c) for c in wall_cells), [], mode).visible(flip(a), flip(b))
        assert plain == mirrored, mode


# --- hex line of sight: the exact any-point test against brute force ----------------


def _all_wall_segments(wall_cells, thin_walls, scale: int) -> list:
    """Every wall segment (wall hex outlines and thin walls), coordinates times ``scale``."""
    segments: set[Any] = set()
    for cell in wall_cells:
        corners = hexgrid.corners_scaled(cell)
        segments.update(tuple(sorted((corners[i], corners[(i + 1) % 6]))) for i in range(6))
    for pair in thin_walls:
        edge = hexgrid.shared_edge(*sorted(pair))
        if edge is not None:
            segments.add(edge)
    return [((x0 * scale, y0 * scale), (x1 * scale, y1 * scale)) for (x0, y0), (x1, y1) in sorted(segments)]


def _boundary_points(cell, steps: int) -> list:
    """``steps`` points per edge on the hex outline, coordinates times ``steps``."""
    corners = hexgrid.corners_scaled(cell)
    return [
        (x0 * steps + (x1 - x0) * k, y0 * steps + (y1 - y0) * k)
        for (x0, y0), (x1, y1) in zip(corners, corners[1:] + corners[:1])
        for k in range(steps)
    ]


def sampled_sight(wall_cells, thin_walls, a, b, steps: int) -> bool:
    """Brute force: some segment between sample points of the two outlines touches no wall.

    It can miss a sight line narrower than the sample spacing, never invent one
    (a free segment between boundary points is a sight line).
    """
    if a == b:
        return True
    walls = _all_wall_segments(wall_cells, thin_walls, steps)
    return any(
        not any(segments_touch(p, q, w0, w1) for w0, w1 in walls) for p in _boundary_points(a, steps) for q in _boundary_points(b, steps)
    )


def corner_sight_brute_force(wall_cells, thin_walls, a, b) -> bool:
    if a == b:
        return True
    walls = _all_wall_segments(wall_cells, thin_walls, 1)
    return any(
        not any(segments_touch(p, q, w0, w1) for w0, w1 in walls) for p in hexgrid.corners_scaled(a) for q in hexgrid.corners_scaled(b)
    )


def test_any_point_sight_finds_a_line_thinner_than_an_eighth_of_an_edge() -> None:
    # Found by a randomised search and reduced: the only sight lines between the two
    # hexes pass between these wall hexes within less than an eighth of an edge.
    walls, a, b = [(1, 3), (3, 7), (6, 8), (6, 9)], (5, 9), (1, 4)
    assert HexSight(walls, [], "any").visible(a, b)
    assert HexSight(walls, [], "any").visible(b, a)
    assert not sampled_sight(walls, [], a, b, 8)  # an eighth of an edge apart: missed
    # The witness: a twelfth of an edge along the outlines (coordinates times 12).
    p, q = (131, 301), (36, 134)
    assert p in _boundary_points(a, 12) and q in _boundary_points(b, 12)
    assert not any(segments_touch(p, q, w0, w1) for w0, w1 in _all_wall_segments(walls, [], 12))


def test_neighbours_behind_a_thin_wall_see_round_it_unless_both_ends_are_walled() -> None:
    a, b = (2, 2), (3, 2)
    thin = [frozenset({a, b})]
    common = sorted(set(hexgrid.neighbours(a)) & set(hexgrid.neighbours(b)))
    assert HexSight([], thin, "any").visible(a, b)
    assert HexSight(common[:1], thin, "any").visible(a, b)  # round the other end
    assert not HexSight(common, thin, "any").visible(a, b)
    assert not sampled_sight(common, thin, a, b, 6)


def test_sight_answers_are_shared_by_boards_with_the_same_walls() -> None:
    first = HexSight([(2, 2)], [], "any")
    again = HexSight([(2, 2)], [], "any")
    assert first._layout is again._layout
    assert HexSight([(2, 2)], [], "corner")._layout is not first._layout
    assert HexSight([(2, 3)], [], "any")._layout is not first._layout


small_cells = st.tuples(st.integers(0, 6), st.integers(0, 6))
thin_walls = st.lists(st.tuples(small_cells, st.integers(0, 5)), max_size=6).map(
    lambda items: [frozenset({cell, hexgrid.neighbours(cell)[i]}) for cell, i in items]
)


@given(st.sets(small_cells, max_size=14), thin_walls, small_cells, small_cells)
@settings(max_examples=120, deadline=None)
def test_exact_any_point_sight_sees_whatever_sampling_sees(wall_cells, thin, a, b) -> None:
    # The sampler only finds real sight lines, so the exact test must never
    # disagree with it in the "sees" direction.
    if a in wall_cells or b in wall_cells:
        return
    if sampled_sight(sorted(wall_cells), thin, a, b, 4):
        assert HexSight(sorted(wall_cells), thin, "any").visible(a, b)


@given(st.sets(small_cells, max_size=14), thin_walls, small_cells, small_cells)
@settings(max_examples=150, deadline=None)
def test_corner_sight_matches_brute_force_over_every_wall(wall_cells, thin, a, b) -> None:
    # The spatial index must never leave out a wall that matters.
    expected = a == b or (a not in wall_cells and b not in wall_cells and corner_sight_brute_force(wall_cells, thin, a, b))
    assert HexSight(sorted(wall_cells), thin, "corner").visible(a, b) == expected


def test_square_ring_is_every_cell_at_that_distance_in_map_order() -> None:
    from enemy_move.geometry import squaregrid

    for metric, measure in (("chebyshev", squaregrid.chebyshev), ("manhattan", squaregrid.manhattan)):
        for distance in range(5):
            around = [(c, r) for r in range(-6, 13) for c in range(-6, 13) if measure((3, 4), (c, r)) == distance]
            assert squaregrid.ring((3, 4), distance, metric) == around


def test_sight_disputed_names_a_pair_asked_that_the_other_mode_answers_otherwise() -> None:
    # The open reading of sight resolves a turn again only when a pair its sight layout answered would be
    # answered otherwise in the other mode (corner sight implies any-point sight: only those pairs can differ).
    from enemy_move.geometry import los

    walls = {(2, 2), (4, 2)}  # a gap one hex wide: some lines pass it between corners only
    cells = [(c, r) for c in range(8) for r in range(6) if (c, r) not in walls]
    los._LAYOUTS.clear()
    corner, any_point = HexSight(walls, (), "corner"), HexSight(walls, (), "any")
    pairs = [(a, b) for a in cells for b in cells if a < b]
    differing = [(a, b) for a, b in pairs if corner.visible(a, b) != any_point.visible(a, b)]
    alike = [(a, b) for a, b in pairs if not corner.visible(a, b) and not any_point.visible(a, b)]
    assert differing and alike
    assert all(any_point.visible(a, b) and not corner.visible(a, b) for a, b in differing)
    los._LAYOUTS.clear()
    assert los.answered(walls, (), "corner") is None  # no layout kept: nothing known, the caller resolves again
    sight = HexSight(walls, (), "corner")
    asked = los.answered(walls, (), "corner")
    assert asked is not None and asked.layout is sight.layout and not asked.disputed()
    sight.visible(*alike[0])
    assert not sight.disputed()
    sight.visible(*differing[0])
    assert sight.disputed() and asked.disputed()
    los._LAYOUTS.clear()
    other = HexSight(walls, (), "any")
    other.visible(*differing[0])  # seen in any-point sight, hidden corner to corner
    assert other.disputed()


_POINT = st.tuples(st.integers(-6, 6), st.integers(-6, 6))


@given(_POINT, _POINT, st.lists(st.tuples(_POINT, _POINT).filter(lambda s: s[0] != s[1]), max_size=4))
def test_free_is_no_wall_touching_the_segment(p: tuple[int, int], q: tuple[int, int], walls: list) -> None:
    # los._free writes segments_touch out for speed: the same answer for every segment and walls.
    from enemy_move.geometry.los import _free

    assert _free(p, q, walls) == (not any(segments_touch(p, q, a, b) for a, b in walls))


_CELLS = st.lists(st.sampled_from(list(".#*^aAbB? \t")), max_size=8)
#: A map row: its cells (joined as a map writes them, odd hex rows one space further right), or any text.
_ROW = st.one_of(_CELLS.map(lambda cells: ("cells", cells)), st.text(alphabet=" .#*^aAbB?\t", max_size=12).map(lambda text: ("text", text)))


@settings(max_examples=300, deadline=None)
@given(st.lists(_ROW, min_size=1, max_size=5), st.sampled_from(["gloomhaven", "perditions-mouth"]))
def test_well_spaced_rows_read_as_every_character_in_turn(drawn: list[tuple[str, object]], ruleset: str) -> None:
    # grid._read_row reads the usual row at once; any row, well spaced or not, gives the board or the error the
    # character-by-character loop gives.
    from unittest import mock

    from enemy_move.geometry import grid

    hexes = ruleset == "gloomhaven"
    rows = [
        (" " if hexes and index % 2 else "") + " ".join(value) if kind == "cells" else str(value)  # type: ignore[arg-type, operator]
        for index, (kind, value) in enumerate(drawn)
    ]
    body = "\n".join("  " + row for row in rows)
    labels = sorted({char for row in rows for char in row if char.isalpha()} - {"B"})  # B drawn: an error at its place
    kinds = {"gloomhaven": ("monster", "character"), "perditions-mouth": ("guard", "hero")}[ruleset]
    figures = ", ".join(f"{label}: {{kind: {kinds[label.isupper()]}}}" for label in labels)
    text = f"ruleset: {ruleset}\nmap: |2\n{body}\nfigures: {{{figures}}}\n"

    def outcome() -> object:
        try:
            board = load_scenario_text(text, "m.yaml").board
        except ScenarioError as error:
            return str(error)
        return None if board is None else (board.terrain, board.figures, board.width, board.height)

    fast = outcome()
    with mock.patch.object(grid, "_well_spaced", lambda *args: False):
        slow = outcome()
    assert fast == slow
