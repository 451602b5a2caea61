"""The page's forms as HTML, laid out for a phone at the table: each card (a heading of the form) is a collapsed
``<details>`` section but the one that matters (the target's, else the first); in a form without headings (a figure,
an area, the scenario) the keys the file leaves out wait under *More*; Apply and Close stay in reach (a sticky footer,
board.css); a text the file already uses elsewhere (a faction, a type, a label) is offered as you type."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from ..safe_text import for_markup as escape
from ..safe_text import quoted_attribute as quoteattr
from .forms import ACTIVE, ENEMY_CARDS, NEW_CARD, NEW_ENEMY_CARD, NEW_STAT_CARD, REMOVE, fields_for

if TYPE_CHECKING:
    from ..document.document import ScenarioDocument
    from ..editor.forms import Field

#: Keys of a whole form (a new card), not of the card above them: shown after the last section.
_OWN = (NEW_CARD, NEW_STAT_CARD, NEW_ENEMY_CARD)
#: The most values a suggestion list offers.
_OFFERED = 200


def _shown(value: Any) -> str:
    if value is None:
        return ""
    if isinstance(value, list):
        return ", ".join(str(v) for v in value)
    return str(value)


def _sums(document: ScenarioDocument) -> str:
    """What the file's answer made of the stat cards ("e: Move 3+1 = 4"), as a paragraph ("" when none)."""
    from ..editor.session import compute_answer
    from ..editor.stats import sums

    said = sums(compute_answer(document.text(), document.file, 0).result)
    if not said:
        return ""
    lines = "".join(f"<li>{escape(line)}</li>" for line in said.split("\n"))
    return f'<div class="sums"><p>What each figure gets now (stat card and card):</p><ul>{lines}</ul></div>'


def suggestions(document: ScenarioDocument, field: Field) -> list[str]:
    """What to offer for a text ``field`` without choices of its own: the values the file's figures give the same
    key (a faction, a type, an owner), the labels and types for a new card, the types for a new stat card; for a
    comma list (the page offers each item in turn, static/board.js): the labels, the enemy types of the Initiative
    card, the items the file's figures list under the same key (their conditions)."""
    from ..editor.enemycards import enemy_types
    from ..editor.forms import names_for

    if field.choices:
        return list(field.choices)
    if field.kind == "list":
        return sorted(dict.fromkeys(_list_items(document, field)))[:_OFFERED]
    if field.label == "name":
        return names_for(document.ruleset or "")
    figures = document.get("figures")
    figures = figures if isinstance(figures, dict) else {}
    if field.key in (NEW_CARD, NEW_STAT_CARD):
        types = [str(f.get("type") or f.get("name")) for f in figures.values() if isinstance(f, dict) and (f.get("type") or f.get("name"))]
        offered = ([] if field.key == NEW_STAT_CARD else document.labels()) + types + enemy_types(document)
    elif field.kind == "text" and not field.key.startswith("+"):
        leaf = field.key.rpartition(".")[2]
        offered = [str(f.get(leaf)) for f in figures.values() if isinstance(f, dict) and isinstance(f.get(leaf), (str, int))]
        offered = [value for value in offered if not isinstance(value, bool)]
    else:
        return []
    return sorted(dict.fromkeys(offered))[:_OFFERED]


def _list_items(document: ScenarioDocument, field: Field) -> list[str]:
    from ..editor.enemycards import ORDER, enemy_types

    if field.labels:
        return document.labels()
    if field.key == ORDER:
        return enemy_types(document)
    figures = document.get("figures")
    leaf = field.key.rpartition(".")[2]
    lists = [f.get(leaf) for f in figures.values() if isinstance(f, dict)] if isinstance(figures, dict) else []
    return [str(item) for items in lists if isinstance(items, list) for item in items if isinstance(item, (str, int))]


def _words(label: str) -> str:
    """A label as words: an action's `attack.range` reads "attack range" (a phone wraps it at the space, where the
    dotted name broke in the middle of a word)."""
    return label.replace(".", " ")


def _control(document: ScenarioDocument, field: Field, ident: str, value: Any) -> str:
    """One field's label and control (and its suggestions)."""
    hint = f" title={quoteattr(field.description)}" if field.description else ""
    if field.kind in ("bool", "present"):
        checked = bool(field.default if value is None else value) if field.kind == "bool" else value is not None
        return (
            f'<label class="check"{hint}><input type="checkbox" name={quoteattr(field.key)} data-kind="{field.kind}"'
            f"{' checked' if checked else ''}> {escape(_words(field.label))}</label>"
        )
    choices = suggestions(document, field)
    listed = f' list="{ident}-choices"' if choices else ""
    mode = ' inputmode="decimal"' if field.kind == "number" else ""
    # a full keyboard for a signed value (a phone's number pad has no "+"), its two forms shown in the empty field
    signed = ' placeholder="+1, -1"' if field.kind == "signed" else ""
    options = "".join(f"<option value={quoteattr(choice)}>" for choice in choices)
    short = " short" if field.kind in ("number", "signed") else ""  # a number: its label beside it
    return (
        f'<div class="field{short}"><label for="{ident}"{hint}>{escape(_words(field.label))}</label>'
        f'<input id="{ident}" name={quoteattr(field.key)} data-kind="{field.kind}" value={quoteattr(_shown(value))}'
        f' autocomplete="off"{mode}{signed}{listed}>'
        + (f'<datalist id="{ident}-choices">{options}</datalist>' if choices else "")
        + "</div>"
    )


def _aims(document: ScenarioDocument, target: str) -> set[str]:
    """The cards a target names: a figure tapped last (its label, its type, its name), or a card's own key."""
    figure = document.get(f"figures.{target}") if target in document.labels() else None
    own = [figure.get(key) for key in ("type", "name")] if isinstance(figure, dict) else []
    return {str(name) for name in (target, *own) if name}


def _not_played(document: ScenarioDocument, fields: list[Field]) -> set[str]:
    """The Enemy cards' actions other than this round's symbol (shown shut; a card without one shows them all)."""
    from ..editor.enemycards import CARDS, symbol_of

    shut = set()
    for field in fields:
        kind, _, symbol = field.key.removeprefix(f"#{CARDS}.").partition(".")
        played = symbol_of(document, kind)
        if field.kind == "heading" and symbol and played is not None and str(played) != symbol:
            shut.add(field.key[1:])
    return shut


def _short_labels(fields: list[Field]) -> list[Field]:
    """A nested block's keys named without the block's name (`move` under the box `normal`, not `normal.move`)."""
    from dataclasses import replace

    boxes = {field.key: field.label for field in fields if field.kind == "present"}
    out = []
    for field in fields:
        box = boxes.get(field.key.rpartition(".")[0])
        out.append(replace(field, label=field.label.removeprefix(f"{box}.")) if box else field)
    return out


def _nest(fields: list[Field], controls: list[str]) -> None:
    """A nested block's keys (an attack's range...) wrapped with its box, hidden while it is not ticked (board.css)."""
    for index, field in enumerate(fields):
        if field.kind != "present":
            continue
        last = index
        while last + 1 < len(fields) and fields[last + 1].key.startswith(field.key + "."):
            last += 1
        if last > index:
            controls[index] = f'<div class="block">{controls[index]}<div class="sub">'
            controls[last] += "</div></div>"


#: The kinds of field short enough to sit two or more to a row (a number and its label, a box and its word).
_COMPACT = ("number", "signed", "bool")


def _rows(fields: list[Field], controls: list[str]) -> None:
    """A card's run of short fields under one parent (a stat card line's move, attack, range, targets, flying, jump)
    wrapped in a grid, two or more to a row (board.css): a card is half as tall on a phone. The form's own keys
    (``+...``: a new card, a box removing one) keep a row each; their labels are sentences."""
    start = 0
    while start < len(fields):
        end = start
        parent = fields[start].key.rpartition(".")[0]
        while (
            end < len(fields)
            and fields[end].kind in _COMPACT
            and not fields[end].key.startswith("+")
            and fields[end].key.rpartition(".")[0] == parent
        ):
            end += 1
        if end - start >= 2:
            controls[start] = '<div class="row">' + controls[start]
            controls[end - 1] += "</div>"
        start = max(end, start + 1)


def _sections(title: str, fields: list[Field], controls: list[str], aims: set[str], shut: set[str]) -> list[str]:
    """The controls, each card's (from its heading on) in a ``<details>`` section, open for the card ``aims`` names
    (else the first); a heading under a card's key (one of its actions) is a section inside it, open unless in ``shut``. A
    form of one card has no section: its heading shows only what the form's title does not say."""
    tops: list[str] = []
    for field in fields:
        if field.kind == "heading" and not (tops and field.key[1:].startswith(tops[-1] + ".")):
            tops.append(field.key[1:])
    opened = next((key for key in tops if key in aims or key.rpartition(".")[2] in aims), tops[0] if tops else "")
    rows: list[str] = []
    levels: list[bool] = []  # the <details> open: a card's (True), an action's in it (False)
    for field, control in zip(fields, controls, strict=True):
        top = field.kind == "heading" and field.key[1:] in tops
        if top or field.key in _OWN:
            rows.append("</details>" * len(levels))
            levels = []
            if top and len(tops) == 1:  # a form of one card: no section; its heading only if it says more
                rows.append("" if field.label.startswith(title) else f"<h4>{escape(field.label)}</h4>")
                continue
        elif levels and not levels[-1] and (field.kind == "heading" or field.key.startswith("+") and not field.key.startswith(REMOVE)):
            rows.append("</details>")  # the next action, or the card's own keys after its actions
            levels.pop()
        if field.kind != "heading":
            rows.append(control)
            continue
        key = field.key[1:]
        mark = " open" if key == opened or not top and key not in shut else ""
        rows.append(
            f'<details class="part{"" if top else " sub"}" data-key={quoteattr(key)}{mark}><summary>{escape(field.label)}</summary>'
        )
        levels.append(top)
    return [*rows, "</details>" * len(levels)]


def _more(document: ScenarioDocument, fields: list[Field], controls: list[str]) -> list[str]:
    """A form without cards: what the file gives (and what changes each round) first, the rest under *More*."""
    from ..editor.forms import FIRST

    shown: list[str] = []
    later: list[str] = []
    placed: dict[str, bool] = {}
    for field, control in zip(fields, controls, strict=True):
        parent = field.key.rpartition(".")[0]
        first = placed.get(parent)  # a nested block's keys stay with its box
        if first is None:
            first = document.get(field.key) is not None or field.label in FIRST or field.key == ACTIVE
        placed[field.key] = first
        (shown if first else later).append(control)
    if len(later) < 2:
        return shown + later
    return [*shown, f'<details class="part more" data-key="+more"><summary>More ({len(later)})</summary>', *later, "</details>"]


def form_html(document: ScenarioDocument, what: str, target: str) -> str:
    """The form as HTML: one labelled control per field, in sections; Apply and Close (and Remove for a figure)."""
    from ..editor.stats import shorthand_values

    title, fields = fields_for(document, what, target)
    fields = _short_labels(fields)
    shown = shorthand_values(document, [f for f in fields if f.kind != "heading" and not f.key.startswith("+")])
    controls = [
        ""
        if field.kind == "heading"
        else _control(document, field, f"field-{index}", shown.get(field.key) if field.key != ACTIVE else document.get(ACTIVE) == target)
        for index, field in enumerate(fields)
    ]
    has_cards = any(field.kind == "heading" for field in fields)
    if has_cards:
        _rows(fields, controls)  # before _nest: a block's wrapper goes round its rows
    _nest(fields, controls)
    rows = [_sums(document)] if what in ("card", "stats", ENEMY_CARDS) else []
    rows += (
        _sections(title, fields, controls, _aims(document, target), _not_played(document, fields) if what == ENEMY_CARDS else set())
        if has_cards
        else _more(document, fields, controls)
    )
    remove = '<button type="button" data-form-action="remove">Remove figure</button>' if what == "figure" else ""
    return (
        f'<form class="side" data-what="{escape(what)}" data-target={quoteattr(target)}><h3>{escape(title)}</h3>'
        + "".join(rows)
        + '<div class="buttons"><button type="submit" class="main">Apply</button>'
        + remove
        + '<button type="button" data-form-action="close">Close</button></div></form>'
    )


def links_html(document: ScenarioDocument) -> str:
    links = document.get("links")
    text = "\n".join(str(link) for link in links) if isinstance(links, list) else ""
    areas = document.get("areas")
    names = sorted(map(str, areas))[:_OFFERED] if isinstance(areas, dict) else []
    return (
        '<form class="side" data-what="links" data-target=""><h3>Links</h3>'
        '<label for="links-text">One a line: A -- B single line, A == B double, A || B barrier</label>'
        f'<textarea id="links-text" name="links" rows="8">{escape(text)}</textarea>'
        + (f'<p class="names">Areas: {escape(", ".join(names))}</p>' if names else "")
        + '<label for="area-name">New area (its name)</label><input id="area-name" name="new-area" autocomplete="off">'
        '<div class="buttons"><button type="submit" class="main">Apply</button>'
        '<button type="button" data-form-action="close">Close</button></div></form>'
    )
