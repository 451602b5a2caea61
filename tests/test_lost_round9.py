"""Nothing a user wrote is ever lost, round 9 (issue 34): the table page's Save replaces only a file the server read
and the loader accepted, and writes only a text the loader accepts (a shared link's may be anything); the other
writers keep what they did not mean to change, or refuse with one located line. The page's tests run a real server
on loopback (tests/serving.py), as tests/test_serve.py; tests/test_nothing_lost.py has the earlier rounds' cases."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest
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
