"""Long option tables (render/long_table.py): drawn as rich's Table draws the same rows, byte for byte, in colour and
not, at any width: random rows of repeated and distinct cells, long words, a bold row, wrapped and right-justified
columns."""

from __future__ import annotations

import io
import random

import pytest
from rich.console import Console
from rich.table import Table
from rich.text import Text

from enemy_move.render.long_table import SharedCells, drawable

WORDS = ("[57, 63]", "3, N, U, Z", "pushed", ">", "in that order:", "-", "0", "assumed", "a" * 30, "springs [1, 2]", "É", "漢字")


def _columns() -> Table:
    table = Table(title="Options for E", title_justify="left", show_lines=False)
    for header in ("#", "to", "attacks", "moves", "path", "forced", "effects", "phase"):
        table.add_column(header, justify="right" if header in ("#", "moves") else "left")
    return table


def _rows(rng: random.Random, count: int) -> list[list[Text]]:
    shared = [" ".join(rng.choice(WORDS) for _ in range(rng.randint(1, 6))) for _ in range(8)]
    bold = rng.randrange(count)
    rows = []
    for index in range(count):
        cells = [str(index + 1)] + [
            rng.choice(shared) if rng.random() < 0.6 else " ".join(rng.choice(WORDS) for _ in range(rng.randint(0, 12))) for _ in range(7)
        ]
        rows.append([Text(cell, style="bold" if index == bold else "") for cell in cells])
    return rows


def _drawn(renderable: object, width: int, colour: bool) -> str:
    out = io.StringIO()
    console = Console(file=out, width=width, force_terminal=colour, color_system="truecolor" if colour else None)
    console.print(renderable)
    return out.getvalue()


@pytest.mark.parametrize("seed", range(24))
def test_shared_cells_draw_what_the_table_draws(seed: int) -> None:
    rng = random.Random(seed)
    rows = _rows(rng, rng.randint(1, 60))
    width = rng.choice((16, 24, 40, 60, 80, 120, 200))  # 16, 24: columns too narrow for any text
    colour = seed % 2 == 0
    table = _columns()
    assert drawable(table)
    for row in rows:
        table.add_row(*row)
    assert _drawn(SharedCells(_columns(), rows), width, colour) == _drawn(table, width, colour)


def test_a_table_laid_out_otherwise_is_left_to_rich() -> None:
    assert not drawable(Table(box=None))
    assert not drawable(Table(show_lines=True))
    filled = _columns()
    filled.add_row(*"12345678")
    assert not drawable(filled)
