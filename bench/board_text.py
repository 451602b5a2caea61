"""The scenario text pieces the stress generators share (bench/stress.py, bench/adversarial.py)."""

from __future__ import annotations

from collections.abc import Callable


def grid_map(width: int, height: int, cell: Callable[[int, int], str], hex_grid: bool) -> str:
    rows = []
    for row in range(height):
        shift = " " if hex_grid and row % 2 else ""
        rows.append("  " + shift + " ".join(cell(col, row) for col in range(width)))
    return "map: |\n" + "\n".join(rows) + "\n"


def figures_block(entries: dict[str, str]) -> str:
    return "figures:\n" + "".join(f"  {label}: {{{body}}}\n" for label, body in entries.items())
