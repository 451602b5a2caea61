"""Registration is typed and fails loudly: every reference of every registered game names something real.

A typo in a game's entry (``play=``, ``model=``...) used to make the game
vanish from ``rulesets`` ("has no engine yet"); now ``Game.check`` (run here
over every game, the toy included) and the first use both name the game and
the field.
"""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path

import pytest
import toy

from enemy_move.game import Game, Ref, RegistrationError
from enemy_move.models.common import ScenarioBase
from enemy_move.registry import GAMES, game, game_names, games, register_game

EVERY_GAME = [*games(), toy.GAME]


@pytest.mark.parametrize("entry", EVERY_GAME, ids=lambda g: g.name)
def test_every_reference_of_every_game_names_what_it_should(entry: Game) -> None:
    entry.check()
    assert issubclass(entry.scenario_model(), ScenarioBase)
    assert entry.scenario_model().model_fields["ruleset"].annotation.__args__ == (entry.name,)  # type: ignore[union-attr]


@pytest.mark.parametrize(
    ("field", "target", "message"),
    [
        (
            "play",
            "enemy_move.games.gloomhaven.plya:GloomhavenPlay",
            "game 'gloomhaven', play=enemy_move.games.gloomhaven.plya:GloomhavenPlay: no module named 'enemy_move.games.gloomhaven.plya'",
        ),
        (
            "model",
            "enemy_move.games.gloomhaven.model:GlomhavenScenario",
            "game 'gloomhaven', model=enemy_move.games.gloomhaven.model:GlomhavenScenario: module 'enemy_move.games.gloomhaven.model' has no 'GlomhavenScenario'",
        ),
        (
            "editor_cast",
            "enemy_move.games.nowhere.editing:CAST",
            "game 'gloomhaven', editor_cast=enemy_move.games.nowhere.editing:CAST: no module named 'enemy_move.games.nowhere'",
        ),
        ("figure_facts", "enemy_move.games.gloomhaven.vocabulary:LOOK", "game 'gloomhaven', figure_facts: "),
        ("editor_cast", "enemy_move.games.gloomhaven.editing:new_figure", "game 'gloomhaven', editor_cast: <function"),
    ],
)
def test_a_typo_fails_the_check_naming_the_game_and_the_field(field: str, target: str, message: str) -> None:
    broken = replace(GAMES["gloomhaven"], **{field: Ref(target)})  # type: ignore[arg-type]
    with pytest.raises(RegistrationError) as raised:
        broken.check()
    assert str(raised.value).startswith(message)


def test_a_typo_fails_at_first_use_too() -> None:
    broken = replace(GAMES["gloomhaven"], model=Ref("enemy_move.games.gloomhaven.modle:GloomhavenScenario"))
    with pytest.raises(RegistrationError, match="game 'gloomhaven', model="):
        broken.scenario_model()


def test_an_importer_typo_names_the_importer() -> None:
    (gloom,) = GAMES["gloomhaven"].importers
    broken = replace(gloom, read=Ref("enemy_move.games.gloomhaven.gloom_import:read_lnk"))
    with pytest.raises(RegistrationError, match="importer 'gloom', read="):
        broken.run("abc")
    with pytest.raises(RegistrationError, match="game 'gloomhaven', importer 'gloom'"):
        replace(GAMES["gloomhaven"], importers=(broken,)).check()


@pytest.mark.parametrize("target", ["no_colon", "a.b:", ":attr", "a..b:c", "a.b:c.d", "a-b:c"])
def test_a_reference_that_is_not_module_colon_attribute_is_refused_when_written(target: str) -> None:
    with pytest.raises(RegistrationError, match="not 'package.module:attribute'"):
        Ref(target)


def test_an_entry_with_a_string_for_a_reference_is_refused_when_built() -> None:
    with pytest.raises(RegistrationError, match="game 'toy': play must be a Ref"):
        replace(toy.GAME, play="toy.play:ToyPlay")  # type: ignore[arg-type]  # the mistake under test
    with pytest.raises(RegistrationError, match="game 'toy': default_variant 'nope'"):
        replace(toy.GAME, default_variant="nope")


def test_a_missing_module_inside_the_named_one_is_its_own_error(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    # Only the named module (or its package) missing is a registration typo; a module it imports is a real bug.
    (tmp_path / "probe_rules.py").write_text("import no_such_dependency_here\n")
    monkeypatch.syspath_prepend(str(tmp_path))
    with pytest.raises(ModuleNotFoundError, match="no_such_dependency_here"):
        Ref("probe_rules:Play").load("here")
    with pytest.raises(RegistrationError, match="here=probe_rulez:Play: no module named 'probe_rulez'"):
        Ref("probe_rulez:Play").load("here")


def test_register_game_checks_the_entry_first(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr("enemy_move.registry.GAMES", dict(GAMES))
    with pytest.raises(RegistrationError, match="game 'toy', play="):
        register_game(replace(toy.GAME, play=Ref("toy.plya:ToyPlay")))
    assert game("toy") is None
    register_game(toy.GAME)
    assert game("toy") is toy.GAME and "toy" in game_names()


def test_one_way_to_look_a_game_up() -> None:
    # game(name) is the lookup; nothing else in the package reads the registry's dict.
    import pathlib

    assert game("gloomhaven") is GAMES["gloomhaven"] and game("nope") is None and game(None) is None
    assert [g.name for g in games()] == game_names() == sorted(GAMES)
    package = pathlib.Path(__file__).resolve().parent.parent / "enemy_move"
    readers = sorted(str(p.relative_to(package)) for p in package.rglob("*.py") if "GAMES" in p.read_text() and p.name != "registry.py")
    assert readers == []
