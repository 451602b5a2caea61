"""The table page in a real browser: Debian's Chromium through selenium, as a phone (390x844).

Skipped only where Chromium and its driver are not installed (`.ci/run` installs them with apt-get; under CI a
missing browser fails instead of skipping)."""

from __future__ import annotations

import os
import shutil
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from serving import running
from typer.testing import CliRunner

from enemy_move.cli import app

CHROMIUM, DRIVER = "/usr/bin/chromium", "/usr/bin/chromedriver"
ROOT = Path(__file__).resolve().parent.parent / "scenarios"
DEMO = "gloomhaven/demo.yaml"
PHONE = {"width": 390, "height": 844}


def _browser_or_skip() -> None:
    missing = [path for path in (CHROMIUM, DRIVER) if not os.access(path, os.X_OK)]
    if missing and os.environ.get("CI"):
        pytest.fail(f"{', '.join(missing)} missing: .ci/run installs chromium and chromium-driver")
    if missing:
        pytest.skip(f"{', '.join(missing)} not installed (apt-get install chromium chromium-driver)")


@pytest.fixture(scope="module")
def phone() -> Iterator[Any]:
    _browser_or_skip()
    from selenium import webdriver
    from selenium.webdriver.chrome.service import Service

    options = webdriver.ChromeOptions()
    options.binary_location = CHROMIUM
    for flag in (
        "--headless=new",
        "--no-sandbox",
        "--disable-gpu",
        "--disable-dev-shm-usage",
        "--disable-background-networking",
        "--disable-component-update",
        "--disable-sync",
        "--no-first-run",
    ):
        options.add_argument(flag)
    options.add_experimental_option("mobileEmulation", {"deviceMetrics": {**PHONE, "pixelRatio": 2, "touch": True}})
    driver = webdriver.Chrome(service=Service(DRIVER), options=options)
    driver.set_page_load_timeout(60)
    try:
        yield driver
    finally:
        driver.quit()


@pytest.fixture
def served(tmp_path: Path) -> Iterator[tuple[str, Path]]:
    (tmp_path / "gloomhaven").mkdir()
    shutil.copy(ROOT / DEMO, tmp_path / DEMO)
    with running(tmp_path) as url:
        yield url, tmp_path


def _wait(driver: Any, condition: Any, timeout: float = 20) -> Any:
    """Until ``condition`` holds; an element the page drew again meanwhile (stale) is looked up again."""
    from selenium.common.exceptions import NoSuchElementException, StaleElementReferenceException
    from selenium.webdriver.support.ui import WebDriverWait

    return WebDriverWait(driver, timeout, ignored_exceptions=(NoSuchElementException, StaleElementReferenceException)).until(condition)


def _answer(driver: Any) -> str:
    return str(driver.execute_script("return document.getElementById('answer').innerText"))


def _click(driver: Any, selector: str) -> None:
    """A tap where the element is drawn (a cell under an option's badge gets it as a finger would: the page
    looks through the marks drawn over the board)."""
    from selenium.webdriver.common.action_chains import ActionChains
    from selenium.webdriver.common.by import By

    def tapped(d: Any) -> bool:  # the answer redraws the page's parts: a stale element is found again and tapped
        element = d.find_element(By.CSS_SELECTOR, selector)
        d.execute_script("arguments[0].scrollIntoView({block: 'center'})", element)
        ActionChains(d).move_to_element(element).click().perform()
        return True

    _wait(driver, tapped)


def _open_board(driver: Any, url: str) -> str:
    from selenium.webdriver.common.by import By

    driver.get(url + "/")
    driver.find_element(By.CSS_SELECTOR, f'a[href="/board/{DEMO}"]').click()
    _wait(driver, lambda d: d.find_elements(By.CSS_SELECTOR, "[data-cell]"))
    return _answer(driver)


def _fits(driver: Any) -> None:
    width = driver.execute_script("return document.documentElement.scrollWidth")
    assert width <= PHONE["width"], f"the page scrolls sideways: {width} px wide"


def test_painting_changes_the_answer_and_undo_restores_it(phone: Any, served: tuple[str, Path]) -> None:
    url, _ = served
    before = _open_board(phone, url)
    _fits(phone)
    _click(phone, '[data-paint="#"]')
    _click(phone, '[data-cell="2,1"]')  # option 1's destination becomes a wall
    _wait(phone, lambda d: _answer(d) != before)
    assert "[2, 1]" not in _answer(phone).split("Route")[0]
    _click(phone, 'button[data-action="undo"]')
    _wait(phone, lambda d: _answer(d) == before)


def test_save_writes_a_file_check_accepts(phone: Any, served: tuple[str, Path]) -> None:
    url, folder = served
    before = _open_board(phone, url)
    original = (folder / DEMO).read_text()
    _click(phone, '[data-paint="*"]')
    _click(phone, '[data-cell="5,3"]')
    _wait(phone, lambda d: _answer(d) != before or "obstacle" in d.page_source)
    _click(phone, 'button[data-action="save"]')
    _wait(phone, lambda d: "saved" in d.find_element("id", "status").text)
    saved = (folder / DEMO).read_text()
    assert saved != original and "#" in saved
    assert CliRunner().invoke(app, ["check", str(folder / DEMO)]).exit_code == 0


def test_next_round_moves_the_monsters(phone: Any, served: tuple[str, Path]) -> None:
    url, _ = served
    _open_board(phone, url)
    where = "return document.querySelector('[data-figure=\"a\"] circle').getAttribute('cx') + ',' + document.querySelector('[data-figure=\"a\"] circle').getAttribute('cy')"
    start = phone.execute_script(where)
    _click(phone, 'button[data-action="next"]')  # the players choose first: the page says so
    _wait(phone, lambda d: "choose" in d.find_element("id", "status").text)
    _click(phone, '#answer button[data-option="1"]')  # option 2
    _wait(phone, lambda d: "(chosen)" in _answer(d))
    _click(phone, 'button[data-action="next"]')
    _wait(phone, lambda d: "next round" in d.find_element("id", "status").text)
    assert phone.execute_script(where) != start
    _fits(phone)


def test_the_page_is_phone_grade(phone: Any, served: tuple[str, Path]) -> None:
    """At 390 px: nothing scrolls sideways, text is at least 12 px, every touch target at least 44 px."""
    url, _ = served
    phone.get(url + "/")
    _fits(phone)
    _open_board(phone, url)
    _click(phone, '[data-figure="a"]')  # the figure's form opens too
    _wait(phone, lambda d: d.find_elements("css selector", "form.side input"))
    _fits(phone)
    small = phone.execute_script(
        "var out = [];"
        "document.querySelectorAll('body *').forEach(function (e) {"
        "  if (e.closest('svg') || !e.getClientRects().length) return;"
        "  var own = Array.prototype.some.call(e.childNodes, function (n) { return n.nodeType === 3 && n.textContent.trim(); });"
        "  if (own && parseFloat(getComputedStyle(e).fontSize) < 12) out.push(e.tagName + ' ' + getComputedStyle(e).fontSize);"
        "});"
        "return out;"
    )
    assert small == []
    tiny = phone.execute_script(
        "var out = [];"
        "document.querySelectorAll('button, a, input, select, textarea, summary').forEach(function (e) {"
        "  var r = (e.type === 'checkbox' && e.closest('label') || e).getBoundingClientRect();"  # a box's label is its target too
        "  if (r.width && (r.width < 44 || r.height < 44)) out.push(e.outerHTML.slice(0, 60) + ' ' + r.width + 'x' + r.height);"
        "});"
        "return out;"
    )
    assert tiny == []


def test_a_form_on_a_phone_keeps_apply_in_reach_and_its_open_sections(phone: Any, served: tuple[str, Path]) -> None:
    """The figure's form: Apply in view wherever the form is scrolled (a sticky footer); what the file leaves out
    waits under More, shut; a section opened stays open when the form is drawn again after Apply."""
    url, _ = served
    _open_board(phone, url)
    _click(phone, '[data-figure="a"]')
    _wait(phone, lambda d: d.find_elements("css selector", "form.side details.more"))
    assert phone.execute_script("return document.querySelector('form.side details.more').open") is False
    _click(phone, "form.side details.more > summary")
    assert phone.execute_script("return document.querySelector('form.side details.more').open") is True
    for where in ("start", "center"):  # the form's top, its middle: Apply is on the screen either way
        phone.execute_script(f"document.querySelector('#form form').scrollIntoView({{block: '{where}'}})")
        box = phone.execute_script("return document.querySelector('#form button[type=submit]').getBoundingClientRect().toJSON()")
        assert box["top"] >= 0 and box["bottom"] <= PHONE["height"], (where, box)
    phone.execute_script("window.shownForm = document.querySelector('#form form')")
    _click(phone, "#form button[type=submit]")
    _wait(phone, lambda d: d.execute_script("var f = document.querySelector('#form form'); return f && f !== window.shownForm"))
    assert phone.execute_script("return document.querySelector('form.side details.more').open") is True
    _fits(phone)


def test_a_shared_links_invalid_text_is_not_saved(phone: Any, served: tuple[str, Path]) -> None:
    """A `?position=` link whose text does not load: Save says the loader's line on the page and writes nothing."""
    from enemy_move.serve.app import pack

    url, folder = served
    original = (folder / DEMO).read_bytes()
    phone.get(f"{url}/board/{DEMO}?position={pack(original.decode().replace('map: |', 'map: [|', 1))}")
    _wait(phone, lambda d: d.find_elements("css selector", 'button[data-action="save"]'))
    _click(phone, 'button[data-action="save"]')
    _wait(phone, lambda d: "invalid YAML" in d.find_element("id", "status").text)
    assert "demo.yaml:" in phone.find_element("id", "status").text and (folder / DEMO).read_bytes() == original
    _fits(phone)
    if os.environ.get("SHOT"):  # to look at it: the status line in view
        phone.execute_script("document.getElementById('status').scrollIntoView({block: 'center'})")
        phone.save_screenshot(os.environ["SHOT"])
