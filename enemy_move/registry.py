"""The list of games: one line registers a game package.

Each package under ``enemy_move/games/`` defines ``GAME`` (an
:class:`enemy_move.game.Game`) in a light ``__init__``: its model and rules
load only when a file of that game is read. Tests may register extra games at
run time (``register_game``).
"""

from __future__ import annotations

import importlib

from .game import Game

#: The game packages, in no particular order (listings sort by name).
GAME_PACKAGES = (
    "enemy_move.games.gloomhaven",
    "enemy_move.games.perditions_mouth",
    "enemy_move.games.agemonia",
    "enemy_move.games.cloudspire",
)

GAMES: dict[str, Game] = {game.name: game for game in (importlib.import_module(package).GAME for package in GAME_PACKAGES)}


def register_game(game: Game) -> None:
    """Add (or replace) a game; used by tests for a throw-away game."""
    GAMES[game.name] = game


def game_names() -> list[str]:
    return sorted(GAMES)
