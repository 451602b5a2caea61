"""The one phase runner: plays a scenario's turns through its game's :class:`~enemy_move.game.Play`.

It owns ``active``, ``--choose`` (which option the rest of the phase
follows), ``--first`` (who goes first where the rules let the players order
tied figures), the order of turns and the boards after each turn.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass
from typing import Any

from .errors import ScenarioError
from .game import Game, NextActor, UsageError, reasons_read
from .models import Scenario
from .registry import game as registered_game
from .result import BoardState, Result, Step, Turn, option_number, too_many_options

__all__ = ["Line", "SetUp", "UsageError", "explore", "pick_variant", "resolve", "set_up"]


def pick_variant(game: Game, scenario: Scenario, variant: str | None) -> str:
    chosen = variant or scenario.model.variant or game.default_variant
    if chosen not in game.variants:
        message = f"unknown variant {chosen!r} for ruleset {game.name!r}; known: {', '.join(game.variants)}"
        if variant:
            raise UsageError(f"--variant: {message}")
        raise scenario.error(("variant",), message)
    return chosen


@dataclass(frozen=True)
class SetUp:
    """A scenario's game, the variant it is played under and its Play, before any turn: made once per resolve."""

    game: Game
    variant: str
    play: Any


def set_up(scenario: Scenario, variant: str | None = None) -> SetUp:
    """The game set up for ``scenario`` under ``variant`` (else the file's, else the game's default): what
    :func:`resolve` plays, and what ``--place``/``--set`` check their edited file with (``answering``)."""
    game = registered_game(scenario.ruleset)
    if game is None:  # loaded while it was registered (a test's game), resolved after
        raise scenario.error(("ruleset",), f"unknown ruleset {scenario.ruleset!r}")
    chosen_variant = pick_variant(game, scenario, variant)
    try:
        return SetUp(game, chosen_variant, game.setup(scenario, chosen_variant))
    except RecursionError:
        raise _too_complex(scenario) from None


def resolve(
    scenario: Scenario,
    variant: str | None = None,
    choices: dict[str, int] | None = None,
    first: Sequence[str] = (),
    reasons: bool = False,
    ready: SetUp | None = None,
) -> Result:
    """Play the scenario: the ``active`` figure's turn, or the whole phase of the acting side.

    ``choices`` maps a label to the index (from 0) of the option its turn follows (``--choose a=1`` is index 0,
    the default);
    ``first`` names figures that go first where the rules let the players order tied figures;
    ``reasons``: every turn's rule-outs will be read (``--why-not``), so a game works them out with the turn
    (:func:`~enemy_move.game.reasons_will_be_read`) rather than resolving it again when they are read;
    ``ready``: the game already set up for ``scenario`` under ``variant`` (:func:`set_up`; its Play is played, so
    it serves one resolve).
    """
    setup = ready if ready is not None else set_up(scenario, variant)
    try:
        with reasons_read(reasons):
            return _run(setup, scenario, dict(choices or {}), tuple(first))
    except RecursionError:
        raise _too_complex(scenario) from None


def _too_complex(scenario: Scenario) -> ScenarioError:
    return ScenarioError(scenario.path, 1, 1, "the scenario is too complex to resolve (recursion limit)")


def _run(setup: SetUp, scenario: Scenario, choices: dict[str, int], first: tuple[str, ...]) -> Result:
    game, variant, play = setup.game, setup.variant, setup.play
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
        board_kind=game.board,
        look=game.look,
        figures=game.facts_of(scenario),
    )
    phase = _Phase(game, scenario, play, variant, first, whole_phase)
    for turn, board, _ in phase.play_out(play.board, play.state, list(actors), 0, lambda t: _follow(t, choices)):
        result.turns.append(turn)
        result.boards_after.append(board)
    return result


class _Phase:
    """The loop over turns, from any point of a phase: the main run and the lines a page explores share it."""

    def __init__(self, game: Game, scenario: Scenario, play: Any, variant: str, first: tuple[str, ...], whole_phase: bool) -> None:
        self.game, self.scenario, self.play, self.variant = game, scenario, play, variant
        self.first, self.whole_phase = first, whole_phase
        self.known_steps = game.known_step_ids()

    def play_out(
        self, board: Any, state: BoardState, waiting: list[str], listed: int, pick: Callable[[Turn], int | None]
    ) -> Iterator[tuple[Turn, Any, BoardState]]:
        """Each waiting figure's turn in order, the option ``pick(turn)`` names followed: (turn, board, state) after it."""
        while waiting:
            following = self.play.next_actor(board, waiting, self.first) if self.whole_phase else NextActor(waiting[0])
            turn = self.play.turn(board, following.label)
            listed += len(turn.options)
            _check_option_count(self.scenario, following.label, len(turn.options), listed)
            if following.step is not None:
                turn.reasoning.insert(0, following.step)
            _check_step_ids(self.game, turn, self.known_steps)
            _cite(self.game, turn, self.variant)
            index = pick(turn)
            if index is not None:
                turn.chosen, turn.follows = index, len(turn.options) > 1 and len(waiting) > 1
                option = turn.options[index]
                board = self.play.apply(board, option)
                state = state.after(option.effects)
            turn.board_after = state
            waiting.remove(following.label)
            yield turn, board, state


def _check_option_count(scenario: Scenario, actor: str, count: int, listed: int) -> None:
    message = too_many_options(actor, count, listed)
    if message is not None:
        raise scenario.error(("figures", actor), message)


def _check_labels(flag: str, labels: Sequence[str], actors: list[str]) -> None:
    for label in labels:
        if label not in actors:
            raise UsageError(
                f"{flag} {label}: {label!r} does not act in this scenario: it does not move or attack in this phase "
                f"(acting: {', '.join(actors) or 'nobody'})"
            )


def _check_step_ids(game: Game, turn: Turn, known: frozenset[str]) -> None:
    """The closed set of step ids: a game records only the ids it declares (``Game.step_ids``)."""
    unknown = turn.step_ids() - known
    if unknown:
        raise ValueError(f"unknown reasoning step id {sorted(unknown)[0]!r} for ruleset {game.name!r}: add it to the game's step_ids")


def _cite(game: Game, turn: Turn, variant: str) -> None:
    """Give every reasoning step its source (where its rule is written), unless the engine named one."""
    if game.step_sources:
        # Made directly (dataclasses.replace reads every field by name first: thousands of steps a run).
        turn.reasoning = [
            step if step.source else Step(step.step, step.text, step.data, game.source_of(step.step, variant, step.data))
            for step in turn.reasoning
        ]


def _follow(turn: Turn, choices: dict[str, int]) -> int | None:
    """Which option the rest of the phase follows (``--choose``, default the first); None: the turn has none."""
    if not turn.options:
        return None
    index = choices.get(turn.actor, turn.default)
    count = len(turn.options)
    if not 0 <= index < count:
        options = "1 option, numbered 1" if count == 1 else f"{count} options, numbered 1 to {count}"
        raise UsageError(f"--choose {turn.actor}={option_number(index)}: {turn.actor} has {options}")
    return index


#: At most this many other lines of play are worked out for a page (each costs its later turns and a map).
LINE_LIMIT = 24
#: The turns a page may play beyond the phase's own: as many as the phase has (about one more resolve), at least this.
MIN_BUDGET = 8


@dataclass
class Line:
    """One way the phase goes: the option each turn takes (``choices``, by turn; 0 where a turn has none),
    its turns, and the board before each turn then after the phase (``boards``, one more than the turns).
    ``start``: the first turn this line played itself (the turns before are its parent's, shared)."""

    choices: tuple[int, ...]
    turns: list[Turn]
    boards: list[Any]
    start: int = 0


def explore(
    scenario: Scenario,
    result: Result,
    variant: str | None = None,
    choices: dict[str, int] | None = None,
    first: Sequence[str] = (),
    budget: int | None = None,
) -> list[Line]:
    """The phase as ``result`` played it, then other lines of play, each played from its branch point (a turn
    whose other option the players may choose) with the turns before it shared: the main line's branch points
    first, turn by turn, then those inside the lines found, while their later turns fit ``budget`` (default: as
    many turns as the phase has, at least ``MIN_BUDGET``, so that a page costs about two resolves) and at most
    ``LINE_LIMIT`` lines.
    Later turns follow ``choices`` where the option exists, else their first option. The answers are the runner's."""
    main = Line(
        tuple(t.chosen or 0 for t in result.turns),
        list(result.turns),
        [result.board, *result.boards_after] if result.turns else [result.board],
    )
    lines = [main]
    if len(result.turns) < 2:
        return lines
    setup = set_up(scenario, variant)
    phase = _Phase(setup.game, scenario, setup.play, setup.variant, tuple(first), True)
    actors = [t.actor for t in result.turns]
    left = max(len(result.turns), MIN_BUDGET) if budget is None else budget
    queue = 0
    while queue < len(lines) and len(lines) < LINE_LIMIT:
        line = lines[queue]
        queue += 1
        for index in range(line.start, len(line.turns)):
            turn = line.turns[index]
            cost = len(line.turns) - index - 1
            for option in range(len(turn.options)):
                if option == line.choices[index] or cost > left or len(lines) >= LINE_LIMIT:
                    continue
                played = _branch(phase, result, line, index, option, actors, dict(choices or {}))
                if played is not None:
                    left -= cost
                    lines.append(played)
    return lines


def _branch(phase: _Phase, result: Result, line: Line, index: int, option: int, actors: list[str], choices: dict[str, int]) -> Line | None:
    """``line`` with turn ``index`` taking ``option``: the later turns played again (None past the option limits)."""
    turn = line.turns[index]
    board = phase.play.apply(line.boards[index], turn.options[option])
    state = line.turns[index - 1].board_after if index else result.initial
    assert state is not None
    state = state.after(turn.options[option].effects)
    acted = {t.actor for t in line.turns[: index + 1]}
    waiting = [a for a in actors if a not in acted]
    listed = sum(len(t.options) for t in line.turns[: index + 1])
    turns, boards = list(line.turns[: index + 1]), list(line.boards[: index + 1]) + [board]
    picks = list(line.choices[:index]) + [option]
    try:
        for later, after, _ in phase.play_out(board, state, waiting, listed, lambda t: _clamped(t, choices)):
            turns.append(later)
            boards.append(after)
            picks.append(later.chosen or 0)
    except ScenarioError:  # a line past the option limits is left out (the page says it was not worked out)
        return None
    return Line(tuple(picks), turns, boards, index + 1)


def _clamped(turn: Turn, choices: dict[str, int]) -> int | None:
    if not turn.options:
        return None
    index = choices.get(turn.actor, 0)
    return index if 0 <= index < len(turn.options) else 0
