"""The line-by-line read of a plain text into both readings (document/linetree.py, issue 34) gives what the one pass
over libyaml's events gives (onepass._read): the loader's document (values, positions of every value and key in the
same order, block origins), the same tree (node classes, scalars' own attributes, line marks, styles) and the same
lines only ruamel writes; read_both then gives the same layout, and every edit writes the same bytes.

Every scenario file of the project, of tests/ and of the shared suites, seeded random damage to them, plain_yaml's
generated files and the runs of list items read together (``- text``, ``- [text, text]``) at their edges; each part
counts that the line read took texts (a test that cannot fail otherwise) and that some were left to the events.
"""

from __future__ import annotations

import random
import sys
from pathlib import Path
from typing import Any

import pytest
from test_fastread import TEXTS, _ops, _run, _shape
from test_loader_fast import SIGNS, damaged
from test_onepass import FILES, MORE_SIGNS, TYPED, _scalars, _texts
from test_plain_yaml import generated

from enemy_move import plain_yaml
from enemy_move.document import linetree, onepass
from enemy_move.document.nodes import guess_indent
from enemy_move.errors import ScenarioError

ROOT = Path(__file__).resolve().parent.parent


def _read(read: Any) -> Any:
    """A reading (document, tree, lines only ruamel writes) as comparable data."""
    if read is None:
        return None
    document, tree, unsure = read
    source = document.source
    loaded = (repr(document.data), list(source.positions.items()), list(source.key_positions.items()), list(source.block_origins.items()))
    return loaded, _shape(tree), _scalars(tree, []), unsure


def _cold() -> None:
    plain_yaml._LINES.clear()
    plain_yaml._VALUES.clear()
    linetree._MADE.clear()
    linetree._RECIPES.clear()
    onepass._READ.clear()


def compared(text: str) -> str:
    """ "lines" when the line read took ``text`` (and gave exactly the events' reading), else "events"; "error"
    where the events' read says the text is bad (the line read must not have taken it)."""
    try:
        lines = linetree.read_lines(text, "f.yaml")
    except ScenarioError as error:  # a misread block: the loader's message, as load_text gives it
        with pytest.raises(ScenarioError) as raised:
            onepass._read(text, "f.yaml")
        assert str(raised.value) == str(error)
        return "error"
    if lines is None:
        return "events"
    events = onepass._read(text, "f.yaml")
    assert _read(lines) == _read(events), repr(text)
    assert _read(linetree.read_lines(text, "f.yaml")) == _read(lines)  # again: its lines, values and recipes kept
    return "lines"


def test_every_file_reads_as_the_events_read_it() -> None:
    ways = [compared(text) for text in _texts()]
    # the line read is the usual one (the others: tabs, CR, comments in odd places, anchors...)
    assert ways.count("lines") >= 0.75 * len(ways) and ways.count("events") >= 10


def test_damaged_files_read_as_the_events_read_them() -> None:
    rng = random.Random(3410)
    sources = [text for path, text in zip(FILES, _texts()) if len(text) < 4000 and path.parent.name != "invalid"]
    ways = []
    for number in range(1000):
        text = damaged(rng, rng.choice(sources), MORE_SIGNS if number % 2 else SIGNS, (0.6, 0.85))
        if rng.random() < 0.5:
            _cold()
        ways.append(compared(text))
    assert ways.count("lines") > 200 and ways.count("events") > 200


def test_generated_files_read_as_the_events_read_them() -> None:
    rng = random.Random(341034)
    ways = [compared(generated(rng)) for _ in range(2000)]
    assert ways.count("lines") > 200 and ways.count("events") > 200


#: List items around the runs read together: texts that run, typed or odd ones that end a run, flow lists of texts
#: and of anything else, comments and blank lines between them.
ITEMS = ["R1 -- R2", "a", "x_y z", "R0 || R5", "a=b", "é ü", "q'", "a#b", "a: b", "x:y", "a  b", "a ", "-x", "- x"]
ITEMS += [*TYPED, "[R1, R2]", "[a b, c]", "[a,b]", "[ a, b ]", "[a, 1]", "[a, [b]]", "[]", "[t, x]", "[x, 'y']", "[a, b] # c"]
ITEMS += ["{a: b}", "'q'", '"q # r"', "|", "yes", "no", "on", "Null", "True", "é"]


def _lists(rng: random.Random) -> str:
    lines = ["ruleset: agemonia"]
    for key in ("links", "blocked"):
        lines.append(f"{key}:")
        pad = " " * rng.choice([0, 2, 2, 4])
        for _ in range(rng.randint(1, 12)):
            chance = rng.random()
            if chance < 0.08:
                lines.append(rng.choice(["", "  ", "# c", pad + "# c"]))
            lines.append(
                pad + "- " + (rng.choice(ITEMS) if chance < 0.5 else rng.choice(ITEMS[:4] + ITEMS[15 + len(TYPED) : 17 + len(TYPED)]))
            )
    return "\n".join(lines) + "\n"


def test_runs_of_items_read_as_the_events_read_them() -> None:
    rng = random.Random(1034)
    ways = [compared(_lists(rng)) for _ in range(1500)]
    assert ways.count("lines") > 150 and ways.count("events") > 100


#: Lines ``name: value`` around the runs of flow mappings read together: flow mappings that run, and keys and values
#: that end a run (typed or resolved names, two spaces, empty or unclosed mappings, comments, nested or quoted values).
FLOWS = ["{capacity: 4, height: 0, trap: false}", "{side: enemy, area: R1, number: 0, fly: true}", "{a: [1, 2], b: {c: d}}"]
FLOWS += ["{}", "{a: b} # c", "{a: 'q # r'}", "{a: b", "{a: b}}", "{a: 0x1F}", "{a: 1.50}", "{a: ~}", "{a: b, a: c}", "{a:b}"]
FLOWS += ["[1, 2]", "plain", "{ a: b }", '{a: "x"}', "{0: a}", "{a: yes}", "{a: 2020-01-01}"]
NAMES = ["R1", "R2", "R1", "area_7", "x", "trap", "t0", "0", "12", "null", "_a", "é", "Y", "no"]


def _maps(rng: random.Random) -> str:
    lines = ["ruleset: agemonia"]
    for key in ("areas", "figures"):
        lines.append(f"{key}:")
        pad = " " * rng.choice([1, 2, 2, 4])
        for number in range(rng.randint(1, 12)):
            if rng.random() < 0.08:
                lines.append(rng.choice(["", "  ", "# c", pad + "# c"]))
            space = " " if rng.random() < 0.95 else "  "
            name = rng.choice(NAMES) if rng.random() < 0.06 else f"R{number}"
            lines.append(pad + name + ":" + space + (rng.choice(FLOWS) if rng.random() < 0.06 else rng.choice(FLOWS[:3])))
    return "\n".join(lines) + "\n"


def test_runs_of_flow_mappings_read_as_the_events_read_them() -> None:
    rng = random.Random(3410)
    ways = [compared(_maps(rng)) for _ in range(1500)]
    assert ways.count("lines") > 500 and ways.count("events") > 300


def test_the_runs_are_read_together(monkeypatch: pytest.MonkeyPatch) -> None:
    # A run of `- text`, `- [text, text]` or `name: {...}` lines is one regular expression and one pass over its lines
    # (a file's links and areas are most of its lines): no line of it is read alone.
    text = "links:\n  - R1 -- R2\n  - R2 || R3\n  - [R1, R2]\n  - [a b, c]\n  - R9 -- R1\n"
    read: list[str] = []
    real = plain_yaml.line_read

    def line(raw: str) -> Any:
        read.append(raw)
        return real(raw)

    monkeypatch.setattr(linetree, "line_read", line)
    assert linetree.read_lines(text, "f.yaml") is not None
    # the key's line (the document's first, then its mapping's) and the list's first line (a list or a mapping?)
    assert read == ["links:", "links:", "  - R1 -- R2"]
    assert compared(text) == "lines"
    read.clear()
    text = "areas:\n  R1: {capacity: 4}\n  R2: {capacity: 1, trap: true}\n\n  R3: {}\n"
    assert linetree.read_lines(text, "f.yaml") is not None
    assert read == ["areas:", "areas:", "  R1: {capacity: 4}"]  # a run of `name: {...}` lines: none read alone
    assert compared(text) == "lines"


def test_the_bench_file_of_1000_areas_is_read_line_by_line() -> None:
    # bench/editor_edits.agemonia_file(): 1,000 areas, 6,875 links, heroes named `0:` to `9:` (plain_yaml left the
    # whole file to libyaml at its first number key, after 8,933 lines).
    sys.path.insert(0, str(ROOT / "bench"))
    try:
        from editor_edits import agemonia_file  # type: ignore[import-not-found]
    finally:
        sys.path.remove(str(ROOT / "bench"))
    text = agemonia_file()
    _cold()
    assert compared(text) == "lines"
    assert compared(text) == "lines"


def _events_only(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(onepass, "read_lines", lambda *_args: None)


def test_random_edits_write_the_same_bytes_either_way(monkeypatch: pytest.MonkeyPatch) -> None:
    # test_fastread's texts (every game's starter and its hostile spellings, project files) and its random page
    # edits, each edit's text read afresh: by the line read where it takes the text, then from the events alone.
    taken = 0
    for seed, (name, text) in enumerate(TEXTS):
        try:
            ops = _ops(text, seed)
        except ScenarioError:
            continue
        lines = _run(text, ops, monkeypatch, ruamel=False, kept=False)
        with monkeypatch.context() as patched:
            _events_only(patched)
            assert _run(text, ops, monkeypatch, ruamel=False, kept=False) == lines, name
        taken += linetree.read_lines(text.removeprefix("\ufeff"), "f.yaml") is not None
    assert taken > 10


def test_read_both_takes_the_line_read_and_gives_its_layout(monkeypatch: pytest.MonkeyPatch) -> None:
    taken = 0
    for text in _texts()[::3]:
        try:
            lines = onepass.read_both(text, "f.yaml", guess_indent(text))
        except ScenarioError:
            continue
        with monkeypatch.context() as patched:
            _events_only(patched)
            events = onepass.read_both(text, "f.yaml", guess_indent(text))
        assert (lines[1] is None) == (events[1] is None)
        if lines[1] is not None and events[1] is not None:
            assert lines[1][1] == events[1][1] and _shape(lines[1][0]) == _shape(events[1][0])
        taken += linetree.read_lines(text, "f.yaml") is not None
    assert taken > 50
