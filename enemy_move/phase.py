"""The one phase runner: plays a scenario's turns through its game's :class:`~enemy_move.game.Play`.

It owns ``active``, ``--choose`` (which option the rest of the phase
follows), ``--first`` (who goes first where the rules let the players order
tied figures), the order of turns and the boards after each turn.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import replace

from .errors import ScenarioError
from .game import Game, NextActor, UsageError
from .models import Scenario
from .registry import GAMES, game_names
from .result import Option, Result, Turn, option_number, too_many_options

__all__ = ["UsageError", "all_rulesets", "get", "pick_variant", "resolve"]


def get(name: str) -> Game | None:
    """The engine of ruleset ``name`` (imported on first use), or None when it has none yet."""
    game = GAMES.get(name)
    if game is None or not game.has_engine():
        return None
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

    ``choices`` maps a label to the index (from 0) of the option its turn follows (``--choose a=1`` is index 0,
    the default);
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
        board_kind=game.board,
        look=game.look,
        figures=game.facts_of(scenario),
    )
    known_steps = game.known_step_ids()
    board, state = play.board, play.state
    waiting = list(actors)
    listed = 0
    while waiting:
        following = play.next_actor(board, waiting, first) if whole_phase else NextActor(waiting[0])
        turn = play.turn(board, following.label)
        listed += len(turn.options)
        _check_option_count(scenario, following.label, len(turn.options), listed)
        if following.step is not None:
            turn.reasoning.insert(0, following.step)
        _check_step_ids(game, turn, known_steps)
        _cite(game, turn, variant)
        option = _follow(turn, choices, last=len(waiting) == 1)
        if option is not None:
            board = play.apply(board, option)
            state = state.after(option.effects)
        turn.board_after = state
        result.turns.append(turn)
        result.boards_after.append(board)
        waiting.remove(following.label)
    return result


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
        turn.reasoning = [
            step if step.source else replace(step, source=game.source_of(step.step, variant, step.data)) for step in turn.reasoning
        ]


def _follow(turn: Turn, choices: dict[str, int], *, last: bool) -> Option | None:
    """Record which option the rest of the phase follows (``--choose``, default the first) and return it."""
    if not turn.options:
        return None
    index = choices.get(turn.actor, 0)
    count = len(turn.options)
    if not 0 <= index < count:
        options = "1 option, numbered 1" if count == 1 else f"{count} options, numbered 1 to {count}"
        raise UsageError(f"--choose {turn.actor}={option_number(index)}: {turn.actor} has {options}")
    turn.chosen = index
    turn.follows = count > 1 and not last
    return turn.options[index]


#: At most this many other branches are played for a page (each is one more resolve of the phase).
BRANCH_LIMIT = 12


def branches(
    scenario: Scenario, result: Result, variant: str | None = None, first: Sequence[str] = (), limit: int = BRANCH_LIMIT
) -> dict[tuple[int, int], Result]:
    """The phase replayed where the players choose otherwise: ``(turn index, option index) -> Result`` for
    every option a turn did not take (earlier turns as ``result`` took them), at most ``limit`` of them.
    The HTML page shows a branch's later turns when its option is clicked; the answers are the runner's."""
    played: dict[tuple[int, int], Result] = {}
    taken: dict[str, int] = {}
    for index, turn in enumerate(result.turns):
        if turn.follows:
            for option in range(len(turn.options)):
                if option != turn.chosen and len(played) < limit:
                    played[(index, option)] = resolve(scenario, variant, {**taken, turn.actor: option}, first)
        if turn.chosen is not None:
            taken[turn.actor] = turn.chosen
    return played
