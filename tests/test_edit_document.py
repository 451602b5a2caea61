"""The scenario document layer (enemy_move/document/): round trip, keys, figures, walls, sizes and the next round."""

from __future__ import annotations

import glob
import os
import stat
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from enemy_move.document.atomic import WriteError, write_atomic
from enemy_move.document.document import EditError, ScenarioDocument, guess_indent
from enemy_move.errors import ScenarioError
from enemy_move.geometry import hexgrid, squaregrid
from enemy_move.phase import resolve
from enemy_move.starters import starter, starter_rulesets

GLOOMHAVEN = """\
# A hand-written board: this comment stays.
ruleset: gloomhaven
title: "Quoted title"   # so does this one
map: |
  # # # # # # #
   # . . . . B #
  # . ^ a A . #
   # . . # . . #
  # # # # # # #
figures:
  a: {kind: monster, name: Bandit Archer, number: 1}
  A: {kind: character, name: Brute, initiative: 40}   # the Brute
  B: {kind: character, name: Spellweaver, initiative: 15}
active: a
action:
  move: 2
  attack: {range: 3}
expect:
  focus: [A]
  options:
    - {to: [2, 1], attacks: [A]}
"""


def doc(text: str = GLOOMHAVEN) -> ScenarioDocument:
    return ScenarioDocument.from_text(text, "board.yaml")


# --- round trip ------------------------------------------------------------------------------


@pytest.mark.parametrize("path", sorted(glob.glob("scenarios/*/*.yaml"))[::7])
def test_an_untouched_file_is_written_back_byte_for_byte(path: str) -> None:
    text = Path(path).read_text(encoding="utf-8")
    assert ScenarioDocument.from_path(path).text() == text


def test_an_edit_keeps_comments_order_and_quoting() -> None:
    document = doc()
    document.set("figures.A.initiative", 12)
    text = document.text()
    assert text == GLOOMHAVEN.replace("initiative: 40}", "initiative: 12}")


def test_other_indentation_is_kept() -> None:
    text = "ruleset: gloomhaven\nmap: |\n    a . A\nfigures:\n    a: {kind: monster}\n    A: {kind: character}\nexpect:\n    options:\n    -   {to: [1, 0]}\n"
    assert guess_indent(text)[0] == 4
    document = doc(text)
    document.set("figures.A.initiative", 5)
    assert document.text() == text.replace("{kind: character}", "{kind: character, initiative: 5}")


def test_bad_yaml_is_the_loaders_own_located_error() -> None:
    with pytest.raises(ScenarioError) as caught:
        doc("ruleset: gloomhaven\nfigures: &x {}\n")
    assert (caught.value.file, caught.value.line) == ("board.yaml", 2)
    assert "anchors" in caught.value.message


def test_validate_reports_the_located_loader_error() -> None:
    document = doc()
    document.set("action.move", 40)
    with pytest.raises(ScenarioError) as caught:
        document.validate()
    assert caught.value.line == 16 and "less than or equal to 15" in caught.value.message


def test_copy_is_a_snapshot() -> None:
    document = doc()
    snapshot = document.copy()
    document.place("a", 1, 1)
    assert snapshot.text() == GLOOMHAVEN
    assert snapshot.positions()["a"] == (3, 2)


# --- keys --------------------------------------------------------------------------------------


def test_get_set_delete_dotted_keys() -> None:
    document = doc()
    assert document.get("action.move") == 2
    assert document.get("figures.A") == {"kind": "character", "name": "Brute", "initiative": 40}
    assert document.get("expect.options.0.to") == [2, 1]
    assert document.get("action.jump", "absent") == "absent"
    document.set("action.attack.targets", 2)
    document.set("rules.later_attack_targets", "any")
    document.set("variant", "frosthaven")
    document.delete("expect")
    document.delete("no.such.key")  # nothing to delete: nothing happens
    text = document.text()
    assert "  attack: {range: 3, targets: 2}\n" in text
    assert "rules: {later_attack_targets: any}\n" in text
    # A new top-level key goes where it belongs (after ruleset), not at the end.
    assert text.splitlines()[1:3] == ["ruleset: gloomhaven", "variant: frosthaven"]
    assert "expect" not in text
    document.validate()


def test_set_refuses_a_key_below_a_plain_value() -> None:
    document = doc()
    with pytest.raises(EditError, match="action.move is the number 2, not a mapping"):
        document.set("action.move.value", 3)
    with pytest.raises(EditError, match="is not a key"):
        document.set("action..move", 3)


def test_set_a_list_and_a_mapping_in_flow_style() -> None:
    document = doc()
    document.set("action", [{"move": 2}, {"attack": {"range": 2}}])
    document.set("figures.A.conditions", ["poisoned"])
    assert "action: [{move: 2}, {attack: {range: 2}}]\n" in document.text()
    assert "conditions: [poisoned]}" in document.text()
    document.validate()


def test_digit_labels_written_as_numbers() -> None:
    document = doc("ruleset: gloomhaven\nmap: |\n  1 . A\nfigures:\n  1: {kind: monster}\n  A: {kind: character}\n")
    document.set("figures.1.elite", True)
    assert document.get("figures.1.elite") is True
    document.place("1", 1, 0)
    assert document.positions() == {"1": (1, 0), "A": (2, 0)}
    document.validate()


# --- grid maps ---------------------------------------------------------------------------------


def test_cells_and_size() -> None:
    document = doc()
    assert document.size == (7, 5)
    assert document.cell(2, 2) == "^"
    assert document.cell(3, 2) == "."  # the archer stands on open floor
    assert document.cell(0, 1) == "#"  # odd rows are shifted: [0, 1] is text column 1
    assert document.cell(7, 2) == " "  # past the end of the row: no cell
    assert document.figure_at(3, 2) == "a" and document.figure_at(1, 1) is None


def test_place_moves_the_letter_and_uses_at_on_other_terrain() -> None:
    document = doc()
    document.place("a", 2, 2)  # onto the trap: the map keeps the trap, the figure gets `at:`
    assert document.cell(2, 2) == "^" and document.figure_at(2, 2) == "a"
    assert document.get("figures.a.at") == [2, 2]
    assert " # . . . . B #\n  # . ^ . A . #" in document.text()
    document.place("a", 1, 1)  # back onto floor: drawn again, `at:` gone
    assert document.get("figures.a.at") is None
    assert "   # a . . . B #\n" in document.text()
    document.validate()


def test_place_refuses_taken_and_missing_cells() -> None:
    document = doc()
    with pytest.raises(EditError, match="taken by figure 'A'"):
        document.place("a", 4, 2)
    with pytest.raises(EditError, match="not a cell of the map"):
        document.place("a", 9, 9)
    with pytest.raises(EditError, match="not a figure label"):
        document.place("ab", 1, 1)


def test_place_creates_a_figure_with_the_games_template() -> None:
    document = doc()
    document.place("b", 1, 2)
    document.place("C", 1, 3)
    assert document.get("figures.b") == {"kind": "monster"}
    assert document.get("figures.C") == {"kind": "character"}
    document.validate()


def test_remove_figure() -> None:
    document = doc()
    document.remove_figure("B")
    assert "B" not in document.labels() and document.cell(5, 1) == "."
    with pytest.raises(EditError, match="no figure 'B'"):
        document.remove_figure("B")
    document.validate()


def test_emptied_mappings_are_written_in_flow_style() -> None:
    document = ScenarioDocument.new("gloomhaven")
    for label in document.labels():
        document.remove_figure(label)
    document.delete("action.move")
    document.delete("action.attack")
    text = document.text()
    assert "\nfigures: {}  " in text and "\naction: {}  " in text
    assert ScenarioDocument.from_text(text).text() == text


def test_set_cell_keeps_a_drawn_figure_in_place() -> None:
    document = doc()
    document.set_cell(1, 2, "%")
    document.set_cell(4, 2, "~")  # under the Brute: he keeps his cell with `at:`
    assert document.cell(1, 2) == "%" and document.cell(4, 2) == "~"
    assert document.figure_at(4, 2) == "A" and document.get("figures.A.at") == [4, 2]
    with pytest.raises(EditError, match="not a terrain symbol"):
        document.set_cell(1, 1, "x")
    document.validate()


def test_toggle_wall_adds_then_removes() -> None:
    document = doc()
    document.toggle_wall((1, 1), (2, 1))
    assert document.walls() == [((1, 1), (2, 1))]
    # A new key goes before figures, in flow style.
    assert "  # # # # # # #\nwalls: [[[1, 1], [2, 1]]]\nfigures:\n" in document.text()
    document.validate()
    document.toggle_wall((2, 1), (1, 1))
    assert document.walls() == []
    with pytest.raises(EditError, match="not neighbours"):
        document.toggle_wall((1, 1), (3, 1))


def test_resize_cuts_figures_and_walls_and_grows_floor() -> None:
    document = doc()
    document.toggle_wall((5, 1), (5, 2))
    document.resize(5, 5)
    assert document.size == (5, 5)
    assert "B" not in document.labels() and document.walls() == []
    document.resize(8, 6)
    assert document.size == (8, 6) and document.cell(7, 5) == "."
    with pytest.raises(EditError):
        document.resize(0, 3)


def test_square_grid_columns() -> None:
    document = ScenarioDocument.new("perditions-mouth")
    assert document.cell(0, 1) == "#" and document.figure_at(1, 1) == "g"
    document.place("g", 2, 1)
    assert "  # . g . . . . A . #\n" in document.text()
    document.validate()


# --- new boards --------------------------------------------------------------------------------


@pytest.mark.parametrize("ruleset", starter_rulesets())
def test_new_is_the_starter_and_valid(ruleset: str) -> None:
    document = ScenarioDocument.new(ruleset)
    assert document.text() == starter(ruleset, document.game.default_variant if document.game else "")
    document.validate()


@pytest.mark.parametrize("ruleset", ["gloomhaven", "perditions-mouth", "cloudspire"])
def test_new_with_a_size_is_a_valid_room(ruleset: str) -> None:
    document = ScenarioDocument.new(ruleset, size=(9, 7))
    assert document.size == (9, 7)
    assert document.get("expect") is None  # the starter's answer was for its own board
    scenario = document.validate()
    resolve(scenario)
    wall = document.game.wall_symbol if document.game else ""
    assert document.cell(0, 0) == (wall or ".") and document.cell(4, 3) in (".",)


def test_new_room_keeps_figures_where_they_fit() -> None:
    document = ScenarioDocument.new("gloomhaven", size=(4, 4))
    assert set(document.positions().values()) <= {(1, 1), (2, 1), (1, 2), (2, 2)}
    assert document.positions()["a"] == (2, 2)  # where the starter has it
    document.validate()


def test_new_refuses_what_it_cannot_make() -> None:
    with pytest.raises(EditError, match="unknown ruleset"):
        ScenarioDocument.new("chess")
    with pytest.raises(EditError, match="unknown variant"):
        ScenarioDocument.new("gloomhaven", "jaws")
    with pytest.raises(EditError, match="area map"):
        ScenarioDocument.new("agemonia", size=(5, 5))
    with pytest.raises(EditError, match="walled room is 3 to 64"):
        ScenarioDocument.new("gloomhaven", size=(2, 9))


# --- area maps ---------------------------------------------------------------------------------


def test_area_maps_place_in_area() -> None:
    document = ScenarioDocument.new("agemonia")
    document.place_in_area("s", "A2")
    document.place_in_area("t", "A1")  # a new enemy from the game's template
    assert document.positions() == {"s": "A2", "L": "A3", "t": "A1"}
    assert document.get("figures.t") == {"side": "enemy", "area": "A1"}
    with pytest.raises(EditError, match="no area 'Z9'"):
        document.place_in_area("s", "Z9")
    with pytest.raises(EditError, match="area map"):
        document.place("s", 1, 1)
    document.validate()


# --- the next round ----------------------------------------------------------------------------


def after(text: str, **choices: int) -> ScenarioDocument:
    document = doc(text)
    return document.after_phase(resolve(document.validate(), choices=choices))


def test_after_phase_gloomhaven_springs_the_trap() -> None:
    text = "ruleset: gloomhaven\nmap: |\n  a . ^ . A\nfigures:\n  a: {kind: monster}\n  A: {kind: character}\nactive: a\naction: {move: 3, attack: {range: 0}}\nexpect: {focus: [A]}\n"
    result = after(text)
    assert result.text() == text.replace("a . ^ . A", ". . . a A").replace("expect: {focus: [A]}\n", "")
    result.validate()


def test_after_phase_follows_the_chosen_option() -> None:
    document = doc()
    result = resolve(document.validate(), choices={"a": 1})
    assert document.after_phase(result).positions()["a"] == (2, 3)
    assert document.after_phase(resolve(document.validate())).positions()["a"] == (2, 1)


def test_after_phase_perditions_mouth_trample_and_door() -> None:
    trample = "ruleset: perditions-mouth\nmap: |\n  c b . . . . . A . .\nfigures:\n  c: {kind: chileen}\n  b: {kind: boneworm}\n  A: {kind: hero}\nactive: c\n"
    next_round = after(trample)
    assert next_round.positions() == {"b": (0, 0), "c": (3, 0), "A": (7, 0)}
    assert "  b . . c . . . A . .\n" in next_round.text()
    door = "ruleset: perditions-mouth\nmap: |\n  # # # # # # #\n  . . a + . ! #\n  # # # # # # #\nfigures:\n  a: {kind: acolyte}\n"
    opened = after(door)
    # The map shows the open door; the acolyte standing in the doorway is given `at:`.
    assert "  . . . / . ! #\n" in opened.text()
    assert opened.cell(3, 1) == "/" and opened.get("figures.a.at") == [3, 1]
    opened.validate()


def test_after_phase_wakes_sleepers() -> None:
    text = "ruleset: perditions-mouth\nmap: |\n  . # . . .\n  s # . . A\nfigures:\n  s: {kind: summoner, sleeping: true}\n  A: {kind: hero, health: 3}\n"
    assert after(text).get("figures.s") == {"kind": "summoner"}


def test_after_phase_cloudspire_displaced_hero() -> None:
    text = "ruleset: cloudspire\nmap: |\n  . . m . h . . . . &\nfigures:\n  m: {kind: minion, faction: red, move: 3}\n  h: {kind: hero, faction: red}\nmarks: {red: [9, 0]}\nactive: m\n"
    next_round = after(text)
    assert "  . . . h . m . . . &\n" in next_round.text()
    next_round.validate()


def test_after_phase_agemonia_moves_and_discards_the_trap() -> None:
    text = """\
ruleset: agemonia
areas:
  A1: {capacity: 3}
  Pit: {capacity: 3, trap: true}   # the trap token
  A3: {capacity: 3}
links: [A1 -- Pit, Pit -- A3]
figures:
  e: {side: enemy, name: Ghoul, area: A1}
  L: {side: hero, name: Lunara, area: A3, taunt: 2}
active: e
action: {move: 2, attack: {kind: melee}}
"""
    next_round = after(text)
    # The comment stays at its column.
    assert next_round.text() == text.replace("3, trap: true}   #", "3}               #").replace("area: A1}", "area: A3}")
    next_round.validate()


@pytest.mark.parametrize("path", sorted(glob.glob("scenarios/*/*.yaml")))
def test_after_phase_is_the_final_board_of_every_project_scenario(path: str) -> None:
    from enemy_move.phase import pick_variant
    from enemy_move.registry import game as get

    document = ScenarioDocument.from_path(path)
    scenario = document.validate()
    result = resolve(scenario)
    following = document.after_phase(result).validate()
    game = get(following.ruleset)
    assert game is not None
    play = game.setup(following, pick_variant(game, following, None))
    assert result.final is not None
    assert play.state.figures == result.final.figures
    assert play.state.part.get("asleep") == result.final.part.get("asleep")
    final_board = result.boards_after[-1] if result.boards_after else result.board
    assert getattr(play.board, "terrain", None) == getattr(final_board, "terrain", None)


# --- atomic writes -----------------------------------------------------------------------------


def test_write_atomic_replaces_the_file(tmp_path: Path) -> None:
    target = tmp_path / "board.yaml"
    target.write_text("old\n", encoding="utf-8")
    os.chmod(target, 0o640)
    write_atomic(target, "new\n")
    assert target.read_text(encoding="utf-8") == "new\n"
    assert os.stat(target).st_mode & 0o777 == 0o640
    assert os.listdir(tmp_path) == ["board.yaml"]


def test_a_failed_write_leaves_the_old_file(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    target = tmp_path / "board.yaml"
    target.write_text("old\n", encoding="utf-8")

    def no_space(source: str, destination: str) -> None:
        raise OSError(28, "No space left on device")

    monkeypatch.setattr(os, "replace", no_space)
    with pytest.raises(WriteError, match="No space left on device.*the old file is unchanged"):
        write_atomic(target, "new\n")
    assert target.read_text(encoding="utf-8") == "old\n"
    assert os.listdir(tmp_path) == ["board.yaml"]  # no temporary file left behind


def test_a_symbolic_link_keeps_pointing_at_the_replaced_file(tmp_path: Path) -> None:
    real = tmp_path / "real.yaml"
    real.write_text("old\n", encoding="utf-8")
    link = tmp_path / "board.yaml"
    link.symlink_to(real)
    write_atomic(link, "new\n")
    assert link.is_symlink() and real.read_text(encoding="utf-8") == "new\n"


def test_a_pipe_is_written_in_place_not_renamed_over(tmp_path: Path) -> None:
    fifo = tmp_path / "pipe"
    os.mkfifo(fifo)
    reader = os.open(fifo, os.O_RDONLY | os.O_NONBLOCK)
    try:
        write_atomic(fifo, "through the pipe\n")
        assert os.read(reader, 100) == b"through the pipe\n"
    finally:
        os.close(reader)
    assert stat.S_ISFIFO(os.stat(fifo).st_mode)


def test_a_folder_is_refused(tmp_path: Path) -> None:
    with pytest.raises(WriteError, match="it is a folder"):
        write_atomic(tmp_path, "text\n")


def test_save_writes_where_the_document_was_read(tmp_path: Path) -> None:
    target = tmp_path / "board.yaml"
    target.write_text(GLOOMHAVEN, encoding="utf-8")
    document = ScenarioDocument.from_path(target)
    document.set("action.move", 3)
    assert document.save() == target
    assert "  move: 3\n" in target.read_text(encoding="utf-8")
    with pytest.raises(EditError, match="no file"):
        doc().save()


# --- any sequence of edits -------------------------------------------------------------------

_CELLS = st.tuples(st.integers(0, 6), st.integers(0, 5))
_EDITS = st.lists(
    st.one_of(
        st.tuples(st.just("paint"), _CELLS, st.sampled_from(".#*^~% ")),
        st.tuples(st.just("place"), _CELLS, st.sampled_from("aAbB")),
        st.tuples(st.just("wall"), _CELLS, st.integers(0, 5)),
        st.tuples(st.just("remove"), _CELLS, st.sampled_from("aAbB")),
    ),
    max_size=12,
)


@settings(max_examples=60, deadline=None)
@given(_EDITS, st.sampled_from(["gloomhaven", "perditions-mouth"]))
def test_any_edits_leave_a_file_that_reads_back_the_same(edits: list[tuple[str, tuple[int, int], object]], ruleset: str) -> None:
    """Whatever the edits (some refused), the text parses, reads back to the same document, and every
    figure stands where the document says, drawn or with `at:` but never both."""
    document = ScenarioDocument.new(ruleset, size=(7, 6))
    for what, (col, row), argument in edits:
        try:
            if what == "paint":
                document.set_cell(col, row, str(argument))
            elif what == "place":
                document.place(str(argument), col, row)
            elif what == "remove":
                document.remove_figure(str(argument))
            else:
                around = (hexgrid if ruleset == "gloomhaven" else squaregrid).neighbours((col, row))
                document.toggle_wall((col, row), around[int(str(argument)) % len(around)])
        except EditError:
            continue
    again = ScenarioDocument.from_text(document.text())
    assert again.text() == document.text()
    positions = again.positions()
    assert len(set(positions.values())) == len(positions)  # no two figures on one cell
    for label, cell in positions.items():
        drawn = again.cell(*cell) == "." and again.get(f"figures.{label}.at") is None
        assert drawn or again.get(f"figures.{label}.at") == list(cell)
    assert set(positions) == set(again.labels())


def _indent_tried_on_every_line(text: str) -> tuple[int, int, int]:
    """guess_indent as it was: its `key:` expression tried on every line (it now skips a line that cannot match)."""
    import re
    from itertools import pairwise

    mapping, sequence, offset = 2, 4, 2
    lines = (line for line in text.splitlines() if line.strip() and not line.lstrip().startswith("#"))
    found_mapping = found_sequence = False
    for before, after in pairwise(lines):
        header = re.match(r"^( *)(?:- +)?[^\s#:][^:#]*: *(?:#.*)?$", before)
        if header is None:
            continue
        outer, inner = len(header.group(1)), len(after) - len(after.lstrip(" "))
        dash = re.match(r"^( *)- +", after)
        if dash is not None and inner >= outer and not found_sequence:
            offset, sequence, found_sequence = inner - outer, dash.end() - outer, True
        elif dash is None and inner > outer and not found_mapping and not before.lstrip().startswith("- "):
            mapping, found_mapping = inner - outer, True
        if found_mapping and found_sequence:
            break
    return (mapping, sequence, offset)


def test_guess_indent_skips_only_lines_its_expression_refuses() -> None:
    import random

    rng = random.Random(1027)
    parts = ["a:", "a: ", "a:  ", "a: # c", "a:# c", "a: b", "- a:", "  - b", "  c: d", "    e:", "x: {y: z}", "#c", "", " "]
    parts += ["a:\t", "a: :", "k:x", "a:\r", "  - ", "-  a:", "a #: b", "a: b # c:", "é:", "a\u2028:"]
    texts = [path.read_text(encoding="utf-8") for path in sorted((Path(__file__).resolve().parent.parent / "scenarios").rglob("*.yaml"))]
    texts += ["\n".join(" " * rng.randint(0, 4) + rng.choice(parts) for _ in range(rng.randint(1, 8))) for _ in range(5000)]
    for text in texts:
        assert guess_indent(text) == _indent_tried_on_every_line(text), repr(text)
