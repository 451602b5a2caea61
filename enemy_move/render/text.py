"""Words shared by the text views and the pictures (no rich import: pictures are drawn without it)."""

from __future__ import annotations

import re

from ..result import Result, Step, Turn, format_position

_PLURAL = re.compile(r"(\d+)((?:\s+[A-Za-z-]+)*?)\s+([A-Za-z]+)\((e?s)\)")
#: "1 squares", "1 moves": the engines' plural after a count of one.
_ONE_PLURAL = re.compile(r"(^|[^\d.,])1 (squares|moves|hexes|areas|points|steps)\b")


def plain_english(text: str) -> str:
    """``1 hex(es)`` -> ``1 hex``, ``7 hex(es)`` -> ``7 hexes`` (engine wording, for the text view only)."""

    def fix(match: re.Match[str]) -> str:
        number, middle, word, suffix = match.groups()
        return f"{number}{middle} {word}{'' if number == '1' else suffix}"

    text = _PLURAL.sub(fix, text)
    text = _ONE_PLURAL.sub(lambda m: f"{m.group(1)}1 {m.group(2)[:-2] if m.group(2) == 'hexes' else m.group(2)[:-1]}", text)
    return text.replace("hex(es)", "hexes").replace("(s)", "s")


def has_focus(result: Result) -> bool:
    from ..rulesets import get

    game = get(result.ruleset)
    return bool(getattr(game, "has_focus", True))


def has_attacks(result: Result) -> bool:
    from ..rulesets import get

    return bool(getattr(get(result.ruleset), "has_attacks", True))


def unique_steps(turn: Turn) -> list[Step]:
    """The reasoning without repeated lines."""
    seen: set[tuple[str, str]] = set()
    steps = []
    for step in turn.reasoning:
        key = (step.step, step.text)
        if key not in seen:
            seen.add(key)
            steps.append(step)
    return steps


def answer_line(turn: Turn, *, has_focus: bool = True, whole_phase: bool = False) -> str:
    """The turn in one line: who, focus, and what it does (or how many options there are)."""
    parts = [turn.actor]
    if has_focus:
        parts.append(f"focus {', '.join(turn.focus) if turn.focus else 'none'}")
    options = turn.options
    if not options:
        parts.append("no options")
    elif len(options) == 1:
        option = options[0]
        moves = len(option.path) - 1
        what = f"moves to {format_position(option.to)} ({moves} {'move' if moves == 1 else 'moves'})" if moves else "stays"
        if option.attacks:
            what += f", attacks {', '.join(option.attacks)}"
        parts.append(what)
    else:
        what = f"{len(options)} options, the players choose"
        if whole_phase and turn.chosen is not None:
            what += f"; the phase follows {turn.chosen}"
        parts.append(what)
    return "  ·  ".join(parts)
