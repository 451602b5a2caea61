"""Cloudspire minion movement: minions march toward their mark (docs/cloudspire.md).

The procedure (CTG "Movement priorities explained in detail", C1):

1. count the hexes of valid terrain from the minion to its mark, through
   units but not landmarks or spires;
2. find every hex it could end on using exactly its full movement (never
   through blocking units, never back onto a hex it left this turn); the
   ones closer to the mark than its start are its options;
3-4. if none is closer, try one movement less, and so on down to 1;
5. if nothing at all gets closer: a lateral move (end no closer and no
   further, any amount of movement) or staying put.

Variant ``player``: every closer hex at the first movement value that has
one is an option. Variant ``ai``: only the closest of those (ties are options).
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass
from typing import Any, Literal

from ...game import NextActor
from ...geometry.grid import Grid, parse_grid
from ...geometry.paths import UNREACHABLE, Cost, dijkstra, one_path
from ...models import Scenario
from ...result import BoardState, Displaced, Effect, Moved, Option, Step, StepId, Turn, count_of, format_position, format_positions
from .model import CloudspireScenario

Cell = tuple[int, int]
Displacements = tuple[tuple[str, Cell], ...]
#: How an option relates to the mark: closer, as far (lateral), staying, or leaving an invalid hex.
CandidateKind = Literal["progress", "lateral", "stay", "to-valid-hex"]

#: Map symbols of the ruleset (the contract's defaults are re-purposed where
#: Cloudspire has no such terrain: no traps, walls or icy ground).
TERRAIN_SYMBOLS: dict[str, str] = {
    ".": "path",
    ",": "plains",
    "%": "forest",
    "^": "mountain",
    "~": "water",
    "*": "landmark",
    "!": "spire",
    "&": "gate",
}
TERRAINS = frozenset(TERRAIN_SYMBOLS.values())
ALLOWANCE_ORDER = ("path", "plains", "forest", "mountain", "water")
#: Nobody stands on a landmark or a spire; gates hold heroes and deploying minions.
STANDABLE = {"floor", "path", "plains", "forest", "mountain", "water", "gate"}
#: Never entered while moving, and never counted through (C4 "Closer").
SOLID = frozenset({"landmark", "spire", "gate"})

#: Routes are enumerated hex by hex; this bounds the work on open boards.
ROUTE_BUDGET = 2_000_000


@dataclass(frozen=True)
class Unit:
    label: str
    kind: str
    faction: str
    move: int
    allowance: str
    mark: Cell | None
    through: bool = False

    @property
    def marked(self) -> Cell:
        """The mark of a unit that marches (every acting unit has one: ``_require_marks``, ``ai_hero``)."""
        if self.mark is None:
            raise ValueError(f"unit {self.label!r} has no mark")
        return self.mark

    @property
    def allowed(self) -> frozenset[str]:
        return frozenset(ALLOWANCE_ORDER[: ALLOWANCE_ORDER.index(self.allowance) + 1])


@dataclass(frozen=True)
class Candidate:
    path: tuple[Cell, ...]
    displaced: Displacements
    distance: int
    kind: CandidateKind


class _TooManyRoutes(Exception):
    pass


@dataclass(frozen=True)
class Settings:
    variant: str
    lateral_through_further: bool
    optional_displacement: bool
    stop_at_mark: bool = False
    walled_mark: str = "stay"
    other_gates: str = "block"


def _cells(cells: Iterable[Cell]) -> str:
    return format_positions(sorted(cells)) or "none"


# --- board and units ---------------------------------------------------------


def build_board(scenario: Scenario) -> Grid:
    model: CloudspireScenario = scenario.model
    figure_cells = {label: f.at for label, f in model.figures.items()}
    grid = parse_grid(
        scenario,
        "hex",
        extra_symbols=TERRAIN_SYMBOLS,
        terrains=set(TERRAINS),
        figure_cells=figure_cells,
        standable=STANDABLE,
    )
    for cell in sorted(grid.terrain, key=lambda c: (c[1], c[0])):
        name = grid.terrain[cell]
        if name not in TERRAINS and name != "floor":
            raise scenario.source.text_error(
                ("map",),
                cell[1],
                grid.text_column(cell),
                f"{name} is not Cloudspire terrain; use " + " ".join(f"{s} {t}" for s, t in TERRAIN_SYMBOLS.items()),
            )
    # A unit drawn on the map stands on path (the contract's "open floor").
    terrain = {cell: ("path" if name == "floor" else name) for cell, name in grid.terrain.items()}
    return Grid("hex", grid.width, grid.height, terrain, grid.thin_walls, dict(grid.figures), grid.symbols)


def build_units(scenario: Scenario, board: Grid) -> dict[str, Unit]:
    model: CloudspireScenario = scenario.model
    factions = {f.faction for f in model.figures.values()}
    for faction, cell in sorted(model.marks.items()):
        if faction not in factions:
            raise scenario.error(
                ("marks", faction), f"no unit belongs to faction {faction!r}; factions: {', '.join(sorted(factions))}", key=True
            )
        if cell not in board:
            raise scenario.error(("marks", faction), f"mark {list(cell)} of faction {faction!r} is not a hex of the map")
    units: dict[str, Unit] = {}
    for label in sorted(model.figures):
        figure = model.figures[label]
        mark = figure.mark if figure.mark is not None else model.marks.get(figure.faction)
        if figure.mark is not None and figure.mark not in board:
            raise scenario.error(("figures", label, "mark"), f"mark {list(figure.mark)} of {label!r} is not a hex of the map")
        units[label] = Unit(label, figure.kind, figure.faction, figure.move, figure.allowance, mark, figure.through_units)
    return units


def ai_hero(unit: Unit, variant: str) -> bool:
    """An AI-controlled hero that moves toward a mark: the AI procedure speaks of "units"."""
    return variant == "ai" and unit.kind == "hero" and unit.move > 0 and unit.mark is not None


def acting_minions(scenario: Scenario, units: dict[str, Unit], variant: str = "player") -> tuple[str, list[str]]:
    """The acting faction and its units that move this phase (minions, and with ``ai`` its heroes that have a Movement stat)."""
    model: CloudspireScenario = scenario.model
    minion_factions = sorted({u.faction for u in units.values() if u.kind == "minion"})
    if model.active is not None:
        unit = units[model.active]
        if unit.kind != "minion" and not ai_hero(unit, variant):
            raise scenario.error(
                ("active",),
                f"{model.active!r} is a hero; only minions march to their mark (AI-controlled heroes too, with `variant: ai`, a `move` and a mark)",
            )
        if model.faction is not None and model.faction != unit.faction:
            raise scenario.error(("faction",), f"faction {model.faction!r} does not match the active minion's faction {unit.faction!r}")
        _require_marks(scenario, units, [model.active])
        return unit.faction, [model.active]
    if model.faction is not None:
        faction = model.faction
        if faction not in minion_factions:
            raise scenario.error(
                ("faction",), f"faction {faction!r} has no minions; factions with minions: {', '.join(minion_factions) or 'none'}"
            )
    elif len(minion_factions) == 1:
        faction = minion_factions[0]
    elif not minion_factions:
        raise scenario.error(("figures",), "no minion on the board: nothing moves")
    else:
        raise scenario.error(
            (), f"several factions have minions ({', '.join(minion_factions)}); name the one that moves with `faction:` or `active:`"
        )
    labels = sorted(label for label, u in units.items() if u.kind == "minion" and u.faction == faction)
    _require_marks(scenario, units, labels)
    labels += sorted(label for label, u in units.items() if u.faction == faction and ai_hero(u, variant))
    for index, label in enumerate(model.order):
        if label not in labels:
            raise scenario.error(("order", index), f"{label!r} is not a minion of the acting faction {faction!r}")
    return faction, labels


def _require_marks(scenario: Scenario, units: dict[str, Unit], labels: list[str]) -> None:
    for label in labels:
        if units[label].mark is None:
            faction = units[label].faction
            raise scenario.error(
                ("figures", label),
                f"minion {label!r} has no mark: give it `mark: <col, row>` or add `marks: {{{faction}: <col, row>}}`",
                key=True,
            )


# --- distances and routes ----------------------------------------------------


def mark_distances(board: Grid, unit: Unit, other_gates: str = "block") -> dict[Cell, int]:
    """Hexes of the unit's valid terrain from each hex to its mark, through units (rule step 1).

    ``other_gates: pass`` also counts through fortress gates that are not the mark."""
    allowed = unit.allowed | ({"gate"} if other_gates == "pass" else set())

    def edges(cell: Cell) -> list[tuple[Cell, Cost]]:
        return [(n, (1,)) for n in board.adjacent(cell) if board.terrain[n] in allowed]

    best, _ = dijkstra([unit.marked], edges, (0,))
    return {cell: cost[0] for cell, cost in best.items()}


def start_status(board: Grid, unit: Unit, start: Cell, dist: dict[Cell, int]) -> tuple[str, int | None]:
    """("valid", d), ("gate", d) for a minion deploying from a gate, or ("invalid", None)."""
    if start in dist:
        return "valid", dist[start]
    if board.terrain[start] == "gate":
        around = [dist[n] for n in board.adjacent(start) if n in dist and board.terrain[n] in unit.allowed]
        if around:
            return "gate", 1 + min(around)
    return "invalid", None


def enumerate_routes(
    board: Grid,
    units: dict[str, Unit],
    unit: Unit,
    prefix: tuple[Cell, ...],
    steps: int,
    may_enter: Callable[[Cell], bool],
    may_end: Callable[[Cell], bool] = lambda cell: True,
) -> tuple[dict[int, dict[Cell, dict[Displacements, tuple[Cell, ...]]]], set[str]]:
    """Every end hex of every legal route of 1..steps hexes after ``prefix``.

    Returns ``{moves: {end: {displacements: smallest path}}}`` and the labels
    of the units that stopped a route. A route never re-enters a hex it left,
    never enters an opposing unit or a friendly minion, and swaps with each
    friendly hero it enters (the hero goes to the hex the minion came from).
    """
    endings: dict[int, dict[Cell, dict[Displacements, tuple[Cell, ...]]]] = {}
    blocked: set[str] = set()
    path = list(prefix)
    visited = set(prefix)
    displaced: list[tuple[str, Cell]] = []
    work = [0]

    def walk(cell: Cell, taken: int) -> None:
        if taken == steps:
            return
        for nxt in sorted(board.adjacent(cell)):
            if nxt in visited or not may_enter(nxt):
                continue
            work[0] += 1
            if work[0] > ROUTE_BUDGET:
                raise _TooManyRoutes
            occupant = board.occupant(nxt)
            swapped = False
            end_key: Displacements | None = tuple(displaced)
            if occupant is not None and occupant != unit.label:
                other = units[occupant]
                # "Your minions may displace Friendly heroes": heroes do not displace.
                displaceable = other.kind == "hero" and other.faction == unit.faction and unit.kind == "minion"
                if unit.through:
                    # It passes through units; it may end only on a friendly hero, displacing it.
                    end_key = tuple(displaced) + ((occupant, cell),) if displaceable else None
                elif displaceable:
                    displaced.append((occupant, cell))
                    swapped = True
                    end_key = tuple(displaced)
                else:
                    blocked.add(occupant)
                    continue
            visited.add(nxt)
            path.append(nxt)
            if end_key is not None and may_end(nxt):
                slot = endings.setdefault(taken + 1, {}).setdefault(nxt, {})
                route = tuple(path)
                if end_key not in slot or route < slot[end_key]:
                    slot[end_key] = route
            walk(nxt, taken + 1)
            path.pop()
            visited.discard(nxt)
            if swapped:
                displaced.pop()

    walk(prefix[-1], 0)
    return endings, blocked


# --- the procedure -------------------------------------------------------------


def _describe_displacements(displaced: Displacements) -> str:
    return "; ".join(f"{hero} to {format_position(cell)}" for hero, cell in displaced)


def _prefer_no_displacement(outcomes: dict[Displacements, tuple[Cell, ...]]) -> dict[Displacements, tuple[Cell, ...]]:
    return {(): outcomes[()]} if () in outcomes else outcomes


def march(
    board: Grid,
    units: dict[str, Unit],
    unit: Unit,
    prefix: tuple[Cell, ...],
    movement: int,
    start_distance: int,
    dist: dict[Cell, int],
    settings: Settings,
    turn: Turn,
) -> list[Candidate]:
    """Rule steps 2-5 from the last hex of ``prefix`` with ``movement`` hexes left."""
    start = prefix[-1]
    if movement == 0:
        turn.note("movement", f"{unit.label} has no movement left and stays on {format_position(start)}.", movement=0)
        return [Candidate(prefix, (), start_distance, "stay")]
    allowed = unit.allowed | ({"gate"} if settings.other_gates == "pass" else set())

    def valid(cell: Cell) -> bool:
        return cell in dist and board.terrain[cell] in allowed

    def may_end(cell: Cell) -> bool:
        return board.terrain[cell] != "gate"  # `other_gates: pass` moves through gates, never onto one

    endings, blocked = enumerate_routes(board, units, unit, prefix, movement, valid, may_end)
    reachable_with: dict[Cell, list[int]] = {}
    for moves in sorted(endings):
        for cell in endings[moves]:
            reachable_with.setdefault(cell, []).append(moves)
    if blocked:
        turn.note(
            "blocking",
            f"Routes cannot go through {', '.join(sorted(blocked))} (opposing units and friendly minions block; friendly heroes are displaced).",
            blocked_by=sorted(blocked),
        )
    mark_moves = reachable_with.get(unit.mark, []) if unit.mark is not None else []
    if mark_moves and min(mark_moves) < movement and settings.stop_at_mark:
        fewest = min(mark_moves)
        turn.note(
            "movement",
            f"It reaches its mark {format_position(unit.marked)} with {fewest} of its {count_of(movement, 'hex', 'hexes')}: `stop_at_mark: true` stops it there (the procedure as written judges only end hexes and may walk it past).",
            mark=unit.mark,
            moves=fewest,
        )
        outcomes = endings[fewest][unit.marked]
        if settings.variant == "ai":
            outcomes = _prefer_no_displacement(outcomes)
        _rule_out_others(
            turn,
            board,
            reachable_with,
            [unit.marked],
            "movement",
            f"`stop_at_mark: true`: it stops on its mark with {count_of(fewest, 'hex', 'hexes')}",
        )
        return [Candidate(path, displaced, 0, "progress") for displaced, path in sorted(outcomes.items())]
    for moves in range(movement, 0, -1):
        at_moves = endings.get(moves, {})
        closer = {cell: outs for cell, outs in at_moves.items() if dist[cell] < start_distance}
        not_closer = {cell: dist[cell] for cell in at_moves if cell not in closer}
        if closer and not settings.optional_displacement:
            plain: dict[Cell, dict[Displacements, tuple[Cell, ...]]] = {cell: {(): outs[()]} for cell, outs in closer.items() if () in outs}
            if plain:
                closer = plain
        label = "full movement" if moves == movement else f"movement {moves}"
        kept_text = ", ".join(f"{format_position(c)} ({dist[c]})" for c in sorted(closer)) or "none"
        dropped_text = ", ".join(f"{format_position(c)} ({d})" for c, d in sorted(not_closer.items())) or "none"
        if at_moves:
            text = f"With {label} ({moves} hex{'es' if moves > 1 else ''}): end hexes closer than {start_distance}: {kept_text}; not closer (dropped): {dropped_text}."
        else:
            text = f"With {label} ({moves} hex{'es' if moves > 1 else ''}): no hex can be reached with exactly {moves} hex{'es' if moves > 1 else ''} (blocked, off the valid terrain, or back onto a hex already left)."
        turn.note(
            "movement",
            text,
            movement=moves,
            closer=[{"hex": c, "distance": dist[c]} for c in sorted(closer)],
            dropped=[{"hex": c, "distance": d} for c, d in sorted(not_closer.items())],
        )
        if not closer:
            continue
        dropped_by_ai: list[Cell] = []
        if settings.variant == "ai":
            best = min(dist[c] for c in closer)
            dropped = sorted(c for c in closer if dist[c] != best)
            dropped_by_ai = dropped
            closer = {c: _prefer_no_displacement(outs) for c, outs in closer.items() if dist[c] == best}
            turn.note(
                "closest",
                f"AI: the {'minion' if unit.kind == 'minion' else 'unit'} moves to the hex closest to its mark ({count_of(best, 'hex', 'hexes')}): {_cells(closer)}"
                + (f"; dropped as less close: {_cells(dropped)}" if dropped else "")
                + (" (ties are options)." if len(closer) > 1 else "."),
                distance=best,
                kept=sorted(closer),
                dropped=dropped,
            )
        else:
            turn.note(
                "choice",
                f"Player: every closer hex is an option ({len(closer)}): {_cells(closer)}.",
                options=sorted(closer),
            )
        candidates = []
        for cell in sorted(closer):
            for displaced, path in sorted(closer[cell].items()):
                candidates.append(Candidate(path, displaced, dist[cell], "progress"))
                if displaced:
                    turn.note(
                        "displace",
                        f"Ending on {format_position(cell)} this way displaces {_describe_displacements(displaced)} (swap with the minion).",
                    )
        kept = sorted(closer)
        for cell, distance in sorted(not_closer.items()):
            turn.rule_out(
                cell,
                "movement",
                f"{count_of(distance, 'hex', 'hexes')} from the mark with {count_of(moves, 'hex', 'hexes')} of movement: not closer than the start's {start_distance}",
                against=kept,
                distance=distance,
                start_distance=start_distance,
                movement=moves,
            )
        for cell in sorted(at_moves):
            if cell in dropped_by_ai:
                turn.rule_out(
                    cell,
                    "closest",
                    f"closer ({count_of(dist[cell], 'hex', 'hexes')}), but the AI takes the hex closest to its mark ({min(dist[c] for c in kept)})",
                    against=kept,
                    distance=dist[cell],
                )
        _rule_out_others(
            turn,
            board,
            reachable_with,
            kept,
            "movement",
            f"with {count_of(moves, 'hex', 'hexes')} of movement it already gets closer"
            + (" (full movement)" if moves == movement else ""),
        )
        if mark_moves and min(mark_moves) < moves and unit.mark not in closer:
            turn.note(
                "movement",
                f"It could reach its mark {format_position(unit.marked)} with {count_of(min(mark_moves), 'hex', 'hexes')}, but the procedure judges only the end hexes of {count_of(moves, 'hex', 'hexes')}, so it walks past (`stop_at_mark: false`; `true` would stop it on the mark).",
                mark=unit.mark,
            )
        return candidates

    # Step 5: no movement value gets closer.
    if not settings.lateral_through_further:
        endings, _ = enumerate_routes(board, units, unit, prefix, movement, lambda c: valid(c) and dist[c] <= start_distance, may_end)
    lateral: dict[Cell, dict[Displacements, tuple[Cell, ...]]] = {}
    for moves in sorted(endings):
        for cell, outs in endings[moves].items():
            if dist[cell] != start_distance:
                continue
            slot = lateral.setdefault(cell, {})
            for displaced, path in outs.items():
                if displaced not in slot or (len(path), path) < (len(slot[displaced]), slot[displaced]):
                    slot[displaced] = path
    if settings.variant == "ai":
        lateral = {c: _prefer_no_displacement(outs) for c, outs in lateral.items()}
    turn.note(
        "lateral",
        f"No movement from {movement} down to 1 gets closer. Lateral move (no closer, no further: {count_of(start_distance, 'hex', 'hexes')}) to {_cells(lateral)}, or stay on {format_position(start)} (players' choice).",
        lateral=sorted(lateral),
        distance=start_distance,
    )
    candidates = [Candidate(prefix, (), start_distance, "stay")]
    for cell in sorted(lateral):
        for displaced, path in sorted(lateral[cell].items()):
            candidates.append(Candidate(path, displaced, start_distance, "lateral"))
    for cell in sorted(reachable_with):
        if cell not in lateral and dist.get(cell, UNREACHABLE) > start_distance:
            turn.rule_out(
                cell,
                "lateral",
                f"{count_of(dist[cell], 'hex', 'hexes')} from the mark, further than the start's {start_distance}: not a lateral move",
                distance=dist[cell],
                start_distance=start_distance,
            )
        elif cell not in lateral:
            turn.rule_out(cell, "lateral", "reachable only through hexes further from the mark (`lateral_through_further: false`)")
    return candidates


def _rule_out_others(turn: Turn, board: Grid, reachable_with: dict[Cell, list[int]], kept: list[Cell], step: StepId, reason: str) -> None:
    """Hexes reached only with other movement values than the one that decided."""
    for cell in sorted(reachable_with):
        if cell not in kept:
            turn.rule_out(
                cell,
                step,
                f"reachable with {', '.join(map(str, reachable_with[cell]))} hex{'es' if reachable_with[cell] != [1] else ''}, but {reason}",
                against=kept,
                reachable_with=reachable_with[cell],
            )


def leave_invalid_hex(
    board: Grid,
    units: dict[str, Unit],
    unit: Unit,
    start: Cell,
    dist: dict[Cell, int],
    settings: Settings,
    turn: Turn,
) -> list[Candidate]:
    """C3 "Invalid Hex": fewest unoccupied hexes of any terrain to a valid hex, then progress if possible."""
    allowed = unit.allowed
    if board.terrain[start] in allowed:
        why = (
            f"Mark unreachable from here: {format_position(start)} is {board.terrain[start]}, valid terrain for it, but no route of its terrain connects it to the mark "
            f'{format_position(unit.marked)}. The C3 glossary counts such a hex as invalid ("for minions, not connecting to Mark"); '
            "its Invalid Hex rule goes beyond the C1 procedure, which would leave the minion no closer hex and only a lateral move"
        )
    else:
        why = f"{format_position(start)} is {board.terrain[start]}, which its allowance ({unit.allowance}) does not let it move on: an invalid hex"
    turn.note("invalid-hex", why + ".", start=start, terrain=board.terrain[start])
    if unit.move == 0:
        turn.note("invalid-hex", f"{unit.label} has no movement: it stays.")
        return [Candidate((start,), (), UNREACHABLE, "stay")]

    def edges(cell: Cell) -> list[tuple[Cell, Cost]]:
        return [(n, (1,)) for n in board.adjacent(cell) if board.terrain[n] not in SOLID and board.occupant(n) is None]

    best, preds = dijkstra([start], edges, (0,))
    targets = {c: cost[0] for c, cost in best.items() if c != start and c in dist and board.terrain[c] in allowed}
    if not targets:
        turn.note("invalid-hex", f"No valid hex (connected to the mark) can be reached from {format_position(start)}: {unit.label} stays.")
        return [Candidate((start,), (), UNREACHABLE, "stay")]
    fewest = min(targets.values())
    nearest = sorted(c for c, k in targets.items() if k == fewest)
    turn.note(
        "invalid-hex",
        f"Invalid Hex rule: {unit.label} first takes the fewest unoccupied hexes of any terrain to a valid hex: {fewest} to {_cells(nearest)}.",
        fewest=fewest,
        nearest=nearest,
    )
    if unit.move < fewest:
        on_route: set[Cell] = set()
        stack = list(nearest)
        while stack:
            cell = stack.pop()
            if cell in on_route:
                continue
            on_route.add(cell)
            stack.extend(preds.get(cell, []))
        stops = sorted(c for c in on_route if best[c][0] == unit.move)
        turn.note("invalid-hex", f"Its movement {unit.move} falls short: it ends on the way, on {_cells(stops)}.")
        return [Candidate(tuple(one_path(preds, c)), (), dist.get(c, UNREACHABLE), "to-valid-hex") for c in stops]
    candidates: list[Candidate] = []
    for entry in nearest:
        prefix = tuple(one_path(preds, entry))
        turn.note(
            "invalid-hex",
            f"From the valid hex {format_position(entry)} ({count_of(dist[entry], 'hex', 'hexes')} from the mark) it uses its remaining {unit.move - fewest} movement.",
        )
        for candidate in march(board, units, unit, prefix, unit.move - fewest, dist[entry], dist, settings, turn):
            kind = "to-valid-hex" if candidate.kind == "stay" else candidate.kind
            candidates.append(Candidate(candidate.path, candidate.displaced, candidate.distance, kind))
    progress = [c for c in candidates if c.kind == "progress"]
    if progress:
        candidates = progress
        if settings.variant == "ai":
            closest = min(c.distance for c in candidates)
            candidates = [c for c in candidates if c.distance == closest]
    return candidates


def walled_mark(board: Grid, units: dict[str, Unit], unit: Unit, start: Cell, settings: Settings, turn: Turn) -> list[Candidate]:
    """No hex of the unit's terrain touches its mark: every hex is equally (infinitely) far from it."""
    text = (
        f"Mark unreachable: no hex of {unit.label}'s valid terrain connects to its mark {format_position(unit.marked)} (walled off), "
        "so no hex gets it closer and every hex is as far as its start."
    )
    if settings.walled_mark == "stay" or unit.move == 0:
        turn.note(
            "distance", text + " `walled_mark: stay`: it stays (`lateral` would let it move to any hex it can reach).", mark=unit.mark
        )
        return [Candidate((start,), (), UNREACHABLE, "stay")]
    allowed = unit.allowed

    endings, _ = enumerate_routes(board, units, unit, (start,), unit.move, lambda c: board.terrain[c] in allowed)
    ends: dict[Cell, dict[Displacements, tuple[Cell, ...]]] = {}
    for moves in sorted(endings):
        for cell, outs in endings[moves].items():
            slot = ends.setdefault(cell, {})
            for displaced, path in outs.items():
                if displaced not in slot or (len(path), path) < (len(slot[displaced]), slot[displaced]):
                    slot[displaced] = path
    turn.note(
        "lateral",
        text + f" `walled_mark: lateral`: every hex it can reach is a lateral move ({_cells(ends)}), or it stays (players' choice).",
        lateral=sorted(ends),
    )
    candidates = [Candidate((start,), (), UNREACHABLE, "stay")]
    for cell in sorted(ends):
        for displaced, path in sorted(ends[cell].items()):
            candidates.append(Candidate(path, displaced, UNREACHABLE, "lateral"))
    return candidates


def plan_turn(board: Grid, units: dict[str, Unit], label: str, settings: Settings, turn: Turn, dist: dict[Cell, int]) -> list[Candidate]:
    """``dist``: ``mark_distances`` for this unit (the same for the whole phase: units do not change it)."""
    unit = units[label]
    start = board.figures[label]
    status, start_distance = start_status(board, unit, start, dist)
    terrain_words = "path only" if unit.allowance == "path" else "path to " + unit.allowance
    if status == "invalid" or start_distance is None:  # no distance: an invalid hex
        if unit.mark is not None and not any(cell != unit.mark for cell in dist):
            return walled_mark(board, units, unit, start, settings, turn)
        return leave_invalid_hex(board, units, unit, start, dist, settings, turn)
    how = "through units, not through landmarks or spires" + (
        " (fortress gates counted through: `other_gates: pass`)" if settings.other_gates == "pass" else ""
    )
    if status == "gate":
        turn.note(
            "distance",
            f"{label} deploys from the fortress gate at {format_position(start)}: counting its valid terrain ({terrain_words}) {how}, "
            f"the gate is {count_of(start_distance, 'hex', 'hexes')} from the mark {format_position(unit.marked)}.",
            start=start,
            mark=unit.mark,
            distance=start_distance,
        )
    else:
        turn.note(
            "distance",
            f"{label} at {format_position(start)} counts {count_of(start_distance, 'hex', 'hexes')} of valid terrain ({terrain_words}) to its mark {format_position(unit.marked)}, {how}.",
            start=start,
            mark=unit.mark,
            distance=start_distance,
        )
    return march(board, units, unit, (start,), unit.move, start_distance, dist, settings, turn)


# --- the phase -----------------------------------------------------------------


class CloudspirePlay:
    """One Cloudspire scenario (the phase runner drives it)."""

    def __init__(self, scenario: Scenario, variant: str):
        model: CloudspireScenario = scenario.model
        self.scenario = scenario
        self.board = build_board(scenario)
        self.units = build_units(scenario, self.board)
        self.faction, self.labels = acting_minions(scenario, self.units, variant)
        self.settings = Settings(
            variant,
            model.lateral_through_further,
            model.optional_displacement,
            model.stop_at_mark,
            model.walled_mark,
            model.other_gates,
        )
        self.order = list(model.order)
        self.state = BoardState(dict(self.board.figures))
        self.notes: list[str] = []
        self._distances: dict[tuple[Cell | None, frozenset[str]], dict[Cell, int]] = {}

    def acting_side(self) -> list[str]:
        return list(self.labels)

    def check_actor(self, label: str) -> None:
        """``acting_minions`` already checked the active figure (a minion of the acting faction)."""

    def distances(self, label: str) -> dict[Cell, int]:
        """Mark distances count through units, so they never change during the phase: one search per mark and terrain."""
        unit = self.units[label]
        key = (unit.mark, unit.allowed)
        if key not in self._distances:
            self._distances[key] = mark_distances(self.board, unit, self.settings.other_gates)
        return self._distances[key]

    def next_actor(self, board: Grid, waiting: Sequence[str], prefer: Sequence[str]) -> NextActor:
        """The leading minion: the closest to its mark of those that have not moved, on the board as it stands."""
        minions = [label for label in waiting if self.units[label].kind == "minion"]
        if not minions:
            # AI heroes move toward their mark after the faction's minions (the texts give no order: by label).
            label = sorted(waiting)[0]
            step = Step(
                "leading-minion",
                f"Every minion of {self.faction} has moved; AI-controlled heroes follow, by label: {label} ({', '.join(sorted(waiting))} waiting).",
                {"waiting": sorted(waiting)},
            )
            return NextActor(label, (), step)
        waiting = minions
        distance: dict[str, int] = {}
        for label in waiting:
            _, steps = start_status(board, self.units[label], board.figures[label], self.distances(label))
            distance[label] = UNREACHABLE if steps is None else steps

        def key(label: str) -> tuple[int, int, int, str]:
            rank = self.order.index(label) if label in self.order else len(self.order)
            return (distance[label], 0 if label in prefer else 1, rank, label)

        ranked = sorted(waiting, key=key)
        label = ranked[0]
        tied = tuple(sorted(other for other in waiting if distance[other] == distance[label] and other != label))
        shown = ", ".join(f"{lab} ({'invalid hex' if distance[lab] == UNREACHABLE else distance[lab]})" for lab in ranked)
        text = f"Leading minion of {self.faction}: {label}, the closest to its mark of the minions that have not moved ({shown})."
        if tied:
            text += f" Tied with {', '.join(tied)}: the players choose; --first, then `order:`, then labels decide here."
        step = Step(
            "leading-minion",
            text,
            {"waiting": {lab: (None if distance[lab] == UNREACHABLE else distance[lab]) for lab in sorted(waiting)}, "tied": list(tied)},
        )
        return NextActor(label, tied, step)

    def turn(self, board: Grid, actor: str) -> Turn:
        turn = Turn(actor=actor)
        mark = self.units[actor].mark
        if mark is not None:
            turn.goals = (mark,)
        self.rule_out_fixed(board, actor, turn)
        try:
            candidates = plan_turn(board, self.units, actor, self.settings, turn, self.distances(actor))
        except _TooManyRoutes:
            raise self.scenario.error(
                ("figures", actor, "move"), f"too many routes to enumerate for {actor!r}; use a smaller board or movement"
            ) from None
        for candidate in candidates:
            details: dict[str, Any] = {"kind": candidate.kind}
            if candidate.distance != UNREACHABLE:
                details["distance"] = candidate.distance
            effects: tuple[Effect, ...] = (
                Moved(actor, candidate.path),
                *(Displaced(hero, board.figures[hero], cell, "displaced") for hero, cell in candidate.displaced),
            )
            turn.options.append(Option(to=candidate.path[-1], path=candidate.path, details=details, effects=effects))
        chosen = sorted({option.to for option in turn.options if isinstance(option.to, tuple)})
        if any(candidate.kind == "progress" for candidate in candidates):
            # C1: staying is only the last resort, once no movement value gets closer.
            turn.rule_out(
                board.figures[actor],
                "movement",
                "it starts here; staying put is an option only when no move gets closer to the mark",
                against=chosen,
            )
        dist = self.distances(actor)
        for cell in sorted(board.terrain):
            if cell not in dist:
                turn.rule_out(
                    cell, "distance", f"no route of its valid terrain connects it to the mark {format_position(self.units[actor].marked)}"
                )
        for cell in sorted(board.terrain):
            turn.rule_out(
                cell,
                "movement",
                f"not reachable with its {count_of(self.units[actor].move, 'hex', 'hexes')} of movement (blocked, off its terrain, or too far)",
                against=chosen,
            )
        for cell in chosen:
            turn.ruled_out.pop(cell, None)
        return turn.finish(distinct_paths=True)

    def rule_out_fixed(self, board: Grid, actor: str, turn: Turn) -> None:
        """Hexes it can never end on this turn: terrain it may not use, solid hexes, units that block."""
        unit = self.units[actor]
        for cell in sorted(board.terrain):
            terrain = board.terrain[cell]
            occupant = board.occupant(cell)
            if cell == board.figures[actor]:
                continue
            if terrain in ("landmark", "spire"):
                turn.rule_out(cell, "terrain", f"a {terrain}: no unit moves onto it or counts through it", terrain=terrain)
            elif terrain == "gate" and cell != unit.mark:
                turn.rule_out(
                    cell,
                    "terrain",
                    "a fortress gate: never entered while moving"
                    + (" (`other_gates: pass` moves through it)" if self.settings.other_gates == "pass" else ""),
                    terrain=terrain,
                )
            elif terrain == "gate":
                turn.rule_out(cell, "terrain", "its mark is a fortress gate: attacked from next to it, never entered", terrain=terrain)
            elif terrain not in unit.allowed:
                turn.rule_out(
                    cell,
                    "terrain",
                    f"{terrain}: beyond its terrain allowance ({unit.allowance})",
                    terrain=terrain,
                    allowance=unit.allowance,
                )
            elif occupant is not None:
                other = self.units[occupant]
                if other.kind == "hero" and other.faction == unit.faction and unit.kind == "minion":
                    continue  # a friendly hero: displaced when the minion ends there
                who = (
                    "an opposing unit"
                    if other.faction != unit.faction
                    else ("a friendly minion" if other.kind == "minion" else "a friendly hero (heroes do not displace)")
                )
                if unit.through:
                    turn.rule_out(
                        cell, "blocking", f"{occupant} stands there: {actor} may move through units but not end on {who}", unit=occupant
                    )
                else:
                    turn.rule_out(cell, "blocking", f"{occupant} stands there: {who} blocks", unit=occupant)

    def apply(self, board: Grid, option: Option) -> Grid:
        for effect in option.effects:
            if isinstance(effect, Moved) and isinstance(effect.path[-1], tuple):
                board = board.moved(effect.figure, effect.path[-1])
            elif isinstance(effect, Displaced) and isinstance(effect.to, tuple):
                board = board.moved(effect.figure, effect.to)
        return board
