"""What an engine decides: turns, focus, options with their effects, boards and the reasoning trace.

Rulesets build these objects and never print; renderers read them and never
decide. Positions are ``(col, row)`` tuples on grids and area names on area
maps; JSON turns tuples into ``[col, row]`` lists.

Ordering (documented in docs/output.md): options are sorted by
``position_key(to)`` then by their attack labels; focus and attack labels are
sorted alphabetically.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Iterator, Mapping, MutableMapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from .effects import (
    BoardState,
    Cell,
    Displaced,
    Effect,
    Moved,
    Position,
    StateSets,
    format_position,
    position_key,
    position_to_json,
)
from .look import GRID_LOOK, BoardLook, FigureFacts
from .wording import count_of, figure_name

# Re-exported: games import them from here (the effects' interface lives in effects.py).
__all__ = [
    "BoardState",
    "Cell",
    "Displaced",
    "Effect",
    "Moved",
    "Position",
    "StateSets",
    "count_of",
    "figure_name",
    "format_position",
    "position_key",
    "position_to_json",
]


def format_positions(positions: Any) -> str:
    return ", ".join(format_position(p) for p in positions)


def option_number(index: int) -> int:
    """The number a person reads for option ``index``: options are numbered from 1 (``--choose a=1`` is
    the first); ``Turn.chosen`` and JSON's ``chosen`` keep the index from 0."""
    return index + 1


def assumption(actor: str, chosen: int, count: int) -> str:
    """What the rest of a phase assumes, said as an assumption, never as advice:
    ``the rest of the phase assumes option 1; --choose b=2 for another``."""
    other = 2 if chosen == 0 else 1
    if count < 2:
        return f"the rest of the phase assumes option {option_number(chosen)}"
    return f"the rest of the phase assumes option {option_number(chosen)}; --choose {actor}={other} for another"


#: A reasoning step id: kebab-case, one of the ids the game declares (``Game.step_ids``, listed in
#: docs/output.md) or the core's (``game.CORE_STEP_IDS``); the phase runner refuses any other.
StepId = str


@dataclass(frozen=True)
class Step:
    """One rule applied: ``step`` names it, ``text`` explains it to a player,
    ``data`` holds the candidates kept and dropped for scripts."""

    step: StepId
    text: str
    data: dict[str, Any] = field(default_factory=dict)
    #: Where the rule is written: a rulebook page, FAQ section or rules-text paragraph (the game's
    #: ``step_sources``, filled in by the phase runner when the engine gave none).
    source: str = ""


# --- option effects: the interface is in effects.py; each game defines its own kinds ------------


def describe_effect(effect: Effect) -> str:
    """A short phrase for people (the options table)."""
    return effect.describe()


def effect_to_json(effect: Effect) -> dict[str, Any]:
    return effect.to_json()


@dataclass(frozen=True)
class Option:
    to: Position
    path: tuple[Position, ...]
    attacks: tuple[str, ...] = ()
    # Facts a ruleset wants shown with the option (e.g. "AP", "distance", "toward"); never read back.
    details: dict[str, Any] = field(default_factory=dict)
    # What following this option does to the board, the actor's move first (added by Turn.finish).
    effects: tuple[Effect, ...] = ()

    def sort_key(self) -> tuple[Any, ...]:
        return (position_key(self.to), self.attacks, tuple(position_key(p) for p in self.path))


@dataclass(frozen=True)
class RuledOut:
    """Why a position is not a destination option ("why not this hex?").

    ``step`` is the rule step that dropped it, ``reason`` says why in plain English,
    ``against`` lists the positions that beat it at that step (empty when it was not
    a contest: unreachable, cannot end there...), ``data`` the numbers compared.
    """

    at: Position
    step: StepId
    reason: str
    against: tuple[Position, ...] = ()
    data: dict[str, Any] = field(default_factory=dict)


@dataclass(frozen=True, slots=True)
class Reason:
    """A :class:`RuledOut` without its position: one record shared by every position it rules out."""

    step: StepId
    reason: str
    against: tuple[Position, ...] = ()
    data: dict[str, Any] = field(default_factory=dict)


class RuledOutMap(MutableMapping[Position, RuledOut]):
    """``Turn.ruled_out``: a mapping position -> :class:`RuledOut` kept compactly (issue 27).

    A board of 4096 hexes has thousands of rule-outs a turn, most sharing a handful of reasons:
    each position holds a shared :class:`Reason` (equal reasons are stored once), and its
    ``RuledOut`` is built when asked for. Behaves as the dict it replaces.

    :meth:`later` makes one worked out when first read: most answers never show why a hex is not an
    option (``--why-not``, the editor's cursor and the pages do), and working it out is a good part of a turn."""

    __slots__ = ("_reasons", "_shared", "_later")

    def __init__(self, items: Mapping[Position, RuledOut] | None = None):
        self._reasons: dict[Position, Reason] = {}
        self._shared: dict[tuple[StepId, str, tuple[Position, ...]], Reason] = {}
        self._later: Callable[[], RuledOutMap] | None = None
        for at, ruled in (items or {}).items():
            self[at] = ruled

    @classmethod
    def later(cls, work: Callable[[], RuledOutMap]) -> RuledOutMap:
        """The map ``work()`` gives, worked out when first read (``work`` must give the same map whenever it runs)."""
        made = cls()
        made._later = work
        return made

    @property
    def pending(self) -> bool:
        """Not worked out yet (:meth:`later`): nothing of it has been read."""
        return self._later is not None

    @property
    def reasons(self) -> dict[Position, Reason]:
        if self._later is not None:
            self.work_out()
        return self._reasons

    def work_out(self) -> None:
        """Work the map out now, if it is not yet (:meth:`later`; e.g. in a worker, when another thread reads it)."""
        if self._later is not None:
            work, self._later = self._later, None
            done = work()
            self._reasons, self._shared = done.reasons, done._shared

    def __getitem__(self, at: Position) -> RuledOut:
        reason = self.reasons[at]
        return RuledOut(at, reason.step, reason.reason, reason.against, reason.data)

    def __setitem__(self, at: Position, ruled: RuledOut) -> None:
        self.reasons[at] = self.shared(Reason(ruled.step, ruled.reason, ruled.against, ruled.data))

    def __delitem__(self, at: Position) -> None:
        del self.reasons[at]

    def __contains__(self, at: object) -> bool:
        return at in self.reasons

    def __iter__(self) -> Iterator[Position]:
        return iter(self.reasons)

    def __len__(self) -> int:
        return len(self.reasons)

    def __repr__(self) -> str:
        return f"RuledOutMap({dict(self)!r})"

    def clear(self) -> None:
        self.reasons.clear()

    def copy(self) -> RuledOutMap:
        copied = RuledOutMap()
        copied._reasons = dict(self.reasons)
        copied._shared = dict(self._shared)
        return copied

    def shared(self, reason: Reason) -> Reason:
        """``reason``, or the equal one already stored (so each distinct reason is kept once)."""
        key = (reason.step, reason.reason, reason.against)
        known = self._shared.get(key)
        if known is not None and known.data == reason.data:
            return known
        self._shared[key] = reason
        return reason

    def add(self, at: Position, reason: Reason) -> None:
        """Rule ``at`` out for ``reason`` unless it already is (the earliest reason wins)."""
        if at not in self.reasons:
            self.reasons[at] = self.shared(reason)


# --- turns and results -----------------------------------------------------------------------


@dataclass(frozen=True)
class TurnExtra:
    """What an answer built after the run adds to one turn's views (``--why-not``): steps and JSON keys."""

    steps: list[Step] = field(default_factory=list)
    keys: dict[str, Any] = field(default_factory=dict)


@dataclass
class Turn:
    actor: str
    focus: list[str] = field(default_factory=list)
    options: list[Option] = field(default_factory=list)
    reasoning: list[Step] = field(default_factory=list)
    # Index into ``options`` that the rest of the phase follows (None: no options).
    chosen: int | None = None
    # The board state once the chosen option was followed (set by the phase runner).
    board_after: BoardState | None = None
    # Where the actor heads for, when the rules name a place; drawn on maps (the game's look names it).
    goals: tuple[Position, ...] = ()
    # Positions the engine ruled out, with the first (earliest) rule step that did (see ``rule_out``).
    ruled_out: RuledOutMap = field(default_factory=RuledOutMap)
    # Whether the rest of the phase follows ``chosen`` (set by the phase runner: several options, later turns).
    follows: bool = False
    # The option the phase follows when --choose names none (index from 0): the first, unless the rules give a
    # default among the players' choices (a Gloomhaven rider attack: the fewest targets).
    default: int = 0

    def step_ids(self) -> set[str]:
        """Every reasoning step id this turn holds (its reasoning and its rule-outs, when worked out: a map worked out
        when read, RuledOutMap.later, is not worked out for this)."""
        steps = {step.step for step in self.reasoning}
        if self.ruled_out.pending:
            return steps
        return steps | {reason.step for reason in self.ruled_out.reasons.values()}

    def note(self, step: StepId, text: str, **data: Any) -> None:
        self.reasoning.append(Step(step, text, data))

    def rule_out(self, at: Position, step: StepId, reason: str, *, against: Any = (), **data: Any) -> None:
        """Record why ``at`` is not a destination. The earliest step wins: engines call this
        as they drop candidates, so later steps never overwrite an earlier reason."""
        if at not in self.ruled_out.reasons:
            self.ruled_out.add(at, Reason(step, reason, tuple(sorted(against, key=position_key)), data))

    def rule_out_all(self, positions: Iterable[Position], step: StepId, reason: str, *, against: Any = (), **data: Any) -> None:
        """:meth:`rule_out` for many positions with one reason (stored once)."""
        shared = self.ruled_out.shared(Reason(step, reason, tuple(sorted(against, key=position_key)), data))
        reasons = self.ruled_out.reasons
        for at in positions:
            if at not in reasons:
                reasons[at] = shared

    def finish(self, *, distinct_paths: bool = False) -> Turn:
        """Sort focus and options into their documented order, dropping duplicates.

        Options are the same when ``to`` and ``attacks`` match; with
        ``distinct_paths`` (routes the players choose between) the path counts too.
        Each option's effects start with the actor's move along its path.
        """
        self.focus = sorted(set(self.focus))
        unique: dict[tuple[Any, ...], Option] = {}
        for option in self.options:
            key = (option.to, tuple(sorted(option.attacks))) + ((tuple(option.path),) if distinct_paths else ())
            if key not in unique:
                path = tuple(option.path)
                effects = option.effects
                if not effects or not isinstance(effects[0], Moved):
                    effects = (Moved(self.actor, path), *effects)
                unique[key] = Option(option.to, path, tuple(sorted(option.attacks)), option.details, effects)
        self.options = sorted(unique.values(), key=Option.sort_key)
        return self


@dataclass
class Result:
    scenario: str
    ruleset: str
    variant: str
    title: str = ""
    description: str = ""
    turns: list[Turn] = field(default_factory=list)
    # The game's board before the phase, for renderers (a Grid or an area map).
    board: Any = None
    # The game's board after each turn (same kind as ``board``), one per turn.
    boards_after: list[Any] = field(default_factory=list)
    # The board facts before the phase (figures and the game's part of the state).
    initial: BoardState | None = None
    # Scenario-level notes of the game (e.g. the activation order); which option a phase follows is
    # data (``Turn.chosen``/``Turn.follows``), written by ``follow_notes``.
    notes: list[str] = field(default_factory=list)
    # Whether the game's turns have a focus and its options list attacks (renderers hide them otherwise).
    has_focus: bool = True
    has_attacks: bool = True
    # How ``board`` is drawn ("hex", "square" or "areas") and the game's terrain styles and legend words.
    board_kind: str = "hex"
    look: BoardLook = GRID_LOOK
    # Each figure's name, side and colour, elite mark and initiative, for pictures (the game's vocabulary).
    figures: dict[str, FigureFacts] = field(default_factory=dict)

    def follow_notes(self) -> list[str]:
        """One sentence per turn whose chosen option the rest of the phase follows (an assumption, not advice)."""
        return [
            f"{turn.actor}: "
            + assumption(turn.actor, turn.chosen, len(turn.options)).replace(
                "; --choose", f" (to {format_position(turn.options[turn.chosen].to)}); --choose", 1
            )
            + "."
            for turn in self.turns
            if turn.follows and turn.chosen is not None
        ]

    @property
    def final(self) -> BoardState | None:
        """The board facts after the whole phase."""
        for turn in reversed(self.turns):
            if turn.board_after is not None:
                return turn.board_after
        return self.initial


def jsonable(value: Any) -> Any:
    if isinstance(value, (tuple, list)):
        return [jsonable(v) for v in value]
    if isinstance(value, dict):
        return {str(k): jsonable(v) for k, v in value.items()}
    if isinstance(value, (set, frozenset)):
        return sorted(jsonable(v) for v in value)
    return value


def step_to_json(step: Step) -> dict[str, Any]:
    return {
        "step": step.step,
        "text": step.text,
        **({"data": jsonable(step.data)} if step.data else {}),
        **({"source": step.source} if step.source else {}),
    }


def option_to_json(option: Option, index: int = 0) -> dict[str, Any]:
    return {
        "number": option_number(index),
        "to": position_to_json(option.to),
        "path": [position_to_json(p) for p in option.path],
        "attacks": list(option.attacks),
        "effects": [effect_to_json(e) for e in option.effects],
        **({"details": jsonable(option.details)} if option.details else {}),
    }


def result_to_dict(result: Result, extra: Sequence[TurnExtra] = ()) -> dict[str, Any]:
    """The JSON document of ``resolve --json`` (contract section 1; docs/output.md).

    ``extra`` (one per turn, e.g. the ``--why-not`` answers) adds reasoning steps and keys
    to each turn without changing the Result."""
    turns = []
    for index, turn in enumerate(result.turns):
        added = extra[index] if index < len(extra) else None
        steps = turn.reasoning + (added.steps if added is not None else [])
        turns.append(
            {
                "actor": turn.actor,
                "focus": list(turn.focus),
                "options": [option_to_json(option, number) for number, option in enumerate(turn.options)],
                "chosen": turn.chosen,
                "reasoning": [step_to_json(step) for step in steps],
                "board_after": turn.board_after.to_json() if turn.board_after is not None else None,
                **({"goals": [position_to_json(p) for p in turn.goals]} if turn.goals else {}),
                **(added.keys if added is not None else {}),
            }
        )
    document: dict[str, Any] = {
        "scenario": result.scenario,
        "ruleset": result.ruleset,
        "variant": result.variant,
        "title": result.title,
        "board": result.initial.to_json() if result.initial is not None else None,
        "turns": turns,
        "final_board": result.final.to_json() if result.final is not None else None,
    }
    notes = result.notes + result.follow_notes()
    if notes:
        document["notes"] = notes
    return document


#: The most options one turn, and a whole phase, may list (docs/errors.md, "Limits"). Real turns list a
#: handful and the worst files at the other caps up to 184 (a phase 3,108); a crowd of heroes that a
#: Cloudspire minion may displace makes tens of thousands, which no table can show and which take
#: minutes and gigabytes to write out.
MAX_TURN_OPTIONS = 1000
MAX_PHASE_OPTIONS = 4000


def too_many_options(actor: str, count: int, listed: int = 0) -> str | None:
    """Why a turn of ``count`` options (``listed`` in the phase so far, this turn included) is refused, or None."""
    note = "(a limit far beyond any real board; see `enemy-move docs errors`)"
    if count > MAX_TURN_OPTIONS:
        return f"{actor!r} would have {count} options to choose from; at most {MAX_TURN_OPTIONS} are listed {note}"
    if listed > MAX_PHASE_OPTIONS:
        return f"the phase would list more than {MAX_PHASE_OPTIONS} options by {actor!r}'s turn {note}"
    return None
