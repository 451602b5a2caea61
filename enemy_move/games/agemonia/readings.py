"""Open readings of the attack rules: say so when the other reading would change the answer."""

from __future__ import annotations

from ...geometry.areas import AreaBoard
from ...result import Option, Turn
from .enemy import Mover
from .model import AgemoniaRules
from .procedure import TurnSolver

#: Open readings of the attack rules, and which attack kind each one concerns.
READINGS = {
    "range_over_double_lines": "ranged",
    "ranged_taunt": "ranged",
    "melee_across_double_lines": "melee",
    "invisible_discarded": "any",
}

#: The other value of each reading.
OTHER = {
    "ranged_taunt": {"target": "any", "any": "target"},
    "invisible_discarded": {"turn-start": "on-arrival", "on-arrival": "turn-start"},
}


def answers(options: list[Option]) -> list[tuple[str, tuple[str, ...]]]:
    return sorted({(str(o.to), o.attacks) for o in options})


def _shown(theirs: list[tuple[str, tuple[str, ...]]]) -> str:
    return "; ".join(f"{to}" + (f" attacking {', '.join(attacks)}" if attacks else "") for to, attacks in theirs)


def _movement_reading(board: AreaBoard, mover: Mover, rules: AgemoniaRules, turn: Turn, mine: list[tuple[str, tuple[str, ...]]]) -> None:
    """`large_fly_over_no_capacity`: a large or huge flyer and an area without dots on the map."""
    value = rules.large_fly_over_no_capacity
    scratch = Turn(actor=turn.actor)
    TurnSolver(board, mover, rules.model_copy(update={"large_fly_over_no_capacity": not value})).solve(scratch)
    theirs = answers(scratch.finish(distinct_paths=True).options)
    if theirs != mine:
        turn.note(
            "reading",
            f"Open reading `large_fly_over_no_capacity: {str(value).lower()}` decides here (may a large or huge flyer cross an area without dots?): "
            f"with `{str(not value).lower()}` the options would be {_shown(theirs)}.",
            reading="large_fly_over_no_capacity",
            value=value,
            other=not value,
            options=[to for to, _ in theirs],
        )


def name_deciding_readings(current: TurnSolver, turn: Turn) -> None:
    """Say so when the other answer to an open reading would change the options (``current``: the solver of ``turn``)."""
    board, mover, rules = current.board, current.mover, current.rules
    mine = answers(turn.options)
    if mover.fly and mover.size > 1 and any(info.capacity == 0 for info in board.areas.values()):
        _movement_reading(board, mover, rules, turn, mine)
    for key, kind in READINGS.items():
        if kind == "any":  # invisible_discarded: only with an invisible ally on the board
            if not any(f.is_ally and f.invisible for f in board.figures.values()):
                continue
        elif mover.attack.kind != kind:
            continue
        value = getattr(rules, key)
        other = OTHER[key][value] if key in OTHER else not value
        flipped = TurnSolver(board, mover, rules.model_copy(update={key: other}))
        if all(flipped.targets_from(area) == current.targets_from(area) for area in sorted(board.areas)):
            continue  # the same areas to attack from, with the same targets and Taunt: the same answer
        scratch = Turn(actor=turn.actor)
        flipped.solve(scratch)
        theirs = answers(scratch.finish(distinct_paths=True).options)
        if theirs != mine:
            turn.note(
                "attack-areas",
                f"Open reading `{key}: {str(value).lower()}` decides here: with `{str(other).lower()}` the options would be {_shown(theirs)}.",
                reading=key,
                value=value,
                other=other,
                options=[to for to, _ in theirs],
            )
