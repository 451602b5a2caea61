"""Nothing a user wrote is ever lost, round 9 (issue 34): the table page's Save replaces only a file the server read
and the loader accepted, and writes only a text the loader accepts (a shared link's may be anything); the other
writers keep what they did not mean to change, or refuse with one located line. The page's tests run a real server
on loopback (tests/serving.py), as tests/test_serve.py; tests/test_nothing_lost.py has the earlier rounds' cases."""

from __future__ import annotations

import itertools
import json
import random
import re
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from serving import fetch, running

from enemy_move.serve import parsed
from enemy_move.serve.app import pack
from enemy_move.serve.files import digest, forget_accepted
from enemy_move.starters import starter

#: A file the loader refuses: no page can load it.
REFUSED = "ruleset: gloomhaven\n# my notes, half typed\nmap: [\n"


def _state(page: str) -> dict:
    found = re.search(r'<script type="application/json" id="state">(.*?)</script>', page, re.S)
    assert found
    return json.loads(found.group(1))


def _post(address: str, api: str, **body: object) -> dict:
    reply = fetch(address + "/api/" + api, body)
    assert reply.status == 200, reply.text
    return reply.json()


@pytest.fixture(autouse=True)
def _fresh() -> None:
    parsed.forget()
    forget_accepted()


def test_a_hand_made_save_never_replaces_a_file_the_loader_refuses(tmp_path: Path) -> None:
    """The request carries the matching digest of a file the page could not load: 409 with the loader's line, and the
    file keeps every byte; the same request for a file the loader accepts, unread since a restart, saves."""
    good = starter("gloomhaven", "gloomhaven")
    (tmp_path / "bad.yaml").write_text(REFUSED)
    (tmp_path / "good.yaml").write_text(good)
    (tmp_path / "latin1.yaml").write_bytes(good.replace("gloomhaven", "gl\xf6omhaven", 1).encode("latin-1"))
    with running(tmp_path) as address:
        assert fetch(address + "/board/bad.yaml").status == 422  # the page cannot load it
        reply = fetch(address + "/api/save", {"file": "bad.yaml", "text": good, "base": digest(REFUSED)})
        assert reply.status == 409 and reply.json()["conflict"] is False
        assert "not replaced: the file on disk does not load (" in reply.json()["error"]
        assert re.search(r"bad\.yaml:\d+:\d+: invalid YAML", reply.json()["error"])
        assert (tmp_path / "bad.yaml").read_text() == REFUSED
        # not UTF-8: its text has no digest the page could hold; the loader's line, nothing written
        reply = fetch(address + "/api/save", {"file": "latin1.yaml", "text": good, "base": digest("anything")})
        assert reply.status == 422 and "not valid UTF-8" in reply.json()["error"]
        assert (tmp_path / "latin1.yaml").read_bytes() == good.replace("gloomhaven", "gl\xf6omhaven", 1).encode("latin-1")
        edited = _post(address, "edit", text=good, file="good.yaml", op={"kind": "paint", "symbol": "#", "cell": "2,1"})["text"]
        reply = fetch(address + "/api/save", {"file": "good.yaml", "text": edited, "base": digest(good)})  # never viewed
        assert reply.status == 200 and (tmp_path / "good.yaml").read_text() == edited
        # a rejected file that takes the digest of a text the server read is still the loader's to judge: refused
        (tmp_path / "good.yaml").write_text(REFUSED)
        reply = fetch(address + "/api/save", {"file": "good.yaml", "text": good, "base": digest(REFUSED)})
        assert reply.status == 409 and (tmp_path / "good.yaml").read_text() == REFUSED


def test_a_shared_links_invalid_text_is_refused_before_anything_is_written(tmp_path: Path) -> None:
    """A `?position=` link's text is whatever its sender put there: Save answers the loader's line (422) and the file
    keeps every byte; a text over the size cap or with a lone surrogate, for a new file too, writes nothing."""
    good = starter("gloomhaven", "gloomhaven").replace("\n", "  # mine\n", 1)
    (tmp_path / "board.yaml").write_bytes(b"\xef\xbb\xbf" + good.encode())
    broken = good.replace("map: |", "map: [|", 1)
    with running(tmp_path) as address:
        page = fetch(f"{address}/board/board.yaml?position={pack(broken)}")
        state = _state(page.text)
        assert page.status == 200 and state["text"] == broken and state["base"] == digest(good)
        reply = fetch(address + "/api/save", {"file": "board.yaml", "text": state["text"], "base": state["base"]})
        assert reply.status == 422 and re.match(r".*board\.yaml:\d+:\d+: ", reply.json()["error"])
        assert (tmp_path / "board.yaml").read_bytes() == b"\xef\xbb\xbf" + good.encode()
        huge = good + "# " + "x" * (1024 * 1024) + "\n"
        for text in (huge, good.replace("mine", "mi\ud800ne")):
            for body in ({"file": "board.yaml", "text": text, "base": state["base"]}, {"name": "new one", "text": text}):
                reply = fetch(address + "/api/save", body)
                assert reply.status == 422 and "board.yaml" in reply.json()["error"] or "new one.yaml" in reply.json()["error"]
                assert (tmp_path / "board.yaml").read_bytes() == b"\xef\xbb\xbf" + good.encode()
                assert not (tmp_path / "new one.yaml").exists()
        # the same link's valid text saves, the byte-order mark kept
        fixed = broken.replace("map: [|", "map: |", 1)
        assert fetch(address + "/api/save", {"file": "board.yaml", "text": fixed, "base": state["base"]}).status == 200
        assert (tmp_path / "board.yaml").read_bytes() == b"\xef\xbb\xbf" + good.encode()


def _mixed(text: str, shifts: list[int]) -> str:
    """``text`` with each top-level block's lines shifted right by its own number of spaces (mixed indentation: the
    writer's guess, read from the first nested block, is not every block's)."""
    out, shift, blocks = [], 0, itertools.cycle(shifts)
    for line in text.splitlines(keepends=True):
        if line[:1] != " ":
            if line.strip() and not line.startswith("#"):
                shift = next(blocks)
            out.append(line)
        else:
            out.append(" " * shift + line)
    return "".join(out)


def _ops(ruleset: str, text: str, rng: random.Random) -> list[dict[str, Any]]:
    """The page's edits, every figure removed on the way (the first nested block emptied: the guess changes)."""
    from test_serve_parsed import area_ops, grid_ops

    from enemy_move.document.document import ScenarioDocument

    document = ScenarioDocument.from_text(text)
    ops = area_ops(rng) if ruleset == "agemonia" else grid_ops(rng, *document.size)
    removals = [{"kind": "remove", "label": label} for label in document.labels()]
    cut = rng.randrange(len(ops))
    return ops[:cut] + removals + ops[cut:]


@settings(max_examples=24, deadline=None, derandomize=True, suppress_health_check=[HealthCheck.too_slow])
@given(
    ruleset=st.sampled_from(["gloomhaven", "perditions-mouth", "cloudspire", "agemonia"]),
    shifts=st.lists(st.sampled_from([0, 1, 2, 4]), min_size=1, max_size=6),
    seed=st.integers(0, 2**16),
)
def test_a_kept_read_and_a_fresh_read_write_the_same_bytes_on_mixed_indentation(ruleset: str, shifts: list[int], seed: int) -> None:
    """The page's edits from the document the server kept (serve/parsed.py) and from a fresh read of each text give
    the same bytes, on files whose blocks are indented each its own way."""
    from test_serve_parsed import texts_after

    from enemy_move.registry import game

    entry = game(ruleset)
    assert entry is not None
    text = _mixed(starter(ruleset, entry.default_variant), shifts)
    ops = _ops(ruleset, text, random.Random(seed))
    assert texts_after(text, ops, fresh=False) == texts_after(text, ops, fresh=True)


def test_an_edit_that_changes_the_guessed_indentation_is_written_as_after_a_fresh_read() -> None:
    """The figures, the first nested block, indented 4 and the rest 2: once they are removed a read guesses 2, and a
    figure placed then is written as a fresh read writes it (the kept document guessed 4: it wrote `{B: ...}`)."""
    from test_serve_parsed import texts_after

    from enemy_move.document.nodes import guess_indent

    text = starter("gloomhaven", "gloomhaven").replace("  A: {kind", "    A: {kind").replace("  a: {kind", "    a: {kind")
    ops: list[dict[str, Any]] = [
        {"kind": "remove", "label": "A"},
        {"kind": "remove", "label": "a"},
        {"kind": "place", "label": "B", "cell": "2,1"},
        {"kind": "set", "values": {"figures.B.initiative": "30"}, "figure": "B"},
    ]
    fresh = texts_after(text, ops, fresh=True)
    assert guess_indent(text)[0] == 4 and guess_indent(fresh[1][0])[0] == 2
    assert texts_after(text, ops, fresh=False) == fresh
    assert "\n  B: {kind: character, initiative: 30}\n" in fresh[-1][0]


# --- the other writers, on hostile files (issue 34, round 9: the audit) ------------------------------------------

DEMO = (Path(__file__).resolve().parent.parent / "scenarios" / "gloomhaven" / "demo.yaml").read_text(encoding="utf-8")
#: Every spelling the writers must keep: a byte-order mark, CRLF line ends, a tab and non-ASCII text in a comment, a
#: 300 KB comment line, no final line break.
HOSTILE = "\ufeff" + DEMO.replace("\nmap:", "\n# naïve\tnote " + "x" * 300_000 + "\nmap:", 1).replace("\n", "\r\n").rstrip("\r\n")


def _run(*args: str) -> Any:
    from typer.testing import CliRunner

    from enemy_move.cli import app

    return CliRunner().invoke(app, list(args))


def test_the_page_s_save_keeps_every_byte_of_a_hostile_file_it_did_not_change(tmp_path: Path) -> None:
    (tmp_path / "h.yaml").write_bytes(HOSTILE.encode())
    with running(tmp_path) as address:
        state = _state(fetch(address + "/board/h.yaml").text)
        edited = _post(address, "edit", text=state["text"], file="h.yaml", op={"kind": "paint", "symbol": "*", "cell": "3,1"})
        assert fetch(address + "/api/save", {"file": "h.yaml", "text": edited["text"], "base": state["base"]}).status == 200
    written = (tmp_path / "h.yaml").read_bytes().decode()
    changed = [(a, b) for a, b in zip(HOSTILE.split("\r\n"), written.split("\r\n")) if a != b]
    assert len(written.split("\r\n")) == len(HOSTILE.split("\r\n")) and changed == [("   # . . . . B #", "   # . . * . B #")]


def test_the_page_s_save_refuses_a_file_replaced_by_a_link_out_of_the_folder_or_a_folder(tmp_path: Path) -> None:
    served, outside = tmp_path / "served", tmp_path / "outside.yaml"
    served.mkdir()
    outside.write_text(DEMO)
    for name in ("l.yaml", "d.yaml"):
        (served / name).write_text(DEMO)
    with running(served) as address:
        base = _state(fetch(address + "/board/l.yaml").text)["base"]
        (served / "l.yaml").unlink()
        (served / "l.yaml").symlink_to(outside)  # the same bytes, out of the folder
        reply = fetch(address + "/api/save", {"file": "l.yaml", "text": DEMO + "# mine\n", "base": base})
        assert reply.status == 403 and outside.read_text() == DEMO and (served / "l.yaml").is_symlink()
        (served / "d.yaml").unlink()
        (served / "d.yaml").mkdir()
        reply = fetch(address + "/api/save", {"file": "d.yaml", "text": DEMO, "base": base})
        assert reply.status == 409 and "removed from disk" in reply.json()["error"] and (served / "d.yaml").is_dir()


def test_after_and_update_keep_a_hostile_file_s_bytes_and_refuse_a_folder_or_a_read_only_file(tmp_path: Path) -> None:
    path = tmp_path / "h.yaml"
    path.write_bytes(HOSTILE.replace("focus: [A]", "focus: [B]").encode())
    assert _run("check", str(path), "--update").exit_code == 0
    assert path.read_bytes() == HOSTILE.encode()  # the expect: block as it was, every other byte kept
    result = _run("resolve", str(path), "--choose", "a=1", "--after", str(tmp_path / "next.yaml"))
    assert result.exit_code == 0 and "x" * 300_000 + "\r\n" in (tmp_path / "next.yaml").read_bytes().decode()
    (tmp_path / "folder.yaml").mkdir()
    (tmp_path / "locked.yaml").write_text("mine\n")
    (tmp_path / "locked.yaml").chmod(0o444)
    for target, said in (("folder.yaml", "it is a folder"), ("locked.yaml", "is read-only; not replaced")):
        result = _run("resolve", str(path), "--choose", "a=1", "--after", str(tmp_path / target), "--overwrite")
        assert result.exit_code == 1 and said in result.stderr and len(result.stderr.strip().splitlines()) == 1
    assert (tmp_path / "locked.yaml").read_text() == "mine\n" and (tmp_path / "folder.yaml").is_dir()


def test_an_editor_save_over_a_file_replaced_by_a_folder_or_a_link_writes_nothing(tmp_path: Path) -> None:
    from enemy_move.document.atomic import ConflictError, WriteError
    from enemy_move.document.document import ScenarioDocument

    path, other = tmp_path / "e.yaml", tmp_path / "other.yaml"
    path.write_bytes(HOSTILE.encode())
    document = ScenarioDocument.from_path(path)
    document.set("action.move", 4)
    path.unlink()
    path.mkdir()
    with pytest.raises(WriteError, match="it is a folder"):
        document.save()
    path.rmdir()
    other.write_text(DEMO)
    path.symlink_to(other)  # another file's bytes behind the same name
    with pytest.raises(ConflictError, match="changed on disk since it was read"):
        document.save()
    assert other.read_text() == DEMO and path.is_symlink()
    path.unlink()
    path.write_bytes(HOSTILE.encode())  # the bytes read, back: saved, only the move changed
    document.save()
    assert path.read_bytes().decode() == HOSTILE.replace("move: 2", "move: 4", 1)


@pytest.mark.parametrize("fast", [False, True])
def test_a_map_edit_keeps_the_trailing_blanks_of_rows_it_did_not_change(fast: bool) -> None:
    """Found by the audit: painting one cell rewrote every map row without its trailing blanks (the editor's Ctrl+S,
    the page's edit and Save, the next round's file alike: one writer)."""
    from enemy_move.document.document import ScenarioDocument
    from enemy_move.loader import load_text

    text = DEMO.replace("\n", "  \n").replace("#  \n", "#\t \n")
    document = ScenarioDocument.from_text(text, "t.yaml", fast=fast)
    document.set_cell(3, 1, "*")
    written = document.text()
    changed = [(a, b) for a, b in zip(text.split("\n"), written.split("\n")) if a != b]
    assert changed == [("   # . . . . B #\t ", "   # . . * . B #")]
    assert (
        load_text(written, "t.yaml").data["map"]
        == document.data["map"]
        == load_text(text, "t.yaml").data["map"].replace("# . . . . B #\t ", "# . . * . B #")
    )
