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


def _board(rng: random.Random, side: int, mix: list[str]) -> tuple[Grid, dict[str, GloomhavenFigure], Cell]:
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


@pytest.mark.parametrize("seed", range(12))
def test_the_first_ways_are_the_first_of_all_of_them(seed: int) -> None:
    """forced_ways(limit=n) works out only the first n ways: they are the first n of all of them, in order."""
    from enemy_move.games.gloomhaven.forced_ways import forced_ways
    from enemy_move.games.gloomhaven.model import GloomhavenAttack

    rng = random.Random(2000 + seed)
    grid, figures, attacker = _board(rng, 12, ["floor"] * 8 + ["wall", "trap"])
    targets = tuple(rng.sample(["A", "B", "C"], rng.choice((1, 2, 3))))
    forced_kind, amount = rng.choice(("push", "pull")), rng.choice((2, 4, 7))
    attack = (
        GloomhavenAttack(range=15, targets=3, push=amount) if forced_kind == "push" else GloomhavenAttack(range=15, targets=3, pull=amount)
    )
    rules = rng.choice(list(VARIANTS.values()))
    every = forced_ways(grid, figures, attacker, targets, attack, rules)
    for limit in (1, 5, 64, 65):
        assert forced_ways(grid, figures, attacker, targets, attack, rules, limit=limit) == every[:limit]


def test_a_push_past_64_ways_says_there_are_more() -> None:
    from enemy_move.models import load_scenario_text
    from enemy_move.phase import resolve

    rows = [(" " if r % 2 else "") + " ".join("." for _ in range(30)) for r in range(30)]
    figures = "".join(f"  {label}: {{kind: character, initiative: {i + 10}, at: [{14 + i}, 14]}}\n" for i, label in enumerate("ABC"))
    text = (
        "ruleset: gloomhaven\nmap: |\n"
        + "".join(f"  {row}\n" for row in rows)
        + "figures:\n  a: {kind: monster, at: [14, 16]}\n"
        + figures
        + "active: a\naction: {move: 0, attack: {range: 5, targets: 3, push: 6}}\n"
    )
    turn = resolve(load_scenario_text(text, "t.yaml")).turns[0]
    steps = [step for step in turn.reasoning if step.step == "forced-move"]
    assert "can end more than 64 ways; only the first 64 are listed" in steps[0].text
    assert "the players choose among more than 64 ways" in steps[1].text
    assert steps[1].data["ways"] == 64 and steps[1].data["more"] is True
    assert len(turn.options) == 64


@pytest.mark.parametrize("seed", range(40))
def test_kept_ways_are_found_for_exactly_the_boards_the_full_comparison_accepts(seed: int) -> None:
    """forced._known_ends checks the figures on the hexes the search looked at (``inside``) and counts the looked-at
    hexes occupied, instead of comparing every figure: it must accept exactly the boards the figure-by-figure
    comparison accepts (each figure on its own hex, or neither its hex then nor now looked at)."""
    rng = random.Random(seed)
    cells = [(c, r) for c in range(8) for r in range(8)]
    labels = [f"f{i}" for i in range(rng.randint(1, 12))]
    figures: dict[str, GloomhavenFigure] = {}
    terrain = {cell: "floor" for cell in cells}
    for _ in range(30):
        placed = dict(zip(labels, rng.sample(cells, len(labels)), strict=True))
        consulted = frozenset(rng.sample(cells, rng.randint(0, 40)))
        now = dict(placed)
        for label in rng.sample(labels, rng.randint(0, len(labels))):
            free = [cell for cell in cells if cell not in now.values()]
            now[label] = rng.choice(free)
        inside = tuple((label, cell) for label, cell in placed.items() if cell in consulted)
        forced._ENDS.clear()
        forced._ENDS["push"] = [(figures, terrain, placed, consulted, inside, [])]
        grid = Grid("hex", 8, 8, terrain, figures=now)
        expected = all(cell == placed[label] or (cell not in consulted and placed[label] not in consulted) for label, cell in now.items())
        assert (forced._known_ends("push", grid, figures) is not None) == expected
    forced._ENDS.clear()
