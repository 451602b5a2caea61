"""What the board editor (enemy-move edit) needs of this game: new figures, the usual cast, where a minion's mark is."""

from __future__ import annotations

from typing import Any

#: Names offered while typing a figure's name: the usual cast of the game.
CAST: tuple[str, ...] = ()


def new_figure(label: str, hero: bool, last: dict[str, Any], same_side: list[dict[str, Any]]) -> dict[str, Any]:
    """A blue hero for an upper-case label; otherwise a minion of the last minion's faction and move."""
    if hero:
        return {"kind": "hero", "faction": "blue"}
    return {"kind": "minion", "faction": last.get("faction", "red"), "move": last.get("move", 3)}


def mark_key(figure: Any) -> str | None:
    """A minion's mark is its faction's (`marks.<faction>`); a figure with no faction has none."""
    faction = figure.get("faction") if isinstance(figure, dict) else None
    return f"marks.{faction}" if isinstance(faction, str) and faction else None
