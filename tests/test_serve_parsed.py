"""The table page's edit requests start from the document an earlier edit left when they carry its text
(serve/parsed.py, issue 34): the texts are the same bytes as when every request parses its text afresh."""

from __future__ import annotations

import random
from pathlib import Path
from typing import Any

import pytest

from enemy_move.serve import parsed
from enemy_move.serve.board import BadRequest, edit
from enemy_move.starters import starter

ROOT = Path(__file__).resolve().parent.parent


def grid_ops(rng: random.Random, cols: int, rows: int) -> list[dict[str, Any]]:
    ops: list[dict[str, Any]] = []
    for _ in range(12):
        cell = f"{rng.randrange(cols)},{rng.randrange(rows)}"
        other = f"{rng.randrange(cols)},{rng.randrange(rows)}"
        ops.append(
            rng.choice(
                [
                    {"kind": "paint", "symbol": rng.choice(".#*^~"), "cell": cell},
                    {"kind": "place", "label": rng.choice("AaBb7"), "cell": cell},
                    {"kind": "remove", "label": rng.choice("AaBb7")},
                    {"kind": "wall", "cell": cell, "other": other},
                    {"kind": "set", "values": {"action.move": str(rng.randrange(1, 5))}, "figure": ""},
                    {"kind": "border"},
                ]
            )
        )
    return ops


def area_ops(rng: random.Random) -> list[dict[str, Any]]:
    ops: list[dict[str, Any]] = []
    for number in range(12):
        area = rng.choice(["A1", "A2", "A3", f"N{number - 1}"])
        ops.append(
            rng.choice(
                [
                    {"kind": "place_in_area", "label": rng.choice("GHab"), "area": area},
                    {"kind": "remove", "label": rng.choice("GHab")},
                    {"kind": "add_area", "name": f"N{number}"},
                    {"kind": "links", "links": ["A1 -- A2", f"A2 == {area}"]},
                ]
            )
        )
    return ops


def texts_after(text: str, ops: list[dict[str, Any]], *, fresh: bool) -> list[tuple[str, str | None]]:
    out = []
    for op in ops:
        if fresh:
            parsed.forget()
        try:
            text, message = edit(text, "board.yaml", op)
        except BadRequest as error:  # a card value in a game without a card: the request refused, the text kept
            message = f"refused: {error}"
        out.append((text, message))
    parsed.forget()
    return out


@pytest.mark.parametrize("seed", range(4))
@pytest.mark.parametrize("ruleset", ["gloomhaven", "perditions-mouth", "cloudspire", "agemonia"])
def test_kept_documents_give_the_same_texts(ruleset: str, seed: int) -> None:
    rng = random.Random(seed)
    from enemy_move.registry import game

    entry = game(ruleset)
    assert entry is not None
    text = starter(ruleset, entry.default_variant)
    if ruleset == "agemonia":
        ops = area_ops(rng)
    else:
        from enemy_move.document.document import ScenarioDocument

        ops = grid_ops(rng, *ScenarioDocument.from_text(text).size)
    fresh = texts_after(text, ops, fresh=True)
    assert texts_after(text, ops, fresh=False) == fresh
    assert any(after != text for after, _ in fresh)  # the sequence edits something


def test_a_kept_document_is_used_once_and_only_for_its_text() -> None:
    text = (ROOT / "scenarios/gloomhaven/demo.yaml").read_text()
    after, _ = edit(text, "board.yaml", {"kind": "paint", "symbol": "*", "cell": "1,1"})
    assert parsed.document_for(after, "board.yaml") is not parsed.document_for(after, "board.yaml")  # taken out once
    edit(text, "board.yaml", {"kind": "paint", "symbol": "*", "cell": "1,1"})
    assert parsed.document_for(after, "other.yaml").file == "other.yaml"  # another file's name: parsed
    for number in range(parsed.KEPT + 2):
        edit(text, "board.yaml", {"kind": "paint", "symbol": "*", "cell": f"{number},1"})
    assert len(parsed._kept) == parsed.KEPT
    parsed.forget()


def _no_parse(monkeypatch: pytest.MonkeyPatch) -> None:
    from enemy_move.document.document import ScenarioDocument

    def refuse(*args: Any, **kwargs: Any) -> Any:
        raise AssertionError("the text was parsed again")

    monkeypatch.setattr(ScenarioDocument, "from_text", refuse)


def test_the_page_load_keeps_its_document_so_the_first_edit_and_the_forms_parse_nothing(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    from enemy_move.serve.app import Server, _form
    from enemy_move.serve.files import Folder

    text = (ROOT / "scenarios/gloomhaven/demo.yaml").read_text()
    (tmp_path / "demo.yaml").write_text(text)
    parsed.forget()
    expected, _ = edit(text, "demo.yaml", {"kind": "paint", "symbol": "*", "cell": "1,1"})
    parsed.forget()
    Server(Folder.at(str(tmp_path)))._render_page(text, "demo.yaml", None, "/board/demo.yaml")
    _no_parse(monkeypatch)
    assert "initiative" in _form({"text": text, "file": "demo.yaml", "what": "figure", "target": "A"})["html"]
    assert edit(text, "demo.yaml", {"kind": "paint", "symbol": "*", "cell": "1,1"}) == (expected, None)
    parsed.forget()


def test_the_next_rounds_text_is_kept_for_the_next_edit(monkeypatch: pytest.MonkeyPatch) -> None:
    from enemy_move.serve.board import Request, next_round

    text = (ROOT / "scenarios/gloomhaven/01-melee-approach.yaml").read_text()
    parsed.forget()
    after, _, _ = next_round(Request(text, "board.yaml"))
    assert after is not None and after != text
    parsed.forget()
    expected, _ = edit(after, "board.yaml", {"kind": "paint", "symbol": "*", "cell": "0,0"})
    parsed.forget()
    assert next_round(Request(text, "board.yaml"))[0] == after
    _no_parse(monkeypatch)
    assert edit(after, "board.yaml", {"kind": "paint", "symbol": "*", "cell": "0,0"}) == (expected, None)
    parsed.forget()


def test_a_forms_edit_saves_only_its_keys_not_a_copy_of_the_document(monkeypatch: pytest.MonkeyPatch) -> None:
    from enemy_move.document.document import ScenarioDocument

    text = (ROOT / "scenarios/gloomhaven/demo.yaml").read_text()
    parsed.forget()
    expected = [edit(text, "board.yaml", op)[0] for op in ({"kind": "set", "values": {"action.move": "4"}, "figure": ""},)]

    def refuse(self: Any) -> Any:
        raise AssertionError("the whole document was copied (80 s on a board of 1,000 areas)")

    monkeypatch.setattr(ScenarioDocument, "copy", refuse)
    after, message = edit(text, "board.yaml", {"kind": "set", "values": {"action.move": "4"}, "figure": ""})
    assert (after, message) == (expected[0], None) and "move: 4" in after
    assert edit(text, "board.yaml", {"kind": "set", "values": {"action.move": "2"}, "figure": ""})[1] == "nothing changed"
    parsed.forget()


def test_the_next_round_after_a_view_starts_from_its_answer(monkeypatch: pytest.MonkeyPatch) -> None:
    from enemy_move.serve import board

    text = (ROOT / "scenarios/gloomhaven/01-melee-approach.yaml").read_text()
    parsed.forget()
    expected = board.next_round(board.Request(text, "board.yaml"))
    assert expected[0] is not None and expected[0] != text
    parsed.forget()
    board.view(board.Request(text, "board.yaml"))
    with monkeypatch.context() as patch:
        patch.setattr(board, "resolve", lambda request: pytest.fail("the phase was resolved again"))
        assert board.next_round(board.Request(text, "board.yaml")) == expected
    # taken out when used; another text or other choices are resolved
    assert parsed.answer_for(text, "board.yaml", {}) is None
    board.view(board.Request(text, "board.yaml"))
    assert parsed.answer_for(text, "board.yaml", {"a": 1}) is None and parsed.answer_for(text, "other.yaml", {}) is None
    parsed.forget()


def _counted(calls: list[Any], real: Any) -> Any:
    """``real``, each call noted in ``calls``."""

    def counting(*args: Any, **given: Any) -> Any:
        calls.append(args)
        return real(*args, **given)

    return counting


def test_a_save_after_an_edit_parses_neither_the_file_nor_the_text(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """The file still holds the bytes the page's load read (its digest says so) and the server wrote the page's text:
    the save writes it over those bytes (byte-order mark kept) without reading either; a text it did not write is
    read first, as the loader would read the file (an invalid one: 422, nothing written), and a file changed on disk
    is refused (409)."""
    from enemy_move import loader
    from enemy_move.document.document import ScenarioDocument
    from enemy_move.serve.files import Folder, digest, forget_accepted, read_text
    from enemy_move.serve.saving import save

    text = starter("gloomhaven", "gloomhaven")
    (tmp_path / "b.yaml").write_bytes(b"\xef\xbb\xbf" + text.encode())
    parsed.forget()
    forget_accepted()
    assert read_text(Folder.at(tmp_path).resolve("b.yaml")) == text  # the page's load
    after, _ = edit(text, "b.yaml", {"kind": "paint", "symbol": "#", "cell": "1,1"})
    loads: list[Any] = []
    for name in ("load_file", "load_text"):
        monkeypatch.setattr(loader, name, _counted(loads, getattr(loader, name)))
    monkeypatch.setattr(ScenarioDocument, "from_text", _counted(loads, ScenarioDocument.from_text))
    status, answer = save(Folder.at(tmp_path), {"file": "b.yaml", "text": after, "base": digest(text)})
    assert status == 200 and answer["text"] == after and answer["base"] == digest(after) and not loads
    assert (tmp_path / "b.yaml").read_bytes() == b"\xef\xbb\xbf" + after.encode()
    status, answer = save(Folder.at(tmp_path), {"file": "b.yaml", "text": "ruleset: [", "base": digest(after)})
    assert status == 422 and "b.yaml" in answer["error"] and loads  # not the server's text: the loader read it
    assert (tmp_path / "b.yaml").read_bytes() == b"\xef\xbb\xbf" + after.encode()  # and nothing was written
    (tmp_path / "b.yaml").write_text(after + "# changed elsewhere\n")
    status, answer = save(Folder.at(tmp_path), {"file": "b.yaml", "text": after, "base": digest(after)})
    assert status == 409 and answer["conflict"] and (tmp_path / "b.yaml").read_text().endswith("elsewhere\n")
    parsed.forget()
    forget_accepted()


@pytest.mark.parametrize("comments", [False, True])
def test_an_undos_view_keeps_its_text_read_for_the_next_edit(comments: bool, monkeypatch: pytest.MonkeyPatch) -> None:
    """The page's undo sends its text before the last edit to be viewed: the view keeps that text's document read from
    libyaml's events, so the edit after the undo is not read again (where it writes next to a comment, ruamel reads
    the text, as for any text the server has not seen), and writes the same bytes as a fresh read."""
    from enemy_move.document.document import ScenarioDocument
    from enemy_move.serve.app import _view

    text = starter("agemonia", "agemonia")
    if not comments:  # as the generated boards of bench/editor_edits.py
        text = "".join(line for line in text.splitlines(keepends=True) if not line.lstrip().startswith("#"))
    parsed.forget()
    parsed.keep(text, "u.yaml", ScenarioDocument.from_text(text, "u.yaml", fast=True))  # the page's load
    after, _ = edit(text, "u.yaml", {"kind": "place_in_area", "label": "Z", "area": "A2"})
    assert after != text and not parsed.holds(text, "u.yaml")
    _view({"text": text, "file": "u.yaml"})  # undo
    assert parsed.holds(text, "u.yaml")
    reads: list[Any] = []
    monkeypatch.setattr(ScenarioDocument, "from_text", _counted(reads, ScenarioDocument.from_text))
    op = {"kind": "place_in_area", "label": "Z", "area": "A3"}
    kept, _ = edit(text, "u.yaml", op)
    assert reads == ([(text, "u.yaml")] if comments else [])  # ruamel's reading of the figures, next to comments
    parsed.forget()
    assert edit(text, "u.yaml", op)[0] == kept
    parsed.forget()


def test_a_view_of_a_text_no_edit_took_reads_nothing_more(monkeypatch: pytest.MonkeyPatch) -> None:
    """Views of texts no edit took (another phone's board, a shared link, the answers a page asks for) are not read
    again to be kept: only the resolve the view draws. That reading cost the demo's views a third of the server's
    answers a second (bench/serve_bench.py)."""
    from enemy_move.document.document import ScenarioDocument
    from enemy_move.serve.app import _view

    text = starter("agemonia", "agemonia")
    parsed.forget()
    reads: list[Any] = []
    monkeypatch.setattr(ScenarioDocument, "from_text", _counted(reads, ScenarioDocument.from_text))
    assert _view({"text": text, "file": "v.yaml"})["error"] is None
    assert not reads and not parsed.holds(text, "v.yaml")
    parsed.forget()


@pytest.mark.parametrize(
    "ops",
    [
        [{"kind": "links", "links": ["A1 -- A2", "A2 -- A3", "A1 -- A3"]}, {"kind": "links", "links": ["A1 -- A3"]}],
        [
            {"kind": "set", "figure": "s", "values": {"figures.s.name": "Skitterer the Great"}},  # past its comment
            {"kind": "set", "figure": "s", "values": {"figures.s.name": "Skit"}},
        ],
    ],
)
def test_a_kept_documents_end_of_line_comment_stays_where_the_text_has_it(ops: list[dict[str, Any]]) -> None:
    """An edit that pushes an end-of-line comment right, then one that shortens its line: the kept document writes the
    comment where the page's text has it, as a fresh reading of that text does (it went back to its first column)."""
    text = (
        "ruleset: agemonia\nareas:\n  A1: {capacity: 3}\n  A2: {capacity: 3}\n  A3: {capacity: 3}\n"
        "links: [A1 -- A2, A2 -- A3]   # the links\nfigures:\n"
        "  s: {side: enemy, name: Skitterer, area: A1}     # the enemy\n  L: {side: hero, name: Lunara, area: A3, taunt: 1}\n"
        "action: {move: 2, attack: {kind: melee}}\n"
    )
    texts = {}
    for kept in (False, True):
        parsed.forget()
        current, out = text, []
        for op in ops:
            if not kept:
                parsed.forget()
            current, message = edit(current, "c.yaml", op)
            assert message is None
            out.append(current)
        texts[kept] = out
    parsed.forget()
    assert texts[True] == texts[False]
    assert texts[True][0] != text


@pytest.mark.parametrize("collecting", [True, False])
def test_a_read_puts_its_objects_in_the_collectors_oldest_generation(collecting: bool) -> None:
    """The server's read (parsed.read) leaves the collector as it found it, nothing frozen, and the document's objects
    out of its young generations, which walked them all once (a fifth of an edit of 1,000 areas)."""
    import gc

    text = starter("agemonia", "agemonia")
    was = gc.isenabled()
    (gc.enable if collecting else gc.disable)()
    try:
        document = parsed.read(text, "g.yaml")
        young = [gc.get_objects(generation=0), gc.get_objects(generation=1)]
        assert gc.isenabled() is collecting and gc.get_freeze_count() == 0
    finally:
        (gc.enable if was else gc.disable)()
    mine = {id(document.data), id(document.data["areas"]), id(document.original.layout)}
    held = [id(item) for generation in young for item in generation if id(item) in mine]
    assert (held == []) is collecting  # read with the collector off (its caller's choice): as from_text left them


def test_a_next_round_imports_no_widget() -> None:
    """The page's first next round in a process imported the editor's widgets, textual and rich (60 ms) for a
    sentence's words (render.text.turn_words)."""
    import subprocess
    import sys

    script = (
        "import sys\n"
        "from enemy_move.serve import board\n"
        "from enemy_move.starters import starter\n"
        "text = starter('gloomhaven', 'gloomhaven')\n"
        "board.view(board.Request(text, 'n.yaml'))\n"
        "moved, need, said = board.next_round(board.Request(text, 'n.yaml'))\n"
        "assert moved is not None, said\n"
        "print(sorted(name for name in sys.modules if name.split('.')[0] in ('textual', 'rich') or 'editor.answer' in name))\n"
    )
    out = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True, check=True, cwd=ROOT).stdout
    assert out.strip() == "[]"
