"""agemonia: the game's entry in the registry (kept light: the model and the rules load on first use)."""

from ...game import Game, Ref
from .starter import STARTER
from .vocabulary import LOOK, STEP_IDS

GAME = Game(
    figure_facts=Ref("enemy_move.games.agemonia.vocabulary:figure_facts"),
    name="agemonia",
    summary="Agemonia: enemies move across an area map (capacity, heights, single/double lines, Taunt).",
    variants={"agemonia": "Agemonia rulebook, Enemy Movement"},
    default_variant="agemonia",
    step_ids=STEP_IDS,
    step_sources=Ref("enemy_move.games.agemonia.sources:source_of"),
    sight_lines=Ref("enemy_move.games.agemonia.sighting:sight_lines"),
    look=LOOK,
    options={
        "enemy_cards, symbols": "type -> Enemy card {symbol: action}; type -> this round's symbol",
        "rules.invisible_discarded": "turn-start (default) or on-arrival: Invisible discarded when an enemy's turn starts within range 1, or as soon as the mover ends within range 1 (it may attack at once)",
        "rules.range_over_double_lines": "range counts borders over single and double white lines (default true)",
        "rules.melee_across_double_lines": "melee into an adjacent full area across a double line of the same height (default true)",
        "rules.ranged_taunt": "'target' (default): Taunt tie-break uses the ally a ranged attack would target; 'any': highest Taunt in range",
        "rules.fallback_ties": "'choose' (default, literal): equally close fallback areas -> the players choose; 'movement': the one needing least movement",
        "rules.large_fly_over_no_capacity": "true (default): a large or huge flyer crosses an area without dots like any flyer; false: the size rule keeps it out",
        "rules.blocked_route": "'closest' (default): every area of the shortest routes full -> the route ending closest to the attack area; 'stay': only shortest routes",
        "sight.default": "'open' (default): all areas see each other except `blocked` pairs; 'adjacent': only bordering areas and `see` pairs",
    },
    board="areas",
    model=Ref("enemy_move.games.agemonia.model:AgemoniaScenario"),
    play=Ref("enemy_move.games.agemonia.play:AgemoniaPlay"),
    board_parser=Ref("enemy_move.games.agemonia.board:build_board"),
    board_mistake=Ref("enemy_move.games.agemonia.board:board_mistake"),
    starter=STARTER,
    new_figure={"upper": {"side": "hero", "taunt": 1}, "lower": {"side": "enemy"}, "digit": {"side": "enemy"}},
    editor_new_figure=Ref("enemy_move.games.agemonia.editing:new_figure"),
    editor_cast=Ref("enemy_move.games.agemonia.editing:CAST"),
    editor_new_area={"capacity": 3},  # room for three figures
    editor_area_facts=Ref("enemy_move.games.agemonia.editing:area_facts"),
    editor_flag="fly",
)
