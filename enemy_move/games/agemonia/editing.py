"""What the board editor (enemy-move edit) needs of this game: new figures, the usual cast, the flag key."""

from __future__ import annotations

from typing import Any

#: Names offered while typing a figure's name: the usual cast of the game.
CAST: tuple[str, ...] = (
    "Skitterer",
    "Lunara",
)


def new_figure(label: str, hero: bool, last: dict[str, Any], same_side: list[dict[str, Any]]) -> dict[str, Any]:
    """A hero (Taunt 1) for an upper-case label; otherwise an enemy named like the last one."""
    if hero:
        return {"side": "hero", "taunt": 1}
    return {"side": "enemy", **{k: v for k, v in last.items() if k in ("name", "type")}}
