"""Issue 26: nothing a user wrote reaches a terminal, a picture, a page or JSON unescaped.

Titles, descriptions, figure names and file names carry ESC, BEL, a C1 control
(U+009B, a one-byte CSI), DEL and a bidi override (U+202E). Every output is
searched for them: the text views show them as visible escapes, SVG and HTML
stay valid and show them visibly, JSON escapes them as ``\\uXXXX`` (and reads
back to the original text).
"""

from __future__ import annotations

import json
import re
import xml.etree.ElementTree as ElementTree
from pathlib import Path

import pytest
from typer.testing import CliRunner

from enemy_move.cli import app
from enemy_move.safe_text import for_markup, for_terminal, json_dumps

runner = CliRunner()

NASTY = "\x1b[2J\x07\x9b31m\x7f\u202eevil"
# YAML double-quoted escapes for the same characters (written raw they are refused by the loader).
NASTY_YAML = '"\\e[2J\\a\\x9b31m\\x7f\\u202eevil"'
# What no output may hold raw: C0 but newline, DEL, C1, bidi controls.
UNSAFE = re.compile("[\x00-\x09\x0b-\x1f\x7f-\x9f\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069]")

SCENARIO = f"""\
ruleset: gloomhaven
title: {NASTY_YAML}
description: {NASTY_YAML}
map: |
  . a . A
figures:
  A: {{kind: character, initiative: 10, name: {NASTY_YAML}}}
  a: {{kind: monster, name: {NASTY_YAML}, type: {NASTY_YAML}}}
active: a
action: {{move: 2}}
expect:
  options: [{{to: [0, 0]}}]
"""


@pytest.fixture
def nasty(tmp_path: Path) -> Path:
    # The file name carries a newline, an ESC and a bidi override too.
    path = tmp_path / "x\n\x1b]0;t\u202e.yaml"
    path.write_text(SCENARIO, encoding="utf-8")
    return path


def invoke(args: list[str]) -> tuple[int, str, str]:
    result = runner.invoke(app, args)
    assert result.exception is None or isinstance(result.exception, SystemExit), repr(result.exception)
    return result.exit_code, result.stdout, result.stderr


@pytest.mark.parametrize("view", ["--full", "--brief"])
def test_text_views_show_controls_and_bidi_as_escapes(nasty: Path, view: str) -> None:
    code, out, err = invoke(["resolve", str(nasty), view])
    assert code == 0, err
    assert not UNSAFE.search(out), repr(UNSAFE.search(out))
    assert "\\x1b[2J" in out and "\\u202e" in out


def test_the_header_keeps_a_file_name_with_a_newline_on_one_line(nasty: Path) -> None:
    code, out, _ = invoke(["resolve", str(nasty), "--full"])
    assert code == 0
    assert [line for line in out.splitlines() if "x\\x0a" in line], out


@pytest.mark.parametrize("form", [["--json"], ["--format", "json"]])
def test_json_escapes_c0_c1_and_bidi_and_reads_back(nasty: Path, form: list[str]) -> None:
    command = ["resolve", str(nasty), "--json"] if form == ["--json"] else ["check", str(nasty), *form]
    _, out, _ = invoke(command)
    assert not UNSAFE.search(out), repr(UNSAFE.search(out))
    assert "\\u202e" in out and "\\u001b" in out
    document = json.loads(out)
    if form == ["--json"]:
        assert "\\u009b" in out and "\\u007f" in out and document["title"] == NASTY
    else:
        assert document["results"][0]["file"] == str(nasty)


@pytest.mark.parametrize("form", [[], ["--format", "github"]])
def test_check_text_and_annotations_escape_names(nasty: Path, form: list[str]) -> None:
    _, out, _ = invoke(["check", str(nasty), *form])
    assert not UNSAFE.search(out), repr(UNSAFE.search(out))


@pytest.mark.parametrize("kind", ["svg", "html"])
def test_pictures_hold_no_control_characters_and_show_them(nasty: Path, tmp_path: Path, kind: str) -> None:
    picture = tmp_path / f"out.{kind}"
    code, _, err = invoke(["resolve", str(nasty), f"--{kind}", str(picture), "--json"])
    assert code == 0, err
    text = picture.read_text(encoding="utf-8")
    assert not UNSAFE.search(text), repr(UNSAFE.search(text))
    assert "\\x1b[2J" in text and "\\u202e" in text
    if kind == "svg":
        ElementTree.fromstring(text)  # valid XML: a raw ESC would make it unreadable


def test_error_lines_escape_bidi_in_file_names_and_messages(tmp_path: Path) -> None:
    path = tmp_path / "r\u202eev.yaml"
    path.write_text('ruleset: "gloom\\u202ehaven"\n', encoding="utf-8")
    code, _, err = invoke(["resolve", str(path)])
    assert code == 2 and len(err.splitlines()) == 1
    assert not UNSAFE.search(err) and err.count("\\u202e") == 2, err


def test_a_legend_symbol_must_be_printable(tmp_path: Path) -> None:
    path = tmp_path / "legend.yaml"
    path.write_text(
        'ruleset: gloomhaven\nlegend: {"\\e": wall}\nmap: "\\e a . A"\nfigures:\n  A: {kind: character}\n  a: {kind: monster}\n'
    )
    code, _, err = invoke(["resolve", str(path)])
    assert code == 2 and "must be a single visible character" in err and "\x1b" not in err


def test_the_escaping_functions() -> None:
    assert for_terminal("a\x1bb\u202ec\nd", keep="\n") == "a\\x1bb\\u202ec\nd"
    assert for_terminal("\udcff") == "\\xff"
    assert for_markup('<a href="x">&\x9b\n') == "&lt;a href=&quot;x&quot;&gt;&amp;\\x9b\n"
    dumped = json_dumps({"t": "\x00\x7f\x9f\u202e\u2028ok"}, indent=None)
    assert dumped == '{"t": "\\u0000\\u007f\\u009f\\u202e\\u2028ok"}'
    assert json.loads(dumped) == {"t": "\x00\x7f\x9f\u202e\u2028ok"}


def test_lone_surrogates_anywhere_in_a_document_are_written_as_text() -> None:
    # The document is dumped as it is unless the text holds a lone surrogate; then every string is escaped first.
    document = {"a": [1, ("x", {"\udcffk": "v\ud800"})], "b": "plain é 漢"}
    for indent in (None, 2):
        dumped = json_dumps(document, indent=indent)
        assert json.loads(dumped) == {"a": [1, ["x", {"\\xffk": "v\\ud800"}]], "b": "plain é 漢"}
        dumped.encode("utf-8")  # no lone surrogate left
    assert json_dumps({"b": "plain é"}, indent=2) == '{\n  "b": "plain é"\n}'
    assert json_dumps({"b": "é\udcff"}, ascii_only=True) == '{\n  "b": "\\u00e9\\\\xff"\n}'
