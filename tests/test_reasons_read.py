"""A phase resolved for a view that reads every turn's rule-outs (``--why-not``: phase.resolve's ``reasons``) works
them out with each turn instead of resolving the turn again when they are read (play.REASONS_WHEN_READ), and a push's
turn kept with its reasons serves the readings of its own switches (play.GloomhavenPlay._resolve): the same answers,
reasoning (readings named) and rule-outs as the phase resolved without it, on seeded random whole phases with wall
hexes, obstacles, icy hexes and traps, pushes and pulls of one to four targets, under each edition's rules."""

from __future__ import annotations

import pytest
from forced_boards import forced_board

from enemy_move.models import load_scenario_text
from enemy_move.phase import resolve
from enemy_move.result import Result


def _everything(result: Result) -> list[tuple[object, ...]]:
    return [
        (
            turn.actor,
            turn.focus,
            [(o.to, o.path, o.attacks, o.effects, o.details) for o in turn.options],
            turn.reasoning,
            [(at, r.step, r.reason, r.against, r.data) for at, r in turn.ruled_out.reasons.items()],
        )
        for turn in result.turns
    ]


@pytest.mark.parametrize("seed", range(80))
def test_reasons_worked_out_with_each_turn_are_those_worked_out_when_read(seed: int) -> None:
    try:
        scenario = load_scenario_text(forced_board(seed, ("push", "pull", "push", "pull", None)), f"r{seed}.yaml")
    except Exception:  # a drawn board the loader refuses
        pytest.skip("board refused")
    read_later = resolve(scenario)
    assert all(turn.ruled_out.pending for turn in read_later.turns)
    at_once = resolve(scenario, reasons=True)
    assert not any(turn.ruled_out.pending for turn in at_once.turns)
    assert _everything(at_once) == _everything(read_later)
