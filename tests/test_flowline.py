"""A child of one flow line changed without ruamel (document/flowline.py, issue 34): the line is ruamel's own for the
values it takes on (random values compared with ruamel's writing), and a next round that moves many figures gives the
whole-tree writer's bytes, with the user's spellings that flowline leaves to the usual writer."""

from __future__ import annotations

import random
from dataclasses import replace
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from ruamel.yaml.comments import CommentedMap, CommentedSeq
from ruamel.yaml.scalarint import ScalarInt

from enemy_move.document import flowline
from enemy_move.document.document import ScenarioDocument
from enemy_move.document.nodes import dump, plain

WORDS = st.one_of(
    st.from_regex(r"[A-Za-z][A-Za-z0-9_]{0,6}", fullmatch=True),
    st.sampled_from(["y", "n", "yes", "No", "on", "OFF", "null", "True", "FALSE", "nan", "inf", "R12", "t0"]),
)
SCALARS = st.one_of(
    WORDS,
    st.integers(-1000, 10**6),
    st.booleans(),
    st.builds(lambda value, width: ScalarInt(value, width=width), st.integers(0, 999), st.sampled_from([None, 1, 3, 5])),
)


def _flow(value: Any) -> Any:
    node: Any
    if isinstance(value, dict):
        node = CommentedMap(value)
        node.fa.set_flow_style()
        return node
    if isinstance(value, list):
        node = CommentedSeq(value)
        node.fa.set_flow_style()
        return node
    return value


NODES = st.recursive(
    SCALARS,
    lambda inner: st.one_of(
        st.lists(inner, min_size=1, max_size=4).map(_flow), st.dictionaries(WORDS, inner, min_size=1, max_size=4).map(_flow)
    ),
    max_leaves=10,
)


@settings(max_examples=300, deadline=None)
@given(WORDS, NODES)
def test_the_line_is_ruamels(key: str, node: Any) -> None:
    written = flowline.line(key, node, 2)
    wrapper = CommentedMap({"x": CommentedMap({key: node})})
    ruamels = dump(wrapper, (2, 4, 2))
    if written is not None:
        assert f"x:\n{written}\n" == ruamels
    elif _depth(node) <= flowline.MAX_DEPTH:  # else only the words ruamel quotes are left to it
        assert "'" in ruamels or '"' in ruamels


def _depth(node: Any) -> int:
    items = node.values() if isinstance(node, dict) else node if isinstance(node, list) else None
    return 0 if items is None else 1 + max(_depth(item) for item in items)


def test_common_figure_lines_are_certain() -> None:
    node = _flow({"side": "enemy", "area": "R12", "type": "t0", "number": ScalarInt(0, width=1), "at": _flow([41, 28]), "fly": True})
    assert flowline.line("y", node, 2) == "  y: {side: enemy, area: R12, type: t0, number: 0, at: [41, 28], fly: true}"


def _board(rng: random.Random) -> str:
    """An Agemonia board whose figures' lines are spelled as ruamel writes them, or otherwise (left to ruamel)."""
    areas = "".join(f"  R{n}: {{capacity: 4, height: 0, trap: false}}\n" for n in range(40))
    links = "".join(f"  - R{n} -- R{n + 1}\n" for n in range(39))
    spellings = [
        "  {label}: {{side: enemy, area: R{area}, type: t{kind}, number: {number}}}\n",
        "  {label}: {{side: enemy,area: R{area}, type: t{kind}, number: {number}}}\n",
        "  {label}: {{ side: enemy, area: 'R{area}', type: t{kind}, number: {number} }}\n",
        "  {label}: {{side: enemy, area: R{area}, type: t{kind}, number: {number}}}   # a note\n",
        "  {label}: {{side: enemy, area: R{area}, type: t{kind}, number: {number}, conditions: [slowed]}}\n",
    ]
    figures = "  H: {side: hero, area: R39, taunt: 1}\n" + "".join(
        rng.choice(spellings).format(label=label, area=index + rng.randrange(3), kind=rng.randrange(2), number=index + 1)
        for index, label in enumerate("abcdefghijklmnopqrstuvwxyz")
    )
    return (
        "ruleset: agemonia\nareas:\n"
        + areas
        + "links:\n"
        + links
        + "sight: {default: open}\nfigures:\n"
        + figures
        + "action: {move: 3, attack: {kind: ranged, range: 3}}\n"
    )


def whole_tree_text(document: ScenarioDocument) -> str:
    original = replace(document.original, layout=None, known_base=None)
    return ScenarioDocument(document.data, file=document.file, original=original, indent=document.indent).text()


def test_a_next_round_gives_the_whole_tree_writers_bytes(monkeypatch: pytest.MonkeyPatch) -> None:
    from enemy_move.serve import board

    rng = random.Random(34)
    hits = 0
    counted = flowline.rewritten

    def counting(*args: Any) -> str | None:
        nonlocal hits
        line = counted(*args)
        hits += line is not None
        return line

    monkeypatch.setattr(flowline, "rewritten", counting)
    for round_ in range(6):
        text = _board(rng)
        if round_ % 2:
            text = text.replace("   # a note", "")
        result, error = board.resolve(board.Request(text, "b.yaml"))
        assert result is not None, error
        for fast in (False, "#" not in text):  # libyaml's reading of a commented text is left to ruamel's (NeedsRuamel)
            document = ScenarioDocument.from_text(text, "b.yaml", fast=fast)
            document.after_phase(result, in_place=True)
            written = document.text()
            assert written == whole_tree_text(document)
            assert repr(plain(ScenarioDocument.from_text(written, "b.yaml").data)) == repr(plain(document.data))
    assert hits  # the figures spelled as ruamel writes them took the short way
