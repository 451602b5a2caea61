"""The route enumerator Cloudspire used before the pruned search (kept only as the tests' reference).

It walks every legal route hex by hex and keeps, per (movement, end hex, displacements), the
smallest path. ``enemy_move.games.cloudspire.search`` must give exactly the same answer."""

from __future__ import annotations

from collections.abc import Callable

from enemy_move.games.cloudspire.routes import placements
from enemy_move.games.cloudspire.search import Displacements, Endings
from enemy_move.games.cloudspire.terrain import Cell
from enemy_move.games.cloudspire.units import Unit
from enemy_move.geometry.grid import Grid


def brute_routes(
    board: Grid,
    units: dict[str, Unit],
    unit: Unit,
    prefix: tuple[Cell, ...],
    steps: int,
    may_enter: Callable[[Cell], bool],
    may_end: Callable[[Cell], bool] = lambda cell: True,
) -> tuple[Endings, set[str]]:
    endings: Endings = {}
    blocked: set[str] = set()
    path = list(prefix)
    visited = set(prefix)
    displaced: list[tuple[str, Cell]] = []

    def record(nxt: Cell, taken: int, end_key: Displacements) -> None:
        if may_end(nxt):
            slot = endings.setdefault(taken + 1, {}).setdefault(nxt, {})
            route = tuple(path)
            if end_key not in slot or route < slot[end_key]:
                slot[end_key] = route

    def step(nxt: Cell, taken: int, end_keys: list[Displacements]) -> None:
        visited.add(nxt)
        path.append(nxt)
        for end_key in end_keys:
            record(nxt, taken, end_key)
        walk(nxt, taken + 1)
        path.pop()
        visited.discard(nxt)

    def occupant_now(cell: Cell) -> str | None:
        for label, to in displaced:
            if to == cell:
                return label
        occupant = board.occupant(cell)
        return None if any(label == occupant for label, _ in displaced) else occupant

    def walk(cell: Cell, taken: int) -> None:
        if taken == steps:
            return
        for nxt in sorted(board.adjacent(cell)):
            if nxt in visited or not may_enter(nxt):
                continue
            occupant = occupant_now(nxt)
            if occupant is None or occupant == unit.label:
                step(nxt, taken, [tuple(displaced)])
                continue
            other = units[occupant]
            displaceable = other.kind == "hero" and other.faction == unit.faction and unit.kind == "minion"
            if unit.through:
                ends = placements(board, units, unit, (occupant, cell, nxt), displaced) if displaceable else []
                step(nxt, taken, [(*displaced, (occupant, to)) for to in ends])
            elif displaceable:
                for to in placements(board, units, unit, (occupant, cell, nxt), displaced):
                    displaced.append((occupant, to))
                    step(nxt, taken, [tuple(displaced)])
                    displaced.pop()
            else:
                blocked.add(occupant)

    walk(prefix[-1], 0)
    return endings, blocked
