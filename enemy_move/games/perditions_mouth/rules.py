"""Perdition's Mouth: enemy Move actions on a square grid with action points.

Primary source: the enemy-movement page of the fan rules site etbrev.com/PM
(quoted in docs/perditions-mouth.md). Each enemy type has its own rule:

* Boneworm (1 AP) and Rotikka (5 AP): target the hero they can reach soonest,
  ignore terrain penalties, step toward it.
* Chi'leen (3 AP): the hero with the closest "range 2" square (else range 1);
  paths ignore minions, which it tramples (swaps places with, pushing them back).
* Acolyte (2 AP): runs for the alarm symbol, opening (and unlocking) doors for 1 AP.
* Guard (3 AP): the hero with the closest "range 3" square, else 2, else 1.
* Summoner: stays when it sees a hero; otherwise heads for the weakest hero,
  keeping as far as it can (within range 6) and away from every hero.
* Sleeping enemies wake and do not move; the Demon has no movement rule here.

The engine never prints: every rule applied is a ``turn.note``.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass, field, replace

from ...game import NextActor
from ...geometry import squaregrid
from ...geometry.grid import Grid, parse_grid
from ...geometry.paths import Cost, dijkstra, one_path
from ...geometry.square_sight import SquareSight
from ...models import Scenario
from ...result import (
    BoardState,
    Displaced,
    DoorOpened,
    Effect,
    Moved,
    Option,
    Position,
    Step,
    StepId,
    Turn,
    Woken,
    count_of,
    figure_name,
    format_position,
    format_positions,
)
from .model import PerditionsMouthFigure, PerditionsMouthRules, PerditionsMouthScenario

Cell = tuple[int, int]
#: Cheapest cost (a 1-tuple of AP) of each square reached, and its predecessors on cheapest paths.
Best = dict[Cell, Cost]
Preds = dict[Cell, list[Cell]]

INSECTOIDS = ("boneworm", "rotikka", "chileen")
CULTISTS = ("acolyte", "guard", "summoner")
#: Figures a Chi'leen ignores when pathing and tramples ("Boneworms/Rotikkas/Cultists").
MINIONS = frozenset(("boneworm", "rotikka") + CULTISTS)
TYPE_NAMES = {
    "hero": "Hero",
    "boneworm": "Boneworm",
    "rotikka": "Rotikka",
    "chileen": "Chi'leen",
    "acolyte": "Acolyte",
    "guard": "Guard",
    "summoner": "Summoner",
    "demon": "Demon",
}
DEFAULT_AP = {"boneworm": 1, "rotikka": 5, "chileen": 3, "acolyte": 2, "guard": 3, "summoner": 3, "demon": 0}
DEFAULT_ATTACK_RANGE = {"boneworm": 1, "rotikka": 1, "chileen": 2, "acolyte": 1, "guard": 3, "summoner": 6, "demon": 1}
#: "range N" squares each type looks for, most preferred first.
PREFERRED_RANGES = {"boneworm": (1,), "rotikka": (1,), "chileen": (2, 1), "guard": (3, 2, 1)}
SUMMONER_MAX_RANGE = 6

EXTRA_SYMBOLS = {"+": "door", "$": "locked-door", "/": "open-door", "|": "portcullis", "!": "alarm", "&": "chest"}
BLOCKING_TERRAIN = frozenset(("wall", "obstacle", "chest", "door", "locked-door", "portcullis"))
CLOSED_DOORS = frozenset(("door", "locked-door"))
DEFAULT_COSTS = {"floor": 1, "open-door": 1, "alarm": 1, "trap": 1, "difficult": 2, "hazardous": 2, "icy": 2}
SPECIAL_TERRAIN = frozenset(("trap", "difficult", "hazardous", "icy"))
ALL_TERRAINS = frozenset(DEFAULT_COSTS) | BLOCKING_TERRAIN


#: The board: a square Grid whose ``asleep`` lists the sleeping enemies.
Board = Grid


@dataclass
class Mover:
    """How one enemy paths this turn."""

    label: str
    kind: str
    ap: int
    start: Cell
    ignores_terrain: bool
    opens_doors: bool
    blocked: set[Cell] = field(default_factory=set)  # occupied squares it may not enter
    passes: set[Cell] = field(default_factory=set)  # occupied squares it paths through but may not end on
    tramples: set[Cell] = field(default_factory=set)  # minion squares it may enter and end on (swap)
    # who stands on each occupied square and why it blocks or not (for "why not this square?")
    occupants: dict[Cell, str] = field(default_factory=dict)
    full_ap_rule: bool = True  # may spend all its AP on one costlier square


@dataclass
class Move:
    """One way the move can end: destination, path, AP spent, doors opened."""

    to: Cell
    path: tuple[Cell, ...]
    spent: int
    opened: tuple[Cell, ...] = ()
    remaining: int = 0  # AP (or squares) still between ``to`` and the goal, doors already opened counted
    reached: bool = False  # ``to`` is a goal square


class Engine:
    def __init__(self, scenario: Scenario):
        self.scenario = scenario
        self.model: PerditionsMouthScenario = scenario.model
        self.rules: PerditionsMouthRules = self.model.rules
        self.figures: dict[str, PerditionsMouthFigure] = self.model.figures
        self._validate()
        self.costs = dict(DEFAULT_COSTS) | dict(self.rules.terrain_costs)
        metric = self.rules.range or ("chebyshev" if self.rules.movement == "diagonal" else "manhattan")
        self.metric_name = metric
        self.distance = squaregrid.chebyshev if metric == "chebyshev" else squaregrid.manhattan
        cells = {label: f.at for label, f in self.figures.items()}
        passable = set(DEFAULT_COSTS)
        self.grid = parse_grid(
            scenario, "square", extra_symbols=EXTRA_SYMBOLS, terrains=set(ALL_TERRAINS), figure_cells=cells, standable=passable
        )
        self.heroes = sorted(label for label, f in self.figures.items() if f.kind == "hero")

    # -- validation -------------------------------------------------------------------------------

    def _validate(self) -> None:
        for label in sorted(self.figures):
            figure = self.figures[label]
            if figure.kind == "hero":
                for key in ("sleeping", "ap", "attack_range"):
                    if getattr(figure, key) not in (None, False):
                        raise self.scenario.error(("figures", label, key), f"`{key}` is for enemies; {label!r} is a hero")
            elif figure.health is not None:
                raise self.scenario.error(
                    ("figures", label, "health"), f"`health` is for heroes (the 'weakest' hero); {label!r} is a {TYPE_NAMES[figure.kind]}"
                )
        for key in sorted(self.rules.terrain_costs):
            if key not in DEFAULT_COSTS:
                raise self.scenario.error(
                    ("rules", "terrain_costs", key),
                    f"terrain {key!r} cannot be entered or is unknown; costs apply to: {', '.join(sorted(DEFAULT_COSTS))}",
                    key=True,
                )
        for index, name in enumerate(self.rules.sight_blockers):
            if name not in ALL_TERRAINS:
                raise self.scenario.error(
                    ("rules", "sight_blockers", index), f"unknown terrain {name!r}; known: {', '.join(sorted(ALL_TERRAINS))}"
                )

    def activation_order(self) -> tuple[list[str], list[str]]:
        """Insectoids in Insectoid Sheet order, then Cultists in Cultists Sheet order; plus notes."""
        notes = []
        order: list[str] = []
        for key, family, sheet_name in (("insectoid_sheet", INSECTOIDS, "Insectoid Sheet"), ("cultist_sheet", CULTISTS, "Cultists Sheet")):
            members = [label for label, f in self.figures.items() if f.kind in family]
            sheet = getattr(self.model, key)
            if sheet is None:
                sheet = sorted(members, key=lambda label: (family.index(self.figures[label].kind), label))
                if len(members) > 1:
                    notes.append(
                        f"No `{key}` given: {sheet_name} order taken as {', '.join(t for t in family)} by label: {' '.join(sheet)}."
                    )
            else:
                seen: set[str] = set()
                for index, label in enumerate(sheet):
                    if label not in self.figures:
                        raise self.scenario.error((key, index), f"{label!r} is not in figures")
                    if self.figures[label].kind not in family:
                        raise self.scenario.error(
                            (key, index), f"{label!r} is a {TYPE_NAMES[self.figures[label].kind]}, not on the {sheet_name}"
                        )
                    if label in seen:
                        raise self.scenario.error((key, index), f"{label!r} is listed twice")
                    seen.add(label)
                missing = sorted(set(members) - seen)
                if missing:
                    raise self.scenario.error(
                        (key,), f"the {sheet_name} must list every {'/'.join(TYPE_NAMES[t] for t in family)}; missing: {', '.join(missing)}"
                    )
            order.extend(sheet)
        demons = sorted(label for label, f in self.figures.items() if f.kind == "demon")
        if demons:
            notes.append(f"Demon {', '.join(demons)}: the movement texts give no rule for the Demon, so it does not move in this phase.")
        return order, notes

    # -- names and basic geometry -----------------------------------------------------------------

    def who(self, label: str) -> str:
        figure = self.figures[label]
        return figure_name(label, figure.name or TYPE_NAMES[figure.kind])

    def ap(self, label: str) -> int:
        figure = self.figures[label]
        return figure.ap if figure.ap is not None else DEFAULT_AP[figure.kind]

    def attack_range(self, label: str) -> int:
        figure = self.figures[label]
        return figure.attack_range if figure.attack_range is not None else DEFAULT_ATTACK_RANGE[figure.kind]

    def sight(self, board: Board) -> SquareSight:
        blockers = [cell for cell, terrain in board.terrain.items() if terrain in self.rules.sight_blockers]
        return SquareSight(blockers, self.rules.sight, board.thin_walls)

    def sees(self, board: Board, a: Cell, b: Cell, ignore: tuple[str, ...] = ()) -> bool:
        extra = []
        if self.rules.figures_block_sight:
            extra = [cell for label, cell in board.figures.items() if label not in ignore]
        return self.sight(board).sees(a, b, extra)

    def steps(self, grid: Grid, cell: Cell) -> list[Cell]:
        """Squares one step away, honouring orthogonal-only movement and corner cutting."""
        result = []
        for nxt in grid.adjacent(cell):
            if squaregrid.is_diagonal(cell, nxt):
                if self.rules.movement == "orthogonal":
                    continue
                if not self.rules.corner_cutting:
                    sides = ((cell[0], nxt[1]), (nxt[0], cell[1]))
                    if any(side not in grid.terrain or grid.terrain[side] in BLOCKING_TERRAIN for side in sides):
                        continue
            result.append(nxt)
        return result

    def in_attack_range(self, board: Board, label: str) -> list[str]:
        """Heroes the enemy could attack from where it stands (range and line of sight)."""
        cell = board.figures[label]
        return [
            hero
            for hero in self.heroes
            if hero in board.figures
            and self.distance(cell, board.figures[hero]) <= self.attack_range(label)
            and self.sees(board, cell, board.figures[hero])
        ]

    # -- pathing ----------------------------------------------------------------------------------

    def make_mover(self, board: Board, label: str, turn: Turn) -> Mover:
        kind = self.figures[label].kind
        grid = board
        ignores_terrain = kind in ("boneworm", "rotikka") or (kind == "chileen" and not self.rules.chileen_pays_terrain)
        full_ap = self.rules.full_ap_rule == "all" or kind in ("acolyte", "guard")
        mover = Mover(
            label, kind, self.ap(label), grid.figures[label], ignores_terrain, opens_doors=(kind == "acolyte"), full_ap_rule=full_ap
        )
        kept, ignored, trampled = [], [], []
        sleeping_note = ""
        for other in sorted(grid.figures):
            if other == label:
                continue
            other_kind = self.figures[other].kind
            cell = grid.figures[other]
            if other_kind == "hero":
                mover.blocked.add(cell)
                mover.occupants[cell] = f"hero {other} stands there (heroes block)"
                continue
            if kind == "chileen" and other_kind in MINIONS:
                mover.tramples.add(cell)
                trampled.append(other)
                continue
            reasons = []
            if other in board.asleep:
                if self.rules.sleeping_blocks:
                    reasons.append("asleep")
                else:
                    sleeping_note = " Sleeping enemies out of attack range do not block (`sleeping_blocks: false`)."
            in_range = self.in_attack_range(board, other)
            if in_range:
                reasons.append("in attack range of " + ", ".join(in_range))
            if reasons:
                mover.blocked.add(cell)
                kept.append(f"{other} ({'; '.join(reasons)})")
                mover.occupants[cell] = f"{other} stands there and blocks ({'; '.join(reasons)})"
            else:
                mover.passes.add(cell)
                ignored.append(other)
                mover.occupants[cell] = f"{other} stands there: expected to move away, it may be passed but not ended on"
        rule = (
            "only Chi'leens and the Demon already in attack range of a Hero count; Boneworms, Rotikkas and Cultists are ignored (trample)"
            if kind == "chileen"
            else "only enemies already in attack range of a Hero count"
        )
        if self.rules.sleeping_blocks:
            rule += "; a sleeping enemy blocks (it cannot move out of the way)"
        walk = (
            "passed but not ended on"
            if self.rules.pass_through_figures
            else "planned through, but it stops before them (`pass_through_figures: false`)"
        )
        text = f"Path-finding: heroes block; {rule}. Blocking: {', '.join(kept) or 'none'}. Ignored (expected to move away; {walk}): {', '.join(ignored) or 'none'}."
        if trampled:
            text += f" Trampled (it may enter and end on their squares, swapping places): {', '.join(trampled)}."
        turn.note("blockers", text + sleeping_note, blocking=kept, ignored=ignored, trampled=trampled)
        return mover

    def enter_cost(self, grid: Grid, mover: Mover, a: Cell, b: Cell, opened: tuple[Cell, ...] = ()) -> tuple[int, int] | None:
        """(AP to open a door first, AP to enter) for the step a -> b, or None when b cannot be entered."""
        if b in mover.blocked:
            return None
        terrain = grid.terrain[b]
        door = 0
        if terrain in CLOSED_DOORS and b not in opened:
            if not mover.opens_doors:
                return None
            door, terrain = 1, "open-door"
        elif terrain in BLOCKING_TERRAIN and b not in opened:
            return None
        elif b in opened:
            terrain = "open-door"
        base = 1 if mover.ignores_terrain else self.costs[terrain]
        if squaregrid.is_diagonal(a, b):
            base *= self.rules.diagonal_cost
        return door, base

    def shortest(self, grid: Grid, mover: Mover) -> tuple[Best, Preds]:
        def edges(cell: Cell) -> Iterator[tuple[Cell, Cost]]:
            for nxt in self.steps(grid, cell):
                cost = self.enter_cost(grid, mover, cell, nxt)
                if cost is not None:
                    yield nxt, (cost[0] + cost[1],)

        return dijkstra([mover.start], edges, (0,))

    def walk(self, grid: Grid, mover: Mover, best: Best, preds: Preds, goals: set[Cell]) -> tuple[list[Move], int | None]:
        """Every way of spending AP along a cheapest path to the nearest goal; the moves ending closest.

        Progress is the AP left to the goal after the move, counting a door opened with the last AP
        (it need not be paid again). Returns (moves, cost of the goal) or ([], None) when no goal is reachable.
        """
        reachable = sorted(g for g in goals if g in best)
        if not reachable:
            return [], None
        goal_cost = min(best[g][0] for g in reachable)
        targets = {g for g in reachable if best[g][0] == goal_cost}
        useful: set[Cell] = set()
        stack = sorted(targets)
        while stack:
            node = stack.pop()
            if node not in useful:
                useful.add(node)
                stack.extend(preds.get(node, []))
        successors: dict[Cell, list[Cell]] = {}
        for node in sorted(useful):
            for before in preds.get(node, []):
                successors.setdefault(before, []).append(node)
        stops: dict[tuple[Cell, tuple[Cell, ...]], Move] = {}

        def stop(path: tuple[Cell, ...], spent: int, opened: tuple[Cell, ...]) -> None:
            # A move may not end on a square another figure still holds: fall back along the path
            # (or, with `pass_through_figures: false`, to before the first such square).
            end = len(path) - 1
            if not self.rules.pass_through_figures:
                held = [index for index, cell in enumerate(path) if index and cell in mover.passes]
                if held:
                    end = held[0] - 1
            while end > 0 and path[end] in mover.passes:
                end -= 1
            if end < len(path) - 1:
                path = path[: end + 1]
                opened = tuple(door for door in opened if door in path)
                spent = min(mover.ap, self.path_cost(grid, mover, path))
            to = path[-1]
            # Doors opened but not yet entered (the last AP opened them) count as progress.
            pending = sum(1 for door in opened if door not in path)
            move = Move(to, path, spent, opened, remaining=max(0, goal_cost - best[to][0] - pending), reached=to in goals)
            key = (move.to, opened)
            if key not in stops or move.path < stops[key].path:
                stops[key] = move

        layer: dict[tuple[Cell, int, tuple[Cell, ...]], tuple[Cell, ...]] = {(mover.start, 0, ()): (mover.start,)}
        while layer:
            following: dict[tuple[Cell, int, tuple[Cell, ...]], tuple[Cell, ...]] = {}
            for key in sorted(layer):
                cell, spent, opened = key
                path = layer[key]
                if cell in targets or cell not in successors or spent >= mover.ap:
                    stop(path, spent, opened)
                    continue
                for nxt in sorted(successors[cell]):
                    step_cost = self.enter_cost(grid, mover, cell, nxt, opened)
                    # A cheapest-path edge can be entered, and opened doors only make entering easier.
                    assert step_cost is not None
                    door, enter = step_cost
                    if nxt in mover.tramples and cell in mover.passes:
                        stop(path, spent, opened)  # the pushed minion would land on another figure
                        continue
                    now_opened = opened
                    now_spent = spent
                    if door:
                        if mover.ap - spent < door:
                            stop(path, spent, opened)
                            continue
                        now_opened = opened + (nxt,)
                        now_spent = spent + door
                    if now_spent + enter <= mover.ap:
                        now_spent += enter
                    elif spent == 0 and not door and mover.full_ap_rule:
                        now_spent = mover.ap  # "has all its AP and needs to enter costlier terrain": one square
                    else:
                        stop(path, now_spent, now_opened)
                        continue
                    nkey = (nxt, now_spent, now_opened)
                    candidate = path + (nxt,)
                    if nkey not in following or candidate < following[nkey]:
                        following[nkey] = candidate
            layer = following
        moves = sorted(stops.values(), key=lambda m: (m.path, m.opened))
        closest = min(m.remaining for m in moves)
        return [m for m in moves if m.remaining == closest], goal_cost

    # -- goals ------------------------------------------------------------------------------------

    def free_for(self, board: Board, mover: Mover, cell: Cell) -> bool:
        """Whether the mover could end its move on ``cell``."""
        terrain = board.terrain[cell]
        if terrain in BLOCKING_TERRAIN:
            return False
        occupant = board.occupant(cell)
        return occupant is None or occupant == mover.label or cell in mover.tramples

    def possible_for(self, board: Board, mover: Mover, cell: Cell) -> bool:
        """A goal square the mover may head for: free, or held by an enemy expected to move away
        (it walks toward it and stops where it can end)."""
        return self.free_for(board, mover, cell) or cell in mover.passes

    def range_squares(self, board: Board, mover: Mover, hero: str, distance: int) -> set[Cell]:
        """Possible squares at range exactly ``distance`` of the hero (with sight, by default)."""
        hero_cell = board.figures[hero]
        result = set()
        for cell in board.terrain:
            if self.distance(cell, hero_cell) != distance or not self.possible_for(board, mover, cell):
                continue
            if self.rules.range_needs_sight and not self.sees(board, cell, hero_cell, ignore=(mover.label,)):
                continue
            result.add(cell)
        return result

    def within_reach(self, mover: Mover, best: Best, preds: Preds, cell: Cell) -> bool:
        """Whether the mover could get to ``cell`` this Move action (its AP, or all of it on one costlier first square)."""
        if cell not in best:
            return False
        return best[cell][0] <= mover.ap or (mover.full_ap_rule and mover.start in preds.get(cell, ()))

    # -- one enemy's turn -------------------------------------------------------------------------

    def resolve_turn(self, board: Board, label: str) -> Turn:
        turn = Turn(actor=label)
        figure = self.figures[label]
        cell = board.figures[label]
        stay = Option(cell, (cell,), (), {"AP": 0})
        if label in board.asleep:
            turn.note(
                "sleeping", f"{self.who(label)} is sleeping: it only wakes up and does not move (it will move at the next Move action)."
            )
            turn.options.append(replace(stay, effects=(Moved(label, (cell,)), Woken(label))))
            self.rule_out_all(board, turn, "sleeping", "it is sleeping: it only wakes up and does not move")
            return turn.finish()
        if figure.kind == "demon":
            turn.note(
                "demon",
                f"{self.who(label)}: the movement texts give no rule for the Demon; it stays. (Chi'leens path around it only when it is in attack range of a Hero.)",
            )
            turn.options.append(stay)
            self.rule_out_all(board, turn, "demon", "the movement texts give no rule for the Demon: it stays")
            return turn.finish()
        if not any(hero in board.figures for hero in self.heroes) and figure.kind != "acolyte":
            turn.note("target", f"{self.who(label)}: there is no hero on the map, so it does not move.")
            turn.options.append(stay)
            self.rule_out_all(board, turn, "target", "there is no hero on the map: it does not move")
            return turn.finish()
        turn.note(
            "action-points",
            f"{self.who(label)} gets {self.ap(label)} Action Point{'s' if self.ap(label) != 1 else ''}"
            + (f" (scenario override of the {TYPE_NAMES[figure.kind]}'s {DEFAULT_AP[figure.kind]})" if figure.ap is not None else "")
            + ".",
        )
        turn.note("threatened-squares", f"The {TYPE_NAMES[figure.kind]} does not suffer from the threatened-square movement penalty.")
        if figure.kind in ("boneworm", "rotikka"):
            turn.note(
                "terrain",
                f"The {TYPE_NAMES[figure.kind]} ignores terrain movement penalties: every square costs 1 AP. Obstacles (walls, chests, doors, portcullises) still block.",
            )
        if figure.kind == "summoner":
            self.summoner_turn(board, label, turn)
        else:
            mover = self.make_mover(board, label, turn)
            best, preds = self.shortest(board, mover)
            self.rule_out_unreachable(board, mover, turn, best, preds)
            if figure.kind == "acolyte":
                goals = self.acolyte_turn(board, mover, turn, best, preds)
            else:
                goals = self.hero_seeker_turn(board, mover, turn, best, preds)
            self.rule_out_rest(board, mover, turn, goals)
        if not turn.options:
            turn.options.append(stay)
        for option in turn.options:
            turn.ruled_out.pop(option.to, None)
        return turn.finish()

    def unit(self, mover: Mover, count: int = 2) -> str:
        return ("square" if count == 1 else "squares") if mover.ignores_terrain else "AP"

    def hero_seeker_turn(self, board: Board, mover: Mover, turn: Turn, best: Best, preds: Preds) -> set[Cell]:
        """Boneworm, Rotikka, Chi'leen, Guard: pick the target hero by its nearest 'range N' square, then move.

        Returns the goal squares the move heads for (for "why not this square?")."""
        heroes = [hero for hero in self.heroes if hero in board.figures]
        ranges = PREFERRED_RANGES[mover.kind]
        dropped_ranges: list[int] = []
        all_goals: set[Cell] = set()
        for distance in ranges:
            reach: dict[str, int] = {}
            goals: dict[str, set[Cell]] = {}
            parts = []
            for hero in heroes:
                goals[hero] = self.range_squares(board, mover, hero, distance)
                all_goals |= goals[hero]
                costs = [best[g][0] for g in goals[hero] if g in best]
                if costs:
                    reach[hero] = min(costs)
                    parts.append(f"{hero}: {reach[hero]} {self.unit(mover, reach[hero])}")
                elif goals[hero]:
                    parts.append(f"{hero}: no path reaches one")
                else:
                    parts.append(
                        f"{hero}: none the {TYPE_NAMES[mover.kind]} could end on"
                        + (" with line of sight" if self.rules.range_needs_sight else "")
                    )
            what = "adjacent square (range 1)" if ranges == (1,) else f'"range {distance}" square'
            turn.note("distances", f"Cheapest path to each hero's nearest {what}: {', '.join(parts)}.", range=distance, distances=reach)
            if reach:
                break
            dropped_ranges.append(distance)
        else:
            turn.note(
                "target",
                "No hero has a reachable attack square"
                + self.unreachable_text(mover)
                + " (in the Attack action insectoids then attack a door or portcullis in their path).",
            )
            self.approach_unreachable(board, mover, turn, best, preds, all_goals, "a hero's attack square")
            return all_goals
        nearest = min(reach.values())
        tied = sorted(hero for hero, cost in reach.items() if cost == nearest)
        tied = self.break_tie(tied, turn)
        others = sorted((cost, hero) for hero, cost in reach.items() if hero not in tied)
        against = (" against " + ", ".join(f"{cost} ({hero})" for cost, hero in others)) if others else ""
        if dropped_ranges:
            why = f' (no hero has a reachable "range {"/".join(map(str, dropped_ranges))}" square, so it falls back to range {distance})'
        elif len(ranges) > 1:
            why = f" (range {distance}, the farthest it prefers)"
        else:
            why = ""
        turn.note(
            "target",
            f"Target hero: {', '.join(tied)}, {nearest} {self.unit(mover, nearest)} away{against}{why}.",
            target=tied,
            cost=nearest,
            range=distance,
            fallback_from=dropped_ranges,
        )
        turn.focus = list(tied)
        heading: set[Cell] = set()
        for hero in tied:
            moves, _ = self.walk(board, mover, best, preds, goals[hero])
            self.add_moves(board, mover, turn, moves, hero, nearest)
            heading |= goals[hero]
        chosen = tuple(option.to for option in turn.options)
        for hero in heroes:
            if hero in tied:
                continue
            for cell in sorted(goals[hero]):
                if self.within_reach(mover, best, preds, cell):
                    cost = best[cell][0]
                    turn.rule_out(
                        cell,
                        "target",
                        f"a range-{distance} square of {hero}, but the target is {', '.join(tied)} ({reach.get(hero, 'no path')} against {nearest} {self.unit(mover, nearest)})",
                        against=chosen,
                        range=distance,
                        hero=hero,
                        cost=cost,
                    )
        return heading

    def unreachable_text(self, mover: Mover) -> str:
        if self.rules.unreachable_goal == "stay":
            return ": it does not move (`unreachable_goal: stay`; `closer` would walk it as close as it can get)"
        return ""

    def approach_unreachable(self, board: Board, mover: Mover, turn: Turn, best: Best, preds: Preds, goals: set[Cell], what: str) -> None:
        """``unreachable_goal: closer``: no path reaches a goal square; walk to the reachable squares closest to one."""
        if self.rules.unreachable_goal == "stay" or not goals:
            return
        ends = [c for c in sorted(best) if self.free_for(board, mover, c) and c not in mover.passes]
        gap = {c: min(self.distance(c, g) for g in goals) for c in ends}
        nearest = min(gap.values())
        near = {c for c in ends if gap[c] == nearest}
        turn.note(
            "distances",
            f"No path reaches {what}; with `unreachable_goal: closer` it heads for the reachable square{'s' if len(near) != 1 else ''} closest to one ({nearest} square{'s' if nearest != 1 else ''} away): {format_positions(sorted(near))}.",
            closest=nearest,
            squares=sorted(near),
        )
        moves, cost = self.walk(board, mover, best, preds, near)
        if cost is not None:
            self.add_moves(board, mover, turn, moves, None, cost, goal_word="the closest reachable square")

    def break_tie(self, tied: list[str], turn: Turn) -> list[str]:
        if len(tied) < 2:
            return tied
        if self.rules.target_ties == "weakest":
            health = {hero: self.hero_health(hero, "target_ties: weakest") for hero in tied}
            weakest = min(health.values())
            kept = sorted(hero for hero in tied if health[hero] == weakest)
            turn.note(
                "tie",
                f"Heroes {', '.join(tied)} are equally close; `target_ties: weakest` keeps the least health ({weakest}): {', '.join(kept)}"
                + ("; the players choose among them." if len(kept) > 1 else "."),
                health=health,
            )
            return kept
        turn.note(
            "tie",
            f"Heroes {', '.join(tied)} are equally close; the rules do not say which is the target, so the players choose (every option is listed).",
        )
        return tied

    def hero_health(self, hero: str, why: str) -> int:
        health = self.figures[hero].health
        if health is None:
            raise self.scenario.error(("figures", hero), f"hero {hero!r} needs `health:` (remaining health) for {why}", key=True)
        return health

    def add_moves(
        self, board: Board, mover: Mover, turn: Turn, moves: list[Move], hero: str | None, goal_cost: int, goal_word: str = "its goal"
    ) -> None:
        for move in moves:
            after, effects, pushed = self.follow(board, mover.label, move.path, move.opened)
            attacks: tuple[str, ...] = ()
            if hero is not None and after.figures.get(hero) is not None:
                hero_cell = after.figures[hero]
                if self.distance(move.to, hero_cell) <= self.attack_range(mover.label) and self.sees(after, move.to, hero_cell):
                    attacks = (hero,)
            turn.options.append(Option(move.to, move.path, attacks, {"AP": move.spent}, effects))
            self.note_failure_events(after, move, pushed, turn)
        said = {step.text for step in turn.reasoning if step.step == "move"}
        for move in moves:
            where = "stays" if len(move.path) == 1 else f"moves to {format_position(move.to)} spending {move.spent} AP"
            text = f"{mover.label} {where}" + (f", opening the door at {format_positions(move.opened)} for 1 AP" if move.opened else "")
            first_step = self.enter_cost(board, mover, move.path[0], move.path[1], ()) if len(move.path) == 2 else None
            if mover.ap and move.spent > 0 and move.spent == mover.ap and first_step is not None and first_step[1] > mover.ap:
                rule = "" if mover.kind in ("acolyte", "guard") else " (`full_ap_rule: all`)"
                text += f" (it has all its {mover.ap} AP, so it may enter the costlier square{rule})"
            if move.reached:
                text += f"; it has reached {goal_word}."
            else:
                held = sorted(c for c in self.next_squares(board, mover, move) if c in mover.passes)
                text += f"; {move.remaining} {self.unit(mover, move.remaining)} still to go"
                if held and move.spent < mover.ap:
                    text += f" (it may not end on {format_positions(held)}, held by a figure, so it stops here)"
                text += "."
            if text not in said:
                said.add(text)
                turn.note("move", text, to=move.to, spent=move.spent, remaining=move.remaining)

    def next_squares(self, board: Board, mover: Mover, move: Move) -> list[Cell]:
        """Squares one step past the end of the move (to say why it stopped)."""
        return [c for c in self.steps(board, move.to) if c not in move.path]

    def path_cost(self, grid: Grid, mover: Mover, path: Sequence[Cell]) -> int:
        total = 0
        for a, b in zip(path, path[1:]):
            cost = self.enter_cost(grid, mover, a, b)
            if cost is None:  # a trampled or passed square: entering it costs its terrain
                cost = (0, 1)
            total += cost[0] + cost[1]
        return total

    def acolyte_turn(self, board: Board, mover: Mover, turn: Turn, best: Best, preds: Preds) -> set[Cell]:
        alarms = sorted(cell for cell, terrain in board.terrain.items() if terrain == "alarm")
        if not alarms:
            turn.note("alarm", "There is no alarm symbol (!) on the map: the Acolyte has nowhere to run and does not move.")
            return set()
        if self.rules.acolyte_goal == "on":
            goals = set(alarms)
            where = "onto the alarm symbol"
        else:
            goals = {cell for alarm in alarms for cell in self.steps(board, alarm) if board.terrain[cell] not in BLOCKING_TERRAIN}
            goals |= {cell for cell in alarms if cell == mover.start}
            possible = {cell for cell in goals if self.possible_for(board, mover, cell)}
            goals = possible or goals  # a square next to the alarm held by a blocker only counts when all are
            where = "next to the alarm symbol"
        turn.note(
            "alarm",
            f"The Acolyte moves toward the alarm symbol ({format_positions(alarms)}), {where} (`acolyte_goal: {self.rules.acolyte_goal}`), choosing the path cheapest in Action Points: 1 AP per simple square, doors opened (or unlocked and opened) for 1 AP.",
        )
        held = sorted(cell for cell in goals if not self.free_for(board, mover, cell))
        if held:
            # An occupied alarm is still where it runs: it walks toward it and stops as close as it can.
            turn.note(
                "alarm",
                f"{format_positions(held)} {'is' if len(held) == 1 else 'are'} occupied ({'; '.join(mover.occupants.get(c, 'occupied') for c in held)}): it still heads there and stops on the last square it can end on.",
                occupied=held,
            )
            for cell in held:
                mover.blocked.discard(cell)
                mover.passes.add(cell)
            best, preds = self.shortest(board, mover)
        moves, cost = self.walk(board, mover, best, preds, goals)
        if cost is None:
            turn.note("alarm", "No path reaches the alarm" + self.unreachable_text(mover) + ".")
            self.approach_unreachable(board, mover, turn, best, preds, goals, "the alarm")
            return goals
        turn.note("distances", f"Cheapest path to the alarm: {cost} AP against {mover.ap} AP available.", cost=cost)
        self.add_moves(board, mover, turn, moves, None, cost)
        for move in moves:
            special = sorted({board.terrain[c] for c in move.path[1:] if board.terrain[c] in SPECIAL_TERRAIN})
            if special:
                turn.note(
                    "failure-events",
                    f"Moving to {format_position(move.to)} it enters {', '.join(special)} on purpose: the Acolyte suffers no failure event.",
                )
        return goals

    def summoner_turn(self, board: Board, label: str, turn: Turn) -> None:
        grid = board
        cell = grid.figures[label]
        heroes = [hero for hero in self.heroes if hero in grid.figures]
        seen = [hero for hero in heroes if self.sees(board, cell, grid.figures[hero])]
        if seen:
            turn.note("line-of-sight", f"The Summoner has line of sight to {', '.join(seen)}: it does not move.", seen=seen)
            turn.focus = []
            attacks = self.summoner_attacks(board, label, cell, seen, turn)
            turn.options.append(Option(cell, (cell,), attacks, {"AP": 0}))
            self.rule_out_all(board, turn, "line-of-sight", f"the Summoner sees {', '.join(seen)}: it does not move")
            return
        turn.note("line-of-sight", "The Summoner sees no hero, so it moves.")
        health = {hero: self.hero_health(hero, "the Summoner's 'weakest' hero") for hero in heroes}
        weakest = min(health.values())
        targets = sorted(hero for hero in heroes if health[hero] == weakest)
        turn.note(
            "target",
            f"Weakest hero (least health): {', '.join(targets)} with {weakest}"
            + (f" against {', '.join(f'{h} {health[h]}' for h in heroes if h not in targets)}" if len(targets) < len(heroes) else "")
            + (" (tie: the players choose)" if len(targets) > 1 else "")
            + ".",
            health=health,
        )
        turn.focus = list(targets)
        mover = self.make_mover(board, label, turn)
        best, preds = self.shortest(grid, mover)
        self.rule_out_unreachable(board, mover, turn, best, preds)
        for target in targets:
            self.summoner_options(board, mover, turn, best, preds, target, heroes)
        self.rule_out_rest(board, mover, turn, set())

    def summoner_attacks(self, board: Board, label: str, cell: Cell, seen: list[str], turn: Turn) -> tuple[str, ...]:
        """Whom the Summoner's following Attack faces from ``cell``: heroes in range with sight, the weakest first."""
        in_range = [hero for hero in seen if self.distance(cell, board.figures[hero]) <= self.attack_range(label)]
        if len(in_range) > 1 and all(self.figures[hero].health is not None for hero in in_range):
            least = min(self.figures[hero].health or 0 for hero in in_range)
            in_range = [hero for hero in in_range if self.figures[hero].health == least]
        if in_range:
            turn.note(
                "target",
                f"In range {self.attack_range(label)} with line of sight: {', '.join(in_range)} (the attack targets the weakest; ties: the players choose).",
                attacks=in_range,
            )
        return tuple(in_range)

    def summoner_options(self, board: Board, mover: Mover, turn: Turn, best: Best, preds: Preds, target: str, heroes: list[str]) -> None:
        grid = board
        target_cell = grid.figures[target]
        reachable = [
            c for c in sorted(best) if self.within_reach(mover, best, preds, c) and self.free_for(board, mover, c) and c not in mover.passes
        ]
        positions = [
            c
            for c in reachable
            if self.distance(c, target_cell) <= SUMMONER_MAX_RANGE and self.sees(board, c, target_cell, ignore=(mover.label,))
        ]
        for c in reachable:
            if c not in positions:
                turn.rule_out(
                    c,
                    "range",
                    f"not within range {SUMMONER_MAX_RANGE} of {target} with line of sight",
                    hero=target,
                    range=self.distance(c, target_cell),
                )
        if not positions:
            turn.note(
                "range",
                f"No square within its {mover.ap} AP is within range {SUMMONER_MAX_RANGE} of {target} with line of sight: it moves toward the farthest such square it can reach.",
            )
            for distance in range(SUMMONER_MAX_RANGE, 0, -1):
                goals = self.range_squares(board, mover, target, distance)
                if any(g in best for g in goals):
                    moves, cost = self.walk(grid, mover, best, preds, goals)
                    turn.note("distances", f"Nearest range-{distance} square of {target}: {cost} AP away.", range=distance, cost=cost)
                    self.add_moves(board, mover, turn, moves, target, cost or 0)
                    return
            turn.note("range", f"No square in line of sight of {target} within range {SUMMONER_MAX_RANGE} is reachable: it does not move.")
            return

        def closest_hero(c: Cell) -> int:
            return min(self.distance(c, grid.figures[h]) for h in heroes)

        def keep_best(
            squares: list[Cell], score: Callable[[Cell], int], step: StepId, names: tuple[str, str, str], note: str, loser: str
        ) -> list[Cell]:
            """Keep the squares with the highest score, note it and rule out the others.
            ``note`` and ``loser`` are formats of {best}, {kept}, {count}, {total}, {choose} and {score};
            ``names``: the data keys of a ruled-out square's score, of the best score, and of the best score in the note."""
            best_score = max(score(c) for c in squares)
            kept = [c for c in squares if score(c) == best_score]
            choose = " — the players choose." if len(kept) > 1 else "."
            words = {
                "best": best_score,
                "kept": format_positions(kept),
                "count": count_of(len(kept), "square"),
                "total": len(squares),
                "choose": choose,
            }
            turn.note(step, note.format(**words), **{names[2]: best_score})
            for c in squares:
                if c not in kept:
                    data = {names[0]: score(c), names[1]: best_score}
                    turn.rule_out(c, step, loser.format(score=score(c), best=best_score), against=kept, **data)
            return kept

        def by_range(squares: list[Cell]) -> list[Cell]:
            return keep_best(
                squares,
                lambda c: self.distance(c, target_cell),
                "range",
                ("range", "farthest", "farthest"),
                f"Reachable squares within range {SUMMONER_MAX_RANGE} of {target} with line of sight: {{total}}; "
                "the farthest range possible is {best} ({count}).",
                f"range {{score}} of {target}; the Summoner prefers the farthest range, {{best}}",
            )

        def by_safety(squares: list[Cell]) -> list[Cell]:
            return keep_best(
                squares,
                closest_hero,
                "safety",
                ("closest_hero", "best", "closest_hero"),
                "Of those, the squares whose closest hero is farthest away ({best}): {kept}{choose}",
                "its closest hero is {score} away; the Summoner keeps as far as possible from all heroes ({best})",
            )

        if self.rules.summoner_priority == "range":
            chosen = by_safety(by_range(positions))
        else:
            turn.note("safety", "`summoner_priority: safety`: staying away from all heroes comes before the farthest range.")
            chosen = by_range(by_safety(positions))
        for c in chosen:
            path = tuple(one_path(preds, c))
            move = Move(c, path, min(best[c][0], mover.ap), reached=True)
            self.add_moves(board, mover, turn, [move], target, best[c][0], goal_word="its chosen square")

    # -- why not this square? ----------------------------------------------------------------------

    def rule_out_all(self, board: Board, turn: Turn, step: StepId, reason: str) -> None:
        """The enemy does not move: every other square is ruled out by that one step."""
        for cell in sorted(board.terrain):
            if cell != board.figures[turn.actor]:
                turn.rule_out(cell, step, reason)

    def rule_out_unreachable(self, board: Board, mover: Mover, turn: Turn, best: Best, preds: Preds) -> None:
        """Squares it cannot end on or cannot get to this turn: terrain, figures, no path, AP."""
        for cell in sorted(board.terrain):
            if cell == mover.start:
                continue
            terrain = board.terrain[cell]
            if terrain in BLOCKING_TERRAIN and not (terrain in CLOSED_DOORS and mover.opens_doors):
                turn.rule_out(cell, "terrain", f"{terrain}: it cannot be entered", terrain=terrain)
            elif cell in mover.occupants:
                turn.rule_out(cell, "blockers", mover.occupants[cell])
            elif cell not in best:
                turn.rule_out(cell, "distances", "no path reaches it (walls, closed doors or blocking figures in the way)")
            elif not self.within_reach(mover, best, preds, cell):
                turn.rule_out(
                    cell, "action-points", f"it costs {best[cell][0]} AP to get there; it has {mover.ap}", cost=best[cell][0], ap=mover.ap
                )

    def rule_out_rest(self, board: Board, mover: Mover, turn: Turn, goals: set[Cell]) -> None:
        """Squares it could reach but the procedure did not pick: they leave it farther from its goal."""
        chosen = tuple(option.to for option in turn.options) or (mover.start,)
        if not goals:
            for cell in sorted(board.terrain):
                turn.rule_out(cell, "move", "the procedure picked other squares", against=chosen)
            return

        def edges(cell: Cell) -> Iterator[tuple[Cell, tuple[int]]]:  # reversed: the cost of stepping from ``before`` onto ``cell``
            for before in self.steps(board, cell):
                cost = self.enter_cost(board, mover, before, cell)
                if cost is not None:
                    yield before, (cost[0] + cost[1],)

        to_goal, _ = dijkstra(sorted(goals), edges, (0,))
        best_left = min((to_goal[c][0] for c in chosen if c in to_goal), default=None)
        for cell in sorted(board.terrain):
            if cell in to_goal:
                left = to_goal[cell][0]
                turn.rule_out(
                    cell,
                    "move",
                    f"not where its cheapest path toward its goal stops: {left} {self.unit(mover, left)} from the goal afterwards (the options: {best_left})",
                    against=chosen,
                    left=left,
                    options_left=best_left,
                )
            else:
                turn.rule_out(cell, "move", "no path leads from there to its goal", against=chosen)

    # -- following a move --------------------------------------------------------------------------

    def follow(
        self, board: Board, label: str, path: tuple[Cell, ...], opened: tuple[Cell, ...]
    ) -> tuple[Board, tuple[Effect, ...], list[tuple[str, Cell, Cell]]]:
        """The board after ``label`` follows ``path``, the move's effects, and the minions it tramples (label, from, to)."""
        occupants = {cell: other for other, cell in board.figures.items() if other != label}
        pushed: list[tuple[str, Cell, Cell]] = []
        kind = self.figures[label].kind
        for before, after in zip(path, path[1:]):
            other = occupants.get(after)
            if other is not None and kind == "chileen" and self.figures[other].kind in MINIONS:
                # Trample: the minion trades places with the Chi'leen, moving back one square.
                occupants.pop(after)
                occupants[before] = other
                pushed.append((other, after, before))
        effects: tuple[Effect, ...] = (
            Moved(label, path),
            *(DoorOpened(cell) for cell in opened),
            *(Displaced(other, origin, to, "trampled") for other, origin, to in pushed),
        )
        return self.apply(board, effects), effects, pushed

    def apply(self, board: Board, effects: tuple[Effect, ...]) -> Board:
        figures = dict(board.figures)
        terrain = board.terrain
        asleep = set(board.asleep)
        for effect in effects:
            if isinstance(effect, Moved):
                figures[effect.figure] = _square(effect.path[-1])
                asleep.discard(effect.figure)
            elif isinstance(effect, Displaced):
                figures[effect.figure] = _square(effect.to)
            elif isinstance(effect, DoorOpened) and isinstance(effect.at, tuple):
                terrain = dict(terrain) if terrain is board.terrain else terrain
                terrain[effect.at] = "open-door"
            elif isinstance(effect, Woken):
                asleep.discard(effect.figure)
        return replace(board, terrain=terrain, figures=figures, asleep=frozenset(asleep))

    def note_failure_events(self, after: Board, move: Move, pushed: list[tuple[str, Cell, Cell]], turn: Turn) -> None:
        for other, _, cell in pushed:
            terrain = after.terrain[cell]
            if self.figures[other].kind == "acolyte" and terrain in SPECIAL_TERRAIN:
                switch = self.model.rules.trample_failure_events
                suffers = "suffers" if switch else "does not suffer"
                turn.note(
                    "failure-events",
                    f"Moving to {format_position(move.to)}, the trample pushes Acolyte {other} into {terrain}: it {suffers} "
                    f"the failure event (`trample_failure_events: {str(switch).lower()}`).",
                )


def _square(position: Position) -> Cell:
    """Perdition's Mouth effects always name squares (areas are Agemonia's)."""
    assert not isinstance(position, str), position
    return position


class PerditionsMouthPlay:
    """One Perdition's Mouth scenario (the phase runner drives it)."""

    def __init__(self, scenario: Scenario, variant: str):
        self.engine = Engine(scenario)
        self.order, self.notes = self.engine.activation_order()
        asleep = frozenset(label for label, f in self.engine.figures.items() if f.kind != "hero" and f.sleeping)
        self.board = replace(self.engine.grid, asleep=asleep)
        self.state = BoardState(dict(self.engine.grid.figures), asleep=tuple(sorted(asleep)))
        self.scenario = scenario

    def acting_side(self) -> list[str]:
        return list(self.order)

    def check_actor(self, label: str) -> None:
        if self.engine.figures[label].kind == "hero":
            raise self.scenario.error(("active",), f"{label!r} is a hero; only enemies move in the enemy phase")

    def next_actor(self, board: Board, waiting: Sequence[str], prefer: Sequence[str]) -> NextActor:
        label = waiting[0]
        position = len(self.order) - len(waiting)
        kind = self.engine.figures[label].kind
        family = INSECTOIDS if kind in INSECTOIDS else CULTISTS
        text = "Insectoids move first, in Insectoid Sheet order" if kind in INSECTOIDS else "Cultists move last, in Cultists Sheet order"
        sheet = [other for other in self.order if self.engine.figures[other].kind in family]
        step = Step(
            "order", f"Turn {position + 1} of {len(self.order)}: {text} ({' '.join(sheet)}).", {"order": list(self.order), "sheet": sheet}
        )
        return NextActor(label, step=step)

    def turn(self, board: Board, actor: str) -> Turn:
        return self.engine.resolve_turn(board, actor)

    def apply(self, board: Board, option: Option) -> Board:
        return self.engine.apply(board, option.effects)
