"""cloudspire: the game's entry in the registry (kept light: the model and the rules load on first use)."""

from ...game import Game, Ref
from .starter import STARTER
from .vocabulary import LOOK, STEP_IDS

GAME = Game(
    figure_facts=Ref("enemy_move.games.cloudspire.vocabulary:figure_facts"),
    name="cloudspire",
    summary="Cloudspire: minions march to their mark on a hex board of path and terrain; leading minion first.",
    variants={
        "player": "player-controlled minions: every hex that gets closer (at the highest movement that does) is the players' choice",
        "ai": "AI-controlled minions: the hex closest to the mark among those (ties are options)",
    },
    default_variant="player",
    step_ids=STEP_IDS,
    step_sources=Ref("enemy_move.games.cloudspire.sources:source_of"),
    sight_lines=Ref("enemy_move.games.cloudspire.sighting:sight_lines"),
    look=LOOK,
    has_focus=False,  # minions march to a mark, they have no focus
    has_attacks=False,  # attacks come later in the turn (D10)
    options={
        "displaced_adjacent_to": "hero (default) or swap-hex: a displaced hero whose swap hex is invalid goes next to its own hex or next to that swap hex",
        "faction": "the faction whose minions move (default: the active minion's, or the only faction with minions)",
        "marks": "faction -> mark hex; a figure's own `mark:` overrides it",
        "order": "tie-break for the leading minion (players' choice in the rules); default: by label; AI heroes listed go once the minions listed before them have moved",
        "lateral_through_further": "true (default): a lateral move may pass through hexes further from the mark; false: it may not",
        "optional_displacement": "true (default): displacing a friendly hero is allowed even when not needed; false: only when no other route makes progress with that movement",
        "stop_at_mark": "false (default): only end hexes count, a minion may walk past its mark; true: it stops on its mark when it can reach it",
        "walled_mark": "stay (default) or lateral: what a unit does when no hex of its terrain connects to its mark",
        "other_gates": "block (default): gates that are not the mark are never entered nor counted through; pass: counted and moved through, never ended on",
        "figures.<L>.through_units": "the unit may move through units (talent); it ends only on free hexes or friendly heroes it displaces",
    },
    board="hex",
    model=Ref("enemy_move.games.cloudspire.model:CloudspireScenario"),
    board_parser=Ref("enemy_move.games.cloudspire.terrain:parse_board"),
    board_mistake=Ref("enemy_move.games.cloudspire.terrain:board_mistake"),
    play=Ref("enemy_move.games.cloudspire.play:CloudspirePlay"),
    starter=STARTER,
    new_figure={
        "upper": {"kind": "hero", "faction": "blue"},
        "lower": {"kind": "minion", "faction": "red", "move": 3},
        "digit": {"kind": "minion", "faction": "red", "move": 3},
    },
    wall_symbol="",  # no walls in Cloudspire: a new board is open path
    editor_new_figure=Ref("enemy_move.games.cloudspire.editing:new_figure"),
    editor_cast=Ref("enemy_move.games.cloudspire.editing:CAST"),
    editor_mark=Ref("enemy_move.games.cloudspire.editing:mark_key"),
)
