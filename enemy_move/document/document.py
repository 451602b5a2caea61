"""A scenario file as an editable document: comments, key order and quoting survive an edit.

The YAML is held as ruamel.yaml's round-trip tree (a hand-written file keeps
its comments, key order, flow or block style and quoting; only what is edited
changes). The file is parsed by the project's hardened loader first, so bad
YAML gets the loader's own ``FILE:LINE:COL`` message and the same refusals
(aliases, tags, duplicate keys...). Whether the scenario is *valid* is the
models' business: :meth:`ScenarioDocument.validate` runs them on :meth:`text`.

Operations change the document in place; :meth:`copy` is the cheap snapshot
(undo, trying an edit). Mistakes an edit can see at once (a cell off the map,
a figure label that is not a letter...) raise :class:`EditError`.

The writer's promise (docs/errors.md, "Files the tool writes"): :meth:`text`
keeps every byte of the file that no edit meant to change (escapes, quoting,
comments, line ends, tabs, the final newline; :meth:`save` keeps a byte-order
mark), and loads to exactly what the edit meant; :meth:`save` never replaces a
file changed on disk since it was read, nor a read-only one.
"""

from __future__ import annotations

import copy
import os
import re
from collections.abc import Iterator
from dataclasses import replace
from pathlib import Path
from typing import TYPE_CHECKING, Any

from ruamel.yaml.comments import CommentedMap
from ruamel.yaml.scalarstring import LiteralScalarString

from ..errors import ScenarioError
from ..game import BoardKind, Game
from ..geometry import hexgrid, squaregrid
from ..loader import Document, load_file, load_text
from ..registry import game as registered_game
from ..registry import games
from . import gridtext
from .gridtext import FLOOR, MAX_SIDE, NO_CELL, Cell
from .nodes import (
    EditError,
    NeedsRuamel,
    describe,
    dump,
    find,
    first_difference,
    first_line,
    guess_indent,
    insert_key,
    keep_writable,
    plain,
    split_key,
    to_yaml,
    yaml_io,
)
from .original import Original, plain_view, read_original

__all__ = ["EditError", "KEY_ORDER", "Original", "ScenarioDocument", "guess_indent", "insert_key", "plain", "split_key", "to_yaml"]

if TYPE_CHECKING:
    from ..models import Scenario
    from ..result import Result
    from .layout import Layout

#: A grid cell, or an area's name on area maps.
Position = Cell | str

#: Where a new top-level key goes: after the last of these that the file has (others go before `expect`).
KEY_ORDER: tuple[str, ...] = ("ruleset", "variant", "title", "description", "level", "map", "areas", "links", "sight", "legend")
KEY_ORDER += ("walls", "figures", "stats", "active", "action", "actions", "initiative", "enemy_cards", "symbols", "rules", "expect")

_LABEL = re.compile(r"^[A-Za-z0-9]$")


class ScenarioDocument:
    """One scenario file being edited (see the module docstring). ``path`` is where it was read or saved, if anywhere."""

    def __init__(
        self,
        data: CommentedMap,
        *,
        file: str,
        original: Original,
        path: Path | None = None,
        indent: tuple[int, int, int] = (2, 4, 2),
        fast: bool = False,
    ):
        self.data = data
        self.fast = fast  # read from libyaml's events (fastread.py): :meth:`text` may raise NeedsRuamel
        self.file = file
        self.path = path
        self.indent = indent
        self.original = original
        #: The last text :meth:`text` loaded to check it, with what it loaded, so :meth:`validate` need not load it again.
        self._checked: tuple[str, Document] | None = None
        #: The last text the layout writer wrote, with its layout (what a save or :meth:`settle` splices into next).
        self._rendered: tuple[str, Layout] | None = None
        self.emptied = False  # a collection emptied since the last settle (written `{}`: see settle)

    # --- reading and writing --------------------------------------------------------------

    @classmethod
    def from_text(
        cls, text: str, file: str = "<text>", *, raw: bytes | None = None, loaded: Document | None = None, fast: bool = False
    ) -> ScenarioDocument:
        """Parse ``text``; bad YAML raises the loader's ScenarioError (FILE:LINE:COL). The scenario may still be invalid.

        ``raw``: the bytes ``text`` was decoded from (a file's, with its byte-order mark if any); ``loaded``: the
        loader's reading of ``text`` when the caller has it already (the file is then not loaded again). ``fast``: the
        tree read from libyaml's events where it can be (fastread.py); :meth:`text` may then raise NeedsRuamel."""
        from .view import writer_view

        text = text.removeprefix("\ufeff")
        indent = guess_indent(text)
        bom = raw.startswith(b"\xef\xbb\xbf") if raw is not None else False
        from .onepass import reading

        loaded, read = reading(text, file, loaded, indent, fast=fast)  # the hardened loader's checks and messages first
        if read is not None:
            return cls(read[0], file=file, indent=indent, original=Original(text, bom, raw, read[1], indent), fast=True)
        view = writer_view(text)
        try:
            data = yaml_io(indent).load(view)
        except Exception as error:  # ruamel's own refusal of a spelling the loader took
            raise ScenarioError(file, 1, 1, f"this file's YAML cannot be rewritten safely ({first_line(error)}); edit it by hand") from None
        if not isinstance(data, CommentedMap):
            raise ScenarioError(file, 1, 1, "a scenario file must be a mapping of keys (ruleset:, map:, figures:, ...)")
        whole = plain(data)
        if whole != loaded.data:
            where = first_difference(whole, loaded.data, loaded.source)
            raise ScenarioError(
                file, *where, "this value reads differently to the rewriter than to the loader; write it plainly to edit this file"
            )
        return cls(data, file=file, indent=indent, original=read_original(text, data, indent, bom, raw, whole, view))

    @classmethod
    def from_path(cls, path: str | Path) -> ScenarioDocument:
        """Read a scenario file (size cap, UTF-8 and YAML checks of the loader)."""
        loaded = load_file(path)
        document = cls.from_text(loaded.source.text, str(path), raw=loaded.source.raw, loaded=loaded)
        document.path = Path(path)
        return document

    @classmethod
    def new(cls, ruleset: str, variant: str | None = None, size: tuple[int, int] | None = None) -> ScenarioDocument:
        """The ruleset's starter (valid as it is); ``size=(cols, rows)``: a walled room of that size instead of its map."""
        from ..starters import starter

        game = registered_game(ruleset)
        if game is None or not game.starter:
            known = ", ".join(g.name for g in games() if g.starter)
            raise EditError(f"unknown ruleset {ruleset!r}; known: {known}")
        chosen = variant or game.default_variant
        if chosen not in game.variants:
            raise EditError(f"unknown variant {chosen!r} for ruleset {ruleset!r}; known: {', '.join(game.variants)}")
        document = cls.from_text(starter(ruleset, chosen), f"<new {ruleset}>")
        if size is not None:
            from .rooms import make_room

            make_room(document, *size)
        return document

    def text(self) -> str:
        """The file's text with the edits made (no byte-order mark: :meth:`save` adds the file's back)."""
        from .splice import Lines

        layout = self.original.layout
        if layout is not None:
            from .layout import render

            rendered = render(self.data, layout)
            if rendered is not None:
                self._rendered = rendered
                return rendered[0]
        if self.fast:  # the whole-tree writer needs ruamel's tree, comments and all
            raise NeedsRuamel
        new = dump(self.data, self.indent)
        if new == self.original.base:
            return self.original.text
        merged = self.original.splicer.splice(new)
        # Where the lines are ruamel's own (line ends aside) they mean what the tree means; elsewhere the file's
        # bytes were kept around an edit: load them and compare (the promise is checked, not assumed).
        if Lines.of(merged).lines != Lines.of(new).lines:
            try:
                checked = load_text(merged, self.file)
            except ScenarioError:  # the kept bytes around the edit do not parse with it (an indentation of the file's own)
                checked = None
            if checked is None or checked.data != plain(self.data):
                return Lines.of(self.original.text).newline.join(Lines.of(new).lines)  # never seen: ruamel's text, whole
            self._checked = (merged, checked)
        return merged

    def copy(self) -> ScenarioDocument:
        """An independent snapshot (comments included)."""
        return ScenarioDocument(
            copy.deepcopy(self.data), file=self.file, path=self.path, indent=self.indent, original=self.original, fast=self.fast
        )

    def save(self, path: str | Path | None = None, *, overwrite: bool = False, text: str | None = None, was: bytes | None = None) -> Path:
        """Write :meth:`text` atomically to ``path`` (default: where it was read); returns the path written.

        The file this document was read from is replaced only if it still holds the bytes read (else
        ConflictError); any other existing file only with ``overwrite``, or when it still holds ``was`` (the bytes
        this program wrote there before). A read-only file: ReadOnlyError; one with other names: LinkedError.
        ``text``: :meth:`text` with a change the tree cannot hold (a comment's), written instead.
        """
        from .atomic import ANYTHING, Anything, write_atomic

        target = Path(path) if path is not None else self.path
        if target is None:
            raise EditError("no file to save to: give a path")
        text = self.text() if text is None else text
        file_text = self.file_text(text)
        expect: bytes | None | Anything
        if self._read_from(target):
            expect = self.original.raw
        else:
            expect = ANYTHING if overwrite else was
        written = write_atomic(target, file_text, expect=expect)
        # What is on disk now is what the next save compares with, and splices into.
        self.original = self._original_of(text, written)
        self.path = target
        self.file = str(target)
        return target

    def settle(self, text: str) -> bool:
        """From now on splice later texts into ``text`` (:meth:`text` just written), as if it had been read (the server's
        kept document; the file a save compares with is unchanged). True when it then writes as a fresh read would: by its
        layout, the indentation a read of ``text`` guesses (mixed indentation), no collection emptied (`{}`: see below)."""
        from .comments import sync_comments

        sync_comments([] if self.fast else [self.data], text)  # comments at this text's columns (no comment in a fast tree)
        rendered, emptied, self.emptied = self._rendered, self.emptied, False
        if self.original.layout is None or rendered is None or rendered[0] != text:
            return False
        self.original = self._original_of(text, self.original.raw)
        # a file of mixed indentation guesses another after an edit of its first nested block; ruamel reads `{}` in
        # neither style (an emptied one is flow): else only a fresh read writes the next edit as a fresh read would
        return not emptied and guess_indent(text) == self.indent

    def _original_of(self, text: str, raw: bytes | None) -> Original:
        """The Original of ``text``, this document's text now: its layout the writer's when it wrote this text."""
        rendered = self._rendered
        if rendered is not None and rendered[0] == text and plain_view(text):
            return Original(text, self.original.bom, raw, rendered[1], self.indent)
        if text == self.original.text:
            return replace(self.original, raw=raw)
        if self.fast:  # a text this tree does not stand for (a save's given text): ruamel's reading of it, if needed
            return Original(text, self.original.bom, raw, indent=self.indent)
        return Original(text, self.original.bom, raw, indent=self.indent, known_base=dump(self.data, self.indent))

    def file_text(self, text: str | None = None) -> str:
        """What a save writes: :meth:`text` (or ``text``), after the byte-order mark when the file had one."""
        return ("\ufeff" if self.original.bom else "") + (self.text() if text is None else text)

    def _read_from(self, target: Path) -> bool:
        """True when ``target`` is the file this document's text was read from (or last saved to)."""
        if self.path is None or self.original.raw is None:
            return False
        if os.path.abspath(self.path) == os.path.abspath(target):
            return True
        try:
            return os.path.samefile(self.path, target)
        except OSError:
            return False

    def validate(self) -> Scenario:
        """The validated scenario of :meth:`text`; an invalid state raises the loader's ScenarioError."""
        from ..models import validate_document

        text = self.text()
        checked = self._checked
        return validate_document(checked[1] if checked is not None and checked[0] == text else load_text(text, self.file))

    # --- keys ------------------------------------------------------------------------------

    @property
    def ruleset(self) -> str | None:
        value = self.data.get("ruleset")
        return str(value) if isinstance(value, str) else None

    @property
    def game(self) -> Game | None:
        return registered_game(self.ruleset)

    @property
    def board_kind(self) -> BoardKind | None:
        game = self.game
        return game.board if game is not None else None

    def get(self, dotted: str, default: Any = None) -> Any:
        """The value at ``dotted`` (``action.move``, ``figures.A.initiative``, ``action.0.move``) as plain data."""
        node: Any = self.data
        for part in split_key(dotted):
            if not isinstance(node, (dict, list)):
                return default
            found, key = find(node, part)
            if not found:
                return default
            node = node[key]
        return plain(node)

    def set(self, dotted: str, value: Any) -> None:
        """Set the value at ``dotted``, creating missing mappings on the way (new ones in flow style)."""
        parts = split_key(dotted)
        node: Any = self.data
        for depth, part in enumerate(parts[:-1]):
            found, key = find(node, part)
            if not found:
                if isinstance(node, list):
                    raise EditError(f"{'.'.join(parts[: depth + 1])}: the list has {len(node)} items (positions 0 to {len(node) - 1})")
                child = CommentedMap()
                child.fa.set_flow_style()
                insert_key(node, key, child, KEY_ORDER if depth == 0 else ())
            node = node[key]
            if not isinstance(node, (dict, list)):
                raise EditError(
                    f"{'.'.join(parts[: depth + 1])} is {describe(plain(node))}, not a mapping: it has no key {parts[depth + 1]!r}"
                )
        found, key = find(node, parts[-1])
        new = to_yaml(value)
        if isinstance(node, list):
            if key > len(node):
                raise EditError(f"{dotted}: the list has {len(node)} items (positions 0 to {len(node) - 1}, or {len(node)} to add one)")
            if key == len(node):
                node.append(new)
            else:
                node[key] = new
        elif found:
            node[key] = new
        else:
            insert_key(node, key, new, KEY_ORDER if len(parts) == 1 else ())

    def delete(self, dotted: str) -> None:
        """Remove the key (or list item) at ``dotted``; nothing happens when it is not there."""
        parts = split_key(dotted)
        node: Any = self.data
        for part in parts[:-1]:
            if not isinstance(node, (dict, list)):
                return
            found, key = find(node, part)
            if not found:
                return
            node = node[key]
        if isinstance(node, (dict, list)):
            found, key = find(node, parts[-1])
            if found:
                del node[key]
                self.emptied |= keep_writable(node)

    # --- figures ---------------------------------------------------------------------------

    def _figures(self) -> CommentedMap:
        figures = self.data.get("figures")
        if figures is None:
            figures = CommentedMap()
            insert_key(self.data, "figures", figures, KEY_ORDER)
        if not isinstance(figures, CommentedMap):
            raise EditError(f"figures is {describe(plain(figures))}, not a mapping of labels")
        return figures

    def figure(self, label: str) -> CommentedMap | None:
        """The figure's mapping under ``figures:`` (edited in place), or None."""
        figures = self.data.get("figures")
        if not isinstance(figures, dict):
            return None
        found, key = find(figures, label)
        figure = figures[key] if found else None
        return figure if isinstance(figure, CommentedMap) else None

    def labels(self) -> list[str]:
        figures = self.data.get("figures")
        return [str(label) for label in figures] if isinstance(figures, dict) else []

    def _ensure_figure(self, label: str) -> CommentedMap:
        if not _LABEL.match(label):
            raise EditError(f"{label!r} is not a figure label (labels are single letters or digits)")
        figure = self.figure(label)
        if figure is not None:
            return figure
        game = self.game
        case = "digit" if label.isdigit() else "upper" if label.isupper() else "lower"
        template = dict(game.new_figure.get(case, {})) if game is not None else {}
        figures = self._figures()
        figures[label] = to_yaml(template)
        return figures[label]  # type: ignore[no-any-return]

    def positions(self) -> dict[str, Position]:
        """Where each placed figure stands: drawn on the map, ``at:``, or ``area:`` on area maps."""
        found: dict[str, Position] = {}
        if self.board_kind in ("hex", "square") and isinstance(self.data.get("map"), str):
            for cell, char in gridtext.cells(self.map_rows(), self.grid_kind()).items():
                if gridtext.is_figure(char):
                    found.setdefault(char, cell)
        for label in self.labels():
            figure = self.figure(label)
            if figure is None or label in found:
                continue
            at, area = plain(figure.get("at")), figure.get("area")
            if isinstance(at, list) and len(at) == 2 and all(isinstance(n, int) for n in at):
                found[label] = (at[0], at[1])
            elif isinstance(area, str):
                found[label] = str(area)
        return found

    def remove_figure(self, label: str) -> None:
        """Take the figure off the board and out of ``figures``."""
        if self.figure(label) is None and label not in self.positions():
            raise EditError(f"no figure {label!r} (figures: {', '.join(self.labels()) or 'none'})")
        if self.board_kind in ("hex", "square"):
            rows = self.map_rows()
            self._lift(label, rows)
            self.store_map_rows(rows)
        figures = self.data.get("figures")
        if isinstance(figures, dict):
            found, key = find(figures, label)
            if found:
                del figures[key]
                self.emptied |= keep_writable(figures)

    def place_in_area(self, label: str, area: str) -> None:
        """Area maps: put the figure in ``area`` (creating the figure from the game's template when new)."""
        if self.board_kind != "areas":
            raise EditError("this board is a grid: place a figure on a cell (COL,ROW), not in an area")
        areas = self.data.get("areas")
        if not isinstance(areas, dict) or area not in areas:
            known = ", ".join(str(name) for name in areas) if isinstance(areas, dict) else "none"
            raise EditError(f"no area {area!r} (areas: {known})")
        self._ensure_figure(label)["area"] = area

    # --- grid maps -------------------------------------------------------------------------

    def grid_kind(self) -> gridtext.GridKind:
        """ "hex" or "square"; an area map or an unknown ruleset raises EditError."""
        kind = self.board_kind
        if kind == "hex" or kind == "square":
            return kind
        if kind == "areas":
            raise EditError("this board is an area map (areas: and links:), not a grid")
        raise EditError(f"unknown ruleset {self.ruleset!r}: its board is neither a hex nor a square grid")

    def map_rows(self) -> list[str]:
        """The rows of ``map:`` as text (raises EditError without a grid map)."""
        self.grid_kind()
        text = self.data.get("map")
        if not isinstance(text, str):
            raise EditError("the scenario has no map: text (write `map: |` and the rows)")
        return gridtext.rows_of(str(text))

    def store_map_rows(self, rows: list[str]) -> None:
        """Write ``rows`` back as ``map: |`` (added in its usual place when missing)."""
        value = LiteralScalarString(gridtext.text_of(rows, self.data.get("map")))
        if "map" in self.data:
            self.data["map"] = value
        else:
            insert_key(self.data, "map", value, KEY_ORDER)

    @property
    def size(self) -> tuple[int, int]:
        """(columns, rows) of the map."""
        return gridtext.size(self.map_rows(), self.grid_kind())

    def cell(self, col: int, row: int) -> str:
        """The map symbol of the terrain at the cell (a drawn figure stands on open floor: ``.``; no cell: a blank)."""
        char = gridtext.char_at(self.map_rows(), self.grid_kind(), (col, row))
        return FLOOR if gridtext.is_figure(char) else char

    def set_cell(self, col: int, row: int, symbol: str) -> None:
        """Paint the terrain ``symbol`` (``" "`` removes the cell); a figure drawn there keeps its place with ``at:``."""
        if len(symbol) != 1 or gridtext.is_figure(symbol) or symbol in "\t\n\r":
            raise EditError(f"{symbol!r} is not a terrain symbol (one character, not a letter or digit: figures are placed, not painted)")
        kind = self.grid_kind()
        gridtext.check_cell(col, row)
        rows = self.map_rows()
        char = gridtext.char_at(rows, kind, (col, row))
        if gridtext.is_figure(char) and symbol != FLOOR:
            self._ensure_figure(char)["at"] = to_yaml([col, row])
        elif gridtext.is_figure(char):
            return
        gridtext.put(rows, kind, (col, row), symbol)
        self.store_map_rows(rows)

    def figure_at(self, col: int, row: int) -> str | None:
        for label, position in self.positions().items():
            if position == (col, row):
                return label
        return None

    def place(self, label: str, col: int, row: int) -> None:
        """Move figure ``label`` to the cell (drawn as its letter on open floor, else ``at:``); new labels get the game's template."""
        kind = self.grid_kind()
        gridtext.check_cell(col, row)
        rows = self.map_rows()
        if gridtext.char_at(rows, kind, (col, row)) == NO_CELL:
            width, height = gridtext.size(rows, kind)
            raise EditError(f"[{col}, {row}] is not a cell of the map ({width} columns x {height} rows)")
        occupant = self.figure_at(col, row)
        if occupant is not None and occupant != label:
            raise EditError(f"[{col}, {row}] is taken by figure {occupant!r}")
        self._ensure_figure(label)
        self._lift(label, rows)
        self._drop(label, (col, row), rows)
        self.store_map_rows(rows)

    def _lift(self, label: str, rows: list[str]) -> None:
        """Take ``label`` off the map text: its letter becomes open floor, its ``at:`` goes."""
        kind = self.grid_kind()
        for cell, char in gridtext.cells(rows, kind).items():
            if char == label:
                gridtext.put(rows, kind, cell, FLOOR)
        figure = self.figure(label)
        if figure is not None and "at" in figure:
            del figure["at"]

    def _drop(self, label: str, cell: Cell, rows: list[str]) -> None:
        kind = self.grid_kind()
        if gridtext.char_at(rows, kind, cell) == FLOOR:
            gridtext.put(rows, kind, cell, label)
        else:
            self._ensure_figure(label)["at"] = to_yaml(list(cell))

    def walls(self) -> list[tuple[Cell, Cell]]:
        found = []
        written = plain(self.data.get("walls"))
        for pair in written if isinstance(written, list) else []:  # `walls: 3`: validation reports it
            try:
                (a, b), (c, d) = pair
                found.append(((int(a), int(b)), (int(c), int(d))))
            except (TypeError, ValueError):
                continue  # a malformed entry: validation reports it
        return found

    def toggle_wall(self, first: Cell, second: Cell) -> None:
        """Add the thin wall between two neighbouring cells, or remove it when it is there."""
        kind = self.grid_kind()
        a, b = (int(first[0]), int(first[1])), (int(second[0]), int(second[1]))
        around = hexgrid.neighbours(a) if kind == "hex" else squaregrid.neighbours(a)
        if b not in around:
            raise EditError(f"[{a[0]}, {a[1]}] and [{b[0]}, {b[1]}] are not neighbours: a thin wall lies between two neighbouring cells")
        walls = self.data.get("walls")
        if not isinstance(walls, list):
            walls = to_yaml([])
            insert_key(self.data, "walls", walls, KEY_ORDER)
        for index, pair in enumerate(self.walls()):
            if set(pair) == {a, b}:
                del walls[index]
                self.emptied |= keep_writable(walls)
                return
        walls.append(to_yaml([list(a), list(b)]))

    def resize(self, cols: int, rows: int) -> None:
        """Cut or extend the map to ``cols`` x ``rows`` (new cells are open floor); figures and walls left outside go."""
        kind = self.grid_kind()
        if not (1 <= cols <= MAX_SIDE and 1 <= rows <= MAX_SIDE):
            raise EditError(f"a map is 1 to {MAX_SIDE} columns and rows, not {cols}x{rows}")
        old = self.map_rows()
        old_cols, old_rows = gridtext.size(old, kind)
        new: list[str] = []
        for row in range(rows):
            for col in range(cols):
                inside = col < old_cols and row < old_rows
                gridtext.put(new, kind, (col, row), gridtext.char_at(old, kind, (col, row)) if inside else FLOOR)
        for label, position in self.positions().items():
            if isinstance(position, tuple) and not (position[0] < cols and position[1] < rows):
                self.remove_figure(label)
        kept = [pair for pair in self.walls() if any(c < cols and r < rows for c, r in pair)]
        if isinstance(self.data.get("walls"), list) and len(kept) != len(self.walls()):
            self.data["walls"] = to_yaml([[list(a), list(b)] for a, b in kept])
        self.store_map_rows(new)

    # --- the next round ----------------------------------------------------------------------

    def after_phase(self, result: Result, *, in_place: bool = False) -> ScenarioDocument:
        """The board after the phase of ``result`` (resolved from this document) as a new document (``in_place``: this one)."""
        from .nextround import board_after

        return board_after(self, result, in_place=in_place)

    def __iter__(self) -> Iterator[str]:
        return iter(str(key) for key in self.data)
