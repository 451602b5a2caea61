"""Open readings of the attack rules: say so when the other reading would change the answer."""

from __future__ import annotations

from ...geometry.areas import AreaBoard
from ...result import Option, Turn
from .enemy import Mover
from .model import AgemoniaRules
from .procedure import TurnSolver

#: Open readings of the attack rules, and which attack kind each one concerns.
READINGS = {"range_over_double_lines": "ranged", "ranged_taunt": "ranged", "melee_across_double_lines": "melee"}


def name_deciding_readings(board: AreaBoard, mover: Mover, rules: AgemoniaRules, turn: Turn) -> None:
    """Say so when the other answer to an open reading would change the options."""

    def answers(options: list[Option]) -> list[tuple[str, tuple[str, ...]]]:
        return sorted({(str(o.to), o.attacks) for o in options})

    mine = answers(turn.options)
    current = TurnSolver(board, mover, rules)
    for key, kind in READINGS.items():
        if mover.attack.kind != kind:
            continue
        value = getattr(rules, key)
        other = {"target": "any", "any": "target"}.get(value, not value) if key == "ranged_taunt" else not value
        flipped = TurnSolver(board, mover, rules.model_copy(update={key: other}))
        if all(flipped.targets_from(area) == current.targets_from(area) for area in sorted(board.areas)):
            continue  # the same areas to attack from, with the same targets and Taunt: the same answer
        scratch = Turn(actor=turn.actor)
        flipped.solve(scratch)
        theirs = answers(scratch.finish(distinct_paths=True).options)
        if theirs != mine:
            shown = "; ".join(f"{to}" + (f" attacking {', '.join(attacks)}" if attacks else "") for to, attacks in theirs)
            turn.note(
                "attack-areas",
                f"Open reading `{key}: {str(value).lower()}` decides here: with `{str(other).lower()}` the options would be {shown}.",
                reading=key,
                value=value,
                other=other,
                options=[to for to, _ in theirs],
            )
