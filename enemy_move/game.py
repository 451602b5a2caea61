"""The `Game` interface every game implements: what the registry lists and the phase runner drives.

A game is one package under ``enemy_move/games/`` whose ``__init__`` defines
``GAME = Game(...)``. That module stays light: the scenario model and the
rules are named as ``"module:attribute"`` strings and imported on first use,
so that listing the games (``--help``, ``rulesets``) imports no game's rules.

``GAME.setup(scenario, variant)`` returns a :class:`Play`: the board before
the phase, who acts, and the operations the runner (:mod:`enemy_move.phase`)
calls, and nothing else:

* ``next_actor(board, waiting, prefer)``: who acts next on the board as it
  stands (Cloudspire's leading minion is recomputed after every move);
* ``turn(board, actor)``: one figure's turn, every option with its effects;
* ``apply(board, option)``: the board once that option was followed, worked
  out from ``option.effects`` only.
"""

from __future__ import annotations

import importlib
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any, Literal, Protocol

if TYPE_CHECKING:
    from .models import Scenario
    from .models.common import ScenarioBase
    from .result import BoardState, Option, Step, Turn

BoardKind = Literal["hex", "square", "areas"]


class UsageError(Exception):
    """A mistake on the command line (not in the file): reported as ``enemy-move: ...``."""


@dataclass(frozen=True)
class NextActor:
    """Who acts next; ``tied`` are the figures the players may put first instead; ``step`` explains the order."""

    label: str
    tied: tuple[str, ...] = ()
    step: Step | None = None


class Play(Protocol):
    """One scenario being played under one game's rules (what ``Game.setup`` returns)."""

    #: The game's board before the phase (a Grid, an area map...): what renderers draw.
    board: Any
    #: The facts of that board the runner follows from turn to turn.
    state: BoardState
    #: Scenario-level notes shown when the whole phase is played (e.g. the activation order).
    notes: list[str]

    def acting_side(self) -> list[str]:
        """Every figure that acts when the scenario names no ``active`` figure."""
        ...

    def check_actor(self, label: str) -> None:
        """Raise a located ScenarioError when ``label`` cannot be the acting figure."""
        ...

    def next_actor(self, board: Any, waiting: Sequence[str], prefer: Sequence[str]) -> NextActor:
        """The next of ``waiting`` to act; where the players order tied figures, those in ``prefer`` go first."""
        ...

    def turn(self, board: Any, actor: str) -> Turn:
        """One figure's turn on ``board``: focus, every option with its effects, the reasoning."""
        ...

    def apply(self, board: Any, option: Option) -> Any:
        """The board once ``option`` was followed, from ``option.effects`` only."""
        ...


@dataclass(frozen=True)
class Game:
    """A ruleset: what ``enemy-move rulesets`` shows, and ``play``, which sets up one scenario.

    ``play(scenario, variant)`` validates what only the game can check, builds
    the board and returns the :class:`Play` the runner drives (usually the
    game's Play class itself)."""

    name: str
    summary: str
    #: variant name -> description
    variants: dict[str, str]
    default_variant: str
    #: How its boards are drawn: hex or square grids, or area maps.
    board: BoardKind
    #: "module:Class" of the pydantic scenario model.
    model: str
    #: "module:Class" of the game's Play: ``Play(scenario, variant)``; a module not written yet: no engine.
    play: str
    #: scenario keys and `rules.*` switches the game understands -> explanation
    options: dict[str, str] = field(default_factory=dict)
    #: Whether turns have a focus (a target) and options list attacks; renderers hide them otherwise.
    has_focus: bool = True
    has_attacks: bool = True

    #: The commented starter scenario of `enemy-move new` (format keys: modeline, variant).
    starter: str = ""

    # What the scenario editor (enemy_move/edit/) needs to know of the game's files:
    #: Attributes of a figure created for a new label, by the label's case: "upper", "lower" or "digit".
    new_figure: dict[str, dict[str, Any]] = field(default_factory=dict)
    #: The map symbol that walls a new room ("" where the game has no walls: the room is open ground).
    wall_symbol: str = "#"
    #: The figure attribute that marks a sleeper ("" when the game has none): dropped when the phase wakes it.
    sleep_key: str = ""

    def scenario_model(self) -> type[ScenarioBase] | None:
        """The scenario model (imported on first use), or None when its module does not exist yet."""
        model: type[ScenarioBase] | None = load_target(self.model)
        return model

    def has_engine(self) -> bool:
        return load_target(self.play) is not None

    def setup(self, scenario: Scenario, variant: str) -> Play:
        play_class = load_target(self.play)
        if play_class is None:
            raise RuntimeError(f"ruleset {self.name!r} has no engine")
        play: Play = play_class(scenario, variant)
        return play


def in_order(waiting: Sequence[str]) -> NextActor:
    """``next_actor`` for games whose activation order is fixed before the phase:
    ``waiting`` keeps the order of ``acting_side()``."""
    return NextActor(waiting[0])


def load_target(target: str) -> Any:
    """The object a ``"module:attribute"`` string names, imported on first use;
    None when that module does not exist (yet). A module it imports that is
    missing is a real error and propagates."""
    module_name, _, attribute = target.partition(":")
    try:
        module = importlib.import_module(module_name)
    except ModuleNotFoundError as error:
        if error.name != module_name:
            raise
        return None
    return getattr(module, attribute)
