"""The first mistake in a file is the one reported, when one is the schema's and one the board's own text's (the map,
Agemonia's links), which is read after validation (Game.board_mistake reads it early when validation fails). The
files of tests/invalid/order-*.yaml run through the CLI (tests/test_invalid.py); here, seeded random files."""

from __future__ import annotations

import random
import re
from pathlib import Path

import pytest

from enemy_move.errors import ScenarioError
from enemy_move.loader import load_text
from enemy_move.models import validate_document

SCENARIOS = Path(__file__).resolve().parent.parent / "scenarios"
#: An integer value after a key: made a word, the schema refuses it where it is.
_NUMBER = re.compile(r"(?<=: )\d+(?=[,}\s])")


def _first(text: str) -> tuple[int, int] | None:
    try:
        validate_document(load_text(text, "f.yaml"))
    except ScenarioError as error:
        return (error.line, error.col)
    return None


def _board_slip(text: str, rng: random.Random) -> str | None:
    """``text`` with one mistake in the board's own text, the lines kept: an unknown symbol for a floor cell of the
    map, or an unknown area in a link."""
    lines = text.split("\n")
    if "map: |" in text:
        start = next(i for i, line in enumerate(lines) if line.startswith("map: |")) + 1
        rows = [i for i in range(start, len(lines)) if lines[i].startswith(" ")]
        rows = rows[: next((n for n, (a, b) in enumerate(zip(rows, rows[1:])) if b != a + 1), len(rows))]
        cells = [(i, col) for i in rows for col, char in enumerate(lines[i]) if char == "."]
        if not cells:
            return None
        row, col = rng.choice(cells)
        lines[row] = lines[row][:col] + "§" + lines[row][col + 1 :]
        return "\n".join(lines)
    links = [i for i, line in enumerate(lines) if " -- " in line or " == " in line]
    if not links:
        return None
    row = rng.choice(links)
    lines[row] = re.sub(r"(--|==) (\w+)", r"\1 Nowhere9", lines[row], count=1)
    return "\n".join(lines)


def _schema_slip(text: str, rng: random.Random) -> str | None:
    """``text`` with one number after a key made a word (above or below the map), the lines kept."""
    found = [match for match in _NUMBER.finditer(text) if "expect:" not in text[: match.start()]]
    if not found:
        return None
    match = rng.choice(found)
    return text[: match.start()] + "lots" + text[match.end() :]


FILES = sorted(SCENARIOS.rglob("*.yaml"))


@pytest.mark.parametrize("seed", range(3))
def test_the_earlier_of_a_schema_mistake_and_a_board_mistake_is_reported(seed: int) -> None:
    """first(both mistakes) == the earlier of first(schema mistake alone) and first(board mistake alone), by line and
    column, on the project's scenario files of every game."""
    rng = random.Random(seed)
    compared = board_first = 0
    for path in FILES:
        text = path.read_text(encoding="utf-8")
        if _first(text) is not None:
            continue
        board, schema = _board_slip(text, rng), _schema_slip(text, rng)
        if board is None or schema is None:
            continue
        seed_of = rng.random()  # the same number made a word in both
        both, schema_alone = _schema_slip(board, random.Random(seed_of)), _schema_slip(text, random.Random(seed_of))
        assert both is not None and schema_alone is not None
        at_board, at_schema = _first(board), _first(schema_alone)
        if at_board is None or at_schema is None:
            continue  # the word was accepted there (a text field), or the cell was not read as a cell
        assert _first(both) == min(at_board, at_schema), path.name
        compared += 1
        board_first += at_board < at_schema
    assert compared > 50 and board_first > 10  # both orders are met
