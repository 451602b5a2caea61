""" "Why not this hex?" (issue 16): the reasons each map hex is not a destination.

The engine records them from the data it already computed. Turn.rule_out keeps the first reason
per hex, so the calls follow the procedure's order: the card, the focus, hexes it cannot end in,
hexes out of reach, then this turn's attack or the move towards the destinations. Guarantee:
every map hex that is not an option's destination has a reason (tests check it).
"""

from __future__ import annotations

from collections.abc import Iterable

from ...geometry import hexgrid
from ...geometry.grid import Grid
from ...result import Reason as SharedReason
from ...result import RuledOutMap, StepId, Turn, count_of, format_position
from ...wording import and_list
from .attacks import AttackPlan
from .board import INFINITE, Cell, Cost, Reach, View
from .context import Goal, Planning, Towards
from .movement import Mover
from .ranking import Lost, Ranking
from .variants import VariantRules
from .words import describe, names

#: A reason: its step, its text and its data.
Reason = tuple[StepId, str, dict[str, object]]


def rule_out_all_but(turn: Turn, grid: Grid, start: Cell, step: StepId, reason: str) -> None:
    """The figure does not move at all: every other hex, for one reason (stored once)."""
    turn.rule_out_all((cell for cell in sorted(grid.terrain) if cell != start), step, reason)


def rule_out_when_it_cannot_move(turn: Turn, grid: Grid, actor: str, start: Cell, points: int, immobilized: bool) -> None:
    if points > 0:
        return
    if immobilized:
        rule_out_all_but(turn, grid, start, "immobilized", "It is immobilized: it cannot move this turn.")
    else:
        rule_out_all_but(turn, grid, start, "card", "Its card has no move this turn.")


def _why_it_cannot_end(view: View, cell: Cell) -> tuple[str, dict[str, str]] | None:
    """Why the acting figure may not end its move in ``cell`` (None: it may)."""
    if cell == view.start or view.can_end(cell):
        return None
    terrain = view.terrain(cell)
    if terrain == "wall":
        return "A wall: no figure can stand there.", {"terrain": terrain}
    if terrain == "door":
        return "A closed door: monsters treat it as a wall.", {"terrain": terrain}
    if terrain == "obstacle" and not view.flying:
        return "An obstacle: only a flying figure can end its move there.", {"terrain": terrain}
    occupant = view.grid.occupant(cell)
    if occupant is not None:
        name = describe(occupant, view.figures)
        if view.figures[occupant].kind == "objective":
            return f"Occupied by the objective {name}: it cannot end its move there.", {"figure": occupant}
        if occupant in view.allies:
            return f"Occupied by {name}: it may move through an ally but not end its move there.", {"figure": occupant}
        return f"Occupied by {name}, an enemy: it cannot end its move there.", {"figure": occupant}
    return "It cannot end its move there.", {"terrain": terrain}


def _blockers(view: View, mover: Mover) -> str:
    """What a way there may have to go around: only the kinds this board has."""
    kinds = []
    walls, obstacles = mover.walls_and_obstacles()
    if view.grid.thin_walls or walls:
        kinds.append("walls")
    if mover.walks:
        if obstacles:
            kinds.append("obstacles")
        blocking = {view.figures[label].kind == "objective" for label, cell in view.grid.figures.items() if cell in view.blocking_cells}
        kinds.extend(kind for kind, present in (("enemies", False in blocking), ("objectives", True in blocking)) if present)
    return " or ".join([", ".join(kinds[:-1]), kinds[-1]] if len(kinds) > 1 else kinds) or "the shape of the map"


def rule_out_cannot_end_or_reach(turn: Turn, view: View, mover: Mover, reach: Reach, points: int, costs: dict[Cell, Cost]) -> None:
    """Hexes it may not end in, then hexes it cannot reach this turn (and why)."""
    if points <= 0:
        return  # already ruled out: it does not move
    # Many hexes share one reason: gathered per reason, each stored once (Turn.rule_out_all).
    out_of_reach: dict[tuple[int, bool, bool], list[Cell]] = {}
    start, ruled, endable = view.start, turn.ruled_out.reasons, view.endable()
    start_q, start_r = hexgrid.to_axial(start)
    leaps = not mover.crosses_hexes
    # Set operations sort the hexes out at once; only the hexes left are visited one by one.
    for cell in sorted(mover.graph.cell_set - endable - ruled.keys()):
        why = _why_it_cannot_end(view, cell)
        if why is not None:
            turn.rule_out(cell, "cannot-end", why[0], **why[1])
    left = endable - ruled.keys() - reach.keys() - {start}
    # Each hex gets one reason, whatever the order they are visited in.
    closed = left - costs.keys()
    within = left & costs.keys()
    # The focus search minimises negative hexes first, so its points can be more than needed.
    fewest = mover.plain_points(costs) if within else None
    for cell in within:
        needed, difficult = (costs[cell][1], 0) if fewest is None else fewest.get(cell, (costs[cell][1], 0))
        # hexgrid.distance(start, cell), inlined: this loop visits every hex of the map.
        dq, dr = cell[0] - (cell[1] - (cell[1] & 1)) // 2 - start_q, cell[1] - start_r
        detour = not leaps and needed - difficult > (abs(dq) + abs(dr) + abs(dq + dr)) // 2
        out_of_reach.setdefault((needed, detour, difficult > 0), []).append(cell)
    if not closed and not out_of_reach:
        return
    blockers = _blockers(view, mover)
    turn.rule_out_all(
        closed, "unreachable", f"Not reachable, however far it moves: every way there is closed off by {blockers}.", has=points
    )
    for (needed, detour, difficult), cells in out_of_reach.items():
        notes = [f"going around {blockers}"] if detour else []
        if difficult:
            notes.append(mover.difficult_note)
        detail = f" ({'; '.join(notes)})" if notes else ""
        reason = f"Out of reach this turn: the cheapest way there costs {count_of(needed, 'movement point')}{detail}, and it has {points}."
        turn.rule_out_all(cells, "unreachable", reason, needed=needed, has=points)


def _why_no_attack(view: View, plan: AttackPlan, focus: str, cell: Cell) -> Reason:
    """Why ``cell`` is not an attack hex for ``focus``: out of range, or no line of sight.

    A hex it may end in, within range of the focus and in sight, is an attack hex
    (Attacks.attack_hexes), so sight needs no new test (sight tests are costly)."""
    target = view.grid.figures[focus]
    name = describe(focus, view.figures)
    distance = view.range_between(cell, target)
    data: dict[str, object] = {"focus": focus, "distance": distance, "range": plan.range}
    in_range = distance is not None and distance <= plan.range
    if plan.pattern is not None and not (plan.targets > 1 and in_range):
        if plan.melee:
            how = f"no way of turning its area attack covers {name} in its line of sight"
        else:
            how = f"no placement of its area attack within range {plan.range} covers {name} in its line of sight"
        return "range", f"It cannot attack {name} from here: {how}.", data
    if distance is None:
        return "range", f"It cannot attack {name} from here: walls cut {name} off.", data
    if not in_range:
        away = f"{name} is {count_of(distance, 'hex', 'hexes')} away (counted around walls)"
        if not plan.real:
            needs = "it moves as if for a melee attack, which needs an adjacent target"
        elif plan.melee:
            needs = "a melee attack needs an adjacent target"
        else:
            needs = f"its range is {plan.range}"
        return "range", f"It cannot attack {name} from here: {away} and {needs}.", data
    cells, thin, on_line = view.sight.blockers(cell, target)
    walls = [f"the wall hex {format_position(c)}" for c in cells] + [
        f"the thin wall between {format_position(p)} and {format_position(q)}" for p, q in thin
    ]
    data["blocked_by"] = {"walls": [list(c) for c in cells], "thin_walls": [[list(p), list(q)] for p, q in thin]}
    if view.rules.sight == "corner" and walls:  # GH 1st edition: only corner-to-corner lines count
        why = f"every line from a corner of this hex to a corner of {name}'s touches a wall ({and_list(walls)})"
    elif on_line:
        why = f"the line between the two hexes' centres crosses {and_list(walls)}"
    elif walls:
        why = f"every line from a corner of this hex to a corner of {name}'s touches a wall ({and_list(walls)})"
    else:
        why = "a wall is in the way"
    return "line-of-sight", f"It cannot attack {name} from here: no line of sight ({why}).", data


def _negatives_reason(name: str, negatives: int, fewest: int) -> str:
    return (
        f"It could attack {name} from here, but getting here this turn triggers {count_of(negatives, 'negative hex', 'negative hexes')}"
        f" (traps, hazardous terrain) where its focus path needs only {fewest}."
    )


def rule_out_attack_now(ctx: Planning, goal: Goal, ranking: Ranking) -> None:
    """It attacks this turn: the other reachable hexes are no attack hex, cost more negative hexes, or lose a preference."""
    if not ctx.explain:
        return
    turn, view, reach, focus, prefix = ctx.turn, ctx.view, ctx.reach, goal.focus, goal.prefix
    winners = ranking.hexes()
    name = describe(focus, view.figures)
    for cell in sorted(reach):
        if cell in turn.ruled_out or cell in winners:
            continue
        if cell not in goal.hexes:
            step, reason, data = _why_no_attack(view, ctx.plan, focus, cell)
            turn.rule_out(cell, step, prefix + reason, **data)
        elif reach[cell][0][0] != goal.fewest_negatives:
            _rule_out_negatives(ctx, goal, cell, against=winners)
        elif cell in ranking.lost:
            step, reason, data = _lost_preference(view, ctx.rules, focus, ranking.lost[cell])
            turn.rule_out(cell, step, prefix + reason, against=winners, focus=focus, **data)
        else:
            turn.rule_out(cell, "range", prefix + f"From here it has no attack that includes {name}.", focus=focus)


def _extra_facts(view: View, rules: VariantRules, here: frozenset[str], there: frozenset[str]) -> str:
    """Why one extra target beat another: each one's proximity (not JotL) and initiative, as compared."""
    if not here or not there:
        return ""

    def fact(label: str) -> str:
        parts = []
        if rules.proximity_breaks_focus_ties:
            away = view.range_between(view.start, view.grid.figures[label])
            parts.append("out of range" if away is None else count_of(away, "hex", "hexes") + " away")
        initiative = view.figures[label].initiative
        parts.append("no initiative given" if initiative is None else f"initiative {initiative:g}")
        return f"{label} ({', '.join(parts)})"

    return f": {', '.join(fact(label) for label in sorted(there))} against {', '.join(fact(label) for label in sorted(here))}"


def _lost_preference(view: View, rules: VariantRules, focus: str, lost: Lost) -> Reason:
    """The preference a hex lost on, in words and numbers (see rank_attacks)."""
    here, best = lost.here, lost.best
    mine = lost.targets.sure if lost.targets is not None else frozenset()
    theirs = lost.best_targets.sure if lost.best_targets is not None else frozenset()
    if lost.stage == "extra-rank":
        by = "proximity, then initiative" if rules.proximity_breaks_focus_ties else "initiative"
        if rules.extra_targets == "secondary-focus":
            by = "their own focus paths, then " + by + " (rules.extra_targets: secondary-focus)"
        why = _extra_facts(view, rules, mine - theirs, theirs - mine)
        return (
            "extra-targets",
            f"Its extra targets from here ({names(mine - {focus}, view.figures)}) rank below those of the best hexes ({names(theirs - {focus}, view.figures)}), by {by}{why}.",
            {"targets": sorted(mine), "best_targets": sorted(theirs)},
        )
    # Every other preference compares counts.
    assert isinstance(here, int) and isinstance(best, int), lost
    if lost.stage == "focus-disadvantage":
        return (
            "disadvantage",
            f"From here it would attack {describe(focus, view.figures)} with disadvantage (a ranged attack on an adjacent target); the best hexes avoid that.",
            {},
        )
    if lost.stage == "targets":
        return (
            "fewer-targets",
            f"It could attack only {count_of(here, 'target')} from here; the best hexes attack {best}.",
            {"targets": here, "best": best},
        )
    if lost.stage == "group-movement":
        return (
            "target-group",
            f"Its targets from here ({names(mine, view.figures)}) need at least {count_of(here, 'movement point')} to attack;"
            f" the best group ({names(theirs, view.figures)}) needs only {best}.",
            {"targets": sorted(mine), "best_targets": sorted(theirs), "points": here, "best": best},
        )
    if lost.stage in ("extra-disadvantage", "disadvantage"):
        return (
            "disadvantage",
            f"From here {count_of(here, 'attack')} would have disadvantage (ranged attacks on adjacent targets); from the best hexes {best}.",
            {"disadvantaged": here, "best": best},
        )
    return (
        "more-movement",
        f"Getting here takes {count_of(here, 'movement point')}; the best hexes take {best}.",
        {"points": here, "best": best},
    )


def _rule_out_negatives(ctx: Planning, goal: Goal, cell: Cell, *, against: Iterable[Cell] = ()) -> None:
    """An attack hex for the focus, but getting there this turn triggers more negative hexes than needed."""
    negatives, fewest = ctx.reach[cell][0][0], goal.fewest_negatives
    ctx.turn.rule_out(
        cell,
        "negative-hexes",
        goal.prefix + _negatives_reason(describe(goal.focus, ctx.figures), negatives, fewest),
        against=against,
        focus=goal.focus,
        negatives=negatives,
        fewest=fewest,
    )


def rule_out_costly_attack_hexes(ctx: Planning, goal: Goal) -> None:
    """It cannot attack this turn: hexes it could attack from, but only through more negative hexes than needed."""
    if not ctx.explain:
        return
    reach = ctx.reach
    for cell in sorted(reach):
        if cell in goal.hexes and reach[cell][0][0] > goal.fewest_negatives:
            _rule_out_negatives(ctx, goal, cell)


def rule_out_towards(ctx: Planning, goal: Goal, towards: Towards) -> None:
    """Moving towards a destination: the reachable hexes that do not get as close, as safely, as cheaply."""
    if not ctx.explain:
        return
    turn, prefix = ctx.turn, goal.prefix
    best_score, here = towards.best_score, towards.here
    stays = towards.stays
    against = [ctx.view.start] if stays else towards.ends
    score_of = {cell: score for score, cell in towards.scored}
    to = format_position(towards.destination)
    data = {"destination": list(towards.destination)}
    for cell in sorted(ctx.reach):
        if cell in turn.ruled_out or cell in against:
            continue
        score = score_of.get(cell)
        if score is None or score[1] >= INFINITE[1]:
            turn.rule_out(cell, "not-closer", prefix + f"From here it could never reach {to}.", against=against, **data)
        elif score[0] > best_score[0]:
            turn.rule_out(
                cell,
                "negative-hexes",
                prefix
                + f"Heading for {to} by way of here triggers {count_of(score[0], 'negative hex', 'negative hexes')} (traps, hazardous terrain); the best way only {best_score[0]}.",
                against=against,
                negatives=score[0],
                fewest=best_score[0],
                **data,
            )
        elif stays:
            turn.rule_out(
                cell,
                "stays",
                prefix
                + f"No hex it can reach this turn shortens its path to {to} ({count_of(here[1], 'move')} from where it stands, {score[1]} from here), so it stays.",
                against=against,
                moves=score[1],
                moves_from_start=here[1],
                **data,
            )
        elif score[1] > best_score[1]:
            turn.rule_out(
                cell,
                "not-closer",
                prefix + f"From here it would still be {count_of(score[1], 'move')} from {to}; the best hexes get within {best_score[1]}.",
                against=against,
                moves=score[1],
                best=best_score[1],
                **data,
            )
        else:
            turn.rule_out(
                cell,
                "more-movement",
                prefix
                + f"It gets just as close to {to} here ({count_of(score[1], 'move')} away) but uses {count_of(score[2], 'movement point')};"
                f" the best hexes use only {best_score[2]}.",
                against=against,
                points=score[2],
                best=best_score[2],
                **data,
            )


def forget_options(turn: Turn) -> None:
    """A hex ruled out for one focus or destination may be an option for another: then it is an option."""
    for option in turn.options:
        turn.ruled_out.pop(option.to, None)


def take_reasons(turn: Turn, scratch: Turn, prefix: str) -> None:
    """A later move of a card (from one branch): its reasons, named after the action (first branch first).
    Hexes share their reasons: each distinct one is named once."""
    named: dict[int, SharedReason] = {}
    ruled = turn.ruled_out
    for cell, reason in scratch.ruled_out.reasons.items():
        if cell in ruled:
            continue
        renamed = named.get(id(reason))
        if renamed is None:
            renamed = named[id(reason)] = SharedReason(reason.step, prefix + reason.reason, reason.against, reason.data)
        ruled.add(cell, renamed)


def after_card_reasons(turn: Turn, grid: Grid, earlier: RuledOutMap) -> None:
    """A card with several actions: hexes no later move explained keep the first move's reason."""
    ruled, before = turn.ruled_out, earlier.reasons
    cells = sorted(grid.terrain)
    for cell in cells:
        if cell not in ruled and cell in before:
            ruled.add(cell, before[cell])
    ends = {option.to for option in turn.options}
    turn.rule_out_all((cell for cell in cells if cell not in ends), "card", "None of the ways its card's actions can go ends here.")
    forget_options(turn)
