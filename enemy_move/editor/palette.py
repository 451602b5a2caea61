"""What the editor knows of each ruleset's board: its map symbols, the figure a typed label becomes, names.

The symbols are the games' own (the same keys as in the file format); the
figure defaults follow the label's case, as players write them: upper case a
character / hero, lower case a monster / enemy / minion.
"""

from __future__ import annotations

import functools
from typing import Any

from ..registry import GAMES


def map_symbols(ruleset: str, legend: dict[str, str] | None = None) -> dict[str, str]:
    """Symbol -> terrain name of the ruleset's maps (the file's ``legend:`` included); empty for area maps."""
    symbols = dict(game_symbols(ruleset))
    symbols.update(legend or {})
    return symbols


@functools.cache
def game_symbols(ruleset: str) -> dict[str, str]:
    """The map symbols the game accepts, asked of the game itself (no copy of its tables here).

    The game's board of its starter knows every symbol it reads (``Grid.symbols``);
    a symbol whose terrain the game rejects (Cloudspire has no walls) is left
    out: each is painted on an open cell of the starter and the game set up.
    """
    from ..edit.document import ScenarioDocument
    from ..errors import ScenarioError

    game = GAMES.get(ruleset)
    if game is None or game.board == "areas" or not game.starter or not game.has_engine():
        return {}
    document = ScenarioDocument.new(ruleset)
    board = game.setup(document.validate(), game.default_variant).board
    symbols: dict[str, str] = dict(getattr(board, "symbols", {}))
    used = set(getattr(board, "terrain", {}).values())
    free = [cell for cell, terrain in sorted(board.terrain.items()) if terrain in ("floor", "path") and board.occupant(cell) is None]
    kept: dict[str, str] = {}
    for symbol, terrain in symbols.items():
        if terrain in used or symbol == " ":
            kept[symbol] = terrain
            continue
        if not free:
            continue
        probe = document.copy()
        col, row = free[-1]
        probe.set_cell(col, row, symbol)
        try:
            game.setup(probe.validate(), game.default_variant)
        except ScenarioError:
            continue
        kept[symbol] = terrain
    return kept


def floor_symbol(ruleset: str) -> str:
    """The symbol of open ground (what a removed terrain becomes)."""
    return "."


def is_label(key: str) -> bool:
    return len(key) == 1 and key.isascii() and key.isalnum()


def new_figure(ruleset: str, label: str, figures: dict[str, Any]) -> dict[str, Any]:
    """The figure a label typed on the board becomes when it is not a figure yet.

    Upper case: a character (hero); lower case or a digit: a monster (enemy,
    minion), a copy of the last such figure of the board (the same monster
    type is usually placed several times), with the next standee number.
    """
    hero = label.isupper()
    same_side = [f for f in figures.values() if isinstance(f, dict) and _is_hero(ruleset, f) == hero]
    last = dict(same_side[-1]) if same_side else {}
    for key in ("at", "area", "elite", "conditions", "sleeping", "taunt", "health"):
        last.pop(key, None)
    if ruleset == "gloomhaven":
        if hero:
            return {"kind": "character"}
        figure = {"kind": "monster", **{k: v for k, v in last.items() if k in ("name", "type", "flying")}}
        numbers = [int(f["number"]) for f in same_side if isinstance(f.get("number"), int)]
        figure["number"] = max(numbers, default=0) + 1
        return figure
    if ruleset == "perditions-mouth":
        return {"kind": "hero"} if hero else {"kind": last.get("kind", "guard")}
    if ruleset == "cloudspire":
        if hero:
            return {"kind": "hero", "faction": "blue"}
        return {"kind": "minion", "faction": last.get("faction", "red"), "move": last.get("move", 3)}
    if ruleset == "agemonia":
        return {"side": "hero", "taunt": 1} if hero else {"side": "enemy", **{k: v for k, v in last.items() if k in ("name", "type")}}
    return {}


def _is_hero(ruleset: str, figure: dict[str, Any]) -> bool:
    kind = figure.get("kind") or figure.get("side")
    return kind in ("character", "summon", "hero", "ally")


#: Names offered while typing a figure's name (Input suggestions): the usual cast of each game.
NAMES: dict[str, list[str]] = {
    "gloomhaven": [
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
    ],
    "perditions-mouth": ["Boneworm", "Rotikka", "Chi'leen", "Acolyte", "Guard", "Summoner", "Demon"],
    "agemonia": ["Skitterer", "Lunara"],
    "cloudspire": [],
}
