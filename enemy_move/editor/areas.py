"""An area map as a list: one line per area (what the game says of it: room, height, trap...; its figures, borders).

The selected area is the cursor: typing a figure's label puts the figure
there, the answer's option numbers and route are shown in the first column
as in ``resolve``'s area table.
"""

from __future__ import annotations

import functools
import re
from collections import OrderedDict
from typing import TYPE_CHECKING, Any

from rich.cells import cell_len
from rich.text import Text
from textual.events import Key, MouseDown
from textual.message import Message
from textual.strip import Strip
from textual.widget import Widget

from ..errors import escape_controls
from ..render.area_map import LINE_TEXT
from ..render.ascii_map import OPTION_STYLE, PATH_STYLE
from .board import CURSOR_STYLE, option_number, repaint_changed
from .sight import IN_SIGHT_STYLE, OUT_OF_SIGHT_STYLE

if TYPE_CHECKING:
    from ..result import Turn
    from .session import Session
    from .sight import Seen

_LINK = re.compile(r"^\s*(\S+)\s*(--|==|\|\|)\s*(\S+)\s*$")


def area_names(session: Session) -> list[str]:
    # the keys as written (``doc.get`` copies the whole mapping: 2 ms for 1,000 areas)
    areas = session.doc.data.get("areas")
    return [str(name) for name in areas] if isinstance(areas, dict) else []


def borders(session: Session) -> dict[str, list[str]]:
    """Area -> "-- A2" style entries, from the links as written (malformed ones skipped: the loader reports them).

    Kept for the last list of links (read again on each redraw: 30 ms for 6,875 links); callers only read it."""
    global _last_borders
    links = session.doc.data.get("links")  # as written: a plain copy of 6,875 links took 14 ms
    # the items themselves (a YAML sequence is a list: list.__iter__ skips its slow item by item access)
    written = tuple(list.__iter__(links)) if isinstance(links, list) else ()
    if _last_borders is not None and _last_borders[0] == written:
        return _last_borders[1]
    if _last_borders is not None and len(written) == len(_last_borders[0]) + 1 and written[:-1] == _last_borders[0]:
        # one link added at the end (the links dialog): the two areas' lists grow, the rest is shared (a whole
        # pass over 6,875 links took 4-5 ms); the same lists, in the same order, as read afresh
        found = dict(_last_borders[1])
        _add_border(found, written[-1], copy=True)
    else:
        found = {}
        for link in written:
            _add_border(found, link)
    _last_borders = (written, found)
    return found


def _add_border(found: dict[str, list[str]], link: Any, copy: bool = False) -> None:
    parts = link_parts(str(link))
    if parts is not None:
        first, line, second = parts
        for area, entry in ((first, f"{line} {second}"), (second, f"{line} {first}")):
            entries = found.get(area, [])
            found[area] = [*entries, entry] if copy else entries
            if not copy:
                entries.append(entry)


_last_borders: tuple[tuple[Any, ...], dict[str, list[str]]] | None = None


def link_index(session: Session) -> dict[str, list[int]]:
    """Area -> the positions in the list of the links it is an end of, in order (malformed links skipped): the links
    dialog lists an area's links and looks for the link of two areas with it (a pass over 6,875 links took 2-3 ms a
    time). Kept for the last list of links like :func:`borders`, extended when one link was added at the end."""
    global _last_index
    links = session.doc.data.get("links")
    written = tuple(list.__iter__(links)) if isinstance(links, list) else ()
    if _last_index is not None and _last_index[0] == written:
        return _last_index[1]
    if _last_index is not None and len(written) == len(_last_index[0]) + 1 and written[:-1] == _last_index[0]:
        found = dict(_last_index[1])
        _add_index(found, len(written) - 1, written[-1])
    else:
        found = {}
        for position, link in enumerate(written):
            parts = link_parts(str(link))
            if parts is not None:
                found.setdefault(parts[0], []).append(position)
                if parts[2] != parts[0]:  # a link of an area to itself is listed once
                    found.setdefault(parts[2], []).append(position)
    _last_index = (written, found)
    return found


def _add_index(found: dict[str, list[int]], position: int, link: Any) -> None:
    parts = link_parts(str(link))
    if parts is not None:
        for area in dict.fromkeys((parts[0], parts[2])):
            found[area] = [*found.get(area, []), position]


_last_index: tuple[tuple[Any, ...], dict[str, list[int]]] | None = None


@functools.lru_cache(maxsize=16384)
def link_parts(link: str) -> tuple[str, ...] | None:
    """(area, line, area) of a link as written; kept per text (the list is read again on each redraw)."""
    match = _LINK.match(link)
    return match.groups() if match else None


def area_marks(turn: Turn | None, shown: int | None) -> dict[str, str]:
    """Area -> the numbers (from 1) of the options ending there, or ':' on the route shown."""
    marks: dict[str, str] = {}
    if turn is None:
        return marks
    if shown is not None and 0 <= shown < len(turn.options):
        for area in turn.options[shown].path[1:-1]:
            marks[str(area)] = ":"
    for index, option in enumerate(turn.options):
        area = str(option.to)
        number = option_number(index)
        marks[area] = number if marks.get(area, ":") == ":" else f"{marks[area]},{number}"
    return marks


def draw_areas(session: Session, turn: Turn | None, shown: int | None) -> Text:
    """The whole list as one text (tests and small boards); the view draws it line by line (:func:`area_lines`)."""
    return Text("\n").join(area_lines(session, turn, shown))


class AreaFacts:
    """What the list shows of each area after its name (the game's ``area_facts``: room, height, trap), kept by
    area for one document and read again only for the areas the edits since touched (``Session.touched_since``):
    reading 1,000 areas' facts again after each edit was about half of drawing the list (1.7 of 3 ms)."""

    def __init__(self) -> None:
        self.doc: Any = None
        self.game: Any = None
        self.generation = 0
        self.facts: dict[str, str] = {}

    def current(self, session: Session) -> dict[str, str]:
        """Area name -> its facts as shown, those still known (the list adds the others)."""
        doc = session.doc
        touched = session.touched_since(self.generation) if doc is self.doc and doc.game is self.game else None
        if touched is None or any(parts == ("areas",) for parts in touched):
            self.facts = {}
        else:
            for parts in touched:
                if parts[0] == "areas":
                    self.facts.pop(parts[1], None)  # an area's facts read again (its key, as the list names it)
        self.doc, self.game, self.generation = doc, doc.game, session.generation
        return self.facts


def area_lines(
    session: Session, turn: Turn | None, shown: int | None, drawn: dict[Any, Any] | None = None, facts: AreaFacts | None = None
) -> list[Text]:
    """One line per area, under a heading, then the key of the borders (:func:`area_rows`, each area's line drawn)."""
    rows, _ = area_rows(session, turn, shown, drawn, facts)
    return [_row_text(row) for row in rows]


def area_rows(
    session: Session,
    turn: Turn | None,
    shown: int | None,
    kept: dict[Any, Any] | None = None,
    facts: AreaFacts | None = None,
    seen: dict[str, bool] | None = None,
) -> tuple[list[Any], int]:
    """The list's rows, and its width in cells: a heading (a text), each area's key (what its line shows: the
    arguments of :func:`_area_line`, drawn only when the line is on screen), the key of the borders (a text).

    The areas are read as written (no copy of 1,000 areas per redraw). ``kept``: what the last call found, by area;
    an area whose line shows the same keeps its key (the same object: a view redraws only the lines whose key is
    another), and when the width, the marks, the figures and the selection are the same as last time, an area
    whose facts and borders are unchanged is not looked at again (1,000 keys made, and their lines drawn, after
    each edit took 4-11 ms). ``facts``: each area's facts kept. ``seen``: sight mode's figures in sight (label -> bool)."""
    every = session.doc.data.get("areas")
    every = every if isinstance(every, dict) else {}
    # a YAML mapping's items as stored (its own items() goes through each key, one by one)
    items = OrderedDict.items(every) if isinstance(every, OrderedDict) else every.items()
    names = [str(name) for name, _ in items]
    marks = area_marks(turn, shown)
    around = borders(session)
    positions = session.doc.positions()
    width = max((len(name) for name in names), default=4)
    kept = {} if kept is None else kept
    seen = seen or {}
    state = (width, marks, positions, seen, turn, session.doc, session.doc.game)
    last = kept.get(_STATE)
    same = last is not None and last[0] == state[:4] and last[1] is turn and last[2] is session.doc and last[3] is session.doc.game
    last_around: dict[str, list[str]] = last[4] if same and last is not None else {}
    selected = {session.area, last[5] if last is not None else None}
    where: dict[str, list[str]] = {}
    for label, position in positions.items():
        where.setdefault(str(position), []).append(label)
    game = session.doc.game
    rows: list[Any] = [Text(f"{'#':>4} {'area':<{width}}  room  figures", style="bold")]
    known = facts.current(session) if facts is not None else {}
    found: dict[Any, Any] = {}
    widest = rows[0].cell_len
    for key, raw in items:
        name = str(key)
        before = kept.get(name)
        if same and before is not None and name in known and name not in selected and around.get(name) is last_around.get(name):
            found[name] = before  # nothing it shows changed
        else:
            facts_text = known.get(name)
            if facts_text is None:
                facts_text = known[name] = "  " + escape_controls(game.area_facts(raw)) if game is not None else ""
            figures = _figures(where.get(name, []), turn)
            if seen:
                figures = tuple((label, _seen_style(label, seen, style)) for label, style in figures)
            line = (name, width, marks.get(name, ""), facts_text, figures, tuple(around.get(name, [])), name == session.area)
            found[name] = before if before is not None and before[0] == line else (line, _line_width(*line))
        rows.append(found[name][0])
        widest = max(widest, found[name][1])
    found[_STATE] = (state[:4], turn, session.doc, session.doc.game, around, session.area)
    kept.clear()
    kept.update(found)
    if not names:
        rows.append(Text("(no areas: + adds one)", style="dim"))
    rows.append(Text(", ".join(f"{symbol} {kind}" for symbol, kind in LINE_TEXT.items()) + " (borders)", style="dim"))
    return rows, max(widest, *(row.cell_len for row in rows[-2:] if isinstance(row, Text)))


#: Where :func:`area_rows` keeps what its last call saw, beside the areas' keys.
_STATE = ("state",)


def _figures(labels: list[str], turn: Turn | None) -> tuple[tuple[str, str], ...]:
    """The figures in an area as its line shows them: the acting one reversed, its focus red."""
    return tuple(
        (label, "bold reverse" if turn is not None and label == turn.actor else ("bold red" if turn and label in turn.focus else "bold"))
        for label in sorted(labels)
    )


def _seen_style(label: str, seen: dict[str, bool], style: str) -> str:
    """Sight mode: a figure in sight of the selected area marked as the grid marks it, one out of sight likewise."""
    if label not in seen:
        return style
    return IN_SIGHT_STYLE if seen[label] else OUT_OF_SIGHT_STYLE


def _line_width(
    name: str, width: int, mark: str, facts: str, figures: tuple[tuple[str, str], ...], around: tuple[str, ...], selected: bool
) -> int:
    """The cells of :func:`_area_line`'s line, without drawing it."""
    named = cell_len(f"{mark:>4}") + 1 + cell_len(f"{escape_controls(name):<{width}}") + cell_len(facts) + 2
    return named + sum(cell_len(label) + 1 for label, _ in figures) + 2 + cell_len(", ".join(around))


def _row_text(row: Any) -> Text:
    """A row of :func:`area_rows` as drawn."""
    return row if isinstance(row, Text) else _area_line(*row)


def _area_line(
    name: str, width: int, mark: str, facts: str, figures: tuple[tuple[str, str], ...], around: tuple[str, ...], selected: bool
) -> Text:
    text = Text(f"{mark:>4}", style=(PATH_STYLE if mark == ":" else OPTION_STYLE) if mark else "")
    text.append(" ")
    text.append(f"{escape_controls(name):<{width}}", style=CURSOR_STYLE if selected else "bold")
    text.append(facts + "  ")
    for label, style in figures:
        text.append(label, style=style)
        text.append(" ")
    text.append("  " + ", ".join(around), style="dim")
    return text


class AreaView(Widget, can_focus=True):
    """The list of areas; the selected one is highlighted; a click selects an area."""

    DEFAULT_CSS = """
    AreaView { width: auto; height: auto; padding: 0 1 0 0; }
    """

    class Clicked(Message):
        def __init__(self, area: str) -> None:
            super().__init__()
            self.area = area

    def __init__(self, session: Session, **kwargs: Any) -> None:
        super().__init__(**kwargs)
        self.session = session
        self.turn: Turn | None = None
        self.shown: int | None = None
        #: Sight mode's lines from the selected area (editor/sight.py), None when off.
        self.seen: Seen | None = None
        self._cache: tuple[Any, list[Any], int, int] | None = None
        #: What the rows showed last time, by area (:func:`area_rows`), and each row's strip on screen.
        self._kept: dict[Any, Any] = {}
        self._strips: dict[int, tuple[Any, int, Strip]] = {}
        self._facts = AreaFacts()

    def render(self) -> Text:
        """The whole list (the dialogs show it beside them)."""
        return Text("\n").join(_row_text(row) for row in self._drawn()[0])

    def beside(self) -> list[Text | Strip]:
        """What a dialog shows beside it: the lines a screen holds, around the selected area (not 1,000 areas);
        a line drawn on screen already is given as its strip."""
        rows = self._drawn()[0]
        height = max(self.app.size.height - 2, 3)
        names = area_names(self.session)
        here = names.index(self.session.area) + 1 if self.session.area in names else 1
        start = max(1, min(here - height // 2, len(rows) - height + 1))
        chosen: list[Text | Strip] = []
        for y in [0, *range(start, min(start + height - 1, len(rows)))]:
            known = self._strips.get(y)
            chosen.append(known[2] if known is not None and known[0] is rows[y] else _row_text(rows[y]))
        return chosen

    def area_row(self, area: str) -> int | None:
        """The row of ``area``'s line (under the heading), None when it is not an area."""
        names = area_names(self.session)
        return names.index(area) + 1 if area in names else None

    def repaint(self) -> bool:
        """Repaint only the lines drawn again since the last repaint; False: lines added or removed, or the list
        is wider or narrower (lay it out)."""
        rows, width, _ = self._drawn()
        return repaint_changed(self, rows, width)

    def render_line(self, y: int) -> Strip:
        """Only the lines on screen are drawn (a list of 1,000 areas is a long widget in a scrolling pane), each
        kept while its row shows the same."""
        rows, _, _ = self._drawn()
        width = self.size.width
        if not 0 <= y < len(rows):
            return Strip.blank(width)
        known = self._strips.get(y)
        if known is not None and known[0] is rows[y] and known[1] == width:
            return known[2]
        text = _row_text(rows[y])
        strip = Strip(list(text.render(self.app.console)), text.cell_len).extend_cell_length(width)
        self._strips[y] = (rows[y], width, strip)
        return strip

    def _drawn(self) -> tuple[list[Any], int, int]:
        """The rows, their width and their number, read once per state of the board (the screen asks for the
        width, the height and each line on screen)."""
        seen = self.seen.figures if self.seen is not None else None
        key = (self.session.generation, self.session.area, id(self.turn), self.turn, self.shown, seen)
        if self._cache is None or self._cache[0] != key:
            try:
                rows, width = area_rows(self.session, self.turn, self.shown, self._kept, self._facts, seen)
            except (TypeError, ValueError, KeyError, AttributeError) as error:  # keys of the wrong shape: the answer says which
                rows = [Text(f"(the areas cannot be listed: {error})", style="yellow")]
                width = rows[0].cell_len
                self._kept.clear()
            self._cache = (key, rows, width + 1, len(rows))
        return self._cache[1], self._cache[2], self._cache[3]

    def get_content_width(self, container: Any, viewport: Any) -> int:
        return self._drawn()[1]

    def get_content_height(self, container: Any, viewport: Any, width: int) -> int:
        return self._drawn()[2]

    def on_key(self, event: Key) -> None:
        # the links dialog drawn over the editor takes the keys while the list keeps textual's focus: handed to it
        # here rather than when the key has gone up to the screen (each widget it passes costs a dispatch)
        links_key = getattr(self.screen, "links_key", None)
        if links_key is not None and self.screen is self.app.screen:
            links_key(event)

    def on_mouse_down(self, event: MouseDown) -> None:
        names = area_names(self.session)
        index = event.y - 1
        if 0 <= index < len(names):
            self.post_message(self.Clicked(names[index]))
