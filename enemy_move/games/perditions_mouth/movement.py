"""How an enemy paths: who blocks it, what each step costs (terrain, doors, diagonals), cheapest paths, and how far its AP take it."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass, field

from ...geometry import cellgraph, squaregrid
from ...geometry.grid import Grid
from ...result import Turn
from .enemies import Enemy
from .roster import Roster
from .shared import Shared
from .sight import Sight
from .stepgraph import Costs, Predecessors, StepGraph, Toward, step_graph_key, with_neighbours
from .terrain import BLOCKING_TERRAIN, CLOSED_DOORS, Board, Cell

#: Cheapest cost (a 1-tuple of AP) of each square reached, and its predecessors on cheapest paths.
Best = Costs
Preds = Predecessors
#: Where a walk ends: ``stop(path, spent, opened)``.
Stop = Callable[[tuple[Cell, ...], int, tuple[Cell, ...]], None]


@dataclass
class Mover:
    """How one enemy paths this turn."""

    label: str
    enemy: Enemy
    ap: int
    start: Cell
    ignores_terrain: bool
    opens_doors: bool
    blocked: set[Cell] = field(default_factory=set)  # occupied squares it may not enter
    passes: set[Cell] = field(default_factory=set)  # occupied squares it paths through but may not end on
    tramples: set[Cell] = field(default_factory=set)  # minion squares it may enter and end on (swap)
    # who stands on each occupied square and why it blocks or not (for "why not this square?")
    occupants: dict[Cell, str] = field(default_factory=dict)
    full_ap_rule: bool = True  # may spend all its AP on one costlier square


@dataclass
class Move:
    """One way the move can end: destination, path, AP spent, doors opened."""

    to: Cell
    path: tuple[Cell, ...]
    spent: int
    opened: tuple[Cell, ...] = ()
    remaining: int = 0  # AP (or squares) still between ``to`` and the goal, doors already opened counted
    reached: bool = False  # ``to`` is a goal square


class Pathing:
    """The movement rules: blockers, step costs, cheapest paths and the walk along them."""

    def __init__(self, roster: Roster, sight: Sight, shared: Shared):
        self.roster = roster
        self.sight = sight
        self.shared = shared  # step graphs, searches and walks, shared with the engines of the other readings
        rules = roster.rules
        # What the step graph depends on besides the terrain (engines that agree on it share their graphs).
        self.graph_key = ("steps", rules.movement, rules.corner_cutting, rules.diagonal_cost, tuple(sorted(roster.costs.items())))

    def make_mover(self, board: Board, label: str, turn: Turn) -> Mover:
        roster = self.roster
        rules = roster.rules
        enemy = roster.enemy(label)
        mover = Mover(
            label,
            enemy,
            roster.ap(label),
            board.figures[label],
            enemy.ignores_terrain(rules),
            opens_doors=enemy.opens_doors,
            full_ap_rule=enemy.spends_all_ap(rules),
        )
        kept, ignored, trampled = [], [], []
        sleeping_note = ""
        for other in sorted(board.figures):
            if other == label:
                continue
            other_type = roster.types[other]
            cell = board.figures[other]
            if other_type.hero:
                mover.blocked.add(cell)
                mover.occupants[cell] = f"hero {other} stands there (heroes block)"
                continue
            if enemy.tramples(other_type):
                mover.tramples.add(cell)
                trampled.append(other)
                continue
            reasons = []
            if other in board.asleep:
                self.roster.watch.consult("sleeping_blocks")
                if rules.sleeping_blocks:
                    reasons.append("asleep")
                else:
                    sleeping_note = " Sleeping enemies out of attack range do not block (`sleeping_blocks: false`)."
            in_range = self.sight.in_attack_range(board, other)
            if in_range:
                reasons.append("in attack range of " + ", ".join(in_range))
            if reasons:
                mover.blocked.add(cell)
                kept.append(f"{other} ({'; '.join(reasons)})")
                mover.occupants[cell] = f"{other} stands there and blocks ({'; '.join(reasons)})"
            else:
                mover.passes.add(cell)
                ignored.append(other)
                mover.occupants[cell] = f"{other} stands there: expected to move away, it may be passed but not ended on"
        rule = enemy.blocker_rule()
        if rules.sleeping_blocks:
            rule += "; a sleeping enemy blocks (it cannot move out of the way)"
            if any(other in board.asleep for other in trampled):  # trample pushes a sleeper back all the same
                rule += ", except a minion it tramples"
        walk = (
            "passed but not ended on"
            if rules.pass_through_figures
            else "planned through, but it stops before them (`pass_through_figures: false`)"
        )
        text = f"Path-finding: heroes block; {rule}. Blocking: {', '.join(kept) or 'none'}. Ignored (expected to move away; {walk}): {', '.join(ignored) or 'none'}."
        if trampled:
            text += f" Trampled (it may enter and end on their squares, swapping places): {', '.join(trampled)}."
        turn.note("blockers", text + sleeping_note, blocking=kept, ignored=ignored, trampled=trampled)
        return mover

    def steps(self, grid: Grid, cell: Cell) -> list[Cell]:
        """Squares one step away, honouring orthogonal-only movement and corner cutting."""
        rules = self.roster.rules
        result = []
        for nxt in grid.adjacent(cell):
            if squaregrid.is_diagonal(cell, nxt):
                if rules.movement == "orthogonal":
                    continue
                if not rules.corner_cutting:
                    sides = ((cell[0], nxt[1]), (nxt[0], cell[1]))
                    if any(side not in grid.terrain or grid.terrain[side] in BLOCKING_TERRAIN for side in sides):
                        continue
            result.append(nxt)
        return result

    def enter_cost(self, grid: Grid, mover: Mover, a: Cell, b: Cell, opened: tuple[Cell, ...] = ()) -> tuple[int, int] | None:
        """(AP to open a door first, AP to enter) for the step a -> b, or None when b cannot be entered."""
        if b in mover.blocked:
            return None
        terrain = grid.terrain[b]
        door = 0
        if terrain in CLOSED_DOORS and b not in opened:
            if not mover.opens_doors:
                return None
            door, terrain = 1, "open-door"
        elif terrain in BLOCKING_TERRAIN and b not in opened:
            return None
        elif b in opened:
            terrain = "open-door"
        base = 1 if mover.ignores_terrain else self.roster.costs[terrain]
        if squaregrid.is_diagonal(a, b):
            base *= self.roster.rules.diagonal_cost
        return door, base

    def step_graph(self, grid: Grid) -> StepGraph:
        """The board's steps on integer ids, built once per terrain: shared by every turn (and every engine whose
        readings build the same steps), and when a door opens only the steps around it are redone."""
        shared = self.shared
        steps = shared.graph(self.graph_key, grid)
        if steps is not None:
            return steps
        cached = shared.graphs.get(self.graph_key)
        if cached is not None and cached[1] is grid.thin_walls and cached[0].keys() == grid.terrain.keys():
            steps = self.changed_steps(cached[2], grid)
        else:
            rules = self.roster.rules
            key = step_graph_key(grid, rules.movement, rules.corner_cutting)
            graph = cellgraph.graph_for(key, grid.terrain, lambda cell: self.steps(grid, cell))
            steps = StepGraph(graph, grid.terrain, self.roster.costs, rules.diagonal_cost)
        shared.graphs[self.graph_key] = (grid.terrain, grid.thin_walls, steps)
        return steps

    def changed_steps(self, before: StepGraph, grid: Grid) -> StepGraph:
        """The step graph after some squares changed terrain: the steps of those squares and their neighbours redone."""
        graph = before.graph
        index = graph.index
        changed = [cell for cell, terrain in grid.terrain.items() if before.terrain[cell] != terrain]
        around = [n for cell in changed for n in squaregrid.neighbours(cell) if n in index]  # behind thin walls too: corners
        redo = {index[cell] for cell in changed} | {index[n] for n in around}
        changes = {i: tuple(sorted(index[n] for n in self.steps(grid, graph.cells[i]))) for i in redo}
        return before.after(with_neighbours(graph, changes), grid.terrain)

    def blocked_ids(self, steps: StepGraph, mover: Mover) -> list[int]:
        index = steps.graph.index
        return [index[cell] for cell in mover.blocked]

    def shortest(self, grid: Grid, mover: Mover) -> tuple[Best, Preds]:
        """Cheapest AP from the start to every square it can get to, and the predecessors on cheapest paths
        (one search per step graph, kind of mover, start and blocked squares: the readings that change none
        of them share it)."""
        steps = self.step_graph(grid)
        kind = (mover.ignores_terrain, mover.opens_doors)
        key = (kind, mover.start, frozenset(mover.blocked))
        found = self.shared.search(steps, key)
        if found is not None:
            return found
        graph = steps.graph
        start = [graph.index[mover.start]]
        if steps.factor == 1:
            enter = steps.enter(kind, self.blocked_ids(steps, mover))
            best, preds = cellgraph.dijkstra(graph, start, enter, with_preds=True)
        else:
            edges = steps.edges(kind, self.blocked_ids(steps, mover), backward=False)
            best, preds = cellgraph.dijkstra_edges(graph, start, edges, with_preds=True)
        assert preds is not None
        found = (Costs(graph, best), Predecessors(graph, best, preds))
        self.shared.keep_search(steps, key, found)
        return found

    def cheapest_to(self, grid: Grid, mover: Mover, goals: set[Cell]) -> Costs:
        """Cheapest AP from every square to the nearest of ``goals`` (the search run backwards from them)."""
        steps = self.step_graph(grid)
        graph = steps.graph
        edges = steps.edges((mover.ignores_terrain, mover.opens_doors), self.blocked_ids(steps, mover), backward=True)
        best, _ = cellgraph.dijkstra_edges(graph, graph.ids(sorted(goals)), edges)
        return Costs(graph, best)

    def walk(self, grid: Grid, mover: Mover, best: Best, preds: Preds, goals: set[Cell]) -> tuple[list[Move], int | None]:
        """Every way of spending AP along a cheapest path to the nearest goal; the moves ending closest.

        Progress is the AP left to the goal after the move, counting a door opened with the last AP
        (it need not be paid again). Returns (moves, cost of the goal) or ([], None) when no goal is reachable.
        """
        found = nearest_goals(best, goals)
        if found is None:
            return [], None
        targets, goal_cost = found
        stops: dict[tuple[Cell, tuple[Cell, ...]], Move] = {}

        def stop(path: tuple[Cell, ...], spent: int, opened: tuple[Cell, ...]) -> None:
            # A move may not end on a square another figure still holds: fall back along the path
            # (or, with `pass_through_figures: false`, to before the first such square).
            end = len(path) - 1
            held = [index for index, cell in enumerate(path) if index and cell in mover.passes]
            if held:
                self.roster.watch.consult("pass_through_figures")
                if not self.roster.rules.pass_through_figures:
                    end = held[0] - 1
            while end > 0 and path[end] in mover.passes:
                end -= 1
            if end < len(path) - 1:
                path = path[: end + 1]
                opened = tuple(door for door in opened if door in path)
                spent = min(mover.ap, self.path_cost(grid, mover, path))
            to = path[-1]
            # Doors opened but not yet entered (the last AP opened them) count as progress.
            pending = sum(1 for door in opened if door not in path)
            move = Move(to, path, spent, opened, remaining=max(0, goal_cost - best[to][0] - pending), reached=to in goals)
            key = (move.to, opened)
            if key not in stops or move.path < stops[key].path:
                stops[key] = move

        self.spend(grid, mover, self.toward(preds).following(frozenset(preds.graph.ids(targets))), targets, stop)
        moves = sorted(stops.values(), key=lambda m: (m.path, m.opened))
        closest = min(m.remaining for m in moves)
        return [m for m in moves if m.remaining == closest], goal_cost

    def toward(self, preds: Preds) -> Toward:
        """The cheapest paths of a search toward goal squares (stepgraph.Toward), kept for the turn: the readings
        that keep the search share it."""
        key = id(preds)
        kept = self.shared.toward.get(key)
        if kept is not None and kept.preds is preds:
            return kept
        toward = self.shared.toward[key] = Toward(preds)
        return toward

    def prepare_walks(self, best: Best, preds: Preds, goal_sets: list[set[Cell]]) -> None:
        """Before walking toward each of ``goal_sets`` (the tied heroes' squares): their cheapest paths in one pass."""
        found = [nearest_goals(best, goals) for goals in goal_sets]
        ids = [frozenset(preds.graph.ids(targets)) for targets, _ in filter(None, found)]
        self.toward(preds).prepare(ids)

    def spend(self, grid: Grid, mover: Mover, ahead: Callable[[Cell], list[Cell]], targets: set[Cell], stop: Stop) -> None:
        """Walk the cheapest paths square by square (``ahead(square)``: the next squares on one toward the goal),
        calling ``stop`` wherever the AP (or the path) runs out."""
        layer: dict[tuple[Cell, int, tuple[Cell, ...]], tuple[Cell, ...]] = {(mover.start, 0, ()): (mover.start,)}
        while layer:
            following: dict[tuple[Cell, int, tuple[Cell, ...]], tuple[Cell, ...]] = {}
            for key in sorted(layer):
                cell, spent, opened = key
                path = layer[key]
                nexts = [] if cell in targets or spent >= mover.ap else ahead(cell)
                if not nexts:
                    stop(path, spent, opened)
                    continue
                for nxt in sorted(nexts):
                    step_cost = self.enter_cost(grid, mover, cell, nxt, opened)
                    # A cheapest-path edge can be entered, and opened doors only make entering easier.
                    assert step_cost is not None
                    door, enter = step_cost
                    if nxt in mover.tramples and cell in mover.passes:
                        stop(path, spent, opened)  # the pushed minion would land on another figure
                        continue
                    now_opened = opened
                    now_spent = spent
                    if door:
                        if mover.ap - spent < door:
                            stop(path, spent, opened)
                            continue
                        now_opened = opened + (nxt,)
                        now_spent = spent + door
                    if now_spent + enter <= mover.ap:
                        now_spent += enter
                    elif spent == 0 and not door and self.full_ap(mover):
                        now_spent = mover.ap  # "has all its AP and needs to enter costlier terrain": one square
                    else:
                        stop(path, now_spent, now_opened)
                        continue
                    nkey = (nxt, now_spent, now_opened)
                    candidate = path + (nxt,)
                    if nkey not in following or candidate < following[nkey]:
                        following[nkey] = candidate
            layer = following

    def free_for(self, board: Board, mover: Mover, cell: Cell) -> bool:
        """Whether the mover could end its move on ``cell``."""
        terrain = board.terrain[cell]
        if terrain in BLOCKING_TERRAIN:
            return False
        occupant = board.occupant(cell)
        return occupant is None or occupant == mover.label or cell in mover.tramples

    def possible_for(self, board: Board, mover: Mover, cell: Cell) -> bool:
        """A goal square the mover may head for: free, or held by an enemy expected to move away
        (it walks toward it and stops where it can end)."""
        return self.free_for(board, mover, cell) or cell in mover.passes

    def within_reach(self, mover: Mover, best: Best, preds: Preds, cell: Cell) -> bool:
        """Whether the mover could get to ``cell`` this Move action (its AP, or all of it on one costlier first square)."""
        if cell not in best:
            return False
        if best[cell][0] <= mover.ap:
            return True
        return mover.start in preds.get(cell, ()) and self.full_ap(mover)

    def full_ap(self, mover: Mover) -> bool:
        """Whether it may spend all its AP on one costlier square, where that decides (`full_ap_rule` consulted
        unless its rule says so whatever the reading)."""
        if not mover.enemy.all_ap_as_written:
            self.roster.watch.consult("full_ap_rule")
        return mover.full_ap_rule

    def unit(self, mover: Mover, count: int = 2) -> str:
        return ("square" if count == 1 else "squares") if mover.ignores_terrain else "AP"

    def next_squares(self, board: Board, mover: Mover, move: Move) -> list[Cell]:
        """Squares one step past the end of the move (to say why it stopped)."""
        return [c for c in self.steps(board, move.to) if c not in move.path]

    def path_cost(self, grid: Grid, mover: Mover, path: Sequence[Cell]) -> int:
        total = 0
        for a, b in zip(path, path[1:]):
            cost = self.enter_cost(grid, mover, a, b)
            if cost is None:  # a trampled or passed square: entering it costs its terrain
                cost = (0, 1)
            total += cost[0] + cost[1]
        return total


def nearest_goals(best: Best, goals: set[Cell]) -> tuple[set[Cell], int] | None:
    """The reachable goal squares cheapest to reach, and their cost (None: no goal is reachable)."""
    costs = [(best[g][0], g) for g in goals if g in best]
    if not costs:
        return None
    goal_cost = min(costs)[0]
    return {g for cost, g in costs if cost == goal_cost}, goal_cost
