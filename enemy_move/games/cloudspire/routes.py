"""Distances to the mark and the routes a unit can walk (rule steps 1 and 2): the movement of Cloudspire."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Literal

from ...geometry import cellgraph
from ...geometry.grid import Grid
from .search import Displacements, Endings, RouteSearch
from .terrain import Cell
from .units import Unit

#: How an option relates to the mark: closer, as far (lateral), staying, or leaving an invalid hex.
CandidateKind = Literal["progress", "lateral", "stay", "to-valid-hex"]
#: Per end hex, one path for each way of displacing heroes.
Outcomes = dict[Cell, dict[Displacements, tuple[Cell, ...]]]


@dataclass(frozen=True)
class Candidate:
    path: tuple[Cell, ...]
    displaced: Displacements
    distance: int
    kind: CandidateKind


def mark_distances(board: Grid, unit: Unit, other_gates: str = "block") -> dict[Cell, int]:
    """Hexes of the unit's valid terrain from each hex to its mark, through units (rule step 1).

    ``other_gates: pass`` also counts through fortress gates that are not the mark."""
    allowed = unit.allowed | ({"gate"} if other_gates == "pass" else set())
    graph = cellgraph.grid_graph(board)
    terrain = board.terrain
    steps, _, _ = cellgraph.bfs(graph, graph.index[unit.marked], [terrain[cell] in allowed for cell in graph.cells])
    return graph.as_dict(steps)


def start_status(board: Grid, unit: Unit, start: Cell, dist: dict[Cell, int]) -> tuple[str, int | None]:
    """("valid", d), ("gate", d) for a minion deploying from a gate, or ("invalid", None)."""
    if start in dist:
        return "valid", dist[start]
    if board.terrain[start] == "gate":
        around = [dist[n] for n in board.adjacent(start) if n in dist and board.terrain[n] in unit.allowed]
        if around:
            return "gate", 1 + min(around)
    return "invalid", None


@dataclass(frozen=True)
class Ending:
    """Where a route may end, and next to what a displaced hero goes when its swap hex is invalid (D8)."""

    may_end: Callable[[Cell], bool] = lambda cell: True
    displaced_near: str = "hero"


def enumerate_routes(
    board: Grid,
    units: dict[str, Unit],
    unit: Unit,
    prefix: tuple[Cell, ...],
    steps: int,
    may_enter: Callable[[Cell], bool],
    ending: Ending | None = None,
) -> tuple[Endings, set[str]]:
    """Every end hex of every legal route of 1..steps hexes after ``prefix``.

    Returns ``{moves: {end: {displacements: smallest path}}}`` and the labels
    of the units that stopped a route. A route never re-enters a hex it left,
    never enters an opposing unit or a friendly minion, and swaps with each
    friendly hero it enters (the hero goes to the hex the minion came from).
    The search (``search.RouteSearch``) skips the branches that cannot add an outcome.
    """

    how = ending or Ending()

    def place(hero: str, left: Cell, entered: Cell, displaced: list[tuple[str, Cell]]) -> list[Cell]:
        return placements(board, units, unit, (hero, left, entered), displaced, how.displaced_near)

    return RouteSearch(board, units, unit, prefix, steps, (may_enter, how.may_end, place)).run()


def placements(
    board: Grid,
    units: dict[str, Unit],
    unit: Unit,
    move: tuple[str, Cell, Cell],
    displaced: list[tuple[str, Cell]],
    near: str = "hero",
) -> list[Cell]:
    """Where a friendly hero displaced by ``unit`` goes (C3 "Displace"); ``move`` is (hero, hex left, hex entered).

    "The displaced Unit is placed onto the Hex the moving Unit moved off of (swap), ignoring Terrain
    restrictions. If that Hex is invalid (Opposing gate, Occupied, etc.), the displaced Unit moves to an
    Adjacent Hex of the current player's choosing, adhering to Terrain if possible." Adjacent is read as
    next to the hero's own hex (the one the minion enters: it "moves" one hex; ``near`` "hero", the default)
    or next to the invalid swap hex (``near`` "swap-hex": `displaced_adjacent_to`, docs/cloudspire.md D8).
    No valid hex: the minion cannot displace it there (no two figures ever share a hex)."""
    hero, left, entered = move
    occupied = {cell for label, cell in board.figures.items() if isinstance(cell, tuple) and label != unit.label}
    for label, cell in displaced:
        occupied.discard(board.figures[label])
        occupied.add(cell)
    occupied.add(entered)
    start = board.figures[unit.label]

    def free(cell: Cell) -> bool:
        terrain = board.terrain[cell]
        # A gate other than the minion's own (it deploys from its own) is taken for an opposing gate.
        return cell not in occupied and terrain not in ("landmark", "spire") and (terrain != "gate" or cell == start)

    if free(left):
        return [left]
    around = sorted(cell for cell in board.adjacent(left if near == "swap-hex" else entered) if free(cell))
    own = [cell for cell in around if board.terrain[cell] in units[hero].allowed]
    return own or around


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
