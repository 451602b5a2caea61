"""``resolve --html``: one static page, readable on a phone: the key, then per turn its picture, the options
table with the ruleset's own columns, what the rest of the phase assumes, and the reasoning (folded).

Clicking an option (its row or its badge) shows its route solid and the others faint. Nothing is fetched;
the small script is inline; every text a user wrote is escaped.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from ..result import Option, Result, Turn, TurnExtra, assumption, describe_effect, format_position, option_number
from ..safe_text import for_markup as escape
from .svg_base import _DEFS, FONT, _f
from .svg_marks import key_entries
from .text import turn_line

STYLE = (
    "body{font-family:DejaVu Sans,Arial,sans-serif;max-width:1000px;margin:1em auto;padding:0 .8em;color:#222}"
    "table{border-collapse:collapse;margin:.5em 0;display:block;overflow-x:auto;max-width:100%}"
    "td,th{border:1px solid #bbb;padding:2px 8px;text-align:left;white-space:nowrap}"
    "tr.option{cursor:pointer}tr.option.picked td{background:#e6f4ea;font-weight:bold}"
    ".meta{color:#666}svg.board{display:block;width:100%;height:auto;margin:.5em 0}"
    ".key{list-style:none;padding:0;display:flex;flex-wrap:wrap;gap:.3em 1.2em}"
    ".key span{display:inline-block;width:.9em;height:.9em;border:1px solid #555;border-radius:50%;margin-right:.3em;vertical-align:-.1em}"
    "svg .route{stroke-opacity:.3;stroke-width:2.5;stroke-dasharray:6 4}"
    "svg .route.shown{stroke-opacity:.9;stroke-width:4;stroke-dasharray:none}"
    "svg g.option{cursor:pointer}.assume{font-style:italic}"
)

#: Clicking an option row or badge shows that option's route solid in its section (the others faint).
SCRIPT = (
    "document.querySelectorAll('section.turn').forEach(function(s){"
    "function pick(i){s.querySelectorAll('.route').forEach(function(r){"
    "r.classList.toggle('shown',r.getAttribute('data-option')===i)});"
    "s.querySelectorAll('tr.option').forEach(function(t){t.classList.toggle('picked',t.getAttribute('data-option')===i)});"
    "s.querySelectorAll('div.branch').forEach(function(b){b.hidden=b.getAttribute('data-option')!==i})}"
    "s.querySelectorAll('tr.option').forEach(function(t){t.addEventListener('click',function(){pick(t.getAttribute('data-option'))})});"
    "s.querySelectorAll('g.option').forEach(function(g){g.addEventListener('click',function(){"
    "pick(g.getAttribute('data-options').split(' ')[0])})})})"
)


def _plain(value: object) -> str:
    if isinstance(value, (list, tuple)):
        return ", ".join(_plain(v) for v in value)
    if isinstance(value, dict):
        if set(value) == {"choose", "among"}:
            return f"{value['choose']} of {_plain(value['among'])}"
        return "; ".join(f"{key} {_plain(item)}" for key, item in value.items())
    return str(value)


def options_table(turn: Turn, *, attacks: bool = True) -> str:
    """The options as in the text table: number from 1, to, attacks, moves, path, the ruleset's details,
    other effects, and which one the rest of the phase assumes."""
    if not turn.options:
        return "<p>No options.</p>"
    details = sorted({key for option in turn.options for key in option.details})
    effects = any(len(option.effects) > 1 for option in turn.options)
    head = ["#", "to", *(["attacks"] if attacks else []), "moves", "path", *details, *(["effects"] if effects else [])]
    head += ["phase"] if turn.follows else []
    rows = []
    for index, option in enumerate(turn.options):
        cells = [str(option_number(index)), format_position(option.to), *([", ".join(option.attacks) or "-"] if attacks else [])]
        cells += [str(len(option.path) - 1), " > ".join(format_position(p) for p in option.path)]
        cells += [_plain(option.details.get(key, "")) for key in details]
        cells += ["; ".join(describe_effect(e) for e in option.effects[1:]) or "-"] if effects else []
        cells += ["assumed" if index == turn.chosen else ""] if turn.follows else []
        picked = " picked" if index == (turn.chosen or 0) else ""
        rows.append(f'<tr class="option{picked}" data-option="{index}">' + "".join(f"<td>{escape(c)}</td>" for c in cells) + "</tr>")
    return "<table><tr>" + "".join(f"<th>{escape(h)}</th>" for h in head) + "</tr>" + "".join(rows) + "</table>"


def _svg(elements: list[str], width: float, height: float, caption: str) -> str:
    return (
        f'<svg class="board" xmlns="http://www.w3.org/2000/svg" viewBox="0 0 {_f(width)} {_f(height)}" '
        f'style="max-width:{_f(width)}px" role="img" aria-label="{escape(caption)}" {FONT}>{_DEFS}' + "".join(elements) + "</svg>"
    )


def page(result: Result, extra: Sequence[TurnExtra] = (), branches: Mapping[tuple[int, int], Result] | None = None) -> str:
    from .svg import sections

    title = escape(result.title or result.scenario)
    body = [f"<h1>{title}</h1>", f'<p class="meta">{escape(result.ruleset)} / {escape(result.variant)} · {escape(result.scenario)}</p>']
    key = key_entries(result.figures, sorted(result.figures))
    if key:
        items = "".join(f'<li><span style="background:{colour}"></span>{escape(text)}</li>' for colour, text in key)
        body.append(f'<ul class="key">{items}</ul>')
    for index, (caption, elements, width, height) in enumerate(sections(result)):
        body.append(f'<section class="turn"><h2>{escape(caption)}</h2>' + _svg(elements, width, height, caption))
        if index == 0 and result.description:  # the board first, then the words
            body.append(f"<p>{escape(result.description)}</p>")
        if index < len(result.turns):
            body.append(_turn_text(result, index, extra) + _branches(result, index, branches or {}))
        body.append("</section>")
    return (
        '<!DOCTYPE html>\n<html lang="en"><head><meta charset="utf-8">'
        '<meta name="viewport" content="width=device-width, initial-scale=1">'
        f"<title>{title}</title><style>{STYLE}</style></head>"
        f"<body>{''.join(body)}<script>{SCRIPT}</script></body></html>\n"
    )


def _turn_text(result: Result, index: int, extra: Sequence[TurnExtra]) -> str:
    turn = result.turns[index]
    parts = [options_table(turn, attacks=result.has_attacks)]
    if turn.follows and turn.chosen is not None:
        parts.append(f'<p class="assume">{escape(turn.actor)}: {escape(assumption(turn.actor, turn.chosen, len(turn.options)))}.</p>')
    added = extra[index].steps if index < len(extra) else []
    steps = "".join(
        f"<li><code>{escape(step.step)}</code> {escape(step.text)}"
        + (f' <small class="source">({escape(step.source)})</small>' if step.source else "")
        + "</li>"
        for step in turn.reasoning + added
    )
    parts.append(f"<details><summary>Reasoning</summary><ol>{steps}</ol></details>")
    return "".join(parts)


def _branches(result: Result, index: int, branches: Mapping[tuple[int, int], Result]) -> str:
    """For each option of turn ``index`` the phase did not take: that branch's later turns (shown on a click)."""
    from .svg import sections

    turn = result.turns[index]
    if not turn.follows:
        return ""
    blocks = [
        f'<div class="branch" data-option="{turn.chosen}"><p class="assume">Option {option_number(turn.chosen or 0)}: '
        "the later turns below.</p></div>"
    ]
    for (where, option), branch in sorted(branches.items()):
        if where != index:
            continue
        lines = "".join(
            f"<li>{escape(turn_line(n + 1, later, has_focus=branch.has_focus))}</li>" for n, later in enumerate(branch.turns) if n > index
        )
        caption, elements, width, height = sections(branch)[-1]
        blocks.append(
            f'<div class="branch" data-option="{option}" hidden><p class="assume">If the players choose option '
            f"{option_number(option)}, the later turns:</p><ul>{lines}</ul>"
            + _svg(elements, width, height, f"{caption}, option {option_number(option)}")
            + "</div>"
        )
    return "".join(blocks)


__all__ = ["Option", "options_table", "page"]
