"""The scenario as the rules read it: its figures (checked), their names, AP and range, the board's steps and sight."""

from __future__ import annotations

from ...geometry import squaregrid
from ...geometry.grid import Grid, parse_grid
from ...geometry.square_sight import SquareSight
from ...models import Scenario
from ...result import figure_name
from .enemies import DEFAULT_AP, DEFAULT_ATTACK_RANGE, TYPE_NAMES
from .model import PerditionsMouthFigure, PerditionsMouthRules, PerditionsMouthScenario
from .stepgraph import StepGraph
from .terrain import ALL_TERRAINS, BLOCKING_TERRAIN, DEFAULT_COSTS, EXTRA_SYMBOLS, Board, Cell


class Figures:
    """The figures and rules of one scenario, and the geometry every enemy type shares."""

    def __init__(self, scenario: Scenario):
        self.scenario = scenario
        self.model: PerditionsMouthScenario = scenario.model
        self.rules: PerditionsMouthRules = self.model.rules
        self.figures: dict[str, PerditionsMouthFigure] = self.model.figures
        self._validate()
        self.costs = dict(DEFAULT_COSTS) | dict(self.rules.terrain_costs)
        metric = self.rules.range or ("chebyshev" if self.rules.movement == "diagonal" else "manhattan")
        self.metric_name = metric
        self.distance = squaregrid.chebyshev if metric == "chebyshev" else squaregrid.manhattan
        cells = {label: f.at for label, f in self.figures.items()}
        passable = set(DEFAULT_COSTS)
        self.grid = parse_grid(
            scenario, "square", extra_symbols=EXTRA_SYMBOLS, terrains=set(ALL_TERRAINS), figure_cells=cells, standable=passable
        )
        self.heroes = sorted(label for label, f in self.figures.items() if f.kind == "hero")
        # (terrain, thin walls, oracle) and (figures, figures per square) of the last board asked about.
        self._sight: tuple[dict[Cell, str], frozenset[frozenset[Cell]], SquareSight] | None = None
        self._figure_cells: tuple[dict[str, Cell], dict[Cell, int]] | None = None
        # (terrain, thin walls, step graph) of the last board searched (movement.Pathing.step_graph).
        self._steps: tuple[dict[Cell, str], frozenset[frozenset[Cell]], StepGraph] | None = None

    # -- validation -------------------------------------------------------------------------------

    def _validate(self) -> None:
        for label in sorted(self.figures):
            figure = self.figures[label]
            if figure.kind == "hero":
                for key in ("sleeping", "ap", "attack_range"):
                    if getattr(figure, key) not in (None, False):
                        raise self.scenario.error(("figures", label, key), f"`{key}` is for enemies; {label!r} is a hero")
            elif figure.health is not None:
                raise self.scenario.error(
                    ("figures", label, "health"), f"`health` is for heroes (the 'weakest' hero); {label!r} is a {TYPE_NAMES[figure.kind]}"
                )
        for key in sorted(self.rules.terrain_costs):
            if key not in DEFAULT_COSTS:
                raise self.scenario.error(
                    ("rules", "terrain_costs", key),
                    f"terrain {key!r} cannot be entered or is unknown; costs apply to: {', '.join(sorted(DEFAULT_COSTS))}",
                    key=True,
                )
        for index, name in enumerate(self.rules.sight_blockers):
            if name not in ALL_TERRAINS:
                raise self.scenario.error(
                    ("rules", "sight_blockers", index), f"unknown terrain {name!r}; known: {', '.join(sorted(ALL_TERRAINS))}"
                )

    # -- names and basic geometry -----------------------------------------------------------------

    def who(self, label: str) -> str:
        figure = self.figures[label]
        return figure_name(label, figure.name or TYPE_NAMES[figure.kind])

    def ap(self, label: str) -> int:
        figure = self.figures[label]
        return figure.ap if figure.ap is not None else DEFAULT_AP[figure.kind]

    def attack_range(self, label: str) -> int:
        figure = self.figures[label]
        return figure.attack_range if figure.attack_range is not None else DEFAULT_ATTACK_RANGE[figure.kind]

    def sight(self, board: Board) -> SquareSight:
        """The board's sight oracle, built once per terrain (a phase's boards share it until a door opens)."""
        cached = self._sight
        if cached is not None and cached[0] is board.terrain and cached[1] is board.thin_walls:
            return cached[2]
        blockers = [cell for cell, terrain in board.terrain.items() if terrain in self.rules.sight_blockers]
        sight = SquareSight(blockers, self.rules.sight, board.thin_walls)
        self._sight = (board.terrain, board.thin_walls, sight)
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
        extra: set[Cell] = set()
        if self.rules.figures_block_sight:
            extra = self.figure_cells(board, ignore)
            if self.rules.corner_wall_and_figure == "see" and abs(a[0] - b[0]) == 1 and abs(a[1] - b[1]) == 1:
                extra = {cell for cell in extra if not self.pinched_by_figure(board, a, b, cell)}
        return self.sight(board).sees(a, b, extra)

    def pinched_by_figure(self, board: Board, a: Cell, b: Cell, cell: Cell) -> bool:
        """``cell`` is a side square of diagonal neighbours a, b whose other side blocks sight by its terrain."""
        sides = ((a[0], b[1]), (b[0], a[1]))
        if cell not in sides:
            return False
        other = sides[1] if cell == sides[0] else sides[0]
        return board.terrain.get(other) in self.rules.sight_blockers

    def steps(self, grid: Grid, cell: Cell) -> list[Cell]:
        """Squares one step away, honouring orthogonal-only movement and corner cutting."""
        result = []
        for nxt in grid.adjacent(cell):
            if squaregrid.is_diagonal(cell, nxt):
                if self.rules.movement == "orthogonal":
                    continue
                if not self.rules.corner_cutting:
                    sides = ((cell[0], nxt[1]), (nxt[0], cell[1]))
                    if any(side not in grid.terrain or grid.terrain[side] in BLOCKING_TERRAIN for side in sides):
                        continue
            result.append(nxt)
        return result

    def in_attack_range(self, board: Board, label: str) -> list[str]:
        """Heroes the enemy could attack from where it stands (range and line of sight)."""
        cell = board.figures[label]
        return [
            hero
            for hero in self.heroes
            if hero in board.figures
            and self.distance(cell, board.figures[hero]) <= self.attack_range(label)
            and self.sees(board, cell, board.figures[hero])
        ]
