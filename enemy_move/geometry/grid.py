"""Grid boards: the ``map:`` text, ``legend:``, thin ``walls:`` and figure placement.

Layout (contract section 3): one text line per row, row 0 first; cells are
single characters separated by single spaces. On square grids the cell
``[col, row]`` sits at text column ``2*col``; on hex grids at
``2*col + row % 2`` (odd-r). A blank at a cell position is no cell.
"""

from __future__ import annotations

from dataclasses import dataclass, field, replace
from typing import Literal, Self

from ..errors import ScenarioError
from ..loader import SourceMap
from ..models import Scenario
from . import hexgrid, squaregrid

Cell = tuple[int, int]
GridKind = Literal["hex", "square"]

#: Largest board accepted, in cells per side. Real boards are well under 100.
MAX_MAP_SIDE = 64

#: Symbols every grid ruleset understands (a ruleset may add its own).
DEFAULT_SYMBOLS: dict[str, str] = {
    ".": "floor",
    "#": "wall",
    "*": "obstacle",
    "^": "trap",
    "~": "hazardous",
    "%": "difficult",
    "=": "icy",
}

NO_CELL = " "


@dataclass
class Grid:
    kind: GridKind
    width: int
    height: int
    terrain: dict[Cell, str]
    thin_walls: frozenset[frozenset[Cell]] = frozenset()
    figures: dict[str, Cell] = field(default_factory=dict)
    symbols: dict[str, str] = field(default_factory=dict)

    def __post_init__(self) -> None:
        self._occupants = {cell: label for label, cell in self.figures.items()}
        self._adjacent: dict[Cell, list[Cell]] = {}

    def __contains__(self, cell: object) -> bool:
        return cell in self.terrain

    def adjacent(self, cell: Cell) -> list[Cell]:
        """Neighbouring cells that exist and are not behind a thin wall (cached: path searches ask often)."""
        known = self._adjacent.get(cell)
        if known is None:
            around = hexgrid.neighbours(cell) if self.kind == "hex" else squaregrid.neighbours(cell)
            known = [n for n in around if n in self.terrain and frozenset((cell, n)) not in self.thin_walls]
            self._adjacent[cell] = known
        return list(known)

    def occupant(self, cell: Cell) -> str | None:
        return self._occupants.get(cell)

    def moved(self, label: str, to: Cell | None) -> Self:
        """A copy with one figure moved (or removed when ``to`` is None)."""
        figures = dict(self.figures)
        if to is None:
            figures.pop(label, None)
        else:
            figures[label] = to
        return replace(self, figures=figures)

    def with_terrain(self, cell: Cell, terrain: str) -> Self:
        """A copy where ``cell`` is ``terrain`` (a game's effect that changes the board, e.g. a token removed)."""
        return replace(self, terrain={**self.terrain, cell: terrain})

    def symbol_for(self, terrain: str) -> str:
        for symbol, name in self.symbols.items():
            if name == terrain:
                return symbol
        return "?"

    def text_column(self, cell: Cell) -> int:
        col, row = cell
        return 2 * col + (row & 1 if self.kind == "hex" else 0)


def parse_grid(
    scenario: Scenario,
    kind: GridKind,
    *,
    extra_symbols: dict[str, str] | None = None,
    terrains: set[str] | None = None,
    figure_cells: dict[str, Cell | None] | None = None,
    standable: set[str] | None = None,
) -> Grid:
    """Build a Grid from a grid scenario, reporting every mistake with its position.

    ``figure_cells`` maps each declared figure to its ``at:`` cell (or None);
    ``standable`` lists the terrains a figure may stand on (default: all but walls).
    """
    symbols, known_terrains = _symbols(scenario, extra_symbols, terrains)
    figure_cells = dict(figure_cells or {})
    terrain, drawn, width, height = _read_map(scenario, kind, symbols, figure_cells)
    standable = standable or (set(symbols.values()) | known_terrains) - {"wall"}
    figures = _place_figures(scenario.source, kind, (terrain, width, height), drawn, figure_cells, standable)
    thin = _thin_walls(scenario, kind, terrain)
    return Grid(kind, width, height, terrain, frozenset(thin), figures, symbols)


def _symbols(scenario: Scenario, extra_symbols: dict[str, str] | None, terrains: set[str] | None) -> tuple[dict[str, str], set[str]]:
    """Map symbol -> terrain (the grid's, the game's, then the file's ``legend:``), and every terrain name known."""
    source = scenario.source
    symbols = dict(DEFAULT_SYMBOLS)
    symbols.update(extra_symbols or {})
    known_terrains = set(symbols.values()) | (terrains or set())
    for symbol, name in scenario.model.legend.items():
        if name not in known_terrains:
            raise source.error(
                ("legend", symbol), f"unknown terrain {name!r} for symbol {symbol!r}; known: {', '.join(sorted(known_terrains))}"
            )
        if _is_label_char(symbol):
            raise source.error(("legend", symbol), f"symbol {symbol!r} is a figure label; choose a punctuation character")
        symbols[symbol] = name
    return symbols, known_terrains


def _map_lines(source: SourceMap, text: str) -> list[str]:
    lines: list[str] = text.split("\n")
    while lines and not lines[-1].strip():
        lines.pop()
    if not lines:
        raise source.error(("map",), "the map is empty")
    if len(lines) > MAX_MAP_SIDE:
        raise source.text_error(("map",), MAX_MAP_SIDE, 0, f"the map has {len(lines)} rows; at most {MAX_MAP_SIDE} are allowed")
    return lines


#: What a map read gives, and the maps read last by their text with every figure letter masked, the board kind and the
#: symbols: the boards of a batch checked together often repeat (a board under each rule set, a corridor of floor).
MapRead = tuple[dict[Cell, str], dict[str, Cell], int, int]
_READ_MAPS: dict[tuple[str, str, tuple[tuple[str, str], ...]], MapRead] = {}
_READ_MAPS_KEPT = 16
_LABEL_CHARS = "0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz"
_MASKS: dict[tuple[tuple[str, str], ...], dict[int, str]] = {}


def _read_map(scenario: Scenario, kind: GridKind, symbols: dict[str, str], figure_cells: dict[str, Cell | None]) -> MapRead:
    """The map text as terrain per cell, the figures drawn in it, its width and height. A map read before but for its
    figure letters (a mask for each) keeps its terrain: only its letters are checked again, in reading order (the
    errors a map read without error can still have: a figure not listed, drawn twice, also given `at:`)."""
    text = str(scenario.model.map)
    symbol_key = tuple(symbols.items())
    mask = _MASKS.get(symbol_key)
    if mask is None:
        if len(_MASKS) >= _READ_MAPS_KEPT:
            _MASKS.clear()
        mask = _MASKS[symbol_key] = {ord(char): "\x00" for char in _LABEL_CHARS if char not in symbols}
    key = (text.translate(mask), kind, symbol_key)
    known = _READ_MAPS.get(key)
    if known is None:
        read = _read_map_text(scenario.source, text, kind, symbols, figure_cells)
        if len(_READ_MAPS) >= _READ_MAPS_KEPT:
            _READ_MAPS.clear()
        _READ_MAPS[key] = (dict(read[0]), dict(read[1]), read[2], read[3])
        return read
    terrain, cells, width, height = known
    lines = text.split("\n")
    drawn: dict[str, Cell] = {}
    for col, row in cells.values():
        position = 2 * col + (row & 1 if kind == "hex" else 0)
        char = lines[row][position]
        _drawn_figure(scenario.source, (row, position), char, figure_cells, drawn)
        drawn[char] = (col, row)
    return dict(terrain), drawn, width, height


def _read_map_text(
    source: SourceMap, map_text: str, kind: GridKind, symbols: dict[str, str], figure_cells: dict[str, Cell | None]
) -> MapRead:
    """The map read row by row, the first mistake located."""
    lines = _map_lines(source, map_text)
    terrain: dict[Cell, str] = {}
    drawn: dict[str, Cell] = {}
    width = 0
    for row, text in enumerate(lines):
        text = text.rstrip()
        shift = row & 1 if kind == "hex" else 0
        if len(text) > 2 * MAX_MAP_SIDE + 1:
            raise source.text_error(("map",), row, 2 * MAX_MAP_SIDE, f"map row {row} is wider than {MAX_MAP_SIDE} cells")
        cells = text[shift::2]
        if _well_spaced(text, shift, cells):
            width = max(width, _read_row(source, row, shift, cells, (symbols, figure_cells), (terrain, drawn)))
            continue
        # A character between cells, a tab or a row too wide somewhere: each character in turn, the first one located.
        for position, char in enumerate(text):
            if char == NO_CELL:
                continue
            cell = _cell_at(source, kind, row, position, shift, char)
            if _is_label_char(char) and char not in symbols:
                _drawn_figure(source, (row, position), char, figure_cells, drawn)
                drawn[char] = cell
                terrain[cell] = "floor"
            elif char in symbols:
                terrain[cell] = symbols[char]
            else:
                raise source.text_error(
                    ("map",), row, position, f"unknown map symbol {char!r}; add it to `legend:` or use one of {' '.join(sorted(symbols))}"
                )
            width = max(width, cell[0] + 1)
    return terrain, drawn, width, len(lines)


def map_mistake(data: object, source: SourceMap, kind: GridKind, extra_symbols: dict[str, str]) -> ScenarioError | None:
    """The first mistake :func:`parse_grid` would report in the ``map:`` text of a file the schema refused, read from
    its values as written (``Game.board_mistake``): the legend's symbols that name a terrain (which one is the
    legend's business), every key of ``figures:`` a figure (any label one when they are not all labels: which one a
    slip meant is the schema's business). None: no mistake."""
    if not isinstance(data, dict) or not isinstance(data.get("map"), str):
        return None
    symbols = {**DEFAULT_SYMBOLS, **extra_symbols}
    legend, figures = data.get("legend"), data.get("figures")
    if isinstance(legend, dict):
        symbols.update((k, v) for k, v in legend.items() if isinstance(k, str) and isinstance(v, str) and not _is_label_char(k))
    listed = [label for label in figures if isinstance(label, str) and len(label) == 1] if isinstance(figures, dict) else []
    labels = listed if isinstance(figures, dict) and len(listed) == len(figures) else _LABEL_CHARS
    try:
        _read_map_text(source, data["map"], kind, symbols, dict.fromkeys(labels))
    except ScenarioError as error:
        return error
    return None


def _well_spaced(text: str, shift: int, cells: str) -> bool:
    """Whether a map row (right-stripped) holds its characters at cell positions only, no tab, at most
    MAX_MAP_SIDE cells: read by :func:`_read_row` (the usual row, and the only kind in a valid map)."""
    return (
        not text[shift + 1 :: 2].strip(" ") and (shift == 0 or text[:1] in ("", " ")) and "\t" not in cells and len(cells) <= MAX_MAP_SIDE
    )


def _read_row(
    source: SourceMap,
    row: int,
    shift: int,
    cells: str,
    known: tuple[dict[str, str], dict[str, Cell | None]],
    found: tuple[dict[Cell, str], dict[str, Cell]],
) -> int:
    """One well-spaced row's cells into ``found`` (terrain, drawn figures), left to right as the general loop
    reads them, the same errors at the same places; the row's width in cells."""
    symbols, figure_cells = known
    terrain, drawn = found
    for col, char in enumerate(cells):
        if char == NO_CELL:
            continue
        name = symbols.get(char)
        if name is not None:
            terrain[(col, row)] = name
        elif _is_label_char(char):
            _drawn_figure(source, (row, 2 * col + shift), char, figure_cells, drawn)
            drawn[char] = (col, row)
            terrain[(col, row)] = "floor"
        else:
            raise source.text_error(
                ("map",),
                row,
                2 * col + shift,
                f"unknown map symbol {char!r}; add it to `legend:` or use one of {' '.join(sorted(symbols))}",
            )
    return len(cells)  # right-stripped: its last cell is drawn


def _cell_at(source: SourceMap, kind: GridKind, row: int, position: int, shift: int, char: str) -> Cell:
    """The cell of the character at text column ``position`` of map row ``row``."""
    offset = position - shift
    if char == "\t":
        raise source.text_error(("map",), row, position, "tab in the map; use spaces")
    if offset < 0 or offset % 2:
        raise source.text_error(
            ("map",),
            row,
            position,
            f"{char!r} sits between cells (row {row}, text column {position}); "
            + ("on hex maps odd rows start one space further right" if kind == "hex" else "cells are separated by single spaces"),
        )
    cell = (offset // 2, row)
    if cell[0] >= MAX_MAP_SIDE:  # an even hex row or a square row one cell too wide passes the length test
        raise source.text_error(("map",), row, position, f"map row {row} is wider than {MAX_MAP_SIDE} cells")
    return cell


def _drawn_figure(
    source: SourceMap, where: tuple[int, int], char: str, figure_cells: dict[str, Cell | None], drawn: dict[str, Cell]
) -> None:
    """Check a figure letter drawn in the map: declared, drawn once, not also given ``at:``."""
    row, position = where
    if char not in figure_cells:
        raise source.text_error(("map",), row, position, f"figure {char!r} is drawn on the map but not listed in figures")
    if char in drawn:
        raise source.text_error(("map",), row, position, f"figure {char!r} is drawn twice on the map")
    if figure_cells[char] is not None:
        raise source.error(("figures", char, "at"), f"figure {char!r} is drawn on the map and also given `at:`; use one")


def _place_figures(
    source: SourceMap,
    kind: GridKind,
    board: tuple[dict[Cell, str], int, int],
    drawn: dict[str, Cell],
    figure_cells: dict[str, Cell | None],
    standable: set[str],
) -> dict[str, Cell]:
    """Every figure's cell (drawn, or its ``at:``), each on standable terrain and alone."""
    terrain, width, height = board
    figures: dict[str, Cell] = dict(drawn)
    for label in sorted(figure_cells):
        at = figure_cells[label]
        if label in drawn:
            continue
        if at is None:
            raise source.error(("figures", label), f"figure {label!r} is not placed: draw it on the map or give `at: [col, row]`", key=True)
        if at not in terrain:
            raise source.error(
                ("figures", label, "at"),
                f"figure {label!r} is at {list(at)}, which is not a cell of the map ({width} columns x {height} rows)",
            )
        figures[label] = at
    seen: dict[Cell, str] = {}
    for label in sorted(figures):
        cell = figures[label]
        if terrain[cell] not in standable:
            raise _figure_error(source, kind, label, drawn, cell, f"figure {label!r} stands on {terrain[cell]} at {list(cell)}")
        if cell in seen:
            raise _figure_error(source, kind, label, drawn, cell, f"figures {seen[cell]!r} and {label!r} are both at {list(cell)}")
        seen[cell] = label
    return figures


def _thin_walls(scenario: Scenario, kind: GridKind, terrain: dict[Cell, str]) -> set[frozenset[Cell]]:
    source = scenario.source
    thin: set[frozenset[Cell]] = set()
    for index, pair in enumerate(scenario.model.walls):
        a, b = tuple(pair[0]), tuple(pair[1])
        around = hexgrid.neighbours(a) if kind == "hex" else squaregrid.neighbours(a)
        if b not in around:
            raise source.error(("walls", index), f"thin wall {list(a)}-{list(b)}: the two cells are not neighbours")
        if a not in terrain and b not in terrain:
            raise source.error(("walls", index), f"thin wall {list(a)}-{list(b)}: neither cell is on the map")
        thin.add(frozenset((a, b)))
    return thin


def precheck_grid(scenario: Scenario, kind: str | None = None) -> Grid | None:
    """Check a grid scenario's map, legend, walls and figures without its engine.

    A board parser for a game without its own (``Game.board_parser``), and a
    test helper: game-specific map symbols and terrain names are unknown here,
    so any punctuation symbol and any legend terrain name is accepted; the
    game's own parse is stricter. ``kind``: the board kind; by default the game's (``Game.board``).
    """
    if kind is None:
        from ..registry import game as registered_game

        game = registered_game(scenario.ruleset)
        kind = game.board if game is not None else "hex"
    model = scenario.model
    if kind not in ("hex", "square") or not isinstance(getattr(model, "map", None), str):
        return None
    figures = getattr(model, "figures", None) or {}
    figure_cells = {label: getattr(figure, "at", None) for label, figure in figures.items()}
    extra = {
        char: f"symbol {char}"
        for char in sorted(set(model.map))
        # Rulesets add ASCII punctuation symbols; anything else is a mistake everywhere.
        if char.isascii() and char.isprintable() and not char.isspace() and not char.isalnum() and char not in DEFAULT_SYMBOLS
    }
    legend_terrains = set(getattr(model, "legend", {}).values())
    grid_kind: GridKind = "hex" if kind == "hex" else "square"
    return parse_grid(scenario, grid_kind, extra_symbols=extra, terrains=legend_terrains, figure_cells=figure_cells)


def _is_label_char(char: str) -> bool:
    return char.isascii() and char.isalnum()


def _figure_error(source: SourceMap, kind: GridKind, label: str, drawn: dict[str, Cell], cell: Cell, message: str) -> ScenarioError:
    """Point at the figure's letter in the map, or at its `at:` key."""
    if label in drawn:
        col, row = cell
        return source.text_error(("map",), row, 2 * col + (row & 1 if kind == "hex" else 0), message)
    return source.error(("figures", label, "at"), message)
