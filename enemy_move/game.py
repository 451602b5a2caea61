"""The `Game` interface every game implements: what the registry lists and the phase runner drives.

A game is one package under ``enemy_move/games/`` whose ``__init__`` defines
``GAME = Game(...)``. That module stays light: the scenario model and the
rules are named as ``"module:attribute"`` strings and imported on first use,
so that listing the games (``--help``, ``rulesets``) imports no game's rules.

``GAME.setup(scenario, variant)`` returns a :class:`Play`: the board before
the phase, who acts, and the operations the runner (:mod:`enemy_move.phase`)
calls, and nothing else:

* ``next_actor(board, waiting, prefer)``: who acts next on the board as it
  stands (a game may recompute the order after every move);
* ``turn(board, actor)``: one figure's turn, every option with its effects;
* ``apply(board, option)``: the board once that option was followed, worked
  out from ``option.effects`` only.
"""

from __future__ import annotations

import importlib
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any, Literal, Protocol

from .look import GRID_LOOK, BoardLook, FigureFacts

__all__ = ["GRID_LOOK", "BoardLook", "FigureFacts", "Game", "Importer", "NextActor", "Play", "UsageError", "in_order", "load_target"]

if TYPE_CHECKING:
    from .models import Scenario
    from .models.common import ScenarioBase
    from .result import BoardState, Option, Step, Turn

BoardKind = Literal["hex", "square", "areas"]

#: Reasoning step ids the core itself records, whatever the game (``--why-not`` answers).
CORE_STEP_IDS: tuple[str, ...] = ("why-not",)


@dataclass(frozen=True)
class Importer:
    """``enemy-move import NAME LINK``: a game's reader of another tool's boards.

    ``read`` is ``"module:function"``: ``function(link) -> scenario text``;
    it raises ``ValueError`` with a one-line message for a bad link."""

    name: str
    help: str
    read: str
    argument_help: str = "The link or code to import."


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
    #: Every reasoning step id the game records (closed: the phase runner refuses others; docs/output.md lists them).
    step_ids: tuple[str, ...] = ()
    #: Terrain styles, colours and legend words of its boards.
    look: BoardLook = field(default_factory=BoardLook)
    #: "module:function" building the game's board from a validated scenario, run once when the file is loaded
    #: (``Scenario.board``); errors are located ScenarioErrors. Empty: the game's Play builds it.
    board_parser: str = ""
    #: ``enemy-move import`` readers of other tools' boards.
    importers: tuple[Importer, ...] = ()
    #: "module:attribute" of the variant type: ``variant_type(name)`` is the typed variant the Play receives;
    #: empty: the variant's name.
    variant_type: str = ""
    #: "module:function": ``function(scenario) -> {label: FigureFacts}`` (name, side and its colour, elite,
    #: initiative) for pictures; empty: figures are drawn by label only.
    figure_facts: str = ""
    #: "module:function": ``function(step_id, variant, data) -> str``, where the rule of a reasoning step is
    #: written (rulebook page, FAQ section, rules-text paragraph); the phase runner gives it to every step the
    #: game recorded without one. Empty: steps carry no source.
    step_sources: str = ""

    def source_of(self, step: str, variant: str, data: dict[str, Any] | None = None) -> str:
        """Where the rule of reasoning step ``step`` is written, for ``variant`` ("" when the game does not say)."""
        if not self.step_sources:
            return ""
        source: str = load_target(self.step_sources)(step, variant, data or {})
        return source

    def facts_of(self, scenario: Scenario) -> dict[str, FigureFacts]:
        """Each figure's facts for pictures (``figure_facts``), or none."""
        if not self.figure_facts:
            return {}
        facts: dict[str, FigureFacts] = load_target(self.figure_facts)(scenario)
        return facts

    def known_step_ids(self) -> frozenset[str]:
        """The ids a Result of this game may hold: the game's own and the core's."""
        return frozenset(self.step_ids) | frozenset(CORE_STEP_IDS)

    # What the scenario editor (enemy_move/edit/) needs to know of the game's files:
    #: Attributes of a figure created for a new label, by the label's case: "upper", "lower" or "digit".
    new_figure: dict[str, dict[str, Any]] = field(default_factory=dict)
    #: The map symbol that walls a new room ("" where the game has no walls: the room is open ground).
    wall_symbol: str = "#"
    #: The figure attribute that marks a sleeper ("" when the game has none): dropped when the phase wakes it.
    sleep_key: str = ""
    # What the board editor (enemy_move/editor/) needs: how a typed label becomes a figure, names to suggest,
    # and the yes/no attribute Ctrl+E toggles (elite, sleeping...; "" when the game has none).
    #: "module:function": ``function(label, hero, last, same_side) -> attributes`` of a new figure.
    editor_new_figure: str = ""
    #: "module:attribute": a tuple of figure names offered while typing a name.
    editor_cast: str = ""
    editor_flag: str = ""

    def scenario_model(self) -> type[ScenarioBase] | None:
        """The scenario model (imported on first use), or None when its module does not exist yet."""
        model: type[ScenarioBase] | None = load_target(self.model)
        return model

    def has_engine(self) -> bool:
        return load_target(self.play) is not None

    def typed_variant(self, name: str) -> Any:
        """The variant the Play receives: the game's typed object for ``name``, or ``name`` itself."""
        if not self.variant_type:
            return name
        return load_target(self.variant_type)(name)

    def setup(self, scenario: Scenario, variant: str) -> Play:
        play_class = load_target(self.play)
        if play_class is None:
            raise RuntimeError(f"ruleset {self.name!r} has no engine")
        play: Play = play_class(scenario, self.typed_variant(variant))
        return play

    def parse_board(self, scenario: Scenario) -> Any:
        """The game's board of a validated scenario (None when the game's Play builds it itself)."""
        if not self.board_parser:
            return None
        return load_target(self.board_parser)(scenario)


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
