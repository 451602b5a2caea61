"""``resolve --html``: one static page, readable on a phone (390 px wide: nothing scrolls sideways): the key, then
per turn its picture, the options table with the ruleset's own columns, what the rest of the phase assumes, and
the reasoning (folded); then the board after the phase.

Clicking another option (its row or its badge) switches the whole rest of the page to that line of play: the
later turns and the board after the phase are the ones the runner played from there (``phase.explore``), and a
bar at the top says which line is shown. Each turn is a section keyed by the options the turns before it took
(``data-path``); the sections of lines not shown are ``hidden`` until a click shows them. The board itself (cells,
rulers, walls; area boxes) is drawn once per distinct board in a shared ``<defs>`` and placed with ``<use>``.
Nothing is fetched; the small script is inline; every text a user wrote is escaped.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import TYPE_CHECKING, Any

from ..result import Option, Result, Turn, TurnExtra, assumption, describe_effect, format_position, option_number
from ..safe_text import for_markup as escape
from ..safe_text import quoted_attribute as quoteattr
from .html_script import SCRIPT, STYLE
from .svg_base import FONT, SVG_DEFS, svg_number
from .svg_marks import key_entries

if TYPE_CHECKING:
    from ..phase import Line


def _plain(value: object) -> str:
    if isinstance(value, (list, tuple)):
        return ", ".join(_plain(v) for v in value)
    if isinstance(value, dict):
        if set(value) == {"choose", "among"}:
            return f"{value['choose']} of {_plain(value['among'])}"
        return "; ".join(f"{key} {_plain(item)}" for key, item in value.items())
    return str(value)


def options_table(turn: Turn, *, attacks: bool = True, picked: int | None = None) -> str:
    """The options as in the text table: number from 1, to, attacks, moves, path, the ruleset's details,
    other effects, and which one the rest of the phase assumes. Each cell names its column (``data-h``:
    a phone shows each option as a card of "column: value" lines)."""
    if not turn.options:
        return "<p>No options.</p>"
    details = sorted({key for option in turn.options for key in option.details})
    effects = any(len(option.effects) > 1 for option in turn.options)
    head = ["#", "to", *(["attacks"] if attacks else []), "moves", "path", *details, *(["effects"] if effects else [])]
    head += ["phase"] if turn.follows else []
    shown = picked if picked is not None else turn.chosen or 0
    rows = []
    for index, option in enumerate(turn.options):
        cells = [str(option_number(index)), format_position(option.to), *([", ".join(option.attacks) or "-"] if attacks else [])]
        cells += [str(len(option.path) - 1), " > ".join(format_position(p) for p in option.path)]
        cells += [_plain(option.details.get(key, "")) for key in details]
        cells += ["; ".join(describe_effect(e) for e in option.effects[1:]) or "-"] if effects else []
        cells += ["assumed" if index == turn.chosen else ""] if turn.follows else []
        mark = " picked" if index == shown else ""
        rows.append(
            f'<tr class="option{mark}" data-option="{index}" tabindex="0">'
            + "".join(f"<td data-h={quoteattr(h)}>{escape(c)}</td>" for h, c in zip(head, cells))
            + "</tr>"
        )
    return '<table class="options"><tr>' + "".join(f"<th>{escape(h)}</th>" for h in head) + "</tr>" + "".join(rows) + "</table>"


def _svg(elements: list[str], width: float, height: float, caption: str) -> str:
    return (
        f'<svg class="board" xmlns="http://www.w3.org/2000/svg" viewBox="0 0 {svg_number(width)} {svg_number(height)}" '
        f'style="max-width:{svg_number(width)}px" role="img" aria-label="{escape(caption)}" {FONT}>' + "".join(elements) + "</svg>"
    )


def _key(path: Sequence[int]) -> str:
    return ".".join(str(i) for i in path)


class _Node:
    """One turn of one line of play: the options the turns before took (``path``) and who took them (``actors``),
    its board, the turn, the option its line follows, and whether it is on the phase as resolved (``main``)."""

    def __init__(self, path: tuple[int, ...], line: Line, main: bool) -> None:
        index = len(path)
        self.path, self.board, self.turn, self.follow, self.main = path, line.boards[index], line.turns[index], line.choices[index], main
        self.actors = tuple(turn.actor for turn in line.turns[:index])


def _nodes(lines: Sequence[Line]) -> tuple[list[_Node], list[tuple[tuple[int, ...], Any, Line]]]:
    """Every distinct turn of the lines (the first line played it) and every line's board after the phase."""
    nodes: dict[tuple[int, ...], _Node] = {}
    afters = []
    for number, line in enumerate(lines):
        for index in range(line.start, len(line.turns)):
            path = line.choices[:index]
            if path not in nodes:
                nodes[path] = _Node(path, line, number == 0)
        afters.append((line.choices, line.boards[-1], line))
    return sorted(nodes.values(), key=lambda n: (len(n.path), not n.main, n.path)), afters


def page(
    result: Result,
    extra: Sequence[TurnExtra] = (),
    lines: Sequence[Line] | None = None,
    choices: Mapping[str, int] | None = None,
    sight: Any = None,
) -> str:
    """The page; ``lines`` (``phase.explore``, the first one the phase as resolved) are the lines of play a click
    can show; ``choices`` the ``--choose`` the phase was resolved with (repeated in the hint for a line not worked out);
    ``sight`` the ``--sight-from`` report, its lines drawn on the turns of the phase as resolved."""
    from ..phase import LINE_LIMIT, Line
    from .svg import BoardSymbols, section, taken_routes

    if not lines:
        boards = [result.board, *result.boards_after] if result.turns else [result.board]
        lines = [Line(tuple(t.chosen or 0 for t in result.turns), list(result.turns), boards)]
    symbols = BoardSymbols()
    title = escape(result.title or result.scenario)
    count = len(result.turns)
    body = [f"<h1>{title}</h1>", f'<p class="meta">{escape(result.ruleset)} / {escape(result.variant)} · {escape(result.scenario)}</p>']
    key = key_entries(result.figures, sorted(result.figures))
    if key:
        items = "".join(f'<li><span style="background:{colour}"></span>{escape(text)}</li>' for colour, text in key)
        body.append(f'<ul class="key">{items}</ul>')
    if count > 1:
        body.append(
            '<p id="shown" class="shown" aria-live="polite"><span>Shown: the phase as resolved (each turn takes the option '
            'the table marks).</span> <button type="button" hidden>Show the phase as resolved</button></p>'
        )
    nodes, afters = _nodes(lines)
    sections: list[str] = []
    for node in nodes:
        index = len(node.path)
        seen = (sight.at, sight.lines[index]) if sight is not None and node.main and index < len(sight.lines) else None
        caption, elements, width, height = section(result, index, node.board, node.turn, symbols=symbols, sight=seen)
        listed = _sight_list(*seen) if seen is not None else ""
        sections.append(_turn_section(result, node, (caption, _svg(elements, width, height, caption) + listed), extra, choices or {}))
    if count > 1:
        for path, board, line in afters:
            routes = taken_routes(line.turns, path)
            caption, elements, width, height = section(result, None, board, None, symbols=symbols, routes=routes)
            hidden = "" if line is lines[0] else " hidden"
            sections.append(
                f'<section class="after" data-path="{_key(path)}"{hidden}><h2>{escape(caption)}</h2>{_svg(elements, width, height, caption)}</section>'
            )
    defs = f'<svg class="defs" aria-hidden="true" width="0" height="0">{SVG_DEFS}{symbols.defs()}</svg>'
    data = f'data-turns="{count}" data-main="{_key(lines[0].choices)}" data-scenario={quoteattr(result.scenario)} data-limit="{LINE_LIMIT}"'
    return (
        '<!DOCTYPE html>\n<html lang="en"><head><meta charset="utf-8">'
        '<meta name="viewport" content="width=device-width, initial-scale=1">'
        f"<title>{title}</title><style>{STYLE}</style></head>"
        f"<body {data}>{defs}{''.join(body)}{''.join(sections)}<script>{SCRIPT}</script></body></html>\n"
    )


def _sight_list(at: Any, lines: Sequence[Any]) -> str:
    """``--sight-from`` in words under the picture: each figure in sight, or what blocks its line (the game's words)."""
    from .text import sight_heading, sight_line_text

    items = "".join(f'<li class="{"in-sight" if line.clear else "blocked"}">{escape(sight_line_text(line))}</li>' for line in lines)
    return f'<div class="sight"><p><b>{escape(sight_heading(at, list(lines)))}</b></p><ul>{items}</ul></div>'


def _turn_section(result: Result, node: _Node, drawn: tuple[str, str], extra: Sequence[TurnExtra], choices: Mapping[str, int]) -> str:
    index, turn = len(node.path), node.turn
    caption, picture = drawn
    earlier = dict(choices)  # the --choose that gives this node: the options the turns before took (and the file's own)
    for actor, taken in zip(node.actors, node.path):
        earlier[actor] = taken
    flags = " ".join(f"{label}={option_number(chosen)}" for label, chosen in sorted(earlier.items()) if chosen and label != turn.actor)
    attributes = (
        f'class="turn" data-path="{_key(node.path)}" data-turn="{index}" data-follow="{node.follow}" '
        f"data-actor={quoteattr(turn.actor)} data-choose={quoteattr(flags)}" + ("" if node.main else " hidden")
    )
    parts = [f"<section {attributes}><h2>{escape(caption)}</h2>{picture}"]
    if index == 0 and result.description:  # the board first, then the words
        parts.append(f"<p>{escape(result.description)}</p>")
    parts.append(options_table(turn, attacks=result.has_attacks, picked=node.follow))
    if turn.follows and turn.chosen is not None:
        said = f"{turn.actor}: {assumption(turn.actor, turn.chosen, len(turn.options))}."
        parts.append(f'<p class="assume" data-said={quoteattr(said)}>{escape(said)}</p>')
    parts.append('<p class="missing" hidden></p>')
    added = extra[index].steps if node.main and index < len(extra) else []
    steps = "".join(
        f"<li><code>{escape(step.step)}</code> {escape(step.text)}"
        + (f' <small class="source">({escape(step.source)})</small>' if step.source else "")
        + "</li>"
        for step in turn.reasoning + added
    )
    parts.append(f"<details><summary>Reasoning</summary><ol>{steps}</ol></details></section>")
    return "".join(parts)


__all__ = ["Option", "options_table", "page"]
