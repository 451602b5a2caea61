"""The `Game` interface every game implements: what the registry lists and the phase runner drives.

A game is one package under ``enemy_move/games/`` whose ``__init__`` defines
``GAME = Game(...)``. That module stays light: the scenario model and the
rules are named by typed references (``Ref("package.module:attribute")``)
imported on first use, so that listing the games (``--help``, ``rulesets``)
imports no game's rules. A reference that names nothing fails loudly: a
:class:`RegistrationError` naming the game and the field, at first use, and
for every field of every registered game in the tests (``Game.check``).

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
import sys
from collections.abc import Callable, Iterator, Sequence
from contextlib import contextmanager
from contextvars import ContextVar
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any, Generic, Literal, Protocol, TypeVar

from .look import GRID_LOOK, BoardLook, FigureFacts

__all__ = [
    "GRID_LOOK",
    "BoardLook",
    "FigureFacts",
    "Game",
    "Importer",
    "NextActor",
    "Play",
    "Ref",
    "RegistrationError",
    "UsageError",
    "in_order",
    "reasons_read",
    "reasons_will_be_read",
]

if TYPE_CHECKING:
    from .errors import ScenarioError
    from .loader import SourceMap
    from .models import Scenario
    from .models.common import ScenarioBase
    from .result import BoardState, Option, Step, Turn

BoardKind = Literal["hex", "square", "areas"]

#: Reasoning step ids the core itself records, whatever the game (``--why-not`` answers).
CORE_STEP_IDS: tuple[str, ...] = ("why-not",)

T = TypeVar("T")


class RegistrationError(Exception):
    """A game's entry names something that does not exist (a typo in a reference): a bug, reported whole."""


class Ref(Generic[T]):
    """A typed, lazy reference to ``"package.module:attribute"``: imported on first use (start-up stays light).

    Its text is checked when written (one ``:``, dotted names); what it names is
    checked when loaded: a missing module or attribute is a :class:`RegistrationError`
    naming the game and the field, never a game that silently has no rules."""

    __slots__ = ("attribute", "module")

    def __init__(self, target: str) -> None:
        module, colon, attribute = target.partition(":")
        if not colon or not attribute.isidentifier() or not all(part.isidentifier() for part in module.split(".")):
            raise RegistrationError(f"Ref({target!r}): not 'package.module:attribute'")
        self.module = module
        self.attribute = attribute

    def __repr__(self) -> str:
        return f"Ref('{self.module}:{self.attribute}')"

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Ref) and (self.module, self.attribute) == (other.module, other.attribute)

    def __hash__(self) -> int:
        return hash((self.module, self.attribute))

    def load(self, where: str) -> T:
        """The object named (its module imported now); ``where`` names the game and field in the error."""
        # Asked several times a turn: a module imported already is taken from sys.modules, as import_module's own
        # first test takes it (one being imported still goes through import_module, which waits for it).
        module = sys.modules.get(self.module)
        if module is None or getattr(getattr(module, "__spec__", None), "_initializing", False):
            try:
                module = importlib.import_module(self.module)
            except ModuleNotFoundError as error:
                if error.name is None or not (self.module + ".").startswith(error.name + "."):
                    raise  # a module the named one imports is missing: a real error of its own
                raise RegistrationError(f"{where}={self.module}:{self.attribute}: no module named {error.name!r}") from None
        try:
            target: T = getattr(module, self.attribute)
        except AttributeError:
            raise RegistrationError(f"{where}={self.module}:{self.attribute}: module {self.module!r} has no {self.attribute!r}") from None
        return target


@dataclass(frozen=True)
class Importer:
    """``enemy-move import NAME LINK``: a game's reader of another tool's boards.

    ``read(link) -> scenario text`` raises ``ValueError`` with a one-line message for a bad link."""

    name: str
    help: str
    read: Ref[Callable[[str], str]]
    argument_help: str = "The link or code to import."

    def run(self, link: str) -> str:
        return self.read.load(f"importer {self.name!r}, read")(link)


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


#: The Game fields that are references, and whether each may be left out (None).
_REFERENCES = {
    "model": False,
    "play": False,
    "board_parser": True,
    "board_mistake": True,
    "variant_type": True,
    "figure_facts": True,
    "step_sources": True,
    "sight_lines": True,
    "editor_new_figure": True,
    "editor_cast": True,
    "editor_area_facts": True,
    "editor_mark": True,
}


@dataclass(frozen=True)
class Game:
    """A ruleset: what ``enemy-move rulesets`` shows, and ``play``, which sets up one scenario.

    ``play(scenario, variant)`` validates what only the game can check, builds
    the board and returns the :class:`Play` the runner drives (usually the
    game's Play class itself). Every reference is a :class:`Ref`; what it
    names is imported on first use."""

    name: str
    summary: str
    #: variant name -> description
    variants: dict[str, str]
    default_variant: str
    #: How its boards are drawn: hex or square grids, or area maps.
    board: BoardKind
    #: The pydantic scenario model (a ScenarioBase subclass).
    model: Ref[type[ScenarioBase]]
    #: The game's Play: ``Play(scenario, variant)``.
    play: Ref[Callable[[Scenario, Any], Play]]
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
    #: ``function(scenario)``: the game's board from a validated scenario, run once when the file is loaded
    #: (``Scenario.board``); errors are located ScenarioErrors. None: the game's Play builds it.
    board_parser: Ref[Callable[[Scenario], Any]] | None = None
    #: ``function(data, source)``: the first mistake of the board's own text (the map, the links) read from the file's
    #: values as written, before validation, or None (a file the schema refuses: the earlier of the two is reported,
    #: models.validate_document); only mistakes the board parser would report there, with its words. None: none read.
    board_mistake: Ref[Callable[[Any, SourceMap], ScenarioError | None]] | None = None
    #: ``enemy-move import`` readers of other tools' boards.
    importers: tuple[Importer, ...] = ()
    #: ``variant_type(name)`` is the typed variant the Play receives; None: the variant's name.
    variant_type: Ref[Callable[[str], Any]] | None = None
    #: ``function(scenario) -> {label: FigureFacts}`` (name, side and its colour, elite, initiative) for
    #: pictures; None: figures are drawn by label only.
    figure_facts: Ref[Callable[[Scenario], dict[str, FigureFacts]]] | None = None
    #: ``function(step_id, variant, data) -> str``, where the rule of a reasoning step is written (rulebook
    #: page, FAQ section, rules-text paragraph); the phase runner gives it to every step the game recorded
    #: without one. None: steps carry no source.
    step_sources: Ref[Callable[[str, str, dict[str, Any]], str]] | None = None
    #: ``function(scenario, variant, board, cell) -> [SightLine]``: the sight line from ``cell`` to each figure, as
    #: the game's own sight rules see it (``resolve --sight-from``; ValueError: no hex to see from). None: not offered.
    sight_lines: Ref[Callable[[Scenario, str, Any, Any], list[Any]]] | None = None

    # What the scenario editor (enemy_move/document/) needs to know of the game's files:
    #: Attributes of a figure created for a new label, by the label's case: "upper", "lower" or "digit".
    new_figure: dict[str, dict[str, Any]] = field(default_factory=dict)
    #: The map symbol that walls a new room ("" where the game has no walls: the room is open ground).
    wall_symbol: str = "#"
    #: The figure attribute that mirrors the figure's place in one of the game's board-state sets ("" when the game
    #: has none): dropped from the next round's file when the phase takes the figure out of that set.
    state_flag: str = ""
    # What the board editor (enemy_move/editor/) needs: how a typed label becomes a figure, names to suggest,
    # and the yes/no attribute Ctrl+E toggles (elite...; "" when the game has none).
    #: ``function(label, hero, last, same_side) -> attributes`` of a new figure.
    editor_new_figure: Ref[Callable[[str, bool, dict[str, Any], list[dict[str, Any]]], dict[str, Any]]] | None = None
    #: A tuple of figure names offered while typing a name.
    editor_cast: Ref[tuple[str, ...]] | None = None
    editor_flag: str = ""
    #: Area boards: the attributes of an area the editors add (`+`, the page's "Add area").
    editor_new_area: dict[str, Any] = field(default_factory=dict)
    #: Area boards: ``function(area) -> str``, what the editor's list of areas shows of one after its name.
    editor_area_facts: Ref[Callable[[Any], str]] | None = None
    #: ``function(figure) -> dotted key or None``: where the figure's mark is written (the editor's Ctrl+G puts
    #: the cursor there); None: the game has no marks.
    editor_mark: Ref[Callable[[Any], str | None]] | None = None

    def __post_init__(self) -> None:
        # Cheap checks of the entry itself (no import): a mistake fails when the game's package is imported.
        if self.default_variant not in self.variants:
            raise RegistrationError(f"game {self.name!r}: default_variant {self.default_variant!r} is not one of its variants")
        if self.board not in ("hex", "square", "areas"):
            raise RegistrationError(f"game {self.name!r}: board {self.board!r} is not hex, square or areas")
        for name, optional in _REFERENCES.items():
            value = getattr(self, name)
            if not isinstance(value, Ref) and not (optional and value is None):
                raise RegistrationError(f"game {self.name!r}: {name} must be a Ref('package.module:attribute'), not {value!r}")

    def _load(self, name: str) -> Any:
        """What the reference in field ``name`` names (a RegistrationError names this game and the field)."""
        return getattr(self, name).load(f"game {self.name!r}, {name}")

    def check(self) -> None:
        """Import everything the entry names and check its kind: a typo fails here, naming the game and the field.

        Run over every registered game by the tests (and by ``registry.register_game``), never at start-up."""
        for name in _REFERENCES:
            if getattr(self, name) is None:
                continue
            target = self._load(name)
            wanted = tuple if name == "editor_cast" else type if name == "model" else None
            if (wanted is not None and not isinstance(target, wanted)) or (wanted is None and not callable(target)):
                raise RegistrationError(f"game {self.name!r}, {name}: {target!r} is not {'a ' + wanted.__name__ if wanted else 'callable'}")
        for importer in self.importers:
            if not callable(importer.read.load(f"game {self.name!r}, importer {importer.name!r}")):
                raise RegistrationError(f"game {self.name!r}, importer {importer.name!r}: read is not callable")

    def source_of(self, step: str, variant: str, data: dict[str, Any] | None = None) -> str:
        """Where the rule of reasoning step ``step`` is written, for ``variant`` ("" when the game does not say)."""
        if self.step_sources is None:
            return ""
        source: str = self._load("step_sources")(step, variant, data or {})
        return source

    def lines_of_sight(self, scenario: Scenario, variant: str, board: Any, at: Any) -> list[Any] | None:
        """The game's sight lines from ``at`` on ``board`` (``sight_lines``), or None when the game offers none."""
        if self.sight_lines is None:
            return None
        lines: list[Any] = self._load("sight_lines")(scenario, variant, board, at)
        return lines

    def facts_of(self, scenario: Scenario) -> dict[str, FigureFacts]:
        """Each figure's facts for pictures (``figure_facts``), or none."""
        if self.figure_facts is None:
            return {}
        facts: dict[str, FigureFacts] = self._load("figure_facts")(scenario)
        return facts

    def known_step_ids(self) -> frozenset[str]:
        """The ids a Result of this game may hold: the game's own and the core's."""
        return frozenset(self.step_ids) | frozenset(CORE_STEP_IDS)

    def scenario_model(self) -> type[ScenarioBase]:
        """The scenario model (imported on first use)."""
        model: type[ScenarioBase] = self._load("model")
        return model

    def load_rules(self) -> None:
        """Import the game's Play module and the rules behind it now (start-up: before the collector is on again)."""
        self._load("play")

    def typed_variant(self, name: str) -> Any:
        """The variant the Play receives: the game's typed object for ``name``, or ``name`` itself."""
        if self.variant_type is None:
            return name
        return self._load("variant_type")(name)

    def setup(self, scenario: Scenario, variant: str) -> Play:
        play: Play = self._load("play")(scenario, self.typed_variant(variant))
        return play

    def board_mistake_in(self, data: Any, source: SourceMap) -> ScenarioError | None:
        """The first mistake of the board's text in a file the schema refused (``board_mistake``), or None."""
        if self.board_mistake is None:
            return None
        found: ScenarioError | None = self._load("board_mistake")(data, source)
        return found

    def parse_board(self, scenario: Scenario) -> Any:
        """The game's board of a validated scenario (None when the game's Play builds it itself)."""
        if self.board_parser is None:
            return None
        return self._load("board_parser")(scenario)

    def new_editor_figure(self, label: str, hero: bool, last: dict[str, Any], same_side: list[dict[str, Any]]) -> dict[str, Any]:
        """The attributes of a figure typed on the board editor (empty when the game does not say)."""
        if self.editor_new_figure is None:
            return {}
        figure: dict[str, Any] = self._load("editor_new_figure")(label, hero, last, same_side)
        return figure

    def area_facts(self, area: Any) -> str:
        """What the editor's list of areas shows of ``area`` (its attributes as written) after its name."""
        if self.editor_area_facts is None:
            return ""
        facts: str = self._load("editor_area_facts")(area)
        return facts

    def mark_key(self, figure: Any) -> str | None:
        """The dotted key of ``figure``'s mark (its attributes as written); None: it has none, or the game has no marks."""
        if self.editor_mark is None:
            return None
        key: str | None = self._load("editor_mark")(figure)
        return key

    def cast(self) -> list[str]:
        """Figure names the board editor offers while typing a name."""
        return [] if self.editor_cast is None else list(self._load("editor_cast"))


def in_order(waiting: Sequence[str]) -> NextActor:
    """``next_actor`` for games whose activation order is fixed before the phase:
    ``waiting`` keeps the order of ``acting_side()``."""
    return NextActor(waiting[0])


#: Whether the answer being resolved will have its rule-outs read (``--why-not``: every turn's ``ruled_out``).
_REASONS_READ: ContextVar[bool] = ContextVar("reasons_read", default=False)


def reasons_will_be_read() -> bool:
    """Whether every turn's rule-outs will be read (:func:`reasons_read`): a game that works them out only when read
    (``RuledOutMap.later``, a second resolution of the turn) may then work them out with the turn instead."""
    return _REASONS_READ.get()


@contextmanager
def reasons_read(read: bool = True) -> Iterator[None]:
    """While a phase is resolved for a view that reads every turn's rule-outs (the phase runner's ``reasons``)."""
    token = _REASONS_READ.set(read)
    try:
        yield
    finally:
        _REASONS_READ.reset(token)
