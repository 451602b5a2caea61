"""The table page's sight lines: a cell (or area) tapped in Sight mode, the game's sight lines from it.

The same answer as ``resolve --sight-from`` (``why_not.sight_from``: the game's own sight oracle through
``Game.sight_lines``): the board's SVG draws the lines (``svg.sections(..., sight=)``) and the answer lists them,
each blocked line with what blocks it in the game's words. A game without a sight rule, or a cell no figure could
see from, is one sentence in the answer, never an error of the page.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from ..result import Position, format_position
from ..safe_text import for_markup as escape

if TYPE_CHECKING:
    from ..result import Result
    from .board import Request


def sight_report(request: Request, result: Result) -> tuple[Any, str | None]:
    """The ``--sight-from`` report for the request's ``sight`` position (None and a sentence when there is none)."""
    from ..loader import load_text
    from ..models import validate_document
    from ..why_not import WhyNotError, sight_from

    at = request.sight
    if at is None:
        return None, None
    text = f"{at[0]},{at[1]}" if isinstance(at, tuple) else str(at)
    scenario = validate_document(load_text(request.text, request.file))  # the text resolved already: it validates
    try:
        return sight_from(result, scenario, text), None
    except WhyNotError as error:
        # "--sight-from '3,2': the reason": the page names the position in its own words
        message = str(error)
        reason = message.split(": ", 1)[1] if message.startswith("--sight-from ") and ": " in message else message
        return None, reason


def sight_html(at: Position, lines: list[Any] | None, problem: str | None) -> str:
    """The answer's sight block: a heading, one line per figure (in sight, or what blocks it), a Clear button."""
    from ..render.text import sight_heading, sight_line_text

    clear = '<button type="button" class="sight-clear" data-sight-clear="1">Clear</button>'
    if lines is None:
        words = f"Sight from {format_position(at)}: {problem or 'no sight lines'}"
        return f'<section class="sight" aria-label="sight"><p>{escape(words)} {clear}</p></section>'
    items = "".join(
        f'<li class="{"in-sight" if line.clear else "blocked"}" data-target={_attribute(line.target)}>{escape(sight_line_text(line))}</li>'
        for line in lines
    )
    heading = escape(sight_heading(at, lines))
    return f'<section class="sight" aria-label="sight"><p><b>{heading}</b> {clear}</p><ul>{items}</ul></section>'


def _attribute(value: str) -> str:
    from ..safe_text import quoted_attribute

    return quoted_attribute(value)
