"""Issue 26, the rest: --watch compares content, the acting figure is one the rules move,
`expect:` must compare something, and `import gloom` writes only what `resolve` reads back."""

from __future__ import annotations

import os
from pathlib import Path

import pytest
from typer.testing import CliRunner

from enemy_move.cli import app
from enemy_move.errors import ScenarioError
from enemy_move.models import load_scenario_text
from enemy_move.safe_text import yaml_quoted
from enemy_move.watch import file_signature, watch_file

runner = CliRunner()
ROOT = Path(__file__).resolve().parent.parent
LINK = "http://localhost:5000/UQgEBBvAgNjAEANjBkYMbJiBEQMUAA"


# -- --watch -----------------------------------------------------------------------


def test_watch_sees_a_save_that_keeps_size_and_modification_time(tmp_path: Path) -> None:
    path = tmp_path / "s.yaml"
    path.write_text("move: 2\n")
    stamp = os.stat(path).st_mtime_ns
    calls: list[str] = []

    def save(_: float) -> None:
        if len(calls) == 1:  # the same length, and the clock put back: a stat() sees nothing
            path.write_text("move: 3\n")
            os.utime(path, ns=(stamp, stamp))

    runs = watch_file(str(path), lambda: calls.append(path.read_text()), iterations=3, sleep=save)
    assert runs == 2 and calls == ["move: 2\n", "move: 3\n"]


def test_watch_signature_is_the_content(tmp_path: Path) -> None:
    path = tmp_path / "s.yaml"
    path.write_text("a")
    first = file_signature(str(path))
    path.write_text("b")
    assert first is not None and file_signature(str(path)) not in (None, first)
    assert file_signature(str(tmp_path / "missing.yaml")) is None


def test_watch_status_line_is_not_markup(tmp_path: Path) -> None:
    from enemy_move.cli import ResolveRequest, run_watch

    (tmp_path / "a[").mkdir()
    path = tmp_path / "a[/]b\x1b.yaml"
    path.write_text((ROOT / "scenarios" / "gloomhaven" / "01-melee-approach.yaml").read_text())
    assert run_watch(str(path), ResolveRequest(), iterations=1, sleep=lambda _: None) == 1


def test_watch_with_a_markup_file_name_through_the_cli(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    import enemy_move.watch as watch

    (tmp_path / "a[").mkdir()
    path = tmp_path / "a[/]b.yaml"
    path.write_text((ROOT / "scenarios" / "gloomhaven" / "01-melee-approach.yaml").read_text())
    original = watch.watch_file
    monkeypatch.setattr(watch, "watch_file", lambda *a, **k: original(*a, **{**k, "iterations": 1, "sleep": lambda _: None}))
    result = runner.invoke(app, ["resolve", str(path), "--watch"])
    assert result.exit_code == 0, result.output
    assert f"watching {path} (Ctrl-C stops)" in " ".join(result.stdout.split())  # rich wraps the long name


# -- the acting figure -------------------------------------------------------------------


def test_a_character_named_active_in_gloomhaven_is_refused(tmp_path: Path) -> None:
    path = tmp_path / "c.yaml"
    path.write_text(
        "ruleset: gloomhaven\nmap: |\n  A . a\nfigures:\n  A: {kind: character, initiative: 10}\n  a: {kind: monster}\n"
        "active: A\naction: {move: 2}\n"
    )
    result = runner.invoke(app, ["resolve", str(path)])
    assert result.exit_code == 2
    assert result.stderr.startswith(f"{path}:7:9: active figure 'A' is a character: its player moves it")
    assert "`kind: summon`" in result.stderr


def test_a_summon_and_a_monster_may_be_active() -> None:
    from enemy_move.phase import resolve as resolve_scenario

    for active in ("s", "a"):
        text = (
            "ruleset: gloomhaven\nmap: |\n  A s . . a\nfigures:\n  A: {kind: character, initiative: 10}\n"
            f"  s: {{kind: summon, owner: A}}\n  a: {{kind: monster}}\nactive: {active}\naction: {{move: 1}}\n"
        )
        assert resolve_scenario(load_scenario_text(text, "f.yaml")).turns[0].actor == active


# -- expect ------------------------------------------------------------------------------


@pytest.mark.parametrize("expect", ["{}", "{focus: null}", "{options: null, turns: null}"])
def test_an_expect_that_compares_nothing_is_an_error(expect: str) -> None:
    text = f"ruleset: gloomhaven\nmap: |\n  A . a\nfigures:\n  A: {{kind: character}}\n  a: {{kind: monster}}\nexpect: {expect}\n"
    with pytest.raises(ScenarioError) as caught:
        load_scenario_text(text, "f.yaml")
    assert caught.value.line == 7 and "`expect:` has nothing to compare" in caught.value.message


def test_check_counts_an_empty_expect_as_an_error(tmp_path: Path) -> None:
    path = tmp_path / "e.yaml"
    path.write_text("ruleset: gloomhaven\nmap: |\n  A . a\nfigures:\n  A: {kind: character}\n  a: {kind: monster}\nexpect: {}\n")
    result = runner.invoke(app, ["check", str(path), "--json"])
    assert result.exit_code == 1 and '"status": "error"' in result.stdout


# -- import gloom round trip -------------------------------------------------------------

ODD = [
    "😀 astral",
    "𝔤𝔩𝔬𝔬𝔪 \U0010fffd",
    "quotes \" and ' and \\ backslash",
    "yes",
    "null",
    "- [a, b]: {c: d} # not a comment &x *y !tag %",
    "tab\there",
    "NEL\x85LS\u2028PS\u2029",
    "C1 \x9b31m DEL \x7f bidi \u202eevil\u202c",
    "nonchar \ufffe\uffff",
    "  leading and trailing  ",
]


@pytest.mark.parametrize("name", ODD, ids=range(len(ODD)))
def test_yaml_quoted_reads_back(name: str) -> None:
    from enemy_move.loader import load_text

    assert load_text(f"description: {yaml_quoted(name)}\n", "f.yaml").data["description"] == name


@pytest.mark.parametrize("name", ODD, ids=range(len(ODD)))
def test_import_gloom_writes_what_resolve_reads_back(name: str) -> None:
    link = f"{LINK}#{name}"
    imported = runner.invoke(app, ["import", "gloom", link])
    assert imported.exit_code == 0, imported.stderr
    resolved = runner.invoke(app, ["resolve", "-", "--json"], input=imported.stdout)
    assert resolved.exit_code == 0, resolved.stderr
    assert load_scenario_text(imported.stdout, "imported.yaml").model.description == link.strip()


def test_import_gloom_with_an_undecodable_byte_in_the_link() -> None:
    imported = runner.invoke(app, ["import", "gloom", f"{LINK}#\udcff"])
    assert imported.exit_code == 0, imported.stderr
    assert runner.invoke(app, ["resolve", "-", "--json"], input=imported.stdout).exit_code == 0
