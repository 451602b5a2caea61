"""The writer's promise (issue 31): a rewrite keeps every byte it did not mean to change, and never lands over a change.

Every scenario file of the project (and of the shared suite, when it is beside
the checkout) and every hostile spelling below: a rewrite with no edit gives
the same bytes; a one-value edit changes exactly that value's characters; a
save compares the file on disk first.
"""

from __future__ import annotations

import os
import stat
from pathlib import Path
from typing import Any

import pytest

from enemy_move.document.atomic import ConflictError, ReadOnlyError, write_atomic
from enemy_move.document.document import ScenarioDocument
from enemy_move.document.splice import splice
from enemy_move.loader import decode_bytes, load_text

ROOT = Path(__file__).resolve().parent.parent
SHARED = ROOT.parent / "shared" / "suites"
DEMO = ROOT / "scenarios" / "gloomhaven" / "demo.yaml"


def scenario_files() -> list[Path]:
    files = sorted((ROOT / "scenarios").rglob("*.yaml"))
    if SHARED.is_dir():  # the shared suite when it is there; `make test` never needs it
        files += sorted(SHARED.rglob("*.yaml"))
    return files


def _with(text: str, old: str, new: str) -> str:
    assert old in text, old
    return text.replace(old, new, 1)


DEMO_TEXT = DEMO.read_text(encoding="utf-8")

#: Spellings a person (or another program) writes that a rewrite used to change.
HOSTILE: dict[str, str] = {
    "escapes in a title": _with(DEMO_TEXT, "\ntitle: ", '\ntitle: "\\u202e\\u00e9\\x41 " # '),
    "crlf": DEMO_TEXT.replace("\n", "\r\n"),
    "lone cr": DEMO_TEXT.replace("\n", "\r"),
    "no final newline": DEMO_TEXT.rstrip("\n"),
    "trailing blank lines": DEMO_TEXT + "\n\n",
    "tab after a colon": _with(DEMO_TEXT, "ruleset: gloomhaven", "ruleset:\tgloomhaven"),
    "tab before a comment": _with(DEMO_TEXT, "ruleset: gloomhaven", "ruleset: gloomhaven\t# the rules"),
    "tab before a colon": _with(DEMO_TEXT, "ruleset: gloomhaven", "ruleset\t: gloomhaven"),
    "tab inside a title": _with(DEMO_TEXT, '\ntitle: "Demo:', '\ntitle: A\tB\n# "Demo:'),
    "tab in a flow mapping": _with(DEMO_TEXT, "attack: {range: 3}", "attack: {\trange:\t3}"),
    "bom on a comment line": _with(DEMO_TEXT, "\nmap:", "\n\ufeff# a comment\nmap:"),
    "mixed line ends": _with(DEMO_TEXT, "\n", "\r\n"),
}


def test_every_scenario_file_rewrites_to_the_same_bytes() -> None:
    files = scenario_files()
    assert len(files) > 200
    for path in files:
        raw = path.read_bytes()
        try:
            document = ScenarioDocument.from_path(path)
        except Exception as error:  # files that are invalid on purpose are not rewritten
            assert "tests/invalid" in str(path) or "invalid" in path.name, (path, error)
            continue
        assert document.file_text().encode("utf-8") == raw, path


def _an_integer(data: Any, path: tuple[Any, ...] = ()) -> tuple[tuple[Any, ...], int] | None:
    """The first integer value of the file (not a key, not a boolean), and where it is."""
    if isinstance(data, dict):
        items: Any = data.items()
    elif isinstance(data, list):
        items = enumerate(data)
    else:
        return None
    for key, value in items:
        if isinstance(value, int) and not isinstance(value, bool):
            return (*path, key), value
        found = _an_integer(value, (*path, key))
        if found is not None:
            return found
    return None


def _offset(text: str, line: int, column: int) -> int:
    from enemy_move.yaml_blocks import LINE_BREAK

    starts = [0] + [match.end() for match in LINE_BREAK.finditer(text)]
    return starts[line - 1] + column - 1


def _check_one_value_edit(text: str, name: str) -> bool:
    """Set the file's first integer to another: only its characters change. False when the file has none."""
    loaded = load_text(text, name)
    found = _an_integer(loaded.data)
    if found is None:
        return False
    where, value = found
    start = _offset(text, *loaded.source.where(where))
    if text[start : start + len(str(value))] != str(value):
        return False  # written another way (`+3`): not this test's business
    document = ScenarioDocument.from_text(text, name)
    document.set(".".join(str(part) for part in where), value + 7)
    assert document.text() == text[:start] + str(value + 7) + text[start + len(str(value)) :], name
    return True


def test_a_one_value_edit_changes_only_that_value_in_every_scenario_file() -> None:
    edited = 0
    for path in scenario_files():
        text = path.read_text(encoding="utf-8-sig")
        try:
            edited += _check_one_value_edit(text, str(path))
        except Exception as error:
            if "invalid" in str(path):
                continue
            raise AssertionError(path) from error
    assert edited > 200


@pytest.mark.parametrize("name", sorted(HOSTILE))
def test_hostile_spellings_round_trip_and_edit_in_place(name: str) -> None:
    text = HOSTILE[name]
    document = ScenarioDocument.from_text(text, name)
    assert document.text() == text  # no edit: the same text, escapes, tabs, line ends and all
    assert _check_one_value_edit(text, name)
    document.set("action.move", 5)
    changed = document.text()
    assert load_text(changed, name).data["action"]["move"] == 5
    assert changed.replace("move: 5", "move: 2", 1) == text  # only the value: line ends and the rest as they were


def test_a_byte_order_mark_is_kept_and_a_bom_comment_stays_a_comment(tmp_path: Path) -> None:
    path = tmp_path / "bom.yaml"
    path.write_bytes(b"\xef\xbb\xbf" + HOSTILE["bom on a comment line"].encode())
    document = ScenarioDocument.from_path(path)
    document.set("action.move", 4)
    document.save()
    raw = path.read_bytes()
    assert raw.startswith(b"\xef\xbb\xbf") and b"\n\xef\xbb\xbf# a comment\n" in raw
    assert load_text(decode_bytes(raw, "f", "file"), "f").data["action"]["move"] == 4


def test_the_splice_falls_back_to_whole_lines_where_characters_disagree() -> None:
    # base (ruamel's text) and the file differ on the edited line: the line is written whole, in the file's line ends
    # the edit falls where the two agree: only its characters change (the file's quotes stay)
    assert splice("a: 'x'\r\nb: 1\r\n", 'a: "x"\nb: 1\n', 'a: "y"\nb: 1\n') == "a: 'y'\r\nb: 1\r\n"
    assert splice('a: "\\u00e9"\r\n', 'a: "é"\n', 'a: "è"\n') == 'a: "è"\r\n'
    assert splice("a: 1\r\n", "a: 1\n", "a: 1\nb: 2\n") == "a: 1\r\nb: 2\r\n"
    assert splice("a: 1", "a: 1\n", "a: 2\n") == "a: 2"


# --- conflicts and read-only files -------------------------------------------------------


def _copy(tmp_path: Path, text: str = DEMO_TEXT) -> Path:
    path = tmp_path / "board.yaml"
    path.write_text(text, encoding="utf-8", newline="")
    return path


def test_a_save_never_lands_over_a_change_made_since_the_file_was_read(tmp_path: Path) -> None:
    path = _copy(tmp_path)
    document = ScenarioDocument.from_path(path)
    document.set("action.move", 3)
    theirs = DEMO_TEXT.replace("Demo", "Their demo")
    path.write_text(theirs, encoding="utf-8")
    with pytest.raises(ConflictError, match="changed on disk"):
        document.save()
    assert path.read_text(encoding="utf-8") == theirs
    path.unlink()
    with pytest.raises(ConflictError, match="deleted"):
        document.save()
    assert not path.exists()


def test_save_as_over_an_existing_file_needs_overwrite(tmp_path: Path) -> None:
    path = _copy(tmp_path)
    other = tmp_path / "other.yaml"
    other.write_text("keep me\n", encoding="utf-8")
    document = ScenarioDocument.from_path(path)
    with pytest.raises(ConflictError, match="exists"):
        document.save(other)
    assert other.read_text(encoding="utf-8") == "keep me\n"
    document.save(other, overwrite=True)
    assert other.read_text(encoding="utf-8") == DEMO_TEXT
    document.set("action.move", 3)
    document.save()  # the saved file is now the one it compares with
    assert "move: 3" in other.read_text(encoding="utf-8")


def test_a_read_only_file_is_not_replaced(tmp_path: Path) -> None:
    path = _copy(tmp_path)
    document = ScenarioDocument.from_path(path)
    document.set("action.move", 3)
    path.chmod(stat.S_IRUSR | stat.S_IRGRP)
    try:
        with pytest.raises(ReadOnlyError, match="read-only"):
            document.save()
        assert path.read_text(encoding="utf-8") == DEMO_TEXT
    finally:
        path.chmod(stat.S_IRUSR | stat.S_IWUSR)


def test_write_atomic_expecting_no_file_refuses_one_that_appeared(tmp_path: Path) -> None:
    path = tmp_path / "new.yaml"
    write_atomic(path, "first\n", expect=None)
    with pytest.raises(ConflictError):
        write_atomic(path, "second\n", expect=None)
    assert path.read_text(encoding="utf-8") == "first\n"
    assert not [name for name in os.listdir(tmp_path) if name.endswith(".tmp")]  # no temporary file left behind
