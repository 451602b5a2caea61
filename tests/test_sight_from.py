"""``resolve --sight-from C,R`` (issue 33, sight drawn): the game's sight lines on the pictures and in the JSON."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest
from typer.testing import CliRunner

from enemy_move.cli import app
from enemy_move.geometry.los import HexSight

runner = CliRunner()
ROOT = Path(__file__).resolve().parent.parent
SCENARIO = ROOT / "scenarios" / "gloomhaven" / "107-why-not-out-of-sight-names-the-walls.yaml"


def _lines(svg: str) -> list[str]:
    return re.findall(r"<line [^>]*class=\"sight-line [^>]*>", svg)


def _sight(tmp_path: Path, *more: str, scenario: Path = SCENARIO) -> tuple[str, dict]:  # type: ignore[type-arg]
    out = tmp_path / "out.svg"
    result = runner.invoke(app, ["resolve", str(scenario), "--json", "--sight-from", "3,2", "--svg", str(out), *more])
    assert result.exit_code == 0, result.output
    return out.read_text(), json.loads(result.stdout)


def test_first_edition_corner_sight_blocked_line_and_its_walls(tmp_path: Path) -> None:
    """From [3, 2] the Brute on [5, 0] is out of corner-to-corner sight (scenario 107's why-not): a dashed red
    line, the wall hexes the game names outlined in red; the archer on [2, 2] is in sight: a solid line."""
    svg, document = _sight(tmp_path)
    lines = _lines(svg)
    assert len(lines) == 2
    blocked = next(line for line in lines if 'data-target="A"' in line)
    clear = next(line for line in lines if 'data-target="a"' in line)
    assert 'class="sight-line blocked"' in blocked and "stroke-dasharray" in blocked and "#c62828" in blocked
    assert 'class="sight-line clear"' in clear and "stroke-dasharray" not in clear
    facts = document["turns"][0]["sight_from"]
    assert facts["from"] == [3, 2]
    by_target = {line["target"]: line for line in facts["lines"]}
    assert by_target["A"]["clear"] is False and by_target["a"]["clear"] is True
    walls = by_target["A"]["blocked_by"]["walls"]
    assert walls and [3, 1] in walls
    assert svg.count('class="sight-blocker wall"') == len(walls)
    assert 'class="sight-from"' in svg


def test_any_point_sight_sees_what_corner_sight_does_not(tmp_path: Path) -> None:
    svg, document = _sight(tmp_path, "--variant", "frosthaven")
    assert all(line["clear"] for line in document["turns"][0]["sight_from"]["lines"])
    assert "sight-line blocked" not in svg and "sight-blocker" not in svg


def test_the_lines_are_the_oracles() -> None:
    """The clear line the oracle gives touches no wall: clear_line agrees with visible on a board with walls."""
    walls = {(3, 1), (3, 3), (6, 2)}
    thin = {frozenset({(1, 0), (1, 1)})}
    for mode in ("corner", "any"):
        sight = HexSight(walls, thin, mode)
        for a in [(0, 0), (2, 2), (4, 4), (5, 1)]:
            for b in [(6, 0), (0, 4), (5, 3), (1, 1)]:
                line = sight.clear_line(a, b)
                if line is not None:
                    assert sight.visible(a, b), (mode, a, b)
                if mode == "corner" and sight.visible(a, b):
                    assert line is not None, (a, b)


def test_html_page_draws_them_too(tmp_path: Path) -> None:
    out = tmp_path / "out.html"
    result = runner.invoke(app, ["resolve", str(SCENARIO), "--sight-from", "3,2", "--html", str(out)])
    assert result.exit_code == 0, result.output
    page = out.read_text()
    assert 'class="sight-line blocked"' in page and 'class="sight-line clear"' in page


@pytest.mark.parametrize(
    ("value", "says"),
    [
        ("x,1", "expected a cell as COL,ROW"),
        ("\u0663,1", "expected a cell as COL,ROW"),  # an Arabic-Indic digit is no ASCII digit
        ("99999,1", "expected a cell as COL,ROW"),
        ("9" * 80, "characters; a cell has at most 64"),
        ("40,40", "not a hex of the map"),
        ("3,1", "sight is drawn from a hex a figure can stand in"),
    ],
)
def test_bad_values_one_line_exit_2(tmp_path: Path, value: str, says: str) -> None:
    result = runner.invoke(app, ["resolve", str(SCENARIO), "--sight-from", value, "--svg", str(tmp_path / "o.svg")])
    assert result.exit_code == 2
    lines = result.stderr.strip().splitlines()
    assert len(lines) == 1 and lines[0].startswith("enemy-move: --sight-from ") and says in lines[0], lines
    assert not (tmp_path / "o.svg").exists()


def test_nothing_to_draw_on_is_a_usage_error() -> None:
    result = runner.invoke(app, ["resolve", str(SCENARIO), "--sight-from", "3,2"])
    assert result.exit_code == 2 and "add one of them" in result.stderr


def test_area_maps_not_applicable_and_square_grids_not_yet(tmp_path: Path) -> None:
    area = next((ROOT / "scenarios" / "agemonia").glob("*.yaml"))
    result = runner.invoke(app, ["resolve", str(area), "--json", "--sight-from", "1,1"])
    assert result.exit_code == 2 and "not applicable on an area map" in result.stderr
    square = next((ROOT / "scenarios" / "perditions-mouth").glob("*.yaml"))
    result = runner.invoke(app, ["resolve", str(square), "--json", "--sight-from", "0,0"])
    assert result.exit_code == 2 and "does not draw sight lines yet" in result.stderr
