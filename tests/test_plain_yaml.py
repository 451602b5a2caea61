"""The line-by-line read of plain files (``plain_yaml.read``) gives what libyaml's one-pass read (``loader_events._fast_load``)
gives: the same values, the same positions of every value and key in the same order, the same literal blocks and
block marks; and the whole load (values, positions, block origins, or the error line) is the two-pass read's.

Every scenario file of the project, of tests/invalid and of the shared suites is read, then seeded random damage to
them, then generated files that mix what the read takes with what it leaves to libyaml (a test that cannot fail
otherwise: each part counts that both ways were met).
"""

from __future__ import annotations

import random
from pathlib import Path
from typing import Any

import pytest
from test_loader_fast import BLOCK_SIGNS, FILES, SIGNS, damaged, outcome

import enemy_move.loader as loader
import enemy_move.loader_events as loader_events
from enemy_move import plain_yaml
from enemy_move.errors import ScenarioError
from enemy_move.yaml_text import check_characters

ROOT = Path(__file__).resolve().parent.parent
SHARED = sorted((ROOT.parent / "shared" / "suites").rglob("*.yaml")) if (ROOT.parent / "shared" / "suites").is_dir() else []


def _marks(blocks: Any) -> Any:
    return None if blocks is None else [(s.line, s.column, e.line, e.column, p, m, lit) for s, e, p, m, lit in blocks]


def compared(text: str) -> str:
    """ "plain" when the line-by-line read took ``text`` (and gave exactly the one-pass read's), else "libyaml"."""
    positions: dict[Any, Any] = {}
    keys: dict[Any, Any] = {}
    plain = plain_yaml.read(text, positions, keys)
    if plain is None:
        assert positions == {} and keys == {}
        return "libyaml"
    builder = loader_events._Builder(loader.SourceMap("f.yaml", text), None)
    data = loader_events._fast_load(text, builder)  # raises _Slow where the plain read took what libyaml does not
    got = (repr(plain.data), list(positions.items()), list(keys.items()), plain.literals, _marks(plain.blocks))
    source = builder.source
    want = (repr(data), list(source.positions.items()), list(source.key_positions.items()), builder.literals, _marks(builder.blocks))
    assert got == want, text
    return "plain"


def loaded(text: str, plain: bool, monkeypatch: pytest.MonkeyPatch) -> Any:
    """The whole load as comparable data, or its error line: as the loader reads it (the plain read first), or by
    the two-pass read alone (test_loader_fast.outcome)."""
    return _load(text) if plain else outcome(text, False, monkeypatch)


def _load(text: str) -> Any:
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


def _text(path: Path) -> str:
    return path.read_bytes().decode("utf-8", errors="replace").removeprefix("\ufeff")


def _checked(text: str) -> bool:
    try:
        check_characters(text, "f.yaml")
    except ScenarioError:
        return False
    return True


def test_every_scenario_file_reads_as_libyaml_reads_it(monkeypatch: pytest.MonkeyPatch) -> None:
    ways = []
    for path in [*FILES, *SHARED]:
        text = _text(path)
        if _checked(text):
            ways.append(compared(text))
            assert loaded(text, True, monkeypatch) == loaded(text, False, monkeypatch), path
    # Nearly every project scenario is plain (a test that cannot fail otherwise), and some files are left to libyaml.
    assert ways.count("plain") >= 0.9 * len(list(ROOT.glob("scenarios/**/*.yaml"))) and ways.count("libyaml") >= 10


def test_damaged_files_read_as_libyaml_reads_them(monkeypatch: pytest.MonkeyPatch) -> None:
    rng = random.Random(3434)
    sources = [_text(p) for p in [*FILES, *SHARED] if p.stat().st_size < 4000 and p.parent.name != "invalid"]
    ways = []
    for number in range(1500):
        text = damaged(rng, rng.choice(sources), SIGNS if number % 2 else BLOCK_SIGNS)
        if not _checked(text):
            continue
        ways.append(compared(text))
        if number % 5 == 0:  # the whole load (block origins, error lines) on a fifth of them: the token pass is slow
            assert loaded(text, True, monkeypatch) == loaded(text, False, monkeypatch), text
    assert ways.count("plain") > 300 and ways.count("libyaml") > 300


# --- generated files: what the plain read takes, mixed with what it leaves ---------------------------------------

WORDS = ["a", "monster", "Bandit Archer", "x_1", "gloomhaven", "0", "7", "-3", "+4", "0102", "1.5", "-0.25", "1.50000000000000000000001"]
WORDS += ["~", "null", "NULL", "true", "False", "yes", "no", "on", "a b  c", "a#b", "x:y", "(1)", "/p", ".5", "-x", "é", "日本"]
ODD = ["a: b", ": x", "?x", "- x", "-", "[a", "a]", "{a", "&a", "*a", "!t", "%x", "@x", "`x", "|", ">", "a ", "'a'", '"a"']
KEYS = ["ruleset", "map", "figures", "a", "A", "kind", "to", "x_y", "1", "true", "null", "~", "<<", "a b", "é", "map"]
KEYS += ["0", "12", "007", "-1", "+1", "1.5", "0x1", "9" * 17, "9" * 40]


def _scalar(rng: random.Random) -> str:
    choice = rng.random()
    if choice < 0.7:
        return rng.choice(WORDS)
    if choice < 0.8:
        return '"' + rng.choice(WORDS + ["it's", "a: b", "# no", "\\n"]) + '"'
    if choice < 0.9:
        return "'" + rng.choice(WORDS + ['say "x"', "it''s", "a: b"]) + "'"
    return rng.choice(ODD)


def _flow(rng: random.Random, depth: int = 0) -> str:
    space = rng.choice(["", " ", " ", "  "])
    if depth > 2 or rng.random() < 0.4:
        return _flow_scalar(rng)
    if rng.random() < 0.5:
        items = [_flow(rng, depth + 1) for _ in range(rng.randint(0, 4))]
        return "[" + space + ("," + rng.choice([" ", " ", "", "  "])).join(items) + space + "]"
    pairs = [f"{rng.choice(KEYS[:8])}:{rng.choice([' ', ' ', '', '  '])}{_flow(rng, depth + 1)}" for _ in range(rng.randint(0, 3))]
    return "{" + space + ", ".join(pairs) + space + "}"


def _flow_scalar(rng: random.Random) -> str:
    return rng.choice([*WORDS[:12], "A", "B", "a b", "x-y", '"q"', "'q'", "", "a:b", "a,", "#"])


def _block(rng: random.Random, indent: int, key: str) -> list[str]:
    header = rng.choice(["|", "|", ">", ">", "|-", ">+", "|2", "| # note", "|#"])
    inner = indent + rng.choice([1, 2, 2, 3])
    lines = [f"{' ' * indent}{key}: {header}"]
    for _ in range(rng.randint(0, 5)):
        kind = rng.random()
        if kind < 0.6:
            lines.append(" " * inner + rng.choice([". a #", "# # .", "text here", "x  ", "é . ."]))
        elif kind < 0.75:
            lines.append(rng.choice(["", " " * rng.randint(0, inner + 1)]))
        elif kind < 0.9:
            lines.append(" " * (inner + rng.randint(1, 2)) + "more")
        else:
            lines.append(" " * rng.randint(0, inner) + rng.choice(["# c", ". row"]))
    return lines


def _mapping(rng: random.Random, indent: int, depth: int) -> list[str]:
    lines: list[str] = []
    for _ in range(rng.randint(1, 4)):
        key = rng.choice(KEYS) if rng.random() < 0.2 else rng.choice(KEYS[:8])
        kind = rng.random()
        pad = " " * indent
        if rng.random() < 0.1:
            lines.append(rng.choice(["", "  ", pad + "# comment", "#", "   # deep"]))
        if kind < 0.35:
            lines.append(f"{pad}{key}:{rng.choice([' ', ' ', '  '])}{_scalar(rng)}{rng.choice(['', '', '  # c', ' #c', '#c'])}")
        elif kind < 0.55:
            lines.append(f"{pad}{key}: {_flow(rng)}{rng.choice(['', '', ' # c'])}")
        elif kind < 0.7:
            lines.extend(_block(rng, indent, key))
        elif depth < 3 and kind < 0.85:
            lines.append(f"{pad}{key}:{rng.choice(['', '', ' # c'])}")
            lines.extend(_mapping(rng, indent + rng.choice([1, 2, 2, 4]), depth + 1))
        elif depth < 3:
            lines.append(f"{pad}{key}:")
            inner = indent + rng.choice([0, 2, 2, 4])
            for _ in range(rng.randint(0, 3)):
                lines.append(" " * inner + "- " + (_flow(rng) if rng.random() < 0.5 else _scalar(rng)))
        else:
            lines.append(f"{pad}{key}:")
    return lines


def generated(rng: random.Random) -> str:
    lines = _mapping(rng, 0, 0)
    if rng.random() < 0.1:
        lines.insert(rng.randrange(len(lines) + 1), rng.choice(["---", "...", "%YAML 1.1", "- a", "  x", "\tx: 1"]))
    return "\n".join(lines) + rng.choice(["\n", "\n", "\n\n", ""])


def test_generated_files_read_as_libyaml_reads_them(monkeypatch: pytest.MonkeyPatch) -> None:
    rng = random.Random(343434)
    ways = []
    for number in range(3000):
        text = generated(rng)
        if not _checked(text):
            continue
        ways.append(compared(text))
        if number % 4 == 0:
            assert loaded(text, True, monkeypatch) == loaded(text, False, monkeypatch), text
    assert ways.count("plain") > 300 and ways.count("libyaml") > 300


@pytest.mark.parametrize(
    "text",
    [
        "figures:\n  a: {side: enemy}\n  0: {side: hero, taunt: 2}\n  12: {side: hero}\n",
        "a: {0: x, 1: [0, 1]}\nb:\n  7: y\n",
        "0: a\n00: b\n",
        "1: a\n1: b\n",
    ],
)
def test_number_keys_are_read_plain(text: str) -> None:
    # A figure named by a digit (`0:`...`9:`, as bench/editor_edits.agemonia_file's heroes) is a number key to the
    # loader: the plain read took the file up to it, then left all of it to libyaml (44-63 ms on 8,945 lines).
    assert compared(text) == ("plain" if "00" not in text and "1: b" not in text else "libyaml")


def test_a_line_read_before_gives_fresh_values() -> None:
    # Lines are read once per process (plain_yaml._LINES): a flow collection is copied for each file that holds it.
    text = "figures:\n  a: {kind: monster, at: [1, 2]}\nlist:\n  - [x, {y: z}]\n"
    first = plain_yaml.read(text, {}, {})
    assert first is not None
    first.data["figures"]["a"]["at"].append(3)
    first.data["list"][0][1]["y"] = "changed"
    again = plain_yaml.read(text, {}, {})
    assert again is not None and again.data == {"figures": {"a": {"kind": "monster", "at": [1, 2]}}, "list": [["x", {"y": "z"}]]}


def test_a_plain_check_imports_no_yaml() -> None:
    # PyYAML's import (about 97 M instructions) is for the files the plain read leaves, and for other commands.
    import subprocess
    import sys

    demo = ROOT / "scenarios" / "gloomhaven" / "demo.yaml"
    script = (
        "import sys\n"
        "from enemy_move.checking import check_file\n"
        f"result = check_file({str(demo)!r})\n"
        "print(result.status, 'yaml' in sys.modules)\n"
    )
    done = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True, check=True)
    assert done.stdout.split() == ["pass", "False"]
