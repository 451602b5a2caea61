"""The board editors name no game (issue 35): what is game-specific (a new board's game, an area's facts, a new
area, where a figure's mark is written, the help's words for Ctrl+E) comes from the registry and each game's
``editing.py`` through the Game interface, so a new game needs no change in enemy_move/editor/ or serve/."""

from __future__ import annotations

import re
from pathlib import Path

from enemy_move.registry import games

ROOT = Path(__file__).resolve().parent.parent / "enemy_move"
#: The terminal editor and the table page: their code, scripts, style sheets and pages.
FOLDERS = ("editor", "serve")
SUFFIXES = {".py", ".js", ".css", ".html"}


def game_words() -> set[str]:
    """Each registered game's name, and its first word as people write it ("perditions-mouth": "perdition")."""
    words = set()
    for entry in games():
        words.add(entry.name)
        words.add(entry.name.replace("-", " "))
        first = entry.name.split("-")[0]
        words.add(first[:-1] if len(entry.name.split("-")) > 1 and first.endswith("s") else first)
    return words


def test_the_editors_name_no_game() -> None:
    pattern = re.compile("|".join(re.escape(word) for word in sorted(game_words(), key=len, reverse=True)), re.IGNORECASE)
    found = []
    for folder in FOLDERS:
        for path in sorted((ROOT / folder).rglob("*")):
            if path.suffix not in SUFFIXES or "__pycache__" in path.parts:
                continue
            for number, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1):
                if pattern.search(line):
                    found.append(f"{path.relative_to(ROOT.parent)}:{number}: {line.strip()}")
    assert not found, "game names in the editors (give them to the game's editing.py):\n" + "\n".join(found)


def test_the_words_cover_every_game() -> None:
    words = game_words()
    assert {"gloomhaven", "perdition", "agemonia", "cloudspire"} <= words


def test_game_hooks_of_the_editors() -> None:
    from enemy_move.registry import game

    areas, minions, rooms = game("agemonia"), game("cloudspire"), game("gloomhaven")
    assert areas is not None and minions is not None and rooms is not None
    assert areas.editor_new_area == {"capacity": 3}
    assert areas.area_facts({"capacity": 2, "height": 1, "trap": True}) == "   2 h1 trap"
    assert areas.area_facts("not a mapping") == "   ?"
    assert minions.mark_key({"faction": "red"}) == "marks.red" and minions.mark_key({"kind": "hero"}) is None
    assert rooms.mark_key({"faction": "red"}) is None and rooms.area_facts({}) == "" and rooms.editor_new_area == {}
