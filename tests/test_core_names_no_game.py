"""The core names no game (docs/architecture.md, "Layers"): outside enemy_move/games/ and the registry's list, no
code names a game, read mechanically with ``ast``: no name, attribute or import, and no string the code uses. Prose is
free to (docstrings, comments, and a command's `help=` text giving an example), since it decides nothing."""

from __future__ import annotations

import ast
import re
from pathlib import Path

from enemy_move.registry import games

ROOT = Path(__file__).resolve().parent.parent
#: The one place that lists the games (and names the default game of a new board).
REGISTRY = ROOT / "enemy_move" / "registry.py"


def game_pattern() -> re.Pattern[str]:
    """Each registered game's name in any spelling code would use: perditions-mouth, perditions_mouth, PerditionsMouth."""
    words = set()
    for entry in games():
        parts = entry.name.split("-")
        words |= {"-".join(parts), "_".join(parts), "".join(parts)}
    return re.compile("|".join(sorted(words, key=len, reverse=True)), re.IGNORECASE)


def _docstrings(tree: ast.Module) -> set[int]:
    found = set()
    for node in ast.walk(tree):
        if isinstance(node, (ast.Module, ast.ClassDef, ast.FunctionDef, ast.AsyncFunctionDef)) and node.body:
            first = node.body[0]
            if isinstance(first, ast.Expr) and isinstance(first.value, ast.Constant) and isinstance(first.value.value, str):
                found.add(id(first.value))
    return found


def _help_texts(tree: ast.Module) -> set[int]:
    return {id(inner) for node in ast.walk(tree) if isinstance(node, ast.keyword) and node.arg == "help" for inner in ast.walk(node.value)}


def named_games(source: str, pattern: re.Pattern[str]) -> list[tuple[int, str]]:
    """(line, word) of every name, attribute, import and code string of ``source`` that names a game."""
    tree = ast.parse(source)
    prose = _docstrings(tree) | _help_texts(tree)
    found = []
    for node in ast.walk(tree):
        if isinstance(node, ast.Name):
            words = [node.id]
        elif isinstance(node, ast.Attribute):
            words = [node.attr]
        elif isinstance(node, (ast.Import, ast.ImportFrom)):
            words = [getattr(node, "module", None) or "", *(alias.name for alias in node.names)]
        elif isinstance(node, ast.Constant) and isinstance(node.value, str) and id(node) not in prose:
            words = [node.value]
        else:
            continue
        found += [(node.lineno, word) for word in words if pattern.search(word)]
    return found


def test_no_code_outside_the_games_names_a_game() -> None:
    pattern = game_pattern()
    core = [p for p in sorted((ROOT / "enemy_move").rglob("*.py")) if "games" not in p.relative_to(ROOT).parts and p != REGISTRY]
    assert len(core) > 100
    found = [
        f"{path.relative_to(ROOT)}:{line}: {word}" for path in core for line, word in named_games(path.read_text(encoding="utf-8"), pattern)
    ]
    assert found == [], "the core names a game (reach it through the Game interface and the registry):\n" + "\n".join(found)


def test_the_check_sees_a_game_in_code_and_not_in_prose() -> None:
    # A test that cannot fail is a defect: each kind of naming is seen, prose is not.
    sample = '''"""About Gloomhaven."""
from enemy_move.games.agemonia import GAME
import enemy_move.games.cloudspire
def f(x):
    """Cloudspire's rule."""
    typer.Option("--ruleset", help="default gloomhaven")  # a comment on Agemonia
    return x.perditions_mouth or x == "perditions-mouth" or PerditionsMouthPlay
'''
    words = sorted(word for _, word in named_games(sample, game_pattern()))
    assert words == [
        "PerditionsMouthPlay",
        "enemy_move.games.agemonia",
        "enemy_move.games.cloudspire",
        "perditions-mouth",
        "perditions_mouth",
    ]
