"""The list of games, and the one way to look a game up (``game(name)``).

Each package under ``enemy_move/games/`` defines ``GAME`` (an
:class:`enemy_move.game.Game`) in a light ``__init__``: its model and rules
load only when a file of that game is read. Tests may register extra games at
run time (``register_game``, or ``monkeypatch.setitem(GAMES, ...)``).
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

#: The game of a new board when none is named (`enemy-move edit NEW.yaml` without --ruleset).
DEFAULT_GAME = "gloomhaven"

#: Name -> game: the registry itself. Read it through ``game``, ``games`` and ``game_names``.
GAMES: dict[str, Game] = {game.name: game for game in (importlib.import_module(package).GAME for package in GAME_PACKAGES)}


def game(name: str | None) -> Game | None:
    """The registered game called ``name``, or None: the one way the core looks a game up."""
    return GAMES.get(name) if name is not None else None


def games() -> list[Game]:
    """Every registered game, sorted by name."""
    return [GAMES[name] for name in sorted(GAMES)]


def game_names() -> list[str]:
    return sorted(GAMES)


def register_game(entry: Game) -> None:
    """Add (or replace) a game at run time (tests: a throw-away game), checked whole first (``Game.check``)."""
    entry.check()
    GAMES[entry.name] = entry
