"""The board as one acting figure sees it: terrain, who blocks, range counted around walls, sight."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any, cast

from ...errors import ScenarioError
from ...geometry import cellgraph
from ...geometry.grid import Grid, map_mistake, parse_grid
from ...geometry.los import HexSight
from ...loader import SourceMap
from ...models import Scenario
from ...result import Position
from .model import GloomhavenFigure, GloomhavenScenario
from .stats import file_mistakes
from .variants import VariantRules

Cell = tuple[int, int]
Cost = tuple[int, int]  # (negative hexes triggered, movement points)
INFINITE: Cost = (10**9, 10**9)
#: Cells reachable this turn: cheapest cost and one path there (Mover.reach_this_turn).
Reach = dict[Cell, tuple[Cost, tuple[Cell, ...]]]

EXTRA_SYMBOLS = {"+": "door", "_": "water"}  # a closed door: a wall for monsters and summons; water (FH overlay)
BLOCKS_SIGHT = {"wall", "door"}
NOT_A_STEP = {"wall", "door"}  # not entered even by flying or jumping figures
NEGATIVE = {"trap", "hazardous"}


def parse_board(scenario: Scenario) -> Grid:
    """The board of a validated scenario, parsed once while loading (``GAME.board_parser``): every map
    mistake located, then the references between keys the map does not settle (``stats.file_mistakes``), so that
    a file that loads is one the Play can set up. (A summon's owner is checked before, with the model's references.)"""
    model: GloomhavenScenario = scenario.model
    grid = parse_grid(scenario, "hex", extra_symbols=EXTRA_SYMBOLS, figure_cells={label: f.at for label, f in model.figures.items()})
    for where, message in file_mistakes(model, scenario.source):
        raise scenario.error(where, message)
    return grid


def board_mistake(data: Any, source: SourceMap) -> ScenarioError | None:
    """The map's first mistake in a file the schema refused (``Game.board_mistake``)."""
    return map_mistake(data, source, "hex", EXTRA_SYMBOLS)


def side_of(figure: GloomhavenFigure) -> str:
    """ "monsters" or "characters": character summons are on the characters' side, objectives on their `side`."""
    if figure.kind == "objective":
        return figure.side or "characters"
    return "monsters" if figure.kind == "monster" else "characters"


def is_enemy(figure: GloomhavenFigure, actor_is_monster: bool) -> bool:
    """An enemy the actor may focus on and attack: the other side, and not an objective its enemies ignore."""
    if (figure.kind == "objective" and not figure.targetable) or not figure.interactable:
        return False
    return (side_of(figure) == "monsters") != actor_is_monster


class View:
    """Board facts for one acting figure: who blocks, what costs, what is seen."""

    def __init__(self, grid: Grid, figures: dict[str, GloomhavenFigure], actor: str, rules: VariantRules):
        self.grid = grid
        self.figures = figures
        self.actor = actor
        self.rules = rules
        self.start = grid.figures[actor]
        me = figures[actor]
        self.actor_is_monster = me.kind == "monster"
        self.flying = me.flying
        self.enemies = sorted(label for label in grid.figures if label != actor and is_enemy(figures[label], self.actor_is_monster))
        self.allies = sorted(label for label in grid.figures if label != actor and label not in self.enemies)
        self.visible_enemies = [e for e in self.enemies if "invisible" not in figures[e].conditions]
        blocking = set()
        for label in self.enemies:
            if "invisible" in figures[label].conditions and not rules.invisible_blocks_movement:
                continue
            blocking.add(grid.figures[label])
        # Objectives are never walked through, allied or not (FH p.24 Move); a figure that "can't be
        # interacted with" occupies its hex and blocks its enemies (FAQ 5.9).
        blocking.update(cell for label, cell in grid.figures.items() if figures[label].kind == "objective")
        blocking.update(
            cell
            for label, cell in grid.figures.items()
            if label != actor and not figures[label].interactable and side_of(figures[label]) != side_of(me)
        )
        # Not affected by traps or hazardous terrain: flying (GH p.19), or "can't be interacted with" (FAQ 5.9).
        self.unaffected_by_traps = me.flying or not me.interactable
        #: A figure kept to water (FH FAQ 6.0, Lightning Eel): every other hex is an obstacle for it.
        self.moves_on = me.moves_on
        self.blocking_cells = blocking
        self.occupied = {cell for label, cell in grid.figures.items() if label != actor}
        walls = sight_blockers(grid)
        self.sight = HexSight(walls, grid.thin_walls, rules.sight)
        self.range_tables = _range_tables(grid, walls)
        self._proximity = self.range_tables.proximity
        self._endable: frozenset[Cell] | None = None

    # --- terrain -----------------------------------------------------------
    def terrain(self, cell: Cell) -> str:
        terrain = self.grid.terrain.get(cell, "none")
        if self.moves_on is not None and terrain != self.moves_on and terrain not in BLOCKS_SIGHT and terrain != "none":
            return "obstacle"
        return terrain

    def can_end(self, cell: Cell) -> bool:
        terrain = self.terrain(cell)
        if terrain in NOT_A_STEP or terrain == "none":
            return False
        if terrain == "obstacle" and not self.flying:
            return False
        return cell not in self.occupied

    def can_end_or_start(self, cell: Cell) -> bool:
        """Where the figure may be after moving: its own hex counts as free."""
        return cell in self.endable()

    def endable(self) -> frozenset[Cell]:
        """Every hex :meth:`can_end_or_start` allows (worked out once per view, the terrain part once per board)."""
        if self._endable is None:
            standable = _standable(self.grid.terrain, (self.moves_on, self.flying), self.terrain)
            self._endable = (standable - self.occupied) | {self.start}
        return self._endable

    def negative(self, cell: Cell) -> int:
        # Flying figures are never affected by traps or hazardous terrain, whatever
        # their travel (a teleporting flyer may land on a trap like any flyer).
        return 1 if not self.unaffected_by_traps and self.terrain(cell) in NEGATIVE else 0

    # --- range -------------------------------------------------------------
    def proximity(self, source: Cell) -> dict[Cell, int]:
        """Hex counts from ``source``, around walls and thin walls, through everything else."""
        table = self._proximity.get(source)
        if table is None:
            graph = cellgraph.grid_graph(self.grid)
            cells = graph.cells
            reached = cellgraph.layers(graph, (graph.index[source],), self._range_enter(graph), len(cells))
            table = self._proximity[source] = {cells[i]: count for i, count in reached.items()}
        return table

    def _range_enter(self, graph: cellgraph.CellGraph) -> list[int]:
        """Per cell id, whether range counts through the hex (``BLOCKED``: a wall or door), once per wall layout."""
        tables = self.range_tables
        if tables.enter is None:
            terrain = self.grid.terrain
            tables.enter = [cellgraph.BLOCKED if terrain[cell] in BLOCKS_SIGHT else 0 for cell in graph.cells]
        return tables.enter

    def range_between(self, a: Cell, b: Cell) -> int | None:
        return self.proximity(b).get(a)

    def ball(self, sources: list[Cell], radius: int, *, keep: bool = True) -> set[Cell]:
        """Cells within ``radius`` hexes of any source, counted as :meth:`proximity` counts
        (kept per wall layout unless ``keep`` is false: every figure, segment and turn on these walls
        shares it, so it must not be changed)."""
        if not keep:
            return self._ball(sources, radius)
        key = (tuple(sources), radius)
        balls = self.range_tables.balls
        known = balls.get(key)
        if known is None:
            known = balls[key] = self._ball(sources, radius)
            if len(balls) > _BALLS_KEPT:
                balls.pop(next(iter(balls)))
        return known

    def _ball(self, sources: list[Cell], radius: int) -> set[Cell]:
        graph = cellgraph.grid_graph(self.grid)
        cells = graph.cells
        return {cells[i] for i in cellgraph.layers(graph, graph.ids(sources), self._range_enter(graph), radius)}


@dataclass(eq=False)  # compared and hashed by identity: one object per wall layout
class _RangeTables:
    """Range counted around walls, for one wall layout: hex counts from a source, and balls."""

    proximity: dict[Cell, dict[Cell, int]] = field(default_factory=dict)
    #: Per cell id of the board's graph: 0, or ``BLOCKED`` for a wall or door (range counts around it).
    enter: list[int] | None = None
    balls: dict[tuple[tuple[Cell, ...], int], set[Cell]] = field(default_factory=dict)


#: Range tables (hex counts around walls) per wall layout. They depend on the walls
#: and the board's cells only, so every turn of a phase, and every file with the
#: same board, shares them; a few layouts are kept.
_PROXIMITY: dict[tuple[frozenset[Cell], frozenset[frozenset[Cell]], frozenset[Cell]], _RangeTables] = {}
_PROXIMITY_LAYOUTS = 8
_BALLS_KEPT = 512


#: The wall hexes and map hexes of a terrain, by terrain (kept with it: its id stays its own).
_WALLS: dict[int, tuple[dict[Cell, str], frozenset[Cell], frozenset[Cell]]] = {}


def sight_blockers(grid: Grid) -> frozenset[Cell]:
    """The hexes that block sight, worked out once per terrain (a phase's boards share theirs)."""
    return _terrain_facts(grid)[0]


def _terrain_facts(grid: Grid) -> tuple[frozenset[Cell], frozenset[Cell]]:
    known = _WALLS.get(id(grid.terrain))
    if known is None or known[0] is not grid.terrain:
        walls = frozenset(c for c, t in grid.terrain.items() if t in BLOCKS_SIGHT)
        if len(_WALLS) >= _PROXIMITY_LAYOUTS:
            _WALLS.pop(next(iter(_WALLS)))
        known = _WALLS[id(grid.terrain)] = (grid.terrain, walls, frozenset(grid.terrain))
    return known[1], known[2]


def _range_tables(grid: Grid, walls: frozenset[Cell]) -> _RangeTables:
    key = (walls, grid.thin_walls, _terrain_facts(grid)[1])
    tables = _PROXIMITY.get(key)
    if tables is None:
        if len(_PROXIMITY) >= _PROXIMITY_LAYOUTS:
            _PROXIMITY.pop(next(iter(_PROXIMITY)))
        tables = _PROXIMITY[key] = _RangeTables()
    return tables


#: The hexes a kind of figure (kept to a terrain, flying) may stand on, per terrain (kept with it,
#: so its id is not reused while the entry lives).
_STANDABLE: dict[tuple[int, str | None, bool], tuple[object, frozenset[Cell]]] = {}


def _standable(terrain: dict[Cell, str], kind: tuple[str | None, bool], seen: Callable[[Cell], str]) -> frozenset[Cell]:
    key = (id(terrain), kind[0], kind[1])
    known = _STANDABLE.get(key)
    if known is not None and known[0] is terrain:
        return known[1]
    flying = kind[1]
    # A figure kept to no terrain sees the map's own terrain (View.terrain).
    of = terrain.__getitem__ if kind[0] is None else seen
    cells = frozenset(cell for cell in terrain if (t := of(cell)) not in NOT_A_STEP and t != "none" and (t != "obstacle" or flying))
    if len(_STANDABLE) >= _PROXIMITY_LAYOUTS:
        _STANDABLE.pop(next(iter(_STANDABLE)))
    _STANDABLE[key] = (terrain, cells)
    return cells


def hex_of(position: Position) -> Cell:
    """A result position on a Gloomhaven board: always a hex (``Position`` also covers area maps)."""
    return cast(Cell, position)


def hex_path(path: tuple[Position, ...]) -> tuple[Cell, ...]:
    return cast(tuple[Cell, ...], path)


def traps_entered(board: Grid, path: tuple[Cell, ...], leaps: bool) -> tuple[Cell, ...]:
    """The trap hexes a move along ``path`` enters: only its last hex for a jump or a teleport (``leaps``)."""
    entered = path[-1:] if leaps else path[1:]
    return tuple(cell for cell in entered if board.terrain.get(cell) == "trap")


def without_traps(board: Grid, sprung: tuple[Cell, ...]) -> Grid:
    """The board with sprung traps removed (rulebook p.14: a sprung trap leaves the board)."""
    if not sprung:
        return board
    terrain = dict(board.terrain)
    for cell in sprung:
        terrain[cell] = "floor"
    return Grid(board.kind, board.width, board.height, terrain, board.thin_walls, board.figures, board.symbols)
