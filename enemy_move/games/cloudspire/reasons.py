"""Why not this hex? The rule-out reasons of a Cloudspire turn that do not come from one step of the march."""

from __future__ import annotations

from ...geometry.grid import Grid
from ...result import StepId, Turn, count_of, format_position
from .terrain import Cell
from .units import Unit
from .variant import CloudspireRules


def rule_out_others(turn: Turn, reachable_with: dict[Cell, list[int]], kept: list[Cell], step: StepId, reason: str) -> None:
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


def rule_out_fixed(board: Grid, units: dict[str, Unit], actor: str, rules: CloudspireRules, turn: Turn) -> None:
    """Hexes it can never end on this turn: terrain it may not use, solid hexes, units that block.

    Each hex gets one of these reasons, so they are given terrain by terrain (one shared reason each)."""
    unit = units[actor]
    own = board.figures[actor]
    for terrain, cells in cells_by_terrain(board).items():
        cells = [cell for cell in cells if cell != own]
        if terrain in ("landmark", "spire"):
            turn.rule_out_all(cells, "terrain", f"a {terrain}: no unit moves onto it or counts through it", terrain=terrain)
        elif terrain == "gate":
            gate = "a fortress gate: never entered while moving" + (" (`other_gates: pass` moves through it)" if rules.gates_pass else "")
            turn.rule_out_all([cell for cell in cells if cell != unit.mark], "terrain", gate, terrain=terrain)
            if unit.mark in cells:
                turn.rule_out(
                    unit.marked, "terrain", "its mark is a fortress gate: attacked from next to it, never entered", terrain=terrain
                )
        elif terrain not in unit.allowed:
            turn.rule_out_all(
                cells, "terrain", f"{terrain}: beyond its terrain allowance ({unit.allowance})", terrain=terrain, allowance=unit.allowance
            )
    for cell, label in sorted((cell, label) for label, cell in board.figures.items() if isinstance(cell, tuple)):
        if label != actor and cell in board.terrain and cell not in turn.ruled_out:
            _rule_out_occupied(turn, unit, units[label], cell)


#: The last board's hexes in order and grouped by terrain: a phase's boards share one terrain map
#: (Cloudspire's terrain never changes), so this is done once per phase, not once per turn.
_CELLS: list[tuple[dict[Cell, str], list[Cell], dict[str, list[Cell]]]] = []


def _cells(board: Grid) -> tuple[list[Cell], dict[str, list[Cell]]]:
    if not _CELLS or _CELLS[0][0] is not board.terrain:
        cells = sorted(board.terrain)
        grouped: dict[str, list[Cell]] = {}
        for cell in cells:
            grouped.setdefault(board.terrain[cell], []).append(cell)
        _CELLS[:] = [(board.terrain, cells, grouped)]
    return _CELLS[0][1], _CELLS[0][2]


def cells_by_terrain(board: Grid) -> dict[str, list[Cell]]:
    """The board's hexes per terrain, each list in hex order."""
    return _cells(board)[1]


def _rule_out_occupied(turn: Turn, unit: Unit, other: Unit, cell: Cell) -> None:
    if other.kind == "hero" and other.faction == unit.faction and unit.kind == "minion":
        return  # a friendly hero: displaced when the minion ends there
    who = (
        "an opposing unit"
        if other.faction != unit.faction
        else ("a friendly minion" if other.kind == "minion" else "a friendly hero (heroes do not displace)")
    )
    if unit.through:
        turn.rule_out(
            cell, "blocking", f"{other.label} stands there: {unit.label} may move through units but not end on {who}", unit=other.label
        )
    else:
        turn.rule_out(cell, "blocking", f"{other.label} stands there: {who} blocks", unit=other.label)


def rule_out_unchosen(board: Grid, unit: Unit, dist: dict[Cell, int], progress: bool, turn: Turn) -> None:
    """Once the options are known: the start (when it moves on), hexes cut off from the mark, hexes out of reach."""
    chosen = sorted({option.to for option in turn.options if isinstance(option.to, tuple)})
    if progress:
        # C1: staying is only the last resort, once no movement value gets closer.
        turn.rule_out(
            board.figures[unit.label],
            "movement",
            "it starts here; staying put is an option only when no move gets closer to the mark",
            against=chosen,
        )
    cells = sorted_cells(board)
    turn.rule_out_all(
        [cell for cell in cells if cell not in dist],
        "distance",
        f"no route of its valid terrain connects it to the mark {format_position(unit.marked)}",
    )
    turn.rule_out_all(
        cells,
        "movement",
        f"not reachable with its {count_of(unit.move, 'hex', 'hexes')} of movement (blocked, off its terrain, or too far)",
        against=chosen,
    )
    for cell in chosen:
        turn.ruled_out.pop(cell, None)


def sorted_cells(board: Grid) -> list[Cell]:
    """The board's hexes in order."""
    return _cells(board)[0]
