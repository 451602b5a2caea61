"""Line of sight and attack range on a Perdition's Mouth board: the square sight oracle per terrain, figures
that block, the corner a wall and a figure close, and the heroes an enemy could attack from where it stands."""

from __future__ import annotations

from ...geometry.square_sight import SquareSight
from .roster import Roster
from .shared import Shared
from .terrain import Board, Cell


class Sight:
    """Who sees whom (``rules.sight``, ``sight_blockers``, ``figures_block_sight``, ``corner_wall_and_figure``)."""

    def __init__(self, roster: Roster, shared: Shared | None = None):
        self.roster = roster
        # The oracles per terrain, shared with the engines of the readings that keep the sight rules.
        self.shared = shared if shared is not None else Shared()
        # (figures, figures per square) of the last board asked about.
        self._figure_cells: tuple[dict[str, Cell], dict[Cell, int]] | None = None

    def oracle(self, board: Board) -> SquareSight:
        """The board's sight oracle, built once per terrain (a phase's boards share it until a door opens)."""
        rules = self.roster.rules
        key = (rules.sight, tuple(rules.sight_blockers))
        cached = self.shared.oracles.get(key)
        if cached is not None and cached[0] is board.terrain and cached[1] is board.thin_walls:
            return cached[2]
        blockers = [cell for cell, terrain in board.terrain.items() if terrain in rules.sight_blockers]
        sight = SquareSight(blockers, rules.sight, board.thin_walls)
        self.shared.oracles[key] = (board.terrain, board.thin_walls, sight)
        return sight

    def figure_cells(self, board: Board, ignore: tuple[str, ...]) -> set[Cell]:
        """The squares figures stand on, but for those of ``ignore`` (the sight blockers among figures)."""
        cached = self._figure_cells
        if cached is None or cached[0] is not board.figures:
            counts: dict[Cell, int] = {}
            for cell in board.figures.values():
                counts[cell] = counts.get(cell, 0) + 1
            cached = self._figure_cells = (board.figures, counts)
        counts = cached[1]
        if not ignore:
            return set(counts)
        held = dict(counts)
        for label in ignore:
            where = board.figures.get(label)
            if where is not None:
                held[where] -= 1
        return {cell for cell, count in held.items() if count}

    def sees(self, board: Board, a: Cell, b: Cell, ignore: tuple[str, ...] = ()) -> bool:
        """Whether ``a`` sees ``b`` (the question and its answer kept for the readings of sight: watch.py)."""
        answer = self.answer(board, a, b, ignore)
        self.roster.watch.asked(board, a, b, ignore, answer)
        return answer

    def answer(self, board: Board, a: Cell, b: Cell, ignore: tuple[str, ...] = ()) -> bool:
        """Whether ``a`` sees ``b``, the question not kept."""
        rules = self.roster.rules
        extra: set[Cell] = set()
        if rules.figures_block_sight:
            extra = self.figure_cells(board, ignore)
            if rules.corner_wall_and_figure == "see" and abs(a[0] - b[0]) == 1 and abs(a[1] - b[1]) == 1:
                extra = {cell for cell in extra if not self.pinched_by_figure(board, a, b, cell)}
        return self.oracle(board).sees(a, b, extra)

    def pinched_by_figure(self, board: Board, a: Cell, b: Cell, cell: Cell) -> bool:
        """``cell`` is a side square of diagonal neighbours a, b whose other side blocks sight by its terrain."""
        sides = ((a[0], b[1]), (b[0], a[1]))
        if cell not in sides:
            return False
        other = sides[1] if cell == sides[0] else sides[0]
        return board.terrain.get(other) in self.roster.rules.sight_blockers

    def in_attack_range(self, board: Board, label: str) -> list[str]:
        """Heroes the enemy could attack from where it stands (range and line of sight)."""
        roster = self.roster
        cell = board.figures[label]
        return [
            hero
            for hero in roster.heroes
            if hero in board.figures
            and roster.distance(cell, board.figures[hero]) <= roster.attack_range(label)
            and self.sees(board, cell, board.figures[hero])
        ]

    def corner_pinch(self, board: Board) -> bool:
        """A hero diagonal to a square whose shared corner has a sight blocker on one side and a figure on the other."""
        roster = self.roster
        heroes = {board.figures[h] for h in roster.heroes if h in board.figures}
        for cell in board.figures.values():
            for dx in (-1, 1):
                for dy in (-1, 1):
                    wall = (cell[0] + dx, cell[1] + dy)
                    if board.terrain.get(wall) in roster.rules.sight_blockers and heroes & {
                        (cell[0] + dx, cell[1]),
                        (cell[0], cell[1] + dy),
                    }:
                        return True
        return False
