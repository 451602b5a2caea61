"""How the acting figure moves: one class per way of moving (walking with icy slides, jumping, flying,
teleporting), each with its own searches on the board facts they share (:class:`Mover`)."""

from __future__ import annotations

from ...geometry import cellgraph, hexgrid
from ...geometry.cellgraph import UNREACHED
from .board import NOT_A_STEP, Cell, Cost, Reach, View
from .model import GloomhavenAction
from .sliding import Slides, WalkStep, slides
from .walking import MASK, TerrainArrays, Walking, terrain_arrays, unpack, walking_for


def mover_for(view: View, action: GloomhavenAction) -> Mover:
    """The way the acting figure moves this turn."""
    # Teleport is not movement (FH p.24): it ignores everything between start and end, so it wins
    # over flying; flying still sets where it may end.
    if action.teleport:
        return Teleport(view)
    if view.flying:
        return Fly(view)
    if action.jump:
        return Jump(view)
    return Walk(view)


class Mover:
    """A way of moving over one acting figure's board: the facts every way shares, and the searches
    each way gives (:class:`Walk`, :class:`Jump`, :class:`Fly`, :class:`Teleport`)."""

    #: Walking: obstacles and enemies stop it, difficult terrain costs 2 a hex (else only walls matter).
    walks = False
    #: Whether the hexes between start and end matter (not for a teleport: it never goes around anything).
    crosses_hexes = True
    #: What difficult terrain does to this way of moving, in a reason's words.
    difficult_note = "landing on difficult terrain costs 1 more"

    def __init__(self, view: View):
        self.view = view
        self.graph = cellgraph.grid_graph(view.grid)
        self._terrain: TerrainArrays | None = None

    def landing_cost(self, cell: Cell) -> Cost:
        """Extra cost paid in the last hex of a jump, flight or teleport: (negative hexes, points)."""
        return (self.view.negative(cell), 0)

    def costs_from(self, start: Cell) -> dict[Cell, Cost]:
        """Cheapest (negatives, movement points) to every cell, infinite movement."""
        raise NotImplementedError

    def reach_this_turn(self, points: int) -> Reach:
        """Cells reachable with ``points`` movement points: cheapest cost and one path."""
        raise NotImplementedError

    def costs_to(self, target: Cell) -> dict[Cell, Cost]:
        """Cheapest (negatives, points) from every cell to ``target`` (infinite movement)."""
        raise NotImplementedError

    def plain_points(self, costs: dict[Cell, Cost]) -> dict[Cell, tuple[int, int]] | None:
        """(movement points, extra points paid for difficult terrain) of the cheapest way in points alone
        to each cell of ``costs`` (this way's costs from the start); None: ``costs``' points, none extra."""
        start = self.view.start
        return {cell: (cost[1], self.landing_cost(cell)[1] if cell != start else 0) for cell, cost in costs.items()}

    # --- board facts (on cell ids: geometry/cellgraph.py) ------------------------
    def _arrays(self) -> TerrainArrays:
        if self._terrain is None:
            view = self.view
            self._terrain = terrain_arrays(self.graph, view.grid.terrain, (view.moves_on, view.unaffected_by_traps), view.terrain)
        return self._terrain

    def difficult_terrain(self) -> bool:
        """Some hex of the map is difficult terrain."""
        return self._arrays().difficult

    def walls_and_obstacles(self) -> tuple[bool, bool]:
        """Whether the map has walls (or doors), and obstacles, as this figure sees it."""
        arrays = self._arrays()
        return arrays.walls, arrays.obstacles


class _OverFreeHexes(Mover):
    """Jumping and flying: any neighbour that is not a wall is a step; only the landing hex costs more."""

    def _free_bfs(self, start: Cell) -> tuple[list[int], list[int], list[int]]:
        return cellgraph.bfs(self.graph, self.graph.index[start], self._arrays().free)

    def costs_from(self, start: Cell) -> dict[Cell, Cost]:
        steps, _, order = self._free_bfs(start)
        cells = self.graph.cells
        result = {}
        for node in order:
            cell = cells[node]
            extra = self.landing_cost(cell) if cell != start else (0, 0)
            result[cell] = (extra[0], steps[node] + extra[1])
        return result

    def reach_this_turn(self, points: int) -> Reach:
        start = self.view.start
        if points <= 0:
            return {start: ((0, 0), (start,))}
        steps, parent, order = self._free_bfs(start)
        cells = self.graph.cells
        reach = {}
        for node in order:
            cell = cells[node]
            extra = self.landing_cost(cell) if cell != start else (0, 0)
            cost = (extra[0], steps[node] + extra[1])
            if cost[1] <= points:
                reach[cell] = (cost, tuple(cells[i] for i in cellgraph.unwind(parent, node)))
        return reach

    def costs_to(self, target: Cell) -> dict[Cell, Cost]:
        extra = self.landing_cost(target)
        steps, _, order = self._free_bfs(target)
        cells = self.graph.cells
        return {cells[i]: (extra[0], steps[i] + extra[1]) if cells[i] != target else (0, 0) for i in order}


class Jump(_OverFreeHexes):
    """A jump: over everything but walls; the landing hex's trap or hazard counts, and difficult
    terrain there costs 1 more where the variant says so."""

    def landing_cost(self, cell: Cell) -> Cost:
        view = self.view
        extra = 1 if view.rules.jump_pays_difficult_last_hex and view.terrain(cell) == "difficult" else 0
        return (view.negative(cell), extra)


class Fly(_OverFreeHexes):
    """Flying: over everything but walls, never affected by traps or hazardous terrain (GH p.19)."""

    def landing_cost(self, cell: Cell) -> Cost:
        return (0, 0)


class Teleport(Mover):
    """A teleport: not movement (FH p.24), straight to any hex within range; only the landing hex counts."""

    crosses_hexes = False

    def costs_from(self, start: Cell) -> dict[Cell, Cost]:
        view = self.view
        return {
            c: (view.negative(c) if c != start else 0, hexgrid.distance(start, c))
            for c in view.grid.terrain
            if view.terrain(c) not in NOT_A_STEP
        }

    def reach_this_turn(self, points: int) -> Reach:
        view = self.view
        start = view.start
        if points <= 0:
            return {start: ((0, 0), (start,))}
        return {
            # Staying where it stands enters no hex: a trap under it is not counted again.
            c: ((view.negative(c) if c != start else 0, hexgrid.distance(start, c)), (start, c) if c != start else (start,))
            for c in view.grid.terrain
            if hexgrid.distance(start, c) <= points and view.terrain(c) not in NOT_A_STEP
        }

    def costs_to(self, target: Cell) -> dict[Cell, Cost]:
        view = self.view
        return {c: (view.negative(target) if c != target else 0, hexgrid.distance(c, target)) for c in view.grid.terrain}


class Walk(Mover):
    """A normal move: around obstacles and enemies, difficult terrain 2 points a hex, icy hexes sliding
    the figure on (where the variant has them)."""

    walks = True
    difficult_note = "difficult terrain costs 2"

    def __init__(self, view: View):
        super().__init__(view)
        self._reversed: list[list[tuple[int, int]]] | None = None
        self._slides: Slides | None = None
        self._walking: Walking | None = None

    def walk_steps(self, cell: Cell) -> list[WalkStep]:
        """A walking step from ``cell``: (landing cell, cells entered, step cost), icy slides included."""
        return self._all_steps().steps[self.graph.index[cell]]

    def _all_steps(self) -> Slides:
        # The board does not change during a turn: every hex's steps are worked out once, together
        # (the searches ask for them many times; each search of the turn asks for nearly every hex's).
        if self._slides is None:
            self._slides = slides(self.graph, self.view)
        return self._slides

    def walking(self) -> Walking | None:
        """The shared searches of walking on this board (None: icy slides make steps one-way and
        depend on who stands where, so they are searched per turn)."""
        if self.view.rules.icy_slides and self._arrays().icy:
            return None
        if self._walking is None:
            index = self.graph.index
            self._walking = walking_for(self.graph, self._arrays(), sorted(index[c] for c in self.view.blocking_cells if c in index))
        return self._walking

    def id_steps(self, node: int) -> list[tuple[int, int]]:
        """Walking steps from a cell id: (landing id, packed step cost)."""
        walking = self.walking()
        if walking is not None:
            return walking.steps(node)
        return self._all_steps().by_id[node]

    def costs_from(self, start: Cell) -> dict[Cell, Cost]:
        walking = self.walking()
        if walking is not None:
            return walking.costs_from(start)
        graph = self.graph
        best, _ = cellgraph.dijkstra_edges(graph, [graph.index[start]], self._all_steps().by_id)
        return {graph.cells[i]: unpack(cost) for i, cost in enumerate(best) if cost != UNREACHED}

    def reach_this_turn(self, points: int) -> Reach:
        start = self.view.start
        if points <= 0:
            return {start: ((0, 0), (start,))}
        walking = self.walking()
        if walking is None:
            return self._walk_reach(points)
        return walking.kept_reach((start, points), lambda: self._walk_reach(points))

    def _walk_reach(self, points: int) -> Reach:
        walking = self.walking()
        if walking is not None and walking.uniform is not None and walking.uniform & MASK:
            return self._uniform_reach(points, walking)
        return self.walk_reach_by_states(points)

    def walk_reach_by_states(self, points: int) -> Reach:
        """:meth:`reach_this_turn` by the search over (cell, points spent) states.

        Movement points are a hard budget, negatives are minimised (cellgraph.dijkstra_budget), so a
        cheap-but-trapped route is not lost behind a safe-but-long one."""
        graph = self.graph
        width = points + 1
        best, preds = cellgraph.dijkstra_budget(len(graph), graph.index[self.view.start], points, self.id_steps, MASK)
        reach: Reach = {}
        paths: dict[int, tuple[Cell, ...]] = {}
        for state in sorted(best, key=lambda s: (best[s], s)):
            cell = graph.cells[state // width]
            if cell not in reach:
                reach[cell] = (unpack(best[state]), self._path(preds, state, width, paths))
        return reach

    def _uniform_reach(self, points: int, walking: Walking) -> Reach:
        """The state search's answer when every step costs the same (no negative or difficult hex in
        the way): step counts, breadth-first. Its cheapest state of a hex is the one with the fewest
        steps, and that state's smallest predecessor is the smallest neighbour one step closer; hexes
        come cheapest first, then in cell order, as the state search lists them."""
        step = walking.uniform
        assert step is not None
        graph = self.graph
        cells = graph.cells
        start = graph.index[self.view.start]
        steps = cellgraph.layers(graph, (start,), walking.enter, points // (step & MASK))
        paths: dict[int, tuple[Cell, ...]] = {start: (cells[start],)}
        reach: Reach = {}
        neighbours = graph.neighbours
        for node in sorted(steps, key=lambda n: (steps[n], n)):
            count = steps[node]
            if node != start:
                before = min(n for n in neighbours[node] if steps.get(n) == count - 1)
                paths[node] = paths[before] + (cells[node],)
            reach[cells[node]] = (unpack(step * count), paths[node])
        return reach

    def _path(self, preds: dict[int, list[int]], state: int, width: int, paths: dict[int, tuple[Cell, ...]]) -> tuple[Cell, ...]:
        """The hexes entered on the way to ``state`` (icy slides included) along cellgraph.one_path's
        walk (smallest predecessor first); walks share their beginnings, so each is extended once."""
        cells = self.graph.cells
        chain = [state]
        while chain[-1] not in paths and preds[chain[-1]]:
            chain.append(min(preds[chain[-1]]))  # every step spends points: no cycle
        if chain[-1] not in paths:
            paths[chain[-1]] = (self.view.start,)
        slides = self.walking() is None
        for earlier, later in zip(reversed(chain), list(reversed(chain))[1:]):
            land = cells[later // width]
            if slides:
                entered = next(entered for end, entered, _ in self.walk_steps(cells[earlier // width]) if end == land)
            else:
                entered = (land,)
            paths[later] = paths[earlier] + entered
        return paths[state]

    def costs_to(self, target: Cell) -> dict[Cell, Cost]:
        walking = self.walking()
        if walking is not None:
            # Walking without ice is reversible: search backwards from the target.
            return walking.costs_to(target)
        # Icy walking: slides make steps one-way, so search backwards over the reversed steps
        # (one search per destination instead of one per reachable hex).
        graph = self.graph
        best, _ = cellgraph.dijkstra_edges(graph, [graph.index[target]], self._steps_into())
        return {graph.cells[i]: unpack(cost) for i, cost in enumerate(best) if cost != UNREACHED}

    def plain_points(self, costs: dict[Cell, Cost]) -> dict[Cell, tuple[int, int]] | None:
        # The focus search minimises negative hexes first, so its points can be more than needed:
        # walking needs this one extra search per turn (not per hex).
        if not self.difficult_terrain() and not any(cost[0] for cost in costs.values()):
            # No negative hex can be reached and none costs 2: the focus search's points are the fewest.
            return None
        return self.fewest_points()

    def fewest_points(self) -> dict[Cell, tuple[int, int]]:
        """(movement points, difficult hexes entered) of the cheapest way in points alone.

        One integer search: points first, then fewest difficult hexes (weight below one point)."""
        view = self.view
        weight = len(view.grid.terrain) + 1
        walking = self.walking()
        if walking is not None:
            return walking.fewest_points(view.start, weight)
        graph = self.graph
        edges = [[(land, (cost & MASK) * weight + (cost & MASK) - 1) for land, cost in self.id_steps(i)] for i in range(len(graph))]
        best, _ = cellgraph.dijkstra_edges(graph, [graph.index[view.start]], edges)
        return {graph.cells[i]: divmod(cost, weight) for i, cost in enumerate(best) if cost != UNREACHED}

    def _steps_into(self) -> list[list[tuple[int, int]]]:
        """For each cell id, the walking steps (slides included) that end there: (from, packed cost)."""
        if self._reversed is None:
            found = self._all_steps()
            self._reversed = [[] for _ in range(len(self.graph))]
            for node, (enterable, steps) in enumerate(zip(found.enterable, found.by_id)):
                if enterable:
                    for land, cost in steps:
                        self._reversed[land].append((node, cost))
        return self._reversed
