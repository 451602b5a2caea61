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

from collections.abc import Sequence
from dataclasses import dataclass, field, replace

from ..geometry import squaregrid
from ..geometry.grid import Grid, parse_grid
from ..geometry.paths import dijkstra, one_path
from ..geometry.square_sight import SquareSight
from ..models import Scenario
from ..result import BoardState, Displaced, DoorOpened, Effect, Moved, Option, Step, Turn, Woken, figure_name, format_position, format_positions
from . import GameInfo, NextActor

Cell = tuple[int, int]

INSECTOIDS = ("boneworm", "rotikka", "chileen")
CULTISTS = ("acolyte", "guard", "summoner")
#: Figures a Chi'leen ignores when pathing and tramples ("Boneworms/Rotikkas/Cultists").
MINIONS = frozenset(("boneworm", "rotikka") + CULTISTS)
TYPE_NAMES = {
    "hero": "Hero", "boneworm": "Boneworm", "rotikka": "Rotikka", "chileen": "Chi'leen",
    "acolyte": "Acolyte", "guard": "Guard", "summoner": "Summoner", "demon": "Demon",
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


@dataclass
class Move:
    """One way the move can end: destination, path, AP spent, doors opened."""

    to: Cell
    path: tuple[Cell, ...]
    spent: int
    opened: tuple[Cell, ...] = ()


class Engine:
    def __init__(self, scenario: Scenario):
        self.scenario = scenario
        self.model = scenario.model
        self.rules = self.model.rules
        self.figures = self.model.figures
        self._validate()
        self.costs = dict(DEFAULT_COSTS) | dict(self.rules.terrain_costs)
        metric = self.rules.range or ("chebyshev" if self.rules.movement == "diagonal" else "manhattan")
        self.metric_name = metric
        self.distance = squaregrid.chebyshev if metric == "chebyshev" else squaregrid.manhattan
        cells = {label: (tuple(f.at) if f.at is not None else None) for label, f in self.figures.items()}
        passable = set(DEFAULT_COSTS)
        self.grid = parse_grid(scenario, "square", extra_symbols=EXTRA_SYMBOLS, terrains=set(ALL_TERRAINS), figure_cells=cells, standable=passable)
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
                raise self.scenario.error(("figures", label, "health"), f"`health` is for heroes (the 'weakest' hero); {label!r} is a {TYPE_NAMES[figure.kind]}")
        for key in sorted(self.rules.terrain_costs):
            if key not in DEFAULT_COSTS:
                raise self.scenario.error(("rules", "terrain_costs", key), f"terrain {key!r} cannot be entered or is unknown; costs apply to: {', '.join(sorted(DEFAULT_COSTS))}", key=True)
        for index, name in enumerate(self.rules.sight_blockers):
            if name not in ALL_TERRAINS:
                raise self.scenario.error(("rules", "sight_blockers", index), f"unknown terrain {name!r}; known: {', '.join(sorted(ALL_TERRAINS))}")

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
                    notes.append(f"No `{key}` given: {sheet_name} order taken as {', '.join(t for t in family)} by label: {' '.join(sheet)}.")
            else:
                seen: set[str] = set()
                for index, label in enumerate(sheet):
                    if label not in self.figures:
                        raise self.scenario.error((key, index), f"{label!r} is not in figures")
                    if self.figures[label].kind not in family:
                        raise self.scenario.error((key, index), f"{label!r} is a {TYPE_NAMES[self.figures[label].kind]}, not on the {sheet_name}")
                    if label in seen:
                        raise self.scenario.error((key, index), f"{label!r} is listed twice")
                    seen.add(label)
                missing = sorted(set(members) - seen)
                if missing:
                    raise self.scenario.error((key,), f"the {sheet_name} must list every {'/'.join(TYPE_NAMES[t] for t in family)}; missing: {', '.join(missing)}")
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
            hero for hero in self.heroes
            if hero in board.figures
            and self.distance(cell, board.figures[hero]) <= self.attack_range(label)
            and self.sees(board, cell, board.figures[hero])
        ]

    # -- pathing ----------------------------------------------------------------------------------

    def make_mover(self, board: Board, label: str, turn: Turn) -> Mover:
        kind = self.figures[label].kind
        grid = board
        ignores_terrain = kind in ("boneworm", "rotikka") or (kind == "chileen" and not self.rules.chileen_pays_terrain)
        mover = Mover(label, kind, self.ap(label), grid.figures[label], ignores_terrain, opens_doors=(kind == "acolyte"))
        kept, ignored = [], []
        for other in sorted(grid.figures):
            if other == label:
                continue
            other_kind = self.figures[other].kind
            cell = grid.figures[other]
            if other_kind == "hero":
                mover.blocked.add(cell)
                continue
            if kind == "chileen" and other_kind in MINIONS:
                mover.tramples.add(cell)
                ignored.append(f"{other} (trampled)")
                continue
            reasons = []
            if other in board.asleep:
                reasons.append("asleep")
            if self.in_attack_range(board, other):
                reasons.append("in attack range of " + ", ".join(self.in_attack_range(board, other)))
            if reasons:
                mover.blocked.add(cell)
                kept.append(f"{other} ({'; '.join(reasons)})")
            else:
                mover.passes.add(cell)
                ignored.append(other)
        rule = ("only Chi'leens and the Demon already in attack range of a Hero count; Boneworms, Rotikkas and Cultists are ignored (trample)"
                if kind == "chileen" else "only enemies already in attack range of a Hero count")
        turn.note(
            "blockers",
            f"Path-finding: heroes block; {rule}. Blocking: {', '.join(kept) or 'none'}. Ignored (expected to move away; cannot end on them): {', '.join(ignored) or 'none'}.",
            blocking=kept, ignored=ignored,
        )
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

    def shortest(self, grid: Grid, mover: Mover) -> tuple[dict, dict]:
        def edges(cell: Cell):
            for nxt in self.steps(grid, cell):
                cost = self.enter_cost(grid, mover, cell, nxt)
                if cost is not None:
                    yield nxt, (cost[0] + cost[1],)

        return dijkstra([mover.start], edges, (0,))

    def walk(self, grid: Grid, mover: Mover, best: dict, preds: dict, goals: set[Cell]) -> tuple[list[Move], int | None]:
        """Every way of spending AP along a cheapest path to the nearest goal; the moves ending closest.

        Returns (moves, cost of the goal) or ([], None) when no goal is reachable.
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
        stops: dict[tuple, Move] = {}

        def stop(path: tuple[Cell, ...], spent: int, opened: tuple[Cell, ...]) -> None:
            # A move may not end on a square another figure still holds: fall back along the path.
            end = len(path) - 1
            while end > 0 and path[end] in mover.passes:
                end -= 1
            move = Move(path[end], path[: end + 1], spent, opened)
            key = (move.to, opened)
            if key not in stops or move.path < stops[key].path:
                stops[key] = move

        layer: dict[tuple, tuple[Cell, ...]] = {(mover.start, 0, ()): (mover.start,)}
        while layer:
            following: dict[tuple, tuple[Cell, ...]] = {}
            for key in sorted(layer):
                cell, spent, opened = key
                path = layer[key]
                if cell in targets or cell not in successors or spent >= mover.ap:
                    stop(path, spent, opened)
                    continue
                for nxt in sorted(successors[cell]):
                    door, enter = self.enter_cost(grid, mover, cell, nxt, opened)
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
                    elif spent == 0 and not door:
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
        closest = max(best[m.to][0] for m in moves)
        return [m for m in moves if best[m.to][0] == closest], goal_cost

    # -- goals ------------------------------------------------------------------------------------

    def free_for(self, board: Board, mover: Mover, cell: Cell) -> bool:
        """Whether the mover could end its move on ``cell``."""
        terrain = board.terrain[cell]
        if terrain in BLOCKING_TERRAIN:
            return False
        occupant = board.occupant(cell)
        return occupant is None or occupant == mover.label or cell in mover.tramples

    def range_squares(self, board: Board, mover: Mover, hero: str, distance: int, exact: bool = True) -> set[Cell]:
        """Squares at range ``distance`` of the hero (exactly, or at most) the mover may end on."""
        hero_cell = board.figures[hero]
        result = set()
        for cell in board.terrain:
            d = self.distance(cell, hero_cell)
            if (d != distance if exact else not 1 <= d <= distance) or not self.free_for(board, mover, cell):
                continue
            if self.rules.range_needs_sight and not self.sees(board, cell, hero_cell, ignore=(mover.label,)):
                continue
            result.add(cell)
        return result

    # -- one enemy's turn -------------------------------------------------------------------------

    def resolve_turn(self, board: Board, label: str) -> Turn:
        turn = Turn(actor=label)
        figure = self.figures[label]
        cell = board.figures[label]
        stay = Option(cell, (cell,), (), {"AP": 0})
        if label in board.asleep:
            turn.note("sleeping", f"{self.who(label)} is sleeping: it only wakes up and does not move (it will move at the next Move action).")
            turn.options.append(replace(stay, effects=(Moved(label, (cell,)), Woken(label))))
            return turn.finish()
        if figure.kind == "demon":
            turn.note("demon", f"{self.who(label)}: the movement texts give no rule for the Demon; it stays. (Chi'leens path around it only when it is in attack range of a Hero.)")
            turn.options.append(stay)
            return turn.finish()
        if not any(hero in board.figures for hero in self.heroes) and figure.kind != "acolyte":
            turn.note("target", f"{self.who(label)}: there is no hero on the map, so it does not move.")
            turn.options.append(stay)
            return turn.finish()
        turn.note("action-points", f"{self.who(label)} gets {self.ap(label)} Action Points" + (f" (scenario override of the {TYPE_NAMES[figure.kind]}'s {DEFAULT_AP[figure.kind]})" if figure.ap is not None else "") + ".")
        turn.note("threatened-squares", f"The {TYPE_NAMES[figure.kind]} does not suffer from the threatened-square movement penalty.")
        if figure.kind in ("boneworm", "rotikka"):
            turn.note("terrain", f"The {TYPE_NAMES[figure.kind]} ignores terrain movement penalties: every square costs 1 AP. Obstacles (walls, chests, doors, portcullises) still block.")
        if figure.kind == "summoner":
            self.summoner_turn(board, label, turn)
        else:
            mover = self.make_mover(board, label, turn)
            if figure.kind == "acolyte":
                self.acolyte_turn(board, mover, turn)
            else:
                self.hero_seeker_turn(board, mover, turn)
        if not turn.options:
            turn.options.append(stay)
        return turn.finish()

    def unit(self, mover: Mover) -> str:
        return "squares" if mover.ignores_terrain else "AP"

    def hero_seeker_turn(self, board: Board, mover: Mover, turn: Turn) -> None:
        """Boneworm, Rotikka, Chi'leen, Guard: pick the target hero by its nearest 'range N' square, then move."""
        best, preds = self.shortest(board, mover)
        heroes = [hero for hero in self.heroes if hero in board.figures]
        ranges = PREFERRED_RANGES[mover.kind]
        for distance in ranges:
            reach: dict[str, int] = {}
            goals: dict[str, set[Cell]] = {}
            for hero in heroes:
                goals[hero] = self.range_squares(board, mover, hero, distance)
                costs = [best[g][0] for g in goals[hero] if g in best]
                if costs:
                    reach[hero] = min(costs)
            what = "adjacent square (range 1)" if ranges == (1,) else f"\"range {distance}\" square"
            listing = ", ".join(f"{hero}: {reach[hero]} {self.unit(mover)}" if hero in reach else f"{hero}: none reachable" for hero in heroes)
            turn.note("distances", f"Cheapest path to each hero's nearest {what}: {listing}.", range=distance, distances=reach)
            if reach:
                break
        else:
            turn.note("target", "No hero has a reachable attack square: it does not move (in the Attack action insectoids then attack a door or portcullis in their path).")
            return
        nearest = min(reach.values())
        tied = sorted(hero for hero, cost in reach.items() if cost == nearest)
        tied = self.break_tie(tied, turn)
        others = sorted((cost, hero) for hero, cost in reach.items() if hero not in tied)
        against = (" against " + ", ".join(f"{cost} ({hero})" for cost, hero in others)) if others else ""
        turn.note("target", f"Target hero: {', '.join(tied)}, {nearest} {self.unit(mover)} away{against}" + (f" (range {distance} preferred)" if len(ranges) > 1 else "") + ".", target=tied, cost=nearest)
        turn.focus = list(tied)
        for hero in tied:
            moves, _ = self.walk(board, mover, best, preds, goals[hero])
            self.add_moves(board, mover, turn, moves, hero, nearest)

    def break_tie(self, tied: list[str], turn: Turn) -> list[str]:
        if len(tied) < 2:
            return tied
        if self.rules.target_ties == "weakest":
            health = {hero: self.hero_health(hero, "target_ties: weakest") for hero in tied}
            weakest = min(health.values())
            kept = sorted(hero for hero in tied if health[hero] == weakest)
            turn.note("tie", f"Heroes {', '.join(tied)} are equally close; `target_ties: weakest` keeps the least health ({weakest}): {', '.join(kept)}" + ("; the players choose among them." if len(kept) > 1 else "."), health=health)
            return kept
        turn.note("tie", f"Heroes {', '.join(tied)} are equally close; the rules do not say which is the target, so the players choose (every option is listed).")
        return tied

    def hero_health(self, hero: str, why: str) -> int:
        health = self.figures[hero].health
        if health is None:
            raise self.scenario.error(("figures", hero), f"hero {hero!r} needs `health:` (remaining health) for {why}", key=True)
        return health

    def add_moves(self, board: Board, mover: Mover, turn: Turn, moves: list[Move], hero: str | None, goal_cost: int) -> None:
        for move in moves:
            after, effects, pushed = self.follow(board, mover.label, move.path, move.opened)
            attacks: tuple[str, ...] = ()
            if hero is not None and after.figures.get(hero) is not None:
                hero_cell = after.figures[hero]
                if self.distance(move.to, hero_cell) <= self.attack_range(mover.label) and self.sees(after, move.to, hero_cell):
                    attacks = (hero,)
            turn.options.append(Option(move.to, move.path, attacks, {"AP": move.spent}, effects))
            self.note_failure_events(after, move, pushed, turn)
        for move in moves:
            where = "stays" if len(move.path) == 1 else f"moves to {format_position(move.to)} spending {move.spent} AP"
            text = f"{mover.label} {where}" + (f", opening the door at {format_positions(move.opened)} for 1 AP" if move.opened else "")
            if mover.ap and move.spent > 0 and move.spent == mover.ap and len(move.path) == 2 and self.enter_cost(board, mover, move.path[0], move.path[1], ())[1] > mover.ap:
                text += f" (it has all its {mover.ap} AP, so it may enter the costlier square)"
            remaining = goal_cost - self.path_cost(board, mover, move)
            text += "; it has reached its goal." if remaining <= 0 else f"; {remaining} {self.unit(mover)} still to go."
            turn.note("move", text, to=move.to, spent=move.spent)

    def path_cost(self, grid: Grid, mover: Mover, move: Move) -> int:
        total = 0
        for a, b in zip(move.path, move.path[1:]):
            door, enter = self.enter_cost(grid, mover, a, b)
            total += door + enter
        return total

    def acolyte_turn(self, board: Board, mover: Mover, turn: Turn) -> None:
        alarms = sorted(cell for cell, terrain in board.terrain.items() if terrain == "alarm")
        if not alarms:
            turn.note("alarm", "There is no alarm symbol (!) on the map: the Acolyte has nowhere to run and does not move.")
            return
        if self.rules.acolyte_goal == "on":
            goals = {cell for cell in alarms if self.free_for(board, mover, cell)}
            where = "onto the alarm symbol"
        else:
            goals = {cell for alarm in alarms for cell in self.steps(board, alarm) if self.free_for(board, mover, cell)}
            goals |= {cell for cell in alarms if cell == mover.start}
            where = "next to the alarm symbol"
        turn.note("alarm", f"The Acolyte moves toward the alarm symbol ({format_positions(alarms)}), {where} (`acolyte_goal: {self.rules.acolyte_goal}`), choosing the path cheapest in Action Points: 1 AP per simple square, doors opened (or unlocked and opened) for 1 AP.")
        best, preds = self.shortest(board, mover)
        moves, cost = self.walk(board, mover, best, preds, goals)
        if cost is None:
            turn.note("alarm", "No path reaches the alarm: the Acolyte does not move.")
            return
        turn.note("distances", f"Cheapest path to the alarm: {cost} AP against {mover.ap} AP available.", cost=cost)
        self.add_moves(board, mover, turn, moves, None, cost)
        for move in moves:
            special = sorted({board.terrain[c] for c in move.path[1:] if board.terrain[c] in SPECIAL_TERRAIN})
            if special:
                turn.note("failure-events", f"Moving to {format_position(move.to)} it enters {', '.join(special)} on purpose: the Acolyte suffers no failure event.")

    def summoner_turn(self, board: Board, label: str, turn: Turn) -> None:
        grid = board
        cell = grid.figures[label]
        heroes = [hero for hero in self.heroes if hero in grid.figures]
        seen = [hero for hero in heroes if self.sees(board, cell, grid.figures[hero])]
        if seen:
            turn.note("line-of-sight", f"The Summoner has line of sight to {', '.join(seen)}: it does not move.", seen=seen)
            turn.focus = []
            return
        turn.note("line-of-sight", "The Summoner sees no hero, so it moves.")
        health = {hero: self.hero_health(hero, "the Summoner's 'weakest' hero") for hero in heroes}
        weakest = min(health.values())
        targets = sorted(hero for hero in heroes if health[hero] == weakest)
        turn.note("target", f"Weakest hero (least health): {', '.join(targets)} with {weakest}" + (f" against {', '.join(f'{h} {health[h]}' for h in heroes if h not in targets)}" if len(targets) < len(heroes) else "") + (" (tie: the players choose)" if len(targets) > 1 else "") + ".", health=health)
        turn.focus = list(targets)
        mover = self.make_mover(board, label, turn)
        best, preds = self.shortest(grid, mover)
        for target in targets:
            self.summoner_options(board, mover, turn, best, preds, target, heroes)

    def summoner_options(self, board: Board, mover: Mover, turn: Turn, best: dict, preds: dict, target: str, heroes: list[str]) -> None:
        grid = board
        target_cell = grid.figures[target]
        reachable = []
        for cell, (cost,) in sorted(best.items()):
            first_step = len(one_path(preds, cell)) == 2
            if (cost <= mover.ap or first_step) and self.free_for(board, mover, cell) and cell not in mover.passes:
                reachable.append(cell)
        positions = [c for c in reachable if self.distance(c, target_cell) <= SUMMONER_MAX_RANGE and self.sees(board, c, target_cell, ignore=(mover.label,))]
        if not positions:
            turn.note("range", f"No square within its {mover.ap} AP is within range {SUMMONER_MAX_RANGE} of {target} with line of sight: it moves toward the farthest such square it can reach.")
            for distance in range(SUMMONER_MAX_RANGE, 0, -1):
                goals = self.range_squares(board, mover, target, distance)
                if any(g in best for g in goals):
                    moves, cost = self.walk(grid, mover, best, preds, goals)
                    turn.note("distances", f"Nearest range-{distance} square of {target}: {cost} AP away.", range=distance, cost=cost)
                    self.add_moves(board, mover, turn, moves, target, cost)
                    return
            turn.note("range", f"No square in line of sight of {target} within range {SUMMONER_MAX_RANGE} is reachable: it does not move.")
            return
        farthest = max(self.distance(c, target_cell) for c in positions)
        at_range = [c for c in positions if self.distance(c, target_cell) == farthest]
        turn.note("range", f"Reachable squares within range {SUMMONER_MAX_RANGE} of {target} with line of sight: {len(positions)}; the farthest range possible is {farthest} ({len(at_range)} square{'s' if len(at_range) != 1 else ''}).", farthest=farthest)

        def closest_hero(c: Cell) -> int:
            return min(self.distance(c, grid.figures[h]) for h in heroes)

        safest = max(closest_hero(c) for c in at_range)
        chosen = [c for c in at_range if closest_hero(c) == safest]
        turn.note("safety", f"Of those, the squares whose closest hero is farthest away ({safest}): {format_positions(chosen)}" + (" — the players choose." if len(chosen) > 1 else "."), closest_hero=safest)
        for c in chosen:
            path = tuple(one_path(preds, c))
            move = Move(c, path, best[c][0] if best[c][0] <= mover.ap else mover.ap)
            self.add_moves(board, mover, turn, [move], target, best[c][0])

    # -- following a move --------------------------------------------------------------------------

    def follow(self, board: Board, label: str, path: tuple[Cell, ...], opened: tuple[Cell, ...]) -> tuple[Board, tuple[Effect, ...], list[tuple[str, Cell, Cell]]]:
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
        effects = (Moved(label, path), *(DoorOpened(cell) for cell in opened), *(Displaced(other, origin, to, "trampled") for other, origin, to in pushed))
        return self.apply(board, effects), effects, pushed

    def apply(self, board: Board, effects: tuple[Effect, ...]) -> Board:
        figures = dict(board.figures)
        terrain = board.terrain
        asleep = set(board.asleep)
        for effect in effects:
            if isinstance(effect, Moved):
                figures[effect.figure] = effect.path[-1]
                asleep.discard(effect.figure)
            elif isinstance(effect, Displaced):
                figures[effect.figure] = effect.to
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


class PerditionsMouthPlay:
    """One Perdition's Mouth scenario (the phase runner drives it)."""

    def __init__(self, scenario: Scenario):
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
        family = "Insectoids move first, in Insectoid Sheet order" if kind in INSECTOIDS else "Cultists move last, in Cultists Sheet order"
        step = Step("order", f"Turn {position + 1} of {len(self.order)}: {family} ({' '.join(self.order)}).", {"order": list(self.order)})
        return NextActor(label, step=step)

    def turn(self, board: Board, actor: str) -> Turn:
        return self.engine.resolve_turn(board, actor)

    def apply(self, board: Board, option: Option) -> Board:
        return self.engine.apply(board, option.effects)


@dataclass(frozen=True)
class PerditionsMouthGame(GameInfo):
    def setup(self, scenario: Scenario, variant: str) -> PerditionsMouthPlay:
        return PerditionsMouthPlay(scenario)


GAME = PerditionsMouthGame(
    name="perditions-mouth",
    summary="Perdition's Mouth: Abyssal Rift — enemy Move actions on a square grid with action points, one rule per enemy type.",
    variants={"etbrev": "the enemy-movement rules of the fan rules site etbrev.com/PM (the only source available)"},
    default_variant="etbrev",
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
        "rules.range_needs_sight": "Whether 'range N' squares need sight of the hero (default true).",
        "rules.target_ties": "players (default) or weakest, for equally close heroes.",
        "rules.terrain_costs": "AP to enter each terrain (default floor/open-door/alarm/trap 1, difficult/hazardous/icy 2).",
        "rules.acolyte_goal": "on (default) or adjacent: where the Acolyte stops at the alarm.",
        "rules.chileen_pays_terrain": "Whether the Chi'leen pays terrain costs (default true).",
        "rules.trample_failure_events": "Whether an Acolyte trampled into special terrain suffers the failure event (default false).",
    },
)
