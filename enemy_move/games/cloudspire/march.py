"""The march of one unit toward its mark (CTG "Movement priorities explained in detail", C1, steps 2-5).

A :class:`Marcher` holds what every step shares (the board, the unit, its
distances to the mark, the rules and the turn being written); each step of
the procedure is one method:

* :meth:`Marcher.march`: from the end of a route so far, with the movement left;
* :meth:`Marcher.stop_at_mark`: `stop_at_mark: true` and the mark within reach;
* :meth:`Marcher.closer_with`: steps 2-4, the end hexes of one movement value that get closer;
* :meth:`Marcher.lateral`: step 5, nothing gets closer.

Where the march starts (a valid hex, a gate, an invalid hex, a walled-off mark) is decided in :mod:`.plan`.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from functools import cached_property

from ...geometry.cellgraph import UNREACHABLE
from ...geometry.grid import Grid
from ...result import Turn, count_of, format_position, format_positions
from .reasons import rule_out_others
from .routes import Candidate, Ending, Outcomes, enumerate_routes, prefer_no_displacement, shortest_per_end
from .search import Displacements, Endings
from .terrain import Cell
from .units import Unit
from .variant import CloudspireRules


def cells_text(cells: Iterable[Cell]) -> str:
    return format_positions(sorted(cells)) or "none"


def describe_displacements(board: Grid, path: tuple[Cell, ...], displaced: Displacements) -> str:
    """Each displaced hero and where it goes: a swap, or (the hex left is invalid) an adjacent hex the players chose."""
    parts = []
    for hero, cell in displaced:
        origin = board.figures[hero]
        left = path[path.index(origin) - 1] if origin in path[1:] else None
        if left is None or cell == left:
            parts.append(f"{hero} to {format_position(cell)} (swap with the minion)")
        else:
            parts.append(
                f"{hero} to {format_position(cell)}: the hex the minion left, {format_position(left)}, is invalid "
                "(occupied or an opposing gate), so the hero moves to an adjacent hex of the players' choosing"
            )
    return "; ".join(parts)


@dataclass(frozen=True)
class Leg:
    """One march from the last hex of ``prefix``: every end hex it can reach with 1..``movement`` hexes."""

    prefix: tuple[Cell, ...]
    movement: int
    start_distance: int
    endings: Endings
    #: end hex -> the movement values that reach it
    reachable_with: dict[Cell, list[int]]
    #: the movement values that end on the mark
    mark_moves: list[int]


@dataclass(frozen=True)
class Marcher:
    """One unit's march on one board: what every step of the procedure reads."""

    board: Grid
    units: dict[str, Unit]
    unit: Unit
    #: hexes of its valid terrain to its mark (``mark_distances``)
    dist: dict[Cell, int]
    rules: CloudspireRules
    turn: Turn

    @cached_property
    def allowed(self) -> frozenset[str]:
        """The terrain it moves on: its allowance, and gates with `other_gates: pass`."""
        return self.unit.allowed | ({"gate"} if self.rules.gates_pass else frozenset())

    def valid(self, cell: Cell) -> bool:
        """A hex it may move through: terrain it moves on, connected to the mark."""
        return cell in self.dist and self.board.terrain[cell] in self.allowed

    def may_end(self, cell: Cell) -> bool:
        return self.board.terrain[cell] != "gate"  # `other_gates: pass` moves through gates, never onto one

    def march(self, prefix: tuple[Cell, ...], movement: int, start_distance: int) -> list[Candidate]:
        """Rule steps 2-5 from the last hex of ``prefix`` with ``movement`` hexes left."""
        start = prefix[-1]
        if movement == 0:
            self.turn.note("movement", f"{self.unit.label} has no movement left and stays on {format_position(start)}.", movement=0)
            return [Candidate(prefix, (), start_distance, "stay")]
        leg = self.leg(prefix, movement, start_distance)
        if leg.mark_moves and min(leg.mark_moves) < movement and self.rules.stop_at_mark:
            return self.stop_at_mark(leg)
        for moves in range(movement, 0, -1):
            candidates = self.closer_with(leg, moves)
            if candidates is not None:
                return candidates
        return self.lateral(leg)

    def leg(self, prefix: tuple[Cell, ...], movement: int, start_distance: int) -> Leg:
        """Every route from the end of ``prefix`` (step 2), and which units stopped one."""
        ending = Ending(self.may_end, self.rules.displaced_adjacent_to)
        endings, blocked = enumerate_routes(self.board, self.units, self.unit, prefix, movement, self.valid, ending)
        reachable_with: dict[Cell, list[int]] = {}
        for moves in sorted(endings):
            for cell in endings[moves]:
                reachable_with.setdefault(cell, []).append(moves)
        if blocked:
            self.turn.note(
                "blocking",
                f"Routes cannot go through {', '.join(sorted(blocked))} (opposing units and friendly minions block; friendly heroes are displaced).",
                blocked_by=sorted(blocked),
            )
        mark_moves = reachable_with.get(self.unit.mark, []) if self.unit.mark is not None else []
        return Leg(prefix, movement, start_distance, endings, reachable_with, mark_moves)

    def stop_at_mark(self, leg: Leg) -> list[Candidate]:
        """`stop_at_mark: true`: it ends on its mark with the fewest hexes that reach it."""
        fewest = min(leg.mark_moves)
        mark = self.unit.marked
        self.turn.note(
            "movement",
            f"It reaches its mark {format_position(mark)} with {fewest} of its {count_of(leg.movement, 'hex', 'hexes')}: `stop_at_mark: true` stops it there (the procedure as written judges only end hexes and may walk it past).",
            mark=self.unit.mark,
            moves=fewest,
        )
        outcomes = leg.endings[fewest][mark]
        if self.rules.ai:
            outcomes = prefer_no_displacement(outcomes)
        rule_out_others(
            self.turn,
            leg.reachable_with,
            [mark],
            "movement",
            f"`stop_at_mark: true`: it stops on its mark with {count_of(fewest, 'hex', 'hexes')}",
        )
        return [Candidate(path, displaced, 0, "progress") for displaced, path in sorted(outcomes.items())]

    def closer_with(self, leg: Leg, moves: int) -> list[Candidate] | None:
        """Steps 2-4 for one movement value: its end hexes closer than the start, or None when none is."""
        at_moves = leg.endings.get(moves, {})
        closer = self.closer_ends(at_moves, leg.start_distance)
        not_closer = {cell: self.dist[cell] for cell in at_moves if self.dist[cell] >= leg.start_distance}
        self.note_movement(leg, moves, closer, not_closer)
        if not closer:
            return None
        if self.rules.ai:
            closer, dropped_by_ai = self.closest_only(closer)
        else:
            dropped_by_ai = []
            self.turn.note(
                "choice", f"Player: every closer hex is an option ({len(closer)}): {cells_text(closer)}.", options=sorted(closer)
            )
        candidates = self.progress_candidates(closer)
        kept = sorted(closer)
        self.rule_out_not_chosen(leg, moves, at_moves, not_closer, kept, dropped_by_ai)
        if leg.mark_moves and min(leg.mark_moves) < moves and self.unit.mark not in closer:
            self.turn.note(
                "movement",
                f"It could reach its mark {format_position(self.unit.marked)} with {count_of(min(leg.mark_moves), 'hex', 'hexes')}, but the procedure judges only the end hexes of {count_of(moves, 'hex', 'hexes')}, so it walks past (`stop_at_mark: false`; `true` would stop it on the mark).",
                mark=self.unit.mark,
            )
        return candidates

    def closer_ends(self, at_moves: Outcomes, start_distance: int) -> Outcomes:
        """End hexes closer to the mark than the start; without `optional_displacement`, those needing none when any does."""
        closer = {cell: outs for cell, outs in at_moves.items() if self.dist[cell] < start_distance}
        if closer and not self.rules.optional_displacement:
            plain: Outcomes = {cell: {(): outs[()]} for cell, outs in closer.items() if () in outs}
            if plain:
                closer = plain
        return closer

    def note_movement(self, leg: Leg, moves: int, closer: Outcomes, not_closer: dict[Cell, int]) -> None:
        label = "full movement" if moves == leg.movement else f"movement {moves}"
        kept_text = ", ".join(f"{format_position(c)} ({self.dist[c]})" for c in sorted(closer)) or "none"
        dropped_text = ", ".join(f"{format_position(c)} ({d})" for c, d in sorted(not_closer.items())) or "none"
        hexes = "es" if moves > 1 else ""
        if closer or not_closer:
            text = f"With {label} ({moves} hex{hexes}): end hexes closer than {leg.start_distance}: {kept_text}; not closer (dropped): {dropped_text}."
        else:
            text = f"With {label} ({moves} hex{hexes}): no hex can be reached with exactly {moves} hex{hexes} (blocked, off the valid terrain, or back onto a hex already left)."
        self.turn.note(
            "movement",
            text,
            movement=moves,
            closer=[{"hex": c, "distance": self.dist[c]} for c in sorted(closer)],
            dropped=[{"hex": c, "distance": d} for c, d in sorted(not_closer.items())],
        )

    def closest_only(self, closer: Outcomes) -> tuple[Outcomes, list[Cell]]:
        """The AI: only the closer hexes closest to the mark, displacing heroes only when it must; and those dropped."""
        best = min(self.dist[c] for c in closer)
        dropped = sorted(c for c in closer if self.dist[c] != best)
        closest = {c: prefer_no_displacement(outs) for c, outs in closer.items() if self.dist[c] == best}
        self.turn.note(
            "closest",
            f"AI: the {'minion' if self.unit.kind == 'minion' else 'unit'} moves to the hex closest to its mark ({count_of(best, 'hex', 'hexes')}): {cells_text(closest)}"
            + (f"; dropped as less close: {cells_text(dropped)}" if dropped else "")
            + (" (ties are options)." if len(closest) > 1 else "."),
            distance=best,
            kept=sorted(closest),
            dropped=dropped,
        )
        return closest, dropped

    def progress_candidates(self, closer: Outcomes) -> list[Candidate]:
        candidates = []
        for cell in sorted(closer):
            for displaced, path in sorted(closer[cell].items()):
                candidates.append(Candidate(path, displaced, self.dist[cell], "progress"))
                if displaced:
                    self.turn.note(
                        "displace",
                        f"Ending on {format_position(cell)} this way displaces {describe_displacements(self.board, path, displaced)}.",
                    )
        return candidates

    def rule_out_not_chosen(
        self, leg: Leg, moves: int, at_moves: Outcomes, not_closer: dict[Cell, int], kept: list[Cell], dropped_by_ai: list[Cell]
    ) -> None:
        """End hexes of this movement value that are not closer, or not the closest (AI), and hexes of other values."""
        for cell, distance in sorted(not_closer.items()):
            self.turn.rule_out(
                cell,
                "movement",
                f"{count_of(distance, 'hex', 'hexes')} from the mark with {count_of(moves, 'hex', 'hexes')} of movement: not closer than the start's {leg.start_distance}",
                against=kept,
                distance=distance,
                start_distance=leg.start_distance,
                movement=moves,
            )
        for cell in sorted(at_moves):
            if cell in dropped_by_ai:
                self.turn.rule_out(
                    cell,
                    "closest",
                    f"closer ({count_of(self.dist[cell], 'hex', 'hexes')}), but the AI takes the hex closest to its mark ({min(self.dist[c] for c in kept)})",
                    against=kept,
                    distance=self.dist[cell],
                )
        rule_out_others(
            self.turn,
            leg.reachable_with,
            kept,
            "movement",
            f"with {count_of(moves, 'hex', 'hexes')} of movement it already gets closer"
            + (" (full movement)" if moves == leg.movement else ""),
        )

    def lateral(self, leg: Leg) -> list[Candidate]:
        """Step 5: no movement value gets closer: a lateral move (no closer, no further) or staying put."""
        start_distance = leg.start_distance
        endings = leg.endings
        if not self.rules.lateral_through_further:
            endings, _ = enumerate_routes(
                self.board,
                self.units,
                self.unit,
                leg.prefix,
                leg.movement,
                lambda c: self.valid(c) and self.dist[c] <= start_distance,
                Ending(self.may_end, self.rules.displaced_adjacent_to),
            )
        lateral = shortest_per_end(endings, lambda cell: self.dist[cell] == start_distance)
        if self.rules.ai:
            lateral = {c: prefer_no_displacement(outs) for c, outs in lateral.items()}
        self.turn.note(
            "lateral",
            f"No movement from {leg.movement} down to 1 gets closer. Lateral move (no closer, no further: {count_of(start_distance, 'hex', 'hexes')}) to {cells_text(lateral)}, or stay on {format_position(leg.prefix[-1])} (players' choice).",
            lateral=sorted(lateral),
            distance=start_distance,
        )
        candidates = [Candidate(leg.prefix, (), start_distance, "stay")]
        for cell in sorted(lateral):
            for displaced, path in sorted(lateral[cell].items()):
                candidates.append(Candidate(path, displaced, start_distance, "lateral"))
        for cell in sorted(leg.reachable_with):
            if cell not in lateral and self.dist.get(cell, UNREACHABLE) > start_distance:
                self.turn.rule_out(
                    cell,
                    "lateral",
                    f"{count_of(self.dist[cell], 'hex', 'hexes')} from the mark, further than the start's {start_distance}: not a lateral move",
                    distance=self.dist[cell],
                    start_distance=start_distance,
                )
            elif cell not in lateral:
                self.turn.rule_out(cell, "lateral", "reachable only through hexes further from the mark (`lateral_through_further: false`)")
        return candidates
