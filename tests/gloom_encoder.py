"""A small encoder of gloom share codes, written from gloom's handleShareScenario.

Test-only: it lets the tests build boards the other way and round-trip them
through ``enemy_move.games.gloomhaven.gloom_import``. It writes every data version the web
app reads (the older layouts too, so each reading branch is exercised).
"""

from __future__ import annotations

import base64

from enemy_move.games.gloomhaven import gloom_import as g


class BitWriter:
    def __init__(self) -> None:
        self.bits: list[int] = []

    def write(self, count: int, value: int) -> None:
        assert 0 <= value < (1 << count), (count, value)
        self.bits += [(value >> index) & 1 for index in range(count)]

    def code(self) -> str:
        data = bytearray()
        for start in range(0, len(self.bits), 8):
            data.append(sum(bit << index for index, bit in enumerate(self.bits[start : start + 8])))
        return base64.b64encode(bytes(data)).decode().replace("+", "-").replace("/", "_").rstrip("=")


def to_v0(location: int) -> int:
    """The current grid's location in the grid of data versions 1.0 to 1.2 (inverse of gloom's adjust)."""
    column, row = divmod(location, g.GRID_HEIGHT)
    old_column = column - g.COLUMN_ADJUST
    old_row = row - g.ROW_ADJUST + column % 2
    assert 0 <= old_column < g.GRID_WIDTH_V0 and 0 <= old_row < g.GRID_HEIGHT_V0, "outside the old grid"
    return old_column * g.GRID_HEIGHT_V0 + old_row


def encode(board: g.GloomBoard, version: tuple[int, int, int] = (1, 5, 0)) -> str:
    writer = BitWriter()
    for width, value in zip((4, 3, 3), version, strict=True):
        writer.write(width, value)
    for name, width, _ in g.SIMPLE_KEYS:
        writer.write(width, getattr(board, name))
    old_grid = version[:2] <= (1, 2)
    if version == (1, 1, 0):
        writer.write(1, 1 if board.game_rules == 2 else 0)
    elif version != (1, 0, 0):
        writer.write(2, board.game_rules)
    if version[:2] >= (1, 5):
        writer.write(1, board.teleport)
    size, size_bits, place = (g.GRID_SIZE_V0, g.GRID_SIZE_BITS_V0, to_v0) if old_grid else (g.GRID_SIZE, g.GRID_SIZE_BITS, lambda x: x)
    writer.write(size_bits, size if board.active is None else place(board.active))
    writer.write(g.AOE_SIZE_BITS, len(board.aoe))
    for index in board.aoe:
        writer.write(g.AOE_SIZE_BITS, index)
    used = sorted({place(loc): loc for loc in (*board.contents, *board.figures, *board.walls)}.items())
    writer.write(size_bits, len(used))
    last = -1
    for written, location in used:
        delta = written - last - 1
        if delta < 4:
            writer.write(1, 0)
            writer.write(2, delta)
        else:
            writer.write(1, 1)
            writer.write(size_bits, delta)
        last = written
        writer.write(3, board.contents.get(location, 0))
        if location in board.figures:
            writer.write(2, board.figures[location] - g.CHARACTER + 1)
            writer.write(4, board.initiatives.get(location, 1))
        else:
            writer.write(2, 0)
        walls = board.walls.get(location, (False, False, False))
        writer.write(1, int(any(walls)))
        if any(walls):
            for flag in walls:
                writer.write(1, int(flag))
    return writer.code()


def location(col: int, row: int, *, first_column: int = 0, first_row: int = 0) -> int:
    """Our [col, row] (relative to an imported map's corner) as a gloom location."""
    return (row + first_column) * g.GRID_HEIGHT + col + first_row
