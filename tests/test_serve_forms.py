"""The page's forms laid out for a phone: each card a collapsed section but the one that matters, a nested block's
keys inside it, what the file leaves out of a figure, an area or the scenario under *More*, Apply and Close last
(kept in reach by a sticky footer), and the values the file already uses offered as you type; every form, sent back
untouched, keeps every byte of the file."""

from __future__ import annotations

import html
import re
from collections.abc import Iterator
from pathlib import Path

import pytest
from serving import copy_scenarios, post_ok, running

ROOT = Path(__file__).resolve().parent.parent / "scenarios"
FACTIONS = "cloudspire/phase-two-factions.yaml"
AREAS = "agemonia/enemy-card-symbol.yaml"
TYPES = "gloomhaven/63-phase-type-initiative.yaml"
GUARDS = "gloomhaven/111-stat-card-elite-and-normal.yaml"
DEMO = "gloomhaven/demo.yaml"
FILES = (FACTIONS, AREAS, TYPES, GUARDS, DEMO)


@pytest.fixture(scope="module")
def url(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    root = tmp_path_factory.mktemp("served")
    copy_scenarios(root, FILES, ROOT)
    with running(root) as address:
        yield address


_post = post_ok


def _form(url: str, text: str, what: str, target: str = "") -> str:
    return str(_post(url, "form", text=text, what=what, target=target)["html"])


def _sent(form: str) -> dict[str, object]:
    """What the page's script sends: every input's value or tick, those in a shut section too."""
    values: dict[str, object] = {}
    for tag in re.findall(r"<input [^>]*>", html.unescape(form)):
        name = re.search(r'name="([^"]*)"', tag)
        if name is not None:
            value = re.search(r'value="([^"]*)"', tag)
            values[name.group(1)] = (" checked" in tag) if 'type="checkbox"' in tag else (value.group(1) if value else "")
    return values


def _forms(url: str) -> Iterator[tuple[str, str, str, str]]:
    """(file, what, target, html) of every form of the test files."""
    for name in FILES:
        text = (ROOT / name).read_text()
        view = _post(url, "view", text=text, file=name)
        labels = re.findall(r'data-figure="([^"]+)"', view["board"])[:1]
        areas = re.findall(r'data-area="([^"]+)"', view["board"])[:1]
        wanted = [("figure", label) for label in labels] + [("area", area) for area in areas]
        wanted += [(what, "") for what in ("card", "stats", "enemy-cards", "scenario", "links")]
        for what, target in wanted:
            form = _form(url, text, what, target)
            if form:
                yield name, what, target, form


def test_every_form_nests_well_keeps_its_buttons_last_and_untouched_keeps_every_byte(url: str) -> None:
    seen = set()
    for name, what, target, form in _forms(url):
        seen.add(what)
        assert form.count("<details") == form.count("</details>"), (name, what)
        assert form.count("<summary>") == form.count("<details"), (name, what)
        assert re.search(r'<div class="buttons"><button type="submit" class="main">Apply</button>.*</div></form>$', form), (name, what)
        assert form.count("<h3>") == 1
        headings = re.findall(r"<(?:summary|h4)>([^<]*)<", form)
        assert len(headings) == len(set(headings)), (name, what, headings)  # no heading said twice
        if what == "links":
            continue
        text = (ROOT / name).read_text()
        changed = _post(
            url, "edit", text=text, file=name, op={"kind": "set", "values": _sent(form), "figure": target if what == "figure" else ""}
        )
        assert changed["text"] == text, (name, what)
    assert seen == {"figure", "area", "card", "stats", "enemy-cards", "scenario", "links"}


def test_a_figure_shows_what_the_file_gives_and_the_rest_under_more(url: str) -> None:
    text = (ROOT / DEMO).read_text()
    form = html.unescape(_form(url, text, "figure", "a"))
    before, _, more = form.partition('<details class="part more" data-key="+more"><summary>More (')
    assert more, "no More section"
    for key in ("initiative", "name", "kind"):  # what changes each round, what the file gives
        assert f'name="figures.a.{key}"' in before, key
    assert 'name="active"' in before and 'name="figures.a.flying"' in more and 'name="figures.a.summoned"' in more
    assert int(more.partition(")")[0]) == more.count("<input ")


def test_a_nested_block_holds_its_keys_named_once(url: str) -> None:
    text = (ROOT / GUARDS).read_text()
    form = html.unescape(_form(url, text, "stats"))
    block = re.search(
        r'<div class="block"><label class="check"[^>]*><input type="checkbox" name="stats.Bandit Guard.elite".*?</div></div>', form
    )
    assert block is not None
    assert 'name="stats.Bandit Guard.elite.move"' in block.group(0) and ">move</label>" in block.group(0)
    assert "elite.move" not in re.sub(r'name="[^"]*"', "", block.group(0))  # the label says "move", not "elite.move"


def test_suggestions_from_the_file(url: str) -> None:
    text = (ROOT / FACTIONS).read_text()
    form = html.unescape(_form(url, text, "scenario"))
    field = re.search(r'<input id="(field-\d+)" name="faction"[^>]* list="\1-choices">', form)
    assert field is not None, "the faction field offers nothing"
    offered = re.search(rf'<datalist id="{field.group(1)}-choices">(.*?)</datalist>', form)
    assert offered is not None and re.findall(r'value="([^"]*)"', offered.group(1)) == ["blue", "red"]
    cards = html.unescape(_form(url, (ROOT / TYPES).read_text(), "card"))
    new = re.search(r'name="\+card"[^>]* list="([^"]+)"', cards)
    assert new is not None and 'value="x"' in cards.partition(f'<datalist id="{new.group(1)}">')[2]
    links = html.unescape(_form(url, (ROOT / AREAS).read_text(), "links"))
    assert '<p class="names">Areas: ' in links


def test_a_suggested_value_is_escaped(url: str) -> None:
    text = (ROOT / FACTIONS).read_text().replace("faction: blue", "faction: '<b>x\"'")
    form = _form(url, text, "scenario")
    assert "<b>x" not in form and "&lt;b&gt;x&quot;" in form


def test_the_card_of_the_figure_tapped_last_opens(url: str) -> None:
    """The page names the figure tapped last: its own card opens (or its type's), the others stay shut."""
    text = (ROOT / AREAS).read_text()
    assert "  g: {side: enemy, name: Ghoul," in text
    form = html.unescape(_form(url, text, "enemy-cards", "g"))
    assert '<details class="part" data-key="enemy_cards.Ghoul" open>' in form
    assert '<details class="part" data-key="enemy_cards.Skitterer">' in form
    cards = html.unescape(_form(url, (ROOT / TYPES).read_text(), "card", "x"))
    assert '<details class="part" data-key="actions.x" open>' in cards and '<details class="part" data-key="action">' in cards
