"""The Agemonia area map: areas, their borders (single, double, barrier lines), sight and the figures, checked with YAML positions."""

from __future__ import annotations

import difflib
from collections.abc import Collection
from typing import Any

from ...errors import ScenarioError
from ...geometry.areas import AreaBoard, AreaFigure, AreaInfo
from ...loader import SourceMap
from ...models import Scenario
from .model import SIZES, AgemoniaScenario, parse_link


def build_board(scenario: Scenario) -> AreaBoard:
    model: AgemoniaScenario = scenario.model
    areas = {
        name: AreaInfo(name=name, capacity=area.capacity, height=area.height, trap=area.trap, title=area.name, at=area.at)
        for name, area in model.areas.items()
    }
    borders = _borders(areas, model.links, scenario.source)

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
    _check_enemy_keys(scenario)
    blocked = frozenset(frozenset(pair) for pair in sight.blocked)
    if sight.default == "open":  # every pair sees but the blocked ones: store only those
        return AreaBoard(areas=areas, borders=borders, figures=figures, sight_open=True, sight_blocked=blocked)
    seeing = {pair for pair, kind in borders.items() if kind != "barrier"}
    seeing |= {frozenset(pair) for pair in sight.see if pair[0] != pair[1]}
    return AreaBoard(areas=areas, borders=borders, figures=figures, sight_pairs=frozenset(seeing - blocked))


def _check_enemy_keys(scenario: Scenario) -> None:
    """The keys naming an enemy (`actions:`, `enemy_cards:`, `symbols:`) name one: checked while loading, with the
    board's other references, so that a file that loads is one its Play can set up."""
    model: AgemoniaScenario = scenario.model
    types = {f.enemy_type(label) for label, f in model.figures.items() if f.side == "enemy"}
    for key in model.actions:
        if key not in model.figures and key not in types:
            raise scenario.error(("actions", key), f"{key!r} is neither an enemy label nor an enemy type", key=True)
    for where in ("enemy_cards", "symbols"):
        for key in getattr(model, where):
            if key not in types:
                raise scenario.error((where, key), f"{key!r} is not an enemy type (a figure's `type`, else its `name`)", key=True)


def _borders(areas: Collection[str], links: list[str], source: SourceMap) -> dict[frozenset[str], str]:
    """Each pair of linked areas and its line; the first mistake of the map (no area, a link's area unknown or linked
    twice) raised, located."""
    if not areas:
        raise source.error(("areas",), "the map needs at least one area")
    borders: dict[frozenset[str], str] = {}
    for index, text in enumerate(links):
        first, second, kind = parse_link(text)
        for name in (first, second):
            if name not in areas:
                raise source.error(("links", index), f"link {text!r}: unknown area {name!r}{_hint(name, areas)}")
        pair = frozenset((first, second))
        if pair in borders:
            raise source.error(("links", index), f"areas {first} and {second} are already linked ({borders[pair]} line)")
        borders[pair] = kind
    return borders


def board_mistake(data: Any, source: SourceMap) -> ScenarioError | None:
    """The map's first mistake in a file the schema refused (``Game.board_mistake``), read from the areas' names and
    the links as written: up to a link the schema refuses (its own mistake), or none when the areas are not a
    mapping or the links not a list."""
    areas, links = (data.get("areas"), data.get("links")) if isinstance(data, dict) else (None, None)
    if not isinstance(areas, dict) or not isinstance(links, list):
        return None
    readable = []
    for text in links:
        try:
            parse_link(text)
        except (TypeError, ValueError):
            break
        readable.append(text)
    try:
        _borders([str(name) for name in areas], readable, source)
    except ScenarioError as error:
        return error
    return None


def _hint(name: str, known: Collection[str]) -> str:
    close = difflib.get_close_matches(name, sorted(known), n=1, cutoff=0.6)
    return f" (did you mean {close[0]!r}?)" if close else ""
