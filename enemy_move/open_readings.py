"""Open readings named where they decide (issue 33): a turn resolved again under a switch's other value.

A game lists its two-reading switches; for each one that may matter on the turn, it resolves the same
turn with the other value (``resolve_other``) and, when the answer differs (focus, destinations, targets,
board changes), records a ``reading`` step naming the switch, the value followed and what the other
value would give. The core only compares and words; which switches exist and when they can matter
is the game's.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from .result import Displaced, Turn, describe_effect, format_position


def answer(turn: Turn) -> tuple[Any, ...]:
    """What a player sees of a turn: its focus and, per option, destination, targets and board changes."""
    return (tuple(turn.focus), tuple(sorted((repr(o.to), o.attacks, repr(o.effects[1:])) for o in turn.options)))


def word(value: Any) -> str:
    return str(value).lower() if isinstance(value, bool) else str(value)


def shown(turn: Turn) -> str:
    """The other reading's options, as people read them."""
    parts = sorted(
        {
            format_position(o.to)
            + (f" attacking {', '.join(o.attacks)}" if o.attacks else "")
            + "".join(f" ({describe_effect(e)})" for e in o.effects if isinstance(e, Displaced))
            for o in turn.options
        }
    )
    return "; ".join(parts) or "no option"


def name_if_it_decides(
    turn: Turn, switch: str, value: Any, other: Any, resolve_other: Callable[[], Turn | None], *, why: str = "", step: str = "reading"
) -> bool:
    """Add a step naming ``switch`` when the turn under ``other`` (None: that reading cannot be played here)
    differs from ``turn``; whether it did."""
    theirs = resolve_other()
    if theirs is None or answer(theirs) == answer(turn):
        return False
    focus = f" (focus {', '.join(theirs.focus) or 'none'})" if theirs.focus != turn.focus else ""
    turn.note(
        step,
        f"Open reading `{switch}: {word(value)}` decides here{why}: with `{word(other)}` the options would be {shown(theirs)}{focus}.",
        reading=switch,
        value=value,
        other=other,
    )
    return True


def switch_values(annotation: Any) -> tuple[Any, ...]:
    """The values a `rules.*` switch of this type may take: both booleans, each literal (None, "the default follows
    another key", is not one); () for a switch of any other type."""
    import typing

    found: list[Any] = []
    for part in typing.get_args(annotation) or (annotation,):
        if part is bool:
            found += [True, False]
        elif typing.get_origin(part) is typing.Literal:
            found += typing.get_args(part)
    if typing.get_origin(annotation) is typing.Literal:
        found = list(typing.get_args(annotation))
    return tuple(found)


def not_tried_on_a_big_board(turn: Turn, cells: int, limit: int, unit: str, keys: tuple[str, ...], what: str) -> bool:
    """On a board over ``limit`` cells the keys are not tried with their other values: the turn says so; True then."""
    if cells <= limit:
        return False
    turn.note(
        "reading",
        f"On a board of {cells} {unit} the {what} ({', '.join(keys)}) were not tried with their other "
        f"values (tried up to {limit} {unit}): one may decide here unnamed.",
        not_tried=list(keys),
    )
    return True
