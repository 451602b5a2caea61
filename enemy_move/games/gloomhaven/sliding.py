"""Walking steps where icy hexes slide the figure on (movement.Walk on icy boards): every hex's steps at once.

Slides make steps one-way and depend on who stands where, so they are worked out per turn; every search of the
turn (from the start, to a destination, the reach with its points) asks for every hex's steps. Here they are
made in one pass over cell ids: the board's terrain as the figure sees it read once per hex (not once per step),
and each hex's neighbours, in the order the grid lists them, with the direction of each, kept per board shape.
"""

from __future__ import annotations

from dataclasses import dataclass

from ...geometry import hexgrid
from ...geometry.cellgraph import CellGraph
from .board import NEGATIVE, NOT_A_STEP, Cell, Cost, View
from .walking import BITS

#: A walking step: (landing cell, cells entered, step cost).
WalkStep = tuple[Cell, tuple[Cell, ...], Cost]


@dataclass(frozen=True)
class Slides:
    """One turn's walking steps from every hex (by cell id): as cells (``steps``) and as ``(landing id, packed
    cost)`` (``by_id``); ``enterable``: whether a step may enter the hex (no wall, door, obstacle or blocker)."""

    steps: list[list[WalkStep]]
    by_id: list[list[tuple[int, int]]]
    enterable: list[bool]


#: Per board shape (its CellGraph, kept with it so its id stays its own): each hex's neighbours in the grid's
#: order with their direction (0-5), and the neighbour one step on in each direction (-1: none, or a thin wall).
_SHAPES: dict[int, tuple[CellGraph, list[list[tuple[int, int]]], list[int]]] = {}
_SHAPES_KEPT = 8


def _shape(graph: CellGraph) -> tuple[list[list[tuple[int, int]]], list[int]]:
    known = _SHAPES.get(id(graph))
    if known is not None and known[0] is graph:
        return known[1], known[2]
    cells, index = graph.cells, graph.index
    direction = {step: d for d, step in enumerate(hexgrid.AXIAL_DIRECTIONS)}
    order: list[list[tuple[int, int]]] = []
    ahead = [-1] * (6 * len(cells))
    for node, cell in enumerate(cells):
        around = set(graph.neighbours[node])
        q, r = hexgrid.to_axial(cell)
        listed = []
        for other in hexgrid.neighbours(cell):  # Grid.adjacent's order: the hex neighbours, those on the board
            other_id = index.get(other, -1)
            if other_id in around:
                oq, orow = hexgrid.to_axial(other)
                d = direction[(oq - q, orow - r)]
                listed.append((other_id, d))
                ahead[6 * node + d] = other_id
        order.append(listed)
    if len(_SHAPES) >= _SHAPES_KEPT:
        _SHAPES.pop(next(iter(_SHAPES)))
    _SHAPES[id(graph)] = (graph, order, ahead)
    return order, ahead


def slides(graph: CellGraph, view: View) -> Slides:
    """Every hex's walking steps on ``view``'s board: entering an icy hex (where ``rules.icy_slides``) slides the
    figure on in the same direction until the next hex is off the board, behind a thin wall, a wall, door or
    obstacle, or holds a figure; a step costs its first hex's points (2 on difficult terrain) and the negative
    hexes it enters."""
    cells, index = graph.cells, graph.index
    order, ahead = _shape(graph)
    seen = [view.terrain(cell) for cell in cells]
    blocking, occupied = view.blocking_cells, view.occupied
    unaffected = view.unaffected_by_traps
    negative = [0 if unaffected or terrain not in NEGATIVE else 1 for terrain in seen]
    closed = [terrain in NOT_A_STEP or terrain == "obstacle" for terrain in seen]
    enterable = [not shut and cell not in blocking for shut, cell in zip(closed, cells)]
    stops = [shut or cell in occupied or cell in blocking for shut, cell in zip(closed, cells)]
    icy = [terrain == "icy" for terrain in seen] if view.rules.icy_slides else [False] * len(cells)
    known: dict[int, tuple[tuple[Cell, ...], int]] = {}

    def slide(node: int, d: int) -> tuple[tuple[Cell, ...], int]:
        """Entering ``node`` moving in direction ``d``: the hexes entered and their negative hexes (slides along
        one line share their ends: each (hex, direction) once)."""
        key = 6 * node + d
        found = known.get(key)
        if found is None:
            found = ((cells[node],), negative[node])
            nxt = ahead[key]
            if nxt >= 0 and not stops[nxt]:
                rest, more = slide(nxt, d) if icy[nxt] else ((cells[nxt],), negative[nxt])
                found = ((cells[node], *rest), found[1] + more)
            known[key] = found
        return found

    steps: list[list[WalkStep]] = []
    by_id: list[list[tuple[int, int]]] = []
    for listed in order:
        here: list[WalkStep] = []
        here_ids: list[tuple[int, int]] = []
        for nxt, d in listed:
            if not enterable[nxt]:
                continue
            points = 2 if seen[nxt] == "difficult" else 1
            entered, negatives = slide(nxt, d) if icy[nxt] else ((cells[nxt],), negative[nxt])
            here.append((entered[-1], entered, (negatives, points)))
            here_ids.append((index[entered[-1]], negatives << BITS | points))  # walking.pack, written out
        steps.append(here)
        by_id.append(here_ids)
    return Slides(steps, by_id, enterable)
