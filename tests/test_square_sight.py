"""Line of sight on squares (geometry/square_sight.py) against the rational clipping it replaced, on random boards."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st
from square_sight_brute import SquareSight as BruteSight
from square_sight_brute import _crosses_inside

from enemy_move.geometry.square_sight import SquareSight, crossed_cells

SIZE = 7
cells = st.tuples(st.integers(0, SIZE - 1), st.integers(0, SIZE - 1))
points = st.tuples(st.integers(0, 2 * SIZE), st.integers(0, 2 * SIZE))


@given(points, points)
@settings(max_examples=250, deadline=None)
def test_crossed_cells_are_the_squares_whose_inside_the_segment_meets(p, q) -> None:
    expected = {(c, r) for c in range(-1, SIZE + 1) for r in range(-1, SIZE + 1) if _crosses_inside(p, q, (c, r))}
    found = list(crossed_cells(p, q))
    assert len(found) == len(set(found))
    assert set(found) == expected


def test_crossed_cells_examples() -> None:
    assert list(crossed_cells((1, 1), (5, 1))) == [(0, 0), (1, 0), (2, 0)]  # a centre line along a row
    assert list(crossed_cells((0, 0), (4, 0))) == []  # along a grid line: no inside
    assert set(crossed_cells((1, 1), (5, 5))) == {(0, 0), (1, 1), (2, 2)}  # through the corners only
    assert set(crossed_cells((0, 0), (4, 2))) == {(0, 0), (1, 0)}


@given(
    st.sets(cells, max_size=14),
    st.sets(cells, max_size=4),
    st.sets(st.tuples(cells, st.sampled_from([(1, 0), (0, 1)])), max_size=3),
    st.sampled_from(["center", "corners"]),
    cells,
    cells,
)
@settings(max_examples=250, deadline=None)
def test_sees_equals_the_rational_clipping(blockers, extra, walls, mode, a, b) -> None:
    thin = [frozenset({cell, (cell[0] + dx, cell[1] + dy)}) for cell, (dx, dy) in walls]
    ours, theirs = SquareSight(blockers, mode, thin), BruteSight(blockers, mode, thin)
    assert ours.sees(a, b, extra) == theirs.sees(a, b, extra)
    assert ours.sees(a, b, sorted(extra)) == theirs.sees(a, b, extra)
