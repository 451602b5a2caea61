"""The open points of `rules:` named where they decide (issue 33): the turn resolved again with the other value.

Every two-reading key of :class:`~.model.PerditionsMouthRules` is tried (a Literal or a yes/no key; the numbers,
costs and blocker lists are settings, not readings), each only where it can matter (the kind of enemy, the
figures on the board). On boards larger than :data:`TRIED_UP_TO` squares the readings are not tried (the
turn would be solved once per key): a step says which were not.
"""

from __future__ import annotations

from collections.abc import Callable
from functools import partial
from typing import Any

from ...errors import ScenarioError
from ...open_readings import name_if_it_decides, not_tried_on_a_big_board, switch_values
from ...result import Turn
from .enemies import TYPES, Enemy
from .model import PerditionsMouthRules
from .terrain import BLOCKING_TERRAIN, Board

#: The largest board (in squares) on which every reading is tried: real boards are a few tiles (a 64x64
#: board with 61 enemies would be solved some 15 times per turn).
TRIED_UP_TO = 1024

#: Keys that are settings (numbers, lists) rather than two readings of a sentence, and the one named by its own
#: step (`corner_wall_and_figure`, in play.py).
NOT_READINGS = frozenset({"diagonal_cost", "terrain_costs", "sight_blockers", "corner_wall_and_figure"})

#: Keys that concern only some types of enemy (each type lists its own: ``Enemy.readings``).
OWNED = frozenset().union(*(kind.readings for kind in TYPES.values() if isinstance(kind, Enemy)))


def values_of(name: str) -> tuple[Any, ...]:
    """The values a reading key may take (None, "the default follows another key", is not one)."""
    return switch_values(PerditionsMouthRules.model_fields[name].annotation)


READINGS = tuple(name for name in PerditionsMouthRules.model_fields if name not in NOT_READINGS and values_of(name))


def name_deciding_readings(
    turn: Turn,
    board: Board,
    enemy: Enemy,
    rules: PerditionsMouthRules,
    solve: Callable[[str, Any], Turn],
    unchanged: Callable[[str, Any], bool] = lambda name, other: False,
) -> None:
    """Name each reading whose other value changes ``turn`` (``solve(name, other)``: the same turn with the reading
    ``name: other``, its answer only; ``unchanged(name, other)``: that turn is known to be this one, watch.py)."""
    if not_tried_on_a_big_board(turn, len(board.terrain), TRIED_UP_TO, "squares", READINGS, "open readings"):
        return
    for name in READINGS:
        if (name in OWNED and name not in enemy.readings) or (name in CANNOT_MATTER and CANNOT_MATTER[name](board, rules)):
            continue
        value = getattr(rules, name)
        for other in values_of(name):
            if other == value or (value is None and name == "range" and other == _metric(rules)):
                continue
            if unchanged(name, other):
                continue
            shown = value if value is not None else _metric(rules)
            if name_if_it_decides(turn, name, shown, other, partial(_try, solve, name, other)):
                break


def _no_sleepers(board: Board, rules: PerditionsMouthRules) -> bool:
    return not board.asleep


def _no_corner_to_cut(board: Board, rules: PerditionsMouthRules) -> bool:
    """No diagonal step passes a blocking or missing square: orthogonal movement, or a full board without blockers."""
    if rules.movement == "orthogonal":
        return True
    full = len(board.terrain) == board.width * board.height
    return full and not any(terrain in BLOCKING_TERRAIN for terrain in board.terrain.values())


#: Readings that cannot change a turn on this board (the turn is not solved again for them): `sleeping_blocks` acts
#: only on sleeping enemies, `corner_cutting` only on a diagonal step beside a blocking or missing square.
CANNOT_MATTER: dict[str, Callable[[Board, PerditionsMouthRules], bool]] = {
    "sleeping_blocks": _no_sleepers,
    "corner_cutting": _no_corner_to_cut,
}


def _metric(rules: PerditionsMouthRules) -> str:
    return rules.range or ("chebyshev" if rules.movement == "diagonal" else "manhattan")


def _try(solve: Callable[[str, Any], Turn], name: str, other: Any) -> Turn | None:
    try:
        return solve(name, other)
    except ScenarioError:  # the other reading needs what the file does not give (a hero's health...)
        return None
