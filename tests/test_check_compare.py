"""comparing.compare (issue 34: the comparison with ``expect:`` without building both sides' JSON for a passing file,
the options' facts read straight from the answer and the expected options' fields from pydantic's ``__dict__``): the
same differences, at the same places, and the same two sides as the comparison before it, on every project scenario
with an ``expect:`` block and on seeded random changes of each (options dropped, added, retargeted; focus and actor
changed; turns dropped)."""

from __future__ import annotations

import random
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from enemy_move import comparing
from enemy_move.comparing import _boards_problems, _option_problems, _options_json, _Wanted, option_facts
from enemy_move.effects import position_key
from enemy_move.models import load_scenario
from enemy_move.phase import resolve
from enemy_move.result import Result, Turn

ROOT = Path(__file__).resolve().parent.parent


# --- the comparison as it was (checking.py before this change), the reference -----------------------------------


def _old_option_set(options: Any) -> list[Any]:
    return sorted({option_facts(o) for o in options}, key=lambda t: (position_key(t[0]), t[1]))


def _old_turn_facts(turn: Turn) -> dict[str, Any]:
    return {
        "actor": turn.actor,
        "focus": sorted(turn.focus),
        "options": _old_option_set([{"to": o.to, "attacks": o.attacks} for o in turn.options]),
    }


def _old_wanted_turns(expect: Any) -> list[_Wanted]:
    wanted: list[_Wanted] = []
    for index, turn in enumerate(expect.turns or []):
        base = ("expect", "turns", index)
        options = [dict(o) for o in turn.options] if turn.options is not None else None
        wanted.append(_Wanted(turn.actor, (*base, "actor"), turn.focus, (*base, "focus"), options, (*base, "options"), base))
    if expect.focus is not None or expect.options is not None:
        if not wanted:
            wanted.append(_Wanted())
        first = wanted[0]
        if expect.focus is not None:
            first.focus, first.focus_at = expect.focus, ("expect", "focus")
        if expect.options is not None:
            first.options, first.options_at = [dict(o) for o in expect.options], ("expect", "options")
    return wanted


def _old_compare(expect: Any, result: Result, where: Any) -> tuple[list[Any], Any, Any]:
    locate: Callable[..., tuple[int, int]] = where
    wanted = _old_wanted_turns(expect)
    got_turns = [_old_turn_facts(t) for t in result.turns]
    problems: list[Any] = []
    if expect.turns is not None and len(expect.turns) != len(result.turns):
        problems.append(
            comparing.Problem(*locate(("expect", "turns"), key=True), f"expected {len(expect.turns)} turns, got {len(result.turns)}")
        )
    problems.extend(_boards_problems(expect, result, locate))
    expected_json: list[Any] = []
    got_json: list[Any] = []
    for index, want in enumerate(wanted):
        got = got_turns[index] if index < len(got_turns) else {"actor": None, "focus": [], "options": []}
        prefix = f"turn {index + 1}: " if len(wanted) > 1 else ""
        if want.actor is not None and want.actor != got["actor"]:
            problems.append(
                comparing.Problem(*locate(want.actor_at), f"{prefix}actor: expected {want.actor}, got {got['actor'] or 'none'}")
            )
        if want.focus is not None and sorted(set(want.focus)) != got["focus"]:
            names = ", ".join(sorted(set(want.focus))) or "none"
            message = f"{prefix}focus: expected {names}, got {', '.join(got['focus']) or 'none'}"
            problems.append(comparing.Problem(*locate(want.focus_at), message))
        if want.options is not None:
            expected_set = _old_option_set(want.options)
            if expected_set != got["options"]:
                problems.extend(_option_problems(want, got["options"], prefix, locate))
            expected_json.append(
                _options_json(expected_set) if len(wanted) == 1 else {"turn": index + 1, "options": _options_json(expected_set)}
            )
            got_json.append(
                _options_json(got["options"]) if len(wanted) == 1 else {"turn": index + 1, "options": _options_json(got["options"])}
            )
    if len(wanted) == 1:
        return problems, (expected_json[0] if expected_json else []), (got_json[0] if got_json else [])
    return problems, expected_json, got_json


# --- the cases -------------------------------------------------------------------------------------------------------


def _with_expect() -> list[Path]:
    return sorted(path for path in (ROOT / "scenarios").rglob("*.yaml") if "\nexpect:" in path.read_text(encoding="utf-8"))


def _changed(expect: Any, chance: random.Random) -> Any:
    """``expect`` with one random change, validated as a file's would be."""
    data = expect.model_dump(exclude_none=True)
    turns = data.get("turns")
    blocks = [data] if "options" in data or "focus" in data else []
    blocks += turns or []
    kind = chance.choice(["drop", "add", "retarget", "focus", "actor", "turns"])
    block = chance.choice(blocks) if blocks else data
    options = block.get("options")
    if kind == "drop" and options:
        options.pop(chance.randrange(len(options)))
    elif kind == "add" and options is not None:
        options.append({"to": chance.choice([[0, 0], [1, 2], "nowhere"]), "attacks": chance.choice([[], ["A"], ["b", "A"]])})
    elif kind == "retarget" and options:
        chance.choice(options)["attacks"] = chance.choice([[], ["Z"], ["A", "B"]])
    elif kind == "focus":
        block["focus"] = chance.choice([[], ["A"], ["Q", "A"]])
    elif kind == "actor" and turns:
        chance.choice(turns)["actor"] = chance.choice(["a", "z"])
    elif kind == "turns" and turns and len(turns) > 1:
        turns.pop()
    return type(expect).model_validate(data)


@pytest.mark.parametrize("path", _with_expect(), ids=lambda p: str(p.relative_to(ROOT)))
def test_the_comparison_says_what_it_said(path: Path) -> None:
    scenario = load_scenario(path)
    result = resolve(scenario, None, {})
    expect, where = scenario.model.expect, scenario.source.where
    chance = random.Random(str(path.relative_to(ROOT)))
    for attempt in range(6):
        compared = expect if attempt == 0 else _changed(expect, chance)
        problems, expected, got = comparing.compare(compared, result, where)
        old_problems, old_expected, old_got = _old_compare(compared, result, where)
        assert problems == old_problems
        if problems:
            assert (expected, got) == (old_expected, old_got)
        else:  # a passing comparison's sides are not shown: not built
            assert (expected, got) == (None, None)


def test_an_expected_options_fields_are_its_dict() -> None:
    shown = 0
    for path in _with_expect():
        expect = load_scenario(path).model.expect
        for options in [expect.options or [], *[turn.options or [] for turn in expect.turns or []]]:
            for option in options:
                assert comparing._fields(option) == dict(option)
                shown += 1
    assert shown > 400
