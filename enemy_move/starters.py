"""``enemy-move new RULESET``: short, commented starter scenarios that resolve as they are.

Each starter shows every common key once (contract section 2) and the
ruleset's own keys a first board needs; `tests/test_cli_features.py` loads
and resolves each of them, so they cannot drift from the models.
"""

from __future__ import annotations

from .registry import GAMES, game_names

#: Path of the schema relative to a scenario in the project's scenarios/<ruleset>/;
#: elsewhere, point the modeline at `enemy-move schema > enemy-move.schema.json`.
SCHEMA_MODELINE = "# yaml-language-server: $schema=enemy-move.schema.json"


def starter(ruleset: str, variant: str, modeline: str = SCHEMA_MODELINE) -> str:
    """The starter text of ``ruleset`` with ``variant`` filled in (rulesets without variants ignore it)."""
    return GAMES[ruleset].starter.format(variant=variant, modeline=modeline)


def starter_rulesets() -> list[str]:
    """The games that have a starter file."""
    return [name for name in game_names() if GAMES[name].starter]
