"""Scenario documents that are edited and written back: the layer under `enemy-move edit` and `resolve --after/--place/--set`.

``document`` keeps a hand-written file's comments, key order and quoting
(ruamel.yaml round trip); ``atomic`` replaces files so that a crash or a full
disk never leaves half a board. Nothing here names a game: per-game facts come
from the game registry (``enemy_move.game.Game``) and the scenario models.
Importing this package is light; ``document`` imports ruamel.yaml.
"""
