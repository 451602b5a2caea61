"""The text view on a console without colour (a pipe, a file) draws maps and the reasoning without their styles
(map_text.grid_text's and rich_view._reasoning's ``plain``) and option tables one line a segment (render/long_table.py's
``_plain_rows``): the same bytes as rich draws the styled map, the styled steps and its own Table, on seeded random
whole phases (every table drawn both ways) at several widths."""

from __future__ import annotations

import io
import random

import pytest
from forced_boards import forced_board
from rich.console import Console

from enemy_move.models import load_scenario_text
from enemy_move.phase import resolve
from enemy_move.render import rich_view
from enemy_move.render.map_text import grid_text


def _drawn(result: object, width: int) -> str:
    out = io.StringIO()
    console = Console(file=out, width=width, color_system=None, highlight=False)
    assert console.color_system is None
    rich_view.render_result(result, console)  # type: ignore[arg-type]
    return out.getvalue()


@pytest.mark.parametrize("seed", range(30))
def test_the_plain_view_draws_what_rich_draws(seed: int, monkeypatch: pytest.MonkeyPatch) -> None:
    try:
        scenario = load_scenario_text(forced_board(seed, ("push", "pull", None), wide=True), f"p{seed}.yaml")
    except Exception:  # a drawn board the loader refuses
        pytest.skip("board refused")
    result = resolve(scenario)
    width = random.Random(seed).choice((24, 40, 60, 80, 120))
    with monkeypatch.context() as patched:
        patched.setattr(rich_view, "LONG_TABLE_ROWS", 0)  # every options table drawn by long_table.py
        fast = _drawn(result, width)
    with monkeypatch.context() as patched:
        patched.setattr(rich_view, "LONG_TABLE_ROWS", 10**9)  # rich's own Table
        patched.setattr(rich_view, "PLAIN_TABLE_ROWS", 10**9)
        patched.setattr(rich_view, "grid_text", lambda view, plain=False: grid_text(view))  # every map with its styles
        original = rich_view._reasoning
        patched.setattr(rich_view, "_reasoning", lambda steps, plain=False: original(steps))  # the steps with their styles
        slow = _drawn(result, width)
    assert fast == slow
