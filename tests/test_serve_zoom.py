"""A board too large for a phone (static/zoom.js, the layered layout's columns): drawn at a readable size in a box
that pans, with − / + / Fit; a small board as before. In Chromium as a phone (390x844)."""

from __future__ import annotations

import random
import shutil
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from serving import running
from test_serve_browser import DEMO, ROOT, _answer, _click, _fits, _wait, phone  # noqa: F401 (phone: the browser fixture)

from enemy_move.models import load_scenario_text
from enemy_move.phase import resolve
from enemy_move.render.svg import _area_positions

LARGE = "agemonia/large.yaml"


def large_board(count: int = 300, links: int = 900) -> str:
    """``count`` Agemonia areas joined at random (as the bench's 1,000-area board): breadth-first layers of about
    a hundred areas each."""
    rng = random.Random(3)
    names = [f"R{i}" for i in range(count)]
    joined = {frozenset((names[i], names[i + 1])) for i in range(count - 1)}
    while len(joined) < links:
        a, b = rng.sample(names, 2)
        joined.add(frozenset((a, b)))
    lines = ["ruleset: agemonia", "areas:", *(f"  {name}: {{capacity: 2}}" for name in names), "links:"]
    lines += [f"  - {a} -- {b}" for a, b in sorted(tuple(sorted(pair)) for pair in joined)]
    lines += ["figures:", "  a: {side: enemy, area: R150, type: t0, number: 1}", "  H: {side: hero, area: R7, taunt: 1}"]
    return "\n".join(lines + ["action: {move: 2, attack: {kind: melee}}"]) + "\n"


def test_a_large_area_board_is_laid_out_in_columns_not_a_sliver() -> None:
    board = resolve(load_scenario_text(large_board())).board
    corners = _area_positions(board)
    xs, ys = {x for x, _ in corners.values()}, {y for _, y in corners.values()}
    width, height = max(xs) - min(xs), max(ys) - min(ys)
    assert len(corners) == 300 and len(set(corners.values())) == 300  # every area placed, none on another
    assert 0.5 < height / width < 2, (width, height)  # was 5 layers of about 60 areas: 5 columns, 30 times as tall
    small = resolve(load_scenario_text((ROOT / "agemonia/ag6-double-line-detour.yaml").read_text())).board
    assert len({x for x, _ in _area_positions(small).values()}) >= 2  # a small board's layers are its columns still


@pytest.fixture
def served(tmp_path: Path) -> Iterator[str]:
    (tmp_path / "gloomhaven").mkdir()
    (tmp_path / "agemonia").mkdir()
    shutil.copy(ROOT / DEMO, tmp_path / DEMO)
    (tmp_path / LARGE).write_text(large_board())
    with running(tmp_path) as url:
        yield url


def _board(driver: Any) -> dict[str, Any]:
    return dict(
        driver.execute_script(
            "var s = document.querySelector('#board svg.board'), p = s.parentNode, r = s.getBoundingClientRect();"
            "var box = document.querySelector('#board rect[data-area], #board [data-cell]').getBoundingClientRect();"
            "return {panning: p.classList.contains('panning'), bar: !document.getElementById('zoom').hidden,"
            " width: r.width, box: Math.min(box.width, box.height), boxWidth: p.getBoundingClientRect().width,"
            " level: document.querySelector('.zoom-level').textContent};"
        )
    )


def test_a_large_area_board_pans_at_a_readable_size_on_a_phone(phone: Any, served: str) -> None:  # noqa: F811
    phone.get(f"{served}/board/{LARGE}")
    _wait(phone, lambda d: d.find_elements("css selector", "#board rect[data-area]") and "a" in _answer(d))
    seen = _board(phone)
    assert seen["panning"] and seen["bar"] and seen["level"] == "100 %"
    assert seen["box"] >= 44 and seen["boxWidth"] <= 390  # an area box a finger can tap, in a box the width of the page
    _fits(phone)
    # the acting figure is in view at first (the box scrolled to it)
    assert phone.execute_script(
        "var p = document.querySelector('#board .pan').getBoundingClientRect(),"
        " f = document.querySelector('#board .figure.actor').getBoundingClientRect();"
        "return f.left >= p.left && f.right <= p.right && f.top >= p.top && f.bottom <= p.bottom;"
    )
    _click(phone, 'button[data-zoom="in"]')
    _wait(phone, lambda d: _board(d)["level"] == "150 %")
    assert abs(_board(phone)["width"] - 1.5 * seen["width"]) < 2
    # a tap on an area still finds it (its why-not, its form)
    _click(phone, '#board rect[data-area="R151"]')
    _wait(phone, lambda d: "R151" in _answer(d) and d.find_elements("css selector", "form.side"))
    assert _board(phone)["level"] == "150 %"  # the board drawn again keeps its zoom
    _click(phone, 'button[data-zoom="fit"]')
    _wait(phone, lambda d: not _board(d)["panning"])
    _fits(phone)


def test_a_small_board_is_drawn_as_before(phone: Any, served: str) -> None:  # noqa: F811
    phone.get(f"{served}/board/{DEMO}")
    _wait(phone, lambda d: d.find_elements("css selector", "#board [data-cell]"))
    seen = _board(phone)
    assert not seen["panning"] and not seen["bar"]
    assert abs(seen["width"] - 370) < 1  # the page's width, as before (10 px margins)
