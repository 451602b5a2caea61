"""The scenario form (the editor's Ctrl+P, the page's *Scenario*): every top-level key of a game's scenario model that
no other form sets (the variant, Cloudspire's acting faction and order, Perdition's Mouth's sheets, each game's open
readings under `rules:`), read from the model; a yes/no reading shows its default when the file leaves it out, and
only what was changed is written (an untouched form keeps every byte)."""

from __future__ import annotations

import html
import re
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from serving import copy_scenarios, fetch, post_ok, running

from enemy_move.editor.forms import ELSEWHERE, scenario_fields
from enemy_move.models import load_scenario_text
from enemy_move.registry import games

ROOT = Path(__file__).resolve().parent.parent / "scenarios"
FACTIONS = "cloudspire/phase-two-factions.yaml"
SHEETS = "perditions-mouth/phase-02-sheet-order-front-first.yaml"
AREAS = "agemonia/enemy-card-symbol.yaml"
HEXES = "gloomhaven/107-why-not-out-of-sight-names-the-walls.yaml"
FILES = (FACTIONS, SHEETS, AREAS, HEXES)


def test_every_top_level_key_is_set_by_some_form_or_this_one() -> None:
    """A key a new game adds shows up in the scenario form unless another form sets it (no key left unsettable)."""
    for entry in games():
        model = entry.scenario_model()
        shown = {field.key.split(".")[0] for field in scenario_fields(entry.name)}
        assert set(model.model_fields) <= shown | ELSEWHERE, entry.name
        assert "variant" in shown and not shown & ELSEWHERE
    defaults = {field.key: field.default for field in scenario_fields("cloudspire") if field.kind == "bool"}
    assert defaults == {"lateral_through_further": True, "stop_at_mark": False, "optional_displacement": True}


@pytest.fixture(scope="module")
def url(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    root = tmp_path_factory.mktemp("served")
    copy_scenarios(root, FILES, ROOT)
    with running(root) as address:
        yield address


_post = post_ok


def _sent(form: str) -> dict[str, object]:
    """What the page's script sends for the form as shown."""
    values: dict[str, object] = {}
    for tag in re.findall(r"<input [^>]*>", form):
        name = re.search(r'name="([^"]*)"', tag)
        if name is not None:
            value = re.search(r'value="([^"]*)"', tag)
            values[name.group(1)] = (" checked" in tag) if 'type="checkbox"' in tag else (value.group(1) if value else "")
    return values


def _edit(url: str, text: str, values: dict[str, object]) -> dict[str, Any]:
    return _post(url, "edit", text=text, file="x.yaml", op={"kind": "set", "values": values, "figure": ""})


@pytest.mark.parametrize("name", FILES)
def test_the_page_form_untouched_keeps_every_byte(url: str, name: str) -> None:
    text = (ROOT / name).read_text()
    assert 'data-action="scenario"' in fetch(url + "/board/" + name).text
    form = html.unescape(_post(url, "form", text=text, what="scenario", target="")["html"])
    assert 'name="variant"' in form and 'name="rules"' in form or name == FACTIONS
    assert _edit(url, text, _sent(form))["text"] == text


def test_the_page_sets_the_acting_faction_the_order_and_a_reading(url: str) -> None:
    text = (ROOT / FACTIONS).read_text()
    form = html.unescape(_post(url, "form", text=text, what="scenario", target="")["html"])
    assert re.search(r'type="checkbox" name="lateral_through_further"[^>]* checked', form)  # its default: yes
    assert not re.search(r'type="checkbox" name="stop_at_mark"[^>]* checked', form)
    sent = {**_sent(form), "faction": "blue", "order": "q", "lateral_through_further": False}
    changed = _edit(url, text, sent)
    assert changed["error"] is None, changed["error"]
    model = load_scenario_text(changed["text"]).model
    assert model.faction == "blue" and model.order == ["q"] and model.lateral_through_further is False
    assert "stop_at_mark" not in changed["text"]  # untouched: not written
    assert "q" in changed["answer"] and changed["text"].count("\n") == text.count("\n") + 2


def test_the_page_sets_a_sheet_and_refuses_a_key_of_no_form(url: str) -> None:
    text = (ROOT / SHEETS).read_text()
    changed = _edit(url, text, {"variant": "etbrev"})
    assert "variant: etbrev" in changed["text"] and changed["error"] is None
    bad = fetch(url + "/api/edit", {"text": text, "op": {"kind": "set", "values": {"nonsense": "1"}}})
    assert bad.status == 400 and "not a key of the scenario form" in bad.text


def test_the_editor_scenario_form(tmp_path: Path) -> None:
    pytest.importorskip("textual")
    from test_editor import copy_scenario, press, run_editor, session_for, settle

    from enemy_move.editor.app import EditorScreen
    from enemy_move.editor.fieldview import FieldsView
    from enemy_move.editor.forms import FormScreen

    path = copy_scenario(tmp_path, FACTIONS)
    before = Path(path).read_text()

    async def script(pilot: Any, screen: EditorScreen) -> None:
        await press(pilot, "ctrl+p")
        form = pilot.app.screen
        assert isinstance(form, FormScreen) and form.title_text == "Scenario"
        keys = [field.key for field in form.fields]
        assert keys[:3] == ["variant", "faction", "order"] and form.values["lateral_through_further"] is True
        await press(pilot, "enter")  # untouched: nothing written
        assert screen.session.text() == before
        await press(pilot, "ctrl+p", "tab")  # the faction
        view = pilot.app.screen.query_one(FieldsView)
        assert pilot.app.screen.fields[view.focus_index].key == "faction"
        await press(pilot, *"blue", "enter")
        await settle(pilot)
        assert screen.session.doc.get("faction") == "blue" and screen.answer is not None and screen.answer.result is not None
        assert [turn.actor for turn in screen.answer.result.turns] == ["q"]  # the blue minion moves now
        await press(pilot, "ctrl+z")
        assert screen.session.text() == before

    run_editor(session_for(path), script)
