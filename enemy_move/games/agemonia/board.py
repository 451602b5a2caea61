"""The Agemonia area map: areas, their borders (single, double, barrier lines), sight and the figures, checked with YAML positions."""

from __future__ import annotations

import difflib

from ...geometry.areas import AreaBoard, AreaFigure, AreaInfo
from ...models import Scenario
from .model import SIZES, AgemoniaScenario, parse_link


def build_board(scenario: Scenario) -> AreaBoard:
    model: AgemoniaScenario = scenario.model
    areas = {
        name: AreaInfo(name=name, capacity=area.capacity, height=area.height, trap=area.trap, title=area.name, at=area.at)
        for name, area in model.areas.items()
    }
    if not areas:
        raise scenario.error(("areas",), "the map needs at least one area")
    borders: dict[frozenset[str], str] = {}
    for index, text in enumerate(model.links):
        first, second, kind = parse_link(text)
        for name in (first, second):
            if name not in areas:
                raise scenario.error(("links", index), f"link {text!r}: unknown area {name!r}{_hint(name, areas)}")
        pair = frozenset((first, second))
        if pair in borders:
            raise scenario.error(("links", index), f"areas {first} and {second} are already linked ({borders[pair]} line)")
        borders[pair] = kind

    figures: dict[str, AreaFigure] = {}
    for label, figure in model.figures.items():
        if figure.area not in areas:
            raise scenario.error(("figures", label, "area"), f"unknown area {figure.area!r}{_hint(figure.area, areas)}")
        if areas[figure.area].capacity == 0:
            raise scenario.error(
                ("figures", label, "area"), f"area {figure.area} has no white dots (capacity 0): no figure can stand there"
            )
        figures[label] = AreaFigure(
            label=label,
            side=figure.side,
            area=figure.area,
            size=SIZES[figure.size],
            taunt=figure.taunt or 0,
            name=figure.name,
            fly=figure.fly,
            invisible="invisible" in figure.conditions,
        )

    used: dict[str, int] = {}
    for label, figure in model.figures.items():
        used[figure.area] = used.get(figure.area, 0) + SIZES[figure.size]
        if used[figure.area] > areas[figure.area].capacity:
            # Ending above capacity is never allowed (A5), so no position can start that way.
            raise scenario.error(
                ("figures", label, "area"),
                f"area {figure.area} is over its maximum capacity {areas[figure.area].capacity} with {label!r} ({used[figure.area]} capacity used by the figures listed up to here)",
            )

    sight = model.sight
    for key in ("see", "blocked"):
        for index, pair in enumerate(getattr(sight, key)):
            for position, name in enumerate(pair):
                if name not in areas:
                    raise scenario.error(("sight", key, index, position), f"unknown area {name!r}{_hint(name, areas)}")
    blocked = frozenset(frozenset(pair) for pair in sight.blocked)
    if sight.default == "open":  # every pair sees but the blocked ones: store only those
        return AreaBoard(areas=areas, borders=borders, figures=figures, sight_open=True, sight_blocked=blocked)
    seeing = {pair for pair, kind in borders.items() if kind != "barrier"}
    seeing |= {frozenset(pair) for pair in sight.see if pair[0] != pair[1]}
    return AreaBoard(areas=areas, borders=borders, figures=figures, sight_pairs=frozenset(seeing - blocked))


def _hint(name: str, known: dict[str, AreaInfo]) -> str:
    close = difflib.get_close_matches(name, sorted(known), n=1, cutoff=0.6)
    return f" (did you mean {close[0]!r}?)" if close else ""
