"""Agemonia engine: one test per movement rule, input errors, the phase, properties."""

from __future__ import annotations

import io

import pytest
import yaml
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from rich.console import Console

from enemy_move import phase as rulesets
from enemy_move.errors import ScenarioError
from enemy_move.games.agemonia.board import build_board
from enemy_move.games.agemonia.effects import TrapSprung
from enemy_move.models import load_scenario_text
from enemy_move.phase import UsageError
from enemy_move.render.area_map import render_area_map
from enemy_move.result import Moved, result_to_dict


def run(text: str, choices: dict[str, int] | None = None):
    return rulesets.resolve(load_scenario_text(text, "test.yaml"), None, choices)


def options(result, turn: int = 0) -> set[tuple]:
    return {(o.to, o.attacks) for o in result.turns[turn].options}


LINE = """
ruleset: agemonia
areas:
  A1: {capacity: 3}
  A2: {capacity: %(cap2)s}
  A3: {capacity: 3}
links: [A1 -- A2, A2 -- A3]
"""


def line_board(cap2: int = 3) -> str:
    return LINE % {"cap2": cap2}


# -- the procedure, rule by rule ------------------------------------------------


def test_no_move_when_already_in_attack_area():
    result = run(
        line_board()
        + """
figures:
  e: {side: enemy, area: A2}
  L: {side: hero, area: A2, taunt: 1}
active: e
action: {move: 2, attack: {kind: melee}}
"""
    )
    assert options(result) == {("A2", ("L",))}
    assert result.turns[0].options[0].path == ("A2",)
    assert result.turns[0].reasoning[-1].step == "already-in-attack-area"


def test_least_movement_wins_over_taunt():
    # Torrax (Taunt 4) needs 2 moves, Lunara (Taunt 1) only 1: movement comes first.
    result = run(
        line_board()
        + """
figures:
  e: {side: enemy, area: A1}
  L: {side: hero, area: A2, taunt: 1}
  T: {side: hero, area: A3, taunt: 4}
active: e
action: {move: 2, attack: {kind: melee}}
"""
    )
    assert options(result) == {("A2", ("L",))}


def test_taunt_breaks_movement_tie_and_note_names_it():
    result = run("""
ruleset: agemonia
areas: {A1: {capacity: 3}, A2: {capacity: 3}, A3: {capacity: 3}}
links: [A2 -- A1, A1 -- A3]
figures:
  e: {side: enemy, area: A1}
  V: {side: hero, name: Venia, area: A2, taunt: 2}
  T: {side: hero, name: Torrax, area: A3, taunt: 4}
active: e
action: {move: 1, attack: {kind: melee}}
""")
    assert options(result) == {("A3", ("T",))}
    steps = {s.step: s for s in result.turns[0].reasoning}
    assert "Taunt breaks the tie" in steps["taunt"].text
    assert steps["taunt"].data["dropped"] == ["A2"]


def test_adjacent_full_area_is_attack_area_only_at_same_height():
    board = (
        line_board(cap2=1)
        + """
figures:
  e: {side: enemy, area: A1}
  T: {side: hero, area: A2, taunt: 4}
active: e
action: {move: 2, attack: {kind: melee}}
"""
    )
    assert options(run(board)) == {("A1", ("T",))}
    higher = board.replace("A2: {capacity: 1}", "A2: {capacity: 1, height: 1}")
    # Different height: no melee; A2 is full with an ally; fallback stays next to it.
    assert options(run(higher)) == {("A1", ())}


def test_cannot_reach_moves_as_far_as_possible():
    result = run(
        line_board()
        + """
figures:
  e: {side: enemy, area: A1}
  L: {side: hero, area: A3, taunt: 1}
active: e
action: {move: 1, attack: {kind: melee}}
"""
    )
    assert options(result) == {("A2", ())}
    assert result.turns[0].options[0].details == {"toward": "A3"}


def test_full_area_of_enemies_is_crossed_but_never_an_end():
    text = (
        line_board(cap2=1)
        + """
figures:
  e: {side: enemy, area: A1}
  f: {side: enemy, area: A2}
  L: {side: hero, area: A3, taunt: 1}
active: e
action: {move: %d, attack: {kind: melee}}
"""
    )
    assert options(run(text % 2)) == {("A3", ("L",))}
    assert options(run(text % 1)) == {("A1", ())}


def test_full_area_with_an_ally_cannot_be_crossed():
    result = run(
        line_board(cap2=2)
        + """
figures:
  e: {side: enemy, area: A1}
  f: {side: enemy, area: A2}
  V: {side: hero, area: A2, taunt: 1}
  L: {side: hero, area: A3, taunt: 5}
active: e
action: {move: 3, attack: {kind: ranged, range: 0}}
"""
    )
    # Range 0 reaches only the same area; A2 cannot be entered, A3 is unreachable: fallback.
    assert options(result) == {("A1", ())}
    assert any(s.step == "no-attack-area" for s in result.turns[0].reasoning)


def test_double_line_needs_fly():
    text = """
ruleset: agemonia
areas: {A1: {capacity: 2}, A2: {capacity: 2, height: 1}, B: {capacity: 2}, C: {capacity: 2}}
links: [A1 == A2, A1 -- B, B -- C, C -- A2]
figures:
  e: {side: enemy, area: A1, fly: %s}
  T: {side: hero, area: A2, taunt: 4}
active: e
action: {move: 2, attack: {kind: melee}}
"""
    assert options(run(text % "false")) == {("C", ())}
    assert options(run(text % "true")) == {("A2", ("T",))}


def test_flyer_crosses_no_capacity_area_but_cannot_stop_there():
    text = """
ruleset: agemonia
areas: {A1: {capacity: 2}, Gap: {capacity: 0}, A2: {capacity: 2}}
links: [A1 -- Gap, Gap -- A2]
figures:
  g: {side: enemy, area: A1, fly: %s}
  T: {side: hero, area: A2, taunt: 4}
active: g
action: {move: %d, attack: {kind: melee}}
"""
    assert options(run(text % ("true", 2))) == {("A2", ("T",))}
    assert options(run(text % ("true", 1))) == {("A1", ())}
    # Without Fly the gap cannot be entered at all: fallback, the closest area is the start.
    assert options(run(text % ("false", 2))) == {("A1", ())}


def test_large_enemy_size_and_melee_into_blocked_area():
    text = (
        line_board(cap2=3)
        + """
figures:
  b: {side: enemy, area: A1, size: large}
  L: {side: hero, area: A2, taunt: 1}
  T: {side: hero, area: A2, taunt: 2}
active: b
action: {move: 2, attack: {kind: melee}}
"""
    )
    assert options(run(text)) == {("A1", ("T",))}
    # Normal size: A2 is not full (2 of 3), so it walks in.
    assert options(run(text.replace(", size: large", ""))) == {("A2", ("T",))}


def test_ranged_prefers_closest_then_taunt_and_respects_sight():
    text = (
        line_board()
        + """
figures:
  a: {side: enemy, area: A1}
  L: {side: hero, area: A2, taunt: 1}
  T: {side: hero, area: A3, taunt: 4}
active: a
action: {move: 2, attack: {kind: ranged, range: 2}}
"""
    )
    assert options(run(text)) == {("A1", ("L",))}
    blocked = text.replace("links:", "sight: {blocked: [[A1, A2]]}\nlinks:")
    # Lunara hidden: Torrax in range 2 is then the closest visible ally.
    assert options(run(blocked)) == {("A1", ("T",))}


def test_ranged_taunt_option_changes_the_tiebreak():
    text = """
ruleset: agemonia
areas: {S: {capacity: 3}, P: {capacity: 3}, Q: {capacity: 3}, W: {capacity: 3}, WW: {capacity: 3}, E: {capacity: 3}}
links: [S -- P, P -- W, W -- WW, S -- Q, Q -- E]
sight: {default: adjacent, see: [[P, WW]]}
figures:
  a: {side: enemy, area: S}
  w: {side: ally, area: W, taunt: 1}
  X: {side: hero, area: WW, taunt: 5}
  e: {side: ally, area: E, taunt: 2}
active: a
action: {move: 1, attack: {kind: ranged, range: 2}}
"""
    # From P the closest ally is w (Taunt 1) although X (Taunt 5) is in range; from Q it is e (Taunt 2).
    assert options(run(text)) == {("Q", ("e",))}
    assert options(run(text.replace("links:", "rules: {ranged_taunt: any}\nlinks:"))) == {("P", ("w",))}


def test_equal_taunt_returns_both():
    result = run("""
ruleset: agemonia
areas: {A1: {capacity: 3}, A2: {capacity: 3}, A3: {capacity: 3}}
links: [A2 -- A1, A1 -- A3]
figures:
  e: {side: enemy, area: A1}
  V: {side: hero, area: A2, taunt: 3}
  m: {side: ally, area: A3, taunt: 3}
active: e
action: {move: 1, attack: {kind: melee}}
""")
    assert options(result) == {("A2", ("V",)), ("A3", ("m",))}
    assert result.turns[0].focus == ["V", "m"]


def test_two_routes_are_two_options_with_their_paths():
    result = run("""
ruleset: agemonia
areas: {A: {capacity: 2}, N: {capacity: 2}, S: {capacity: 2}, D: {capacity: 2}}
links: [A -- N, A -- S, N -- D, S -- D]
figures:
  e: {side: enemy, area: A}
  T: {side: hero, area: D, taunt: 4}
active: e
action: {move: 2, attack: {kind: melee}}
""")
    assert [o.path for o in result.turns[0].options] == [("A", "N", "D"), ("A", "S", "D")]


def test_fallback_ties_players_choose_unless_told_least_movement():
    text = """
ruleset: agemonia
areas: {S: {capacity: 3}, N1: {capacity: 3}, N2: {capacity: 3}, Top: {capacity: 1, height: 1}}
links: [S -- N1, N1 -- N2, N1 -- Top, N2 -- Top]
figures:
  e: {side: enemy, area: S}
  T: {side: hero, area: Top, taunt: 4}
active: e
action: {move: 3, attack: {kind: melee}}
"""
    literal = run(text)
    assert options(literal) == {("N1", ()), ("N2", ())}
    assert any("fallback_ties: choose" in step.text for step in literal.turns[0].reasoning)
    least = run(text.replace("links:", "rules: {fallback_ties: movement}\nlinks:"))
    assert options(least) == {("N1", ())}
    assert least.turns[0].ruled_out["N2"].step == "least-movement"


def test_traps_trigger_without_fly_only():
    text = """
ruleset: agemonia
areas: {A1: {capacity: 3}, Pit: {capacity: 3, trap: true}, A3: {capacity: 3}}
links: [A1 -- Pit, Pit -- A3]
figures:
  e: {side: enemy, area: A1, fly: %s}
  L: {side: hero, area: A3, taunt: 1}
active: e
action: {move: 2, attack: {kind: melee}}
"""
    walker = run(text % "false")
    assert walker.turns[0].options[0].effects[1:] == (TrapSprung("Pit", ("e",)),)
    assert walker.boards_after[0].areas["Pit"].trap is False
    assert walker.final.part.get("removed_traps") == ("Pit",)
    flyer = run(text % "true")
    assert flyer.turns[0].options[0].effects == (Moved("e", ("A1", "Pit", "A3")),)
    assert flyer.boards_after[0].areas["Pit"].trap is True


def test_a_trap_affects_everyone_in_its_area():
    text = """
ruleset: agemonia
areas: {A1: {capacity: 3}, Pit: {capacity: 3, trap: true}, A3: {capacity: 3}}
links: [A1 -- Pit, Pit -- A3]
figures:
  e: {side: enemy, area: A1}
  f: {side: enemy, area: Pit, fly: true}
  L: {side: hero, area: A3, taunt: 1}
active: e
action: {move: 2, attack: {kind: melee}}
"""
    (option,) = run(text).turns[0].options
    assert option.effects[1:] == (TrapSprung("Pit", ("e", "f")),)


@pytest.mark.parametrize(
    "condition, expected",
    [
        ("held", {("A1", ())}),
        ("slowed", {("A2", ())}),
        ("stunned", {("A1", ())}),
        ("confused", {("A3", ())}),
    ],
)
def test_conditions(condition, expected):
    result = run(
        line_board()
        + f"""
figures:
  e: {{side: enemy, area: A1, conditions: [{condition}]}}
  L: {{side: hero, area: A3, taunt: 1}}
active: e
action: {{move: 2, attack: {{kind: melee}}}}
"""
    )
    assert options(result) == expected


def test_invisible_ally_is_not_a_target():
    result = run(
        line_board()
        + """
figures:
  e: {side: enemy, area: A1}
  L: {side: hero, area: A3, taunt: 5, conditions: [invisible]}
  T: {side: hero, area: A3, taunt: 1}
active: e
action: {move: 2, attack: {kind: melee}}
"""
    )
    # L is 2 areas from e: no enemy within range 1, so Invisible holds (issue 25 moved L out of range 1).
    assert options(result) == {("A3", ("T",))}


# -- the phase --------------------------------------------------------------------

PHASE = """
ruleset: agemonia
areas: {A: {capacity: 3}, N: {capacity: 1}, S: {capacity: 1}, D: {capacity: 3}}
links: [A -- N, A -- S, N -- D, S -- D]
figures:
  x: {side: enemy, name: Ghoul, number: 1, area: A}
  y: {side: enemy, name: Ghoul, number: 2, area: A}
  z: {side: enemy, name: Bat, area: A}
  T: {side: hero, area: D, taunt: 4}
initiative: [Ghoul, Bat]
action: {move: 1, attack: {kind: melee}}
"""


def test_phase_order_and_choice_followed():
    result = run(PHASE)
    assert [t.actor for t in result.turns] == ["x", "y", "z"]
    assert options(result, 1) == {("S", ())}
    # Both N and S are full after x and y: the bat cannot stop on either and stays.
    assert options(result, 2) == {("A", ())}
    replay = run(PHASE, {"x": 1})
    assert replay.turns[0].chosen == 1
    assert options(replay, 1) == {("N", ())}
    assert [b.figures["x"].area for b in replay.boards_after] == ["S", "S", "S"]


def test_phase_without_initiative_is_alphabetical_by_type():
    result = run(PHASE.replace("initiative: [Ghoul, Bat]\n", ""))
    assert [t.actor for t in result.turns] == ["z", "x", "y"]


def test_choose_out_of_range_is_an_error():
    with pytest.raises(UsageError, match="has 2 options"):
        run(PHASE, {"x": 5})
    with pytest.raises(UsageError, match="does not act"):
        run(PHASE, {"T": 0})


# -- input errors, with positions --------------------------------------------------------


@pytest.mark.parametrize(
    "text, line, message",
    [
        ("areas: {A: {capacity: 1}}\nlinks: [A -- B]\nfigures: {}\n", 3, "unknown area 'B'"),
        ("areas: {A: {capacity: 1}, B: {capacity: 1}}\nlinks: [A -> B]\nfigures: {}\n", 3, "must be 'AREA -- AREA'"),
        ("areas: {A: {capacity: 1}, B: {capacity: 1}}\nlinks: [A -- B, B == A]\nfigures: {}\n", 3, "already linked"),
        ("areas: {A: {capacity: 0}}\nfigures:\n  e: {side: enemy, area: A}\n", 4, "no white dots"),
        ("areas: {A: {capacity: 1}}\nfigures:\n  e: {side: enemy, area: A, taunt: 2}\n", 4, "taunt is for heroes"),
        ("areas: {A: {capacity: 1}}\nfigures:\n  H: {side: hero, area: A}\n", 4, "needs a taunt"),
        ("areas: {A: {capacity: 1}}\nfigures:\n  e: {side: enemy, area: A}\ninitiative: [Orc]\n", 5, "no enemy has type 'Orc'"),
        ("areas: {A: {capacity: 1}}\nfigures:\n  e: {side: enemy, area: A}\nactions: {q: {move: 1}}\n", 5, "neither an enemy label"),
        ("areas: {A: {capacity: 1}}\nsight: {blocked: [[A, Q]]}\nfigures: {}\n", 3, "unknown area 'Q'"),
        ("areas: {A: {capacity: 1}}\nfigures:\n  e: {side: enemy, area: A, conditions: [invisible]}\n", 4, "unknown enemy condition"),
    ],
)
def test_bad_input_names_the_line(text, line, message):
    with pytest.raises(ScenarioError) as caught:
        run("ruleset: agemonia\n" + text)
    assert caught.value.line == line
    assert message in caught.value.message


# -- rendering and JSON ---------------------------------------------------------------


def test_area_view_and_json_are_deterministic():
    text = PHASE
    first, second = run(text), run(text)
    assert result_to_dict(first) == result_to_dict(second)
    buffer = io.StringIO()
    console = Console(file=buffer, width=100, color_system=None)
    console.print(render_area_map(first.board, first.turns[0]))
    drawn = buffer.getvalue()
    assert "route of option 1: A > N" in drawn
    assert "-- N, -- S" in drawn  # A's borders


# -- properties -------------------------------------------------------------------------


@st.composite
def random_scenarios(draw):
    count = draw(st.integers(2, 7))
    names = [f"R{i}" for i in range(count)]
    areas = {}
    for index, name in enumerate(names):
        areas[name] = {
            "capacity": draw(st.integers(1 if index < 2 else 0, 3)),
            "height": draw(st.integers(0, 1)),
            "trap": draw(st.booleans()),
        }
    links = []
    for i in range(count):
        for j in range(i + 1, count):
            kind = draw(st.sampled_from([None, None, "--", "--", "==", "||"]))
            if kind:
                links.append(f"{names[i]} {kind} {names[j]}")
    standable = [n for n in names if areas[n]["capacity"] > 0]
    figures = {
        "e": {"side": "enemy", "area": names[0], "fly": draw(st.booleans()), "size": draw(st.sampled_from(["normal", "normal", "large"]))}
    }
    for label in draw(st.lists(st.sampled_from(["H", "K", "f"]), min_size=1, max_size=3, unique=True)):
        if label == "f":
            figures[label] = {"side": "enemy", "area": draw(st.sampled_from(standable))}
        else:
            figures[label] = {"side": "hero", "area": draw(st.sampled_from(standable)), "taunt": draw(st.integers(0, 3))}
    for figure in figures.values():  # start positions over capacity are an input error: widen the area
        used = sum(2 if f.get("size") == "large" else 1 for f in figures.values() if f["area"] == figure["area"])
        areas[figure["area"]]["capacity"] = max(areas[figure["area"]]["capacity"], used)
    attack = draw(st.sampled_from([{"kind": "melee"}, {"kind": "ranged", "range": 1}, {"kind": "ranged", "range": 2}]))
    return {
        "ruleset": "agemonia",
        "areas": areas,
        "links": links,
        "figures": figures,
        "active": "e",
        "action": {"move": draw(st.integers(0, 3)), "attack": attack},
    }


def _dump(data) -> str:
    return yaml.safe_dump(data, sort_keys=False)


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(random_scenarios())
def test_every_option_is_a_legal_move(data):
    scenario = load_scenario_text(_dump(data), "prop.yaml")
    board = build_board(scenario)
    result = rulesets.resolve(scenario)
    turn = result.turns[0]
    actor = board.figures["e"]
    assert turn.options, "there is always at least one option (possibly staying)"
    for option in turn.options:
        path = [str(area) for area in option.path]  # areas are names
        assert path == list(option.path)
        assert path[0] == actor.area and path[-1] == option.to
        assert len(path) - 1 <= data["action"]["move"]
        assert len(set(path)) == len(path), "a shortest route never revisits an area"
        for a, b in zip(path, path[1:]):
            kind = board.line(a, b)
            assert kind == "single" or (kind == "double" and actor.fly)
            info = board.areas[b]
            assert info.capacity >= actor.size or (info.capacity == 0 and actor.fly)
            full = board.occupancy(b, without="e") + actor.size > info.capacity
            assert not (full and board.has_ally(b)), "never through a full area holding an ally"
        if len(path) > 1:
            end = board.areas[path[-1]]
            assert end.capacity and board.occupancy(path[-1], without="e") + actor.size <= end.capacity
        for target in option.attacks:
            assert board.figures[target].is_ally


@settings(max_examples=100, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(random_scenarios(), st.permutations(range(7)))
def test_renaming_areas_renames_the_answer(data, permutation):
    names = sorted(data["areas"])
    rename = {name: f"Z{permutation[i]}" for i, name in enumerate(names)}

    def renamed_link(link: str) -> str:
        a, symbol, b = link.split()
        return f"{rename[a]} {symbol} {rename[b]}"

    other = dict(data)
    other["areas"] = {rename[n]: v for n, v in data["areas"].items()}
    other["links"] = [renamed_link(link) for link in data["links"]]
    other["figures"] = {label: {**f, "area": rename[f["area"]]} for label, f in data["figures"].items()}
    original = rulesets.resolve(load_scenario_text(_dump(data), "a.yaml"))
    mapped = rulesets.resolve(load_scenario_text(_dump(other), "b.yaml"))
    expected = {(rename[o.to], o.attacks, tuple(rename[p] for p in o.path)) for o in original.turns[0].options}
    assert {(o.to, o.attacks, o.path) for o in mapped.turns[0].options} == expected
    assert mapped.turns[0].focus == original.turns[0].focus


@settings(max_examples=100, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(random_scenarios())
def test_more_movement_never_leaves_it_further_from_its_goal(data):
    # With one more move, an enemy that reached an attack area still reaches one.
    slow = rulesets.resolve(load_scenario_text(_dump(data), "a.yaml"))
    faster = dict(data, action={**data["action"], "move": data["action"]["move"] + 1})
    fast = rulesets.resolve(load_scenario_text(_dump(faster), "b.yaml"))
    if any(o.attacks for o in slow.turns[0].options):
        assert all(o.attacks for o in fast.turns[0].options)


# -- issue 13 ----------------------------------------------------------------------------------------

BLOCKED_ROUTE = """
ruleset: agemonia
areas: {S: {capacity: 3}, F1: {capacity: 1}, F2: {capacity: 1}, G: {capacity: 3}, X: {capacity: 3}, Y: {capacity: 3}, Z: {capacity: 3}}
links: [S -- F1, F1 -- F2, F2 -- G, S -- X, X -- Y, Y -- Z, Z -- G]
figures:
  e: {side: enemy, area: S}
  f: {side: enemy, area: F1}
  g: {side: enemy, area: F2}
  T: {side: hero, area: G, taunt: 4}
active: e
action: {move: 2, attack: {kind: melee}}
"""


def test_full_shortest_route_takes_the_route_ending_closest_or_stays_by_switch():
    closest = run(BLOCKED_ROUTE)
    assert options(closest) == {("Y", ())}
    assert closest.turns[0].options[0].details == {"toward": "G"}
    assert any("blocked_route: closest" in step.text for step in closest.turns[0].reasoning)
    stay = run(BLOCKED_ROUTE.replace("active: e", "active: e\nrules: {blocked_route: stay}"))
    assert options(stay) == {("S", ())}


def test_toward_names_only_the_goal_each_option_leads_to():
    result = run("""
ruleset: agemonia
areas: {S: {capacity: 3}, A1: {capacity: 3}, B1: {capacity: 3}, G1: {capacity: 3}, G2: {capacity: 3}}
links: [S -- A1, A1 -- G1, S -- B1, B1 -- G2]
figures:
  e: {side: enemy, area: S}
  T: {side: hero, area: G1, taunt: 3}
  V: {side: hero, area: G2, taunt: 3}
active: e
action: {move: 1, attack: {kind: melee}}
""")
    assert {(o.to, o.details["toward"]) for o in result.turns[0].options} == {("A1", "G1"), ("B1", "G2")}


def test_start_over_capacity_and_bad_area_names_are_input_errors():
    with pytest.raises(ScenarioError, match="over its maximum capacity 1"):
        run("ruleset: agemonia\nareas: {A: {capacity: 1}}\nfigures:\n  e: {side: enemy, area: A}\n  f: {side: enemy, area: A}\n")
    with pytest.raises(ScenarioError, match="over its maximum capacity 2"):
        run(
            "ruleset: agemonia\nareas: {A: {capacity: 2}}\nfigures:\n  e: {side: enemy, area: A, size: large}\n  T: {side: hero, area: A, taunt: 1}\n"
        )
    with pytest.raises(ScenarioError, match="not a valid area name") as error:
        run("ruleset: agemonia\nareas:\n  Big Hall: {capacity: 1}\nfigures:\n  e: {side: enemy, area: A}\n")
    assert "figure label" not in str(error.value)
    with pytest.raises(ScenarioError, match="not a valid area name"):
        run("ruleset: agemonia\nareas: {A: {capacity: 1}}\nfigures:\n  e: {side: enemy, area: " + "x" * 25 + "}\n")


def test_open_attack_readings_are_named_when_they_decide():
    text = """
ruleset: agemonia
areas: {A1: {capacity: 3}, B: {capacity: 3}, C: {capacity: 3}}
links: [A1 == C, A1 -- B, B -- C]
figures:
  e: {side: enemy, area: A1}
  T: {side: hero, area: C, taunt: 2}
active: e
action: {move: 1, attack: {kind: ranged, range: 1}}
"""
    over = run(text).turns[0]
    assert options(run(text)) == {("A1", ("T",))}
    assert any("`range_over_double_lines: true` decides" in step.text for step in over.reasoning)
    single = run(text.replace("active: e", "active: e\nrules: {range_over_double_lines: false}")).turns[0]
    assert any("`range_over_double_lines: false` decides" in step.text for step in single.reasoning)
    plain = run(text.replace("A1 == C", "A1 -- C")).turns[0]
    assert not any("Open reading" in step.text for step in plain.reasoning)


def test_why_not_each_area():
    result = run(
        BLOCKED_ROUTE.replace("Z: {capacity: 3}}", "Z: {capacity: 3}, W: {capacity: 3}, N: {capacity: 0}}").replace(
            "Z -- G]", "Z -- G, G -- W, S == N]"
        )
    )
    ruled = result.turns[0].ruled_out
    assert ruled["F1"].step == "capacity" and "only cross" in ruled["F1"].reason
    assert ruled["N"].step == "capacity" and "no white dots" in ruled["N"].reason
    assert ruled["G"].step == "as-far-as-possible" and ruled["G"].data == {"moves": 3, "move": 2}  # crossing F1 and F2
    assert ruled["X"].step == "attack-areas" and ruled["X"].against == ("Y",)
    assert "Y" not in ruled
    unreachable = run(BLOCKED_ROUTE.replace("S -- X, ", "").replace("F1 -- F2, ", "")).turns[0].ruled_out
    assert unreachable["X"].step == "unreachable"
    taunt = (
        run("""
ruleset: agemonia
areas: {S: {capacity: 3}, A: {capacity: 3}, B: {capacity: 3}, C: {capacity: 3}}
links: [S -- A, S -- B, B -- C]
figures:
  e: {side: enemy, area: S}
  T: {side: hero, area: A, taunt: 4}
  V: {side: hero, area: B, taunt: 2}
  W: {side: hero, area: C, taunt: 9}
active: e
action: {move: 1, attack: {kind: melee}}
""")
        .turns[0]
        .ruled_out
    )
    assert taunt["B"].step == "taunt" and taunt["B"].against == ("A",)
    assert taunt["C"].step == "least-movement"
    here = (
        run("""
ruleset: agemonia
areas: {S: {capacity: 3}, A: {capacity: 3}}
links: [S -- A]
figures:
  e: {side: enemy, area: S}
  T: {side: hero, area: S, taunt: 4}
active: e
action: {move: 1, attack: {kind: melee}}
""")
        .turns[0]
        .ruled_out
    )
    assert here["A"].step == "already-in-attack-area"


# --- issue 25 ----------------------------------------------------------------------------------

TIE = """
ruleset: agemonia
areas:
  L1: {capacity: 3}
  L2: {capacity: 3}
  H: {capacity: 1, height: 1}
links: [L1 -- L2, L1 -- H, L2 -- H]
figures:
  e: {side: enemy, area: L1}
  T: {side: hero, area: H, taunt: 4}
active: e
action: {move: 2, attack: {kind: melee}}
"""


@pytest.mark.parametrize("ties", ["choose", "movement"])
def test_fallback_tie_with_the_enemy_already_in_a_closest_area_stays_with_one_story(ties):
    turn = run(TIE + f"rules: {{fallback_ties: {ties}}}\n").turns[0]
    assert options(run(TIE + f"rules: {{fallback_ties: {ties}}}\n")) == {("L1", ())}
    texts = [s.text for s in turn.reasoning]
    assert not any("moves" in t and "L2" in t and "it does not move" not in t for t in texts[-2:])
    assert sum("does not move" in t for t in texts) == 1
    assert "L2" in turn.ruled_out


INVISIBLE = """
ruleset: agemonia
areas:
  A1: {capacity: 3}
  A2: {capacity: 3}
  A3: {capacity: 3}
  A4: {capacity: 3}
links: [A2 -- A1, A1 -- A3, A3 -- A4]
figures:
  e: {side: enemy, area: A1}
  L: {side: hero, area: A2, taunt: 2}
  T: {side: hero, area: TAREA, taunt: 4, conditions: [invisible]}
active: e
action: {move: 2, attack: {kind: melee}}
"""


def test_invisible_is_discarded_with_an_enemy_within_range_1():
    near = run(INVISIBLE.replace("TAREA", "A3")).turns[0]
    assert {o.attacks for o in near.options} == {("T",)}
    assert any(s.step == "invisible" for s in near.reasoning)
    far = run(INVISIBLE.replace("TAREA", "A4")).turns[0]
    assert {o.attacks for o in far.options} == {("L",)}
    assert not any(s.step == "invisible" for s in far.reasoning)


def test_invisible_discarded_during_the_phase_stays_discarded():
    text = (
        INVISIBLE.replace("TAREA", "A4")
        .replace("active: e\n", "")
        .replace(
            "  e: {side: enemy, area: A1}",
            "  e: {side: enemy, area: A1, type: a, number: 1}\n  f: {side: enemy, area: A3, type: b, number: 1}",
        )
        .replace("A3 -- A4]", "A3 -- A4]\ninitiative: [b, a]")
    )
    result = run(text)
    assert [t.actor for t in result.turns] == ["f", "e"]
    # f stands next to T's area from the start: Invisible goes at once and e may target T as well.
    assert any(s.step == "invisible" for s in result.turns[0].reasoning)
    assert any(s.step == "invisible" for s in result.turns[1].reasoning)


CHASM = """
ruleset: agemonia
areas:
  A1: {capacity: 3}
  Chasm: {capacity: 0}
  A2: {capacity: 3}
links: [A1 -- Chasm, Chasm -- A2]
figures:
  w: {side: enemy, area: A1, fly: true, size: SIZE}
  T: {side: hero, area: A2, taunt: 4}
active: w
action: {move: 2, attack: {kind: melee}}
"""


@pytest.mark.parametrize("size, switch, end", [("large", "true", "A2"), ("large", "false", "A1"), ("normal", "false", "A2")])
def test_large_flyer_over_an_area_without_capacity_follows_the_switch(size, switch, end):
    result = run(CHASM.replace("SIZE", size) + f"rules: {{large_fly_over_no_capacity: {switch}}}\n")
    assert {o.to for o in result.turns[0].options} == {end}
    named = any("large_fly_over_no_capacity" in s.text for s in result.turns[0].reasoning)
    assert named == (size != "normal")
