"""Pictures of the board: ``resolve FILE --svg OUT.svg`` and ``--html OUT.html``.

Hand-written SVG text (no dependency: the drawing is a few dozen shapes and
the standard library escapes text), one section per turn of the phase, stacked
top to bottom in one file, then the board after the phase. Each section draws
the board as it was when that turn started:

* hex grids pointy-top with odd rows shifted half a hex right (the file's
  layout), square grids as squares, area maps as boxes joined by their borders
  (``at: [x, y]`` per area in the file places them; otherwise a layered layout);
* terrain as coloured cells with the map symbol, thin walls as thick edges;
* figures as discs coloured by side (the game's vocabulary: monsters,
  characters, summons; factions; heroes and enemies), elites in a gold ring,
  the acting figure ringed orange (at its start), its focus ringed red; a key
  names each figure with its side and initiative;
* every option's destination numbered from 1 like the options table; every
  option's route, the one shown (option 1, or the one the rest of the phase
  assumes) solid and the others faint; dashed red arrows to the figures it
  attacks from there;
* after a whole phase, the board with every turn's route in its own colour.

The board kind (``hex``, ``square``, ``areas``) and the terrain colours come from the Result (the game's look).
"""

from __future__ import annotations

import math
from collections import deque
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from ..geometry.areas import area_flags
from ..look import GRID_LOOK, BoardLook, FigureFacts
from ..result import Cell, Position, Result, Turn
from ..safe_text import for_markup as escape
from ..safe_text import quoted_attribute as quoteattr
from .svg_base import (
    AREA_GAP_X,
    AREA_GAP_Y,
    AREA_H,
    AREA_W,
    FONT,
    GOAL_STROKE,
    HEADING,
    HEX_RADIUS,
    PAD,
    SQUARE,
    SVG_DEFS,
    UNKNOWN_FILL,
    svg_number,
    svg_text,
)
from .svg_marks import Legend, figures, key_entries, marks, phase_routes, sight_marks

if TYPE_CHECKING:
    from ..geometry.areas import AreaBoard
    from ..geometry.grid import Grid


class _GridLayout:
    def __init__(self, grid: Grid) -> None:
        self.grid = grid
        self.hexes = grid.kind == "hex"
        if self.hexes:
            self.step_x = math.sqrt(3) * HEX_RADIUS
            self.width = self.step_x * (grid.width + 0.5) + 2 * PAD + 18  # the row numbers' room, as for squares
            self.height = HEX_RADIUS * (1.5 * grid.height + 0.5) + 2 * PAD + 18
        else:
            self.width = SQUARE * grid.width + 2 * PAD + 18
            self.height = SQUARE * grid.height + 2 * PAD + 18
        self.left = 18.0  # room for row numbers

    def center(self, cell: Cell) -> tuple[float, float]:
        col, row = cell
        if self.hexes:
            return (self.left + PAD + self.step_x * (col + 0.5 * (row & 1) + 0.5), 18 + PAD + HEX_RADIUS * (1 + 1.5 * row))
        return (self.left + PAD + SQUARE * (col + 0.5), 18 + PAD + SQUARE * (row + 0.5))

    def outline(self, cell: Cell) -> str:
        x, y = self.center(cell)
        if self.hexes:
            points = [
                (x + HEX_RADIUS * math.cos(math.radians(60 * k - 30)), y + HEX_RADIUS * math.sin(math.radians(60 * k - 30)))
                for k in range(6)
            ]
            return '<polygon points="' + " ".join(f"{svg_number(px)},{svg_number(py)}" for px, py in points) + '"'
        h = SQUARE / 2
        return f'<rect x="{svg_number(x - h)}" y="{svg_number(y - h)}" width="{svg_number(SQUARE)}" height="{svg_number(SQUARE)}"'

    def edge(self, a: Cell, b: Cell) -> tuple[tuple[float, float], tuple[float, float]]:
        """The shared side of two neighbouring cells."""
        (ax, ay), (bx, by) = self.center(a), self.center(b)
        mx, my = (ax + bx) / 2, (ay + by) / 2
        dx, dy = bx - ax, by - ay
        length = math.hypot(dx, dy) or 1.0
        half = (HEX_RADIUS if self.hexes else SQUARE) / 2
        px, py = -dy / length * half, dx / length * half
        return (mx - px, my - py), (mx + px, my + py)

    @property
    def figure_radius(self) -> float:
        return HEX_RADIUS * 0.58 if self.hexes else SQUARE * 0.33


def _area_positions(board: AreaBoard) -> dict[str, tuple[float, float]]:
    """Top-left corner of each area box: the file's ``at`` when given, else a layered layout
    (breadth-first layers from the alphabetically first area of each connected part, left to right)."""
    names = sorted(board.areas)
    slot_w, slot_h = AREA_W + AREA_GAP_X, AREA_H + AREA_GAP_Y
    placed: dict[str, tuple[float, float]] = {}
    fixed = {n: at for n in names if (at := board.areas[n].at) is not None}
    neighbours = {n: sorted(o for o, _ in board._adjacency.get(n, ())) for n in names}
    layers: list[list[str]] = []
    seen: set[str] = set()
    for root in names:
        if root in seen:
            continue
        seen.add(root)
        queue, depth = deque([root]), {root: 0}
        part_layers: list[list[str]] = []
        while queue:
            area = queue.popleft()
            while len(part_layers) <= depth[area]:
                part_layers.append([])
            part_layers[depth[area]].append(area)
            for other in neighbours[area]:
                if other not in seen:
                    seen.add(other)
                    depth[other] = depth[area] + 1
                    queue.append(other)
        layers.extend(part_layers)
    row_of: dict[str, float] = {}
    for index, layer in enumerate(layers):
        if index:  # order each layer by the mean row of its neighbours in the previous one (fewer crossings)

            def key(area: str) -> tuple[float, str]:
                rows = [row_of[o] for o in neighbours[area] if o in row_of]
                return (sum(rows) / len(rows) if rows else 0.0, area)

            layer.sort(key=key)
        for row, area in enumerate(layer):
            row_of[area] = row
    columns = _wrapped(layers, len(names))
    tallest = max((len(column) for column in columns), default=1)
    for index, column in enumerate(columns):
        offset = (tallest - len(column)) / 2
        for row, area in enumerate(column):
            placed[area] = (index * slot_w, (row + offset) * slot_h)
    for name, at in fixed.items():
        placed[name] = (at[0] * slot_w, at[1] * slot_h)
    return {name: (x + PAD, y + PAD) for name, (x, y) in placed.items()}


#: A layer of the layered layout taller than this (and than a square board's side) is cut into columns side by side.
WRAP_ROWS = 12


def _wrapped(layers: list[list[str]], count: int) -> list[list[str]]:
    """The layers as columns: a board whose layers stay short is drawn as it always was; on a large board the
    breadth-first layers are hundreds of areas tall (1,000 areas with 6,875 links: 5 layers, a picture 1,062 by
    99,000 units, a thin sliver on any screen), so each layer is cut into columns of at most about the side of a
    square holding every area, in its order."""
    slot_w, slot_h = AREA_W + AREA_GAP_X, AREA_H + AREA_GAP_Y
    rows = max(WRAP_ROWS, math.ceil(math.sqrt(count * slot_w / slot_h)))
    if max((len(layer) for layer in layers), default=0) <= rows:
        return layers
    return [layer[start : start + rows] for layer in layers for start in range(0, len(layer), rows)]


# --- one section per turn -----------------------------------------------------------------


class BoardSymbols:
    """What does not change from turn to turn (cells, rulers, thin walls; area boxes and borders), drawn once
    per distinct board as a ``<g id>`` in the picture's ``<defs>`` and placed in each section with ``<use>``:
    a 31-turn phase on a 64 x 64 board draws its 4,096 cells once, not 32 times."""

    def __init__(self, prefix: str = "board") -> None:
        self.prefix = prefix
        self._ids: dict[Any, str] = {}
        self._drawn: list[str] = []
        self._kept: dict[Any, Any] = {}
        self._layouts: dict[Any, Any] = {}

    def use(self, key: Any, board: Any, draw: Callable[[Any], list[str]]) -> tuple[str, Any]:
        """A ``<use>`` of the drawing of the first board seen under ``key`` (``draw(board)``, drawn then), and that
        board: the section redraws what differs from it (a cell or an area the phase changed)."""
        known = self._ids.get(key)
        if known is None:
            known = self._ids[key] = f"{self.prefix}-{len(self._ids) + 1}"
            self._kept[key] = board
            self._drawn.append(f'<g id="{known}">' + "".join(draw(board)) + "</g>")
        return f'<use href="#{known}"/>', self._kept[key]

    def layout(self, key: Any, make: Callable[[], Any]) -> Any:
        """A value computed once per key (an area board's layout)."""
        if key not in self._layouts:
            self._layouts[key] = make()
        return self._layouts[key]

    def defs(self) -> str:
        return "<defs>" + "".join(self._drawn) + "</defs>" if self._drawn else ""


def _grid_key(grid: Grid) -> Any:
    """Boards that differ only in some cells' terrain share a drawing (the cells that differ are redrawn)."""
    return (grid.kind, grid.width, grid.height, frozenset(grid.terrain), grid.thin_walls, tuple(sorted(grid.symbols.items())))


def _area_key(board: AreaBoard) -> Any:
    """Boards that differ only in their areas' yes/no marks share a drawing (the areas that differ are redrawn)."""
    shape = tuple((name, info.capacity, info.height, info.title, info.at) for name, info in sorted(board.areas.items()))
    return (shape, frozenset(board.borders.items()))


def _cells(layout: _GridLayout, look: BoardLook, only: list[Cell] | None = None) -> list[str]:
    """Every cell (or ``only`` these): its terrain's colour, its true coordinates and its map symbol."""
    out: list[str] = []
    terrains = layout.grid.terrain
    for cell, terrain in sorted(terrains.items()) if only is None else ((c, terrains[c]) for c in sorted(only)):
        fill = look.terrain_fills.get(terrain, UNKNOWN_FILL)
        dark = terrain in look.dark_terrains
        # data-cell: the cell's true coordinates, for pages that act on a tapped cell (enemy-move serve)
        out.append(
            layout.outline(cell)
            + f' fill="{fill}" stroke="#8c8471" stroke-width="1" class={quoteattr("cell " + terrain)} data-cell="{cell[0]},{cell[1]}"/>'
        )
        x, y = layout.center(cell)
        if not dark:  # the true coordinates, small, at the bottom of the cell
            out.append(
                svg_text(
                    x,
                    y + (HEX_RADIUS * 0.66 if layout.hexes else SQUARE * 0.36),
                    f"{cell[0]},{cell[1]}",
                    size=7,
                    fill="#8a8372",
                    cls="coordinates",
                )
            )
        if terrain not in look.plain_terrains:
            symbol = layout.grid.symbol_for(terrain)
            out.append(
                svg_text(
                    x,
                    y - (HEX_RADIUS * 0.55 if layout.hexes else SQUARE * 0.3),
                    symbol,
                    size=10,
                    fill="#ffffff" if dark else "#333",
                    cls="terrain-symbol",
                )
            )
    return out


@dataclass(frozen=True)
class _Scene:
    """What a section draws besides the board: whether the phase assumes the option shown, the game's look,
    the figures' facts, and (after a phase) every turn's route as (turn index, actor, path)."""

    followed: bool = False
    look: BoardLook = GRID_LOOK
    facts: dict[str, FigureFacts] = field(default_factory=dict)
    routes: list[tuple[int, str, tuple[Position, ...]]] = field(default_factory=list)
    #: Where the unchanging board goes (drawn once, used per section); None: drawn in every section.
    symbols: BoardSymbols | None = None
    #: --sight-from: (the cell, the game's sight lines from it on this board), drawn over everything.
    sight: tuple[Position, list[Any]] | None = None


def _grid_board(layout: _GridLayout, look: BoardLook) -> list[str]:
    """What a grid section draws under the figures and the routes: cells, rulers, thin walls."""
    grid = layout.grid
    out = _cells(layout, look)
    # rulers: true coordinates
    for col in range(grid.width):
        x, _ = layout.center((col, 0))
        out.append(svg_text(x, PAD + 4, str(col), size=10, fill="#777", cls="ruler"))
    for row in range(grid.height):
        _, y = layout.center((0, row))
        out.append(svg_text(PAD + 2, y, str(row), size=10, fill="#777", cls="ruler"))
    for pair in sorted(sorted(p) for p in grid.thin_walls):
        (x1, y1), (x2, y2) = layout.edge(pair[0], pair[1])
        out.append(
            f'<line x1="{svg_number(x1)}" y1="{svg_number(y1)}" x2="{svg_number(x2)}" y2="{svg_number(y2)}" stroke="#111" stroke-width="5" '
            'stroke-linecap="round" class="thin-wall"/>'
        )
    return out


def _section_grid(grid: Grid, turn: Turn | None, scene: _Scene) -> tuple[list[str], float, float, list[tuple[str, str]]]:
    look = scene.look
    layout = _GridLayout(grid)
    legend: list[tuple[str, str]] = []
    used_terrain = set(grid.terrain.values())
    if scene.symbols is None:
        out = _grid_board(layout, look)
    else:
        use, base = scene.symbols.use(_grid_key(grid), grid, lambda board: _grid_board(_GridLayout(board), look))
        changed = [cell for cell, terrain in grid.terrain.items() if base.terrain[cell] != terrain]
        out = [use, *_cells(layout, look, changed)] if changed else [use]
    if grid.thin_walls:
        legend.append(("#111", "thin wall"))
    goals = [g for g in (turn.goals if turn is not None else ()) if isinstance(g, tuple) and g in grid.terrain]
    for goal in goals:  # where it heads (``Turn.goals``), a dashed ring under everything else
        x, y = layout.center(goal)
        out.append(
            f'<circle cx="{svg_number(x)}" cy="{svg_number(y)}" r="{svg_number(layout.figure_radius * 1.35)}" fill="none" stroke="{GOAL_STROKE}" '
            'stroke-width="3" stroke-dasharray="5 3" class="goal"/>'
        )
    if goals:
        legend.append((GOAL_STROKE, f"dashed ring: {look.goal_legend}"))
    centers = {label: layout.center(cell) for label, cell in grid.figures.items()}
    if scene.routes:
        under, over = phase_routes(scene.routes, layout.center, legend)
    else:
        under, over = marks(turn, layout.center, centers, layout.figure_radius, scene.followed, legend)
    seen: list[str] = []
    if scene.sight is not None:  # under the figures: a line ends at a figure, the disc stays readable
        radius = HEX_RADIUS if layout.hexes else SQUARE / 2
        seen = sight_marks(scene.sight[0], scene.sight[1], layout.center, radius, layout.outline, layout.edge, legend)
    out += under + seen + figures(grid.figures, turn, centers, layout.figure_radius, legend, scene.facts) + over
    for terrain in sorted(used_terrain - {"floor"}):
        legend.append((look.terrain_fills.get(terrain, UNKNOWN_FILL), terrain))
    return out, layout.width, layout.height, legend


def _borders(board: AreaBoard, centers_of: dict[str, tuple[float, float]]) -> list[str]:
    """Each border as a line between the two areas' centres, drawn by its kind."""
    out: list[str] = []
    for pair, kind in sorted(board.borders.items(), key=lambda item: sorted(item[0])):
        a, b = sorted(pair)
        (x1, y1), (x2, y2) = centers_of[a], centers_of[b]
        if kind == "double":
            dx, dy = x2 - x1, y2 - y1
            length = math.hypot(dx, dy) or 1.0
            ox, oy = -dy / length * 4, dx / length * 4
            for sign in (1, -1):
                out.append(
                    f'<line x1="{svg_number(x1 + sign * ox)}" y1="{svg_number(y1 + sign * oy)}" x2="{svg_number(x2 + sign * ox)}" y2="{svg_number(y2 + sign * oy)}" '
                    'stroke="#6b6b6b" stroke-width="3" class="border double"/>'
                )
        elif kind == "barrier":
            out.append(
                f'<line x1="{svg_number(x1)}" y1="{svg_number(y1)}" x2="{svg_number(x2)}" y2="{svg_number(y2)}" stroke="#b22222" stroke-width="3" '
                'stroke-dasharray="2 6" class="border barrier"/>'
            )
            mx, my = (x1 + x2) / 2, (y1 + y2) / 2
            out.append(svg_text(mx, my, "||", size=16, fill="#b22222", weight="bold", cls="barrier-mark"))
        else:
            out.append(
                f'<line x1="{svg_number(x1)}" y1="{svg_number(y1)}" x2="{svg_number(x2)}" y2="{svg_number(y2)}" stroke="#6b6b6b" stroke-width="3" class="border single"/>'
            )
    return out


def _area_board(board: AreaBoard, corners: dict[str, tuple[float, float]], centers_of: dict[str, tuple[float, float]]) -> list[str]:
    """What an area section draws under the figures whatever they do: borders, boxes, names, marks."""
    return _borders(board, centers_of) + _area_boxes(board, corners, sorted(board.areas))


def _area_boxes(board: AreaBoard, corners: dict[str, tuple[float, float]], names: list[str]) -> list[str]:
    """Areas ``names`` as boxes with their names, yes/no marks and (empty) bottom lines."""
    out: list[str] = []
    several_heights = len({info.height for info in board.areas.values()}) > 1
    for name in names:
        info = board.areas[name]
        x, y = corners[name]
        fill = "#e9e9e9" if info.capacity == 0 else "#f3eddc"
        out.append(
            f'<rect x="{svg_number(x)}" y="{svg_number(y)}" width="{svg_number(AREA_W)}" height="{svg_number(AREA_H)}" rx="10" fill="{fill}" '
            f'stroke="#8c8471" stroke-width="1.5" class="area" data-name={quoteattr(name)} data-area={quoteattr(name)}/>'
        )
        title = f"{name} ({info.title})" if info.title else name
        out.append(svg_text(x + 8, y + 13, title, size=12, anchor="start", weight="bold", cls="area-name"))
        for mark in area_flags(info):
            out.append(svg_text(x + AREA_W - 8, y + 13, mark, size=10, anchor="end", fill="#8e3b8e", weight="bold", cls=mark))
        out += _area_facts(x, y, info, 0, several_heights)
    return out


def _area_facts(x: float, y: float, info: Any, used: int, several_heights: bool) -> list[str]:
    """An area's bottom line: "used/capacity" (and its height where heights differ), white dots = capacity, filled = used."""
    facts = f"{used}/{info.capacity}" if info.capacity else "no room"
    if several_heights:
        facts += f" · height {info.height}"
    out = [svg_text(x + AREA_W - 8, y + AREA_H - 11, facts, size=10, anchor="end", fill="#555", cls="area-facts")]
    for dot in range(info.capacity):
        cx = x + 10 + dot * 11
        out.append(
            f'<circle cx="{svg_number(cx)}" cy="{svg_number(y + AREA_H - 11)}" r="4" fill="{"#777" if dot < used else "#fff"}" stroke="#777"/>'
        )
    return out


def _section_areas(board: AreaBoard, turn: Turn | None, scene: _Scene) -> tuple[list[str], float, float, list[tuple[str, str]]]:
    symbols = scene.symbols
    key = _area_key(board) if symbols is not None else None
    corners = symbols.layout(key, lambda: _area_positions(board)) if symbols is not None else _area_positions(board)
    centers_of = {name: (x + AREA_W / 2, y + AREA_H / 2) for name, (x, y) in corners.items()}
    if symbols is None:
        out = _area_board(board, corners, centers_of)
    else:
        use, base = symbols.use(key, board, lambda first: _area_board(first, corners, centers_of))
        out = [use, *_area_boxes(board, corners, sorted(name for name, info in board.areas.items() if base.areas[name] != info))]
    legend: list[tuple[str, str]] = []
    kinds_used = set(board.borders.values())
    heights = {info.height for info in board.areas.values()}
    for name in sorted(board.areas):  # the board draws every area empty: redraw the bottom line of the occupied ones
        info = board.areas[name]
        used = board.occupancy(name)
        if used and info.capacity:
            x, y = corners[name]
            out.append(
                f'<rect x="{svg_number(x + 2)}" y="{svg_number(y + AREA_H - 20)}" width="{svg_number(AREA_W - 4)}" height="18" fill="#f3eddc"/>'
            )
            out += _area_facts(x, y, info, used, len(heights) > 1)
    radius = 14.0
    figure_centers: dict[str, tuple[float, float]] = {}
    for name in sorted(board.areas):
        x, y = corners[name]
        for index, figure in enumerate(board.occupants(name)):
            figure_centers[figure.label] = (x + 22 + index * (2 * radius + 6), y + AREA_H / 2 + 2)
    start = figure_centers.get(turn.actor) if turn is not None else None

    def route_point(area: str, index: int | None = None) -> tuple[float, float]:
        if index == 0 and start is not None:  # the route leaves from the acting figure itself
            return start
        return (centers_of[area][0], centers_of[area][1] + 24)

    def badge_at(area: str, index: int | None = None) -> tuple[float, float]:
        return (corners[area][0] + AREA_W - 14, corners[area][1] + 32)

    if scene.routes:
        under, over = phase_routes(scene.routes, route_point, legend, badge_at=badge_at)
    else:
        under, over = marks(turn, route_point, figure_centers, radius, scene.followed, legend, badge_at=badge_at)
    positions = {label: f.area for label, f in board.figures.items()}
    describe = {label: (f" taunt {f.taunt}" if f.is_ally else "") for label, f in board.figures.items()}
    out += under + figures(positions, turn, figure_centers, radius, legend, scene.facts, describe) + over
    for kind, text in (("single", "single white line"), ("double", "double white line"), ("barrier", "solid barrier")):
        if kind in kinds_used:
            legend.append(({"single": "#6b6b6b", "double": "#6b6b6b", "barrier": "#b22222"}[kind], text))
    width = max((x + AREA_W for x, _ in corners.values()), default=0) + PAD
    height = max((y + AREA_H for _, y in corners.values()), default=0) + PAD
    return out, width, height, legend


def _legend(entries: list[tuple[str, str]], width: float, top: float) -> tuple[list[str], float]:
    """Swatches and words, wrapped to ``width``; returns the elements and the height used."""
    out: list[str] = []
    x, y = PAD, top + 10
    seen: set[tuple[str, str]] = set()
    for colour, text in entries:
        if (colour, text) in seen:
            continue
        seen.add((colour, text))
        item = 22 + 5.8 * len(text)
        if x + item > width - PAD and x > PAD:
            x, y = PAD, y + 18
        out.append(
            f'<rect x="{svg_number(x)}" y="{svg_number(y - 6)}" width="12" height="12" rx="2" fill="{colour}" stroke="#555" stroke-width="0.5"/>'
        )
        out.append(svg_text(x + 16, y, text, size=11, anchor="start", fill="#333", cls="legend"))
        x += item + 12
    return out, (y - top) + 14


def _turn_title(result: Result, index: int | None, turn: Turn | None = None) -> str:
    if index is None:
        return "After the phase"
    turn = turn if turn is not None else result.turns[index]
    from .text import answer_line

    prefix = f"Turn {index + 1} of {len(result.turns)}: " if len(result.turns) > 1 else ""
    return prefix + answer_line(turn, has_focus=result.has_focus, whole_phase=len(result.turns) > 1).replace("  ·  ", " · ")


def taken_routes(turns: Sequence[Turn], choices: Sequence[int] | None = None) -> list[tuple[int, str, tuple[Position, ...]]]:
    """Every turn's route as the phase took it (``choices``: the option of each turn; default each turn's chosen one)."""
    return [
        (index, turn.actor, turn.options[choices[index] if choices is not None else turn.chosen or 0].path)
        for index, turn in enumerate(turns)
        if turn.options
    ]


Section = tuple[str, list[str], float, float]


def section(
    result: Result, index: int | None, board: Any, turn: Turn | None, *, symbols: BoardSymbols | None = None, **more: Any
) -> Section:
    """(caption, elements, width, height) of turn ``index`` (``turn`` on ``board``), or with ``index`` None the board
    after the phase with ``routes`` (``more``); ``caption`` (``more``) overrides the title. Given ``legends``
    (``more``), the section's legend entries (colour, words) go there instead of into the drawing (the table page
    writes them as text)."""
    routes = more.get("routes", [])
    scene = _Scene(turn is not None and turn.follows, result.look, result.figures, routes, symbols, more.get("sight"))
    if result.board_kind == "areas":
        elements, width, height, legend = _section_areas(board, turn, scene)
    else:
        elements, width, height, legend = _section_grid(board, turn, scene)
    caption = more.get("caption") or _turn_title(result, index, turn)
    legends = more.get("legends")
    if legends is not None:
        legends.append(legend)
        return caption, elements, width, height
    width = max(width, 420.0)
    legend_elements, legend_height = _legend(legend, width, height)
    return caption, elements + legend_elements, width, height + legend_height


def sections(result: Result, symbols: BoardSymbols | None = None, legends: list[Legend] | None = None, sight: Any = None) -> list[Section]:
    """(caption, elements, width, height) per turn, then the board after a whole phase (``legends``: see section;
    ``sight``: the ``--sight-from`` report, its lines drawn on each turn's board)."""
    drawn = []
    for index, turn in enumerate(result.turns):
        board = result.board if index == 0 else result.boards_after[index - 1]
        seen = (sight.at, sight.lines[index]) if sight is not None and index < len(sight.lines) else None
        drawn.append(section(result, index, board, turn, symbols=symbols, legends=legends, sight=seen))
    if len(result.turns) > 1 and result.boards_after:
        routes = taken_routes(result.turns)
        drawn.append(section(result, None, result.boards_after[-1], None, symbols=symbols, routes=routes, legends=legends))
    if not drawn:
        seen = (sight.at, sight.lines[0]) if sight is not None and sight.lines else None
        drawn.append(section(result, None, result.board, None, symbols=symbols, caption="The board", legends=legends, sight=seen))
    return drawn


def result_svg(result: Result, sight: Any = None) -> str:
    """One SVG document: a heading, then one section per turn (and the board after the phase); ``sight``: the
    ``--sight-from`` report (why_not.SightReport), drawn on each turn's board."""
    parts: list[str] = []
    symbols = BoardSymbols()
    drawn = sections(result, symbols, sight=sight)
    title = result.title or result.scenario
    width = max([w for _, _, w, _ in drawn] + [480.0, 2 * PAD + 9.5 * len(title)] + [2 * PAD + 8.5 * len(c) for c, _, _, _ in drawn])
    y = HEADING
    key, key_height = _legend(key_entries(result.figures, sorted(result.figures)), width, y - 6)
    if key:  # the key: each figure with its side (its colour), elite mark and initiative
        parts.append('<g class="key">' + "".join(key) + "</g>")
        y += key_height + 6
    for caption, elements, _, height in drawn:
        parts.append(f'<g class="turn" transform="translate(0,{svg_number(y)})">')
        parts.append(svg_text(PAD, 10, caption, size=14, anchor="start", weight="bold", cls="caption"))
        parts.append('<g transform="translate(0,18)">' + "".join(elements) + "</g></g>")
        y += height + 18 + 20
    head = (
        f'<svg xmlns="http://www.w3.org/2000/svg" width="{svg_number(width)}" height="{svg_number(y)}" viewBox="0 0 {svg_number(width)} {svg_number(y)}" {FONT}>'
        f'<title>{escape(title)}</title>{SVG_DEFS}{symbols.defs()}<rect width="100%" height="100%" fill="#ffffff"/>'
        + svg_text(PAD, 14, title, size=16, anchor="start", weight="bold", cls="title")
        + svg_text(PAD, 30, f"{result.ruleset} / {result.variant}", size=11, anchor="start", fill="#666")
    )
    return head + "".join(parts) + "</svg>\n"
