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
