"""The writer writes out only the parts an edit changed (document/layout.py, issue 34): the same bytes as the
whole-tree writer (ruamel's text of the whole document, spliced into the file: the writer before it, kept here as
the document without a layout), over random edit sequences of every game's starter and of scenario files; after a
save or a settle (the server's kept document) too; and the cases its layout must get right (comments ruamel keeps
with the next key, a file without a final line break, CRLF, a file it has no layout for)."""

from __future__ import annotations

import contextlib
from dataclasses import replace
from pathlib import Path
from typing import Any

from hypothesis import given, settings
from hypothesis import strategies as st

from enemy_move.document.document import EditError, ScenarioDocument
from enemy_move.document.nodes import plain
from enemy_move.editor.session import Session
from enemy_move.loader import load_text
from enemy_move.registry import games
from enemy_move.starters import starter

ROOT = Path(__file__).resolve().parent.parent


def whole_tree_text(document: ScenarioDocument) -> str:
    """The text the whole-tree writer gives for the document (its layout taken away)."""
    original = replace(document.original, layout=None, known_base=None)
    return ScenarioDocument(document.data, file=document.file, original=original, indent=document.indent).text()


def _texts() -> list[tuple[str, str]]:
    found = [(f"{game.name}-{variant}", starter(game.name, variant)) for game in games() if game.starter for variant in game.variants]
    files = sorted((ROOT / "scenarios").rglob("*.yaml"))
    found += [
        (str(path), path.read_text(encoding="utf-8-sig")) for path in files[:: max(1, len(files) // 40)] if "invalid" not in str(path)
    ]
    return found


TEXTS = _texts()


def _leaves(data: Any, path: tuple[Any, ...] = ()) -> list[tuple[tuple[Any, ...], Any]]:
    out: list[tuple[tuple[Any, ...], Any]] = [(path, data)] if path else []
    items = data.items() if isinstance(data, dict) else enumerate(data) if isinstance(data, list) else []
    for key, value in items:
        out += _leaves(value, (*path, key))
    return out


def _changed(value: Any) -> Any:
    if isinstance(value, bool):
        return not value
    if isinstance(value, int):
        return value + 1
    if isinstance(value, str):
        return value + "x"
    if isinstance(value, list):
        return value[:-1]
    return {"k": 1}


def _edit(session: Session, draw: Any) -> None:
    """One edit a person could make: a value changed or deleted, a cell painted, a figure placed or removed, an area
    or a link added, undo, redo."""
    doc = session.doc
    kind = draw(st.integers(0, 6))
    leaves = [(path, value) for path, value in _leaves(plain(doc.data)) if path[0] != "ruleset"]
    if kind == 0 and leaves:
        path, value = draw(st.sampled_from(leaves))
        dotted = ".".join(str(part) for part in path)
        session.edit(lambda: doc.set(dotted, _changed(value)), "set", (dotted,))
    elif kind == 1 and leaves:
        dotted = ".".join(str(part) for part in draw(st.sampled_from(leaves))[0])
        session.edit(lambda: doc.delete(dotted), "delete", (dotted,))
    elif kind == 2:
        session.undo()
    elif kind == 3:
        session.redo()
    elif doc.board_kind in ("hex", "square"):
        cols, rows = doc.size
        cell = (draw(st.integers(0, max(cols - 1, 0))), draw(st.integers(0, max(rows - 1, 0))))
        if kind == 4:
            session.paint(draw(st.sampled_from(".#*~")), cell)
        elif kind == 5:
            session.place(draw(st.sampled_from("AaBZ7")), cell)
        else:
            session.remove_figure(draw(st.sampled_from(doc.labels() or ["A"])))
    else:
        areas = list(doc.get("areas") or {}) or ["A1"]
        if kind == 4:
            session.place_in_area(draw(st.sampled_from("AaBZ7")), draw(st.sampled_from(areas)))
        elif kind == 5:
            session.set_key(f"areas.N{draw(st.integers(0, 3))}", {"capacity": 2})
        else:
            links = doc.get("links") or []
            session.set_key("links", links[:-1] if draw(st.booleans()) else [*links, f"{areas[0]} -- N0"])


@settings(max_examples=80, deadline=None)
@given(st.sampled_from(TEXTS), st.data())
def test_random_edits_give_the_whole_tree_writers_bytes(named: tuple[str, str], data: st.DataObject) -> None:
    name, text = named
    document = ScenarioDocument.from_text(text, name)
    assert document.original.layout is not None and document.text() == text
    session = Session(document, name, saved_text=text)
    for _ in range(data.draw(st.integers(1, 8))):
        with contextlib.suppress(EditError):  # an edit refused (a cell off the map...): the document as it was
            _edit(session, data.draw)
        written = session.doc.text()
        assert written == whole_tree_text(session.doc), name
        if data.draw(st.integers(0, 3)) == 0:  # settle (the server's kept document): the next edit starts from this text
            session.doc.settle(written)
            fresh = ScenarioDocument.from_text(written, name)
            assert session.doc.text() == written == fresh.text()


def test_a_comment_ruamel_keeps_with_the_next_key_is_written_once() -> None:
    text = starter("agemonia", "agemonia")
    document = ScenarioDocument.from_text(text)
    assert "# active: s" in text and document.data.ca.items.get("action")  # ruamel holds it before `action`
    document.set("action.move", 5)
    assert document.text().count("# active: s") == 1
    assert document.text() == text.replace("move: 2,", "move: 5,", 1)
    document.set("figures.G", {"side": "hero"})  # a new last figure: after the comment, as ruamel writes it
    document.set("figures.G.area", "A1")
    assert document.text() == whole_tree_text(document)


def test_line_ends_and_the_final_line_break_are_kept() -> None:
    demo = (ROOT / "scenarios/gloomhaven/demo.yaml").read_text(encoding="utf-8")
    for text in (demo.replace("\n", "\r\n"), demo.rstrip("\n"), demo + "\n\n"):
        document = ScenarioDocument.from_text(text)
        assert document.original.layout is not None
        document.set("expect.focus", ["B"])  # the last key
        document.set("action.move", 5)
        assert document.text() == whole_tree_text(document)
        assert load_text(document.text(), "f").data["expect"]["focus"] == ["B"]


def test_a_file_whose_lines_ruamel_reads_otherwise_is_written_whole() -> None:
    demo = (ROOT / "scenarios/gloomhaven/demo.yaml").read_text(encoding="utf-8")
    document = ScenarioDocument.from_text(demo.replace("ruleset: gloomhaven", "ruleset:\tgloomhaven"))
    assert document.original.layout is None  # a tab after a colon: ruamel reads a rewritten view of the text
    document.set("action.move", 5)
    assert "ruleset:\tgloomhaven" in document.text() and "move: 5" in document.text()


def test_a_large_board_writes_only_the_changed_part() -> None:
    areas = "".join(f"  R{n}: {{capacity: 2}}\n" for n in range(300))
    links = "".join(f"  - R{n} -- R{n + 1}\n" for n in range(299))
    text = f"ruleset: agemonia\nareas:\n{areas}links:\n{links}figures:\n  a: {{side: enemy, area: R1}}\naction: {{move: 2}}\n"
    document = ScenarioDocument.from_text(text)
    layout = document.original.layout
    assert layout is not None and [section.kind for section in layout.sections] == [None, "map", "seq", "map", None]
    document.place_in_area("a", "R7")
    document.set("areas.R3.capacity", 4)
    document.data["links"][5] = "R0 -- R9"  # an item changed in place (the editor's links dialog)
    written = document.text()
    assert written == whole_tree_text(document)
    assert written == text.replace("area: R1", "area: R7").replace("R3: {capacity: 2}", "R3: {capacity: 4}").replace(
        "- R5 -- R6", "- R0 -- R9"
    )
    document.settle(written)
    assert document.original.layout is not None and document.original.layout.sections[1].children == layout.sections[1].children
