"""Unit and property tests of the Cloudspire minion-movement engine."""

from __future__ import annotations

import json
import textwrap

import pytest
import yaml
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from enemy_move.errors import ScenarioError
from enemy_move.games.cloudspire.routes import mark_distances
from enemy_move.games.cloudspire.terrain import build_board
from enemy_move.games.cloudspire.units import build_units
from enemy_move.geometry import hexgrid
from enemy_move.models import load_scenario_text
from enemy_move.phase import UsageError, resolve
from enemy_move.result import Displaced, Option, result_to_dict


def load(text: str):
    return load_scenario_text(textwrap.dedent(text), "test.yaml")


def run(text: str, variant: str | None = None, choices: dict[str, int] | None = None):
    return resolve(load(text), variant, choices)


def destinations(turn) -> list[list[int]]:
    return sorted(list(o.to) for o in turn.options)


CORRIDOR_UNITS = {
    "m": "{kind: minion, faction: red, move: MOVE}",
    "n": "{kind: minion, faction: red, move: 1}",
    "h": "{kind: hero, faction: red}",
    "H": "{kind: hero, faction: blue}",
}


def corridor(row: str, move: int = 3) -> str:
    """A one-row path; only the units drawn in ``row`` are listed."""
    figures = [f"  {label}: {spec.replace('MOVE', str(move))}" for label, spec in CORRIDOR_UNITS.items() if label in row]
    return "\n".join(["ruleset: cloudspire", "map: |", "  " + row, "figures:", *figures, "marks: {red: [9, 0]}", "active: m", ""])


# --- rule step 1: counting ----------------------------------------------------


def test_distance_counts_through_units_but_not_landmarks():
    scenario = load("""\
        ruleset: cloudspire
        map: |
          , , , * , , ,
           , m , ! , X &
          , , , , , , ,
        figures:
          m: {kind: minion, faction: red, move: 2, allowance: plains}
          X: {kind: hero, faction: blue}
        marks: {red: [6, 1]}
        """)
    board = build_board(scenario)
    units = build_units(scenario, board)
    dist = mark_distances(board, units["m"])
    assert dist[(5, 1)] == 1  # X stands there: counted through
    assert dist[(1, 1)] == 6  # around the landmark and the spire, not 5
    assert (3, 0) not in dist and (3, 1) not in dist


def test_distance_uses_terrain_allowance():
    base = """\
        ruleset: cloudspire
        map: |
          . . . m .
           ^ ^ ^ % .
          ^ & . . .
        figures:
          m: {kind: minion, faction: red, move: 2, allowance: ALLOWANCE}
        marks: {red: [1, 2]}
        """
    for allowance, expected in (("path", 6), ("forest", 4), ("mountain", 3)):
        scenario = load(base.replace("ALLOWANCE", allowance))
        board = build_board(scenario)
        assert mark_distances(board, build_units(scenario, board)["m"])[(3, 0)] == expected


# --- rule steps 2-5 -----------------------------------------------------------------


def test_full_movement_only_on_an_open_path():
    result = run(corridor(". . m . . . . . . &"))
    assert destinations(result.turns[0]) == [[5, 0]]
    assert result.turns[0].options[0].path == ((2, 0), (3, 0), (4, 0), (5, 0))


def test_blocked_by_opposing_unit_uses_less_movement():
    turn = run(corridor(". . m . H . . . . &")).turns[0]
    assert destinations(turn) == [[3, 0]]
    movement_steps = [s.data["movement"] for s in turn.reasoning if s.step == "movement"]
    assert movement_steps == [3, 2, 1]


def test_friendly_minion_blocks():
    assert destinations(run(corridor(". . m n . . . . . &")).turns[0]) == [[2, 0]]


def displaced(option: Option) -> list[str]:
    return [f"{e.figure} to {list(e.to)}" for e in option.effects if isinstance(e, Displaced)]


def test_displaced_hero_swaps_onto_the_hex_the_minion_left():
    result = run(corridor(". . m . h . . . . &"))
    option = result.turns[0].options[0]
    assert option.to == (5, 0) and displaced(option) == ["h to [3, 0]"]
    after = result.boards_after[0]
    assert after.figures["m"] == (5, 0) and after.figures["h"] == (3, 0)


def test_never_back_onto_a_hex_it_left():
    # With 3 hexes it would need to step back from the end of the path.
    text = corridor(". . . . . . m . .").replace("marks: {red: [9, 0]}", "marks: {red: [8, 0]}")
    assert destinations(run(text).turns[0]) == [[8, 0]]


def test_gate_is_never_entered():
    assert destinations(run(corridor(". . . . . . m . . &")).turns[0]) == [[8, 0]]


def test_lateral_move_or_stay():
    text = """\
        ruleset: cloudspire
        map: |
          . . . . . m ^ ^ ^
           ^ ^ ^ ^ . H . . &
        figures:
          m: {kind: minion, faction: red, move: 2}
          H: {kind: hero, faction: blue}
        marks: {red: [8, 1]}
        """
    for variant in ("player", "ai"):
        turn = run(text, variant).turns[0]
        assert destinations(turn) == [[4, 1], [5, 0]]
        kinds = {o.to: o.details["kind"] for o in turn.options}
        assert kinds == {(4, 1): "lateral", (5, 0): "stay"}


OPEN = """\
ruleset: cloudspire
map: |
  . . . . . . .
   . m h . . . &
  . . . . . . .
figures:
  m: {kind: minion, faction: red, move: 2}
  h: {kind: hero, faction: red}
marks: {red: [6, 1]}
"""


def test_player_gets_every_closer_hex_and_displacement_is_optional():
    turn = run(OPEN, "player").turns[0]
    assert sorted(set(map(tuple, destinations(turn)))) == [(2, 1), (3, 0), (3, 1), (3, 2)]
    # [3, 0] is reachable both around h and through h: two different outcomes.
    around = [o for o in turn.options if o.to == (3, 0)]
    assert sorted(displaced(o) for o in around) == [[], ["h to [1, 1]"]]


def test_ai_takes_the_closest_and_prefers_not_to_displace():
    turn = run(OPEN, "ai").turns[0]
    assert destinations(turn) == [[3, 1]]
    assert displaced(turn.options[0]) == ["h to [1, 1]"]
    plain = run(OPEN.replace("   . m h", "   . m .").replace("  h: {kind: hero, faction: red}\n", ""), "ai").turns[0]
    assert destinations(plain) == [[3, 1]] and displaced(plain.options[0]) == []


def test_optional_displacement_false_keeps_only_plain_routes_when_they_progress():
    turn = run(OPEN + "optional_displacement: false\n", "player").turns[0]
    assert destinations(turn) == [[3, 0], [3, 2]]
    assert all(displaced(o) == [] for o in turn.options)


def test_invalid_hex_takes_fewest_hexes_to_valid_terrain_first():
    text = """\
        ruleset: cloudspire
        map: |
          . . . . . . . . . &
           , , , , , , , , ,
        figures:
          m: {kind: minion, faction: red, move: 3, at: [3, 1]}
        marks: {red: [9, 0]}
        """
    assert destinations(run(text, "player").turns[0]) == [[5, 0], [6, 0]]
    assert destinations(run(text, "ai").turns[0]) == [[6, 0]]
    short = run(text.replace("move: 3", "move: 1"), "player").turns[0]
    assert destinations(short) == [[3, 0], [4, 0]]


def test_invalid_hex_movement_short_of_a_valid_hex_ends_on_the_way_never_on_a_unit():
    text = """\
        ruleset: cloudspire
        map: |
          . . . . . . . . . &
           , , , , , , , , ,
          , , , , , , , , , ,
        figures:
          m: {kind: minion, faction: red, move: 1, at: [3, 2]}
          X: {kind: hero, faction: blue, at: [3, 1]}
        marks: {red: [9, 0]}
        """
    # Two plains hexes to the path: with 1 it stops on a hex of a fewest-hexes route, [2, 1] or [3, 1].
    free = run(text.replace("at: [3, 1]", "at: [9, 2]")).turns[0]
    assert [(option.to, option.path, option.details["kind"]) for option in free.options] == [
        ((2, 1), ((3, 2), (2, 1)), "to-valid-hex"),
        ((3, 1), ((3, 2), (3, 1)), "to-valid-hex"),
    ]
    # "unoccupied hexes": X's hex is not on any route.
    assert destinations(run(text).turns[0]) == [[2, 1]]


# --- the phase -------------------------------------------------------------------


PHASE = """\
ruleset: cloudspire
map: |
  . . . . . . .
   . b a . . . &
  . . . . . . .
figures:
  a: {kind: minion, faction: red, move: 2}
  b: {kind: minion, faction: red, move: 2}
marks: {red: [6, 1]}
"""


def test_phase_follows_option_zero_and_choose_picks_another():
    result = run(PHASE)
    assert [t.actor for t in result.turns] == ["a", "b"]
    assert result.turns[0].chosen == 0 and result.boards_after[0].figures["a"] == (3, 1)
    assert [3, 1] not in destinations(result.turns[1])
    replay = run(PHASE, choices={"a": 2})
    assert replay.turns[0].options[2].to == (4, 1)
    assert replay.boards_after[0].figures["a"] == (4, 1)
    assert [3, 1] in destinations(replay.turns[1])
    assert len(replay.boards_after) == 2


def test_leading_minion_ties_follow_order_then_label():
    text = """\
        ruleset: cloudspire
        map: |
          . . a . ^ ^
           ^ ^ ^ . . &
          . . b . ^ ^
        figures:
          a: {kind: minion, faction: red, move: 2}
          b: {kind: minion, faction: red, move: 2}
        marks: {red: [5, 1]}
        """
    assert [t.actor for t in run(text).turns] == ["a", "b"]
    assert [t.actor for t in run(text + "order: [b]\n").turns] == ["b", "a"]


def test_bad_choices_are_reported():
    with pytest.raises(UsageError, match="has 4 options"):
        run(PHASE, choices={"a": 7})
    with pytest.raises(UsageError, match="does not move"):
        run(PHASE, choices={"z": 0})


def test_same_input_same_bytes():
    first = json.dumps(result_to_dict(run(PHASE)))
    assert first == json.dumps(result_to_dict(run(PHASE)))


# --- input errors ----------------------------------------------------------------


@pytest.mark.parametrize(
    "change, message, line",
    [
        (("  . m . . &", "  . m # . &"), "wall is not Cloudspire terrain", 3),
        (("marks: {red: [4, 0]}\n", ""), "minion 'm' has no mark", 5),
        (("marks: {red: [4, 0]}", "marks: {red: [4, 0], gren: [0, 0]}"), "no unit belongs to faction 'gren'", 7),
        (("marks: {red: [4, 0]}", "marks: {red: [9, 9]}"), "not a hex of the map", 7),
        (("active: m", "active: h"), "only minions march", 8),
        (("active: m", "activ: m"), "did you mean 'active'", 8),
        (("move: 2", "move: 20"), "less than or equal to 8", 5),
    ],
)
def test_input_errors_name_the_line(change, message, line):
    text = """\
        ruleset: cloudspire
        map: |
          . m . . &
        figures:
          m: {kind: minion, faction: red, move: 2}
          h: {kind: hero, faction: red, at: [0, 0]}
        marks: {red: [4, 0]}
        active: m
        """
    text = textwrap.dedent(text).replace(*change)
    with pytest.raises(ScenarioError, match=message) as caught:
        resolve(load_scenario_text(text, "bad.yaml"))
    assert caught.value.line == line


@pytest.mark.parametrize("faction", ["red", "Grove tenders", "a: b", "#1", "yes", "No", "x]", "é"])
def test_the_missing_mark_hint_is_yaml_that_reads_back_the_faction(faction):
    figures = {"m": {"kind": "minion", "faction": faction, "move": 2}}
    text = f"ruleset: cloudspire\nmap: |\n  . m . . &\nfigures: {json.dumps(figures)}\nactive: m\n"
    with pytest.raises(ScenarioError, match="has no mark") as caught:
        resolve(load_scenario_text(text, "bad.yaml"))
    snippet = caught.value.message.rsplit("add `", 1)[1].rstrip("`").replace("<col, row>", "[4, 0]")
    assert list(yaml.safe_load(snippet)["marks"]) == [faction]


def test_several_factions_need_a_faction_key():
    text = """\
        ruleset: cloudspire
        map: |
          & r . . b &
        figures:
          r: {kind: minion, faction: red, move: 1}
          b: {kind: minion, faction: blue, move: 1}
        marks: {red: [5, 0], blue: [0, 0]}
        """
    with pytest.raises(ScenarioError, match="several factions"):
        run(text)
    assert [t.actor for t in run(text + "faction: blue\n").turns] == ["b"]
    assert destinations(run(text + "faction: blue\n").turns[0]) == [[3, 0]]


# --- properties --------------------------------------------------------------------

TERRAIN = st.sampled_from([".", ".", ".", ".", ",", "^", "*"])


@st.composite
def boards(draw):
    width = draw(st.integers(4, 7))
    height = draw(st.integers(2, 4))
    # Odd rows have one hex less, so that the board mirrors exactly.
    cells = [(c, r) for r in range(height) for c in range(width - (r & 1))]
    terrain = {cell: draw(TERRAIN) for cell in cells}
    chosen = draw(st.lists(st.sampled_from(cells), min_size=3, max_size=6, unique=True))
    mark, start, others = chosen[0], chosen[1], chosen[2:]
    terrain[mark] = "&"
    # Units stand on path, the moving minion sometimes on plains (an invalid hex for path-only minions).
    terrain[start] = draw(st.sampled_from([".", ".", ","]))
    for cell in others:
        terrain[cell] = "."
    kinds = [draw(st.sampled_from(["hero red", "hero blue", "minion red", "minion blue"])) for _ in others]
    move = draw(st.integers(0, 4))
    allowance = draw(st.sampled_from(["path", "plains"]))
    return width, height, terrain, mark, start, list(zip(others, kinds)), move, allowance


def scenario_text(board, variant: str, mirror: bool = False) -> str:
    width, height, terrain, mark, start, others, move, allowance = board

    def place(cell):
        return hexgrid.mirror_cell_horizontally(cell, width) if mirror else cell

    grid = {place(cell): symbol for cell, symbol in terrain.items()}
    rows = []
    for r in range(height):
        rows.append((" " if r & 1 else "") + " ".join(grid[(c, r)] for c in range(width - (r & 1))))
    figures = [f"  m: {{kind: minion, faction: red, move: {move}, allowance: {allowance}, at: {list(place(start))}}}"]
    for index, (cell, kind) in enumerate(others):
        role, faction = kind.split()
        extra = f", mark: {list(place(mark))}" if role == "minion" else ""
        figures.append(f"  {'ABCD'[index]}: {{kind: {role}, faction: {faction}, at: {list(place(cell))}{extra}}}")
    return "\n".join(
        [
            "ruleset: cloudspire",
            f"variant: {variant}",
            "map: |",
            *("  " + row for row in rows),
            "figures:",
            *figures,
            f"marks: {{red: {list(place(mark))}}}",
            "active: m",
            "",
        ]
    )


def safe_resolve(text: str):
    try:
        return resolve(load_scenario_text(text, "prop.yaml"))
    except ScenarioError:
        return None  # e.g. a unit drawn on a landmark: rejected, not a crash


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(boards())
def test_every_option_path_is_legal(board):
    result = safe_resolve(scenario_text(board, "player"))
    if result is None:
        return
    grid = result.board
    scenario = load_scenario_text(scenario_text(board, "player"), "prop.yaml")
    units = build_units(scenario, grid)
    minion = units["m"]
    dist = mark_distances(grid, minion)
    turn = result.turns[0]
    assert turn.options, "staying put is always possible when nothing else is"
    start = grid.figures["m"]
    for option in turn.options:
        path = option.path
        assert path[0] == start and path[-1] == option.to
        assert len(path) - 1 <= minion.move
        assert len(set(path)) == len(path), "never back onto a hex it left"
        for a, b in zip(path, path[1:]):
            assert b in grid.adjacent(a)
        for cell in path[1:]:
            occupant = grid.occupant(cell)
            if occupant is not None:
                other = units[occupant]
                assert other.kind == "hero" and other.faction == "red", f"went through {occupant}"
        kind = option.details["kind"]
        if kind in ("progress", "lateral") and start in dist:
            assert grid.terrain[option.to] in minion.allowed
            assert (dist[option.to] < dist[start]) if kind == "progress" else (dist[option.to] == dist[start])
    progress = [o for o in turn.options if o.details["kind"] == "progress"]
    if progress and start in dist:
        # Steps 2-4: every progress option uses the same, largest movement value.
        assert len({len(o.path) for o in progress}) == 1


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(boards())
def test_ai_options_are_the_closest_player_options(board):
    player = safe_resolve(scenario_text(board, "player"))
    ai = safe_resolve(scenario_text(board, "ai"))
    if player is None:
        assert ai is None
        return
    player_to = {o.to for o in player.turns[0].options}
    ai_options = ai.turns[0].options
    assert {o.to for o in ai_options} <= player_to
    progress = [o for o in player.turns[0].options if o.details["kind"] == "progress"]
    if progress and "distance" in progress[0].details:
        best = min(o.details["distance"] for o in progress)
        assert {o.to for o in ai_options} == {o.to for o in progress if o.details["distance"] == best}


@settings(max_examples=100, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(boards(), st.sampled_from(["player", "ai"]))
def test_mirroring_the_board_mirrors_the_answer(board, variant):
    straight = safe_resolve(scenario_text(board, variant))
    mirrored = safe_resolve(scenario_text(board, variant, mirror=True))
    if straight is None:
        assert mirrored is None
        return
    width = board[0]
    flip = lambda cell: hexgrid.mirror_cell_horizontally(cell, width)  # noqa: E731
    assert {flip(o.to) for o in straight.turns[0].options} == {o.to for o in mirrored.turns[0].options}


@settings(max_examples=100, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(boards(), st.sampled_from(["player", "ai"]))
def test_phase_moves_every_minion_once_and_never_stacks_units(board, variant):
    # Drop `active:` so that every red minion moves, leading minion first.
    text = scenario_text(board, variant).replace("active: m\n", "")
    result = safe_resolve(text)
    if result is None:
        return
    red_minions = sorted(
        label for label, cell in result.board.figures.items() if label == "m" or f"{label}: {{kind: minion, faction: red" in text
    )
    assert sorted(t.actor for t in result.turns) == red_minions
    assert len(result.boards_after) == len(result.turns)
    before = result.board
    for turn, after in zip(result.turns, result.boards_after):
        followed = turn.options[turn.chosen]
        assert before.figures[turn.actor] == followed.path[0]
        assert after.figures[turn.actor] == followed.to
        assert len(set(after.figures.values())) == len(after.figures), "two units on one hex"
        moved = {label for label in after.figures if after.figures[label] != before.figures[label]}
        heroes = moved - {turn.actor}
        assert sorted(heroes) == sorted(e.figure for e in followed.effects if isinstance(e, Displaced))
        before = after


# --- issue 13: missing rules, open readings, why not this hex -------------------------


def test_through_units_passes_units_but_ends_only_on_free_hexes_or_friendly_heroes():
    text = corridor(". . m . H . . . . &").replace("move: 3}", "move: 3, through_units: true}")
    assert destinations(run(text).turns[0]) == [[5, 0]]
    assert destinations(run(corridor(". . m . H . . . . &")).turns[0]) == [[3, 0]]
    onto_hero = corridor(". . m . h . . . . &").replace("move: 3}", "move: 3, through_units: true}")
    option = run(onto_hero).turns[0].options[0]
    assert option.to == (5, 0) and displaced(option) == []  # passes h without swapping
    blocked_end = run(corridor(". . m . . H . . . &").replace("move: 3}", "move: 3, through_units: true}")).turns[0]
    assert destinations(blocked_end) == [[4, 0]]  # [5, 0] holds H: it cannot end there, 2 hexes then


def test_ai_heroes_move_toward_their_mark_after_the_minions():
    text = """
        ruleset: cloudspire
        variant: ai
        map: |
          h . m . . . . . . &
        figures:
          m: {kind: minion, faction: red, move: 2}
          h: {kind: hero, faction: red, move: 2}
        marks: {red: [9, 0]}
    """
    result = run(text)
    assert [(t.actor, destinations(t)) for t in result.turns] == [("m", [[4, 0]]), ("h", [[2, 0]])]
    player = run(text.replace("variant: ai", "variant: player"))
    assert [t.actor for t in player.turns] == ["m"]
    with pytest.raises(ScenarioError, match="AI-controlled heroes"):
        run(textwrap.dedent(text).replace("variant: ai", "variant: player") + "active: h\n")


def test_open_readings_mark_reached_walled_mark_and_other_gates():
    past = """
        ruleset: cloudspire
        map: |
          . . m . . . . . .
        figures:
          m: {kind: minion, faction: red, move: 4}
        marks: {red: [5, 0]}
        active: m
    """
    walked = run(past).turns[0]
    assert destinations(walked) == [[6, 0]]
    assert any("stop_at_mark: false" in step.text for step in walked.reasoning)
    assert destinations(run(textwrap.dedent(past) + "stop_at_mark: true\n").turns[0]) == [[5, 0]]
    walled = """
        ruleset: cloudspire
        map: |
          . . m . . . . ^ ^ &
           . . . . . . ^ ^ ^
        figures:
          m: {kind: minion, faction: red, move: 1}
        marks: {red: [9, 0]}
        active: m
    """
    stays = run(walled).turns[0]
    assert destinations(stays) == [[2, 0]]
    assert "Mark unreachable" in stays.reasoning[0].text and not any(step.step == "invalid-hex" for step in stays.reasoning)
    lateral = run(textwrap.dedent(walled) + "walled_mark: lateral\n").turns[0]
    assert destinations(lateral) == [[1, 0], [1, 1], [2, 0], [2, 1], [3, 0]]
    gate = """
        ruleset: cloudspire
        map: |
          . . m . . & . . .
        figures:
          m: {kind: minion, faction: red, move: 4}
        marks: {red: [8, 0]}
        active: m
    """
    blocked = run(gate).turns[0]
    assert destinations(blocked) == [[2, 0]] and "goes beyond the C1 procedure" in blocked.reasoning[0].text
    assert destinations(run(textwrap.dedent(gate) + "other_gates: pass\n").turns[0]) == [[6, 0]]


def test_why_not_each_hex():
    text = """
        ruleset: cloudspire
        variant: ai
        map: |
          . . m . H . . * . &
           , . . . . . . . .
        figures:
          m: {kind: minion, faction: red, move: 3}
          H: {kind: hero, faction: blue}
        marks: {red: [9, 0]}
        active: m
    """
    turn = run(text).turns[0]
    assert turn.options and all(o.details["kind"] == "progress" for o in turn.options)
    ruled = turn.ruled_out
    chosen = tuple(o.to for o in turn.options)
    assert ruled[(7, 0)].step == "terrain" and "landmark" in ruled[(7, 0)].reason
    assert ruled[(9, 0)].step == "terrain" and "gate" in ruled[(9, 0)].reason
    assert ruled[(0, 1)].step == "terrain" and "allowance" in ruled[(0, 1)].reason
    assert ruled[(4, 0)].step == "blocking" and "opposing unit" in ruled[(4, 0)].reason
    assert ruled[(0, 0)].step == "movement"
    assert any(r.step == "movement" and "not closer" in r.reason for r in ruled.values())
    assert any(r.step == "closest" and r.against == chosen for r in ruled.values())
    assert all(o.to not in ruled for o in turn.options)
    assert ruled[(8, 1)].step == "movement" and "not reachable" in ruled[(8, 1)].reason


def test_text_view_shows_no_focus_or_attacks_for_cloudspire(tmp_path):
    from typer.testing import CliRunner

    from enemy_move.cli import app

    path = tmp_path / "m.yaml"
    path.write_text(corridor(". . m . . . . . . &"))
    output = CliRunner().invoke(app, ["resolve", str(path)], env={"COLUMNS": "120"}).output
    assert "Options for m" in output and "focus:" not in output and "attacks" not in output


# --- issue 25: displacement onto an occupied hex, ordering AI heroes, `order:` never ignored ---------

OCCUPIED_SWAP = textwrap.dedent("""\
    ruleset: cloudspire
    variant: VARIANT
    map: |
      . n m H h . . . . &
       . . . . . . . . .
    figures:
      m: {kind: minion, faction: red, move: 2, through_units: true}
      n: {kind: minion, faction: red, move: 3}
      H: {kind: hero, faction: blue}
      h: {kind: hero, faction: red}
    marks: {red: [9, 0]}
    """)


def test_displaced_hero_goes_to_an_adjacent_hex_of_the_players_choosing_when_the_swap_hex_is_occupied():
    turn = run(OCCUPIED_SWAP.replace("VARIANT", "ai") + "active: m\n").turns[0]
    places = [[e.to for e in o.effects if isinstance(e, Displaced)] for o in turn.options]
    assert [o.to for o in turn.options] == [(4, 0)] * 3
    assert places == [[(3, 1)], [(4, 1)], [(5, 0)]]  # never [3, 0], where H stands
    assert "adjacent hex of the players' choosing" in " ".join(s.text for s in turn.reasoning)


@pytest.mark.parametrize("variant", ["ai", "player"])
@pytest.mark.parametrize("choice", [0, 1, 2, 3])
def test_the_board_after_the_phase_never_loses_a_figure(variant, choice):
    scenario = load(OCCUPIED_SWAP.replace("VARIANT", variant))
    try:
        result = resolve(scenario, None, {"m": choice})
    except UsageError:
        return  # fewer options than `choice` in this variant
    assert result.final is not None
    final = result.final.figures
    assert sorted(final) == ["H", "h", "m", "n"]
    assert len(set(final.values())) == 4


def test_passing_through_a_friendly_hero_does_not_displace_it():
    text = """\
        ruleset: cloudspire
        map: |
          . . m h . . . . . &
        figures:
          m: {kind: minion, faction: red, move: 3, through_units: true}
          h: {kind: hero, faction: red}
        marks: {red: [9, 0]}
        active: m
        """
    (option,) = run(text).turns[0].options
    assert option.to == (5, 0) and not [e for e in option.effects if isinstance(e, Displaced)]


AI_HERO = textwrap.dedent("""\
    ruleset: cloudspire
    variant: ai
    map: |
      h . m . . . . . . &
    figures:
      m: {kind: minion, faction: red, move: 2}
      h: {kind: hero, faction: red, move: 2}
    marks: {red: [9, 0]}
    """)


def test_ai_heroes_go_after_the_minions_unless_the_players_put_them_first():
    assert [t.actor for t in run(AI_HERO).turns] == ["m", "h"]
    assert "the players order them" in run(AI_HERO).turns[0].reasoning[0].text
    assert [t.actor for t in resolve(load(AI_HERO), None, None, ("h",)).turns] == ["h", "m"]
    assert [t.actor for t in run(AI_HERO + "order: [h, m]\n").turns] == ["h", "m"]
    assert [t.actor for t in run(AI_HERO + "order: [m, h]\n").turns] == ["m", "h"]


def test_order_with_an_active_unit_is_an_error_not_ignored():
    with pytest.raises(ScenarioError, match="with `active:` only one unit moves") as caught:
        run(AI_HERO + "active: m\norder: [m]\n")
    assert caught.value.line == 10
