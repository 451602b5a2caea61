"""The scenario as the rules read it: its figures and their types, names, AP and range, the rules' costs and metric."""

from __future__ import annotations

from collections.abc import Callable

from ...geometry import squaregrid
from ...models import Scenario
from ...result import figure_name
from .enemies import TYPES, Enemy, FigureType, enemy
from .model import PerditionsMouthFigure, PerditionsMouthRules, PerditionsMouthScenario
from .terrain import DEFAULT_COSTS, Board, Cell
from .watch import NoWatch, Watch


class Roster:
    """The figures and rules of one scenario (``rules`` may differ from the file's: an open reading tried)."""

    def __init__(self, scenario: Scenario, board: Board, rules: PerditionsMouthRules | None = None):
        self.scenario = scenario
        self.model: PerditionsMouthScenario = scenario.model
        self.rules: PerditionsMouthRules = rules if rules is not None else self.model.rules
        self.figures: dict[str, PerditionsMouthFigure] = self.model.figures
        self.types: dict[str, FigureType] = {label: TYPES[f.kind] for label, f in self.figures.items()}
        self.grid = board
        self.costs = dict(DEFAULT_COSTS) | dict(self.rules.terrain_costs)
        metric = self.rules.range or ("chebyshev" if self.rules.movement == "diagonal" else "manhattan")
        self.metric_name = metric
        self.distance: Callable[[Cell, Cell], int] = squaregrid.chebyshev if metric == "chebyshev" else squaregrid.manhattan
        self.heroes = sorted(label for label, kind in self.types.items() if kind.hero)
        #: What the turn being solved consulted of the readings (watch.py; the engine starts one per turn).
        self.watch: Watch = NoWatch()

    def enemy(self, label: str) -> Enemy:
        return enemy(self.figures[label].kind)

    def who(self, label: str) -> str:
        figure = self.figures[label]
        return figure_name(label, figure.name or self.types[label].name)

    def ap(self, label: str) -> int:
        figure = self.figures[label]
        return figure.ap if figure.ap is not None else self.enemy(label).ap

    def attack_range(self, label: str) -> int:
        figure = self.figures[label]
        return figure.attack_range if figure.attack_range is not None else self.enemy(label).attack_range

    def hero_health(self, hero: str, why: str) -> int:
        health = self.figures[hero].health
        if health is None:
            raise self.scenario.error(("figures", hero), f"hero {hero!r} needs `health:` (remaining health) for {why}", key=True)
        return health
