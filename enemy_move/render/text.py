"""Words shared by the text views and the pictures (no rich import: pictures are drawn without it)."""

from __future__ import annotations

from ..result import Turn, format_position


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
