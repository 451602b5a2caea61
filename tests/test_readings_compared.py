"""Gloomhaven readings compared as they are worked out (issue 34): a reading's turn is given the turn under the
scenario's rules (play.GloomhavenPlay._resolve's ``against``) and stops at the first option that differs
(forced_ways.add_forced_moves raises AnswerDiffers), or, when its options before the forced moves are the turn's and the
forced moves read the same switches, is that turn's answer without working the forced moves out again. Both
shortcuts must name exactly the readings that resolving each reading in full names: whole phases on seeded random
boards with wall hexes, obstacles, icy hexes and traps, pushes and pulls of one to four targets, under each
edition's rules."""

from __future__ import annotations

import pytest
from forced_boards import forced_board

from enemy_move.games.gloomhaven import play
from enemy_move.models import load_scenario_text
from enemy_move.phase import resolve


def _readings(result: object) -> list[list[str]]:
    return [[step.text for step in turn.reasoning if step.step == "reading"] for turn in result.turns]  # type: ignore[attr-defined]


def _options(result: object) -> list[list[tuple[object, ...]]]:
    return [[(o.to, o.attacks, o.effects) for o in turn.options] for turn in result.turns]  # type: ignore[attr-defined]


def test_readings_compared_as_worked_out_name_what_full_resolves_name(monkeypatch: pytest.MonkeyPatch) -> None:
    shortcuts = {"stopped": 0, "same": 0, "named": 0}
    original = play.GloomhavenPlay._resolve

    def counted(self, board, actor, card, rules, budget=None, against=None):
        turn = original(self, board, actor, card, rules, budget, against)
        if against is not None:
            shortcuts["stopped" if turn is None else "same" if turn is against else "named"] += 1
        return turn

    for seed in range(100):
        text = forced_board(seed)
        scenario = load_scenario_text(text, "r.yaml")
        monkeypatch.setattr(play.GloomhavenPlay, "_resolve", counted)
        compared = resolve(scenario)
        # Each reading resolved in full, as before the shortcuts: no answer to compare with.
        monkeypatch.setattr(
            play.GloomhavenPlay,
            "_resolve",
            lambda self, board, actor, card, rules, budget=None, against=None: original(self, board, actor, card, rules, budget),
        )
        full = resolve(load_scenario_text(text, "r.yaml"))
        assert _readings(compared) == _readings(full), text
        assert _options(compared) == _options(full), text
    # The tests see both shortcuts: readings stopped at an option that differs, and readings that were the turn itself.
    assert shortcuts["stopped"] > 0 and shortcuts["same"] > 0, shortcuts
