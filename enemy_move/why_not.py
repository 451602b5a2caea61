"""``resolve --why-not CELL``: why a position is not a destination, turn by turn.

The engines record the reason while they resolve (``Turn.rule_out``); this
module only looks it up. When the engine recorded nothing, it says what the
board alone shows (not a cell of the map, a wall, occupied...), labelled as
coming from the board and not from the rules. It decides nothing, and it
leaves the Result alone: ``explain`` builds its own answer (:class:`WhyNotReport`),
which renderers show beside the Result.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from .look import BoardLook
from .result import Position, Result, Step, Turn, TurnExtra, format_position, format_positions, option_number, position_to_json
from .wording import and_list, article

if TYPE_CHECKING:
    from .geometry.areas import AreaBoard

# ASCII digits only (`\d` takes ٣ too), few of them: no board is 10,000 cells wide.
_CELL = re.compile(r"^\s*(?:\[\s*(-?[0-9]{1,4})\s*(?:,\s*|\s+)(-?[0-9]{1,4})\s*\]|(-?[0-9]{1,4})\s*(?:,\s*|\s+)(-?[0-9]{1,4}))\s*$")


class WhyNotError(ValueError):
    """A ``--why-not`` argument that names no position (a usage error)."""


def parse_positions(result: Result, texts: Sequence[str]) -> list[Position]:
    """Each ``--why-not`` argument as a position of the result's board kind (WhyNotError when one names nothing)."""
    kind = result.board_kind
    names = sorted(result.board.areas) if kind == "areas" and result.board is not None else None
    return [parse_position(text, kind, names) for text in texts]


def parse_position(text: str, board_kind: str, area_names: list[str] | None = None, flag: str = "--why-not") -> Position:
    """``3,4`` / ``[3,4]`` / ``3 4`` on grids, an area name on area maps (``flag``: the option named in errors)."""
    if board_kind == "areas":
        name = text.strip()
        if area_names is not None and name not in area_names:
            import difflib

            close = difflib.get_close_matches(name, area_names, n=1, cutoff=0.6)
            hint = f" (did you mean {close[0]!r}?)" if close else ""
            raise WhyNotError(f"{flag} {text!r}: no area of that name{hint}; areas: {', '.join(sorted(area_names))}")
        return name
    match = _CELL.match(text)
    if not match:
        raise WhyNotError(f"{flag} {text!r}: expected a cell as COL,ROW (e.g. 3,4, [3,4] or '3 4')")
    col, row = (match.group(1), match.group(2)) if match.group(1) is not None else (match.group(3), match.group(4))
    return (int(col), int(row))


@dataclass(frozen=True)
class WhyNot:
    """The answer for one position in one turn."""

    at: Position
    #: "option" (it is one), "engine" (a rule step ruled it out) or "board" (generic, from the board only).
    source: str
    text: str
    option: int | None = None
    step: str | None = None
    against: tuple[Position, ...] = ()
    data: dict[str, Any] = field(default_factory=dict)
    #: Where the rule of ``step`` is written (the game's step sources); for an option or a board fact, what
    #: the answer rests on.
    rule_source: str = ""

    def to_json(self) -> dict[str, Any]:
        entry: dict[str, Any] = {
            "at": position_to_json(self.at),
            "source": self.source,
            "option": self.option,
            "number": None if self.option is None else option_number(self.option),
            "step": self.step,
            "text": self.text,
            "rule_source": self.rule_source,
            "against": [position_to_json(p) for p in self.against],
        }
        if self.data:
            from .result import jsonable

            entry["data"] = jsonable(self.data)
        return entry


def answer(turn: Turn, board: Any, at: Position, *, whole_phase: bool = False, look: BoardLook | None = None) -> WhyNot:
    """Why ``at`` is (or is not) a destination of ``turn`` on ``board`` (the board the turn started from)."""
    where = format_position(at)
    indexes = [index for index, option in enumerate(turn.options) if option.to == at]
    if indexes:
        numbers = and_list(str(option_number(i)) for i in indexes)
        word = "options" if len(indexes) > 1 else "option"
        followed = " (the one the rest of the phase assumes)" if whole_phase and turn.chosen in indexes and len(turn.options) > 1 else ""
        return WhyNot(at, "option", f"{where} is {word} {numbers}{followed}: it is a destination.", option=indexes[0])
    ruled = turn.ruled_out.get(at)
    if ruled is not None:
        text = f"{where}: {ruled.reason}"
        if ruled.against:
            text += f" (against {format_positions(ruled.against)})"
        return WhyNot(at, "engine", text, step=ruled.step, against=ruled.against, data=dict(ruled.data))
    fact = _board_fact(turn, board, at, look or BoardLook())
    return WhyNot(at, "board", f"{where}: {fact} (from the board only: the rules engine recorded no reason)")


def _board_fact(turn: Turn, board: Any, at: Position, look: BoardLook) -> str:
    if getattr(board, "kind", None) == "areas":
        return _area_fact(turn, board, str(at))
    if not isinstance(at, tuple) or at not in board:
        size = f"{board.width} columns x {board.height} rows, numbered from 0"
        return f"not a cell of the map ({size})"
    terrain = board.terrain[at]
    occupant = board.occupant(at)
    if occupant == turn.actor:
        return f"{turn.actor} starts there and the options do not include staying"
    if occupant is not None:
        return f"occupied by {occupant}"
    if terrain in look.blocking_terrains:
        return f"it is {look.blocking_terrains[terrain]}"
    if terrain != "floor":
        return f"{article(terrain, adjective=terrain in look.terrain_adjectives)}; not among the options"
    return "not among the options"


def _area_fact(turn: Turn, board: AreaBoard, name: str) -> str:
    area = board.areas[name]
    figure = board.figures.get(turn.actor)
    if figure is not None and figure.area == name:
        return f"{turn.actor} starts there and the options do not include staying"
    if area.capacity == 0:
        return "capacity 0: no figure can end there"
    used = board.occupancy(name, without=turn.actor)
    if used >= area.capacity:
        return f"full ({used}/{area.capacity})"
    return f"not among the options ({used}/{area.capacity} used)"


@dataclass(frozen=True)
class WhyNotReport:
    """The answers of ``--why-not``, one list per turn of a Result (which stays as the engine left it)."""

    answers: list[list[WhyNot]]

    def extras(self) -> list[TurnExtra]:
        """Per turn, what the views add: a ``why-not`` reasoning step per answer and the JSON ``why_not`` key."""
        extras = []
        for entries in self.answers:
            steps = []
            for entry in entries:
                data: dict[str, Any] = {"at": entry.at, "source": entry.source}
                if entry.step is not None:
                    data["rule_step"] = entry.step
                steps.append(Step("why-not", _with_step(entry), data, entry.rule_source))
            extras.append(TurnExtra(steps, {"why_not": [entry.to_json() for entry in entries]} if entries else {}))
        return extras


def explain(result: Result, positions: list[Position]) -> WhyNotReport:
    """One list of answers per turn, in the order of ``positions``."""
    from dataclasses import replace

    from .registry import game as registered_game

    game = registered_game(result.ruleset)
    answers: list[list[WhyNot]] = []
    for index, turn in enumerate(result.turns):
        board = result.board if index == 0 else result.boards_after[index - 1]
        entries = [answer(turn, board, at, whole_phase=len(result.turns) > 1, look=result.look) for at in positions]
        answers.append([replace(entry, rule_source=_source(game, entry, result.variant)) for entry in entries])
    return WhyNotReport(answers)


def _source(game: Any, entry: WhyNot, variant: str) -> str:
    """What a why-not answer rests on: the rule step's source, this turn's options, or the map."""
    if entry.source == "option":
        return "this turn's options (the reasoning steps above)"
    if entry.source == "board" or entry.step is None:
        return "the scenario's map and figures"
    return (game.source_of(entry.step, variant, entry.data) if game is not None else "") or "the rules engine's reasoning"


def _with_step(entry: WhyNot) -> str:
    return f"{entry.text} [rule step: {entry.step}]" if entry.step else entry.text


@dataclass(frozen=True)
class SightReport:
    """``--sight-from``: the game's sight lines from one hex, one list per turn (on the board that turn started from)."""

    at: Position
    lines: list[list[Any]]

    def add_to(self, extras: Sequence[TurnExtra]) -> list[TurnExtra]:
        """``extras`` (one per turn, or none) with the JSON ``sight_from`` key of each turn added."""
        out = []
        for index, lines in enumerate(self.lines):
            before = extras[index] if index < len(extras) else TurnExtra()
            facts = {"from": position_to_json(self.at), "lines": [line.to_json() for line in lines]}
            out.append(TurnExtra(before.steps, {**before.keys, "sight_from": facts}))
        return out


def sight_from(result: Result, scenario: Any, text: str) -> SightReport:
    """The game's sight lines from the cell ``text`` names, per turn (WhyNotError: a bad cell, or no sight lines here)."""
    from .registry import game as registered_game

    flag = "--sight-from"
    game = registered_game(result.ruleset)
    names = sorted(result.board.areas) if result.board_kind == "areas" and result.board is not None else None
    at = parse_position(text, result.board_kind, names, flag)
    lines: list[list[Any]] = []
    for index in range(max(len(result.turns), 1)):
        board = result.board if index == 0 else result.boards_after[index - 1]
        try:
            found = game.lines_of_sight(scenario, result.variant, board, at) if game is not None else None
        except ValueError as error:
            raise WhyNotError(f"{flag} {text!r}: {error}") from None
        if found is None:
            raise WhyNotError(f"{flag} {text!r}: {result.ruleset} does not draw sight lines yet")
        lines.append(found)
    return SightReport(at, lines)
