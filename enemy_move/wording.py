"""The one way counts, lists and terrains are written for people (games and renderers share it).

Pure functions on strings: no game, no board, no rich.
"""

from __future__ import annotations

from collections.abc import Iterable


def plural(count: int, word: str, plural_form: str | None = None) -> str:
    """``word`` or its plural for ``count`` (``hex``/``hexes`` needs ``plural_form``)."""
    return word if count == 1 else (plural_form or word + "s")


def count_of(count: int, word: str, plural_form: str | None = None) -> str:
    """``1 hex``, ``2 hexes``: the one way counts are written for people."""
    return f"{count} {plural(count, word, plural_form)}"


def and_list(items: Iterable[str]) -> str:
    """``a``, ``a and b``, ``a, b and c``."""
    words = list(items)
    if not words:
        return ""
    return words[0] if len(words) == 1 else ", ".join(words[:-1]) + " and " + words[-1]


def figure_name(label: str, name: str | None) -> str:
    """The one way a figure is named for people: ``Bandit Guard (a)``, or just ``a`` without a name."""
    return f"{name} ({label})" if name else label


def article(name: str, *, adjective: bool = False) -> str:
    """``an obstacle``, ``a hazardous-terrain`` (hyphens read as spaces); ``adjective``: ``an icy terrain``."""
    words = name.replace("-", " ")
    return ("an " if words[:1] in tuple("aeiou") else "a ") + words + (" terrain" if adjective else "")


def terrain_phrase(name: str, *, adjective: bool = False) -> str:
    """A terrain after "on": ``an obstacle``, ``a wall``, but ``icy terrain`` for adjectives."""
    return name.replace("-", " ") + " terrain" if adjective else article(name)
