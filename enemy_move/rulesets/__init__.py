"""The `Game` interface every ruleset implements, and the one phase runner that drives it.

A game (one module per ruleset, listed in :mod:`enemy_move.registry`) turns a
validated scenario into a :class:`Play`: the board before the phase, who acts,
and four operations the runner calls -- and nothing else:

* ``next_actor(board, waiting, prefer)``: who acts next on the board as it
  stands (Cloudspire's leading minion is recomputed after every move);
* ``turn(board, actor)``: one figure's turn, every option with its effects;
* ``apply(board, option)``: the board once that option was followed, worked
  out from ``option.effects`` only.

The runner owns ``active``, ``--choose`` (which option the rest of the phase
follows), ``--first`` (who goes first where the rules let the players order
tied figures), the order of turns and the boards after each turn.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Any, Protocol

from ..errors import ScenarioError
from ..models import Scenario
from ..registry import GAMES, game_names, load_target
from ..result import BoardState, Option, Result, Step, Turn, format_position


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
    play: Callable[[Scenario, str], Play]
    #: scenario keys and `rules.*` switches the game understands -> explanation
    options: dict[str, str] = field(default_factory=dict)
    #: Whether turns have a focus (a target) and options list attacks; renderers hide them otherwise.
    has_focus: bool = True
    has_attacks: bool = True

    def setup(self, scenario: Scenario, variant: str) -> Play:
        return self.play(scenario, variant)


def in_order(waiting: Sequence[str]) -> NextActor:
    """``next_actor`` for games whose activation order is fixed before the phase:
    ``waiting`` keeps the order of ``acting_side()``."""
    return NextActor(waiting[0])


def get(name: str) -> Game | None:
    """The engine of ruleset ``name`` (imported on first use), or None when it has none yet."""
    entry = GAMES.get(name)
    if entry is None:
        return None
    game: Game | None = load_target(entry.engine)
    return game


def all_rulesets() -> list[Game]:
    return [game for game in (get(name) for name in game_names()) if game is not None]


def pick_variant(game: Game, scenario: Scenario, variant: str | None) -> str:
    chosen = variant or scenario.model.variant or game.default_variant
    if chosen not in game.variants:
        message = f"unknown variant {chosen!r} for ruleset {game.name!r}; known: {', '.join(game.variants)}"
        if variant:
            raise UsageError(f"--variant: {message}")
        raise scenario.error(("variant",), message)
    return chosen


def resolve(
    scenario: Scenario,
    variant: str | None = None,
    choices: dict[str, int] | None = None,
    first: Sequence[str] = (),
) -> Result:
    """Play the scenario: the ``active`` figure's turn, or the whole phase of the acting side.

    ``choices`` maps a label to the option its turn follows (``--choose``, default 0);
    ``first`` names figures that go first where the rules let the players order tied figures.
    """
    game = get(scenario.ruleset)
    if game is None:
        raise scenario.error(("ruleset",), f"ruleset {scenario.ruleset!r} has no engine yet")
    chosen_variant = pick_variant(game, scenario, variant)
    try:
        return _run(game, scenario, chosen_variant, dict(choices or {}), tuple(first))
    except RecursionError:
        raise ScenarioError(scenario.path, 1, 1, "the scenario is too complex to resolve (recursion limit)") from None


def _run(game: Game, scenario: Scenario, variant: str, choices: dict[str, int], first: tuple[str, ...]) -> Result:
    play = game.setup(scenario, variant)
    active = scenario.model.active
    if active is not None:
        play.check_actor(active)
        actors = [active]
    else:
        actors = play.acting_side()
    _check_labels("--choose", sorted(choices), actors)
    _check_labels("--first", first, actors)
    whole_phase = len(actors) > 1
    result = Result(
        scenario=scenario.path,
        ruleset=game.name,
        variant=variant,
        title=scenario.model.title,
        description=scenario.model.description,
        board=play.board,
        initial=play.state,
        notes=list(play.notes) if whole_phase else [],
        has_focus=game.has_focus,
        has_attacks=game.has_attacks,
    )
    board, state = play.board, play.state
    waiting = list(actors)
    while waiting:
        following = play.next_actor(board, waiting, first) if whole_phase else NextActor(waiting[0])
        turn = play.turn(board, following.label)
        if following.step is not None:
            turn.reasoning.insert(0, following.step)
        option = _follow(turn, choices, result, last=len(waiting) == 1)
        if option is not None:
            board = play.apply(board, option)
            state = state.after(option.effects)
        turn.board_after = state
        result.turns.append(turn)
        result.boards_after.append(board)
        waiting.remove(following.label)
    return result


def _check_labels(flag: str, labels: Sequence[str], actors: list[str]) -> None:
    for label in labels:
        if label not in actors:
            raise UsageError(
                f"{flag} {label}: {label!r} does not act in this scenario: it does not move or attack in this phase "
                f"(acting: {', '.join(actors) or 'nobody'})"
            )


def _follow(turn: Turn, choices: dict[str, int], result: Result, *, last: bool) -> Option | None:
    """Record which option the rest of the phase follows (``--choose``, default 0) and return it."""
    if not turn.options:
        return None
    index = choices.get(turn.actor, 0)
    count = len(turn.options)
    if not 0 <= index < count:
        options = "1 option, numbered 0" if count == 1 else f"{count} options, numbered 0 to {count - 1}"
        raise UsageError(f"--choose {turn.actor}={index}: {turn.actor} has {options}")
    turn.chosen = index
    option = turn.options[index]
    if count > 1 and not last:
        result.notes.append(
            f"{turn.actor}: the rest of the phase follows option {index} (to {format_position(option.to)}); --choose {turn.actor}=N picks another."
        )
    return option
