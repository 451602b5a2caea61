"""Enemy cards on the table page (the Enemy cards form): the Initiative card's order, this round's symbol of each
type, an action's values, a new card and a new action, a removal; every other byte of the file kept, and what the
page sends back judged by the loader."""

from __future__ import annotations

import html
import re
from collections.abc import Iterator
from pathlib import Path
from urllib.parse import quote

import pytest
from serving import copy_scenarios, fetch, post_ok, running, set_values

from enemy_move.models import load_scenario_text

ROOT = Path(__file__).resolve().parent.parent / "scenarios"
CARDS = "agemonia/enemy-card-symbol.yaml"
GUARDS = "gloomhaven/111-stat-card-elite-and-normal.yaml"
TYPES = "gloomhaven/63-phase-type-initiative.yaml"
STEPS = "gloomhaven/102-push-on-a-card-with-several-actions.yaml"


@pytest.fixture(scope="module")
def folder(tmp_path_factory: pytest.TempPathFactory) -> Path:
    root = tmp_path_factory.mktemp("served")
    copy_scenarios(root, (CARDS, GUARDS, TYPES, STEPS), ROOT)
    return root


@pytest.fixture(scope="module")
def url(folder: Path) -> Iterator[str]:
    with running(folder) as address:
        yield address


_post = post_ok


def _form(url: str, text: str) -> str:
    return html.unescape(_post(url, "form", text=text, what="enemy-cards", target="")["html"])


def _sent(form: str) -> dict[str, object]:
    """What the page's script sends for the form as shown: every input's value, a checkbox's tick."""
    values: dict[str, object] = {}
    for tag in re.findall(r"<input [^>]*>", form):
        name = re.search(r'name="([^"]*)"', tag)
        if name is None:
            continue
        if 'type="checkbox"' in tag:
            values[name.group(1)] = " checked" in tag
        else:
            value = re.search(r'value="([^"]*)"', tag)
            values[name.group(1)] = value.group(1) if value else ""
    return values


_set = set_values


def test_the_enemy_cards_button_only_where_the_game_has_them(url: str) -> None:
    assert 'data-action="enemy-cards"' in fetch(url + "/board/" + quote(CARDS)).text
    assert 'data-action="enemy-cards"' not in fetch(url + "/board/" + quote(GUARDS)).text
    refused = _post(url, "form", text=(ROOT / GUARDS).read_text(), what="enemy-cards", target="")
    assert refused["html"] == "" and "no Enemy cards" in refused["message"]


def test_the_form_shows_every_key_and_an_unchanged_form_keeps_every_byte(url: str, folder: Path) -> None:
    text = (folder / CARDS).read_text()
    form = _form(url, text)
    for name in (
        "initiative",
        "symbols.Skitterer",
        "enemy_cards.Skitterer.sword.move",
        "enemy_cards.Skitterer.sword.attack",
        "enemy_cards.Skitterer.sword.attack.kind",
        "enemy_cards.Ghoul.claw.attack.range",
        "enemy_cards.Ghoul.horn.fly",
        "+remove:enemy_cards.Ghoul.horn",
        "+action:enemy_cards.Ghoul",
        "+remove:enemy_cards.Ghoul",
        "+enemy-card",
    ):
        assert f'name="{name}"' in form, name
    # each card a section, the first one open; in it each action's, this round's symbol's open (Ghoul has none: all)
    assert '<details class="part" data-key="enemy_cards.Skitterer" open><summary>Enemy card Skitterer</summary>' in form
    assert '<details class="part" data-key="enemy_cards.Ghoul"><summary>Enemy card Ghoul</summary>' in form
    assert '<details class="part sub" data-key="enemy_cards.Skitterer.shield" open><summary>Action shield</summary>' in form
    assert '<details class="part sub" data-key="enemy_cards.Skitterer.sword"><summary>Action sword</summary>' in form
    assert '<details class="part sub" data-key="enemy_cards.Ghoul.claw" open><summary>Action claw</summary>' in form
    assert form.count("<details") == form.count("</details>") == 6
    assert re.search(r'name="symbols.Ghoul"[^>]*value="claw"[^>]*list="field-\d+-choices"', form)
    assert '<option value="claw"><option value="horn">' in form  # the card's symbols offered
    sent = _sent(form)
    assert sent["initiative"] == "Skitterer, Ghoul" and sent["enemy_cards.Skitterer.sword.attack"] is True
    unchanged = _post(url, "edit", text=text, file="x.yaml", op={"kind": "set", "values": sent, "figure": ""})
    assert unchanged["text"] == text  # the whole form sent back as shown: not a byte moved


def test_this_rounds_symbol_an_action_a_new_card_and_removals(url: str, folder: Path) -> None:
    text = (folder / CARDS).read_text()
    sword = _set(url, text, {**_sent(_form(url, text)), "symbols.Skitterer": "sword"})
    assert sword == text.replace("symbols: {Skitterer: shield,", "symbols: {Skitterer: sword,")
    answer = _post(url, "view", text=sword, file="x.yaml", choices={}, turn=0)
    assert answer["error"] is None and "Gate" in answer["answer"]
    edited = _set(url, text, {"enemy_cards.Skitterer.shield.move": "2", "+action:enemy_cards.Ghoul": "wing"})
    model = load_scenario_text(edited).model
    assert model.enemy_cards["Skitterer"]["shield"].move == 2 and model.enemy_cards["Ghoul"]["wing"].move == 1
    rat = _post(url, "edit", text=text, file="x.yaml", op={"kind": "set", "values": {"+enemy-card": "Rat"}, "figure": ""})
    assert "'Rat' is not an enemy type" in str(rat["error"])  # written, and the loader says what is wrong
    assert "  Rat: {sword: {move: 1}}" in rat["text"]
    assert rat["text"].index("\nenemy_cards:") < rat["text"].index("Rat:") < rat["text"].index("\nsymbols:")
    removed = _set(url, text, {"+remove:enemy_cards.Ghoul.claw": True, "+remove:enemy_cards.Skitterer.sword": False})
    model = load_scenario_text(removed).model  # the symbol of a removed action goes with it: still a valid file
    assert list(model.enemy_cards["Ghoul"]) == ["horn"] and model.symbols == {"Skitterer": "shield"}
    assert "sword: {move: 2, attack: {kind: melee}}" in removed  # an unticked box removes nothing
    order = _set(url, text, {"initiative": "Ghoul, Skitterer"})
    assert "initiative: [Ghoul, Skitterer]" in order
    bad = fetch(url + "/api/edit", {"text": text, "op": {"kind": "set", "values": {"+enemy-card": "a.b"}}})
    assert bad.status == 400 and "without '.'" in bad.text
    refused = _post(url, "edit", text=text, file="x.yaml", op={"kind": "set", "values": {"symbols.Ghoul": "wing"}, "figure": ""})
    assert "no 'wing' action" in str(refused["error"])  # the loader's located message, the text as typed


def test_the_card_form_has_each_figures_and_types_card(url: str) -> None:
    """A round with several monster types: each type's card (`actions:`) is set on the page too, a new one added
    for a type (a copy of `action`), one removed; untouched, the form keeps every byte."""
    text = (ROOT / TYPES).read_text()
    form = html.unescape(_post(url, "form", text=text, what="card", target="")["html"])
    for name in ("action.move", "actions.x.move", "actions.g.attack.range", "+drop:actions.g", "+card"):
        assert f'name="{name}"' in form, name
    assert '<details class="part" data-key="action" open><summary>Action card (every figure)</summary>' in form
    assert '<details class="part" data-key="actions.x"><summary>Card x (figure x)</summary>' in form
    assert form.index('name="+drop:actions.x"') < form.index("</details>", form.index('data-key="actions.x"'))
    assert form.index('name="+card"') > form.rindex("</details>")  # the form's own key: after the last card
    opened = html.unescape(_post(url, "form", text=text, what="card", target="g")["html"])
    assert '<details class="part" data-key="actions.g" open>' in opened and '<details class="part" data-key="action">' in opened
    assert _post(url, "edit", text=text, file="x.yaml", op={"kind": "set", "values": _sent(form), "figure": ""})["text"] == text
    edited = _set(url, text, {**_sent(form), "actions.x.move": "4", "+card": "Bandit Guard", "+drop:actions.g": True})
    model = load_scenario_text(edited).model
    assert model.actions["x"].move == 4 and "g" not in model.actions
    assert model.actions["Bandit Guard"] == model.action


def test_a_card_of_several_actions_shows_each_actions_values(url: str) -> None:
    """A card written as a list of actions (move, attack with push, move): each action's values on the page, in the
    printed order; a value changed rewrites only that value."""
    text = (ROOT / STEPS).read_text()
    form = html.unescape(_post(url, "form", text=text, what="card", target="")["html"])
    # one card: no section of its own (the form's title says it), each action's heading said once
    assert '<details class="part sub" data-key="action.1" open><summary>Action 2, an attack</summary>' in form
    assert "every figure" not in form and form.count("<details") == form.count("</details>") == 3
    assert re.search(r'name="action.1.attack.push"[^>]*value="2"', form) and 'name="action.2.move"' in form
    assert _post(url, "edit", text=text, file="x.yaml", op={"kind": "set", "values": _sent(form), "figure": ""})["text"] == text
    edited = _set(url, text, {**_sent(form), "action.2.move": "2"})
    assert edited == text.replace("  - move: 1\nexpect:", "  - move: 2\nexpect:")
