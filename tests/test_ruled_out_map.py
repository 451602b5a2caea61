"""Turn.ruled_out kept compactly (result.RuledOutMap): it behaves as the dict it replaced, and equal reasons are stored once."""

from __future__ import annotations

from enemy_move.result import RuledOut, RuledOutMap, Turn


def test_behaves_as_a_dict_of_ruled_out() -> None:
    turn = Turn(actor="a")
    turn.rule_out((1, 0), "range", "Too far.", against=[(3, 0), (2, 0)], distance=4)
    turn.rule_out((1, 0), "card", "Ignored: the earliest reason wins.")
    ruled = turn.ruled_out
    assert ruled[(1, 0)] == RuledOut((1, 0), "range", "Too far.", ((2, 0), (3, 0)), {"distance": 4})
    assert (1, 0) in ruled and (2, 0) not in ruled and len(ruled) == 1
    assert ruled.get((2, 0)) is None and list(ruled) == [(1, 0)]
    assert dict(ruled) == {(1, 0): ruled[(1, 0)]} and ruled == {(1, 0): ruled[(1, 0)]}
    copied = ruled.copy()
    assert ruled.pop((1, 0)).step == "range" and not ruled and copied[(1, 0)].reason == "Too far."
    copied[(5, 5)] = RuledOut((5, 5), "card", "Set directly.")
    assert copied[(5, 5)].reason == "Set directly."
    copied.clear()
    assert len(copied) == 0
    assert RuledOutMap({(0, 0): RuledOut((0, 0), "x", "y")})[(0, 0)].step == "x"


def test_equal_reasons_are_stored_once() -> None:
    turn = Turn(actor="a")
    for col in range(50):
        turn.rule_out((col, 0), "unreachable", "Out of reach.", needed=3)
    turn.rule_out_all([(col, 1) for col in range(50)] + [(0, 0)], "unreachable", "Out of reach.", needed=3)
    turn.rule_out((0, 2), "unreachable", "Out of reach.", needed=4)  # other data: its own record
    reasons = turn.ruled_out.reasons
    assert len(reasons) == 101
    assert len({id(reason) for reason in reasons.values()}) == 2
    assert turn.ruled_out[(0, 0)].data == {"needed": 3} and turn.ruled_out[(0, 2)].data == {"needed": 4}
    assert turn.step_ids() == {"unreachable"}
