"""``resolve --sight-from C,R`` (issue 33, sight drawn): the game's sight lines on the pictures and in the JSON."""

from __future__ import annotations

import json
import re
from pathlib import Path
from typing import Any

import pytest
from typer.testing import CliRunner

from enemy_move.cli import app
from enemy_move.geometry.los import HexSight

runner = CliRunner()
ROOT = Path(__file__).resolve().parent.parent
SCENARIO = ROOT / "scenarios" / "gloomhaven" / "107-why-not-out-of-sight-names-the-walls.yaml"


def _lines(svg: str) -> list[str]:
    return re.findall(r"<line [^>]*class=\"sight-line [^>]*>", svg)


def _sight(tmp_path: Path, *more: str, scenario: Path = SCENARIO) -> tuple[str, dict[str, Any]]:
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


def test_the_text_view_lists_the_lines() -> None:
    """Without a picture the lines are listed under the map: in sight, or out of sight and what blocks it."""
    result = runner.invoke(app, ["resolve", str(SCENARIO), "--sight-from", "3,2", "--full", "--color", "never"])
    assert result.exit_code == 0, result.output
    assert "Sight from [3, 2]: 1 of 2 figures in sight" in result.stdout
    assert "a [2, 2]: in sight (corner to corner)" in result.stdout
    text = " ".join(result.stdout.split())
    assert "A [5, 0]: out of sight: every line from a corner" in text and "the wall hex [3, 1]" in text
    brief = runner.invoke(app, ["resolve", str(SCENARIO), "--sight-from", "3,2", "--brief", "--color", "never"])
    assert "Sight from [3, 2]" in brief.stdout


PM = ROOT / "scenarios" / "perditions-mouth"


def test_perditions_mouth_names_walls_figures_and_corners() -> None:
    """The engine's own sight (figures block; a corner shut by a wall and a figure): each blocker named."""
    figure = runner.invoke(app, ["resolve", str(PM / "rules-03-figures-block-sight.yaml"), "--json", "--sight-from", "0,1"])
    lines = {line["target"]: line for line in json.loads(figure.stdout)["turns"][0]["sight_from"]["lines"]}
    assert lines["g"]["clear"] and not lines["A"]["clear"]
    assert lines["A"]["blocked_by"]["figures"] == ["g"] and "Guard (g) at [1, 1]" in lines["A"]["why"]
    corner = runner.invoke(app, ["resolve", str(PM / "rules-09-corner-wall-and-figure-block.yaml"), "--json", "--sight-from", "1,1"])
    line = {line["target"]: line for line in json.loads(corner.stdout)["turns"][0]["sight_from"]["lines"]}["A"]
    assert line["blocked_by"] == {"walls": [[2, 1]], "thin_walls": [], "figures": ["b"], "on_line": True}
    assert "passes the corner that the wall at [2, 1] and Boneworm (b) at [1, 2] shut" in line["why"]
    see = runner.invoke(app, ["resolve", str(PM / "rules-10-corner-wall-and-figure-see.yaml"), "--json", "--sight-from", "1,1"])
    assert all(line["clear"] for line in json.loads(see.stdout)["turns"][0]["sight_from"]["lines"])


def test_perditions_mouth_why_not_names_the_wall() -> None:
    result = runner.invoke(app, ["resolve", str(PM / "summoner-04-behind-a-wall.yaml"), "--json", "--why-not", "1,1"])
    answer = json.loads(result.stdout)["turns"][0]["why_not"][0]
    assert answer["step"] == "line-of-sight" and "crosses the wall at [3, 1]" in answer["text"]
    assert answer["data"]["blocked_by"]["walls"] == [[3, 1]]


def test_agemonia_lines_between_areas(tmp_path: Path) -> None:
    scenario = ROOT / "scenarios" / "agemonia" / "ranged-sight-blocked.yaml"
    result = runner.invoke(app, ["resolve", str(scenario), "--json", "--sight-from", "A1", "--svg", str(tmp_path / "a.svg")])
    assert result.exit_code == 0, result.output
    lines = {line["target"]: line for line in json.loads(result.stdout)["turns"][0]["sight_from"]["lines"]}
    assert lines["L"]["at"] == "A3" and not lines["L"]["clear"] and "A1 and A3 as blocked" in lines["L"]["why"]
    assert lines["a"]["clear"]
    bad = runner.invoke(app, ["resolve", str(scenario), "--json", "--sight-from", "A9"])
    assert bad.exit_code == 2 and "no area of that name" in bad.stderr


def test_cloudspire_has_no_sight_rule_one_line() -> None:
    scenario = next((ROOT / "scenarios" / "cloudspire").glob("*.yaml"))
    result = runner.invoke(app, ["resolve", str(scenario), "--sight-from", "1,1"])
    lines = result.stderr.strip().splitlines()
    assert result.exit_code == 2 and len(lines) == 1
    assert (
        lines[0].startswith("enemy-move: --sight-from '1,1': Cloudspire has no line-of-sight rule")
        and "Rules Reference 'Close'" in lines[0]
    )


def test_agemonia_why_not_names_the_ally_out_of_sight() -> None:
    scenario = ROOT / "scenarios" / "agemonia" / "ranged-sight-blocked.yaml"
    result = runner.invoke(app, ["resolve", str(scenario), "--json", "--why-not", "A1"])
    answer = json.loads(result.stdout)["turns"][0]["why_not"][0]
    assert "Lunara (L) in A3: in range 2 but out of sight, by the scenario's sight" in answer["text"]
    assert answer["data"]["blocked_by"] == {"unseen": ["L"]}


def test_agemonia_adjacent_sight_says_which_rule_hides(tmp_path: Path) -> None:
    """Under `sight.default: adjacent`, an area with no border is out of sight for that reason, and a listed pair for its own."""
    text = (ROOT / "scenarios" / "agemonia" / "ranged-sight-blocked.yaml").read_text()
    text = text.replace("sight:\n  blocked: [[A1, A3]]", "sight:\n  default: adjacent\n  blocked: [[A1, A2]]")
    text = text.replace("expect:\n  options:\n    - {to: A2, attacks: [L]}\n", "")
    (tmp_path / "adjacent.yaml").write_text(text)
    result = runner.invoke(app, ["resolve", str(tmp_path / "adjacent.yaml"), "--json", "--sight-from", "A2"])
    assert result.exit_code == 0, result.output
    lines = {line["target"]: line for line in json.loads(result.stdout)["turns"][0]["sight_from"]["lines"]}
    assert "the scenario's sight lists A2 and A1 as blocked" in lines["a"]["why"]
    assert lines["L"]["clear"]
    far = runner.invoke(app, ["resolve", str(tmp_path / "adjacent.yaml"), "--json", "--sight-from", "A1"])
    line = {line["target"]: line for line in json.loads(far.stdout)["turns"][0]["sight_from"]["lines"]}["L"]
    assert "share no border" in line["why"] and "sight.default: adjacent" in line["why"]


def test_in_colour_the_map_shows_the_cell_and_the_blocking_walls() -> None:
    """The character map colours where the lines start (green) and the walls that block them (red); without colour
    nothing is drawn there and the list alone says it."""
    scenario = str(ROOT / "scenarios" / "perditions-mouth" / "summoner-04-behind-a-wall.yaml")
    coloured = runner.invoke(app, ["resolve", scenario, "--sight-from", "2,1", "--brief", "--color", "always"])
    assert "\x1b[1;30;42m.\x1b[0m" in coloured.stdout  # [2, 1]: floor, black on green
    assert "\x1b[1;37;41m#\x1b[0m" in coloured.stdout  # [3, 1]: the wall, white on red
    assert "on the map:" in coloured.stdout and "the walls that block them" in coloured.stdout
    plain = runner.invoke(app, ["resolve", scenario, "--sight-from", "2,1", "--brief", "--color", "never"])
    assert "on the map:" not in plain.stdout and "\x1b[" not in plain.stdout


def test_the_html_page_lists_the_lines_under_the_picture(tmp_path: Path) -> None:
    out = tmp_path / "page.html"
    result = runner.invoke(app, ["resolve", str(SCENARIO), "--sight-from", "3,2", "--html", str(out), "--json"])
    assert result.exit_code == 0, result.output
    page = out.read_text()
    assert '<div class="sight"><p><b>Sight from [3, 2]: 1 of 2 figures in sight</b></p>' in page
    assert '<li class="blocked">A [5, 0]: out of sight: every line from a corner' in page
