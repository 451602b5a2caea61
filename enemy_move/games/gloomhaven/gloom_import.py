"""``enemy-move import gloom LINK``: a gloom share link as an enemy-move scenario.

gloom (the Gloomhaven Monster Mover web app by AluminumAngel, MIT licence) packs
the board drawn in its editor into the link: URL-safe base64 of a bit stream,
read least significant bit first. This module is written from the description
of that format in gloom's own code (``MapEditor.jsx``: ``handleShareScenario``
and ``loadStateFromURL``; ``BitReader``; the server's ``unpack_scenario``) and
reads every data version the web app reads (1.0.0 to 1.5.x).

Geometry. gloom stores its hex grid column by column (``location = column *
height + row``) with flat-topped hexes whose odd columns sit half a hex towards
higher rows. Turned a quarter turn, a gloom column is one of our rows and a
gloom row one of our columns, and "odd columns half a hex up" becomes "odd rows
half a hex right": our odd-r layout. So gloom ``(column, row)`` is our ``[row,
column]`` = ``[col, row]`` with ``col = gloom row`` and ``row = gloom column``;
a rotation, so distances, adjacency and sight lines are unchanged. The cropped
map keeps gloom's column parity (it starts on an even gloom column).

gloom's whole grid is open floor where nothing is drawn, so the scenario keeps
every cell a figure could walk, fly or count range through (a flood fill from
the figures through non-wall hexes), every drawn cell, and, for a teleport,
every hex within the move of the active figure; cells beyond are unreachable
and change nothing.
"""

from __future__ import annotations

import base64
import binascii
import re
from collections.abc import Callable
from dataclasses import dataclass, field
from urllib.parse import urlparse

from ...safe_text import yaml_quoted

# --- gloom's constants (defines.jsx, brushes.jsx) ----------------------------

GRID_HEIGHT = 25
GRID_WIDTH = 29  # round(sqrt(3) / 1.5 * GRID_HEIGHT)
GRID_SIZE = GRID_HEIGHT * GRID_WIDTH
GRID_SIZE_BITS = 10  # bits for GRID_SIZE + 1
GRID_HEIGHT_V0 = 20  # data versions 1.0 to 1.2 used a smaller grid
GRID_WIDTH_V0 = 23
GRID_SIZE_V0 = GRID_HEIGHT_V0 * GRID_WIDTH_V0
GRID_SIZE_BITS_V0 = 9
ROW_ADJUST = 3  # where the old grid sits in the new one
COLUMN_ADJUST = 3

AOE_HEIGHT = 7
AOE_SIZE = 49
AOE_SIZE_BITS = 6
AOE_CENTER = 24  # column 3, row 3: the attacker's hex of a melee area attack
AOE_SKIP = frozenset({0, 1, 6, 7, 13, 14, 28, 35, 41, 42, 43, 48})  # corners outside the 7x7 hexagon

OBSTACLE, WALL, TRAP, HAZARDOUS, DIFFICULT, ICY = 1, 2, 3, 4, 5, 6
CHARACTER, MONSTER = 7, 8
MAX_INITIATIVE = 9

TERRAIN_SYMBOLS = {0: ".", OBSTACLE: "*", WALL: "#", TRAP: "^", HAZARDOUS: "~", DIFFICULT: "%", ICY: "="}
GAME_RULES = {0: "frosthaven", 1: "gloomhaven", 2: "jotl"}
GAME_NAMES = {0: "Frosthaven", 1: "Gloomhaven", 2: "Jaws of the Lion"}

#: (name, bits, max) of the simple keys, in the order they are written.
SIMPLE_KEYS = (
    ("move", 4, 9),
    ("range", 4, 9),
    ("target", 3, 6),
    ("flying", 2, 2),  # 0 walks, 1 jumps, 2 flies
    ("muddled", 1, 1),
    ("active_faction", 1, 1),  # 0 a monster acts, 1 a character acts (as a monster would)
    ("rotate_grid", 1, 1),  # display only
)

#: Data versions the web app reads -> (game-rules field, grid, teleport field) versions.
DATA_VERSIONS = {
    (1, 0, 0): (0, 0, 0),
    (1, 1, 0): (1, 0, 0),
    (1, 2, 0): (2, 0, 0),
    (1, 3, 0): (2, 1, 0),
    (1, 4, 0): (2, 1, 0),
}
CURRENT_VERSION = (1, 5)  # any build: the layout the web app writes today

_CODE = re.compile(r"^[A-Za-z0-9_-]+$")
#: Longest code accepted; a full board with every hex drawn is under 2,000 characters.
MAX_CODE_LENGTH = 8192


class GloomLinkError(ValueError):
    """The link is not a gloom share link, or its code is corrupt."""


@dataclass
class GloomBoard:
    """The editor state a share link carries, in gloom's own terms (locations in the current grid)."""

    data_version: tuple[int, int, int]
    move: int = 2
    range: int = 0
    target: int = 1
    flying: int = 0
    muddled: int = 0
    active_faction: int = 0
    rotate_grid: int = 0
    game_rules: int = 1
    teleport: int = 0
    active: int | None = None
    aoe: list[int] = field(default_factory=list)
    contents: dict[int, int] = field(default_factory=dict)  # location -> terrain brush
    figures: dict[int, int] = field(default_factory=dict)  # location -> CHARACTER or MONSTER
    initiatives: dict[int, int] = field(default_factory=dict)
    walls: dict[int, tuple[bool, bool, bool]] = field(default_factory=dict)  # thin walls on 3 of the 6 sides


class _Bits:
    """gloom's BitReader: bytes read in order, each from its least significant bit."""

    def __init__(self, data: bytes):
        self.data = data
        self.position = 0  # in bits

    def read(self, count: int) -> int:
        if self.position + count > 8 * len(self.data):
            raise GloomLinkError("the code ends too early (truncated link?)")
        value = 0
        for index in range(count):
            bit_at = self.position + index
            value |= ((self.data[bit_at // 8] >> (bit_at % 8)) & 1) << index
        self.position += count
        return value


def link_code(link: str) -> str:
    """The code of a share link (``https://gloom.aluminumangel.org/CODE``, ``.../los/CODE``) or a bare code."""
    text = link.strip()
    if "://" in text or text.startswith(("gloom.", "www.")):
        try:
            parsed = urlparse(text if "://" in text else "https://" + text)
        except ValueError as error:  # `http://[::1`: "Invalid IPv6 URL"
            raise GloomLinkError(f"not a link: {error}") from None
        text = parsed.path.strip("/")
        if text.startswith("los/"):
            text = text[len("los/") :]
    if not text:
        raise GloomLinkError("the link has no board code after the address")
    if len(text) > MAX_CODE_LENGTH:
        raise GloomLinkError(f"the code is longer than {MAX_CODE_LENGTH} characters; not a gloom board")
    if not _CODE.match(text):
        raise GloomLinkError(f"{text[:40]!r} is not a gloom board code (letters, digits, - and _ only)")
    return text


def _check(value: int, low: int, high: int, what: str) -> int:
    if not low <= value <= high:
        raise GloomLinkError(f"corrupt code: {what} is {value}, expected {low} to {high}")
    return value


def decode_code(code: str) -> GloomBoard:
    """The board of a share code, validated as the web app validates it (its fields read in the app's order)."""
    padded = code.replace("-", "+").replace("_", "/") + "=" * (-len(code) % 4)
    try:
        data = base64.b64decode(padded, validate=True)
    except (binascii.Error, ValueError):
        raise GloomLinkError("corrupt code: not URL-safe base64") from None
    bits = _Bits(data)
    board, grid_version = _read_header(bits)
    size, size_bits, adjust = _grid_layout(grid_version)
    active = _check(bits.read(size_bits), 0, size, "active figure")
    board.active = None if active == size else adjust(active)
    _read_area(bits, board)
    _read_hexes(bits, board, size, size_bits, adjust)
    _check_end(bits)
    if board.active is not None:
        wanted = CHARACTER if board.active_faction else MONSTER
        if board.figures.get(board.active) != wanted:
            raise GloomLinkError("corrupt code: the active figure is not a figure of the acting side")
    return board


def _read_header(bits: _Bits) -> tuple[GloomBoard, int]:
    """The data version, the simple keys, the game rules and teleport: the board so far, and its grid version."""
    version = (bits.read(4), bits.read(3), bits.read(3))
    if version in DATA_VERSIONS:
        rules_version, grid_version, teleport_version = DATA_VERSIONS[version]
    elif version[:2] == CURRENT_VERSION:
        rules_version, grid_version, teleport_version = 2, 1, 1
    else:
        raise GloomLinkError(f"unknown data version {'.'.join(map(str, version))} (known: 1.0.0 to 1.5.x)")
    board = GloomBoard(data_version=version)
    for name, width, high in SIMPLE_KEYS:
        setattr(board, name, _check(bits.read(width), 0, high, name))
    if rules_version == 0:
        board.game_rules = 1  # Gloomhaven: the only rules then
    elif rules_version == 1:
        board.game_rules = 2 if _check(bits.read(1), 0, 1, "jotl") else 1
    else:
        board.game_rules = _check(bits.read(2), 0, 2, "game rules")
    board.teleport = _check(bits.read(1), 0, 1, "teleport") if teleport_version else 0
    return board, grid_version


def _grid_layout(grid_version: int) -> tuple[int, int, Callable[[int], int]]:
    """The grid's number of hexes, the bits of a location, and a location read -> the current grid's location."""
    if grid_version == 0:

        def adjust(location: int) -> int:
            column = location // GRID_HEIGHT_V0 + COLUMN_ADJUST
            row = location % GRID_HEIGHT_V0 + ROW_ADJUST - column % 2
            return column * GRID_HEIGHT + row

        return GRID_SIZE_V0, GRID_SIZE_BITS_V0, adjust
    return GRID_SIZE, GRID_SIZE_BITS, lambda location: location


def _read_area(bits: _Bits, board: GloomBoard) -> None:
    """The area attack's hexes, sorted, each once."""
    for _ in range(bits.read(AOE_SIZE_BITS)):
        index = _check(bits.read(AOE_SIZE_BITS), 0, AOE_SIZE - 1, "area hex")
        if index in AOE_SKIP:
            raise GloomLinkError(f"corrupt code: area hex {index} lies outside the area grid")
        if index not in board.aoe:
            board.aoe.append(index)
    board.aoe.sort()


def _read_hexes(bits: _Bits, board: GloomBoard, size: int, size_bits: int, adjust: Callable[[int], int]) -> None:
    """Each hex the code lists (location as a step from the last one): its terrain, figure and initiative, walls."""
    last = -1
    for _ in range(bits.read(size_bits)):
        delta = bits.read(2) if bits.read(1) == 0 else bits.read(size_bits)
        read_at = _check(last + delta + 1, 0, size - 1, "hex location")
        last = read_at
        location = adjust(read_at)
        content = _check(bits.read(3), 0, ICY, "terrain")
        if content:
            board.contents[location] = content
        figure = bits.read(2)
        if figure:
            board.figures[location] = _check(figure + CHARACTER - 1, CHARACTER, MONSTER, "figure")
            board.initiatives[location] = _check(bits.read(4), 1, MAX_INITIATIVE, "initiative")
        if bits.read(1):
            board.walls[location] = (bits.read(1) == 1, bits.read(1) == 1, bits.read(1) == 1)


def _check_end(bits: _Bits) -> None:
    """gloom's writer ends the code with the board, its last byte filled with zero bits: anything after it is a
    damaged link (a character changed, or two codes run together), refused rather than read as a board."""
    extra = len(bits.data) - (bits.position + 7) // 8
    if extra > 0:
        raise GloomLinkError(f"corrupt code: {extra} bytes after the board's end (two links run together, or a damaged link?)")
    if bits.position % 8 and bits.data[-1] >> (bits.position % 8):
        raise GloomLinkError("corrupt code: the bits after the board's end are not zero (a damaged link?)")


def decode_link(link: str) -> GloomBoard:
    return decode_code(link_code(link))


# --- gloom geometry ------------------------------------------------------------


def _cell(location: int) -> tuple[int, int]:
    """gloom location -> (gloom column, gloom row)."""
    return divmod(location, GRID_HEIGHT)


def _neighbours(column: int, row: int) -> list[tuple[int, int]]:
    """The six neighbours in gloom's grid (odd columns half a hex towards higher rows)."""
    up = column % 2  # odd columns: the side neighbours are at row and row + 1
    return [
        (column, row + 1),
        (column, row - 1),
        (column + 1, row - 1 + up),
        (column + 1, row + up),
        (column - 1, row - 1 + up),
        (column - 1, row + up),
    ]


def _wall_sides(column: int, row: int) -> list[tuple[int, int]]:
    """The neighbours across a hex's three thin-wall flags, in flag order (the server's remap 0->1, 1->0, 2->5)."""
    up = column % 2
    return [(column, row + 1), (column + 1, row + up), (column + 1, row - 1 + up)]


def _on_grid(cell: tuple[int, int]) -> bool:
    return 0 <= cell[0] < GRID_WIDTH and 0 <= cell[1] < GRID_HEIGHT


def _distance(a: tuple[int, int], b: tuple[int, int]) -> int:
    def cube(cell: tuple[int, int]) -> tuple[int, int]:
        column, row = cell
        return column, row - (column - (column & 1)) // 2

    (qa, ra), (qb, rb) = cube(a), cube(b)
    return max(abs(qa - qb), abs(ra - rb), abs((qa + ra) - (qb + rb)))


def _thin_walls(board: GloomBoard) -> set[frozenset[tuple[int, int]]]:
    walls = set()
    for location, flags in board.walls.items():
        here = _cell(location)
        for flag, other in zip(flags, _wall_sides(*here), strict=True):
            if flag:
                walls.add(frozenset((here, other)))
    return walls


def _kept_cells(board: GloomBoard) -> set[tuple[int, int]]:
    """Every gloom hex that can matter: see the module docstring."""
    walls = _thin_walls(board)
    drawn = {_cell(loc) for loc in (*board.contents, *board.figures, *board.walls)}
    kept = set(drawn)
    frontier = [_cell(loc) for loc in board.figures]
    seen = set(frontier)
    while frontier:
        here = frontier.pop()
        kept.add(here)
        for there in _neighbours(*here):
            if there in seen or not _on_grid(there):
                continue
            if board.contents.get(there[0] * GRID_HEIGHT + there[1]) == WALL or frozenset((here, there)) in walls:
                continue
            seen.add(there)
            frontier.append(there)
    if board.teleport and board.active is not None and board.move:
        start = _cell(board.active)
        kept |= {(c, r) for c in range(GRID_WIDTH) for r in range(GRID_HEIGHT) if _distance(start, (c, r)) <= board.move}
    return kept


# --- the scenario ----------------------------------------------------------------


@dataclass
class _Layout:
    first_column: int  # gloom column of our row 0 (even: keeps the odd-row shift)
    first_row: int  # gloom row of our column 0
    rows: int
    cols: int

    def ours(self, cell: tuple[int, int]) -> tuple[int, int]:
        """gloom (column, row) -> our (col, row)."""
        return cell[1] - self.first_row, cell[0] - self.first_column


def _layout(cells: set[tuple[int, int]]) -> _Layout:
    first_column = min(c for c, _ in cells) // 2 * 2
    first_row = min(r for _, r in cells)
    return _Layout(first_column, first_row, max(c for c, _ in cells) - first_column + 1, max(r for _, r in cells) - first_row + 1)


def _labels(board: GloomBoard, layout: _Layout) -> dict[int, str]:
    """Characters A, B, ... and monsters a, b, ..., the active figure first, then in map order."""

    def order(location: int) -> tuple[bool, int, int]:
        col, row = layout.ours(_cell(location))
        return (location != board.active, row, col)

    labels: dict[int, str] = {}
    spare = list("0123456789")
    for kind, alphabet in ((CHARACTER, "ABCDEFGHIJKLMNOPQRSTUVWXYZ"), (MONSTER, "abcdefghijklmnopqrstuvwxyz")):
        letters = list(alphabet)
        for location in sorted((loc for loc, k in board.figures.items() if k == kind), key=order):
            pool = letters or spare
            if not pool:
                raise GloomLinkError("the board has more figures than enemy-move has labels (62)")
            labels[location] = pool.pop(0)
    return labels


def _aoe_text(board: GloomBoard) -> str | None:
    """gloom's 7x7 area grid in our hex layout; None when the attack has no area."""
    if not board.aoe or not board.target:
        return None
    melee = board.range == 0
    hits = {divmod(i, AOE_HEIGHT) for i in board.aoe if not (melee and i == AOE_CENTER)}
    if not hits:
        return None
    centre = divmod(AOE_CENTER, AOE_HEIGHT)
    shown = hits | ({centre} if melee else set())
    layout = _layout(shown)
    lines = []
    for our_row in range(layout.rows):
        cells = []
        for our_col in range(layout.cols):
            cell = (layout.first_column + our_row, layout.first_row + our_col)
            cells.append("@" if melee and cell == centre else "x" if cell in hits else ".")
        lines.append((" " if our_row % 2 else "") + " ".join(cells))
    return "\n".join(lines)


def _flow(mapping: dict[str, object]) -> str:
    parts = []
    for key, value in mapping.items():
        if isinstance(value, bool):
            text = "true" if value else "false"
        elif isinstance(value, list):
            text = "[" + ", ".join(str(v) for v in value) + "]"
        else:
            text = str(value)
        parts.append(f"{key}: {text}")
    return "{" + ", ".join(parts) + "}"


def scenario_yaml(board: GloomBoard, source: str = "", modeline: str = "# yaml-language-server: $schema=enemy-move.schema.json") -> str:
    """The enemy-move scenario of a decoded board, as commented YAML."""
    kept = _kept_cells(board)
    if not kept:
        raise GloomLinkError("the board is empty: no figure, terrain or wall")
    layout = _layout(kept)
    labels = _labels(board, layout)
    version = ".".join(map(str, board.data_version))
    out = [
        modeline,
        f"# Imported by `enemy-move import gloom` from a gloom share link (data version {version}).",
        f"# gloom column c, row r = our [col, row] = [r - {layout.first_row}, c - {layout.first_column}].",
        "ruleset: gloomhaven",
        f"variant: {GAME_RULES[board.game_rules]}  # gloom's game rules: {GAME_NAMES[board.game_rules]}"
        + ("; gloom has no second edition: write gloomhaven2e to play the board by its rules" if board.game_rules == 1 else ""),
        f"title: {yaml_quoted('Board from gloom' + (' (line of sight view)' if '/los/' in source else ''))}",
    ]
    if source:
        out.append(f"description: {yaml_quoted(source)}")  # resolve reads back whatever the link holds
    out.append("map: |")
    at_terrain: dict[int, tuple[int, int]] = {}
    for our_row in range(layout.rows):
        cells = []
        for our_col in range(layout.cols):
            location = (layout.first_column + our_row) * GRID_HEIGHT + layout.first_row + our_col
            content = board.contents.get(location, 0)
            if location in labels and content == 0:
                cells.append(labels[location])
            else:
                cells.append(TERRAIN_SYMBOLS[content])
                if location in labels:
                    at_terrain[location] = (our_col, our_row)
        out.append("  " + (" " if our_row % 2 else "") + " ".join(cells))
    walls = sorted(tuple(sorted(layout.ours(cell) for cell in pair)) for pair in _thin_walls(board))
    if walls:
        out.append("walls:")
        out += [f"  - [[{a[0]}, {a[1]}], [{b[0]}, {b[1]}]]" for a, b in walls]

    out += _figure_lines(board, labels, at_terrain)
    out += _action_lines(board)
    return "\n".join(out) + "\n"


def _figure_lines(board: GloomBoard, labels: dict[int, str], at_terrain: dict[int, tuple[int, int]]) -> list[str]:
    """``figures:`` and ``active:``."""
    acting = CHARACTER if board.active_faction else MONSTER
    out = ["figures:" if labels else "figures: {}"]
    for location in sorted(labels, key=lambda loc: (labels[loc].isdigit(), labels[loc].swapcase())):
        kind = board.figures[location]
        attributes: dict[str, object] = {}
        if location == board.active and kind == CHARACTER:
            # A character moved by gloom's monster AI: our summon kind focuses on monsters the same way.
            attributes["kind"] = "summon"
        else:
            attributes["kind"] = "character" if kind == CHARACTER else "monster"
        if kind != acting:
            attributes["initiative"] = board.initiatives.get(location, 1)  # gloom ranks only the enemies' initiatives
        if location == board.active:
            if board.flying == 2:
                attributes["flying"] = True
            if board.muddled:
                attributes["conditions"] = ["muddled"]
        if location in at_terrain:
            attributes["at"] = list(at_terrain[location])
        out.append(f"  {labels[location]}: {_flow(attributes)}")
    if board.active is not None:
        out.append(f"active: {labels[board.active]}")
    else:
        out.append("# gloom names no active figure: every figure of the acting side acts in turn.")
    return out


def _action_lines(board: GloomBoard) -> list[str]:
    """``action:``: the card's move and attack."""
    acting = CHARACTER if board.active_faction else MONSTER
    enemies = [loc for loc, kind in board.figures.items() if kind != acting]
    out = ["action:", f"  move: {board.move}"]
    if board.flying == 1:
        out.append("  jump: true")
    if board.teleport:
        out.append("  teleport: true")
    if board.target == 0:
        out.append("  # gloom's target 0: no attack this turn (the monster moves as for a melee attack)")
    else:
        out.append("  attack:")
        out.append(f"    range: {board.range}")
        if board.target == 6:
            out.append(f"    targets: {max(1, len(enemies))}  # gloom: target all enemies")
        else:
            out.append(f"    targets: {board.target}")
        aoe = _aoe_text(board)
        if aoe is not None:
            out.append("    aoe: |")
            out += ["      " + line for line in aoe.splitlines()]
    return out


def read_link(link: str) -> str:
    """``enemy-move import gloom LINK``: the scenario text of a share link (GloomLinkError, a ValueError, when it is corrupt)."""
    return scenario_yaml(decode_link(link), source=link.strip())
