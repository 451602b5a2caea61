"""Nothing a user wrote is lost, never a hang, never a silent misread (round 10): `resolve --after` over a file that
exists, hard links, FIFOs nobody reads, damaged share links and gloom links. docs/errors.md, "Files the tool writes"."""

from __future__ import annotations

import base64
import contextlib
import os
import signal
import threading
import zlib
from collections.abc import Iterator
from pathlib import Path

import pytest
from typer.testing import CliRunner, Result

from enemy_move.cli import app

DEMO = Path("scenarios/gloomhaven/demo.yaml").resolve()
MINE = "ruleset: gloomhaven\n# my own notes: the next round, as I set it up by hand\n"


def _run(*args: str) -> Result:
    return CliRunner().invoke(app, list(args), env={"COLUMNS": "120", "NO_COLOR": "1"})


class Blocked(Exception):
    """Not an OSError: code that swallows OSError (a failed read) must not swallow this."""


@contextlib.contextmanager
def _within(seconds: int) -> Iterator[None]:
    """Fail (not hang) when the block blocks: the alarm interrupts a blocking open() of a FIFO."""

    def alarm(signum: int, frame: object) -> None:
        raise Blocked(f"blocked for {seconds} s")

    previous = signal.signal(signal.SIGALRM, alarm)
    signal.alarm(seconds)
    try:
        yield
    finally:
        signal.alarm(0)
        signal.signal(signal.SIGALRM, previous)


def _one_line(result: Result, code: int) -> str:
    assert result.exit_code == code, result.output
    lines = result.stderr.strip().splitlines()
    assert len(lines) == 1, result.stderr
    return lines[0]


# --- resolve --after over a file that exists ----------------------------------------------------------------------


def test_after_leaves_an_existing_file_alone_unless_overwrite(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(tmp_path)
    following = Path("next.yaml")
    following.write_text(MINE)
    line = _one_line(_run("resolve", str(DEMO), "--after", "next.yaml"), 2)
    assert line == "enemy-move: --after next.yaml: the file exists; nothing written (add --overwrite to replace it, or give another name)"
    assert following.read_text() == MINE
    link = Path("link.yaml")  # through a symbolic link too
    link.symlink_to(following)
    _one_line(_run("resolve", str(DEMO), "--after", str(link)), 2)
    assert following.read_text() == MINE and link.is_symlink()
    assert _run("resolve", str(DEMO), "--after", str(following), "--overwrite").exit_code == 0
    assert "   # . a . . B #\n" in following.read_text()


def test_after_still_writes_a_new_file_and_the_scenario_itself(tmp_path: Path) -> None:
    board = tmp_path / "board.yaml"
    board.write_bytes(DEMO.read_bytes())
    assert _run("resolve", str(board), "--after", str(tmp_path / "new.yaml")).exit_code == 0
    assert _run("resolve", str(board), "--after", str(board)).exit_code == 0  # the next round over this one
    assert "   # . a . . B #\n" in board.read_text() and "expect" not in board.read_text()


def test_after_over_the_watched_file_is_refused(tmp_path: Path) -> None:
    board = tmp_path / "board.yaml"
    board.write_bytes(DEMO.read_bytes())
    line = _one_line(_run("resolve", str(board), "--watch", "--after", str(board)), 2)
    assert "that is the watched file itself" in line and board.read_bytes() == DEMO.read_bytes()


def test_a_watch_replaces_its_own_next_round_but_not_one_the_player_changed(tmp_path: Path) -> None:
    from enemy_move.cli import ResolveRequest, run_watch

    board, following = tmp_path / "board.yaml", tmp_path / "next.yaml"
    board.write_bytes(DEMO.read_bytes())
    request = ResolveRequest(after=str(following))
    texts = iter([b"1", b"2", b"3"])
    run_watch(str(board), request, iterations=1, signature=lambda path: next(texts), sleep=lambda seconds: None)
    first = following.read_bytes()  # written twice: the second time over its own first file
    assert b"   # . a . . B #\n" in first
    following.write_text(MINE)
    run_watch(str(board), request, iterations=0, sleep=lambda seconds: None)
    assert following.read_text() == MINE


# --- hard links -------------------------------------------------------------------------------------------------


def test_a_file_with_other_names_is_not_replaced(tmp_path: Path) -> None:
    from enemy_move.document.atomic import LinkedError, WriteError, write_atomic

    first, second = tmp_path / "a.yaml", tmp_path / "b.yaml"
    first.write_text(MINE)
    os.link(first, second)
    with pytest.raises(LinkedError, match="has 2 names"):
        write_atomic(first, "new\n")
    assert first.read_text() == second.read_text() == MINE and os.stat(first).st_nlink == 2
    line = _one_line(_run("resolve", str(DEMO), "--svg", str(second)), 1)
    assert line.startswith(f"enemy-move: --svg {second}: not replaced: the file has 2 names (hard links)")
    board = tmp_path / "board.yaml"
    board.write_bytes(DEMO.read_bytes())
    os.link(board, tmp_path / "board-copy.yaml")
    line = _one_line(_run("resolve", str(board), "--after", str(board)), 1)
    assert "has 2 names" in line and board.read_bytes() == DEMO.read_bytes() == (tmp_path / "board-copy.yaml").read_bytes()
    assert issubclass(LinkedError, WriteError)
    assert sorted(path.name for path in tmp_path.iterdir()) == ["a.yaml", "b.yaml", "board-copy.yaml", "board.yaml"]


def test_check_update_leaves_a_hard_linked_file_as_it_is(tmp_path: Path) -> None:
    board = tmp_path / "board.yaml"
    text = DEMO.read_text().replace("focus: [A]", "focus: [B]")
    assert text != DEMO.read_text()
    board.write_text(text)
    os.link(board, tmp_path / "other.yaml")
    result = _run("check", str(board), "--update")
    assert result.exit_code == 1 and "not updated: not replaced: the file has 2 names" in result.stdout
    assert board.read_text() == text == (tmp_path / "other.yaml").read_text()


# --- FIFOs: never a hang ----------------------------------------------------------------------------------------


def test_an_output_into_a_fifo_nobody_reads_is_refused_at_once(tmp_path: Path) -> None:
    fifo = tmp_path / "out.yaml"
    os.mkfifo(fifo)
    for option in ("--after", "--svg", "--html"):
        with _within(20):
            result = _run("resolve", str(DEMO), option, str(fifo), "--overwrite")
        assert _one_line(result, 1).endswith(": nothing is reading from it (a FIFO needs its reader first)"), option
    assert fifo.exists() and not fifo.is_file()


def test_an_output_into_a_fifo_with_a_reader_is_written(tmp_path: Path) -> None:
    fifo = tmp_path / "out.svg"
    os.mkfifo(fifo)
    read: list[bytes] = []
    descriptor = os.open(fifo, os.O_RDONLY | os.O_NONBLOCK)  # the reader is there before the writer opens it
    reader = threading.Thread(target=lambda: read.append(_drain(descriptor)))
    reader.start()
    with _within(20):
        result = _run("resolve", str(DEMO), "--svg", str(fifo))
    reader.join(20)
    assert result.exit_code == 0, result.output
    assert read and read[0].startswith(b"<svg ") and read[0].rstrip().endswith(b"</svg>")


def _drain(descriptor: int) -> bytes:
    """All the writer writes: the reader's end stays open (not blocking) until a writer has come and gone."""
    import time

    chunks: list[bytes] = []
    deadline = time.monotonic() + 20
    while time.monotonic() < deadline:
        try:
            chunk = os.read(descriptor, 65536)
        except BlockingIOError:  # the writer is there, nothing to read yet
            chunk = None
        if chunk == b"" and chunks:  # the writer closed its end
            break
        if chunk:
            chunks.append(chunk)
        else:
            time.sleep(0.01)
    os.close(descriptor)
    return b"".join(chunks)


def test_the_watch_does_not_open_a_fifo_put_in_the_file_s_place(tmp_path: Path) -> None:
    from enemy_move.watch import file_signature, missing_reason

    fifo = tmp_path / "board.yaml"
    os.mkfifo(fifo)
    with _within(20):
        assert file_signature(str(fifo)) is None
        assert missing_reason(str(fifo)) == "it is not a regular file now (a FIFO, a device...)"
    assert missing_reason(str(tmp_path)) == "it is a folder now"


# --- damaged links: refused, never misread ----------------------------------------------------------------------


def _packed(raw: bytes) -> str:
    return base64.urlsafe_b64encode(zlib.compress(raw, 9)).decode().rstrip("=")


@pytest.mark.parametrize(
    "value",
    [
        _packed("ruleset: gloomhaven\ntitle: caf\xe9\n".encode("latin-1")),  # not UTF-8
        _packed(b"ruleset: gloomhaven\n") + _packed(b"title: x\n"),  # two links run together
        base64.urlsafe_b64encode(zlib.compress(b"ruleset: gloomhaven\n") + b"junk").decode().rstrip("="),
    ],
)
def test_a_damaged_share_link_is_refused(value: str) -> None:
    from enemy_move.serve.app import DAMAGED, unpack

    with pytest.raises(ValueError, match="damaged") as caught:
        unpack(value)
    assert str(caught.value) == DAMAGED


def test_the_page_says_a_share_link_is_damaged(tmp_path: Path) -> None:
    from serving import fetch, running

    from enemy_move.serve.app import pack

    (tmp_path / "b.yaml").write_bytes(DEMO.read_bytes())
    with running(tmp_path) as address:
        good = fetch(address + "/board/b.yaml?position=" + pack("ruleset: gloomhaven\n# shared\n"))
        assert good.status == 200
        bad = _packed("ruleset: gloomhaven\n# \xe9\n".encode("latin-1"))
        for query in ("position=" + bad, "position=", f"position={pack('a')}&position={pack('b')}"):
            reply = fetch(address + "/board/b.yaml?" + query)
            assert reply.status == 400 and "position is damaged (copy the whole link)</p>" in reply.text, query


def test_a_gloom_code_with_bytes_after_the_board_is_refused() -> None:
    from gloom_encoder import encode, location

    from enemy_move.games.gloomhaven import gloom_import as g

    board = g.GloomBoard((1, 5, 0), active=location(2, 2), figures={location(2, 2): g.MONSTER, location(4, 2): g.CHARACTER})
    board.initiatives = {location(2, 2): 3, location(4, 2): 5}
    code = encode(board)
    assert g.decode_code(code).figures == board.figures
    data = base64.urlsafe_b64decode(code + "=" * (-len(code) % 4))
    for damaged in (data + data, data + b"\0\0\0", data[:-1] + bytes([data[-1] | 0x80])):
        spelled = base64.urlsafe_b64encode(damaged).decode().rstrip("=")
        with pytest.raises(g.GloomLinkError, match="after the board's end"):
            g.decode_code(spelled)
        line = _one_line(_run("import", "gloom", spelled), 2)
        assert line.startswith("enemy-move: gloom link: corrupt code: ")


def test_a_read_only_picture_is_named_once(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(tmp_path)
    Path("a.svg").write_text("mine\n")
    Path("a.svg").chmod(0o444)
    line = _one_line(_run("resolve", str(DEMO), "--svg", "a.svg"), 1)
    assert line == "enemy-move: --svg a.svg: is read-only; not replaced (make it writable, or save under another name)"
    assert Path("a.svg").read_text() == "mine\n"


# --- round 10, piece 2: long names, a FIFO in a read file's place, import -o, sharing a lone surrogate -----------


def test_a_name_as_long_as_the_file_system_allows_is_written(tmp_path: Path) -> None:
    picture = tmp_path / ("n" * 250 + ".svg")  # 254 bytes: the temporary beside it must not be longer than 255
    assert _run("resolve", str(DEMO), "--svg", str(picture)).exit_code == 0
    assert picture.read_text().startswith("<svg ") and sorted(path.name for path in tmp_path.iterdir()) == [picture.name]


def test_a_save_over_a_file_replaced_by_a_fifo_writes_nothing_and_waits_for_nothing(tmp_path: Path) -> None:
    from enemy_move.document.atomic import ConflictError
    from enemy_move.document.document import ScenarioDocument

    path = tmp_path / "board.yaml"
    path.write_bytes(DEMO.read_bytes())
    document = ScenarioDocument.from_path(path)
    document.set("action.move", 4)
    path.unlink()
    os.mkfifo(path)
    with _within(20), pytest.raises(ConflictError, match="is not a regular file now"):
        document.save()
    assert not path.is_file() and path.exists() and sorted(tmp_path.iterdir()) == [path]


def test_import_leaves_an_existing_file_alone_unless_overwrite(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    from gloom_encoder import encode, location

    from enemy_move.games.gloomhaven import gloom_import as g

    board = g.GloomBoard((1, 5, 0), active=location(2, 2), figures={location(2, 2): g.MONSTER, location(4, 2): g.CHARACTER})
    code = encode(board)
    monkeypatch.chdir(tmp_path)
    Path("mine.yaml").write_text(MINE)
    line = _one_line(_run("import", "gloom", code, "-o", "mine.yaml"), 2)
    assert line == "enemy-move: --output mine.yaml: the file exists; nothing written (add --overwrite to replace it, or give another name)"
    assert Path("mine.yaml").read_text() == MINE
    assert _run("import", "gloom", code, "-o", "new.yaml").exit_code == 0 and "ruleset: gloomhaven" in Path("new.yaml").read_text()
    assert _run("import", "gloom", code, "-o", "mine.yaml", "--overwrite").exit_code == 0
    assert Path("mine.yaml").read_text() == Path("new.yaml").read_text()


def test_sharing_a_text_with_a_lone_surrogate_is_a_clear_refusal(tmp_path: Path) -> None:
    from serving import fetch, running

    with running(tmp_path) as address:
        reply = fetch(
            address + "/api/share", raw=b'{"text": "ruleset: gloomhaven\\n# \\ud800\\n"}', headers={"Content-Type": "application/json"}
        )
        assert reply.status == 400 and "lone surrogate" in reply.json()["error"]
        assert fetch(address + "/api/share", {"text": "ruleset: gloomhaven\n"}).status == 200


# --- round 10, piece 3: a very long path says why, a FIFO swapped in under the loader ----------------------------


@pytest.mark.parametrize("command", ["resolve", "check"])
def test_a_path_too_long_for_the_file_system_says_so_in_one_short_line(command: str) -> None:
    path = "d/" * 2600 + "x.yaml"
    line = _one_line(_run(command, path), 2)
    assert line.startswith("enemy-move: d/d/d/") and line.endswith("… (5,206 characters): File name too long"), line
    assert len(line) < 400  # one line a terminal shows whole in a few rows


def test_the_loader_never_waits_on_a_fifo_swapped_in_after_its_look(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    from enemy_move.errors import ScenarioError
    from enemy_move.loader import load_file

    fifo, regular = tmp_path / "board.yaml", tmp_path / "regular.yaml"
    os.mkfifo(fifo)
    regular.write_bytes(DEMO.read_bytes())
    real_stat = os.stat

    def looked_before_the_swap(path: object, *args: object, **kwargs: object) -> os.stat_result:
        return real_stat(regular) if str(path) == str(fifo) else real_stat(path, *args, **kwargs)  # type: ignore[arg-type]

    monkeypatch.setattr(os, "stat", looked_before_the_swap)
    with _within(20), pytest.raises(ScenarioError, match="is not a regular file now"):
        load_file(fifo)


def test_the_page_s_save_never_waits_on_a_fifo_put_in_the_file_s_place(tmp_path: Path) -> None:
    from enemy_move.serve.saving import _unchanged

    fifo = tmp_path / "board.yaml"
    os.mkfifo(fifo)
    with _within(20):
        assert _unchanged(fifo, "a digest") is None  # not the text the page loaded: the loader then refuses the FIFO
