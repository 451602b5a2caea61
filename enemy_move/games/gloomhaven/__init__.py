"""gloomhaven: the game's entry in the registry (kept light: the model and the rules load on first use)."""

from ...game import Game, Ref
from .starter import STARTER
from .vocabulary import IMPORTERS, LOOK, STEP_IDS

GAME = Game(
    figure_facts=Ref("enemy_move.games.gloomhaven.vocabulary:figure_facts"),
    name="gloomhaven",
    summary="Gloomhaven (both editions), Frosthaven, Jaws of the Lion: monster focus, movement and attacks on a hex grid.",
    variants={
        "gloomhaven": "Gloomhaven 1st edition: corner-to-corner sight, proximity then initiative, GH movement priorities.",
        "gloomhaven2e": "Gloomhaven 2nd edition (2025): GH2e FAQ 5.1, 5.8, 5.9; Frosthaven's rulebook where the FAQ is silent.",
        "frosthaven": "Frosthaven: any-point sight, icy terrain, Appendix B priorities.",
        "jotl": "Jaws of the Lion: like GH, focus ties by initiative only, any-point sight.",
    },
    default_variant="gloomhaven",
    step_ids=STEP_IDS,
    step_sources=Ref("enemy_move.games.gloomhaven.sources:source_of"),
    look=LOOK,
    importers=IMPORTERS,
    options={
        "figures.X.range": "monsters: the stat card's range; an ability card attack without `range` uses it",
        "action.attack.rider": "true: the attack rides on the move (FH FAQ 6.0): no move, no attack; equal paths: fewest targets by default",
        "rules.push_distance": "range (default) or hexes: a push/pull's 'farther'/'closer' counted as range around walls or in plain hexes",
        "action.move / jump / teleport": "the card's move; 0 = no move",
        "action.attack.range / targets / aoe": "the card's attack; omitted = none (focus as melee)",
        "action: [...]": "the card's actions in the printed order: {move: N} (jump/teleport) or {attack: {...}}",
        "actions": "per-label or per-type cards for a whole phase (no `active`)",
        "figures.X.kind: objective (side, targetable)": "an objective: focused at initiative 99, never walked through",
        "figures.X.summoned": "a monster summoned this round: does not act in the phase",
        "rules.later_attack_targets": "others (default), others-first or any: may a later attack target a figure already attacked",
        "rules.move_after_last_attack": "last-attack (default) or melee: how a move after the card's last attack plans",
        "rules.extra_targets": "movement (default: the group needing fewest moves, then proximity, initiative) or secondary-focus (French procedure 3B)",
        "rules.plan_best_future_attack": "true/false (default: the variant's): out of reach, head for the best attack (disadvantage included) or the closest attack hex",
        "rules.aoe_anchor_in_wall": "true/false (default: the variant's): may a ranged area's hex in range be a wall hex",
        "rules.forced_move_maximum": "true/false (default: the variant's): a monster's push/pull at the maximum distance (FAQ 5.8) or any valid path",
        "rules.sight / invisible_blocks_movement / jump_pays_difficult_last_hex": "the edition's readings, settable either way (default: the variant's)",
        "action.attack.push / pull": "Push N / Pull N: each target moved after the attack; every way it can end is an option",
        "figures.X.focus: farthest": "focus on the farthest enemy (FH FAQ 6.0: Burrowing Blades, Flaming Bladespinner)",
        "figures.X.moves_on: water": "every hex but water (_) is an obstacle for it (FH FAQ 6.0: Lightning Eel)",
        "figures.X.interactable: false": "'can't be interacted with' (FAQ 5.9): never focused, blocks its enemies, ignores traps",
        "rules.monster_focus_order": "turn (default: elites, then standee numbers, count as earlier) or initiative (same-card monsters tie)",
    },
    board="hex",
    model=Ref("enemy_move.games.gloomhaven.model:GloomhavenScenario"),
    play=Ref("enemy_move.games.gloomhaven.play:GloomhavenPlay"),
    starter=STARTER,
    new_figure={"upper": {"kind": "character"}, "lower": {"kind": "monster"}, "digit": {"kind": "monster"}},
    editor_new_figure=Ref("enemy_move.games.gloomhaven.editing:new_figure"),
    editor_cast=Ref("enemy_move.games.gloomhaven.editing:CAST"),
    editor_flag="elite",
    sight_lines=Ref("enemy_move.games.gloomhaven.sighting:sight_lines"),
)
