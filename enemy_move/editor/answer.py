"""The live answer beside the board: every turn in one line, then the selected turn in full.

The selected turn shows its focus, its options numbered from 1 (the one
selected marked, its route spelled out), the reasoning, and why-not for the
position under the cursor. An invalid board shows the loader's one line.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from rich.text import Text

from ..errors import escape_controls
from ..render.text import answer_line, option_words
from ..result import Option, Position, Result, Turn, format_position
from .board import option_number

if TYPE_CHECKING:
    from .session import Answer


def board_before(result: Result, index: int) -> Any:
    """The board turn ``index`` started from."""
    if index > 0 and index - 1 < len(result.boards_after):
        return result.boards_after[index - 1]
    return result.board


def option_line(index: int, option: Option, selected: bool, attacks: bool) -> Text:
    line = Text("▶ " if selected else "  ", style="bold")
    line.append(f"{option_number(index):>2} ", style="bold black on bright_green")
    where, *rest = option_words(option, attacks)  # "stays at [2, 3]" for an option that does not move, as the page
    line.append(f" {where}", style="bold" if selected else "")
    for words in rest:
        line.append(f"  {words}")
    for key, value in sorted(option.details.items()):
        line.append(f"  {key} {_plain(value)}", style="dim")
    return line


def _plain(value: object) -> str:
    if isinstance(value, (list, tuple)):
        return ", ".join(_plain(v) for v in value)
    if isinstance(value, dict):
        return "; ".join(f"{k} {_plain(v)}" for k, v in value.items())
    return escape_controls(str(value))


def turn_summary(result: Result, index: int, turn: Turn) -> str:
    """One line per turn: who, where to, what it attacks, or how many options the players pick among."""
    if not turn.options:
        return f"{turn.actor}: no options"
    if len(turn.options) > 1:
        chosen = turn.chosen if turn.chosen is not None else 0
        return f"{turn.actor}: {len(turn.options)} options, players choose (next round follows {option_number(chosen)})"
    option = turn.options[0]
    what = "stays" if len(option.path) < 2 else f"to {format_position(option.to)}"
    if option.attacks:
        what += f", attacks {', '.join(option.attacks)}"
    return f"{turn.actor}: {what}"


def answer_text(answer: Answer | None, *, working: bool, turn_index: int, option_index: int, cursor: Position | None) -> Text:
    """The whole panel as styled text."""
    text = Text()
    if working:
        text.append("⟳ working…\n", style="bold yellow")
    if answer is None:
        return text
    if answer.error is not None:
        text.append("Invalid: ", style="bold red")
        text.append(escape_controls(answer.error) + "\n", style="red")
        return text
    result = answer.result
    if result is None:
        return text
    if not result.turns:
        text.append("No figure acts.\n", style="italic")
        return text
    whole_phase = len(result.turns) > 1
    if whole_phase:
        for index, turn in enumerate(result.turns):
            mark = "▶" if index == turn_index else " "
            text.append(
                f"{mark}{index + 1}. {escape_controls(turn_summary(result, index, turn))}\n", style="bold" if index == turn_index else ""
            )
    turn = result.turns[min(turn_index, len(result.turns) - 1)]
    text.append(escape_controls(answer_line(turn, has_focus=result.has_focus)) + "\n", style="bold")
    for index, option in enumerate(turn.options):
        text.append_text(option_line(index, option, index == option_index, result.has_attacks))
        text.append("\n")
    if turn.options:
        option = turn.options[min(option_index, len(turn.options) - 1)]
        route = " > ".join(format_position(p) for p in option.path)
        text.append(f"route of {option_number(min(option_index, len(turn.options) - 1))}: ", style="bold yellow")
        text.append(route + "\n")
        effects = option.effects[1:]
        if effects:
            from ..result import describe_effect

            text.append("then: " + "; ".join(describe_effect(e) for e in effects) + "\n", style="yellow")
    if cursor is not None:
        text.append_text(_why_not(result, turn_index, turn, cursor))
    text.append("Reasoning\n", style="bold underline")
    for number, step in enumerate(turn.reasoning, 1):
        text.append(f"{number:>2}. ", style="dim")
        text.append(f"[{step.step}] ", style="bold cyan")
        text.append(escape_controls(step.text) + "\n")
    return text


def why_not_text(answer: Answer | None, turn_index: int, cursor: Position | None) -> Text:
    """Why the cell (or area) under the cursor is no destination of the turn shown (empty when there is no answer):
    shown on its own, so that moving the cursor does not format the whole answer again."""
    result = answer.result if answer is not None and answer.error is None else None
    if result is None or not result.turns or cursor is None:
        return Text()
    index = min(turn_index, len(result.turns) - 1)
    text = _why_not(result, index, result.turns[index], cursor)
    text.rstrip()  # its own widget: no blank line under it
    return text


def _why_not(result: Result, index: int, turn: Turn, cursor: Position) -> Text:
    from ..why_not import answer

    board = board_before(result, index)
    try:
        entry = answer(turn, board, cursor, whole_phase=len(result.turns) > 1)
    except (KeyError, AttributeError, TypeError):  # a board kind why-not does not know: say nothing
        return Text()
    words = entry.text
    # why_not numbers options from 0 like the rest of the output for now; the editor reads from 1.
    if entry.source == "option" and entry.option is not None:
        words = f"{format_position(cursor)} is option {option_number(entry.option)}: a destination."
    return Text("why not " + escape_controls(words) + "\n", style="magenta")
