"""A map read again but for its figure letters (geometry/grid.py ``_read_map``'s kept reads) gives what reading it
afresh gives (``_read_map_text``): the same terrain in the same order, the same figures, size, or the same error line.

Seeded random boards, each read in a batch of boards with the same terrain and other figure letters (declared or not,
drawn twice, also given `at:`), some with a mistake (an unknown symbol, a character between cells, a tab).
"""

from __future__ import annotations

import random
from types import SimpleNamespace
from typing import Any

import pytest

from enemy_move.errors import ScenarioError
from enemy_move.geometry import grid
from enemy_move.loader import SourceMap

SYMBOLS = {**grid.DEFAULT_SYMBOLS, "$": "treasure"}


def board(rng: random.Random, kind: str) -> list[list[str]]:
    width, height = rng.randint(1, 9), rng.randint(1, 9)
    terrain = rng.choice([".", ".", ".", "#", "*", "^", " ", "$"])
    return [[terrain if rng.random() < 0.15 else "." for _ in range(width)] for _ in range(height)]


def text_of(rows: list[list[str]], kind: str) -> str:
    return "\n".join((" " if kind == "hex" and number % 2 else "") + " ".join(row) for number, row in enumerate(rows)) + "\n"


def letters(rng: random.Random, rows: list[list[str]], cells: list[tuple[int, int]]) -> list[list[str]]:
    """The board with a letter at each of ``cells`` (sometimes the same letter twice, sometimes a digit)."""
    drawn = [list(row) for row in rows]
    for col, row in cells:
        drawn[row][col] = rng.choice("abcAB1") if rng.random() < 0.2 else rng.choice("abcdefgABCDEFG123")
    return drawn


def damaged(rng: random.Random, text: str) -> str:
    at = rng.randrange(len(text))
    return text[:at] + rng.choice(["%", "\t", "x", " .", "é", "?"]) + text[at + 1 :]


read_text = grid._read_map_text


def read(text: str, kind: str, figure_cells: dict[str, Any], afresh: bool) -> Any:
    scenario = SimpleNamespace(model=SimpleNamespace(map=text), source=SourceMap("f.yaml", text))
    try:
        if afresh:
            terrain, drawn, width, height = read_text(scenario.source, text, kind, dict(SYMBOLS), dict(figure_cells))  # type: ignore[arg-type]
        else:
            terrain, drawn, width, height = grid._read_map(scenario, kind, dict(SYMBOLS), dict(figure_cells))  # type: ignore[arg-type]
    except ScenarioError as error:
        return str(error)
    return list(terrain.items()), list(drawn.items()), width, height


def test_a_map_read_again_reads_as_afresh(monkeypatch: pytest.MonkeyPatch) -> None:
    rng = random.Random(3434)
    fresh_reads: list[int] = []

    def read_afresh(*args: Any) -> Any:
        fresh_reads.append(1)
        return read_text(*args)

    monkeypatch.setattr(grid, "_read_map_text", read_afresh)
    reads = 0
    for _ in range(300):
        kind = rng.choice(["hex", "square"])
        rows = board(rng, kind)
        places = [(col, row) for row in range(len(rows)) for col in range(len(rows[row])) if rows[row][col] == "."]
        cells = rng.sample(places, min(len(places), rng.randint(0, 4)))
        for _ in range(rng.randint(1, 4)):  # the same terrain, other letters
            text = text_of(letters(rng, rows, cells), kind)
            if rng.random() < 0.1:
                text = damaged(rng, text)
            declared: dict[str, tuple[int, int] | None] = {label: None for label in rng.sample("abcdefgABCDEFG123", rng.randint(8, 17))}
            if declared and rng.random() < 0.2:
                declared[rng.choice(sorted(declared))] = (0, 0)  # also given `at:`
            assert read(text, kind, declared, afresh=False) == read(text, kind, declared, afresh=True), text
            reads += 1
    assert reads - len(fresh_reads) > 150  # the kept reads were used
