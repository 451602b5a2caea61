"""The board page's live part: the board as inline SVG (the project's own pictures) and the answer beside it.

Everything is computed from the scenario text a request carries (the page
keeps the text, its undo steps and the players' choices): the server keeps
no state per phone, so any number of phones can look at the same file, and a
share link is the text itself. Edits go through the editor's session
(``enemy_move.editor.session``: the document operations, a new figure's
defaults) on a document read from that text.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from ..result import Position, format_position, option_number
from ..safe_text import for_markup as escape
from ..safe_text import quoted_attribute as quoteattr

if TYPE_CHECKING:
    from ..document.document import ScenarioDocument
    from ..editor.session import Session
    from ..result import Result, Turn


@dataclass
class Request:
    """What the page asks to be drawn: its text, the players' choices (label -> index from 0), the turn shown,
    the tapped position whose "why not" it wants, and the one its sight lines start from (Sight mode)."""

    text: str
    file: str
    choices: dict[str, int] = field(default_factory=dict)
    turn: int = 0
    why: Position | None = None
    sight: Position | None = None


class BadRequest(ValueError):
    """A request the page should not have sent (a 400 with this one line)."""


def parse_request(data: Any, file: str) -> Request:
    """The drawing request in a JSON body (BadRequest when its shape is wrong)."""
    if not isinstance(data, dict) or not isinstance(data.get("text"), str):
        raise BadRequest("expected a JSON object with the scenario's text")
    choices = data.get("choices") or {}
    if not isinstance(choices, dict) or not all(
        isinstance(k, str) and isinstance(v, int) and not isinstance(v, bool) and 0 <= v < 10_000 for k, v in choices.items()
    ):
        raise BadRequest("choices: expected {label: option index from 0}")
    turn = data.get("turn") or 0
    if not isinstance(turn, int) or isinstance(turn, bool) or not 0 <= turn < 10_000:
        raise BadRequest("turn: expected a turn index from 0")
    return Request(data["text"], file, dict(choices), turn, parse_position(data.get("why")), parse_position(data.get("sight"), "sight"))


#: A cell as the page sends it: ASCII digits only (str.isdigit takes "³", which int() refuses), at most 4 of them.
_CELL = re.compile(r"\s*(-?[0-9]{1,4})\s*,\s*(-?[0-9]{1,4})\s*", re.ASCII)


def parse_position(value: Any, name: str = "why") -> Position | None:
    """``"3,4"`` (a cell), an area name, or nothing."""
    if value is None or value == "":
        return None
    if not isinstance(value, str) or len(value) > 200:
        raise BadRequest(f"{name}: expected a cell as 'COL,ROW' or an area's name")
    cell = _CELL.fullmatch(value)
    if cell:
        return (int(cell.group(1)), int(cell.group(2)))
    return value


def resolve(request: Request) -> tuple[Result | None, str | None]:
    """The Result of the request's text, or the loader's one line (never raises for a bad file)."""
    from ..editor.session import compute_answer

    answer = compute_answer(request.text, request.file, 0, request.choices)
    return answer.result, answer.error


def view(request: Request) -> dict[str, Any]:
    """The board and the answer as HTML fragments, and what the page's script needs to know."""
    result, error = resolve(request)
    if result is None:
        # the text under the error, numbered, so that its LINE:COL can be found (the page keeps the last board drawn)
        lines = request.text.split("\n")[:300]
        source = "".join(f"<span>{number:>3}  {escape(line)}</span>\n" for number, line in enumerate(lines, 1))
        answer = f'<p class="error">{escape(error or "no answer")}</p><details open><summary>The file</summary><pre class="source">{source}</pre></details>'
        return {"error": error, "board": "", "answer": answer, "turns": 0, "need": None}
    from ..render.svg import sections
    from .parsed import keep_answer
    from .sight import sight_html, sight_report

    legends: list[list[tuple[str, str]]] = []
    report, problem = sight_report(request, result)
    drawn = sections(result, legends=legends, sight=report)
    shown = min(request.turn, max(len(result.turns) - 1, 0))
    caption, elements, width, height = drawn[shown]
    board = svg(elements, width, height, caption) + key_html(result, legends[shown])
    need = choice_needed(result, request.choices)
    seen = report.lines[shown] if report is not None and shown < len(report.lines) else None
    sight = sight_html(request.sight, seen, problem) if request.sight is not None else ""
    drawn_answer = answer_html(result, shown, request, drawn, sight)
    keep_answer(request.text, request.file, request.choices, result)  # the page's Next round of this view starts from it
    return {"error": None, "board": board, "answer": drawn_answer, "turns": len(result.turns), "turn": shown, "need": need}


def svg(elements: list[str], width: float, height: float, caption: str) -> str:
    from ..render.svg_base import FONT, SVG_DEFS, svg_number

    return (
        f'<svg class="board" xmlns="http://www.w3.org/2000/svg" viewBox="0 0 {svg_number(width)} {svg_number(height)}" '
        f'role="img" aria-label={quoteattr(caption)} {FONT}>{SVG_DEFS}' + "".join(elements) + "</svg>"
    )


def key_html(result: Result, legend: list[tuple[str, str]]) -> str:
    """The drawing's legend and the figures' key (name, side, initiative) as text under the board, folded."""
    from ..render.svg_marks import key_entries

    entries = list(dict.fromkeys(key_entries(result.figures, sorted(result.figures)) + legend))
    items = "".join(
        f'<li><span class="swatch" style="background:{escape(colour)}"></span>{escape(words)}</li>' for colour, words in entries
    )
    return f'<details class="key"><summary>Key</summary><ul>{items}</ul></details>' if items else ""


def choice_needed(result: Result, choices: dict[str, int]) -> dict[str, Any] | None:
    """The first turn where the players choose and have not chosen yet (Next round asks for it first)."""
    for index, turn in enumerate(result.turns):
        if len(turn.options) > 1 and turn.actor not in choices:
            return {"turn": index, "actor": turn.actor, "count": len(turn.options)}
    return None


def _turn_summary(turn: Turn) -> str:
    if not turn.options:
        return f"{turn.actor}: no options"
    option = turn.options[turn.chosen if turn.chosen is not None else 0]
    what = "stays" if len(option.path) < 2 else f"to {format_position(option.to)}"
    if option.attacks:
        what += f", attacks {', '.join(option.attacks)}"
    if len(turn.options) > 1:
        what += f" (option {option_number(turn.chosen or 0)} of {len(turn.options)}: players choose)"
    return f"{turn.actor}: {what}"


def answer_html(result: Result, shown: int, request: Request, drawn: list[tuple[str, list[str], float, float]], sight: str = "") -> str:
    """The answer region: every turn in one line (a button showing that turn), then the turn shown in full:
    focus, options numbered from 1 (a tap is the players' choice), the route, why-not, the sight lines (``sight``:
    serve/sight.py's block), the reasoning folded."""
    from ..render.text import answer_line

    if not result.turns:
        return '<p class="line">No figure acts.</p>'
    parts: list[str] = []
    whole = len(result.turns) > 1
    if whole:
        items = "".join(
            f'<li><button type="button" class="turn{" shown" if i == shown else ""}" data-turn="{i}">'
            f"{i + 1}. {escape(_turn_summary(turn))}</button></li>"
            for i, turn in enumerate(result.turns)
        )
        parts.append(f'<ol class="turns">{items}</ol>')
    turn = result.turns[shown]
    parts.append(f'<p class="line">{escape(answer_line(turn, has_focus=result.has_focus, whole_phase=whole).replace("  ·  ", " · "))}</p>')
    parts.append(_options(result, turn, request))
    if request.why is not None:
        parts.append(_why_not(result, shown, turn, request.why))
    parts.append(sight)
    steps = "".join(f"<li><code>{escape(step.step)}</code> {escape(step.text)}</li>" for step in turn.reasoning)
    parts.append(f"<details><summary>Reasoning ({len(turn.reasoning)} steps)</summary><ol>{steps}</ol></details>")
    if whole and len(drawn) > len(result.turns):
        caption, elements, width, height = drawn[-1]
        parts.append(f'<details class="after"><summary>{escape(caption)}</summary>{svg(elements, width, height, caption)}</details>')
    return "".join(parts)


def _options(result: Result, turn: Turn, request: Request) -> str:
    from ..render.text import option_words

    if not turn.options:
        return ""
    choose = len(turn.options) > 1
    picked = turn.chosen if turn.chosen is not None else 0
    rows = []
    for index, option in enumerate(turn.options):
        words = option_words(option, result.has_attacks)
        words += [f"{key} {value}" for key, value in sorted(option.details.items())]
        mark = " picked" if index == picked else ""
        chosen = " (chosen)" if choose and request.choices.get(turn.actor) == index else ""
        rows.append(
            f'<li><button type="button" class="option{mark}" data-actor={quoteattr(turn.actor)} data-option="{index}">'
            f'<b class="number">{option_number(index)}</b> {escape(" · ".join(words))}{escape(chosen)}</button></li>'
        )
    head = (
        f'<p class="choose">Players choose for {escape(turn.actor)}: tap an option.</p>'
        if choose and turn.actor not in request.choices
        else ""
    )
    option = turn.options[picked]
    route = " > ".join(format_position(p) for p in option.path)
    return head + f'<ol class="options">{"".join(rows)}</ol><p class="route">Route of {option_number(picked)}: {escape(route)}</p>'


def _why_not(result: Result, index: int, turn: Turn, at: Position) -> str:
    from ..why_not import answer

    board = result.board if index == 0 else result.boards_after[index - 1]
    try:
        entry = answer(turn, board, at, whole_phase=len(result.turns) > 1, look=result.look)
    except (KeyError, AttributeError, TypeError):  # a position this board does not have
        return f'<p class="whynot">{escape(format_position(at))}: not a position of this board.</p>'
    step = f" [rule step: {entry.step}]" if entry.step else ""
    return f'<p class="whynot"><b>Why not {escape(format_position(at))}?</b> {escape(entry.text + step)}</p>'


# --- edits ------------------------------------------------------------------------------------


def _cell(value: Any, name: str = "cell") -> tuple[int, int]:
    position = parse_position(value)
    if not isinstance(position, tuple):
        raise BadRequest(f"{name}: expected 'COL,ROW'")
    return position


def _label(value: Any) -> str:
    if not isinstance(value, str) or len(value) != 1 or not value.isascii() or not value.isalnum():
        raise BadRequest("label: a figure's label is one letter or digit")
    return value


def svg_text(value: Any, name: str) -> str:
    if not isinstance(value, str) or len(value) > 200:
        raise BadRequest(f"{name}: expected a short text")
    return value


def _values(session: Session, op: dict[str, Any]) -> bool:
    """A form's fields: {dotted key: what was typed or ticked}, parsed as the editor's forms parse them."""
    from .forms import FormError, changes, form_op

    values = op.get("values")
    if not isinstance(values, dict) or len(values) > 200:
        raise BadRequest("values: expected {key: value}")
    given = op.get("figure")
    figure = given if isinstance(given, str) else ""
    try:
        found = changes(session.doc, values, figure)
    except FormError as error:
        raise BadRequest(str(error)) from None

    def apply() -> None:
        for key, value in found.items():
            if key.startswith("+"):
                try:
                    done = form_op(session.doc, key, value)
                except ValueError as error:
                    raise BadRequest(str(error)) from None
                if not done:
                    _stat_card_op(session, key, value)
                continue
            parent = key.rpartition(".")[0]
            if parent and isinstance(session.doc.get(parent), str):
                session.doc.set(parent, {"value": session.doc.get(parent)})  # a card's `attack: "+1"` spelled out
            if value is None:
                if session.doc.get(key) is not None:
                    session.doc.delete(key)
            else:
                session.doc.set(key, value)

    return session.edit(apply, "the form", _touches(session, found), replaces=not any(key.startswith("+") for key in found))


def _touches(session: Session, found: dict[str, Any]) -> list[str]:
    """The keys a form's changes may change, saved before them (a copy of the whole document took 80 s on a board of
    1,000 areas and 6,875 links): each key, the value a key goes under when written as text (a card's `attack: "+1"`),
    the card a stat cards form's own key adds to (copied: it changes in place)."""
    from .forms import NEW_LEVEL, NEW_STAT_CARD, form_touches

    keys = []
    for key, value in found.items():
        keys += form_touches(key, value)
        if key == NEW_STAT_CARD:
            keys.append(f"stats.{str(value).strip()}")
        elif key.startswith(NEW_LEVEL):
            keys.append(key.removeprefix(NEW_LEVEL))
        elif not key.startswith("+"):
            keys.append(key)
            parent = key.rpartition(".")[0]
            if parent and isinstance(session.doc.get(parent), str):
                keys.append(parent)
    return keys


def _stat_card_op(session: Session, key: str, value: Any) -> None:
    """The stat cards form's own keys: a new card for a type, a line for another level of a card."""
    from ..editor.stats import NEW_CARD, add_level
    from .forms import NEW_LEVEL, NEW_STAT_CARD

    if value is None:
        return
    if key == NEW_STAT_CARD:
        name = str(value).strip()
        if "." in name or len(name) > 100:
            raise BadRequest("a stat card's type: a name without '.'")
        if session.doc.get(f"stats.{name}") is None:
            session.doc.set(f"stats.{name}", dict(NEW_CARD))
        return
    card = key.removeprefix(NEW_LEVEL)
    if not isinstance(value, int) or isinstance(value, bool) or not 0 <= value <= 7:
        raise BadRequest("a level is a number from 0 to 7")
    if session.doc.get(f"{card}.levels.{value}") is None:
        add_level(session.doc, card, value)


#: Most links the links form sends: more than a file within the size cap can hold (a link line is at least 11 bytes).
MAX_LINKS = 100_000


def _links(session: Session, op: dict[str, Any]) -> bool:
    """The links as the form's lines; a block list stays a block list (a flow list, or none, becomes a flow list)."""
    from ruamel.yaml.comments import CommentedSeq

    links = op.get("links")
    if not isinstance(links, list) or len(links) > MAX_LINKS or not all(isinstance(link, str) and len(link) < 200 for link in links):
        raise BadRequest("links: expected a list of lines such as 'A1 -- A2'")
    lines = [link.strip() for link in links if link.strip()]
    current = session.doc.data.get("links")
    block = isinstance(current, CommentedSeq) and bool(current) and not current.fa.flow_style()

    def apply() -> None:
        session.doc.set("links", lines)
        written = session.doc.data["links"]
        if block and written:
            written.fa.set_block_style()  # the writer then rewrites only the links that changed, as block items

    return session.edit(apply, "set links", ("links",), replaces=True)


def _add_area(session: Session, op: dict[str, Any]) -> bool:
    name = svg_text(op.get("name"), "name").strip()
    if not name or any(ch.isspace() for ch in name):
        raise BadRequest("an area's name is one word (e.g. A7)")
    game = session.doc.game
    return session.set_key(f"areas.{name}", dict(game.editor_new_area) if game is not None else {})


OPERATIONS: dict[str, Callable[[Session, dict[str, Any]], bool | str | None]] = {
    "paint": lambda s, op: s.paint(svg_text(op.get("symbol"), "symbol"), _cell(op.get("cell"))),
    "place": lambda s, op: s.place(_label(op.get("label")), _cell(op.get("cell"))),
    "place_in_area": lambda s, op: s.place_in_area(_label(op.get("label")), svg_text(op.get("area"), "area")),
    "remove": lambda s, op: s.remove_figure(_label(op.get("label"))),
    "wall": lambda s, op: s.edit(lambda: s.doc.toggle_wall(_cell(op.get("cell")), _cell(op.get("other"), "other"))),
    "set": _values,
    "links": _links,
    "add_area": _add_area,
    "border": lambda s, op: s.wall_border(),
}


def edit(text: str, file: str, op: Any) -> tuple[str, str | None]:
    """The text after the edit ``op`` asks for, and a message when it changed nothing or could not be made."""
    from ..document.document import ScenarioDocument
    from ..document.nodes import NeedsRuamel
    from .parsed import document_for

    if not isinstance(op, dict) or op.get("kind") not in OPERATIONS:
        raise BadRequest(f"op: expected one of {', '.join(sorted(OPERATIONS))}")
    # a ScenarioError for text that is not YAML: the caller says so; the document of the text an edit returned
    # is kept for the next edit (serve/parsed.py), else the text is read from libyaml's events (document/fastread.py)
    try:
        return _edit(document_for(text, file), text, file, op)
    except NeedsRuamel:  # the edit rewrites a part with a comment (or what only ruamel writes): ruamel reads the text
        return _edit(ScenarioDocument.from_text(text, file), text, file, op)


def _edit(document: ScenarioDocument, text: str, file: str, op: dict[str, Any]) -> tuple[str, str | None]:
    from ..document.document import EditError
    from ..editor.session import Session
    from .parsed import keep

    session = Session(document, file, saved_text=text)
    try:
        changed = OPERATIONS[op["kind"]](session, op)
    except EditError as error:
        keep(text, file, session.doc)  # a refused edit leaves the document as it was
        return text, str(error)
    if isinstance(changed, str):
        keep(text, file, session.doc)
        return text, changed
    after = session.text()
    if session.doc.settle(after):  # the next edit, carrying this text, is spliced into it as into a text just read
        keep(after, file, session.doc)
    return after, None if changed is not False else "nothing changed"


def next_round(request: Request) -> tuple[str | None, dict[str, Any] | None, str]:
    """The next round's text (the board after the phase, Ctrl+N in the editor), or the choice the players still have
    to make; and a sentence saying what moved."""
    from ..document.document import ScenarioDocument
    from ..document.nodes import NeedsRuamel
    from ..render.text import turn_words  # not the editor's module: it imports textual (60 ms at a first next round)
    from .parsed import answer_for, document_for, keep

    # the answer the page's view of this text and these choices drew, when it was the last (else resolved again)
    result, error = (kept, None) if (kept := answer_for(request.text, request.file, request.choices)) is not None else resolve(request)
    if result is None:
        return None, None, f"the board has no answer to follow: {error}"
    need = choice_needed(result, request.choices)
    if need is not None:
        return None, need, f"players choose for {need['actor']} first: tap one of its {need['count']} options"
    if not result.turns:
        return None, None, "no figure acts: nothing to follow"
    moved = "; ".join(turn_words(turn) for turn in result.turns)
    document = document_for(request.text, request.file)
    try:
        after = _after_phase(document, result)
    except NeedsRuamel:
        document = ScenarioDocument.from_text(request.text, request.file)
        after = _after_phase(document, result)
    if after == request.text:
        keep(request.text, request.file, document)  # unchanged: a refused board_after changes nothing it keeps
        return None, None, f"next round: nothing moved ({moved})"
    if document.settle(after):
        keep(after, request.file, document)  # the page's next edit carries the next round's text
    return after, None, f"next round: {moved}"


def _after_phase(document: ScenarioDocument, result: Result) -> str:
    """The text of the board after the phase, ``document`` changed to it (it was taken from the kept ones: the
    editor's copy for its undo step would cost 0.3 s on a board of 1,000 areas)."""
    document.after_phase(result, in_place=True)
    return document.text()
