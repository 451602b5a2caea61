"""`enemy-move new`: the starters' trailing comments line up once the template is filled in."""

from __future__ import annotations

import pytest

from enemy_move.registry import GAMES
from enemy_move.starters import _TRAILING, COMMENT_COLUMN, align_comments, starter, starter_rulesets


@pytest.mark.parametrize("ruleset", starter_rulesets())
def test_trailing_comments_line_up(ruleset: str) -> None:
    variants = list(GAMES[ruleset].variants) or [""]
    for variant in variants:
        text = starter(ruleset, variant)
        columns = {line: line.index("# ", len(m["code"])) for line in text.splitlines() if (m := _TRAILING.match(line))}
        assert any("legend: {}" in line for line in columns) or GAMES[ruleset].board == "areas"  # grids show the legend
        for line, column in columns.items():
            assert column == COMMENT_COLUMN or line[: column - 2].rstrip() == line[:column].rstrip(), line


def test_align_comments_leaves_map_rows_and_long_lines() -> None:
    text = "  # # #\n # . #\nlegend: {}   # x\n" + "k" * 40 + "     # long"
    assert align_comments(text).splitlines() == ["  # # #", " # . #", "legend: {}" + " " * 25 + "# x", "k" * 40 + "  # long"]
