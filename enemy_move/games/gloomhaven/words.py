"""How the reasoning names figures and costs."""

from __future__ import annotations

from ...wording import count_of, figure_name
from .board import Cost
from .model import GloomhavenFigure


def describe(label: str, figures: dict[str, GloomhavenFigure]) -> str:
    return figure_name(label, figures[label].name)


def fmt_cost(cost: Cost) -> str:
    moves = count_of(cost[1], "move")
    return f"{moves}, {count_of(cost[0], 'negative hex', 'negative hexes')}" if cost[0] else moves


def any_of(labels: list[str], figures: dict[str, GloomhavenFigure]) -> str:
    names = [describe(label, figures) for label in labels]
    return names[0] if len(names) == 1 else "any of " + ", ".join(names)


def names(labels: frozenset[str], figures: dict[str, GloomhavenFigure]) -> str:
    return ", ".join(describe(label, figures) for label in sorted(labels))
