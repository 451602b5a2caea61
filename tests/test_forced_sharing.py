"""Gloomhaven push and pull: the shared search (forced._Forced.ends) finds what listing every path finds.

The ways a forced move can end are worked out once per hex and shared by every path through it, and kept for
boards whose figures differ only where the search never looked (forced.forced_ends). Both must give exactly
what the plain enumeration gives (forced._Forced.paths, one path at a time, stopped at MAX_PATHS): the same
ends, the same traps, the same first path for each, on random boards with walls, obstacles, traps, icy
terrain and figures in the way, for push and pull, under both ways of counting "farther".
"""

from __future__ import annotations

import random
from dataclasses import replace

import pytest

from enemy_move.games.gloomhaven import forced
from enemy_move.games.gloomhaven.board import View
from enemy_move.games.gloomhaven.forced import ForcedEnd, _Forced, forced_ends
from enemy_move.games.gloomhaven.model import GloomhavenFigure
from enemy_move.games.gloomhaven.variants import VARIANTS
from enemy_move.geometry.grid import Grid

Cell = tuple[int, int]


def _listed(grid: Grid, figures: dict[str, GloomhavenFigure], attacker: Cell, target: str, kind: str, hexes: int, rules) -> list[ForcedEnd]:
    """The ways as the plain enumeration finds them: every path, one per (end, traps), the first path kept."""
    view = View(grid, figures, target, rules)
    mover = _Forced(view, attacker, kind, figures[target].flying)  # type: ignore[arg-type]
    found: dict[tuple[Cell, tuple[Cell, ...]], ForcedEnd] = {}
    for path in mover.paths(view.start, hexes):
        traps = mover.traps(path)
        found.setdefault((path[-1], traps), ForcedEnd(path, traps))
    return sorted(found.values(), key=lambda e: (e.end, e.traps, e.path))


def _board(rng: random.Random, side: int, mix: str) -> tuple[Grid, dict[str, GloomhavenFigure], Cell]:
    terrain = {(c, r): rng.choice(mix) for c in range(side) for r in range(side)}
    cells = rng.sample(sorted(terrain), 6)
    terrain.update({cell: "floor" for cell in cells})
    labels = ["a", "A", "B", "C", "b", "c"]  # a attacks; A is pushed; B, C its allies; b, c monsters in its way
    figures = {label: GloomhavenFigure(kind="monster" if label.islower() else "character", flying=rng.random() < 0.1) for label in labels}
    figures["a"] = GloomhavenFigure(kind="monster")
    grid = Grid("hex", side, side, terrain, figures=dict(zip(labels, cells, strict=True)))
    return grid, figures, cells[0]


MIXES = (
    ["floor"] * 6 + ["wall", "obstacle", "trap", "icy"],
    ["floor"] * 3 + ["icy", "icy", "trap", "wall"],
    ["floor"] * 5 + ["trap"],
    ["floor"],
)


@pytest.mark.parametrize("batch", range(8))
def test_the_shared_search_finds_what_every_path_finds(batch: int, monkeypatch: pytest.MonkeyPatch) -> None:
    for seed in range(batch * 100, batch * 100 + 100):
        rng = random.Random(seed)
        # Small caps on the paths too: the enumeration stops inside a hex's ways, which must not be shared then.
        monkeypatch.setattr(forced, "MAX_PATHS", rng.choice((3, 5, 9, 17, 60, 2000)))
        forced._ENDS.clear()
        grid, figures, attacker = _board(rng, rng.choice((6, 9, 12)), rng.choice(MIXES))
        rules = rng.choice(list(VARIANTS.values()))
        if rng.random() < 0.3:
            rules = replace(rules, push_distance="hexes")
        kind = rng.choice(("push", "pull"))
        hexes = rng.choice((1, 2, 4, 7, 15))
        got = forced_ends(grid, figures, attacker, "A", kind, hexes, rules)  # type: ignore[arg-type]
        expected = _listed(grid, figures, attacker, "A", kind, hexes, rules)
        if rules.forced_move_maximum and expected:
            longest = max(e.distance for e in expected)
            expected = [e for e in expected if e.distance == longest]
        assert got == expected, f"seed {seed}"


@pytest.mark.parametrize("seed", range(20))
def test_ways_kept_for_a_board_are_reused_only_where_the_search_never_looked(seed: int) -> None:
    """Each figure moved somewhere else in turn: the kept ways must equal the ways worked out afresh."""
    rng = random.Random(1000 + seed)
    forced._ENDS.clear()
    grid, figures, attacker = _board(rng, 9, ["floor"] * 6 + ["wall", "trap", "icy"])
    rules = rng.choice(list(VARIANTS.values()))
    hexes = rng.choice((2, 3, 5))
    forced_ends(grid, figures, attacker, "A", "push", hexes, rules)
    free = [cell for cell, t in grid.terrain.items() if t == "floor" and cell not in grid.figures.values()]
    for label in ("B", "C", "b", "c"):
        moved = grid.moved(label, rng.choice(free))
        assert forced_ends(moved, figures, attacker, "A", "push", hexes, rules) == _listed_longest(moved, figures, attacker, hexes, rules)


def _listed_longest(grid: Grid, figures: dict[str, GloomhavenFigure], attacker: Cell, hexes: int, rules) -> list[ForcedEnd]:
    ends = _listed(grid, figures, attacker, "A", "push", hexes, rules)
    if rules.forced_move_maximum and ends:
        longest = max(e.distance for e in ends)
        ends = [e for e in ends if e.distance == longest]
    return ends
