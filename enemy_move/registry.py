"""The one table of games: name -> scenario model, engine and board kind.

Plain strings only, so that every layer can read it without importing any
game: models/ picks a file's model here, geometry/ knows which grid a ruleset
draws before its engine exists, rulesets/ loads the engine, renderers pick a
map view by board kind. Adding a game is one line here (plus its model and
engine modules). Tests may register extra games at run time.
"""

from __future__ import annotations

import importlib
from dataclasses import dataclass
from typing import Any, Literal

BoardKind = Literal["hex", "square", "areas"]


@dataclass(frozen=True)
class GameEntry:
    name: str
    #: "module:Class" of the pydantic scenario model.
    model: str
    #: "module:attribute" of the engine object implementing ``rulesets.Game``.
    engine: str
    #: How its boards are drawn: hex or square grids, or area maps.
    board: BoardKind


GAMES: dict[str, GameEntry] = {
    entry.name: entry
    for entry in (
        GameEntry("gloomhaven", "enemy_move.models.gloomhaven:GloomhavenScenario", "enemy_move.rulesets.gloomhaven:GAME", "hex"),
        GameEntry(
            "perditions-mouth",
            "enemy_move.models.perditions_mouth:PerditionsMouthScenario",
            "enemy_move.rulesets.perditions_mouth:GAME",
            "square",
        ),
        GameEntry("agemonia", "enemy_move.models.agemonia:AgemoniaScenario", "enemy_move.rulesets.agemonia:GAME", "areas"),
        GameEntry("cloudspire", "enemy_move.models.cloudspire:CloudspireScenario", "enemy_move.rulesets.cloudspire:GAME", "hex"),
    )
}


def register_game(entry: GameEntry) -> None:
    """Add (or replace) a game; used by tests for a throw-away game."""
    GAMES[entry.name] = entry


def game_names() -> list[str]:
    return sorted(GAMES)


def load_target(target: str) -> Any:
    """The object a ``"module:attribute"`` string names, imported on first use;
    None when that module does not exist (yet). A module it imports that is
    missing is a real error and propagates."""
    module_name, _, attribute = target.partition(":")
    try:
        module = importlib.import_module(module_name)
    except ModuleNotFoundError as error:
        if error.name != module_name:
            raise
        return None
    return getattr(module, attribute)
