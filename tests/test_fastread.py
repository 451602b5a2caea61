"""The tree read from libyaml's events (document/fastread.py, issue 34) is ruamel.yaml's round-trip tree without the
comments: the same node classes, values, quoting, flow or block style and line marks for every scenario file of the
project and of the shared suites. A document read that way refuses to write a part near what only ruamel writes
(comments, blank lines, folded blocks: NeedsRuamel), and the table page's edits then read the text with ruamel and
edit again: over random edit sequences of every game's starter, of scenario files and of hostile spellings, the texts
are the same bytes whether each edit's text was read by ruamel, read from the events, or kept from the last edit."""

from __future__ import annotations

import random
import re
from pathlib import Path
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from ruamel.yaml.comments import CommentedMap, CommentedSeq
from test_serve_parsed import area_ops, grid_ops

from enemy_move.document.document import ScenarioDocument
from enemy_move.document.fastread import read_tree
from enemy_move.document.nodes import NeedsRuamel, yaml_io
from enemy_move.errors import ScenarioError
from enemy_move.registry import games
from enemy_move.serve import board, parsed
from enemy_move.serve.board import BadRequest, edit
from enemy_move.starters import starter
from enemy_move.yaml_blocks import LINE_BREAK

ROOT = Path(__file__).resolve().parent.parent
SHARED = ROOT.parent / "shared" / "suites"
FILES = sorted((ROOT / "scenarios").rglob("*.yaml")) + sorted(SHARED.rglob("*.yaml"))


def _shape(node: Any, path: tuple[Any, ...] = (), out: dict[Any, Any] | None = None) -> dict[Any, Any]:
    """Every node's class, value (scalars), line marks and style, by path."""
    out = {} if out is None else out
    if isinstance(node, (CommentedMap, CommentedSeq)):
        style = node.fa.flow_style() if len(node) else None
        out[path] = (type(node).__name__, node.lc.line, node.lc.col, dict(node.lc.data or {}), style)
        for key, value in node.items() if isinstance(node, CommentedMap) else enumerate(node):
            out[(*path, key, "key")] = (type(key).__name__, repr(key))
            _shape(value, (*path, key), out)
    else:
        out[path] = (type(node).__name__, repr(node))
    return out


def test_the_tree_is_ruamels_reading_without_its_comments() -> None:
    read = 0
    for path in FILES:
        text = path.read_text(encoding="utf-8-sig")
        if "\t" in text or "\ufeff" in text:
            continue  # read through the writer's view: never from the events
        view = LINE_BREAK.sub("\n", text)
        try:
            ruamel = yaml_io((2, 4, 2)).load(view)
        except Exception:
            continue
        tree = read_tree(view)
        if tree is None:
            continue
        read += 1
        assert _shape(tree[0]) == _shape(ruamel), path
    assert read > 0.9 * len(FILES)  # nearly every file: the others are read by ruamel


@pytest.mark.parametrize(
    ("text", "unsure"),
    [
        ("a: 1\nb: 2\n", []),
        ("# head\na: 1\n", [0]),
        ("a: 1  # eol\nb: 2\n", [0]),
        ("a: 1\n\nb: 2\n", [1]),
        ("a: 1\n  \nb: 2\n", [1]),
        ("a: \"x # y\"\nb: '#'\nc: x#y\n", []),  # a # inside a scalar
        ("map: |\n  # # #\n  #   #\n\n  # # #\nb: 2\n", []),  # walls and a blank line of the map's text
        ("map: |\n  # #\n\nb: 2\n", [0]),  # a blank line after a block: ruamel keeps it as a comment
        ("d: >\n  folded\n  text\nb: 2\n", [0]),  # ruamel keeps where the lines were folded
        ("a: [1,\n  2]  # c\n", [1]),
    ],
)
def test_the_lines_only_ruamel_writes(text: str, unsure: list[int]) -> None:
    tree = read_tree(text)
    assert tree is not None and tree[1] == unsure


def test_what_the_events_do_not_carry_is_read_by_ruamel() -> None:
    assert read_tree("a: 2020-01-01\n") is None  # a timestamp to ruamel, a text to the loader
    assert read_tree("- 1\n- 2\n") is None  # not a mapping
    assert read_tree("a: !!str 1\n") is None  # a tag (the loader refuses it first)


def _hostile(text: str) -> list[tuple[str, str]]:
    """The spellings the hostile tests cover (tests/test_hostile_round6.py), applied to a scenario's text."""
    return [
        ("crlf", text.replace("\n", "\r\n")),
        ("bom", "\ufeff" + text),
        ("document end", text + "...\n"),
        ("no final break", text.rstrip("\n")),
        ("comments and blank lines", "# a file\n\n" + text.replace("\nfigures:", "\n\n# the figures\nfigures:  # all\n")),
        ("cr", text.replace("\n", "\r")),
        (
            "mixed indentation",
            re.sub(r"(\nfigures:.*\n)((?:  .*\n)+)", lambda found: found[1] + re.sub("^(?=.)", "  ", found[2], flags=re.M), text),
        ),
    ]


def _texts() -> list[tuple[str, str]]:
    found = []
    for game in games():
        if game.starter:
            text = starter(game.name, game.default_variant)
            found += [(f"{game.name} starter", text)] + [(f"{game.name} {name}", spelled) for name, spelled in _hostile(text)]
    picked = [path for path in FILES if "invalid" not in str(path)]
    found += [(str(path), path.read_text(encoding="utf-8-sig")) for path in picked[:: max(1, len(picked) // 40)]]
    return found


TEXTS = _texts()


def _ops(text: str, seed: int) -> list[dict[str, Any]]:
    rng = random.Random(seed)
    document = ScenarioDocument.from_text(text)
    if document.board_kind == "areas":
        ops = area_ops(rng)
        areas = list(document.get("areas") or {}) or ["A1"]
        for op in ops:  # areas of this file
            if op["kind"] == "place_in_area":
                op["area"] = rng.choice(areas + ["N1"])
            elif op["kind"] == "links" and len(areas) > 1:
                op["links"] = [*(document.get("links") or [])[: rng.randrange(4)], f"{areas[0]} -- {areas[-1]}"]
        return ops
    try:
        return grid_ops(rng, *document.size)
    except Exception:  # no map text: the set form only
        return [{"kind": "set", "values": {"action.move": str(rng.randrange(1, 5))}, "figure": ""}]


def _run(
    text: str, ops: list[dict[str, Any]], monkeypatch: pytest.MonkeyPatch, *, ruamel: bool, kept: bool
) -> list[tuple[str, str | None]]:
    """The texts of the edits ``ops`` made one after the other, each edit's text read by ruamel or from the events
    (what the server does), or (``kept``) its document the one the last edit left when it has its text."""
    with monkeypatch.context() as patch:
        if ruamel:
            exact = ScenarioDocument.from_text.__func__  # type: ignore[attr-defined]
            patch.setattr(ScenarioDocument, "from_text", classmethod(lambda cls, text, file="<text>", **given: exact(cls, text, file)))
        out = []
        for op in ops:
            if not kept:
                parsed.forget()
            try:
                text, message = edit(text, "board.yaml", op)
            except BadRequest as error:
                message = f"refused: {error}"
            out.append((text, message))
        parsed.forget()
        return out


@settings(max_examples=60, deadline=None)
@given(st.sampled_from(TEXTS), st.integers(0, 10_000))
def test_random_edits_give_ruamels_bytes(named: tuple[str, str], seed: int) -> None:
    name, text = named
    try:
        ops = _ops(text, seed)
    except ScenarioError:
        return  # a text ruamel does not rewrite: the page says so whichever way it is read
    with pytest.MonkeyPatch.context() as monkeypatch:
        # each edit's text read afresh, then the documents kept from edit to edit (which may differ from the fresh
        # reading: a kept tree keeps the indentation guessed from the text first read; its end-of-line comments take
        # the columns of each text written, document/comments.py, tests/test_serve_parsed.py)
        for kept in (False, True):
            assert _run(text, ops, monkeypatch, ruamel=False, kept=kept) == _run(text, ops, monkeypatch, ruamel=True, kept=kept), name


_BLOCK_LINKS = """ruleset: agemonia
areas:
  A1: {capacity: 3}
  A2: {capacity: 3}
  A3: {capacity: 3}
links:
  - A1 -- A2
  - A2 -- A3
figures:
  s: {side: enemy, name: Skitterer, area: A1}
  L: {side: hero, name: Lunara, area: A3}
action: {move: 2, attack: {kind: melee}}
"""


def _edited(text: str, change: Any) -> str:
    """``change`` made on ruamel's reading of ``text``: its text."""
    document = ScenarioDocument.from_text(text)
    change(document)
    return document.text()


@pytest.mark.parametrize(
    ("where", "needs_ruamel"),
    [
        ("  # who is where\n  s:", True),  # in the section rewritten
        ("\n# who is where\nfigures:", False),  # before it: kept where it is (ruamel's reading may count it to figures)
        ("\n\nfigures:", False),  # a blank line before it
    ],
)
def test_an_edit_near_a_comment(where: str, needs_ruamel: bool) -> None:
    text = _BLOCK_LINKS.replace("  s:", where, 1) if where.startswith("  ") else _BLOCK_LINKS.replace("\nfigures:", where, 1)
    area = next(iter(ScenarioDocument.from_text(text).get("areas")))
    fast = ScenarioDocument.from_text(text, fast=True)
    assert fast.fast
    fast.place_in_area("Z", area)
    expected = _edited(text, lambda document: document.place_in_area("Z", area))
    if needs_ruamel:
        with pytest.raises(NeedsRuamel):
            fast.text()
    else:
        assert fast.text() == expected
    parsed.forget()
    assert edit(text, "board.yaml", {"kind": "place_in_area", "label": "Z", "area": area}) == (expected, None)
    parsed.forget()


@pytest.mark.parametrize("change", ["drop figures", "a key put before it"])
def test_a_section_that_comes_or_goes_after_a_comment_needs_ruamel(change: str) -> None:
    # ruamel may count the comment before `figures:` to it: it goes with it, and a new key goes before it
    text = _BLOCK_LINKS.replace("\nfigures:", "\n# who is where\nfigures:", 1)
    fast = ScenarioDocument.from_text(text, fast=True)
    if change == "drop figures":
        fast.delete("figures")
    else:
        fast.set("legend", {"x": "hazard"})  # between links and figures
    assert list(fast)[-3:] == ["legend", "figures", "action"] or change == "drop figures"
    with pytest.raises(NeedsRuamel):
        fast.text()


def test_the_links_form_keeps_a_block_list_a_block_list() -> None:
    parsed.forget()
    after, message = edit(_BLOCK_LINKS, "board.yaml", {"kind": "links", "links": ["A1 -- A2", "A2 -- A3", "A1 -- A3"]})
    assert (after, message) == (_BLOCK_LINKS.replace("  - A2 -- A3\n", "  - A2 -- A3\n  - A1 -- A3\n"), None)
    flow = starter("agemonia", "agemonia")
    after, message = edit(flow, "board.yaml", {"kind": "links", "links": ["A1 -- A2", "A2 -- A3", "A1 -- A3"]})
    assert "links: [A1 -- A2, A2 -- A3, A1 -- A3]" in after  # a flow list stays one
    parsed.forget()


def test_the_next_round_changes_the_kept_document_without_copying_it(monkeypatch: pytest.MonkeyPatch) -> None:
    from enemy_move.editor.session import Session

    for path in ("scenarios/gloomhaven/01-melee-approach.yaml", "scenarios/agemonia/ag1-move-one.yaml"):
        text = (ROOT / path).read_text()
        session = Session(ScenarioDocument.from_text(text), "board.yaml", saved_text=text)
        request = board.Request(text, "board.yaml")
        result, _ = board.resolve(request)
        assert result is not None and session.follow(result)
        parsed.forget()
        with monkeypatch.context() as patch:
            patch.setattr(ScenarioDocument, "copy", lambda self: pytest.fail("the document was copied"))
            after, _, _ = board.next_round(request)
        assert after == session.text() != text, path
    parsed.forget()
