"""Perdition's Mouth's line of sight, named: ``resolve --sight-from`` and the blockers ``--why-not`` gives.

The rules text needs sight for the Summoner (rules 16, 37 of the docs page: "If the Summoner has line of sight to any
hero, then it does not move"), for the "range N" squares (``rules.range_needs_sight``) and, by the rules' inference from
the cone exception, figures block it (``rules.figures_block_sight``). The oracle is the engine's own (``sight.Sight``:
the board's sight blockers, thin walls, figures, ``rules.sight``); this module only names what blocks a line: the
sight-blocking squares (walls, doors) and figures the line crosses, the corner two of them shut, the thin walls it
crosses.
"""

from __future__ import annotations

from collections.abc import Set
from dataclasses import dataclass

from ...geometry.sight_line import SightLine
from ...geometry.square_sight import SquareSight, crossed_cells
from ...models import Scenario
from ...result import format_position
from ...wording import and_list
from .roster import Roster
from .sight import Sight
from .terrain import Board, Cell


@dataclass(frozen=True)
class Blockers:
    """What blocks one line: sight-blocking squares, figures (labels), thin walls, and the words for them."""

    squares: tuple[Cell, ...]
    figures: tuple[str, ...]
    thin_walls: tuple[tuple[Cell, Cell], ...]
    on_line: bool
    words: str


def _doubled(cell: Cell) -> tuple[int, int]:
    return (2 * cell[0] + 1, 2 * cell[1] + 1)


def _pinches(p: tuple[int, int], q: tuple[int, int], blocks: Set[Cell]) -> list[Cell]:
    """The squares of a corner the centres' line passes through that two diagonal blockers shut."""
    found: list[Cell] = []
    steps = max(abs(q[0] - p[0]), abs(q[1] - p[1]))
    for k in range(1, steps):
        x, y = p[0] + (q[0] - p[0]) * k / steps, p[1] + (q[1] - p[1]) * k / steps
        if x != int(x) or y != int(y) or int(x) % 2 or int(y) % 2:
            continue
        c, r = int(x) // 2, int(y) // 2
        for pair in (((c - 1, r - 1), (c, r)), ((c, r - 1), (c - 1, r))):
            if pair[0] in blocks and pair[1] in blocks:
                found += [cell for cell in pair if cell not in found]
    return found


def blockers(roster: Roster, sight: Sight, board: Board, a: Cell, b: Cell, ignore: tuple[str, ...] = ()) -> Blockers:
    """What keeps ``a`` from seeing ``b`` on ``board`` (call only where ``sight.sees`` says no)."""
    terrain_blocks = sight.oracle(board).blocking  # built once per terrain by the engine
    figure_cells = sight.figure_cells(board, ignore) if roster.rules.figures_block_sight else set()
    by_cell = {cell: label for label, cell in sorted(board.figures.items()) if cell in figure_cells}
    blocks = (terrain_blocks | set(by_cell)) - {a, b}
    p, q = _doubled(a), _doubled(b)
    diagonal = abs(a[0] - b[0]) == 1 and abs(a[1] - b[1]) == 1
    crossed = [] if diagonal else [cell for cell in crossed_cells(p, q) if cell in blocks]
    pinched = _pinches(p, q, blocks)
    cols, rows = sorted((a[0], b[0])), sorted((a[1], b[1]))
    near = [  # only a wall beside the box the two squares span can cross a line between them
        tuple(sorted(pair))
        for pair in board.thin_walls
        if all(cols[0] - 1 <= c <= cols[1] + 1 and rows[0] - 1 <= r <= rows[1] + 1 for c, r in pair)
    ]
    thin: tuple[tuple[Cell, Cell], ...] = tuple(
        (low, high) for low, high in sorted(near) if not SquareSight((), roster.rules.sight, [frozenset((low, high))]).sees(a, b)
    )
    on_line = bool(crossed or pinched or thin)
    if not on_line:  # corner sight: every corner-to-corner line is blocked; name what those lines cross
        corners = [(2 * a[0] + dx, 2 * a[1] + dy) for dx in (0, 2) for dy in (0, 2)]
        ends = [(2 * b[0] + dx, 2 * b[1] + dy) for dx in (0, 2) for dy in (0, 2)]
        crossed = sorted({cell for s in corners for e in ends for cell in crossed_cells(s, e) if cell in blocks})
    named = list(dict.fromkeys(crossed + pinched))
    squares = tuple(cell for cell in named if cell in terrain_blocks and cell not in by_cell)
    figures = tuple(by_cell[cell] for cell in named if cell in by_cell)
    return Blockers(squares, figures, thin, on_line, _words(roster, board, (squares, figures, thin), pinched, on_line))


def _words(
    roster: Roster,
    board: Board,
    found: tuple[tuple[Cell, ...], tuple[str, ...], tuple[tuple[Cell, Cell], ...]],
    pinched: list[Cell],
    on_line: bool,
) -> str:
    """``the wall at [3, 1] and Guard (g) at [4, 2]``, with how the line meets them."""
    squares, figures, thin = found
    things = [f"the {board.terrain[cell]} at {format_position(cell)}" for cell in squares]
    things += [f"{roster.who(label)} at {format_position(board.figures[label])}" for label in figures]
    things += [f"the thin wall between {format_position(p)} and {format_position(q)}" for p, q in thin]
    if not things:
        return "something is in the way"
    if pinched and len(pinched) == len(things) and not thin:
        return f"the line between the two squares' centres passes the corner that {and_list(things)} shut"
    if on_line:
        return f"the line between the two squares' centres crosses {and_list(things)}"
    return f"every line from a corner of one square to a corner of the other crosses {and_list(things)}"


def sight_lines(scenario: Scenario, variant: str, board: Board, at: Cell) -> list[SightLine]:
    """One line from ``at`` to each figure on ``board`` (ValueError: ``at`` is no square one can see from)."""
    terrain = board.terrain.get(at)
    if terrain is None:
        raise ValueError(f"{format_position(at)} is not a square of the map ({board.width} columns x {board.height} rows, numbered from 0)")
    roster = Roster(scenario, board)
    sight = Sight(roster)
    if terrain in roster.rules.sight_blockers:
        raise ValueError(f"{format_position(at)} is {terrain}: sight is drawn from a square a figure can stand in")
    lines = []
    for label, cell in sorted(board.figures.items(), key=lambda item: (item[1][1], item[1][0], item[0])):
        if cell == at:
            continue
        ignore = tuple(other for other, where in board.figures.items() if where == at) + (label,)
        if sight.sees(board, at, cell, ignore=ignore):
            lines.append(SightLine(label, cell, True, "centres" if roster.rules.sight == "center" else "corners"))
            continue
        found = blockers(roster, sight, board, at, cell, ignore)
        why = found.words
        lines.append(
            SightLine(
                label, cell, False, walls=found.squares, thin_walls=found.thin_walls, on_line=found.on_line, figures=found.figures, why=why
            )
        )
    return lines
