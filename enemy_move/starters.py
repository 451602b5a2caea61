"""``enemy-move new RULESET``: short, commented starter scenarios that resolve as they are.

Each starter shows every common key once (contract section 2) and the
ruleset's own keys a first board needs; `tests/test_cli_features.py` loads
and resolves each of them, so they cannot drift from the models.
"""

from __future__ import annotations

import os
import re

from .registry import game, games

#: Where the trailing comments of a starter start (0-based column), as the templates are written.
COMMENT_COLUMN = 35
#: A line's code, at least two spaces, then its trailing comment (a map row is symbols one space apart: never matched).
_TRAILING = re.compile(r"^(?P<code>\s*[^#\s].*?)\s{2,}(?P<comment># .*)$")

#: Path of the schema relative to a scenario in the project's scenarios/<ruleset>/;
#: elsewhere, point the modeline at `enemy-move schema > enemy-move.schema.json`.
SCHEMA_MODELINE = "# yaml-language-server: $schema=enemy-move.schema.json"


def starter(ruleset: str, variant: str, modeline: str = SCHEMA_MODELINE) -> str:
    """The starter text of ``ruleset`` with ``variant`` filled in (rulesets without variants ignore it)."""
    entry = game(ruleset)
    if entry is None:
        raise KeyError(f"unknown ruleset {ruleset!r}")
    return align_comments(entry.starter.format(variant=variant, modeline=modeline))


def align_comments(text: str, column: int = COMMENT_COLUMN) -> str:
    """Trailing comments lined up at ``column`` after the template is filled in.

    The templates escape braces (``{{}}``) and hold ``{variant}``, so their own
    alignment is off by what formatting adds or removes; a longer line keeps
    its comment two spaces after the code."""
    lines = []
    for line in text.split("\n"):
        match = _TRAILING.match(line)
        if match:
            code = match["code"]
            line = code + " " * max(2, column - len(code)) + match["comment"]
        lines.append(line)
    return "\n".join(lines)


def starter_rulesets() -> list[str]:
    """The games that have a starter file."""
    return [entry.name for entry in games() if entry.starter]


#: The editor modeline's schema location (yaml-language-server), anywhere on a comment line.
_MODELINE = re.compile(r"^(?P<lead>#\s*yaml-language-server:\s*\$schema=)(?P<location>\S+)", re.MULTILINE)


def moved_modeline(text: str, source_dir: str, target_dir: str) -> str:
    """``text``, read in ``source_dir``, as it must read once written in ``target_dir``: a relative ``$schema``
    path of its modeline rewritten to name the same file from there (a URL or an absolute path is kept)."""

    def moved(match: re.Match[str]) -> str:
        location = match["location"]
        if "://" in location or os.path.isabs(location) or location.startswith("~"):
            return match[0]
        try:
            relative = os.path.relpath(os.path.join(os.path.abspath(source_dir), location), os.path.abspath(target_dir))
        except ValueError:  # another drive (Windows): no relative path leads there
            return match[0]
        return match["lead"] + relative.replace(os.sep, "/")

    if os.path.abspath(source_dir) == os.path.abspath(target_dir):
        return text
    return _MODELINE.sub(moved, text)
