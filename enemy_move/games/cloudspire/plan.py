"""One unit's turn: where its march starts (rule step 1), or what it does when it cannot march (C3 "Invalid Hex")."""

from __future__ import annotations

from collections.abc import Callable

from ...geometry import cellgraph
from ...geometry.cellgraph import UNREACHABLE
from ...result import count_of, format_position
from .march import Marcher, cells_text
from .routes import Candidate, enumerate_routes, shortest_per_end, start_status
from .terrain import SOLID, Cell


class TurnPlan(Marcher):
    """The march, plus the starts the C1 procedure does not cover."""

    def plan(self) -> list[Candidate]:
        """Every candidate end of the unit's move (``dist`` is the same for the whole phase: units do not change it)."""
        unit, label = self.unit, self.unit.label
        start = self.board.figures[label]
        status, start_distance = start_status(self.board, unit, start, self.dist)
        terrain_words = "path only" if unit.allowance == "path" else "path to " + unit.allowance
        if status == "invalid" or start_distance is None:  # no distance: an invalid hex
            if unit.mark is not None and not any(cell != unit.mark for cell in self.dist):
                return self.walled_mark(start)
            return self.leave_invalid_hex(start)
        how = "through units, not through landmarks or spires" + (
            " (fortress gates counted through: `other_gates: pass`)" if self.rules.gates_pass else ""
        )
        if status == "gate":
            self.turn.note(
                "distance",
                f"{label} deploys from the fortress gate at {format_position(start)}: counting its valid terrain ({terrain_words}) {how}, "
                f"the gate is {count_of(start_distance, 'hex', 'hexes')} from the mark {format_position(unit.marked)}.",
                start=start,
                mark=unit.mark,
                distance=start_distance,
            )
        else:
            self.turn.note(
                "distance",
                f"{label} at {format_position(start)} counts {count_of(start_distance, 'hex', 'hexes')} of valid terrain ({terrain_words}) to its mark {format_position(unit.marked)}, {how}.",
                start=start,
                mark=unit.mark,
                distance=start_distance,
            )
        return self.march((start,), unit.move, start_distance)

    def leave_invalid_hex(self, start: Cell) -> list[Candidate]:
        """C3 "Invalid Hex": fewest unoccupied hexes of any terrain to a valid hex, then progress if possible."""
        board, unit, turn = self.board, self.unit, self.turn
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

        graph = cellgraph.grid_graph(board)
        cells = graph.cells
        # Any terrain but solid hexes, never an occupied hex: one step each.
        enter = [cellgraph.BLOCKED if board.terrain[cell] in SOLID else 1 for cell in cells]
        for cell in board.figures.values():
            if isinstance(cell, tuple) and cell in graph.index:
                enter[graph.index[cell]] = cellgraph.BLOCKED
        steps, preds = cellgraph.dijkstra(graph, [graph.index[start]], enter, with_preds=True)
        assert preds is not None

        def route_to(cell: Cell) -> tuple[Cell, ...]:
            return tuple(cells[node] for node in cellgraph.one_path(preds, graph.index[cell]))

        best = graph.as_dict(steps)
        targets = {c: cost for c, cost in best.items() if c != start and c in self.dist and board.terrain[c] in allowed}
        if not targets:
            turn.note(
                "invalid-hex", f"No valid hex (connected to the mark) can be reached from {format_position(start)}: {unit.label} stays."
            )
            return [Candidate((start,), (), UNREACHABLE, "stay")]
        fewest = min(targets.values())
        nearest = sorted(c for c, k in targets.items() if k == fewest)
        turn.note(
            "invalid-hex",
            f"Invalid Hex rule: {unit.label} first takes the fewest unoccupied hexes of any terrain to a valid hex: {fewest} to {cells_text(nearest)}.",
            fewest=fewest,
            nearest=nearest,
        )
        if unit.move < fewest:
            on_route: set[int] = set()
            stack = graph.ids(nearest)
            while stack:
                node = stack.pop()
                if node not in on_route:
                    on_route.add(node)
                    stack.extend(preds[node])
            stops = sorted(cells[node] for node in on_route if steps[node] == unit.move)
            turn.note("invalid-hex", f"Its movement {unit.move} falls short: it ends on the way, on {cells_text(stops)}.")
            return [Candidate(route_to(c), (), self.dist.get(c, UNREACHABLE), "to-valid-hex") for c in stops]
        return self.march_from_valid_hexes(nearest, route_to, fewest)

    def march_from_valid_hexes(self, entries: list[Cell], route_to: Callable[[Cell], tuple[Cell, ...]], fewest: int) -> list[Candidate]:
        """After reaching a valid hex with ``fewest`` hexes: the march with the movement left; progress wins."""
        candidates: list[Candidate] = []
        for entry in entries:
            prefix = route_to(entry)
            self.turn.note(
                "invalid-hex",
                f"From the valid hex {format_position(entry)} ({count_of(self.dist[entry], 'hex', 'hexes')} from the mark) it uses its remaining {self.unit.move - fewest} movement.",
            )
            for candidate in self.march(prefix, self.unit.move - fewest, self.dist[entry]):
                kind = "to-valid-hex" if candidate.kind == "stay" else candidate.kind
                candidates.append(Candidate(candidate.path, candidate.displaced, candidate.distance, kind))
        progress = [c for c in candidates if c.kind == "progress"]
        if progress:
            candidates = progress
            if self.rules.ai:
                closest = min(c.distance for c in candidates)
                candidates = [c for c in candidates if c.distance == closest]
        return candidates

    def walled_mark(self, start: Cell) -> list[Candidate]:
        """No hex of the unit's terrain touches its mark: every hex is equally (infinitely) far from it."""
        unit = self.unit
        text = (
            f"Mark unreachable: no hex of {unit.label}'s valid terrain connects to its mark {format_position(unit.marked)} (walled off), "
            "so no hex gets it closer and every hex is as far as its start."
        )
        if self.rules.walled_mark == "stay" or unit.move == 0:
            self.turn.note(
                "distance", text + " `walled_mark: stay`: it stays (`lateral` would let it move to any hex it can reach).", mark=unit.mark
            )
            return [Candidate((start,), (), UNREACHABLE, "stay")]
        allowed = unit.allowed
        endings, _ = enumerate_routes(self.board, self.units, unit, (start,), unit.move, lambda c: self.board.terrain[c] in allowed)
        ends = shortest_per_end(endings)
        self.turn.note(
            "lateral",
            text
            + f" `walled_mark: lateral`: every hex it can reach is a lateral move ({cells_text(ends)}), or it stays (players' choice).",
            lateral=sorted(ends),
        )
        candidates = [Candidate((start,), (), UNREACHABLE, "stay")]
        for cell in sorted(ends):
            for displaced, path in sorted(ends[cell].items()):
                candidates.append(Candidate(path, displaced, UNREACHABLE, "lateral"))
        return candidates
