"""Effects and the board state are owned by the games (issue 35): the core knows an effect only as an interface.

Every kind of effect a game defines (the four games' and the toy's) and every set its board state carries are
named nowhere in the core (``enemy_move/*.py``, ``render/``, ``models/`` and ``geometry/``), nor are the words of the games'
effects (doors, traps, sleepers); the only exception is the grid's own terrain names (contract section 3:
``^`` is a trap), which the core's look colours like any other terrain.
"""

from __future__ import annotations

import ast
import io
import re
import tokenize
from dataclasses import fields
from pathlib import Path

import pytest
import toy

from enemy_move.effects import BoardState, Displaced, Effect, Moved, StateSets
from enemy_move.geometry.grid import DEFAULT_SYMBOLS
from enemy_move.models import load_scenario_text
from enemy_move.phase import resolve
from enemy_move.registry import GAMES, games
from enemy_move.starters import starter

ROOT = Path(__file__).resolve().parent.parent
#: The core's modules, the loading layer's models and the geometry included (the area map's `trap` flag aside: an
#: area's printed trap symbol is part of the area map's board JSON, format 3).
CORE = (
    sorted((ROOT / "enemy_move").glob("*.py"))
    + sorted((ROOT / "enemy_move" / "render").rglob("*.py"))
    + sorted((ROOT / "enemy_move" / "models").rglob("*.py"))
    + sorted(path for path in (ROOT / "enemy_move" / "geometry").rglob("*.py") if path.name != "areas.py")
)
#: The games' words for their own effects, never written in the core (not even in a comment).
GAME_WORDS = re.compile(r"door|trap|sleeper|sleeping|asleep|woken|\bwakes?\b", re.IGNORECASE)


@pytest.fixture(autouse=True)
def _toy_registered(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setitem(GAMES, toy.GAME.name, toy.GAME)


def _subclasses(cls: type) -> list[type]:
    found: list[type] = []
    direct: list[type] = cls.__subclasses__()
    for subclass in direct:
        found += [subclass, *_subclasses(subclass)]
    return found


def game_effect_names() -> set[str]:
    """The class names and JSON kinds of every effect a game defines, and the names of every board-state set."""
    for game in [*games(), toy.GAME]:
        game.check()  # imports the game's play, and with it its effects
    names: set[str] = set()
    for kind in _subclasses(Effect):
        if kind.__module__ == "enemy_move.effects":
            continue
        default = next(f.default for f in fields(kind) if f.name == "kind")
        names |= {kind.__name__, str(default)}
    for game in [*games(), toy.GAME]:
        result = resolve(load_scenario_text(starter(game.name, game.default_variant), f"{game.name}.yaml"))
        assert result.initial is not None
        names |= {name for name, _ in result.initial.part.sets}
    return names


def core_words(path: Path) -> list[tuple[int, str]]:
    """Every name, string and comment of a core module, with its line: a string that is exactly one of the grid's
    own terrain names (the contract's default symbols) is left out."""
    terrains = set(DEFAULT_SYMBOLS.values())
    found = []
    for token in tokenize.generate_tokens(io.StringIO(path.read_text(encoding="utf-8")).readline):
        if token.type == tokenize.STRING:
            try:
                if ast.literal_eval(token.string) in terrains:
                    continue
            except (ValueError, SyntaxError):
                pass
        if token.type in (tokenize.NAME, tokenize.STRING, tokenize.COMMENT):
            found.append((token.start[0], token.string))
    return found


def test_the_games_define_their_own_kinds_and_sets() -> None:
    names = game_effect_names()
    # The four games' kinds and sets, and the toy's: each defined in its own package.
    assert {"TrapSprung", "trap-sprung", "DoorOpened", "door-opened", "Woken", "woken", "Trodden", "trodden"} <= names
    assert {"opened_doors", "removed_traps", "asleep"} <= names
    assert not {"Moved", "move", "Displaced", "displaced"} & names  # the core's own kinds: figures moving


def test_the_core_names_no_games_effect_kind_state_set_or_word() -> None:
    names = game_effect_names()
    assert len(CORE) > 40
    found = []
    for path in CORE:
        for line, word in core_words(path):
            named = [name for name in names if re.search(rf"(?<![\w-]){re.escape(name)}(?![\w-])", word)]
            if named or GAME_WORDS.search(word):
                found.append(f"{path.relative_to(ROOT)}:{line}: {word}")
    assert found == []


def test_the_word_check_sees_a_game_word(tmp_path: Path) -> None:
    # A test that cannot fail is a defect: the check reads names, strings and comments, and skips terrain names.
    sample = tmp_path / "sample_core.py"
    sample.write_text('x = "trap"\ny = opened_doors  # a door\nz = "springs the trap"\n', encoding="utf-8")
    words = [word for _, word in core_words(sample)]
    assert '"trap"' not in words and "opened_doors" in words and "# a door" in words and '"springs the trap"' in words


def test_a_state_set_is_declared_kept_sorted_and_written_in_order() -> None:
    part = StateSets.of(zeta=("b", "a"), alpha=[(2, 0), (1, 0), (2, 0)])
    assert part.sets == (("zeta", ("a", "b")), ("alpha", ((1, 0), (2, 0))))
    state = BoardState({"a": (0, 0)}, part).after([Moved("a", ((0, 0), (1, 0))), Displaced("b", (3, 0), (4, 0), "blown")])
    assert state.figures == {"a": (1, 0), "b": (4, 0)}
    assert state.with_part(part.adding("zeta", "c").removing("zeta", "a")).to_json() == {
        "figures": {"a": [1, 0], "b": [4, 0]},
        "zeta": ["b", "c"],
        "alpha": [[1, 0], [2, 0]],
    }
    with pytest.raises(KeyError, match="no set 'omega'"):
        part.adding("omega", "x")


def test_an_effect_that_changes_nothing_is_a_fact_for_people_only() -> None:
    class Cheered(Effect):
        def describe(self) -> str:
            return "cheers"

    state = BoardState({"a": (0, 0)})
    assert Cheered().after(state) == state and Cheered().apply_to("board") == "board" and Cheered().counted() == ()
    with pytest.raises(NotImplementedError, match="Cheered.to_json"):
        Cheered().to_json()
