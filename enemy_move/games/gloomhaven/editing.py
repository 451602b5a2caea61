"""What the board editor (enemy-move edit) needs of this game: new figures, the usual cast, the flag key."""

from __future__ import annotations

from typing import Any

#: Names offered while typing a figure's name: the usual cast of the game.
CAST: tuple[str, ...] = (
    "Bandit Guard",
    "Bandit Archer",
    "Brute",
    "Tinkerer",
    "Spellweaver",
    "Scoundrel",
    "Cragheart",
    "Mindthief",
    "Living Bones",
    "Living Corpse",
    "Cultist",
    "Inox Guard",
    "Inox Archer",
    "Vermling Scout",
    "City Guard",
    "City Archer",
    "Ooze",
    "Black Imp",
    "Forest Imp",
    "Earth Demon",
    "Flame Demon",
    "Frost Demon",
    "Wind Demon",
    "Night Demon",
    "Sun Demon",
    "Giant Viper",
    "Hound",
    "Lurker",
    "Spitting Drake",
    "Stone Golem",
    "Savvas Icestorm",
    "Harrower Infester",
    "Deep Terror",
    "Rending Drake",
    "Voidwarden",
    "Hatchet",
    "Red Guard",
    "Demolitionist",
)


def new_figure(label: str, hero: bool, last: dict[str, Any], same_side: list[dict[str, Any]]) -> dict[str, Any]:
    """A character for an upper-case label; otherwise a copy of the last monster with the next standee number."""
    if hero:
        return {"kind": "character"}
    figure: dict[str, Any] = {"kind": "monster", **{k: v for k, v in last.items() if k in ("name", "type", "flying")}}
    numbers = [int(f["number"]) for f in same_side if isinstance(f.get("number"), int)]
    figure["number"] = max(numbers, default=0) + 1
    return figure
