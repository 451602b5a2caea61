"""perditions-mouth: the game's entry in the registry (kept light: the model and the rules load on first use)."""

from ...game import Game, Ref
from .starter import STARTER
from .vocabulary import LOOK, STEP_IDS

GAME = Game(
    figure_facts=Ref("enemy_move.games.perditions_mouth.vocabulary:figure_facts"),
    name="perditions-mouth",
    summary="Perdition's Mouth: Abyssal Rift — enemy Move actions on a square grid with action points, one rule per enemy type.",
    variants={"etbrev": "the enemy-movement rules of the fan rules site etbrev.com/PM (the only source available)"},
    default_variant="etbrev",
    step_ids=STEP_IDS,
    step_sources=Ref("enemy_move.games.perditions_mouth.sources:source_of"),
    look=LOOK,
    options={
        "insectoid_sheet": "Insectoid labels in Insectoid Sheet order (activation order).",
        "cultist_sheet": "Cultist labels in Cultists Sheet order (activation order).",
        "rules.movement": "diagonal (default) or orthogonal steps.",
        "rules.diagonal_cost": "AP multiplier of a diagonal step (default 1).",
        "rules.corner_cutting": "Whether diagonal steps may pass the corner of a blocking square (default false).",
        "rules.range": "chebyshev or manhattan range; default follows movement.",
        "rules.sight": "center (default) or corners line of sight.",
        "rules.sight_blockers": "Terrains that block sight (default wall, door, locked-door).",
        "rules.figures_block_sight": "Whether figures block sight (default true).",
        "rules.corner_wall_and_figure": "block (default) or see: diagonal neighbours whose shared corner has a wall on one side and a figure on the other.",
        "rules.range_needs_sight": "Whether 'range N' squares need sight of the hero (default true).",
        "rules.target_ties": "players (default) or weakest, for equally close heroes.",
        "rules.terrain_costs": "AP to enter each terrain (default floor/open-door/alarm/trap 1, difficult/hazardous/icy 2).",
        "rules.acolyte_goal": "on (default) or adjacent: where the Acolyte stops at the alarm.",
        "rules.chileen_pays_terrain": "Whether the Chi'leen pays terrain costs (default true).",
        "rules.trample_failure_events": "Whether an Acolyte trampled into special terrain suffers the failure event (default false).",
        "rules.unreachable_goal": "stay (default) or closer: no path reaches any goal square.",
        "rules.sleeping_blocks": "Whether a sleeping enemy out of attack range blocks path-finding (default true).",
        "rules.full_ap_rule": "acolyte-guard (default, as written) or all: who may spend all its AP on one costlier square.",
        "rules.summoner_priority": "range (default): farthest range, then away from heroes; safety: the reverse.",
        "rules.pass_through_figures": "Whether enemies walk through non-blocking enemies (default true) or stop before them.",
    },
    board="square",
    model=Ref("enemy_move.games.perditions_mouth.model:PerditionsMouthScenario"),
    board_parser=Ref("enemy_move.games.perditions_mouth.board:parse_board"),
    play=Ref("enemy_move.games.perditions_mouth.play:PerditionsMouthPlay"),
    starter=STARTER,
    new_figure={"upper": {"kind": "hero"}, "lower": {"kind": "guard"}, "digit": {"kind": "guard"}},
    state_flag="sleeping",
    editor_new_figure=Ref("enemy_move.games.perditions_mouth.editing:new_figure"),
    editor_cast=Ref("enemy_move.games.perditions_mouth.editing:CAST"),
    editor_flag="sleeping",
)
