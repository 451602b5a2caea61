"""The ``--html`` page of a whole phase (issues 32 and 34): a click on another option shows the phase as the runner
plays it from there (the later turns and the board after the phase), the page says which line it shows, the board
is drawn once and placed with <use>, and the page fits a phone 390 px wide."""

from __future__ import annotations

import html
import json
import re
import shutil
import subprocess
from pathlib import Path
from typing import Any

import pytest

from enemy_move.models import load_scenario
from enemy_move.phase import Line, explore, resolve
from enemy_move.phase import resolve as resolve_scenario
from enemy_move.render import svg
from enemy_move.render.html_page import page
from enemy_move.result import option_to_json

ROOT = Path(__file__).resolve().parent.parent
PHASES = [
    "scenarios/gloomhaven/87-phase-room-three-monsters.yaml",
    "scenarios/gloomhaven/67-phase-followed-choice.yaml",
    "scenarios/perditions-mouth/phase-07-players-choice-followed.yaml",
    "scenarios/perditions-mouth/phase-08-room-three-enemies.yaml",
    "scenarios/agemonia/phase-choice-followed.yaml",
    "scenarios/cloudspire/phase-lane-three-minions.yaml",
    "scenarios/cloudspire/phase-player-choice.yaml",
]
#: A door opens during this phase (the board changes between turns).
DOOR = "scenarios/perditions-mouth/phase-05-acolyte-opens-door-for-guard.yaml"


def _turn(turn: Any) -> dict[str, Any]:
    return {
        "actor": turn.actor,
        "focus": turn.focus,
        "options": [option_to_json(o, n) for n, o in enumerate(turn.options)],
        "reasoning": [(s.step, s.text) for s in turn.reasoning],
    }


def _figures(board: Any) -> dict[str, Any]:
    return {label: getattr(where, "area", where) for label, where in sorted(board.figures.items())}


@pytest.mark.parametrize("scenario", PHASES)
def test_every_line_a_page_shows_is_the_phase_resolved_with_those_choices(scenario: str) -> None:
    """Lines are played from their branch point (not from scratch): each must equal a fresh resolve with --choose."""
    loaded = load_scenario(ROOT / scenario)
    result = resolve_scenario(loaded)
    lines = explore(loaded, result)
    assert lines[0].choices == tuple(t.chosen or 0 for t in result.turns) and lines[0].start == 0
    assert len(lines) > 1 and len({line.choices for line in lines}) == len(lines)
    for line in lines[1:]:
        choices = {turn.actor: pick for turn, pick in zip(line.turns, line.choices) if turn.options}
        fresh = resolve(loaded, choices=choices)
        assert [_turn(t) for t in line.turns] == [_turn(t) for t in fresh.turns], line.choices
        assert [t.chosen for t in line.turns[line.start :]] == [t.chosen for t in fresh.turns[line.start :]]
        assert _figures(line.boards[-1]) == _figures(fresh.boards_after[-1])
        assert line.turns[line.start - 1].options[line.choices[line.start - 1]] is not None


def test_lines_stay_within_the_budget_and_the_limit() -> None:
    loaded = load_scenario(ROOT / PHASES[0])
    result = resolve_scenario(loaded)
    assert len(explore(loaded, result, budget=0)) == 1 + sum(len(t.options) - 1 for t in result.turns[-1:])  # only the last turn's, free
    everything = explore(loaded, result, budget=10**6)
    played = sum(len(line.turns) - line.start for line in everything[1:])
    assert played > len(result.turns)  # more than the default budget would play
    assert sum(len(line.turns) - line.start for line in explore(loaded, result)[1:]) <= max(len(result.turns), 8)


def _page(scenario: str, **kwargs: Any) -> tuple[str, Any, list[Line]]:
    loaded = load_scenario(ROOT / scenario)
    result = resolve_scenario(loaded)
    lines = explore(loaded, result, **kwargs)
    return page(result, [], lines), result, lines


def _sections(page: str) -> dict[tuple[str, str], dict[str, str]]:
    found = {}
    for tag in re.findall(r"<section [^>]*>", page):
        attributes = {k: html.unescape(v) for k, v in re.findall(r'([\w-]+)="([^"]*)"', tag)}
        attributes["hidden"] = "hidden" if re.search(r"\shidden(?=[\s>])", tag) else ""
        found[(attributes["class"], attributes["data-path"])] = attributes
    return found


def test_the_page_holds_each_line_turn_by_turn_and_its_board_after_the_phase() -> None:
    page, result, lines = _page(PHASES[0])
    sections = _sections(page)
    for line in lines:
        key = ".".join(map(str, line.choices))
        assert sections[("after", key)]["hidden"] == ("" if line is lines[0] else "hidden")
        for index in range(len(line.turns)):
            node = sections[("turn", ".".join(map(str, line.choices[:index])))]
            assert node["data-turn"] == str(index) and node["data-actor"] == line.turns[index].actor
    # the phase as resolved shows; every other line waits for a click; the bar says which line shows
    shown = sorted(path for (kind, path), s in sections.items() if kind == "turn" and not s["hidden"])
    assert shown == ["", "0", "0.0"] and 'id="shown"' in page and "Shown: the phase as resolved" in page
    # turn 1's other options each have their line (the page's answer, not the first option's continuation)
    assert {("turn", str(k)) for k in range(1, len(result.turns[0].options))} <= set(sections)
    assert sections[("turn", "1")]["data-choose"] == "a=2"


def test_the_board_is_drawn_once_and_placed_with_use() -> None:
    page, result, lines = _page(DOOR)  # a door opens: two boards, the second redraws only the door's cell
    sections = page.count('<section class="turn"')
    assert page.count('<g id="board-') == 1 and page.count('<use href="#board-1"/>') == sections + len(lines)
    picture = svg.result_svg(result)
    assert picture.count('<g id="board-') == 1 and picture.count('<use href="#board-1"/>') == len(result.turns) + 1
    assert picture.count('class="cell door"') == 1  # the closed door, in the drawing; the open one redrawn as floor


def test_an_option_past_the_budget_says_how_to_see_it() -> None:
    page, result, lines = _page(PHASES[0], budget=0)
    sections = _sections(page)
    assert ("turn", "1") not in sections  # turn 1's option 2 was not played: the script says so and gives the command
    assert 'data-limit="' in page and "--choose" in page and 'class="missing" hidden' in page


# --- in a real browser (Chromium headless, when installed) -------------------------------------------------

CHROMIUM = shutil.which("chromium") or shutil.which("chromium-browser")
FLAGS = [
    "--headless",
    "--no-sandbox",
    "--disable-gpu",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--no-first-run",
    "--allow-file-access-from-files",
    "--window-size=600,900",
]
# Chromium's window is at least 500 px wide: the page goes in a 390 px frame; the probe clicks and reports.
HARNESS = """<!DOCTYPE html><html><body style="margin:0"><iframe id="f" src="page.html" width="390" height="844"></iframe><script>
document.getElementById('f').addEventListener('load',function(){var w=this.contentWindow,d=w.document,out=[];
function state(){var v=[];d.querySelectorAll('section').forEach(function(s){if(!s.hidden)v.push(s.className+':'+s.dataset.path)});
var t=Array.prototype.every.call(d.querySelectorAll('table'),function(t){return t.scrollWidth<=t.clientWidth+1});
var m=Array.prototype.filter.call(d.querySelectorAll('.missing'),function(m){return !m.hidden}).map(function(m){return m.textContent});
return {visible:v,bar:d.querySelector('#shown span').textContent,fits:d.documentElement.scrollWidth<=w.innerWidth&&t,missing:m}}
function click(path,option){d.querySelector('section[data-path="'+path+'"] tr.option[data-option="'+option+'"]').click();out.push(state())}
out.push(state());click('','1');click('1','1');d.querySelector('#shown button').click();out.push(state());
var pre=document.createElement('pre');pre.id='probe';pre.textContent=JSON.stringify(out);document.body.appendChild(pre)});
</script></body></html>"""


@pytest.mark.skipif(CHROMIUM is None, reason="needs Chromium (apt-get install chromium)")
def test_in_chromium_a_click_switches_the_rest_of_the_page_and_it_fits_390_px(tmp_path: Path) -> None:
    page, _, lines = _page(PHASES[0], budget=4)  # turn 1's option 2 and turn 2's option 2 in it: worked out
    (tmp_path / "page.html").write_text(page)
    (tmp_path / "harness.html").write_text(HARNESS)
    assert CHROMIUM is not None
    run = subprocess.run(
        [CHROMIUM, *FLAGS, "--dump-dom", (tmp_path / "harness.html").as_uri()], capture_output=True, text=True, timeout=120, check=False
    )
    found = re.search(r'<pre id="probe">(.*?)</pre>', run.stdout, re.S)
    assert found, run.stderr[-2000:]
    first, option_2, nested, back = json.loads(html.unescape(found.group(1)))
    assert first["visible"] == ["turn:", "turn:0", "turn:0.0", "after:0.0.0"] and first["fits"]
    assert "the phase as resolved" in first["bar"] and not first["missing"]
    assert option_2["visible"] == ["turn:", "turn:1", "turn:1.0", "after:1.0.0"] and option_2["fits"]
    assert "turn 1 (a) takes option 2" in option_2["bar"]
    if ("turn", "1.1") in _sections(page):
        assert nested["visible"] == ["turn:", "turn:1", "turn:1.1", "after:1.1.0"]
    else:  # not worked out: the section says so, with the command that shows it
        assert nested["missing"] and "--choose a=2 --choose b=2" in nested["missing"][0]
    assert "turn 2 (b) takes option 2" in nested["bar"]
    assert back == first
