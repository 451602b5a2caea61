"""A fifth game in one folder: everything a ruleset needs, and nothing outside this folder.

``GAME`` is what the registry lists; the model, the rules, the starter and the
tests live beside it. Registered at run time (``register``, or the
``toy_game`` fixture of tests/conftest.py): no line of the core names it.
Monsters (kind: monster) act in label order; each may stay or step one hex
east (treading down the hex it left: the toy's own effect, effects.py), and
attacks the characters next to where it ends.
"""

from __future__ import annotations

from enemy_move.game import GRID_LOOK, Game, Ref

from .starter import STARTER

GAME = Game(
    name="toy",
    summary="a test-only game",
    variants={"plain": "the only rules", "other": "the same rules"},
    default_variant="plain",
    step_ids=("move",),
    # Its own terrain word and legend words: renderers take them from here.
    look=GRID_LOOK.extended(
        terrain_fills={"moat": "#3355aa", "trodden": "#a08060"},
        terrain_styles={"moat": "blue", "trodden": "yellow"},
        goal_legend="where it heads (the toy's flag)",
    ),
    options={"x": "an option"},
    board="hex",
    model=Ref("toy.model:ToyScenario"),
    play=Ref("toy.play:ToyPlay"),
    board_parser=Ref("toy.play:parse_board"),
    starter=STARTER,
)


def register() -> None:
    """Add the toy game to the registry (tests undo it with monkeypatch; see conftest.py)."""
    from enemy_move.registry import register_game

    register_game(GAME)
