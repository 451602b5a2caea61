"""The option limits of docs/errors.md: a turn lists at most MAX_TURN_OPTIONS, a phase MAX_PHASE_OPTIONS.

The limits are lowered here (monkeypatch) so that a real scenario with a choice meets them."""

from __future__ import annotations

from pathlib import Path

import pytest

from enemy_move import result
from enemy_move.errors import ScenarioError
from enemy_move.games.cloudspire import play as cloudspire_play
from enemy_move.models import load_scenario
from enemy_move.phase import resolve

ROOT = Path(__file__).resolve().parent.parent
CHOICE = ROOT / "scenarios" / "agemonia" / "phase-choice-followed.yaml"  # x: 2 options, y: 1


def test_within_the_limits_nothing_is_refused() -> None:
    assert [len(turn.options) for turn in resolve(load_scenario(CHOICE)).turns] == [2, 1]
    assert result.too_many_options("x", result.MAX_TURN_OPTIONS, result.MAX_PHASE_OPTIONS) is None


def test_a_turn_over_the_limit_is_refused_at_its_figure(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(result, "MAX_TURN_OPTIONS", 1)
    with pytest.raises(ScenarioError) as raised:
        resolve(load_scenario(CHOICE))
    error = raised.value
    assert (error.line, error.col) == (15, 6)  # figures: x
    assert "'x' would have 2 options to choose from; at most 1 are listed" in error.message
    assert "see `enemy-move docs errors`" in error.message


def test_a_phase_over_the_limit_is_refused_at_the_turn_that_passes_it(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(result, "MAX_PHASE_OPTIONS", 2)
    with pytest.raises(ScenarioError) as raised:
        resolve(load_scenario(CHOICE))
    assert raised.value.line == 16  # figures: y, whose one option makes 3
    assert "the phase would list more than 2 options by 'y'" in raised.value.message


def test_cloudspire_refuses_before_building_its_options(monkeypatch: pytest.MonkeyPatch) -> None:
    # Its own check comes before the options are built (a crowd of displacements made tens of thousands).
    monkeypatch.setattr(result, "MAX_TURN_OPTIONS", 2)
    built: list[object] = []
    monkeypatch.setattr(cloudspire_play, "Option", lambda **fields: built.append(fields))
    with pytest.raises(ScenarioError) as raised:
        resolve(load_scenario(ROOT / "scenarios" / "cloudspire" / "ai-tie.yaml"))
    assert "'m' would have 3 options to choose from; at most 2 are listed" in raised.value.message
    assert built == []


def _crowded(move: int) -> str:
    """A red AI minion inside a ring of friendly (red) heroes it may displace, its mark 20 hexes east."""
    rows = ["  " + (" " if row % 2 else "") + " ".join("." for _ in range(30)) for row in range(16)]
    heroes = [(7, 6), (8, 6), (6, 7), (8, 7), (7, 8), (8, 8), (9, 7), (9, 6), (9, 8), (10, 7), (6, 6), (6, 8)]
    figures = "".join(f"  {'ABCDEFGHIJKL'[i]}: {{kind: hero, faction: red, at: [{c}, {r}]}}\n" for i, (c, r) in enumerate(heroes))
    return (
        "ruleset: cloudspire\nvariant: ai\nmap: |\n"
        + "\n".join(rows)
        + f"\nfigures:\n  m: {{kind: minion, faction: red, move: {move}, at: [7, 7]}}\n"
        + figures
        + "faction: red\nmarks: {red: [27, 7]}\n"
    )


def test_cloudspire_route_search_is_bounded_per_movement_point(monkeypatch: pytest.MonkeyPatch) -> None:
    # The search's budget grows with the movement; past it, the file is refused at the minion's move.
    from enemy_move.games.cloudspire import search
    from enemy_move.models import load_scenario_text

    assert resolve(load_scenario_text(_crowded(4), "<crowd>")).turns[0].options
    monkeypatch.setattr(search, "ROUTE_STEPS_PER_POINT", 10)
    with pytest.raises(ScenarioError) as raised:
        resolve(load_scenario_text(_crowded(4), "<crowd>"))
    error = raised.value
    assert (error.line, error.col) == (21, 41)  # figures: m: move
    assert "the routes of 'm' would take more than 10 steps a movement point to search" in error.message
    assert "see docs/errors.md" in error.message


def test_gloomhaven_cards_later_actions_are_bounded_per_phase(monkeypatch: pytest.MonkeyPatch) -> None:
    # Scenario 102: the push splits the card into 3 ways, each going through the last move.
    from enemy_move.games.gloomhaven import card

    path = ROOT / "scenarios" / "gloomhaven" / "102-push-on-a-card-with-several-actions.yaml"
    assert len(resolve(load_scenario(path)).turns[0].options) == 4
    monkeypatch.setattr(card, "MAX_CARD_WORK", 2)
    with pytest.raises(ScenarioError) as raised:
        resolve(load_scenario(path))
    error = raised.value
    assert (error.line, error.col) == (23, 3)  # action: its first item
    assert "followed through more than 2 later actions by the turn of 'a'" in error.message
    assert "see docs/errors.md" in error.message
