"""The games: one package each, registered in :mod:`enemy_move.registry`."""
