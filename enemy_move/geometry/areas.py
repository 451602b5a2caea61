"""Area maps: named areas joined by borders of different kinds.

A generic board for rulesets played on areas instead of cells. It knows the
areas (capacity, height, trap), the borders between them (``single``,
``double``, ``barrier``), who stands where, and which areas see each other.
It decides nothing about any game's rules.
"""

from __future__ import annotations

from dataclasses import dataclass, field, fields, replace
from functools import cached_property
from typing import Any

from . import cellgraph
from .cellgraph import CellGraph

LINE_KINDS = ("single", "double", "barrier")


@dataclass(frozen=True)
class AreaInfo:
    name: str
    capacity: int
    height: int = 0
    trap: bool = False
    title: str | None = None
    #: Where pictures draw the area (``at: [x, y]`` in the file, in area widths/heights); None = laid out automatically.
    at: tuple[float, float] | None = None


def area_flags(info: AreaInfo) -> list[str]:
    """The names of an area's yes/no attributes that are set, in field order: what views write beside its name
    (renderers draw them without knowing what they mean)."""
    return [each.name for each in fields(info) if isinstance(getattr(info, each.name), bool) and getattr(info, each.name)]


@dataclass(frozen=True)
class AreaFigure:
    label: str
    side: str  # "enemy" | "hero" | "ally"
    area: str
    size: int = 1
    taunt: int = 0
    name: str | None = None
    fly: bool = False
    invisible: bool = False

    @property
    def is_ally(self) -> bool:
        return self.side != "enemy"

    def describe(self) -> str:
        return f"{self.name} ({self.label})" if self.name else self.label


@dataclass(frozen=True)
class AreaBoard:
    """An immutable area map; ``moved`` returns the board after a figure moved."""

    areas: dict[str, AreaInfo]
    # frozenset({a, b}) -> line kind
    borders: dict[frozenset[str], str]
    figures: dict[str, AreaFigure]
    # frozenset({a, b}) for the pairs of different areas that see each other;
    # with ``sight_open`` every pair sees unless it is in ``sight_blocked``, and
    # only those are stored (6,000 areas make 18 million pairs, a few blocked).
    sight_pairs: frozenset[frozenset[str]] = field(default_factory=frozenset)
    sight_open: bool = False
    sight_blocked: frozenset[frozenset[str]] = field(default_factory=frozenset)
    kind: str = "areas"

    # -- borders -------------------------------------------------------------
    def line(self, a: str, b: str) -> str | None:
        return self.borders.get(frozenset((a, b)))

    @cached_property
    def _adjacency(self) -> dict[str, list[tuple[str, str]]]:
        # area -> sorted (neighbour, line kind); computed once per board.
        adjacency: dict[str, list[tuple[str, str]]] = {name: [] for name in self.areas}
        for pair, kind in self.borders.items():
            first, second = sorted(pair)
            adjacency[first].append((second, kind))
            adjacency[second].append((first, kind))
        return {name: sorted(links) for name, links in adjacency.items()}

    @cached_property
    def _distance_cache(self) -> dict[tuple[str, tuple[str, ...]], dict[str, int]]:
        return {}

    @cached_property
    def names(self) -> tuple[str, ...]:
        """The area names in sorted order: area ``names[i]`` is id ``i`` of :meth:`graph`."""
        return tuple(sorted(self.areas))

    @cached_property
    def ids(self) -> dict[str, int]:
        return {name: i for i, name in enumerate(self.names)}

    @cached_property
    def _graphs(self) -> dict[tuple[str, ...], CellGraph]:
        return {}

    def graph(self, kinds: tuple[str, ...] = ("single", "double")) -> CellGraph:
        """The areas as integer ids for geometry/cellgraph.py's searches, joined by borders of ``kinds``.

        Area ``names[i]`` is the graph's node ``(i, 0)``, id ``i``: ids follow the names' sort order, so
        searches break ties as they did on names. Built once per set of borders (a phase shares it)."""
        graph = self._graphs.get(kinds)
        if graph is None:
            ids, names = self.ids, self.names

            def adjacent(node: tuple[int, int]) -> list[tuple[int, int]]:
                return [(ids[other], 0) for other in self.neighbours(names[node[0]], kinds)]

            graph = self._graphs[kinds] = CellGraph([(i, 0) for i in range(len(names))], adjacent)
        return graph

    def neighbours(self, area: str, kinds: tuple[str, ...] = ("single", "double")) -> list[str]:
        """Areas sharing a border of one of ``kinds`` with ``area``, sorted by name."""
        return [other for other, kind in self._adjacency.get(area, ()) if kind in kinds]

    def line_distances(self, start: str, kinds: tuple[str, ...] = ("single", "double")) -> dict[str, int]:
        """Borders crossed from ``start`` to every area, over ``kinds`` only; ignores capacity and figures.

        The returned mapping (in name order) is cached: read it, do not modify it."""
        key = (start, kinds)
        known = self._distance_cache.get(key)
        if known is None:
            steps, _, _ = cellgraph.bfs(self.graph(kinds), self.ids[start])
            names = self.names
            known = self._distance_cache[key] = {names[i]: count for i, count in enumerate(steps) if count >= 0}
        return known

    @cached_property
    def _sight_cache(self) -> dict[tuple[str, tuple[str, ...], int], list[tuple[str, int]]]:
        return {}

    def seen_within(self, area: str, kinds: tuple[str, ...], reach: int) -> list[tuple[str, int]]:
        """(other area, borders) for the areas at most ``reach`` borders of ``kinds`` from ``area`` that see it.

        Cached, and shared by the boards after moves (borders and sight do not change): read it, do not modify it."""
        key = (area, kinds, reach)
        known = self._sight_cache.get(key)
        if known is None:
            distances = self.line_distances(area, kinds)
            known = self._sight_cache[key] = [(other, d) for other, d in distances.items() if d <= reach and self.sees(other, area)]
        return known

    def sees(self, a: str, b: str) -> bool:
        if a == b:
            return True
        pair = frozenset((a, b))
        if self.sight_open:
            return pair not in self.sight_blocked
        return pair in self.sight_pairs

    # -- occupants -----------------------------------------------------------
    @cached_property
    def _by_area(self) -> dict[str, list[AreaFigure]]:
        # area -> its figures by label; engines ask per area, thousands of times per turn.
        found: dict[str, list[AreaFigure]] = {}
        for _, figure in sorted(self.figures.items()):
            found.setdefault(figure.area, []).append(figure)
        return found

    def occupants(self, area: str, *, without: str | None = None) -> list[AreaFigure]:
        return [f for f in self._by_area.get(area, ()) if f.label != without]

    def occupancy(self, area: str, *, without: str | None = None) -> int:
        return sum(f.size for f in self.occupants(area, without=without))

    def occupants_of_areas(self, areas: list[str]) -> list[AreaFigure]:
        return [f for _, f in sorted(self.figures.items()) if f.area in areas]

    def has_ally(self, area: str) -> bool:
        return any(f.is_ally for f in self.occupants(area))

    def moved(self, label: str, area: str) -> AreaBoard:
        return self.with_figure(replace(self.figures[label], area=area))

    def with_figure(self, figure: AreaFigure) -> AreaBoard:
        """The board with ``figure`` in place of the figure of its label (the borders' searches kept)."""
        figures = dict(self.figures)
        figures[figure.label] = figure
        return self._keeping_borders(replace(self, figures=figures))

    def with_area(self, info: AreaInfo) -> AreaBoard:
        """The board with ``info`` in place of the area of its name (a game's effect on an area, e.g. a token
        removed; the borders' searches kept)."""
        areas = dict(self.areas)
        areas[info.name] = info
        return self._keeping_borders(replace(self, areas=areas))

    def _keeping_borders(self, board: AreaBoard) -> AreaBoard:
        # Moves and changed areas leave the borders alone: the next board reuses the
        # adjacency and the distances already found (a phase of 31 enemies
        # would otherwise repeat every search 31 times).
        for name in ("_adjacency", "_distance_cache", "_sight_cache", "names", "ids", "_graphs"):
            if name in self.__dict__:
                board.__dict__[name] = self.__dict__[name]
        return board

    def to_dict(self) -> dict[str, Any]:
        return {
            "areas": {n: {"capacity": a.capacity, "height": a.height, "trap": a.trap} for n, a in sorted(self.areas.items())},
            "borders": sorted([*sorted(pair), kind] for pair, kind in self.borders.items()),
            "figures": {label: f.area for label, f in sorted(self.figures.items())},
        }
