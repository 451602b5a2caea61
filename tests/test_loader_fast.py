"""The loader's one-pass read (``loader._fast_load``) gives what the two-pass read (compose, then build) gives:
the same values, the same positions of every value, key and block, or the same error line; and the blocks it met,
judged without the token pass (``yaml_blocks.fast_origins``), what the token pass (``read_blocks``) finds.

Every scenario file of the project and of tests/invalid is read both ways, then seeded random damage to them
(YAML's own signs inserted, characters deleted or doubled) and hand-written corner cases.
"""

from __future__ import annotations

import random
from pathlib import Path
from typing import Any

import pytest

import enemy_move.loader as loader
import enemy_move.loader_events as loader_events
from enemy_move.errors import ScenarioError
from enemy_move.yaml_blocks import checked_lines, fast_origins, read_blocks, yaml_lines
from enemy_move.yaml_text import check_characters

ROOT = Path(__file__).resolve().parent.parent
FILES = sorted([*ROOT.glob("scenarios/**/*.yaml"), *ROOT.glob("tests/invalid/*.yaml")])

#: What the fuzz inserts: YAML's indicators and a few characters that change a scalar's type.
SIGNS = list(":-[]{}&*!|>#?,\"'%@`~\n \t.0123456789eE+") + ["\n  ", "\n- ", ": ", "- ", "---\n", "...\n", "\\u", "\ud800", "yes"]

CORNERS = [
    "ruleset: gloomhaven\n",
    "",
    "# only a comment\n",
    "---\nruleset: gloomhaven\n...\n",
    "ruleset: gloomhaven\n---\nruleset: cloudspire\n",
    "%YAML 1.1\n---\nruleset: gloomhaven\n",
    "a: &x 1\nb: *x\n",
    "a: !!int 3\n",
    "a: ! 3\n",
    "a: 1.5\nb: 1.50000000000000000000001\nc: 100000000000000000000000000000000000\n",
    "a: 1\na: 2\n",
    "1: a\n'1': b\n",
    "~: a\ntrue: b\n1.5: c\nnull: d\n",
    "<<: {a: 1}\n",
    "[a, b]: 1\n",
    "? |\n  block key\n: value\n",
    "a: |\n  x\n  y\nb: >\n  folded\n  text\n",
    'a: "\\ud800"\n',
    "a: '\ud800'\n",
    "a: \u00e9t\u00e9\nb: [\u00e9]\n",
    "a: [1, [2, [3, {b: c}]]]\nd: {}\ne: []\nf:\n- 1\n- - 2\n  - 3\n",
    "a: 0102\nb: no\nc: on\nd: -0\ne: +3\nf: 0.5\n",
    "[" * 63 + "]" * 63 + "\n",
    "[" * 64 + "]" * 64 + "\n",
    "[" * 65 + "]" * 65 + "\n",
    "[" * 66 + "]" * 66 + "\n",
    "[" * 64 + "{a: 1}" + "]" * 64 + "\n",
    "[" * 65 + "{a: 1}" + "]" * 65 + "\n",
    "[" * 65 + "{}" + "]" * 65 + "\n",
    "a:\n" + "".join("  " * i + f"k{i}:\n" for i in range(1, 66)),
    "- " * 70 + "x\n",
    "a: b: c\n",
    "a: [1, 2\n",
]


def outcome(text: str, fast: bool, monkeypatch: pytest.MonkeyPatch) -> Any:
    """The loaded document as plain comparable data (values with their types, every position), or the error line."""
    with monkeypatch.context() as patched:
        # The line-by-line read of plain files is left out here: tests/test_plain_yaml.py compares it.
        patched.setattr(loader, "read_plain", lambda *_args: None)
        if not fast:

            def slow(*_args: Any) -> Any:
                raise loader._Slow

            patched.setattr(loader_events, "_fast_load", slow)
        try:
            document = loader.load_text(text, "f.yaml")
        except ScenarioError as error:
            return ("error", str(error))
    source = document.source
    return (
        repr(document.data),
        list(source.positions.items()),
        list(source.key_positions.items()),
        list(source.block_origins.items()),
    )


def takes_fast_path(text: str) -> bool:
    try:
        check_characters(text, "f.yaml")
        origins = read_blocks(text, "f.yaml", loader.FastLoader)
        loader._fast_load(text, loader._Builder(loader.SourceMap("f.yaml", text), origins))
    except (loader._Slow, ScenarioError):
        return False
    return True


def test_every_scenario_file_reads_the_same_both_ways(monkeypatch: pytest.MonkeyPatch) -> None:
    fast = 0
    for path in FILES:
        text = path.read_bytes().decode("utf-8", errors="replace").removeprefix("\ufeff")
        assert outcome(text, True, monkeypatch) == outcome(text, False, monkeypatch), path
        fast += takes_fast_path(text)
    # The one-pass read is the usual one: every valid project scenario takes it (a test that cannot fail otherwise).
    assert fast >= len(list(ROOT.glob("scenarios/**/*.yaml")))


@pytest.mark.parametrize("text", CORNERS)
def test_corner_cases_read_the_same_both_ways(text: str, monkeypatch: pytest.MonkeyPatch) -> None:
    assert outcome(text, True, monkeypatch) == outcome(text, False, monkeypatch)


def damaged(rng: random.Random, text: str, signs: list[str], odds: tuple[float, float] = (0.5, 0.8)) -> str:
    """``text`` with 1-3 random slips: a sign from ``signs`` put in (below ``odds[0]``), 1-3 characters taken out
    (below ``odds[1]``), or 4 characters written twice."""
    for _ in range(rng.randint(1, 3)):
        at = rng.randrange(len(text) + 1)
        action = rng.random()
        if action < odds[0]:
            text = text[:at] + rng.choice(signs) + text[at:]
        elif action < odds[1]:
            text = text[:at] + text[at + rng.randint(1, 3) :]
        else:
            text = text[:at] + text[at : at + 4] + text[at:]
    return text


def test_damaged_files_read_the_same_both_ways(monkeypatch: pytest.MonkeyPatch) -> None:
    rng = random.Random(34)
    sources = [p.read_text(encoding="utf-8") for p in FILES if p.stat().st_size < 4000 and p.parent.name != "invalid"]
    fast = 0
    for _ in range(600):
        text = damaged(rng, rng.choice(sources), SIGNS)
        assert outcome(text, True, monkeypatch) == outcome(text, False, monkeypatch), text
        fast += takes_fast_path(text)
    assert 0 < fast < 600  # both ways met


# The block pass after a one-pass read (yaml_blocks.fast_origins): where it answers, the token pass (read_blocks)
# raises nothing and finds the same origins; where it cannot tell, it says so and the token pass reads the file.
BLOCK_SIGNS = ["\n", " ", "  ", "#", "# ", "\t", "|", "|2", "|-", ">", ">+", "\n#", "\n  #", "\n # # .", "\n\n", "\n ", "\n   "]
BLOCK_SIGNS += ["x: 1\n", "\n- a\n", "\r\n", "\r", "\u0085", "? map\n", ": |\n", "description: >\n  a\n"]


def fast_blocks(text: str) -> Any:
    """``fast_origins`` after the one-pass read: the origins, None (it cannot tell), or "slow" (no one-pass read)."""
    builder = loader._Builder(loader.SourceMap("f.yaml", text), None)
    try:
        loader._fast_load(text, builder)
    except loader._Slow:
        return "slow"
    return None if builder.blocks is None else fast_origins(text, builder.blocks)


def agrees(text: str) -> str:
    found = fast_blocks(text)
    if found is None or found == "slow":
        return "token pass"
    assert read_blocks(text, "f.yaml", loader.FastLoader) == found, text  # and raises nothing
    return "fast"


def test_the_blocks_after_a_one_pass_read_are_the_token_pass_blocks() -> None:
    ways = [agrees(path.read_bytes().decode("utf-8", errors="replace").removeprefix("\ufeff")) for path in FILES]
    # Every valid project scenario is judged without the token pass (a test that cannot fail otherwise) ...
    assert ways.count("fast") >= len(list(ROOT.glob("scenarios/**/*.yaml")))
    # ... and the misread blocks of tests/invalid are left to it (`agrees` fails if it answered where the token pass raises).
    misread = 0
    for path in FILES:
        text = path.read_bytes().decode("utf-8", errors="replace").removeprefix("\ufeff")
        try:
            read_blocks(text, "f.yaml", loader.FastLoader)
        except ScenarioError:
            misread += 1
    assert misread >= 5


def test_damaged_blocks_read_the_same_both_ways() -> None:
    # Damage aimed at the blocks (mostly within the lines after `map:`): indentation, comments, headers, line breaks.
    rng = random.Random(3434)
    sources = [p.read_text(encoding="utf-8") for p in FILES if p.stat().st_size < 4000 and p.parent.name != "invalid"]
    ways = []
    for _ in range(1500):
        text = rng.choice(sources)
        for _ in range(rng.randint(1, 3)):
            near = text.find("map:")
            at = rng.randrange(len(text) + 1) if near < 0 or rng.random() < 0.3 else min(len(text), near + rng.randrange(400))
            action = rng.random()
            if action < 0.6:
                text = text[:at] + rng.choice(BLOCK_SIGNS) + text[at:]
            elif action < 0.85:
                text = text[:at] + text[at + rng.randint(1, 3) :]
            else:  # one line indented otherwise
                lines = text.split("\n")
                number = rng.randrange(len(lines))
                lines[number] = " " * rng.randint(0, 4) + lines[number].lstrip(" ")
                text = "\n".join(lines)
        ways.append(agrees(text))
    assert ways.count("fast") > 300 and ways.count("token pass") > 300  # both ways met


def test_checked_lines_are_yaml_lines() -> None:
    # fast_origins splits a text whose characters passed the loader's check with str.splitlines.
    rng = random.Random(343)
    texts = [path.read_bytes().decode("utf-8", errors="replace") for path in FILES] + ["", "\n", "a", "a\r", "a\r\n\r\n", "\r\n\n\r"]
    for _ in range(500):
        texts.append("".join(rng.choice(["a", " ", "\n", "\r", "\r\n", "\x85", "\t", "é", "\u00a0"]) for _ in range(rng.randint(0, 12))))
    checked = 0
    for text in texts:
        try:
            check_characters(text, "f.yaml")
        except ScenarioError:
            continue
        assert checked_lines(text) == yaml_lines(text), repr(text)
        checked += 1
    assert checked > 400
