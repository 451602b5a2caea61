"""Perdition's Mouth engine: one test per rule, error positions, and property tests."""

from __future__ import annotations

import json
import textwrap

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from typer.testing import CliRunner

from enemy_move.cli import app
from enemy_move.errors import ScenarioError
from enemy_move.games.perditions_mouth.effects import DoorOpened
from enemy_move.geometry.square_sight import SquareSight
from enemy_move.models import load_scenario_text
from enemy_move.phase import resolve


def run(text: str, choices: dict[str, int] | None = None):
    scenario = load_scenario_text("ruleset: perditions-mouth\n" + textwrap.dedent(text), "t.yaml")
    return resolve(scenario, None, choices)


def destinations(turn) -> list[tuple[int, int]]:
    return [option.to for option in turn.options]


# -- one test per rule ---------------------------------------------------------------------------


def test_boneworm_moves_one_square():
    result = run("""
        map: |
          . . b . . . . A
        figures: {b: {kind: boneworm}, A: {kind: hero}}
    """)
    assert destinations(result.turns[0]) == [(3, 0)]


def test_rotikka_stops_next_to_hero_without_spending_all_ap():
    result = run("""
        map: |
          r . . . A . .
        figures: {r: {kind: rotikka}, A: {kind: hero}}
    """)
    (option,) = result.turns[0].options
    assert option.to == (3, 0) and option.attacks == ("A",) and option.details["AP"] == 3


def test_boneworm_ignores_terrain_but_guard_pays_it():
    text = """
        map: |
          # # # # # #
          {x} % % % A #
          . . . . . #
        figures: {{{x}: {{kind: {kind}, ap: 3}}, A: {{kind: hero}}}}
    """
    worm = run(text.format(x="b", kind="boneworm"))
    guard = run(text.format(x="g", kind="guard"))
    difficult = {(1, 1), (2, 1), (3, 1)}
    assert all(option.details["AP"] == 3 for option in worm.turns[0].options)
    assert any(set(option.path) & difficult for option in worm.turns[0].options)
    # The guard pays 2 AP per difficult square, so its cheapest paths avoid them.
    assert guard.turns[0].options and all(not set(option.path) & difficult for option in guard.turns[0].options)


def test_obstacles_block():
    result = run("""
        map: |
          b & A
        figures: {b: {kind: boneworm}, A: {kind: hero}}
    """)
    assert result.turns[0].focus == [] and destinations(result.turns[0]) == [(0, 0)]


def test_enemy_in_attack_range_blocks_enemy_out_of_range_does_not():
    base = """
        map: |
          # # # # # # #
          b . . {c} . . A
          . . . . . . #
        figures: {{b: {{kind: rotikka}}, c: {{kind: boneworm}}, A: {{kind: hero}}}}
        active: b
    """
    ignored = run(base.format(c="c"))
    assert ignored.turns[0].options[0].path[1][1] == 1  # straight along the top row, through c
    near = run(base.replace("{c} . . A", ". . c A").format())
    assert all(cell != (5, 1) for option in near.turns[0].options for cell in option.path)


def test_chileen_prefers_range_two_then_one():
    result = run("""
        map: |
          c . . . A
        figures: {c: {kind: chileen}, A: {kind: hero}}
    """)
    assert destinations(result.turns[0]) == [(2, 0)]
    nook = run("""
        map: |
          # # # # # # #
          # . . c . . #
          # # # # # . #
          # # # # A . #
          # # # # # # #
        figures: {c: {kind: chileen}, A: {kind: hero}}
    """)
    assert "range 1" in " ".join(step.text for step in nook.turns[0].reasoning)


def test_chileen_tramples_minion_back():
    result = run("""
        map: |
          c b . . . . . A
        figures: {c: {kind: chileen}, b: {kind: boneworm}, A: {kind: hero}}
        active: c
    """)
    assert destinations(result.turns[0]) == [(3, 0)]
    after = result.boards_after[0]
    assert after.figures["b"] == (0, 0) and after.figures["c"] == (3, 0)


def test_chileen_trace_says_a_sleeping_minion_is_trampled_not_blocking():
    def blockers_text(sleeping: bool) -> str:
        result = run(f"""
            map: |
              c b . . . . . A
            figures: {{c: {{kind: chileen}}, b: {{kind: boneworm, sleeping: {str(sleeping).lower()}}}, A: {{kind: hero}}}}
            active: c
        """)
        assert destinations(result.turns[0]) == [(3, 0)]  # trampled either way (rule 14)
        return next(step.text for step in result.turns[0].reasoning if step.step == "blockers")

    assert "a sleeping enemy blocks (it cannot move out of the way), except a minion it tramples." in blockers_text(True)
    assert "except a minion it tramples" not in blockers_text(False)


def test_acolyte_opens_door_and_board_keeps_it_open():
    result = run("""
        map: |
          a + . . !
        figures: {a: {kind: acolyte}}
    """)
    assert destinations(result.turns[0]) == [(1, 0)]
    assert result.boards_after[0].terrain[(1, 0)] == "open-door"


def test_acolyte_unlock_with_last_ap_stops_before_door():
    result = run("""
        map: |
          a . $ . !
        figures: {a: {kind: acolyte}}
    """)
    (option,) = result.turns[0].options
    assert option.to == (1, 0) and option.effects[1:] == (DoorOpened((2, 0)),)


def test_full_ap_allows_one_costly_square_but_not_later():
    text = """
        map: |
          {first} ~ . . . . A
        figures: {{g: {{kind: guard}}, A: {{kind: hero}}}}
        rules: {{terrain_costs: {{hazardous: 4}}}}
    """
    assert destinations(run(text.format(first="g")).turns[0]) == [(1, 0)]
    # Two floor squares before it: 2 AP spent, the 4-AP square is out of reach.
    blocked = run("""
        map: |
          g . ~ . . . . . A
        figures: {g: {kind: guard}, A: {kind: hero}}
        rules: {terrain_costs: {hazardous: 4}}
    """)
    assert destinations(blocked.turns[0]) == [(1, 0)]


def test_guard_prefers_range_three():
    result = run("""
        map: |
          g . . . . . A
        figures: {g: {kind: guard}, A: {kind: hero}}
    """)
    assert result.turns[0].options[0].to == (3, 0) and result.turns[0].options[0].attacks == ("A",)


def test_summoner_stays_when_it_sees_a_hero_and_needs_health_otherwise():
    seen = run("""
        map: |
          s . . A
        figures: {s: {kind: summoner}, A: {kind: hero}}
    """)
    assert destinations(seen.turns[0]) == [(0, 0)]
    with pytest.raises(ScenarioError, match="needs `health:`"):
        run("""
            map: |
              s # . A
            figures: {s: {kind: summoner}, A: {kind: hero}}
        """)


def test_sleeping_enemy_wakes_and_later_blocks():
    result = run("""
        map: |
          r g . . A
        figures: {r: {kind: rotikka}, g: {kind: guard, sleeping: true}, A: {kind: hero}}
    """)
    assert [t.actor for t in result.turns] == ["r", "g"]
    assert destinations(result.turns[0]) == [(0, 0)]
    assert "wakes up" in result.turns[1].reasoning[-1].text


def test_target_tie_players_then_weakest():
    text = """
        map: |
          A . b . B
        figures: {{b: {{kind: boneworm}}, A: {{kind: hero, health: 5}}, B: {{kind: hero, health: 2}}}}
        rules: {{target_ties: {ties}}}
    """
    assert run(text.format(ties="players")).turns[0].focus == ["A", "B"]
    assert run(text.format(ties="weakest")).turns[0].focus == ["B"]


def test_activation_order_uses_sheets_and_choice_is_followed():
    result = run(
        """
        map: |
          A . . b . . B
          g . . . . . .
        figures: {b: {kind: boneworm}, g: {kind: guard}, A: {kind: hero}, B: {kind: hero}}
    """,
        {"b": 2},
    )
    assert [t.actor for t in result.turns] == ["b", "g"]
    assert result.turns[0].chosen == 2
    assert result.boards_after[0].figures["b"] == result.turns[0].options[2].to


# -- errors with positions -----------------------------------------------------------------------


@pytest.mark.parametrize(
    ("text", "where", "message"),
    [
        ("map: |\n  b A\nfigures: {b: {kind: boneworm, health: 3}, A: {kind: hero}}\n", "t.yaml:4:", "`health` is for heroes"),
        (
            "map: |\n  b A\nfigures: {b: {kind: boneworm}, A: {kind: hero}}\ninsectoid_sheet: [A]\n",
            "t.yaml:5:",
            "not on the Insectoid Sheet",
        ),
        (
            "map: |\n  b c A\nfigures: {b: {kind: boneworm}, c: {kind: boneworm}, A: {kind: hero}}\ninsectoid_sheet: [b]\n",
            "t.yaml:5:",
            "missing: c",
        ),
        (
            "map: |\n  b A\nfigures: {b: {kind: boneworm}, A: {kind: hero}}\nrules: {terrain_costs: {wall: 2}}\n",
            "t.yaml:5:",
            "cannot be entered",
        ),
        ("map: |\n  b A\nfigures: {b: {kind: boneworm}, A: {kind: hero}}\nactive: A\n", "t.yaml:5:", "is a hero"),
        ("map: |\n  b A\nfigures: {b: {kind: bonewrm}, A: {kind: hero}}\n", "t.yaml:4:", "did you mean 'boneworm'"),
        ("map: |\n  . +\nfigures: {b: {kind: boneworm, at: [1, 0]}}\n", "t.yaml:4:", "stands on door"),
    ],
)
def test_bad_input_reports_position(text, where, message):
    with pytest.raises(ScenarioError) as error:
        run(text)
    assert str(error.value).startswith(where) and message in str(error.value)


def test_cli_json_is_one_document():
    runner = CliRunner()
    result = runner.invoke(app, ["resolve", "scenarios/perditions-mouth/chileen-03-trample.yaml", "--json"])
    document = json.loads(result.stdout)
    assert document["ruleset"] == "perditions-mouth"
    assert {"kind": "displaced", "figure": "b", "from": [1, 0], "to": [0, 0], "cause": "trampled"} in document["turns"][0]["options"][0][
        "effects"
    ]


# -- line of sight -------------------------------------------------------------------------------


def test_square_sight_walls_corners_and_thin_walls():
    sight = SquareSight([(1, 0)])
    assert not sight.sees((0, 0), (2, 0))
    assert sight.sees((0, 1), (2, 1))
    pinched = SquareSight([(1, 0), (0, 1)])
    assert not pinched.sees((0, 0), (2, 2))
    thin = SquareSight([], thin_walls=[frozenset({(0, 0), (1, 0)})])
    assert not thin.sees((0, 0), (1, 0)) and thin.sees((0, 1), (1, 1))


# -- properties ----------------------------------------------------------------------------------

CELLS = st.tuples(st.integers(0, 6), st.integers(0, 4))


def _board(walls: set, mover: tuple, hero: tuple, kind: str, mirror: bool) -> str:
    rows = []
    for r in range(5):
        row = []
        for c in range(7):
            cell = (6 - c, r) if mirror else (c, r)
            row.append("m" if cell == mover else "A" if cell == hero else "#" if cell in walls else ".")
        rows.append(" ".join(row))
    return "map: |\n" + "".join(f"  {line}\n" for line in rows) + f"figures: {{m: {{kind: {kind}}}, A: {{kind: hero, health: 3}}}}\n"


@settings(max_examples=60, deadline=None)
@given(st.sets(CELLS, max_size=10), CELLS, CELLS, st.sampled_from(["boneworm", "rotikka", "chileen", "guard"]))
def test_mirroring_the_board_mirrors_the_options(walls, mover, hero, kind):
    if mover == hero:
        return
    walls = walls - {mover, hero}
    plain = run(_board(walls, mover, hero, kind, False)).turns[0]
    mirrored = run(_board(walls, mover, hero, kind, True)).turns[0]
    assert sorted((6 - o.to[0], o.to[1]) for o in plain.options) == sorted(o.to for o in mirrored.options)


@settings(max_examples=60, deadline=None)
@given(st.sets(CELLS, max_size=10), CELLS, CELLS, st.sampled_from(["boneworm", "rotikka", "chileen", "guard", "summoner"]))
def test_every_path_is_legal_and_within_ap(walls, mover, hero, kind):
    if mover == hero:
        return
    walls = walls - {mover, hero}
    result = run(_board(walls, mover, hero, kind, False))
    ap = {"boneworm": 1, "rotikka": 5, "chileen": 3, "guard": 3, "summoner": 3}[kind]
    for option in result.turns[0].options:
        path = option.path
        assert path[0] == mover and path[-1] == option.to
        assert len(path) - 1 <= ap and option.details["AP"] <= ap
        for a, b in zip(path, path[1:]):
            assert max(abs(a[0] - b[0]), abs(a[1] - b[1])) == 1
            assert b not in walls and b != hero


# -- issue 13: errors found by hand-solved positions ---------------------------------------------


def test_acolyte_heads_for_an_alarm_held_by_a_hero_or_a_passing_enemy():
    hero = run("""
        map: |
          . a . . ! .
        figures: {a: {kind: acolyte}, A: {kind: hero, at: [4, 0]}}
    """).turns[0]
    assert destinations(hero) == [(3, 0)]
    assert "still heads there" in " ".join(step.text for step in hero.reasoning)
    passing = run("""
        map: |
          . . a . ! . . . A
        figures: {a: {kind: acolyte}, c: {kind: boneworm, at: [4, 0]}, A: {kind: hero}}
        active: a
    """).turns[0]
    assert destinations(passing) == [(3, 0)]


def test_range_square_held_by_a_passing_enemy_stays_the_goal():
    turn = run("""
        map: |
          # # # # # # # # # #
          . . g . c . . A # #
          # # # # # # # # # #
        figures: {g: {kind: guard}, c: {kind: boneworm}, A: {kind: hero}}
        active: g
    """).turns[0]
    assert destinations(turn) == [(3, 1)]
    text = " ".join(step.text for step in turn.reasoning)
    assert "none reachable" not in text and "falls back" not in text and "reached" not in text


def test_door_opened_with_the_last_ap_counts_as_progress():
    turn = run("""
        map: |
          . + . . .
          a # # # !
          . . % . .
        figures: {a: {kind: acolyte}}
    """).turns[0]
    assert destinations(turn) == [(0, 0), (1, 2)]
    assert [e for e in turn.options[0].effects if isinstance(e, DoorOpened)] == [DoorOpened((1, 0))]


def test_pinched_diagonal_neighbours_do_not_see_each_other():
    pinched = SquareSight([(1, 0), (0, 1)])
    assert not pinched.sees((0, 0), (1, 1)) and not pinched.sees((1, 1), (0, 0))
    assert SquareSight([(1, 0)]).sees((0, 0), (1, 1))  # one blocker at the corner: grazing
    assert SquareSight([(1, 0), (0, 1)], "corners").sees((0, 0), (1, 1))  # corners mode: the shared corner sees both
    turn = run("""
        map: |
          . . . . .
          . r # . .
          . # A . .
          . . . . .
        figures: {r: {kind: rotikka}, A: {kind: hero}}
    """).turns[0]
    assert destinations(turn) == [(1, 3), (3, 1)]


def test_open_reading_switches_change_the_answer():
    def dest(text: str, rules: str) -> list[tuple[int, int]]:
        return destinations(run(text + (f"rules: {rules}\n" if rules else "")).turns[0])

    walled = "map: |\n  a . . # !\nfigures: {a: {kind: acolyte}}\n"
    assert dest(walled, "") == [(0, 0)] and dest(walled, "{unreachable_goal: closer}") == [(2, 0)]
    sleeper = "map: |\n  r g . . A\nfigures: {r: {kind: rotikka}, g: {kind: boneworm, sleeping: true}, A: {kind: hero}}\nactive: r\n"
    assert dest(sleeper, "") == [(0, 0)] and dest(sleeper, "{sleeping_blocks: false}") == [(3, 0)]
    costly = "map: |\n  c % . . . A\nfigures: {c: {kind: chileen}, A: {kind: hero}}\n"
    assert dest(costly, "{terrain_costs: {difficult: 4}}") == [(0, 0)]
    assert dest(costly, "{terrain_costs: {difficult: 4}, full_ap_rule: all}") == [(1, 0)]
    passing = "map: |\n  r . b . . . A\nfigures: {r: {kind: rotikka}, b: {kind: boneworm}, A: {kind: hero}}\nactive: r\n"
    assert dest(passing, "") == [(5, 0)] and dest(passing, "{pass_through_figures: false}") == [(1, 0)]


def test_summoner_priority_switch_orders_range_and_safety():
    text = """
        map: |
          A . . . . . . .
          . . . . . . B .
          # # # . # # # #
          . . . s . . . .
        figures: {s: {kind: summoner, ap: 3}, A: {kind: hero, health: 2}, B: {kind: hero, health: 5}}
    """
    by_range = run(text).turns[0]
    by_safety = run(textwrap.dedent(text) + "rules: {summoner_priority: safety}\n").turns[0]
    # range first: [4, 0] and [4, 1] are range 4 of A (but 2 from B); safety first: 3 from every hero, range 3
    assert destinations(by_range) == [(4, 0), (4, 1)]
    assert destinations(by_safety) == [(3, 0), (3, 1)]  # [3, 2] sees no hero past the wall corner
    assert any("summoner_priority: safety" in step.text for step in by_safety.reasoning)


def test_summoner_that_sees_a_hero_lists_its_attack():
    turn = run("""
        map: |
          s . . . . . A
        figures: {s: {kind: summoner}, A: {kind: hero, health: 4}}
    """).turns[0]
    assert turn.options[0].attacks == ("A",)


def test_reasoning_sheet_line_trample_wording_and_no_duplicate_moves():
    result = run("""
        map: |
          A . . b . . B
          . . . . . . .
          c . . . . . a
        figures: {A: {kind: hero}, B: {kind: hero}, b: {kind: boneworm}, c: {kind: chileen}, a: {kind: acolyte}}
    """)
    order = {turn.actor: turn.reasoning[0].text for turn in result.turns}
    assert "(b c)" in order["b"] and "(a)" in order["a"]
    boneworm = result.turns[0]
    moves = [step.text for step in boneworm.reasoning if step.step == "move"]
    assert len(moves) == len(set(moves))
    chileen = run("""
        map: |
          c b . . . . . A
        figures: {c: {kind: chileen}, b: {kind: boneworm}, A: {kind: hero}}
        active: c
    """).turns[0]
    blockers = next(step.text for step in chileen.reasoning if step.step == "blockers")
    assert "Trampled (it may enter and end on their squares" in blockers and "): none." in blockers.split("Trampled")[0]


# -- why not this square? --------------------------------------------------------------------------


def test_why_not_records_each_rule_step():
    turn = run("""
        map: |
          # # # # # # # # # #
          . . g . c . . A . .
          # # # # # # # # # #
        figures: {g: {kind: guard}, c: {kind: boneworm}, A: {kind: hero}}
        active: g
    """).turns[0]
    ruled = turn.ruled_out
    assert ruled[(0, 0)].step == "terrain"
    assert ruled[(4, 1)].step == "blockers" and "move away" in ruled[(4, 1)].reason
    assert ruled[(7, 1)].step == "blockers" and "hero A" in ruled[(7, 1)].reason
    assert ruled[(6, 1)].step == "action-points" and ruled[(6, 1)].data == {"cost": 4, "ap": 3}
    assert ruled[(1, 1)].step == "move" and ruled[(1, 1)].against == ((3, 1),)
    assert (3, 1) not in ruled
    walled = run("map: |\n  a . # . !\nfigures: {a: {kind: acolyte}}\n").turns[0]
    assert walled.ruled_out[(3, 0)].step == "distances"
    tie = run("""
        map: |
          . . . . . . . . .
          A . . . . . . . B
        figures: {g: {kind: guard, at: [2, 0]}, A: {kind: hero}, B: {kind: hero}}
        active: g
    """).turns[0]
    assert tie.focus == ["A"]
    assert any(r.step == "target" and "of B" in r.reason for r in tie.ruled_out.values())
    sleeping = run("map: |\n  b . . A\nfigures: {b: {kind: boneworm, sleeping: true}, A: {kind: hero}}\n").turns[0]
    assert {r.step for r in sleeping.ruled_out.values()} == {"sleeping"}


def test_why_not_summoner_range_and_safety():
    turn = run("""
        map: |
          A . . . . . . .
          . . . . . . . .
          # # # . # # # #
          . . . s . . . .
        figures: {s: {kind: summoner, ap: 4}, A: {kind: hero, health: 2}}
    """).turns[0]
    steps = {r.step for r in turn.ruled_out.values()}
    assert "range" in steps


# --- issue 25 ----------------------------------------------------------------------------------

BEHIND_BONEWORM = """\
    map: |
      # # # # # # #
      r . . . b A #
      # # # # # # #
    figures:
      r: {kind: rotikka}
      b: {kind: boneworm}
      A: {kind: hero}
    active: r
"""


def test_unreachable_goal_closer_walks_a_rotikka_blocked_behind_an_attacking_boneworm():
    stay = run(BEHIND_BONEWORM)
    assert destinations(stay.turns[0]) == [(0, 1)]
    assert any(s.step == "reading" and s.data["reading"] == "unreachable_goal" for s in stay.turns[0].reasoning)
    closer = run(BEHIND_BONEWORM + "    rules: {unreachable_goal: closer}\n")
    assert destinations(closer.turns[0]) == [(3, 1)]


PINCH = """\
    map: |
      . . . . .
      . r # . .
      . . A . .
      . . . . .
    figures:
      r: {kind: rotikka}
      b: {kind: boneworm, at: [1, 2]}
      A: {kind: hero}
    active: r
"""


@pytest.mark.parametrize("value, ends", [("block", [(1, 3)]), ("see", [(1, 1)])])
def test_corner_closed_by_a_wall_and_a_figure_is_a_named_switch(value, ends):
    result = run(PINCH + f"    rules: {{corner_wall_and_figure: {value}}}\n")
    assert destinations(result.turns[0]) == ends
    assert any("corner_wall_and_figure" in s.text for s in result.turns[0].reasoning)


def test_corner_switch_changes_nothing_without_a_figure_at_the_corner():
    text = PINCH.replace("      b: {kind: boneworm, at: [1, 2]}\n", "")
    for value in ("block", "see"):
        result = run(text + f"    rules: {{corner_wall_and_figure: {value}}}\n")
        assert destinations(result.turns[0]) == [(1, 1)]
        assert not any("corner_wall_and_figure" in s.text for s in result.turns[0].reasoning)
