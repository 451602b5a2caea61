"""Words shared by the text views and the pictures (no rich import: pictures are drawn without it)."""

from __future__ import annotations

from typing import Any

from ..result import Option, Turn, describe_effect, format_position, option_number
from ..wording import and_list


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
        what = f"players choose {choice_numbers(len(options))}"
        if whole_phase and turn.follows and turn.chosen is not None:
            what += f"; the rest assumes {option_number(turn.chosen)}"
        parts.append(what)
    return "  ·  ".join(parts)


def turn_words(turn: Turn) -> str:
    """What a turn did in a few words (the message after the next round: the editor's and the table page's)."""
    if not turn.options or turn.chosen is None:
        return f"{turn.actor} stays"
    option = turn.options[turn.chosen]
    words = f"{turn.actor} to {format_position(option.to)}" if len(option.path) > 1 else f"{turn.actor} stays"
    return words + (f", attacks {', '.join(option.attacks)}" if option.attacks else "")


def attack_words(attacks: list[str] | tuple[str, ...]) -> str:
    """An option's attacks in words a player reads: "attacks A, B", or "no attack" (a line of words, where a
    table's empty cell would be "-")."""
    return f"attacks {', '.join(attacks)}" if attacks else "no attack"


def option_words(option: Option, has_attacks: bool) -> list[str]:
    """An option as the page and the editor list it: where it goes ("stays at" when it does not move), how many
    moves, whom it attacks (where the game has attacks)."""
    moves = len(option.path) - 1
    where = f"to {format_position(option.to)}" if moves else f"stays at {format_position(option.to)}"
    words = [where, f"{moves} {'move' if moves == 1 else 'moves'}"] if moves else [where]
    return words + ([attack_words(option.attacks)] if has_attacks else [])


def choice_numbers(count: int) -> str:
    """``1/2/3`` for up to four options, ``1-7`` beyond: the numbers the players choose among."""
    return "/".join(str(n) for n in range(1, count + 1)) if count <= 4 else f"1-{count}"


def pack_entries(entries: list[str], width: int, gap: str = "  ") -> list[str]:
    """Legend or note entries on lines of at most ``width`` characters, never broken inside an entry
    (an entry longer than a line gets a line of its own)."""
    lines: list[str] = []
    for entry in entries:
        if lines and len(lines[-1]) + len(gap) + len(entry) <= width:
            lines[-1] += gap + entry
        else:
            lines.append(entry)
    return lines


def turn_line(number: int, turn: Turn, *, has_focus: bool = True) -> str:
    """One turn of a phase summary: who, focus, where to, attacks, and "players choose 1/2/3" where they do."""
    parts = [f"{number} {turn.actor}"]
    if has_focus:
        parts.append(f"focus {', '.join(turn.focus) if turn.focus else 'none'}")
    if not turn.options:
        parts.append("no options")
        return "  ".join(parts)
    option = turn.options[turn.chosen if turn.chosen is not None else 0]
    moves = len(option.path) - 1
    parts.append(f"to {format_position(option.to)} ({moves} {'move' if moves == 1 else 'moves'})" if moves else "stays")
    if option.attacks:
        parts.append(f"attacks {', '.join(option.attacks)}")
    others = [describe_effect(effect) for effect in option.effects[1:]]
    if others:
        parts.append("; ".join(others))
    if len(turn.options) > 1:
        parts.append(f"players choose {choice_numbers(len(turn.options))}")
    return "  ".join(parts)


def assumption_line(turns: list[Turn]) -> str:
    """The one sentence saying what a phase summary assumes where the players choose (never advice)."""
    choosing = [turn for turn in turns if turn.follows and turn.chosen is not None]
    if not choosing:
        return ""
    who = and_list(turn.actor for turn in choosing)
    first = choosing[0]
    other = 2 if first.chosen == 0 else 1
    if all(turn.chosen == 0 for turn in choosing):
        assumed = f"option 1 for {who}"
    else:
        assumed = and_list(f"option {option_number(turn.chosen or 0)} for {turn.actor}" for turn in choosing)
    return f"The rest of the phase assumes {assumed}; --choose {first.actor}={other} for another."


#: How a clear line is seen, by the line drawn (geometry.sight_line.SightLine.through).
_SEEN = {
    "centres": "along the centres' line",
    "corners": "corner to corner",
    "centres (approximate)": "along a line through no centre or corner",
}


def sight_line_text(line: Any) -> str:
    """One ``--sight-from`` line in words: the figure, its position, and in sight or what blocks it (the game's words)."""
    where = f"{line.target} in {line.at}" if isinstance(line.at, str) else f"{line.target} {format_position(line.at)}"
    if line.clear:
        seen = _SEEN.get(line.through, "")
        return f"{where}: in sight" + (f" ({seen})" if seen else "")
    return f"{where}: out of sight" + (f": {line.why}" if line.why else "")


def sight_heading(at: Any, lines: list[Any]) -> str:
    """``Sight from [3, 2]: 1 of 2 figures in sight`` (or that no figure stands elsewhere)."""
    seen = sum(1 for line in lines if line.clear)
    if not lines:
        return f"Sight from {format_position(at)}: no other figure on the board"
    return f"Sight from {format_position(at)}: {seen} of {len(lines)} {'figure' if len(lines) == 1 else 'figures'} in sight"
