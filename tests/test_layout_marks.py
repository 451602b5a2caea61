"""A section's children's lines (layout.Section.shape) are worked out from ruamel's marks when the section is first
written, not at each read (document/marks.py, issue 34: 2 ms for 6,875 links at each read of a text not seen). After
any edit of the tree they are what they were at the read, and a document whose shapes are worked out late writes the
same bytes as one whose shapes were worked out at once: every scenario file (read from libyaml's events and by
ruamel) and damaged ones, each edited at random (children added, dropped, changed) in every block collection."""

from __future__ import annotations

import random
from typing import Any

from ruamel.yaml.comments import CommentedMap, CommentedSeq
from test_loader_fast import damaged
from test_onepass import FILES, MORE_SIGNS

from enemy_move.document.document import ScenarioDocument
from enemy_move.errors import ScenarioError


def _read(text: str, fast: bool) -> ScenarioDocument | None:
    try:
        return ScenarioDocument.from_text(text, "marks.yaml", fast=fast)
    except ScenarioError:
        return None


def _shapes(document: ScenarioDocument) -> list[Any] | None:
    layout = document.original.layout
    return None if layout is None else [section.shape for section in layout.sections]


def _edit(document: ScenarioDocument, seed: int) -> None:
    """The same random edits for the same seed: in each block collection at the top, a child added (anywhere),
    one dropped, one changed."""
    rng = random.Random(seed)
    for key in list(document.data):
        node = document.data[key]
        if not isinstance(node, (CommentedMap, CommentedSeq)) or not node or rng.random() < 0.3:
            continue
        at = rng.randrange(len(node) + 1)
        if isinstance(node, CommentedMap):
            node.insert(at, f"new{seed}", f"value {seed}")
            keys = list(node)
            del node[keys[rng.randrange(len(keys))]]
            if node:
                node[list(node)[rng.randrange(len(node))]] = rng.choice([7, "seven", True, None])
        else:
            node.insert(at, f"item {seed}")
            del node[rng.randrange(len(node))]
            if node:
                node[rng.randrange(len(node))] = rng.choice([7, "seven", True, None])


def _text(document: ScenarioDocument) -> str:
    try:
        return document.text()
    except Exception as error:  # NeedsRuamel (a fast tree near a comment), the writer's refusals: the same either way
        return f"{type(error).__name__}: {error}"


def _same_either_way(text: str, fast: bool, seed: int) -> bool:
    """The shapes after the edit are those of the read, and the bytes written the same, worked out late or at once."""
    late, early = _read(text, fast), _read(text, fast)
    if late is None or early is None:
        return False
    at_read = _shapes(early)  # worked out at once, before any edit
    _edit(late, seed)
    _edit(early, seed)
    assert _shapes(late) == at_read, text
    assert _text(late) == _text(early), text
    return at_read is not None and any(shape[0] is not None for shape in at_read)


def test_every_file_writes_the_same_with_its_shapes_worked_out_late() -> None:
    texts = [path.read_text(encoding="utf-8", errors="replace") for path in FILES]
    shaped = sum(_same_either_way(text, True, seed) for seed, text in enumerate(texts))
    shaped += sum(_same_either_way(text, False, seed) for seed, text in enumerate(texts[::4]))
    assert shaped > len(texts) // 2  # most files have block collections whose children's lines are known


def test_damaged_files_write_the_same_with_their_shapes_worked_out_late() -> None:
    rng = random.Random(9401)
    sources = [text for path in FILES if len(text := path.read_text(encoding="utf-8", errors="replace")) < 4000]
    shaped = 0
    for seed in range(300):
        text = damaged(rng, rng.choice(sources), [*MORE_SIGNS, "  # c\n", "&a ", "*a", "{x: 1}", "[1, 2]", "\t"], (0.6, 0.85))
        shaped += _same_either_way(text, rng.random() < 0.7, seed)
    assert shaped > 50
