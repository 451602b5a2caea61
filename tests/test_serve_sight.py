"""The table page's sight lines (issue 33): Sight mode or a long press on a cell draws the game's sight lines from
it and lists them, each blocked one with what blocks it. The API over a real server, then Chromium as a phone."""

from __future__ import annotations

import shutil
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from serving import fetch, running
from test_serve_browser import _answer, _click, _fits, _wait, phone  # noqa: F401 (phone: the browser fixture)

ROOT = Path(__file__).resolve().parent.parent / "scenarios"
WALLS = "gloomhaven/107-why-not-out-of-sight-names-the-walls.yaml"
FILES = [WALLS, "perditions-mouth/summoner-04-behind-a-wall.yaml", "agemonia/ranged-sight-blocked.yaml", "cloudspire/invalid-hex-ai.yaml"]


@pytest.fixture
def served(tmp_path: Path) -> Iterator[tuple[str, Path]]:
    for name in FILES:
        (tmp_path / name).parent.mkdir(exist_ok=True)
        shutil.copy(ROOT / name, tmp_path / name)
    with running(tmp_path) as url:
        yield url, tmp_path


def _view(url: str, name: str, sight: Any) -> dict[str, Any]:
    reply = fetch(url + "/api/view", {"text": (ROOT / name).read_text(), "file": name, "sight": sight})
    assert reply.status == 200, reply.text
    data: dict[str, Any] = reply.json()
    return data


def test_the_view_draws_and_lists_the_lines(served: tuple[str, Path]) -> None:
    url, _ = served
    data = _view(url, WALLS, "3,2")
    assert data["board"].count('class="sight-line ') == 2 and 'class="sight-blocker wall"' in data["board"]
    assert "Sight from [3, 2]: 1 of 2 figures in sight" in data["answer"]
    assert '<li class="blocked" data-target="A">A [5, 0]: out of sight: every line from a corner' in data["answer"]
    assert "the wall hex [3, 1]" in data["answer"] and '<li class="in-sight" data-target="a">' in data["answer"]
    assert "sight-line" not in _view(url, WALLS, None)["board"]


def test_each_game_answers_in_its_own_words(served: tuple[str, Path]) -> None:
    url, _ = served
    squares = _view(url, FILES[1], "2,1")["answer"]
    assert "A [6, 1]: out of sight: the line between the two squares' centres crosses the wall at [3, 1]" in squares
    areas = _view(url, FILES[2], "A1")["answer"]
    assert "L in A3: out of sight" in areas
    none = _view(url, FILES[3], "1,1")
    assert "Sight from [1, 1]: Cloudspire has no line-of-sight rule" in none["answer"] and "sight-line" not in none["board"]
    wall = _view(url, WALLS, "3,1")["answer"]
    assert "Sight from [3, 1]: [3, 1] is wall" in wall


def test_a_bad_sight_value_is_a_400(served: tuple[str, Path]) -> None:
    url, _ = served
    reply = fetch(url + "/api/view", {"text": (ROOT / WALLS).read_text(), "file": WALLS, "sight": 7})
    assert reply.status == 400 and "sight: expected a cell" in reply.json()["error"]


def test_a_name_from_the_file_is_escaped(served: tuple[str, Path]) -> None:
    url, _ = served
    text = (ROOT / WALLS).read_text().replace("A: {kind: character, name: Brute", 'A: {kind: character, name: "<b>x</b>"')
    reply = fetch(url + "/api/view", {"text": text, "file": WALLS, "sight": "3,2"})
    assert "<b>x</b>" not in reply.json()["answer"]


# --- in the browser ----------------------------------------------------------------------------


def _open(driver: Any, url: str, name: str = WALLS) -> None:
    driver.get(url + "/board/" + name)
    _wait(driver, lambda d: d.find_elements("css selector", "[data-cell]"))


def test_sight_mode_draws_the_lines_and_a_second_tap_hides_them(phone: Any, served: tuple[str, Path]) -> None:  # noqa: F811
    url, _ = served
    _open(phone, url)
    _click(phone, 'button[data-tool="sight"]')
    _wait(phone, lambda d: "tap a cell" in d.find_element("id", "status").text)
    _click(phone, '[data-cell="3,2"]')
    _wait(phone, lambda d: "Sight from [3, 2]" in _answer(d))
    assert "the wall hex [3, 1]" in _answer(phone) and "Why not" not in _answer(phone)
    assert phone.find_elements("css selector", "#board .sight-line.blocked") and phone.find_elements(
        "css selector", "#board .sight-blocker"
    )
    _fits(phone)
    size = phone.execute_script(
        "var r = document.querySelector('#answer .sight-clear').getBoundingClientRect(); return [r.width, r.height]"
    )
    assert min(size) >= 44, f"Clear is {size} px: a touch target is at least 44 px"
    _click(phone, '[data-cell="3,2"]')
    _wait(phone, lambda d: "Sight from" not in _answer(d))
    assert not phone.find_elements("css selector", "#board .sight-line")


def test_a_long_press_in_look_mode_and_clear(phone: Any, served: tuple[str, Path]) -> None:  # noqa: F811
    from selenium.webdriver.common.action_chains import ActionChains

    url, _ = served
    _open(phone, url, FILES[1])
    cell = phone.find_element("css selector", '[data-cell="2,1"]')
    phone.execute_script("arguments[0].scrollIntoView({block: 'center'})", cell)
    ActionChains(phone).click_and_hold(cell).pause(1.0).release().perform()
    _wait(phone, lambda d: "Sight from [2, 1]" in _answer(d))
    assert "crosses the wall at [3, 1]" in _answer(phone)
    assert "Why not" not in _answer(phone), "the click ending a long press is no tap"
    _click(phone, "#answer button[data-sight-clear]")
    _wait(phone, lambda d: "Sight from" not in _answer(d))
    _click(phone, '[data-cell="2,1"]')  # a plain tap is still Look: why not
    _wait(phone, lambda d: "Why not [2, 1]" in _answer(d))
