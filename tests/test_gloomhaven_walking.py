"""Walking on cell ids (games/gloomhaven/walking.py, movement.py): the shortcuts give the general searches' answers."""

from __future__ import annotations

from typing import Any

from hypothesis import given, settings
from hypothesis import strategies as st

from enemy_move.games.gloomhaven.board import View
from enemy_move.games.gloomhaven.model import GloomhavenAction, GloomhavenFigure
from enemy_move.games.gloomhaven.movement import Walk, mover_for
from enemy_move.games.gloomhaven.variants import VARIANTS
from enemy_move.geometry.grid import Grid

SIDE = 7


@st.composite
def boards(draw):
    """A small hex board of floor and walls (sometimes all difficult), an actor and a few others."""
    cells = [(c, r) for c in range(SIDE) for r in range(SIDE)]
    floor = draw(st.sampled_from(["floor", "difficult"]))
    walls = draw(st.sets(st.sampled_from(cells), max_size=14))
    terrain = {cell: ("wall" if cell in walls else floor) for cell in cells}
    open_cells = [cell for cell in cells if cell not in walls]
    if len(open_cells) < 2:
        open_cells = cells[:2]
        for cell in open_cells:
            terrain[cell] = floor
    placed = draw(st.lists(st.sampled_from(open_cells), min_size=1, max_size=4, unique=True))
    return terrain, placed, draw(st.integers(1, 9))


@given(boards())
@settings(max_examples=120, deadline=None)
def test_uniform_reach_equals_the_state_search(board) -> None:
    terrain, placed, points = board
    labels = ["a", "A", "B", "C"][: len(placed)]
    figures = {
        label: GloomhavenFigure(kind="monster" if label == "a" else "character", initiative=None if label == "a" else 10)
        for label in labels
    }
    grid = Grid("hex", SIDE, SIDE, terrain, frozenset(), dict(zip(labels, placed)))
    view = View(grid, figures, "a", VARIANTS["gloomhaven"])
    mover = mover_for(view, GloomhavenAction(move=points))
    assert isinstance(mover, Walk)
    walking = mover.walking()
    assert walking is not None and walking.uniform is not None
    fast = mover.reach_this_turn(points)
    slow = mover.walk_reach_by_states(points)
    assert fast == slow
    assert list(fast) == list(slow)  # the same order too


def test_the_way_of_moving_is_a_type_picked_once() -> None:
    # Teleport is not movement (FH p.24): it wins over flying; flying wins over a jump.
    from enemy_move.games.gloomhaven.movement import Fly, Jump, Teleport

    terrain = {(c, r): "floor" for c in range(3) for r in range(3)}
    grid = Grid("hex", 3, 3, terrain, frozenset(), {"a": (0, 0), "A": (2, 2)})

    def mover(flying: bool, **card: Any):
        figures = {"a": GloomhavenFigure(kind="monster", flying=flying), "A": GloomhavenFigure(kind="character", initiative=10)}
        return mover_for(View(grid, figures, "a", VARIANTS["frosthaven"]), GloomhavenAction(move=2, **card))

    assert type(mover(False)) is Walk and mover(False).walks
    assert type(mover(False, jump=True)) is Jump
    assert type(mover(True, jump=True)) is Fly
    assert type(mover(True, teleport=True)) is Teleport and not mover(True, teleport=True).crosses_hexes
    # Flying pays nothing to land (never affected by traps either).
    assert mover(True).landing_cost((1, 1)) == (0, 0)
