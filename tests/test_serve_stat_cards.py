"""Issue 33 on the table page: the Stat cards form (the scenario level, each card's sections, a line by level, a
new card), a card's relative values ("+1") kept as typed, and the sums each figure gets shown in the forms."""

from __future__ import annotations

import html
import json
import re
from collections.abc import Iterator
from pathlib import Path
from urllib.parse import quote

import pytest
from serving import copy_scenarios, fetch, post_ok, running, set_values

from enemy_move.errors import ScenarioError
from enemy_move.games.gloomhaven.model import GloomhavenScenario
from enemy_move.loader import load_text
from enemy_move.models import load_scenario_text

ROOT = Path(__file__).resolve().parent.parent / "scenarios"
GUARDS = "gloomhaven/111-stat-card-elite-and-normal.yaml"
ARCHERS = "gloomhaven/115-stat-card-relative-attack.yaml"
AREAS = "agemonia/ag6-double-line-detour.yaml"


@pytest.fixture(scope="module")
def folder(tmp_path_factory: pytest.TempPathFactory) -> Path:
    root = tmp_path_factory.mktemp("served")
    copy_scenarios(root, (GUARDS, ARCHERS, AREAS), ROOT)
    return root


@pytest.fixture(scope="module")
def url(folder: Path) -> Iterator[str]:
    with running(folder) as address:
        yield address


_post = post_ok


_set = set_values


def test_the_stat_cards_button_only_where_the_game_has_them(url: str) -> None:
    assert 'data-action="stats"' in fetch(url + "/board/" + quote(GUARDS)).text
    assert 'data-action="stats"' not in fetch(url + "/board/" + quote(AREAS)).text
    refused = _post(url, "form", text=(ROOT / AREAS).read_text(), what="stats", target="")
    assert refused["html"] == "" and "no stat cards" in refused["message"]


def test_the_forms_show_the_sums_and_take_signed_values(url: str, folder: Path) -> None:
    text = (folder / GUARDS).read_text()
    card = html.unescape(_post(url, "form", text=text, what="card", target="")["html"])
    assert "e: Move 3+1 = 4; melee (stat card)" in card and "n: Move 2+1 = 3" in card  # each figure's own sum
    assert re.search(
        r'<label for="field-\d+"[^>]*>move</label><input [^>]*name="action.move"[^>]*value="\+1"[^>]* placeholder="\+1, -1"', card
    )
    relative = _set(url, text, {"action.move": "+2"})
    assert 'move: "+2"' in relative and load_scenario_text(relative).model.action.move == 2
    absolute = _set(url, text, {"action.move": "2"})
    assert re.search(r"move: 2\b", absolute)


def test_stat_cards_form_edits_a_card_adds_a_line_by_level_and_a_new_card(url: str, folder: Path) -> None:
    text = (folder / GUARDS).read_text()
    form = html.unescape(_post(url, "form", text=text, what="stats", target="")["html"])
    for name in ("level", "stats.Bandit Guard.normal.move", "stats.Bandit Guard.elite.flying", "+level:stats.Bandit Guard", "+stat-card"):
        assert f'name="{name}"' in form
    assert "<h4>Stat card Bandit Guard</h4>" in form and "<details" not in form and "e: Move 3+1 = 4" in form
    edited = _set(url, text, {"level": "2", "stats.Bandit Guard.normal.move": "4", "+level:stats.Bandit Guard": "2"})  # form order
    card = load_scenario_text(edited).model.stats["Bandit Guard"]
    assert card.level is None and list(card.levels) == [2]  # the scenario's level 2 plays the new line
    assert card.line(False, 2) is not None and card.line(False, 2).move == 4
    assert edited.index("level: 2") < edited.index("map:") and "levels:" in edited and "# " in edited  # comments kept
    by_level = html.unescape(_post(url, "form", text=edited, what="stats", target="")["html"])
    assert "Stat card Bandit Guard, level 2 (in play; lines: 2)" in by_level
    assert 'name="stats.Bandit Guard.levels.2.elite.move"' in by_level and 'name="stats.Bandit Guard.level"' in by_level
    another = _set(url, edited, {"+level:stats.Bandit Guard": "3", "+stat-card": "Hound"})
    # A card for a type not on the board yet: the file is written, and loading it names the key that names no figure.
    with pytest.raises(ScenarioError, match="`stats` key 'Hound' names no figure and no monster type"):
        load_scenario_text(another)
    model = GloomhavenScenario.model_validate_json(
        json.dumps(GloomhavenScenario.fill_in(load_text(another, "another.yaml").data)), strict=True
    )
    assert sorted(model.stats["Bandit Guard"].levels) == [2, 3] and "Hound" in model.stats
    bad = fetch(url + "/api/edit", {"text": text, "op": {"kind": "set", "values": {"+level:stats.Bandit Guard": "9"}}})
    assert bad.status == 400 and "0 to 7" in bad.text


def test_the_attack_shorthand_is_shown_and_spelled_out_when_edited(url: str, folder: Path) -> None:
    text = (folder / ARCHERS).read_text()
    card = html.unescape(_post(url, "form", text=text, what="card", target="")["html"])
    assert re.search(r'name="action.attack.value"[^>]*value="\+1"', card) and "Attack 3+1 = 4" in card
    ranged = _set(url, text, {"action.attack.range": "2"})
    assert load_scenario_text(ranged).model.action.attack.range == 2
    assert "value: '+1'" in ranged or 'value: "+1"' in ranged
