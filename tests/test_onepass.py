"""The one pass over libyaml's events (document/onepass.py, issue 34) gives what the two readings apart give: the
loader's (``load_text``: the same values, positions of every value, key and block, or the same error line) and the
tree with its layout (``fastread.fast_reading`` of that reading: the same node classes, values, scalars' own
attributes, line marks, styles, sections and lines only ruamel writes; or None, read it with ruamel).

Every scenario file of the project, of tests/ and of the shared suites is read both ways, then seeded random damage
to them (YAML's signs, typed scalars, line breaks) and hand-written corner cases; the pass must take nearly every
valid file (a test that cannot fail otherwise), and a text read twice (its typed scalars then kept) reads the same.
"""

from __future__ import annotations

import random
from pathlib import Path
from typing import Any

import pytest
from test_fastread import _shape
from test_loader_fast import CORNERS, SIGNS, damaged

import enemy_move.loader as loader
from enemy_move.document import fastread, onepass
from enemy_move.document.document import ScenarioDocument
from enemy_move.document.nodes import guess_indent
from enemy_move.errors import ScenarioError
from enemy_move.yaml_text import check_characters

ROOT = Path(__file__).resolve().parent.parent
SHARED = ROOT.parent / "shared" / "suites"
FILES = sorted([*ROOT.glob("scenarios/**/*.yaml"), *ROOT.glob("tests/**/*.yaml"), *SHARED.rglob("*.yaml")])

#: Damage aimed at what the two readers read otherwise: typed scalars of either, keys, styles, breaks.
TYPED = ["0", "00", "0x1F", "1_000", "1.50", "0.5", "1e3", "~", "null", "true", "no", "2020-01-01", "=", "-0", "+1", "007"]
MORE_SIGNS = [*SIGNS, *TYPED, *(f" {typed}" for typed in TYPED), "\r\n", "\u2028", "\x85", "\ufeff", "<<: ", "# c\n", "\n\n"]


def _scalars(node: Any, out: list[Any]) -> list[Any]:
    """Each scalar's class and own attributes (a ScalarInt's width, a ScalarFloat's precision), in order."""
    if isinstance(node, dict):
        for key, value in node.items():
            _scalars(key, out)
            _scalars(value, out)
    elif isinstance(node, list):
        for item in node:
            _scalars(item, out)
    else:
        out.append((type(node).__name__, repr(node), sorted(vars(node).items()) if hasattr(node, "__dict__") else None))
    return out


def reading(read: tuple[loader.Document, Any] | None) -> Any:
    """A reading as comparable data: the loader's document, the tree and its layout."""
    assert read is not None
    document, tree = read
    source = document.source
    loaded = (repr(document.data), list(source.positions.items()), list(source.key_positions.items()), list(source.block_origins.items()))
    if tree is None:
        return loaded, None
    data, layout = tree
    marks = (layout.text == source.text, layout.indent, layout.head, layout.sections, layout.fast, layout.head_unsure, layout.starts)
    return loaded, (_shape(data), _scalars(data, []), marks)


def apart(text: str) -> Any:
    try:
        document = loader.load_text(text, "f.yaml")
    except ScenarioError as error:
        return ("error", str(error))
    return reading((document, fastread.fast_reading(text, document, guess_indent(text))))


def together(text: str) -> Any:
    try:
        return reading(onepass.read_both(text, "f.yaml", guess_indent(text)))
    except ScenarioError as error:
        return ("error", str(error))


class _Apart(Exception):
    pass


def one_pass(text: str) -> bool:
    """Whether the one pass took the text (else it was read apart: the loader read it)."""

    def refused(*_args: Any) -> Any:
        raise _Apart

    with pytest.MonkeyPatch.context() as patched:
        patched.setattr(loader, "load_text", refused)
        try:
            onepass.read_both(text, "f.yaml", guess_indent(text))
        except (_Apart, ScenarioError):
            return False
    return True


def _texts() -> list[str]:
    return [path.read_bytes().decode("utf-8", errors="replace").removeprefix("\ufeff") for path in FILES]


def test_every_file_reads_the_same_in_one_pass() -> None:
    taken = valid = 0
    for path, text in zip(FILES, _texts()):
        expected = apart(text)
        assert together(text) == expected, path
        assert together(text) == expected, path  # again: the typed scalars kept from the first reading
        valid += expected[0] != "error"
        taken += one_pass(text)
    # The one pass is the usual one: nearly every valid file takes it (the others have CR line breaks, tabs...).
    assert taken >= 0.95 * valid


@pytest.mark.parametrize("text", [*CORNERS, "a: 0\nb: 0\nc: [0, 0]\n", "0: a\n1: {2: 0}\n", "a: 1.50\nb: 0x1F\n", "a: 2020-01-01\n"])
def test_corner_cases_read_the_same_in_one_pass(text: str) -> None:
    onepass._READ.clear()
    assert together(text) == apart(text)
    assert together(text) == apart(text)


def test_damaged_files_read_the_same_in_one_pass() -> None:
    rng = random.Random(3408)
    sources = [text for path, text in zip(FILES, _texts()) if len(text) < 4000 and path.parent.name != "invalid"]
    taken = 0
    for _ in range(800):
        text = damaged(rng, rng.choice(sources), MORE_SIGNS, (0.6, 0.85))
        if rng.random() < 0.5:
            onepass._READ.clear()  # read cold and warm
        assert together(text) == apart(text), repr(text)
        taken += one_pass(text)
    assert 100 < taken < 800  # both ways met


def test_the_tree_values_ruamel_keeps_its_own_are_not_shared() -> None:
    # `0` and `1.50` are ruamel's ScalarInt and ScalarFloat (they keep their spelling): each place has its own, as
    # ruamel's constructor makes them, also when the text's readings were kept.
    onepass._READ.clear()
    for _ in range(2):
        loaded, read = onepass.read_both("a: 0\nb: 0\nc: 1.50\nd: [1.50]\n", "f.yaml", (2, 4, 2))
        assert read is not None and loaded.data == {"a": 0, "b": 0, "c": 1.5, "d": [1.5]}
        tree = read[0]
        assert tree["a"] == tree["b"] == 0 and tree["a"] is not tree["b"] and tree["c"] is not tree["d"][0]
        assert vars(tree["a"]) == {"_width": 1, "_underscore": None} and vars(tree["c"])["_width"] == 4


def test_the_page_reads_a_text_once(monkeypatch: pytest.MonkeyPatch) -> None:
    # A text the server has not seen is read in one pass: neither the loader nor the tree reads it apart.
    text = (ROOT / "scenarios" / "agemonia").glob("*.yaml").__next__().read_text(encoding="utf-8")

    def refused(*_args: Any) -> Any:
        raise AssertionError("read apart")

    monkeypatch.setattr(loader, "load_text", refused)
    monkeypatch.setattr(fastread, "fast_reading", refused)
    document = ScenarioDocument.from_text(text, "f.yaml", fast=True)
    assert document.fast and document.text() == text


UNSURE_CORNERS = [
    "a: foo\n  bar#baz\nb: 1  # c\n",
    "a: foo\n\n  bar\nb: 1\n",
    "a: foo\n  bar\n\nb: 1\n",
    "a: [x#y, z] # c\nb: 'q # r'\nc: \"s\n\n  t\"\n",
    "a: x#y\n# full\nb: |\n  # wall\n\n  # wall\nc: 2\n",
    "a:\n  - x#y\n  - z # c\n  -  w\n\n  - v\n",
    "a#: 1\nb: {c#: d#}\n",
]


@pytest.mark.parametrize("text", UNSURE_CORNERS)
def test_the_lines_only_ruamel_writes_are_found_in_one_pass(text: str) -> None:
    # The pass keeps a scalar's span only where a `#` or a blank line can fall inside it (its text holds a `#` or a
    # line break): the lines found are those of the tree's own reading, which keeps every span.
    read = onepass._read(text, "f.yaml")
    tree = fastread.read_tree(text)
    assert read is not None and tree is not None and read[2] == tree[1]


def test_the_lines_only_ruamel_writes_in_damaged_files() -> None:
    rng = random.Random(3434)
    sources = [text for path, text in zip(FILES, _texts()) if len(text) < 4000 and path.parent.name != "invalid"]
    compared = 0
    for _ in range(400):
        text = rng.choice(sources)
        for _ in range(rng.randint(1, 4)):
            at = rng.randrange(len(text) + 1)
            text = text[:at] + rng.choice(["#", " #", "# ", "\n", "\n\n", "\n  ", "x#y", " # c\n"]) + text[at:]
        try:
            check_characters(text, "f.yaml")
            read = onepass._read(text, "f.yaml")
        except ScenarioError:
            continue
        tree = fastread.read_tree(text)
        if read is not None and tree is not None:
            assert read[2] == tree[1], repr(text)
            compared += 1
    assert compared > 100


def _plain_before(value: Any) -> Any:
    """``nodes.plain`` as it was (through ruamel's own views), the reference of its faster walk."""
    if isinstance(value, dict):
        return {(str(k) if isinstance(k, str) else k): _plain_before(v) for k, v in value.items()}
    if isinstance(value, list):
        return [_plain_before(item) for item in value]
    if isinstance(value, str):
        return str(value)
    if isinstance(value, bool) or value is None:
        return value
    if isinstance(value, int):
        return int(value)
    if isinstance(value, float):
        return float(value)
    return value


def test_plain_reads_every_tree_as_before() -> None:
    from enemy_move.document.nodes import plain, yaml_io

    read = 0
    for text in _texts():
        try:
            tree = yaml_io((2, 4, 2)).load(text.replace("\r\n", "\n"))
        except Exception:
            continue
        # repr tells 1 from True and 1.0, and each key's and value's type
        assert repr(plain(tree)) == repr(_plain_before(tree)) and _scalars(plain(tree), []) == _scalars(_plain_before(tree), [])
        read += 1
    assert read > 300


def test_nothing_to_look_for_is_told_at_once() -> None:
    # fastread._unsure_lines skips its search where the text has no `#` and no blank line: exactly where the search
    # would find nothing (random texts of spaces, breaks, `#` and letters).
    rng = random.Random(34)
    texts = ["", "\n", " \n", "a\n\nb", "a\n \nb", "a\n b\n", "a #\n", "   ", "a\n   "]
    texts += ["".join(rng.choice(["a", " ", "\n", "#", "  ", ":"]) for _ in range(rng.randint(0, 14))) for _ in range(3000)]
    for text in texts:
        skipped = "#" not in text and not fastread._BLANK_FIRST.match(text) and not fastread._BLANK.search(text)
        assert skipped == (fastread._UNSURE.search(text) is None), repr(text)
