"""The decisions of docs/cloudspire.md with a key (D3, D4, D8, D11, D12, D14) named where they decide (issue 33).

The turn is solved again with the key's other value, only where it can matter (a lateral move, a friendly
hero on the board, the mark within reach, a mark walled off, a gate that is not the mark); on boards larger
than :data:`TRIED_UP_TO` hexes a step says the keys were not tried.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import replace
from functools import partial
from typing import Any

from ...geometry.grid import Grid
from ...open_readings import name_if_it_decides, not_tried_on_a_big_board
from ...result import Turn
from .units import Unit
from .variant import CloudspireRules

#: The largest board (in hexes) on which the keys are tried (each is one more solve of the turn).
TRIED_UP_TO = 1024

Solve = Callable[[CloudspireRules], "Turn | None"]


def _lateral(turn: Turn, board: Grid, units: Mapping[str, Unit], actor: str) -> bool:
    return any(step.step == "lateral" for step in turn.reasoning)


def _friendly_hero(turn: Turn, board: Grid, units: Mapping[str, Unit], actor: str) -> bool:
    me = units[actor]
    return any(u.kind == "hero" and u.faction == me.faction and label in board.figures for label, u in units.items())


def _mark_in_reach(turn: Turn, board: Grid, units: Mapping[str, Unit], actor: str) -> bool:
    return any(o.details.get("distance") == 0 for o in turn.options) or any(
        step.step == "distance" and step.data.get("distance", 9) <= units[actor].move for step in turn.reasoning
    )


def _walled(turn: Turn, board: Grid, units: Mapping[str, Unit], actor: str) -> bool:
    return any(step.step == "distance" and "distance" not in step.data for step in turn.reasoning)


def _other_gate(turn: Turn, board: Grid, units: Mapping[str, Unit], actor: str) -> bool:
    mark = units[actor].mark
    return any(terrain == "gate" and cell != mark for cell, terrain in board.terrain.items())


#: key -> (its two values, when it can matter)
KEYS: dict[str, tuple[tuple[Any, Any], Callable[[Turn, Grid, Mapping[str, Unit], str], bool]]] = {
    "lateral_through_further": ((True, False), _lateral),
    "optional_displacement": ((True, False), _friendly_hero),
    "stop_at_mark": ((False, True), _mark_in_reach),
    "walled_mark": (("stay", "lateral"), _walled),
    "other_gates": (("block", "pass"), _other_gate),
    "displaced_adjacent_to": (("hero", "swap-hex"), _friendly_hero),
}


def name_deciding_readings(turn: Turn, board: Grid, units: Mapping[str, Unit], actor: str, rules: CloudspireRules, solve: Solve) -> None:
    """Name each key whose other value changes ``turn`` (``solve``: the same turn under other rules)."""
    if not_tried_on_a_big_board(turn, len(board.terrain), TRIED_UP_TO, "hexes", tuple(KEYS), "decision keys"):
        return
    for key, (values, matters) in KEYS.items():
        if not matters(turn, board, units, actor):
            continue
        value = getattr(rules, key)
        other = values[1] if value == values[0] else values[0]
        name_if_it_decides(turn, key, value, other, partial(solve, replace(rules, **{key: other})), step="reading")
