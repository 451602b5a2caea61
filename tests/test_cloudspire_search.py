"""The pruned route search of Cloudspire (games/cloudspire/search.py) against the enumerator it replaced."""

from __future__ import annotations

from cloudspire_brute import brute_routes
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from enemy_move.games.cloudspire.routes import Ending, enumerate_routes
from enemy_move.games.cloudspire.search import Window
from enemy_move.games.cloudspire.units import Unit
from enemy_move.geometry.grid import Grid

TERRAINS = ["path"] * 6 + ["plains", "forest", "landmark", "gate"]


def ordered(endings):
    """The endings with their insertion order (the order the march reads them in)."""
    return [(moves, [(cell, list(outs.items())) for cell, outs in ends.items()]) for moves, ends in endings.items()]


@st.composite
def searches(draw):
    width, height = draw(st.integers(3, 7)), draw(st.integers(2, 6))
    cells = [(c, r) for r in range(height) for c in range(width)]
    terrain = {cell: draw(st.sampled_from(TERRAINS)) for cell in cells}
    start = draw(st.sampled_from(cells))
    terrain[start] = "path"
    free = [cell for cell in cells if cell != start and terrain[cell] not in ("landmark", "spire")]
    kinds = draw(st.lists(st.sampled_from(["friendly hero", "opposing hero", "friendly minion", "opposing minion"]), max_size=5))
    spots = draw(st.permutations(free))[: len(kinds)]
    mover_kind = draw(st.sampled_from(["minion", "minion", "minion", "hero"]))
    mover = Unit("m", mover_kind, "red", draw(st.integers(1, 7)), draw(st.sampled_from(["path", "plains", "forest"])), None)
    if draw(st.booleans()) and draw(st.booleans()):
        mover = Unit(mover.label, mover.kind, mover.faction, mover.move, mover.allowance, None, through=True)
    units = {"m": mover}
    figures = {"m": start}
    for index, (kind, spot) in enumerate(zip(kinds, spots, strict=False)):
        side, what = kind.split()
        label = "abcde"[index]
        units[label] = Unit(label, what, "red" if side == "friendly" else "blue", 0, "path", None)
        figures[label] = spot
    pairs = [frozenset((a, b)) for a in cells for b in Grid("hex", width, height, terrain).adjacent(a) if a < b]
    walls = frozenset(draw(st.lists(st.sampled_from(pairs), max_size=3))) if pairs and draw(st.booleans()) else frozenset()
    board = Grid("hex", width, height, terrain, walls, figures)
    through_gates = draw(st.booleans())
    return board, units, mover, through_gates


@settings(max_examples=200, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(searches())
def test_the_search_finds_what_walking_every_route_finds(case):
    board, units, mover, through_gates = case
    allowed = mover.allowed | ({"gate"} if through_gates else set())

    def may_enter(cell):
        return board.terrain[cell] in allowed

    def may_end(cell):
        return board.terrain[cell] != "gate"

    start = (board.figures["m"],)
    expected = brute_routes(board, units, mover, start, mover.move, may_enter, may_end)
    got = enumerate_routes(board, units, mover, start, mover.move, may_enter, Ending(may_end))
    assert got[1] == expected[1]
    assert ordered(got[0]) == ordered(expected[0])


def test_window_spreads_to_exactly_the_neighbouring_hexes():
    board = Grid("hex", 9, 9, {(c, r): "path" for c in range(9) for r in range(9)})
    window = Window(board, (4, 4), 3)
    assert len(window.bit) == 37  # a hex of radius 3
    for cell, index in window.bit.items():
        spread = window.spread(1 << index)
        assert {window.cell[i] for i in window.cell if (spread >> i) & 1} == {n for n in board.adjacent(cell) if n in window.bit}


def corridor_board(length):
    return Grid("hex", length, 1, {(c, 0): "path" for c in range(length)}, figures={"m": (0, 0)})


def test_a_corridor_gives_one_end_per_movement_never_walking_back():
    board = corridor_board(6)
    mover = Unit("m", "minion", "red", 4, "path", None)
    endings, blocked = enumerate_routes(board, {"m": mover}, mover, ((0, 0),), 4, lambda cell: True)
    assert {moves: list(ends) for moves, ends in endings.items()} == {1: [(1, 0)], 2: [(2, 0)], 3: [(3, 0)], 4: [(4, 0)]}
    assert blocked == set()


def test_an_open_board_shows_the_smallest_route_to_each_end():
    board = Grid("hex", 5, 5, {(c, r): "path" for c in range(5) for r in range(5)}, figures={"m": (2, 2)})
    mover = Unit("m", "minion", "red", 3, "path", None)
    got, _ = enumerate_routes(board, {"m": mover}, mover, ((2, 2),), 3, lambda cell: True)
    expected, _ = brute_routes(board, {"m": mover}, mover, ((2, 2),), 3, lambda cell: True)
    assert ordered(got) == ordered(expected)
    assert got[3][(2, 1)][()] == ((2, 2), (1, 1), (2, 0), (2, 1))  # back next to the start: around it, smallest hexes first
