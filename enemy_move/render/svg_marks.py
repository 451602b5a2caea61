"""What a picture draws over the board: every option's route (the one shown solid, the others faint),
attacks, figures coloured by side with the elite ring, the figures' key, and a whole phase's routes.

The sides, colours, names and initiatives come from the Result (``Result.figures``, the game's vocabulary).
"""

from __future__ import annotations

import math
from collections.abc import Mapping, Sequence
from typing import Any

from ..look import FigureFacts
from ..result import Displaced, Position, Turn, format_position
from ..safe_text import quoted_attribute as quoteattr
from . import ascii_map
from .svg_base import (
    ACTOR_FILL,
    ELITE_STROKE,
    FOCUS_STROKE,
    MOVED_STROKE,
    OPTION_FILL,
    PATH_STROKE,
    TURN_STROKES,
    Locate,
    svg_number,
    svg_text,
)

Point = tuple[float, float]
Legend = list[tuple[str, str]]


def _polyline(points: list[Point], stroke: str, *, faint: bool, attributes: str) -> str:
    """A route, stopped short of its end's badge so the arrow head shows."""
    if len(points) > 1:
        (px, py), (qx, qy) = points[-2], points[-1]
        span = math.hypot(qx - px, qy - py) or 1.0
        cut = min(11.0, span / 2)
        points = points[:-1] + [(qx - (qx - px) / span * cut, qy - (qy - py) / span * cut)]
    coords = " ".join(f"{svg_number(x)},{svg_number(y)}" for x, y in points)
    look = 'stroke-width="2.5" stroke-opacity="0.35" stroke-dasharray="6 4"' if faint else 'stroke-width="4" stroke-opacity="0.9"'
    return (
        f'<polyline points="{coords}" fill="none" stroke="{stroke}" {look} stroke-linejoin="round" marker-end="url(#arrow)" {attributes}/>'
    )


def _points(path: Sequence[Position], center: Locate, areas: bool) -> list[Point]:
    return [center(p, i) if areas else center(p) for i, p in enumerate(path)]


def _attacks(option: Any, end: Point, figure_centers: dict[str, Point], radius: float) -> list[str]:
    out = []
    for label in option.attacks:
        if label in figure_centers:
            tx, ty = figure_centers[label]
            dx, dy = tx - end[0], ty - end[1]
            length = math.hypot(dx, dy) or 1.0
            stop = (tx - dx / length * (radius + 3), ty - dy / length * (radius + 3))
            out.append(
                f'<line x1="{svg_number(end[0])}" y1="{svg_number(end[1])}" x2="{svg_number(stop[0])}" y2="{svg_number(stop[1])}" stroke="{FOCUS_STROKE}" '
                'stroke-width="2" stroke-dasharray="6 4" marker-end="url(#attack)" class="attack"/>'
            )
    return out


def _badge(x: float, y: float, text: str, fill: str, attributes: str) -> str:
    w = 12 + 7 * len(text)
    return (
        f"<g {attributes}>"
        f'<rect x="{svg_number(x - w / 2)}" y="{svg_number(y - 9)}" width="{svg_number(w)}" height="18" rx="9" fill="{fill}" stroke="#fff"/>'
        + svg_text(x, y, text, size=12, fill="#fff", weight="bold")
        + "</g>"
    )


def marks(
    turn: Turn | None,
    center: Locate,
    figure_centers: dict[str, Point],
    radius: float,
    followed: bool,
    legend: Legend,
    badge_at: Locate | None = None,
) -> tuple[list[str], list[str]]:
    """Every option's route (the shown one solid, the others faint) and the shown one's attacks (under the
    figures), and every option's numbered badge (over them). Each route and badge names its option
    (``data-option``, from 0) so that a page can show one route at a time."""
    out: list[str] = []
    badges_out: list[str] = []
    if turn is None or not turn.options:
        return out, badges_out
    shown = ascii_map.shown_option(turn) or 0
    areas = badge_at is not None
    for index, option in sorted(enumerate(turn.options), key=lambda item: item[0] == shown):  # the shown one on top
        points = _points(option.path, center, areas)
        if len(points) > 1:
            klass = "route shown" if index == shown else "route"
            out.append(_polyline(points, PATH_STROKE, faint=index != shown, attributes=f'class="{klass}" data-option="{index}"'))
    option = turn.options[shown]
    end = _points(option.path, center, areas)[-1]
    out += _attacks(option, end, figure_centers, radius)
    if len(option.path) > 1:
        which = f"route of option {shown + 1}" + (", which the rest of the phase assumes" if followed else "")
        legend.append((PATH_STROKE, which + ("; faint: the other options' routes" if len(turn.options) > 1 else "")))
    if option.attacks:
        legend.append((FOCUS_STROKE, f"attacks from option {shown + 1}'s destination"))
    out += _displaced(option, center, radius, legend, areas)
    badges: dict[Position, list[int]] = {}
    for index, each in enumerate(turn.options):
        badges.setdefault(each.to, []).append(index)
    for to, indexes in sorted(badges.items(), key=lambda item: item[1][0]):
        x, y = badge_at(to) if badge_at is not None else center(to)
        if badge_at is None and any(math.hypot(fx - x, fy - y) < 1 for fx, fy in figure_centers.values()):
            x, y = x - radius * 0.75, y - radius * 0.95  # above left of the figure standing there
        text = ",".join(ascii_map.option_mark(i) for i in indexes)
        data = f'class="option" data-options={quoteattr(" ".join(str(i) for i in indexes))} data-to={quoteattr(format_position(to))}'
        badges_out.append(_badge(x, y, text, OPTION_FILL, data))
    legend.append((OPTION_FILL, "option destinations, numbered from 1 as in the options table"))
    return out, badges_out


def _displaced(option: Any, center: Locate, radius: float, legend: Legend, areas: bool) -> list[str]:
    """Other figures the option moves (displaced, trampled, pushed): grids only."""
    moved_others = [e for e in option.effects if isinstance(e, Displaced)] if not areas else []
    out = []
    for effect in moved_others:
        (ax, ay), (bx, by) = center(effect.origin), center(effect.to)
        out.append(
            f'<line x1="{svg_number(ax)}" y1="{svg_number(ay + radius * 0.6)}" x2="{svg_number(bx)}" y2="{svg_number(by + radius * 0.6)}" stroke="{MOVED_STROKE}" '
            f'stroke-width="3" stroke-dasharray="4 3" marker-end="url(#arrow)" class="displaced" data-figure={quoteattr(effect.figure)}/>'
        )
    if moved_others:
        legend.append(
            (MOVED_STROKE, "dashed arrow: " + "; ".join(f"{e.figure} {e.cause} to {format_position(e.to)}" for e in moved_others))
        )
    return out


def phase_routes(
    routes: list[tuple[int, str, tuple[Position, ...]]], center: Locate, legend: Legend, badge_at: Locate | None = None
) -> tuple[list[str], list[str]]:
    """After the phase: each turn's route in its own colour, its turn number where it ends."""
    out: list[str] = []
    badges: list[str] = []
    areas = badge_at is not None
    ends: dict[Position, int] = {}  # turns ending on the same place get their numbers side by side
    for index, actor, path in routes:
        stroke = TURN_STROKES[index % len(TURN_STROKES)]
        points = _points(path, center, areas)
        if len(points) < 2:
            continue
        out.append(_polyline(points, stroke, faint=False, attributes=f'class="phase-route" data-turn="{index}"'))
        x, y = badge_at(path[-1]) if badge_at is not None else points[-1]
        shift = ends.get(path[-1], 0)
        ends[path[-1]] = shift + 1
        x -= 20 * shift
        badges.append(_badge(x, y + (0 if areas else 14), str(index + 1), stroke, f'class="turn-end" data-turn="{index}"'))
        legend.append((stroke, f"turn {index + 1}: {actor}'s route"))
    return out, badges


def figures(
    positions: Mapping[str, Position],
    turn: Turn | None,
    centers: dict[str, Point],
    radius: float,
    legend: Legend,
    facts: Mapping[str, FigureFacts],
    describe: dict[str, str] | None = None,
) -> list[str]:
    """Discs coloured by side (the game's colours), a gold ring on elites, the acting figure ringed orange,
    its focus ringed red."""
    out: list[str] = []
    focus = set(turn.focus) if turn is not None else set()
    actor = turn.actor if turn is not None else None
    for label in sorted(positions):
        if label not in centers:
            continue
        x, y = centers[label]
        fact = facts.get(label, FigureFacts(label))
        stroke, width = (FOCUS_STROKE, 3.5) if label in focus else (ACTOR_FILL, 4.5) if label == actor else ("#222", 1.5)
        ring = (
            f'<circle cx="{svg_number(x)}" cy="{svg_number(y)}" r="{svg_number(radius + 3.5)}" fill="none" stroke="{ELITE_STROKE}" stroke-width="3"/>'
            if fact.elite
            else ""
        )
        out.append(
            f'<g class="figure{" actor" if label == actor else ""}{" focus" if label in focus else ""}" data-label={quoteattr(label)} data-figure={quoteattr(label)}>'
            + ring
            + f'<circle cx="{svg_number(x)}" cy="{svg_number(y)}" r="{svg_number(radius)}" fill="{fact.colour}" stroke="{stroke}" stroke-width="{svg_number(width)}"/>'
            + svg_text(x, y, label, size=radius * 0.95, weight="bold")
            + "</g>"
        )
        extra = (describe or {}).get(label, "")
        if extra:
            out.append(svg_text(x, y + radius + 7, extra.strip(), size=9, fill="#444"))
    if actor in centers:
        legend.insert(0, (ACTOR_FILL, f"orange ring: {actor}, the acting figure, at its start"))
    if focus & set(centers):
        legend.insert(1 if actor in centers else 0, (FOCUS_STROKE, "red ring: focus " + ", ".join(sorted(focus & set(centers)))))
    if any(facts.get(label, FigureFacts(label)).elite for label in positions if label in centers):
        legend.append((ELITE_STROKE, "gold ring: elite"))
    return out


def key_entries(facts: Mapping[str, FigureFacts], labels: Sequence[str]) -> Legend:
    """The key: each figure by label with its name, side (its colour), elite mark and initiative."""
    entries: Legend = []
    for label in sorted(labels):
        fact = facts.get(label)
        if fact is None:
            continue
        words = [label] + ([fact.name] if fact.name else [])
        side = ("elite " if fact.elite else "") + fact.side
        text = (
            " ".join(words)
            + (f": {side}" if side else "")
            + (
                f", initiative {fact.initiative}"
                if fact.initiative and fact.initiative[0].isdigit()
                else f", {fact.initiative}"
                if fact.initiative
                else ""
            )
        )
        entries.append((fact.colour, text))
    return entries


SIGHT_CLEAR = "#1b7f3b"
SIGHT_BLOCKED = "#c62828"


def sight_marks(at: Position, lines: Sequence[Any], center: Locate, radius: float, outline: Any, edge: Any, legend: Legend) -> list[str]:
    """``--sight-from``: the sight lines the game found (geometry.sight_line.SightLine), drawn as they are: solid
    where clear, dashed red where blocked, with the wall hexes and thin walls that block them outlined in red.

    ``radius``: a cell's radius in pixels (the lines' ends are offsets in radii); ``outline(cell)``: the cell's
    shape element opened (``<polygon points=...``); ``edge(a, b)``: the side two cells share."""
    if not isinstance(at, tuple):
        return []
    ox, oy = center(at)
    out: list[str] = []
    blockers: list[str] = []
    marked: set[Any] = set()
    for line in lines:
        (sx, sy), (ex, ey) = line.start, line.end
        tx, ty = center(line.at)
        x1, y1, x2, y2 = ox + sx * radius, oy + sy * radius, tx + ex * radius, ty + ey * radius
        kind = "clear" if line.clear else "blocked"
        look = (
            f'stroke="{SIGHT_CLEAR}" stroke-width="2.5"'
            if line.clear
            else f'stroke="{SIGHT_BLOCKED}" stroke-width="2.5" stroke-dasharray="7 4"'
        )
        out.append(
            f'<line x1="{svg_number(x1)}" y1="{svg_number(y1)}" x2="{svg_number(x2)}" y2="{svg_number(y2)}" {look} stroke-linecap="round" '
            f'class="sight-line {kind}" data-target={quoteattr(line.target)}/>'
        )
        for cell in line.walls:
            if ("wall", cell) not in marked:
                marked.add(("wall", cell))
                blockers.append(outline(cell) + f' fill="none" stroke="{SIGHT_BLOCKED}" stroke-width="3" class="sight-blocker wall"/>')
        for a, b in line.thin_walls:
            if ("thin", a, b) not in marked:
                marked.add(("thin", a, b))
                (p, q), (r, s) = edge(a, b)
                blockers.append(
                    f'<line x1="{svg_number(p)}" y1="{svg_number(q)}" x2="{svg_number(r)}" y2="{svg_number(s)}" stroke="{SIGHT_BLOCKED}" stroke-width="3" '
                    'stroke-linecap="round" class="sight-blocker thin-wall"/>'
                )
    out.append(
        f'<circle cx="{svg_number(ox)}" cy="{svg_number(oy)}" r="{svg_number(radius * 0.78)}" fill="none" stroke="{SIGHT_CLEAR}" stroke-width="3" '
        'stroke-dasharray="4 3" class="sight-from"/>'
    )
    where = format_position(at)
    if any(line.clear for line in lines):
        legend.append((SIGHT_CLEAR, f"dashed green ring: sight from {where}; solid green line: in sight"))
    if any(not line.clear for line in lines):
        legend.append((SIGHT_BLOCKED, "dashed red line: no sight; red outline: the wall that blocks it"))
    if not any(line.clear for line in lines):
        legend.append((SIGHT_CLEAR, f"dashed green ring: sight from {where}"))
    return blockers + out
