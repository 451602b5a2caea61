"""The table page as players use it on a phone (round 10): an option's words ("no attack", "stays at"), an area
board's names readable at 390 px without zooming, a search box that finds an area on a large board, the comma
lists' suggestions item by item, and a card's short fields two to a row. The API through a real server; what a
phone shows in Chromium (390x844)."""

from __future__ import annotations

import html
import re
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from serving import copy_scenarios, post_ok, running
from test_serve_browser import _click, _fits, _wait, phone  # noqa: F401 (phone: the browser fixture)
from test_serve_zoom import LARGE, large_board

from enemy_move.editor.answer import option_line
from enemy_move.models import load_scenario_text
from enemy_move.phase import resolve

ROOT = Path(__file__).resolve().parent.parent / "scenarios"
STUNNED = "gloomhaven/24-stunned.yaml"
DEMO = "gloomhaven/demo.yaml"
HALL = "agemonia/phase-three-enemies-rooms.yaml"
ENEMY_CARDS = "agemonia/enemy-card-symbol.yaml"
HELD = "agemonia/held-does-not-move.yaml"
ORDER = "cloudspire/phase-tie-by-label.yaml"
SHEETS = "perditions-mouth/phase-03-sheet-order-back-first.yaml"
GUARDS = "gloomhaven/111-stat-card-elite-and-normal.yaml"
ACTIONS = "gloomhaven/102-push-on-a-card-with-several-actions.yaml"
FILES = (STUNNED, DEMO, HALL, ENEMY_CARDS, HELD, ORDER, SHEETS, GUARDS, ACTIONS)


@pytest.fixture(scope="module")
def url(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    root = copy_scenarios(tmp_path_factory.mktemp("served"), FILES, ROOT)
    (root / LARGE).write_text(large_board())
    with running(root) as address:
        yield address


def _view(url: str, name: str) -> dict[str, Any]:
    return post_ok(url, "view", text=(ROOT / name).read_text(), file=name)


def _form(url: str, name: str, what: str, target: str = "") -> str:
    return html.unescape(str(post_ok(url, "form", text=(ROOT / name).read_text(), what=what, target=target)["html"]))


# --- an option's words -------------------------------------------------------------------------------------------


def test_an_option_that_attacks_nobody_says_no_attack_and_one_that_stays_says_where(url: str) -> None:
    answer = html.unescape(_view(url, STUNNED)["answer"])
    options = re.findall(r'<button type="button" class="option[^"]*"[^>]*>(.*?)</button>', answer)
    assert options, answer
    assert all("attacks -" not in option and "- ·" not in option for option in options)
    assert any("no attack" in option and "stays at [" in option and "0 moves" not in option for option in options), options
    moved = html.unescape(_view(url, DEMO)["answer"])  # an option that moves and attacks reads as before
    assert "to [2, 1] · 1 move · attacks A" in moved


def test_the_terminal_editors_option_line_says_no_attack_too() -> None:
    result = resolve(load_scenario_text((ROOT / STUNNED).read_text()))
    option = result.turns[0].options[0]
    assert not option.attacks
    assert "no attack" in option_line(0, option, True, attacks=True).plain
    assert "attacks -" not in option_line(0, option, True, attacks=True).plain
    # it does not move: "stays at", as the page says, never "0 moves"
    assert "stays at [" in option_line(0, option, True, attacks=True).plain
    assert "0 moves" not in option_line(0, option, True, attacks=True).plain


# --- comma lists: suggestions ------------------------------------------------------------------------------------


def _offered(form: str, key: str) -> list[str]:
    """The values the field ``key`` offers as you type (its datalist), [] when it has none."""
    field = re.search(rf'<input id="([^"]+)" name="{re.escape(key)}" data-kind="list"[^>]*>', form)
    assert field is not None, f"no comma list {key}"
    if f'list="{field.group(1)}-choices"' not in field.group(0):
        return []
    listed = re.search(rf'<datalist id="{field.group(1)}-choices">(.*?)</datalist>', form)
    assert listed is not None
    return re.findall(r'value="([^"]*)"', listed.group(1))


def test_every_comma_list_offers_its_items(url: str) -> None:
    assert "poisoned" in _offered(_form(url, DEMO, "figure", "a"), "figures.a.conditions")  # the game's own words
    assert _offered(_form(url, ENEMY_CARDS, "enemy-cards"), "initiative") == ["Ghoul", "Skitterer"]  # the enemy types
    assert "held" in _offered(_form(url, HELD, "figure", "e"), "figures.e.conditions")  # what the file's figures list
    labels = re.findall(r"^  (\w):", (ROOT / ORDER).read_text(), re.M)
    assert _offered(_form(url, ORDER, "scenario"), "order") == sorted(labels)  # a list of labels: the labels
    sheet = _offered(_form(url, SHEETS, "scenario"), "insectoid_sheet")
    assert sheet and set(sheet) <= set(re.findall(r"^  (\w):", (ROOT / SHEETS).read_text(), re.M))


def test_a_suggested_list_item_is_escaped(url: str) -> None:
    text = (ROOT / HELD).read_text().replace("conditions: [held]", "conditions: ['<b>x\"']")
    form = str(post_ok(url, "form", text=text, what="figure", target="e")["html"])
    assert "<b>x" not in form
    assert re.search(r'<datalist id="[^"]+">(<option value="[^"]*">)*<option value="&lt;b&gt;x&quot;">', form), form


# --- a card's short fields in rows -------------------------------------------------------------------------------


def test_a_stat_cards_short_fields_share_rows(url: str) -> None:
    form = _form(url, GUARDS, "stats")
    assert form.count('<div class="row">') == 2, form  # normal's line and elite's
    normal, elite = form.split('<div class="row">')[1:]
    keys = ("move", "attack", "range", "targets", "flying", "jump")
    assert re.findall(r'name="stats\.Bandit Guard\.normal\.(\w+)"', normal) == list(keys)
    elite_line, _, rest = elite.partition('name="+level:')
    assert re.findall(r'name="stats\.Bandit Guard\.elite\.(\w+)"', elite_line) == list(keys)
    assert "row" not in rest  # the form's own keys (a line for a level, a new card): a row each, their labels sentences


def test_a_cards_labels_are_words_and_a_signed_field_shows_its_forms_inside(url: str) -> None:
    """A card of several actions: its attack's keys were labelled "attack.range (or +1, -1)", which a phone broke in
    the middle of a word."""
    form = _form(url, ACTIONS, "card")
    labels = re.findall(r"<label [^>]*>([^<]*)</label>", form)
    assert "attack range" in labels and "move" in labels, labels
    assert not [label for label in labels if "." in label or "(or" in label], labels
    signed = re.search(r'<input id="[^"]+" name="action\.1\.attack\.range" data-kind="signed"[^>]*>', form)
    assert signed is not None and 'placeholder="+1, -1"' in signed.group(0)


def test_a_board_of_areas_has_the_search_box_a_grid_has_not(url: str) -> None:
    from serving import fetch

    areas = fetch(f"{url}/board/{HALL}").text
    assert '<form id="find" class="find" role="search" hidden>' in areas and 'aria-label="find an area by name"' in areas
    assert 'id="find"' not in fetch(f"{url}/board/{DEMO}").text


# --- on a phone ----------------------------------------------------------------------------------------------------


def _texts(driver: Any, selector: str) -> list[dict[str, Any]]:
    return list(
        driver.execute_script(
            "return Array.prototype.map.call(document.querySelectorAll(arguments[0]), function (t) {"
            "  var r = t.getBoundingClientRect(), box = document.querySelector('#board rect[data-area=\"' + t.textContent + '\"]');"
            "  var b = box ? box.getBoundingClientRect() : r;"
            "  return {height: r.height, left: r.left, right: r.right, boxLeft: b.left, boxRight: b.right, name: t.textContent};"
            "});",
            selector,
        )
    )


def test_an_area_boards_names_are_readable_on_a_phone(phone: Any, url: str) -> None:  # noqa: F811
    """At 390 px a small area board fits the width (a box 150 units wide in about 90 px): its names were drawn
    6-9 px high; they are enlarged to 12 px or more and stay inside their boxes."""
    phone.get(f"{url}/board/{HALL}")
    _wait(phone, lambda d: d.find_elements("css selector", "#board text.area-name"))
    names = _texts(phone, "#board text.area-name")
    assert len(names) == 6  # Hall, Stair, Court, Gate, Tower, Well
    for name in names:
        assert name["height"] >= 12, name
        assert name["boxLeft"] <= name["left"] and name["right"] <= name["boxRight"] + 0.5, name
    assert min(t["height"] for t in _texts(phone, "#board text.area-facts")) >= 10
    assert phone.execute_script("return document.getElementById('zoom').hidden")  # still fitted, no zoom needed
    _fits(phone)
    long = (ROOT / HALL).read_text().replace("Well", "Watchtower_of_the_north1")
    # a long name is narrowed into its box (the board of another text, drawn where the page draws it)
    board = post_ok(url, "view", text=long, file=HALL)["board"]
    phone.execute_script("document.getElementById('board').innerHTML = arguments[0];", board)
    _wait(phone, lambda d: any(t["name"].startswith("Watch") for t in _texts(d, "#board text.area-name")))
    watch = next(t for t in _texts(phone, "#board text.area-name") if t["name"].startswith("Watch"))
    assert watch["height"] >= 12 and watch["right"] <= watch["boxRight"] + 0.5, watch
    mark = phone.execute_script(  # the area's "trap" mark, on the name's line at the box's right: not under the name
        "var t = Array.prototype.find.call(document.querySelectorAll('#board text.area-name'), function (t) {"
        "  return t.textContent.indexOf('Watch') === 0; });"
        "return t.nextElementSibling.textContent + ' ' + t.nextElementSibling.getBoundingClientRect().left;"
    )
    assert mark.startswith("trap ") and watch["right"] <= float(mark.split()[1]), (watch, mark)


def test_the_search_box_centres_and_outlines_an_area(phone: Any, url: str) -> None:  # noqa: F811
    phone.get(f"{url}/board/{LARGE}")
    _wait(phone, lambda d: d.find_element("id", "find").is_displayed())
    assert phone.execute_script("return document.getElementById('find-names').options.length") == 300
    for typed, found in (("R250", "R250"), ("r2", "R2")):  # the exact name; else the name without its case, or a beginning
        box = phone.find_element("id", "find-area")
        box.clear()
        box.send_keys(typed + "\n")
        _wait(phone, lambda d, found=found: f"found {found} " in d.find_element("id", "status").text)
        seen = phone.execute_script(
            "var f = document.querySelectorAll('#board rect.found'), p = document.querySelector('#board .pan').getBoundingClientRect();"
            "var r = f[0].getBoundingClientRect(), x = r.left + r.width / 2, y = r.top + r.height / 2;"
            "return {count: f.length, name: f[0].getAttribute('data-area'), inside: x > p.left && x < p.right && y > p.top && y < p.bottom};"
        )
        assert seen == {"count": 1, "name": found, "inside": True}
    _click(phone, '#board rect[data-area="R151"]')  # the board drawn again after a tap: still outlined
    _wait(phone, lambda d: d.find_elements("css selector", "form.side"))
    assert phone.execute_script("return document.querySelector('#board rect.found').getAttribute('data-area')") == "R2"
    box = phone.find_element("id", "find-area")
    box.clear()
    box.send_keys("<b>nowhere\n")
    _wait(phone, lambda d: "no area named <b>nowhere" in d.find_element("id", "status").text)
    assert not phone.find_elements("css selector", "#board rect.found")
    _fits(phone)
    # Fit: 300 areas in the page's width, an overview; its names are left as drawn (enlarged 30 times, each would be
    # squeezed into its box, and measuring them all cost 0.4 s at each zoom)
    _click(phone, 'button[data-zoom="fit"]')
    _wait(phone, lambda d: not d.find_elements("css selector", "#board .pan.panning"))
    assert phone.execute_script("return document.querySelector('#board svg.board').style.getPropertyValue('--area-name')") == ""
    assert not phone.find_elements("css selector", "#board text[textLength]")
    phone.get(f"{url}/board/{HALL}")  # five areas: no search box
    _wait(phone, lambda d: d.find_elements("css selector", "#board rect[data-area]"))
    assert phone.execute_script("return document.getElementById('find').hidden") is True


def test_a_comma_list_offers_the_next_item(phone: Any, url: str) -> None:  # noqa: F811
    phone.get(f"{url}/board/{DEMO}")
    _wait(phone, lambda d: d.find_elements("css selector", "#board [data-cell]"))
    _click(phone, '[data-figure="a"]')
    _wait(phone, lambda d: d.find_elements("css selector", 'form.side input[name="figures.a.conditions"]'))
    _click(phone, "form.side details.more > summary")
    field = phone.find_element("css selector", 'form.side input[name="figures.a.conditions"]')
    field.send_keys("poisoned, w")
    offered = phone.execute_script("return Array.prototype.map.call(arguments[0].list.options, function (o) { return o.value; })", field)
    assert "poisoned, wounded" in offered and "poisoned, poisoned" not in offered
    assert all(value.startswith("poisoned, ") for value in offered)


def test_a_stat_card_is_compact_on_a_phone(phone: Any, url: str) -> None:  # noqa: F811
    """The one-card stat cards form of 111 at 390 px was 1,096 px tall (each field a row); its lines' fields now go
    two to a row."""
    phone.get(f"{url}/board/{GUARDS}")
    _wait(phone, lambda d: d.find_elements("css selector", "#board [data-cell]"))
    _click(phone, 'button[data-action="stats"]')
    _wait(phone, lambda d: d.find_elements("css selector", "form.side"))
    height = phone.execute_script("return document.querySelector('#form form').getBoundingClientRect().height")
    assert height < 850, height
    _fits(phone)


# --- Share: the link to copy and its QR code ---------------------------------------------------------------------


def test_the_qr_code_of_a_link_and_what_is_refused(url: str) -> None:
    from serving import fetch

    from enemy_move.serve.qr import MAX_QR_LINK

    link = f"{url}/board/{DEMO}?position=abc<script>&token=x"
    svg = post_ok(url, "qr", link=link)["svg"]
    assert svg.startswith("<svg") and "viewBox" in svg and "abc" not in svg and "<script" not in svg  # modules only
    long = post_ok(url, "qr", link="http://x/" + "a" * MAX_QR_LINK)
    assert long["svg"] == "" and "too long for a QR code" in long["message"]
    for wrong in ("javascript:alert(1)", 3, None, "http://x/\ud800", "http://x/é"):
        assert fetch(f"{url}/api/qr", {"link": wrong}).status == 400


def test_share_shows_the_link_its_qr_code_and_copies_it(phone: Any, url: str) -> None:  # noqa: F811
    phone.get(f"{url}/board/{DEMO}")
    _wait(phone, lambda d: d.find_elements("css selector", "#board [data-cell]"))
    _click(phone, 'button[data-action="share"]')
    _wait(phone, lambda d: d.find_elements("css selector", "#shared .qr svg"))
    link = phone.execute_script("return document.querySelector('#shared input').value")
    assert link.startswith(f"{url}/board/{DEMO}?position=")
    size = phone.execute_script("return document.querySelector('#shared .qr svg').getBoundingClientRect().width")
    assert 200 <= size <= 370, size  # big enough to scan off the screen, within the page
    _fits(phone)
    _click(phone, '#shared button[data-share="copy"]')
    _wait(phone, lambda d: d.find_element("id", "status").text in ("link copied", "the link is selected: copy it with your phone's menu"))
    _click(phone, '[data-paint="#"]')
    _click(phone, '[data-cell="5,3"]')  # an edit: the link shown was of the position before it
    _wait(phone, lambda d: d.execute_script("return document.getElementById('shared').hidden"))
    phone.get(link)  # the link opens the position it was made of
    _wait(phone, lambda d: d.find_elements("css selector", "#board [data-cell]"))
    assert phone.execute_script("return JSON.parse(document.getElementById('state').textContent).text") == (ROOT / DEMO).read_text()


def test_another_form_ends_moving_the_figure_tapped(phone: Any, url: str) -> None:  # noqa: F811
    """A figure tapped is moving until its form closes; the Card form opened instead used to leave it moving, so
    the next tap on the board (a why-not) moved the figure there."""
    phone.get(f"{url}/board/{DEMO}")
    _wait(phone, lambda d: d.find_elements("css selector", "#board [data-cell]"))
    _click(phone, '[data-figure="a"]')
    _wait(phone, lambda d: "moving a" in d.find_element("id", "status").text)
    _click(phone, 'button[data-action="card"]')
    _wait(phone, lambda d: d.find_elements("css selector", 'form.side[data-what="card"]'))
    assert "moving" not in phone.find_element("id", "status").text
    _click(phone, '[data-cell="4,1"]')
    _wait(phone, lambda d: "Why not [4, 1]" in d.find_element("id", "answer").text)
    assert phone.execute_script("return document.querySelector('[data-action=\"undo\"]').disabled") is True  # no edit made


def _tap_at(driver: Any, selector: str, dx: float, dy: float) -> None:
    """A tap ``dx``, ``dy`` px from the centre of what ``selector`` finds."""
    from selenium.webdriver.common.action_chains import ActionChains

    element = driver.find_element("css selector", selector)
    driver.execute_script("arguments[0].scrollIntoView({block: 'center'})", element)
    ActionChains(driver).move_to_element_with_offset(element, int(dx), int(dy)).click().perform()


def test_a_small_figure_is_found_near_the_finger(phone: Any, url: str) -> None:  # noqa: F811
    """At 390 px an Agemonia board's figures are discs of about 17 px: a tap 14 px from K's centre, in its area
    Court, picks K (it opened Court's form); a tap farther off is the area's, as before."""
    phone.get(f"{url}/board/{HALL}")
    _wait(phone, lambda d: d.find_elements("css selector", '#board g.figure[data-figure="K"]'))
    size = phone.execute_script("return document.querySelector('#board g.figure[data-figure=\"K\"] circle').getBoundingClientRect().width")
    assert size < 24, size
    _tap_at(phone, '#board g.figure[data-figure="K"] circle', 14, 0)
    _wait(phone, lambda d: d.find_elements("css selector", 'form.side[data-what="figure"][data-target="K"]'))
    assert "moving K" in phone.find_element("id", "status").text
    _click(phone, '#form button[data-form-action="close"]')
    _tap_at(phone, '#board rect[data-area="Tower"]', 30, -15)  # Tower's box, away from L
    _wait(phone, lambda d: d.find_elements("css selector", 'form.side[data-what="area"][data-target="Tower"]'))
