"""One figure's turn for a `{move, attack}` card: the procedure of docs/gloomhaven.md.

1. Stunned: nothing happens. No attack on the card, or disarmed: plan as for a single-target
   melee attack. Immobilized or no move: it cannot move.
2. Focus (focus.py): with infinite movement, for each enemy the cheapest path to an unoccupied
   hex from which it can attack that enemy; ties by proximity (not in JotL), then initiative;
   still tied, the players choose: every tied enemy is a focus option.
3. For each focus, where it goes and whom it attacks (plan.py).
"""

from __future__ import annotations

from ...geometry.grid import Grid
from ...result import Option, StepId, Turn
from . import attacks as attacks_module
from .attacks import AttackPlan, Attacks, SightedHexes, plan_attack, sees_from
from .board import Cell, Cost, View
from .compared import answer_check
from .context import Planning
from .focus import FocusRank, choose_focus, initiative_key
from .model import GloomhavenAction, GloomhavenFigure
from .movement import mover_for
from .plan import plan_for_focus
from .readings import consulted, explaining
from .ruled_out import forget_options, rule_out_all_but, rule_out_cannot_end_or_reach, rule_out_when_it_cannot_move
from .variants import VariantRules
from .words import any_of


def resolve_turn(grid: Grid, figures: dict[str, GloomhavenFigure], actor: str, action: GloomhavenAction, rules: VariantRules) -> Turn:
    """``actor``'s turn on ``grid`` for a `{move, attack}` card: focus, options and the reasons for every other hex."""
    turn = Turn(actor=actor)
    figure = figures[actor]
    start = grid.figures[actor]
    check = answer_check()  # a reading's turn: stopped where its answer is known to differ
    if "stunned" in figure.conditions:
        turn.note("stunned", f"{actor} is stunned: it ignores its whole card (no focus, no move, no attack).")
        return _stays(turn, grid, "stunned", "It is stunned: it does not move this turn.")
    if action.move == 0 and action.attack is None:
        turn.note("card", f"{actor}'s card has neither a move nor an attack: it does not move or attack.")
        return _stays(turn, grid, "card", "Its card has neither a move nor an attack: it does not move.")

    view = View(grid, figures, actor, rules)
    plan = plan_attack(action, figure)
    mover = mover_for(view, action)
    attacks = Attacks(view, plan)
    points = _what_the_card_allows(turn, figure, action, plan)
    explain = explaining()
    if explain:
        rule_out_when_it_cannot_move(turn, grid, actor, start, points, "immobilized" in figure.conditions)

    _note_monster_rules(turn, view)
    costs = mover.costs_from(start)
    ranks, attack_hexes, anchor_costs = _focus_ranks(turn, view, attacks, costs)
    if not ranks:
        _anchor_heard(anchor_costs, ranks, [])
        return _stays_without_focus(turn, view)
    focus_labels = choose_focus(turn, ranks, [e for e in view.visible_enemies if e not in ranks], rules, figures)
    _anchor_heard(anchor_costs, ranks, focus_labels)
    turn.focus = list(focus_labels)
    if check is not None:
        check.focus_is(focus_labels)

    # --- movement and attack, for each focus the players may pick --------------
    reach = mover.reach_this_turn(points)
    if explain:
        rule_out_cannot_end_or_reach(turn, view, mover, reach, points, costs)
    focus_costs = {label: r.cost for label, r in ranks.items()}
    ctx = Planning(turn, view, mover, attacks, reach, "muddled" in figure.conditions, focus_costs, explain)
    for focus in focus_labels:
        planned = len(turn.options)
        plan_for_focus(ctx, focus, attack_hexes[focus])
        if check is not None:
            check.options_are(turn.options[planned:])
    forget_options(turn)
    return turn.finish()


def _stays(turn: Turn, grid: Grid, step: StepId, reason: str) -> Turn:
    """It does not move: every other hex is ruled out for one reason; staying is the one option."""
    start = grid.figures[turn.actor]
    rule_out_all_but(turn, grid, start, step, reason)
    turn.options.append(Option(to=start, path=(start,)))
    return turn.finish()


def _what_the_card_allows(turn: Turn, figure: GloomhavenFigure, action: GloomhavenAction, plan: AttackPlan) -> int:
    """Notes on an attack it does not make and on immobilized; the movement points it has."""
    actor = turn.actor
    if not plan.real:
        why = "is disarmed" if "disarmed" in figure.conditions and action.attack is not None else "has no attack on its card"
        turn.note("card", f"{actor} {why}: it finds its focus and moves as if for a single-target melee attack, and does not attack.")
    if "immobilized" in figure.conditions:
        turn.note("card", f"{actor} is immobilized: it cannot move this turn.")
        return 0
    return action.move


def _focus_ranks(
    turn: Turn, view: View, attacks: Attacks, costs: dict[Cell, Cost]
) -> tuple[dict[str, FocusRank], dict[str, SightedHexes], dict[str, list[Cost]]]:
    """Each visible enemy's attack hexes, how it ranks as a focus (only those with an attack hex), and the costs of
    the hexes in sight from which only one reading of rules.aoe_anchor_in_wall attacks it (where there are some)."""
    grid, figures = view.grid, view.figures
    hidden = [e for e in view.enemies if e not in view.visible_enemies]
    if hidden:
        how = "treated as obstacles" if view.rules.invisible_blocks_movement else "ignored for movement (they cannot be ended on)"
        turn.note("invisible", f"Invisible enemies {', '.join(hidden)} cannot be focused on; they are {how}.", dropped=hidden)
    ranks: dict[str, FocusRank] = {}
    attack_hexes: dict[str, SightedHexes] = {}
    anchor_costs: dict[str, list[Cost]] = {}
    for enemy in view.visible_enemies:
        cell = grid.figures[enemy]
        sees = sees_from(view, cell)
        candidates = attacks.attack_hexes(enemy, sighted=False, consult=not attacks_module.ANCHOR_HEXES_WEIGHED)
        hexes = SightedHexes({h: costs[h] for h in candidates if h in costs}, sees)
        attack_hexes[enemy] = hexes
        best = hexes.cheapest()
        if best is not None:
            ranks[enemy] = FocusRank(enemy, best, view.range_between(view.start, cell) or 0, initiative_key(enemy, figures))
        found = [costs[h] for h in sorted(attacks.anchor_hexes(enemy)) if h in costs and sees(h)]
        if found:
            anchor_costs[enemy] = found
    return ranks, attack_hexes, anchor_costs


def _anchor_heard(anchor_costs: dict[str, list[Cost]], ranks: dict[str, FocusRank], focus: list[str]) -> None:
    """Whether the turn depends on rules.aoe_anchor_in_wall through the attack hexes of its enemies (readings.consulted).
    Hexes out of reach or out of sight of the enemy are read by nothing; those of an enemy that is not a focus only by
    its focus rank's cost, the cheapest hex in sight: a hex costing more than it, present under one reading only,
    leaves it as it is (and so the ranks, the focus, and the plans of the foci, which read only their own hexes)."""
    if any(enemy in focus or enemy not in ranks or min(found) <= ranks[enemy].cost for enemy, found in anchor_costs.items()):
        consulted("aoe_anchor_in_wall")


def _note_monster_rules(turn: Turn, view: View) -> None:
    """Say which per-figure rules change this turn: kept to water, figures that cannot be interacted with."""
    if view.moves_on is not None:
        turn.note(
            "card",
            f"{turn.actor} moves on {view.moves_on} only: every other hex is an obstacle for it (FH FAQ 6.0, Lightning Eel).",
        )
    if not view.figures[turn.actor].interactable:
        turn.note("card", f"{turn.actor} can't be interacted with (FAQ 5.9): traps and hazardous terrain are not negative hexes for it.")
    aloof = sorted(label for label in view.grid.figures if label != turn.actor and not view.figures[label].interactable)
    if aloof:
        turn.note(
            "focus",
            f"{', '.join(aloof)} can't be interacted with (GH2e and FH FAQ 5.9): never focused or targeted; "
            "they occupy their hex and block their enemies.",
            dropped=aloof,
        )


def _stays_without_focus(turn: Turn, view: View) -> Turn:
    """No enemy to focus on, or none with an attack hex it could ever reach: it does not move or attack."""
    side = "characters and their summons" if view.actor_is_monster else "monsters"
    if not view.visible_enemies:
        turn.note("focus", f"There are no {side} it could focus on: no focus, so it does not move or attack.")
        return _stays(turn, view.grid, "no-focus", f"There are no {side} it could focus on: with no focus it does not move.")
    turn.note(
        "focus",
        f"No path, however long, leads to an unoccupied hex from which it could attack any of {', '.join(view.visible_enemies)}: no focus, so it does not move or attack.",
        dropped=list(view.visible_enemies),
    )
    return _stays(
        turn,
        view.grid,
        "no-focus",
        f"No path leads to a hex from which it could attack {any_of(view.visible_enemies, view.figures)}: with no focus it does not move.",
    )
