"""What the board editors (enemy-move edit, the table page) need of this game: new figures, the usual cast, the flag
key and what the list of areas shows of an area."""

from __future__ import annotations

from typing import Any

from ...errors import escape_controls

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


def area_facts(area: Any) -> str:
    """The area's room (capacity), height and trap, as the editor's list of areas shows them after its name."""
    info: Any = area if isinstance(area, dict) else {}
    facts = f"{escape_controls(str(info.get('capacity', '?'))):>4}"
    if info.get("height"):
        facts += f" h{escape_controls(str(info['height']))}"
    if info.get("trap"):
        facts += " trap"
    return facts
