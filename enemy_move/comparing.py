"""`check`'s comparison of a scenario's ``expect:`` block with the engine's answer, each difference located.

The options of each turn the expectation speaks of (each option's ``to`` and its set of ``attacks``, compared as
sets), the focus set and the actor when given, the number of turns, and each ``board_after``: the figures it lists
and each set the game's model declares, against the positions the followed options' effects counted into it
(``Effect.counted``). ``checking`` runs it over files; ``updating`` writes the answer it returns.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from .result import BoardState, Result, Turn, format_position, format_positions, position_key, position_to_json


@dataclass(frozen=True)
class Problem:
    """One thing wrong with a file, where it is: ``FILE:LINE:COL: message`` (1-based)."""

    line: int
    col: int
    message: str

    def to_dict(self) -> dict[str, Any]:
        return {"line": self.line, "column": self.col, "message": self.message}


#: What `check` compares of an option: where it ends and whom it attacks.
OptionFacts = tuple[Any, tuple[str, ...]]

YamlPath = tuple[str | int, ...]

#: Where a path of the file is: (line, column), 1-based; ``key=True`` for the key's own position.
Locate = Callable[..., tuple[int, int]]


def option_facts(option: Any) -> OptionFacts:
    return (_to_key(option["to"]), tuple(sorted(set(option["attacks"]))))


def _option_set(options: Any) -> list[OptionFacts]:
    return sorted({option_facts(o) for o in options}, key=lambda t: (position_key(t[0]), t[1]))


def _to_key(position: Any) -> Any:
    return tuple(position) if isinstance(position, (list, tuple)) else position


def _options_json(option_set: list[OptionFacts]) -> list[dict[str, Any]]:
    return [{"to": position_to_json(to), "attacks": list(attacks)} for to, attacks in option_set]


def _turn_facts(turn: Turn) -> dict[str, Any]:
    facts = {(_to_key(o.to), tuple(sorted(set(o.attacks)))) for o in turn.options}  # option_facts of each option
    return {"actor": turn.actor, "focus": sorted(turn.focus), "options": sorted(facts, key=lambda t: (position_key(t[0]), t[1]))}


def turn_answer(turn: Turn) -> dict[str, Any]:
    """A turn's answer in the shape of an `expect:` turn (what `check --update` writes)."""
    facts = _turn_facts(turn)
    return {"actor": facts["actor"], "focus": facts["focus"], "options": _options_json(facts["options"])}


@dataclass
class _Wanted:
    """One expected turn and where each of its parts is written in the file."""

    actor: str | None = None
    actor_at: YamlPath = ()
    focus: list[str] | None = None
    focus_at: YamlPath = ()
    options: list[dict[str, Any]] | None = None
    options_at: YamlPath = ()
    at: YamlPath = ("expect",)


def _wanted_turns(expect: Any) -> list[_Wanted]:
    """The expected turns; top-level ``focus``/``options`` speak of the first one (and win over ``turns[0]``).
    Each option as its fields (``_fields``)."""
    wanted: list[_Wanted] = []
    for index, turn in enumerate(expect.turns or []):
        base: YamlPath = ("expect", "turns", index)
        options = [_fields(o) for o in turn.options] if turn.options is not None else None
        wanted.append(_Wanted(turn.actor, (*base, "actor"), turn.focus, (*base, "focus"), options, (*base, "options"), base))
    if expect.focus is not None or expect.options is not None:
        if not wanted:
            wanted.append(_Wanted())
        first = wanted[0]
        if expect.focus is not None:
            first.focus, first.focus_at = expect.focus, ("expect", "focus")
        if expect.options is not None:
            first.options, first.options_at = [_fields(o) for o in expect.options], ("expect", "options")
    return wanted


def _fields(option: Any) -> dict[str, Any]:
    """An ``ExpectOption``'s fields, as ``dict(option)`` gives them: pydantic keeps a model's fields, and only them, in
    its ``__dict__`` (``dict(option)`` asks the model for ``keys`` first, which pydantic's ``__getattr__`` answers
    slowly; ``model_dump`` would build pydantic's serializer, about 30 ms of each check's start)."""
    return dict(option.__dict__)


def _names(labels: list[str]) -> str:
    return ", ".join(labels) if labels else "none"


def _attacking(attacks: tuple[str, ...]) -> str:
    return f"attacking {', '.join(attacks)}" if attacks else "attacking nobody"


def _describe_one(option: OptionFacts) -> str:
    to, attacks = option
    return f"{format_position(to)} attacking {', '.join(attacks)}" if attacks else format_position(to)


def _option_problems(want: _Wanted, got: list[OptionFacts], prefix: str, where: Locate) -> list[Problem]:
    """An expected option the answer lacks, at its own line; an answer's option missing from the file, at ``options:``."""
    assert want.options is not None
    first_path: dict[OptionFacts, YamlPath] = {}
    for index, option in enumerate(want.options):
        first_path.setdefault(option_facts(option), (*want.options_at, index))
    extra = [o for o in got if o not in first_path]
    problems: list[Problem] = []
    for facts, path in sorted(first_path.items(), key=lambda item: item[1]):
        if facts in got:
            continue
        same_place = next((o for o in extra if o[0] == facts[0]), None)
        if same_place is not None:
            extra.remove(same_place)  # the same destination, other targets: one difference, not two
            message = f"option {format_position(facts[0])}: expected {_attacking(facts[1])}, got {_attacking(same_place[1])}"
        else:
            message = f"expected option {_describe_one(facts)}, got no option to {format_position(facts[0])}"
        problems.append(Problem(*where(path), prefix + message))
    line, col = where(want.options_at, key=True)
    problems.extend(Problem(line, col, f"{prefix}missing option: got {_describe_one(o)}, not listed") for o in extra)
    return problems


def _counted(turns: list[Turn], key: str) -> list[Any]:
    """The positions the options these turns followed counted into the ``board_after`` set ``key``."""
    counted = {
        _to_key(at)
        for turn in turns
        if turn.chosen is not None
        for effect in turn.options[turn.chosen].effects
        for name, at in effect.counted()
        if name == key
    }
    return sorted(counted, key=position_key)


def _position_set(positions: list[Any]) -> list[Any]:
    return sorted({_to_key(p) for p in positions}, key=position_key)


def _board_problems(want: Any, state: BoardState | None, turns: list[Turn], at: YamlPath, prefix: str, where: Locate) -> list[Problem]:
    """An expected board (``ExpectBoard``) against the board after ``turns``: each figure at its line, each set at its key."""
    problems: list[Problem] = []
    figures = state.figures if state is not None else {}
    for label, position in (want.figures or {}).items():
        got = figures.get(label)
        if got is None:
            message = f"{prefix}board after: expected {label} on {format_position(_to_key(position))}, got no figure {label} on the board"
        elif _to_key(got) != _to_key(position):
            message = f"{prefix}board after: expected {label} on {format_position(_to_key(position))}, got {format_position(_to_key(got))}"
        else:
            continue
        problems.append(Problem(*where((*at, "figures", label)), message))
    for key in type(want).model_fields:
        expected = getattr(want, key)
        if key == "figures" or expected is None:
            continue
        got_set, words = _counted(turns, key), key.replace("_", " ")
        if _position_set(expected) != got_set:
            message = f"{prefix}board after: {words}: expected {format_positions(_position_set(expected)) or 'none'}, got {format_positions(got_set) or 'none'}"
            problems.append(Problem(*where((*at, key)), message))
    return problems


def _boards_problems(expect: Any, result: Result, where: Locate) -> list[Problem]:
    """``board_after`` of each expected turn, and of the whole phase."""
    problems: list[Problem] = []
    several = len(expect.turns or []) > 1
    for index, turn in enumerate(expect.turns or []):
        if turn.board_after is None or index >= len(result.turns):
            continue
        prefix = f"turn {index + 1}: " if several else ""
        at: YamlPath = ("expect", "turns", index, "board_after")
        problems.extend(_board_problems(turn.board_after, result.turns[index].board_after, result.turns[: index + 1], at, prefix, where))
    if expect.board_after is not None:
        problems.extend(_board_problems(expect.board_after, result.final, result.turns, ("expect", "board_after"), "", where))
    return problems


def compare(expect: Any, result: Result, where: Locate | None = None) -> tuple[list[Problem], Any, Any]:
    """Differences between an ``Expect`` model and a result, each located in the file, plus both sides as JSON when
    there is a difference (what a failure shows; both None when there is none).

    ``where(path, key=False)`` locates a YAML path; without it every difference is at 1:1.
    """
    locate: Locate = where or (lambda path, key=False: (1, 1))
    wanted = _wanted_turns(expect)
    got_turns = [_turn_facts(t) for t in result.turns]
    problems: list[Problem] = []
    if expect.turns is not None and len(expect.turns) != len(result.turns):
        problems.append(Problem(*locate(("expect", "turns"), key=True), f"expected {len(expect.turns)} turns, got {len(result.turns)}"))
    problems.extend(_boards_problems(expect, result, locate))
    compared: list[tuple[int, list[OptionFacts], list[OptionFacts]]] = []
    for index, want in enumerate(wanted):
        got = got_turns[index] if index < len(got_turns) else {"actor": None, "focus": [], "options": []}
        prefix = f"turn {index + 1}: " if len(wanted) > 1 else ""
        if want.actor is not None and want.actor != got["actor"]:
            problems.append(Problem(*locate(want.actor_at), f"{prefix}actor: expected {want.actor}, got {got['actor'] or 'none'}"))
        if want.focus is not None and sorted(set(want.focus)) != got["focus"]:
            message = f"{prefix}focus: expected {_names(sorted(set(want.focus)))}, got {_names(got['focus'])}"
            problems.append(Problem(*locate(want.focus_at), message))
        if want.options is not None:
            expected_set = _option_set(want.options)
            if expected_set != got["options"]:
                problems.extend(_option_problems(want, got["options"], prefix, locate))
            compared.append((index, expected_set, got["options"]))
    if not problems:
        return problems, None, None
    return problems, _sides_json(compared, 0, len(wanted)), _sides_json(compared, 1, len(wanted))


def _sides_json(compared: list[tuple[int, list[OptionFacts], list[OptionFacts]]], side: int, turns: int) -> Any:
    """One side (0 expected, 1 got) of the options compared, as JSON: the options of the one turn, or each turn's."""
    sides = [(index, got if side else expected) for index, expected, got in compared]
    if turns == 1:
        return _options_json(sides[0][1]) if sides else []
    return [{"turn": index + 1, "options": _options_json(options)} for index, options in sides]
