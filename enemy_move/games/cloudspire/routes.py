"""Distances to the mark and the routes a unit can walk (rule steps 1 and 2): the movement of Cloudspire."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Literal

from ...geometry.grid import Grid
from ...geometry.paths import Cost, dijkstra
from .terrain import Cell
from .units import Unit

Displacements = tuple[tuple[str, Cell], ...]
#: How an option relates to the mark: closer, as far (lateral), staying, or leaving an invalid hex.
CandidateKind = Literal["progress", "lateral", "stay", "to-valid-hex"]
#: ``{moves: {end: {displacements: smallest path}}}``: what ``enumerate_routes`` finds.
Endings = dict[int, dict[Cell, dict[Displacements, tuple[Cell, ...]]]]
#: Per end hex, one path for each way of displacing heroes.
Outcomes = dict[Cell, dict[Displacements, tuple[Cell, ...]]]

#: Routes are enumerated hex by hex; this bounds the work on open boards.
ROUTE_BUDGET = 2_000_000


@dataclass(frozen=True)
class Candidate:
    path: tuple[Cell, ...]
    displaced: Displacements
    distance: int
    kind: CandidateKind


class TooManyRoutes(Exception):
    """More routes than ROUTE_BUDGET: the scenario is reported as too large."""


def mark_distances(board: Grid, unit: Unit, other_gates: str = "block") -> dict[Cell, int]:
    """Hexes of the unit's valid terrain from each hex to its mark, through units (rule step 1).

    ``other_gates: pass`` also counts through fortress gates that are not the mark."""
    allowed = unit.allowed | ({"gate"} if other_gates == "pass" else set())

    def edges(cell: Cell) -> list[tuple[Cell, Cost]]:
        return [(n, (1,)) for n in board.adjacent(cell) if board.terrain[n] in allowed]

    best, _ = dijkstra([unit.marked], edges, (0,))
    return {cell: cost[0] for cell, cost in best.items()}


def start_status(board: Grid, unit: Unit, start: Cell, dist: dict[Cell, int]) -> tuple[str, int | None]:
    """("valid", d), ("gate", d) for a minion deploying from a gate, or ("invalid", None)."""
    if start in dist:
        return "valid", dist[start]
    if board.terrain[start] == "gate":
        around = [dist[n] for n in board.adjacent(start) if n in dist and board.terrain[n] in unit.allowed]
        if around:
            return "gate", 1 + min(around)
    return "invalid", None


def enumerate_routes(
    board: Grid,
    units: dict[str, Unit],
    unit: Unit,
    prefix: tuple[Cell, ...],
    steps: int,
    may_enter: Callable[[Cell], bool],
    may_end: Callable[[Cell], bool] = lambda cell: True,
) -> tuple[Endings, set[str]]:
    """Every end hex of every legal route of 1..steps hexes after ``prefix``.

    Returns ``{moves: {end: {displacements: smallest path}}}`` and the labels
    of the units that stopped a route. A route never re-enters a hex it left,
    never enters an opposing unit or a friendly minion, and swaps with each
    friendly hero it enters (the hero goes to the hex the minion came from).
    """
    endings: Endings = {}
    blocked: set[str] = set()
    path = list(prefix)
    visited = set(prefix)
    displaced: list[tuple[str, Cell]] = []
    work = [0]

    def walk(cell: Cell, taken: int) -> None:
        if taken == steps:
            return
        for nxt in sorted(board.adjacent(cell)):
            if nxt in visited or not may_enter(nxt):
                continue
            work[0] += 1
            if work[0] > ROUTE_BUDGET:
                raise TooManyRoutes
            occupant = board.occupant(nxt)
            swapped = False
            end_key: Displacements | None = tuple(displaced)
            if occupant is not None and occupant != unit.label:
                other = units[occupant]
                # "Your minions may displace Friendly heroes": heroes do not displace.
                displaceable = other.kind == "hero" and other.faction == unit.faction and unit.kind == "minion"
                if unit.through:
                    # It passes through units; it may end only on a friendly hero, displacing it.
                    end_key = tuple(displaced) + ((occupant, cell),) if displaceable else None
                elif displaceable:
                    displaced.append((occupant, cell))
                    swapped = True
                    end_key = tuple(displaced)
                else:
                    blocked.add(occupant)
                    continue
            visited.add(nxt)
            path.append(nxt)
            if end_key is not None and may_end(nxt):
                slot = endings.setdefault(taken + 1, {}).setdefault(nxt, {})
                route = tuple(path)
                if end_key not in slot or route < slot[end_key]:
                    slot[end_key] = route
            walk(nxt, taken + 1)
            path.pop()
            visited.discard(nxt)
            if swapped:
                displaced.pop()

    walk(prefix[-1], 0)
    return endings, blocked


def shortest_per_end(endings: Endings, keep: Callable[[Cell], bool] = lambda cell: True) -> Outcomes:
    """Over every movement value, per end hex that ``keep`` accepts and way of displacing: the shortest path (then the smallest)."""
    ends: Outcomes = {}
    for moves in sorted(endings):
        for cell, outs in endings[moves].items():
            if not keep(cell):
                continue
            slot = ends.setdefault(cell, {})
            for displaced, path in outs.items():
                if displaced not in slot or (len(path), path) < (len(slot[displaced]), slot[displaced]):
                    slot[displaced] = path
    return ends


def prefer_no_displacement(outcomes: dict[Displacements, tuple[Cell, ...]]) -> dict[Displacements, tuple[Cell, ...]]:
    """The AI displaces a friendly hero only when no route to that hex avoids it."""
    return {(): outcomes[()]} if () in outcomes else outcomes
