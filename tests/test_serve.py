"""`enemy-move serve`: the pages, the API, the edits, saving, and what the server refuses (a real server on loopback)."""

from __future__ import annotations

import json
import os
import re
import shutil
import socket
import threading
from collections.abc import Iterator
from pathlib import Path
from urllib.parse import quote

import pytest
from serving import fetch, running
from typer.testing import CliRunner

from enemy_move.cli import app

ROOT = Path(__file__).resolve().parent.parent / "scenarios"
BOARDS = {
    "gloomhaven": "gloomhaven/demo.yaml",
    "perditions-mouth": "perditions-mouth/phase-05-acolyte-opens-door-for-guard.yaml",
    "agemonia": "agemonia/ag6-double-line-detour.yaml",
    "cloudspire": "cloudspire/cs6-terrain-forest-player.yaml",
}


@pytest.fixture(scope="module")
def folder(tmp_path_factory: pytest.TempPathFactory) -> Path:
    root = tmp_path_factory.mktemp("served")
    for name in BOARDS.values():
        (root / name).parent.mkdir(parents=True, exist_ok=True)
        shutil.copy(ROOT / name, root / name)
    return root


@pytest.fixture(scope="module")
def url(folder: Path) -> Iterator[str]:
    with running(folder) as address:
        yield address


def _state(page: str) -> dict:
    found = re.search(r'<script type="application/json" id="state">(.*?)</script>', page, re.S)
    assert found
    return json.loads(found.group(1))


def test_front_page_links_every_file_and_the_new_boards(url: str) -> None:
    page = fetch(url + "/")
    assert page.status == 200
    for name in BOARDS.values():
        assert f'<a href="/board/{quote(name)}">' in page.text
    for ruleset in BOARDS:
        assert f'<a href="/new/{ruleset}">' in page.text
    # on a phone: new boards first, then the files one group per folder, named without the folder again
    assert page.text.index('href="/new/') < page.text.index('href="/board/')
    assert "<summary>gloomhaven · " in page.text and ">demo.yaml</a>" in page.text


@pytest.mark.parametrize("game", sorted(BOARDS))
def test_board_page_of_each_game_keeps_the_contract(url: str, game: str) -> None:
    page = fetch(url + "/board/" + quote(BOARDS[game]))
    assert page.status == 200
    assert 'aria-label="answer"' in page.text
    assert re.search(r'data-cell="\d+,\d+"', page.text) or "data-area=" in page.text
    assert "data-figure=" in page.text
    for name in ("Save", "Undo", "Next round"):
        assert re.search(rf"<button[^>]*>[^<]*{name}", page.text)
    if game != "agemonia":
        assert 'data-paint="#"' in page.text or 'data-paint="."' in page.text
    assert '<ol class="options">' in page.text and '<b class="number">1</b>' in page.text  # options from 1


@pytest.mark.parametrize("game", sorted(BOARDS))
def test_new_board_from_each_starter(url: str, game: str) -> None:
    page = fetch(url + "/new/" + game)
    assert page.status == 200 and 'class="error"' not in page.text
    assert _state(page.text)["file"] is None
    assert fetch(url + "/new/nosuchgame").status == 404


def test_api_resolve_answers_what_resolve_json_prints(url: str, folder: Path) -> None:
    text = (folder / BOARDS["gloomhaven"]).read_text()
    reply = fetch(url + "/api/resolve", raw=text.encode(), headers={"Content-Type": "text/plain"})
    expected = CliRunner().invoke(app, ["resolve", "-", "--json"], input=text)
    assert reply.status == 200 and reply.json() == json.loads(expected.stdout)
    bad = "ruleset: gloomhaven\nmap: |\n  . a\nfigures: {a: {kind: dragon}}\n"
    reply = fetch(url + "/api/resolve", raw=bad.encode())
    expected = CliRunner().invoke(app, ["resolve", "-", "--json"], input=bad)
    assert reply.status == 422 and reply.json() == json.loads(expected.stdout) and "error" in reply.json()


def _post(url: str, api: str, **body: object) -> dict:
    reply = fetch(f"{url}/api/{api}", body)
    assert reply.status == 200, reply.text
    return reply.json()


def test_painting_changes_the_answer_and_undo_is_the_old_text(url: str, folder: Path) -> None:
    text = (folder / BOARDS["gloomhaven"]).read_text()
    before = _post(url, "view", text=text, file=BOARDS["gloomhaven"])
    after = _post(url, "edit", text=text, file=BOARDS["gloomhaven"], op={"kind": "paint", "symbol": "#", "cell": "2,1"})
    assert after["text"] != text and after["answer"] != before["answer"]
    assert _post(url, "view", text=text, file="x")["answer"] == before["answer"]  # the page's undo: the old text again


def test_figure_moves_walls_and_forms(url: str, folder: Path) -> None:
    text = (folder / BOARDS["gloomhaven"]).read_text()
    moved = _post(url, "edit", text=text, op={"kind": "place", "label": "B", "cell": "5,3"})
    assert "B" in moved["text"] and moved["text"] != text
    walled = _post(url, "edit", text=text, op={"kind": "wall", "cell": "2,1", "other": "3,1"})
    assert "walls" in walled["text"]
    far = _post(url, "edit", text=text, op={"kind": "wall", "cell": "1,1", "other": "5,3"})
    assert far["text"] == text and "not neighbours" in far["message"]
    form = _post(url, "form", text=text, what="figure", target="a")
    assert 'name="figures.a.initiative"' in form["html"] or "figures.a." in form["html"]
    card = _post(url, "form", text=text, what="card", target="")
    assert 'name="action.move"' in card["html"]
    changed = _post(url, "edit", text=text, op={"kind": "set", "values": {"action.move": "1"}, "figure": ""})
    assert re.search(r"move: 1\b", changed["text"])
    bad = fetch(url + "/api/edit", {"text": text, "op": {"kind": "set", "values": {"ruleset": "x"}}})
    assert bad.status == 400


def test_agemonia_areas_and_links(url: str, folder: Path) -> None:
    text = (folder / BOARDS["agemonia"]).read_text()
    view = _post(url, "view", text=text)
    found = re.search(r'data-area="([^"]+)"', view["board"])
    assert found is not None
    area = found.group(1)
    form = _post(url, "form", text=text, what="area", target=area)
    assert "capacity" in form["html"]
    links = _post(url, "form", text=text, what="links", target="")
    assert "<textarea" in links["html"]
    added = _post(url, "edit", text=text, op={"kind": "add_area", "name": "Z9"})
    assert "Z9" in added["text"]


def test_next_round_moves_the_monsters_after_the_players_choose(url: str, folder: Path) -> None:
    text = (folder / BOARDS["gloomhaven"]).read_text()
    asked = _post(url, "next", text=text, choices={})
    assert asked["text"] is None and asked["need"]["actor"] == "a"  # two options: the players choose first
    done = _post(url, "next", text=text, choices={"a": 1})
    assert done["text"] and done["text"] != text and "next round" in done["message"]
    assert re.search(r"a\b", done["text"])


def test_save_writes_a_file_check_accepts_and_refuses_a_changed_file(url: str, folder: Path) -> None:
    name = BOARDS["perditions-mouth"]
    page = fetch(url + "/board/" + quote(name))
    state = _state(page.text)
    edited = _post(url, "edit", text=state["text"], op={"kind": "paint", "symbol": "#", "cell": "0,0"})
    saved = fetch(url + "/api/save", {"file": name, "text": edited["text"], "base": state["base"]})
    assert saved.status == 200, saved.text
    assert (folder / name).read_text() == edited["text"]
    assert CliRunner().invoke(app, ["check", str(folder / name)]).exit_code == 0
    # the file changes on disk: the page's base no longer matches, nothing is written
    (folder / name).write_text(edited["text"] + "# changed elsewhere\n")
    again = fetch(url + "/api/save", {"file": name, "text": state["text"], "base": saved.json()["base"]})
    assert again.status == 409 and again.json()["conflict"] is True
    assert (folder / name).read_text().endswith("# changed elsewhere\n")


def test_a_new_board_is_saved_under_a_new_name_only(url: str, folder: Path) -> None:
    state = _state(fetch(url + "/new/gloomhaven").text)
    first = fetch(url + "/api/save", {"name": "room one", "text": state["text"]})
    assert first.status == 200 and (folder / "room one.yaml").exists()
    assert fetch(url + "/api/save", {"name": "room one", "text": state["text"]}).status == 409
    assert fetch(url + "/api/save", {"name": "../out", "text": state["text"]}).status == 403
    assert CliRunner().invoke(app, ["check", str(folder / "room one.yaml")]).exit_code == 0


def test_share_link_opens_the_same_position(url: str, folder: Path) -> None:
    text = (folder / BOARDS["gloomhaven"]).read_text()
    edited = _post(url, "edit", text=text, op={"kind": "paint", "symbol": "#", "cell": "2,1"})["text"]
    position = _post(url, "share", text=edited)["position"]
    page = fetch(f"{url}/board/{quote(BOARDS['gloomhaven'])}?position={position}")
    assert _state(page.text)["text"] == edited
    assert fetch(f"{url}/board/{quote(BOARDS['gloomhaven'])}?position=!!!").status == 400


def test_why_not_for_a_tapped_cell(url: str, folder: Path) -> None:
    text = (folder / BOARDS["gloomhaven"]).read_text()
    view = _post(url, "view", text=text, why="0,0")
    assert 'class="whynot"' in view["answer"] and "[0, 0]" in view["answer"]


@pytest.mark.parametrize(
    "path",
    [
        "/board/../outside.yaml",
        "/board/%2e%2e/outside.yaml",
        "/board/%252e%252e/outside.yaml",
        "/board/link/outside.yaml",
        "/board/.hidden.yaml",
        "/board/gloomhaven",
        "/board/%2fetc%2fpasswd.yaml",
        "/static/../app.py",
    ],
)
def test_only_files_under_the_folder(tmp_path: Path, path: str) -> None:
    served = tmp_path / "served"
    served.mkdir()
    (tmp_path / "outside.yaml").write_text((ROOT / BOARDS["gloomhaven"]).read_text())
    (served / ".hidden.yaml").write_text("ruleset: gloomhaven\n")
    (served / "gloomhaven").mkdir()
    os.symlink(tmp_path, served / "link")
    with running(served) as address:
        reply = fetch(address + path)
        assert reply.status in (400, 403, 404)
        assert "Traceback" not in reply.text and "outside" not in fetch(address + "/").text


def test_user_text_is_escaped(tmp_path: Path) -> None:
    text = (ROOT / BOARDS["gloomhaven"]).read_text()
    text = re.sub(r"^title: .*$", 'title: "<script>alert(1)</script> & <b>"', text, flags=re.M)
    (tmp_path / "<img src=x onerror=alert(1)>.yaml").write_text(text)
    with running(tmp_path) as address:
        front = fetch(address + "/")
        assert "<img" not in front.text and "&lt;img src=x" in front.text
        page = fetch(address + "/board/" + quote("<img src=x onerror=alert(1)>.yaml"))
        assert page.status == 200 and "<script>alert" not in page.text and "&lt;script&gt;" in page.text


def test_cross_origin_posts_hosts_and_big_bodies_are_refused(url: str, folder: Path) -> None:
    text = (folder / BOARDS["gloomhaven"]).read_text()
    body = {"text": text}
    assert fetch(url + "/api/view", body, headers={"Origin": "http://evil.example"}).status == 403
    assert fetch(url + "/api/view", body, headers={"Sec-Fetch-Site": "cross-site"}).status == 403
    assert fetch(url + "/api/view", body, headers={"Origin": url, "Sec-Fetch-Site": "same-origin"}).status == 200
    assert fetch(url + "/", headers={"Host": "evil.example"}).status == 403
    # A body announced larger than the cap is refused before it is read.
    import http.client
    from urllib.parse import urlsplit

    connection = http.client.HTTPConnection(urlsplit(url).netloc, timeout=30)
    connection.putrequest("POST", "/api/resolve")
    connection.putheader("Content-Length", str(3 * 1024 * 1024))
    connection.endheaders()
    assert connection.getresponse().status == 413
    connection.close()
    over = fetch(url + "/api/resolve", raw=b"#" * (1024 * 1024 + 10))
    assert over.status == 413 and "limit" in over.json()["error"]["message"]
    assert fetch(url + "/api/view", raw=b"{not json", headers={"Content-Type": "application/json"}).status == 400
    assert fetch(url + "/api/view", {"text": 3}).status == 400
    assert fetch(url + "/api/nothing", {}).status == 404
    assert fetch(url + "/api/view").status == 405


def test_no_traceback_on_a_bug(url: str, monkeypatch: pytest.MonkeyPatch) -> None:
    from enemy_move.serve import board

    def broken(request: object) -> dict:
        raise RuntimeError("boom\nsecond line")

    monkeypatch.setattr(board, "view", broken)
    reply = fetch(url + "/api/view", {"text": "ruleset: gloomhaven\n"})
    assert reply.status == 500 and "Traceback" not in reply.text and len(reply.text.strip().splitlines()) == 1


def test_the_token_is_required_when_phones_may_connect(folder: Path) -> None:
    with running(folder, token="secret-token") as address:
        assert fetch(address + "/").status == 403
        assert fetch(address + "/?token=wrong").status == 403
        first = fetch(address + "/?token=secret-token")
        assert first.status == 200 and "enemy_move_token=secret-token" in first.headers.get("set-cookie", "")
        cookie = {"Cookie": "enemy_move_token=secret-token"}
        assert fetch(address + "/board/" + quote(BOARDS["gloomhaven"]), headers=cookie).status == 200
        assert fetch(address + "/api/view", {"text": "ruleset: gloomhaven\n"}).status == 403
        assert fetch(address + "/api/view", {"text": "ruleset: gloomhaven\n"}, headers={"X-Enemy-Move-Token": "secret-token"}).status == 200


def test_twenty_phones_keep_answering(url: str, folder: Path) -> None:
    """A bounded load test on loopback: 20 clients at once, 5 answers each; every one comes back right."""
    text = (folder / BOARDS["gloomhaven"]).read_text()
    expected = _post(url, "view", text=text)["answer"]
    failures: list[str] = []

    def phone() -> None:
        for _ in range(5):
            reply = fetch(url + "/api/view", {"text": text})
            if reply.status != 200 or reply.json()["answer"] != expected:
                failures.append(reply.text[:200])

    threads = [threading.Thread(target=phone) for _ in range(20)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(120)
    assert not failures and not any(thread.is_alive() for thread in threads)


def test_serve_command_refuses_a_missing_folder_and_a_busy_port(tmp_path: Path) -> None:
    result = CliRunner().invoke(app, ["serve", str(tmp_path / "missing")])
    assert result.exit_code == 2 and "not a folder" in result.stderr
    from enemy_move.serve import bind

    busy = bind("127.0.0.1", 0)
    try:
        result = CliRunner().invoke(app, ["serve", str(tmp_path), "--port", str(busy.getsockname()[1])])
        assert result.exit_code == 2 and "cannot listen" in result.stderr
    finally:
        busy.close()


def test_qr_code_of_the_lan_url() -> None:
    import io

    from enemy_move.serve import print_qr

    out = io.StringIO()
    print_qr("http://192.168.1.2:8765/?token=abc", out)
    assert out.getvalue().count("\n") > 10 and "▀" in out.getvalue() or "█" in out.getvalue()


def test_an_invalid_board_shows_its_one_line_and_its_text(url: str) -> None:
    view = _post(url, "view", text="ruleset: gloomhaven\nmap: |\n  . a\nfigures: {a: {kind: dragon}}\n", file="room.yaml")
    assert view["error"].startswith("room.yaml:4:") and view["board"] == ""
    assert '<pre class="source">' in view["answer"] and "  4  figures: {a: {kind: dragon}}" in view["answer"]


def test_the_key_and_the_game_s_own_buttons(url: str, folder: Path) -> None:
    page = fetch(url + "/board/" + quote(BOARDS["gloomhaven"])).text
    assert '<details class="key">' in page and "Bandit Archer" in page and 'data-action="border"' in page
    cloudspire = fetch(url + "/board/" + quote(BOARDS["cloudspire"])).text
    assert 'data-action="border"' not in cloudspire  # no walls in Cloudspire
    agemonia = fetch(url + "/board/" + quote(BOARDS["agemonia"])).text
    assert 'data-action="links"' in agemonia and "data-paint" not in agemonia


def test_save_keeps_what_the_page_did_not_change_and_refuses_a_read_only_file(tmp_path: Path) -> None:
    text = (ROOT / BOARDS["gloomhaven"]).read_text().replace("\n", "  # mine\n", 1)
    (tmp_path / "bom.yaml").write_bytes(b"\xef\xbb\xbf" + text.encode())
    (tmp_path / "locked.yaml").write_text(text)
    (tmp_path / "locked.yaml").chmod(0o444)
    with running(tmp_path) as address:
        state = _state(fetch(address + "/board/bom.yaml").text)
        edited = _post(address, "edit", text=state["text"], op={"kind": "paint", "symbol": "#", "cell": "2,1"})["text"]
        assert fetch(address + "/api/save", {"file": "bom.yaml", "text": edited, "base": state["base"]}).status == 200
        written = (tmp_path / "bom.yaml").read_bytes()
        assert written.startswith(b"\xef\xbb\xbf") and b"  # mine\n" in written and written != b"\xef\xbb\xbf" + text.encode()
        locked = _state(fetch(address + "/board/locked.yaml").text)
        reply = fetch(address + "/api/save", {"file": "locked.yaml", "text": edited, "base": locked["base"]})
        assert reply.status == 403 and "read-only" in reply.json()["error"]  # mode bits: refused even for root
        assert (tmp_path / "locked.yaml").read_text() == text


def test_lan_prints_a_url_with_a_token_and_its_qr_code(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    import io

    import enemy_move.serve as serve

    started: list[tuple[str | None, bool]] = []

    def serve_socket(folder: str, sock: socket.socket, token: str | None, loopback: bool) -> None:
        started.append((token, loopback))
        sock.close()

    monkeypatch.setattr(serve, "serve_socket", serve_socket)
    out = io.StringIO()
    serve.run(str(tmp_path), "0.0.0.0", 0, out)
    ((token, loopback),) = started
    assert token and len(token) >= 16 and not loopback
    first = out.getvalue().splitlines()[0]
    assert f"?token={token}" in first and "0.0.0.0" not in first
    assert sum("█" in line or "▀" in line for line in out.getvalue().splitlines()) > 10  # the QR code
    out = io.StringIO()
    serve.run(str(tmp_path), "127.0.0.1", 0, out)
    assert started[-1] == (None, True) and "token" not in out.getvalue()
