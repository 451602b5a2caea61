"""Issue 33 in Agemonia: Enemy cards given once (`enemy_cards:`), the Initiative card's symbol (`symbols:`) picking the
action each enemy type performs, said in the `enemy` step with its source; mistakes located."""

from __future__ import annotations

from pathlib import Path

import pytest

from enemy_move.errors import ScenarioError
from enemy_move.models import load_scenario_text
from enemy_move.phase import resolve

TEXT = (Path(__file__).resolve().parent.parent / "scenarios" / "agemonia" / "enemy-card-symbol.yaml").read_text()


def _ends(text: str) -> list[list[object]]:
    return [[option.to for option in turn.options] for turn in resolve(load_scenario_text(text)).turns]


def test_the_symbol_picks_the_enemy_cards_action() -> None:
    result = resolve(load_scenario_text(TEXT))
    step = result.turns[0].reasoning[0]
    assert step.step == "enemy" and step.data["enemy_card"] == "Skitterer" and step.data["symbol"] == "shield"
    assert "its Enemy card's 'shield' action, move 1" in step.text and "Dized rules 'Reveal Initiative Card'" in step.source
    assert _ends(TEXT) == [["Road"], ["Gate"]]
    assert _ends(TEXT.replace("{Skitterer: shield,", "{Skitterer: sword,")) == [["Gate"], ["Gate"]]  # move 2


def test_a_labels_own_action_still_wins() -> None:
    own = TEXT.replace("\nsymbols:", "\nactions: {s: {move: 0}}\nsymbols:")
    assert _ends(own)[0] == ["Camp"]
    assert "Enemy card" not in resolve(load_scenario_text(own)).turns[0].reasoning[0].text


@pytest.mark.parametrize(
    ("change", "message"),
    [
        (
            ("{Skitterer: shield,", "{Skitterer: axe,"),
            r"the Enemy card of 'Skitterer' has no 'axe' action \(its actions: 'sword', 'shield'\)",
        ),
        (("  Ghoul:\n    claw", "  Wraith:\n    claw"), r"'Ghoul' has no Enemy card"),
        (
            ("  Skitterer:\n    sword: {move: 2, attack: {kind: melee}}\n    shield: {move: 1}", "  Skitterer: {}"),
            r"has no 'shield' action \(the card gives no action\)",
        ),
        (("  Ghoul:\n    claw", "  Bat:\n    bite: {move: 1}\n  Ghoul:\n    claw"), "'Bat' is not an enemy type"),
        (("symbols: {Skitterer: shield, Ghoul: claw}", "symbols: {Skitterer: shield, Ghoul: claw, Bat: claw}"), "'Bat' has no Enemy card"),
        (("\nsymbols:", "\nactions: {Ghoul: {move: 1}}\nsymbols:"), "give the type's action one way"),
    ],
)
def test_enemy_card_mistakes_are_located(change: tuple[str, str], message: str) -> None:
    text = TEXT.replace(*change)
    assert text != TEXT
    with pytest.raises(ScenarioError, match=message) as raised:
        resolve(load_scenario_text(text))
    assert ":" in str(raised.value).split(" ")[0]  # FILE:LINE:COL first
