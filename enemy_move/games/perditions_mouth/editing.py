"""What the board editor (enemy-move edit) needs of this game: new figures, the usual cast, the flag key."""

from __future__ import annotations

from typing import Any

#: Names offered while typing a figure's name: the usual cast of the game.
CAST: tuple[str, ...] = (
    "Boneworm",
    "Rotikka",
    "Chi'leen",
    "Acolyte",
    "Guard",
    "Summoner",
    "Demon",
)


def new_figure(label: str, hero: bool, last: dict[str, Any], same_side: list[dict[str, Any]]) -> dict[str, Any]:
    """A hero for an upper-case label; otherwise an enemy of the last enemy's kind (a guard on an empty board)."""
    return {"kind": "hero"} if hero else {"kind": last.get("kind", "guard")}
