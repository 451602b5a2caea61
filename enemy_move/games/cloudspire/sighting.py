"""Cloudspire has no line-of-sight rule: ``resolve --sight-from`` says so, with where that is written."""

from __future__ import annotations

from typing import Any

from ...geometry.sight_line import NoSightRule, SightLine
from ...models import Scenario


def sight_lines(scenario: Scenario, variant: str, board: Any, at: Any) -> list[SightLine]:
    """Always NoSightRule: nothing in the movement rules blocks sight or range."""
    raise NoSightRule(
        "Cloudspire has no line-of-sight rule: minions count hexes to their mark along valid terrain, and any other "
        "distance counts hexes 'using the shortest route and ignoring terrain type' (Cloudspire Rules Reference 'Close'); "
        "nothing blocks sight, so there is no line to draw"
    )
