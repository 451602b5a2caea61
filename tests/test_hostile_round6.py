"""Hostile input on round 6's two riskiest pieces (issue 34): the loader's one-pass read (loader._fast_load) and the
writer that writes out only the parts an edit changed (document/layout.py).

Each writer case here was a break found by random edit sequences on files with every oddity a person may write: a
text that did not load back as the edit meant (or at all), or bytes the whole-tree writer kept and this one lost.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from enemy_move.document.document import ScenarioDocument
from enemy_move.document.nodes import plain
from enemy_move.loader import load_text

ROOT = Path(__file__).resolve().parent.parent
DEMO = (ROOT / "scenarios/gloomhaven/demo.yaml").read_text(encoding="utf-8")


def _loads_as_meant(document: ScenarioDocument) -> str:
    written = document.text()
    assert load_text(written, "f.yaml").data == plain(document.data)
    return written


@pytest.mark.parametrize("ending", ["...\n", "...\n# after the end\n", "... # end\n", "...", "...\n\n"])
def test_a_key_added_after_a_document_end_marker_loads(ending: str) -> None:
    # `...` ends the document: a key written after it (a new last key, or a new child of the last one) made a file
    # that did not load ("expected '<document start>'"), and a save wrote it.
    for edit in (lambda d: d.set("zzz", 1), lambda d: d.set("expect.newkey", 2), lambda d: d.set("rules", {"a": 1})):
        document = ScenarioDocument.from_text(DEMO + ending)
        edit(document)
        _loads_as_meant(document)


_NO_FINAL_BREAK = "ruleset: gloomhaven\nfigures:\n  A: {kind: character, name: Brute, initiative: 40}\nmap: |\n  # # #\n  # A #\n  # # #"


@pytest.mark.parametrize("style", ["|", "|+", "|2", "description >"])
@pytest.mark.parametrize("edit", ["a key after it", "a key before it", "a figure", "the map painted"])
def test_a_block_at_the_end_of_a_file_without_a_final_line_break_keeps_its_value(style: str, edit: str) -> None:
    # At the end of a file without a final line break, a literal block ends without one ("# # #"); a part written
    # after it gave its last line a break, and the map's text became "# # #\n".
    if style == "description >":
        text = _NO_FINAL_BREAK + "\nrules: {}\ndescription: >\n  folded\n  text"
    else:
        text = _NO_FINAL_BREAK.replace("map: |", f"map: {style}")
    document = ScenarioDocument.from_text(text)
    if edit == "a key after it":
        document.set("expect", {"focus": ["A"]})
    elif edit == "a key before it":
        document.set("variant", "gloomhaven")
    elif edit == "a figure":
        document.set("figures.B", {"kind": "character", "name": "X", "initiative": 20})
    else:
        document.set_cell(1, 1, "*")
    _loads_as_meant(document)


_BLOCK_FIGURES = """ruleset:\tgloomhaven
map: |
  # # # # # # #
   # . . . . B #
  # . ^ a A . #
   # . . # . . #
  # # # # # # #
figures:
  A:
    kind: character
    name: Brute
    initiative: 40
  B:
      kind: character
      name: Spellweaver
      initiative: 15
"""


@pytest.mark.parametrize("text", [_BLOCK_FIGURES, _BLOCK_FIGURES.replace("\t", " ") + "...\n"])
def test_the_whole_tree_writer_never_raises_on_a_merge_that_does_not_load(text: str) -> None:
    # A file the part writer has no layout for (a tab after a colon, a document end marker) is written whole: a key
    # added to a mapping indented otherwise than ruamel writes it was merged into a text that did not load, and
    # text() raised the loader's error (a traceback in the editor) instead of writing ruamel's text.
    document = ScenarioDocument.from_text(text)
    assert document.original.layout is None
    document.set("figures.B.at", [1, 0])
    _loads_as_meant(document)


_MIXED = """ruleset: gloomhaven
map: |
  # # # #
  # A a #
  # # # #
figures:
    A: {kind: character, name: Brute, initiative: 40}
    a: {kind: monster, name: Bandit Archer, number: 1}
active: a
action:
  move: 2
  attack: 3
expect:
  focus: [A]
"""


@pytest.mark.parametrize("text", [_MIXED, _MIXED.replace("\n", "\r\n"), (ROOT / "scenarios/gloomhaven/demo.yaml").read_text()])
@pytest.mark.parametrize("four", [False, True])
def test_a_child_written_beside_kept_ones_is_at_their_column(text: str, four: bool) -> None:
    # Sections indented differently (figures' keys at 4, action's at 2), or a file with CRLF line ends indented by 4
    # (whose indentation was guessed as 2: the guess read no line ending in '\r'): a child written in the guessed
    # indentation beside kept children at another column made a text that did not load, and a save wrote it.
    if four:
        text = text.replace("\n  ", "\n    ").replace("\n      ", "\n        ")
    for edit in (
        lambda d: d.set("expect.options", [{"to": [1, 1]}]),
        lambda d: d.set("action.range", 2),
        lambda d: d.set("figures.B", {"kind": "character", "name": "X", "initiative": 9}),
    ):
        document = ScenarioDocument.from_text(text)
        edit(document)
        _loads_as_meant(document)


def test_a_file_with_crlf_line_ends_keeps_its_indentation() -> None:
    demo = (ROOT / "scenarios/gloomhaven/demo.yaml").read_text().replace("\n  ", "\n    ")
    document = ScenarioDocument.from_text(demo.replace("\n", "\r\n"))
    document.set("action.range", 2)
    assert document.text() == demo.replace("  attack: {range: 3}\n", "  attack: {range: 3}\n    range: 2\n").replace("\n", "\r\n")


@pytest.mark.parametrize("value", ["a\r\nb", "a\rb", "x\r", "a\x85b", "a\u2028b", "a\u2029b", "two\nlines", "a\u2028b\r\nc"])
@pytest.mark.parametrize("crlf", [False, True])
def test_a_value_with_any_line_break_reads_back_as_written(value: str, crlf: bool) -> None:
    # A literal block or a plain scalar reads "\r", NEL and the line and paragraph separators back as "\n" or a space:
    # such a value (from --set or a page form) is written double-quoted, its breaks escaped.
    demo = (ROOT / "scenarios/gloomhaven/demo.yaml").read_text()
    document = ScenarioDocument.from_text(demo.replace("\n", "\r\n") if crlf else demo)
    document.set("figures.A.name", value)
    assert load_text(document.text(), "d.yaml").data["figures"]["A"]["name"] == value
