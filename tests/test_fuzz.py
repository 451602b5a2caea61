"""Seeded fuzzing: mutated scenarios of every ruleset never give a traceback.

A few hundred mutations of the shipped scenarios (type changes, deletions,
duplications, tags, huge numbers, control bytes, broken indentation, other
line breaks, other spellings of `map: |`, map rows slipped left...) go
through `resolve` in-process. Each must end with exit 0, or exit 2 and one
line ``FILE:LINE:COL: message``; an "internal error" line anywhere counts as a
crash, like a traceback. The seed is
fixed, so a failure is reproducible: the test prints the mutated text.
"""

from __future__ import annotations

import json
import random
import re
from collections.abc import Callable
from pathlib import Path

from typer.testing import CliRunner, Result

from enemy_move.cli import app

ROOT = Path(__file__).resolve().parent.parent
SOURCES = sorted((ROOT / "scenarios").glob("*/*.yaml"))
MUTATIONS_PER_RULESET = 75
SEED = 1414

Mutation = Callable[[random.Random, str], str]


def _lines(text: str) -> list[str]:
    return text.split("\n")


def delete_line(rng: random.Random, text: str) -> str:
    lines = _lines(text)
    del lines[rng.randrange(len(lines))]
    return "\n".join(lines)


def duplicate_line(rng: random.Random, text: str) -> str:
    lines = _lines(text)
    index = rng.randrange(len(lines))
    lines.insert(index, lines[index])
    return "\n".join(lines)


def truncate(rng: random.Random, text: str) -> str:
    return text[: rng.randrange(len(text))]


def control_byte(rng: random.Random, text: str) -> str:
    index = rng.randrange(len(text) + 1)
    return text[:index] + rng.choice(["\x00", "\x1b", "\x7f", "\x9b", "\ufeff", "\x0c", "\r", "\t"]) + text[index:]


_NUMBER = re.compile(r"(?<![\w.])\d+(?:\.\d+)?(?![\w.])")


def huge_number(rng: random.Random, text: str) -> str:
    spots = list(_NUMBER.finditer(text))
    if not spots:
        return text + "\nmove: " + "9" * 400
    spot = rng.choice(spots)
    replacement = rng.choice(
        ["9" * rng.choice([19, 33, 400, 5000]), "-1", "0", "1" + "0" * 309, "1.5", "-0.0", "99999999999999999999.5", "1e400"]
    )
    return text[: spot.start()] + replacement + text[spot.end() :]


_VALUE = re.compile(r"(?<=: )[^\s{}\[\],#][^,}\]\n]*")


def change_type(rng: random.Random, text: str) -> str:
    spots = list(_VALUE.finditer(text))
    if not spots:
        return text
    spot = rng.choice(spots)
    replacement = rng.choice(
        ["[1, 2]", "{a: 1}", '"text"', "null", "true", "~", "[]", "{}", "yes", "3", "-7", '"\\ud800"', '"\\e[2J"', "|", ">"]
    )
    return text[: spot.start()] + replacement + text[spot.end() :]


def add_tag(rng: random.Random, text: str) -> str:
    spots = list(_VALUE.finditer(text))
    if not spots:
        return "--- !!map\n" + text
    spot = rng.choice(spots)
    tag = rng.choice(["!!int ", "!!float ", "!!str ", "! ", "!custom ", "!!python/object:os.system ", "!!binary ", "&a "])
    return text[: spot.start()] + tag + text[spot.start() :]


def reindent(rng: random.Random, text: str) -> str:
    lines = _lines(text)
    index = rng.randrange(len(lines))
    line = lines[index]
    stripped = line.lstrip(" ")
    lines[index] = " " * max(0, len(line) - len(stripped) + rng.choice([-2, -1, 1, 2, 4])) + stripped
    return "\n".join(lines)


def scramble_map_character(rng: random.Random, text: str) -> str:
    start = text.find("map: |")
    if start < 0:
        return control_byte(rng, text)
    end = text.find("\n", start + 7)
    block_end = re.search(r"\n\S", text[end:])
    stop = end + (block_end.start() if block_end else len(text) - end)
    if stop <= end + 1:
        return text
    index = rng.randrange(end + 1, stop)
    return text[:index] + rng.choice(list("#.*^~%=a1A?@ |&!+$/,")) + text[index + 1 :]


def duplicate_block(rng: random.Random, text: str) -> str:
    lines = _lines(text)
    top = [i for i, line in enumerate(lines) if line and not line[0].isspace() and not line.startswith("#")]
    if not top:
        return text
    index = rng.choice(top)
    end = next((i for i in range(index + 1, len(lines)) if lines[i] and not lines[i][0].isspace()), len(lines))
    return "\n".join(lines[:end] + lines[index:end] + lines[end:])


def drop_list_item(rng: random.Random, text: str) -> str:
    lines = _lines(text)
    items = [i for i, line in enumerate(lines) if line.lstrip().startswith("- ") or re.match(r"^\s+[A-Za-z0-9]: \{", line)]
    if not items:
        return delete_line(rng, text)
    del lines[rng.choice(items)]
    return "\n".join(lines)


def line_breaks(rng: random.Random, text: str) -> str:
    """The whole file saved with other line breaks (issue 26: the map guard must hold for each)."""
    return text.replace("\n", rng.choice(["\r", "\r\n", "\x85"]))


def map_key_spelling(rng: random.Random, text: str) -> str:
    return text.replace("map: |", rng.choice(["map:\t|", "? map\n: |", "map: |2", "map: >", "map: |\n"]), 1)


def slip_map_row(rng: random.Random, text: str) -> str:
    """One map row moved left, possibly to column 1 where `# . .` reads as a comment."""
    lines = _lines(text)
    try:
        start = lines.index("map: |") + 1
    except ValueError:
        return reindent(rng, text)
    rows = [i for i in range(start, len(lines)) if lines[i].startswith(" ") and lines[i].strip()]
    rows = [i for i in rows if all(lines[j].startswith(" ") or not lines[j].strip() for j in range(start, i + 1))]
    if not rows:
        return text
    index = rng.choice(rows)
    stripped = lines[index].lstrip(" ")
    lines[index] = " " * rng.choice([0, 0, 1]) + stripped
    return "\n".join(lines)


def precise_number(rng: random.Random, text: str) -> str:
    spots = list(_NUMBER.finditer(text))
    if not spots:
        return text
    spot = rng.choice(spots)
    return text[: spot.start()] + spot.group().split(".")[0] + ".000000000000000000000000001" + text[spot.end() :]


MUTATIONS: list[Mutation] = [
    line_breaks,
    map_key_spelling,
    slip_map_row,
    precise_number,
    delete_line,
    duplicate_line,
    truncate,
    control_byte,
    huge_number,
    change_type,
    add_tag,
    reindent,
    scramble_map_character,
    duplicate_block,
    drop_list_item,
]

LOCATED = re.compile(r"^(?P<file>.+?):(?P<line>\d+):(?P<col>\d+): (?P<message>.+)$")


def test_sources_cover_every_ruleset() -> None:
    assert {path.parent.name for path in SOURCES} >= {"gloomhaven", "perditions-mouth", "agemonia", "cloudspire"}


def test_mutated_scenarios_never_give_a_traceback(tmp_path: Path) -> None:
    rng = random.Random(SEED)
    runner = CliRunner()
    by_ruleset: dict[str, list[Path]] = {}
    for path in SOURCES:
        by_ruleset.setdefault(path.parent.name, []).append(path)
    failures: list[str] = []
    outcomes = {0: 0, 2: 0}
    count = 0
    for ruleset in sorted(by_ruleset):
        for _ in range(MUTATIONS_PER_RULESET):
            source = rng.choice(by_ruleset[ruleset])
            text = source.read_text(encoding="utf-8")
            for mutation in rng.sample(MUTATIONS, rng.choice([1, 1, 2, 3])):
                text = mutation(rng, text) if text else text
            count += 1
            path = tmp_path / f"m{count:03d}.yaml"
            path.write_text(text, encoding="utf-8", errors="surrogatepass")
            args = ["resolve", str(path)] + (["--json"] if count % 2 else [])
            result = runner.invoke(app, args)
            problem = _problem(result, path, json_output="--json" in args)
            if problem:
                failures.append(f"{source.name} -> {path.name}: {problem}\n--- mutated text ---\n{text}\n---")
            else:
                outcomes[result.exit_code] += 1
    assert not failures, f"{len(failures)} of {count} mutations failed:\n" + "\n".join(failures[:5])
    # Both outcomes occur: the mutations are neither all harmless nor all fatal.
    assert outcomes[0] > 10 and outcomes[2] > count // 3, outcomes


def _problem(result: Result, path: Path, *, json_output: bool) -> str | None:
    exception = result.exception
    if exception is not None and not isinstance(exception, SystemExit):
        return f"exception {exception!r}"
    exit_code = result.exit_code
    stderr = result.stderr
    if "internal error" in stderr or "internal error" in result.stdout:  # a crash, whatever the exit code
        return f"internal error: {stderr or result.stdout[:300]!r}"
    if exit_code == 0:
        return None if not stderr else f"exit 0 with stderr {stderr!r}"
    if exit_code != 2:
        return f"exit {exit_code}: {stderr!r}"
    lines = stderr.splitlines()
    if len(lines) != 1:
        return f"{len(lines)} lines on stderr: {stderr!r}"
    located = LOCATED.match(lines[0])
    if not located or located.group("file") != str(path):
        return f"not FILE:LINE:COL: {lines[0]!r}"
    if "internal error" in located.group("message"):
        return lines[0]
    if not json_output:
        return "exit 2 with output on stdout" if result.stdout else None
    # --json: the same error as a JSON document on stdout.
    error = json.loads(result.stdout)["error"]
    if f"{error['file']}:{error['line']}:{error['column']}: {error['message']}" != lines[0]:
        return f"JSON error {error!r} is not {lines[0]!r}"
    return None
