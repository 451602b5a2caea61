"""The area list keeps each area's facts and reads them again only for the areas an edit touched (issue 34): a
shortcut, checked against a whole reading after each of many seeded random edits, undos and redos."""

from __future__ import annotations

import random
from pathlib import Path

import pytest

pytest.importorskip("textual")

from test_editor import session_for  # noqa: E402

from enemy_move.editor.areas import AreaFacts, area_lines  # noqa: E402


@pytest.mark.parametrize("seed", range(4))
def test_the_facts_kept_are_the_facts_read_afresh(tmp_path: Path, seed: int, monkeypatch: pytest.MonkeyPatch) -> None:
    from enemy_move.game import Game

    reads = {"kept": 0, "afresh": 0}
    counting = ["kept"]
    read = Game.area_facts

    def counted(self: Game, area: object) -> str:
        reads[counting[0]] += 1
        return read(self, area)

    monkeypatch.setattr(Game, "area_facts", counted)
    rng = random.Random(seed)
    session = session_for(str(tmp_path / "a.yaml"), ruleset="agemonia")
    facts = AreaFacts()
    for step in range(150):
        names = [str(name) for name in session.doc.data.get("areas") or {}]
        area = rng.choice(names) if names else "A1"
        roll = rng.random()
        if roll < 0.3:
            key = rng.choice(["capacity", "height", "trap"])
            value = {"capacity": rng.randint(1, 4), "height": rng.choice([None, 1, 2]), "trap": rng.choice([None, True])}[key]
            session.set_key(f"areas.{area}.{key}", value)
        elif roll < 0.4:
            session.set_key(f"areas.N{step}", {"capacity": rng.randint(1, 4), "trap": True})
        elif roll < 0.45 and len(names) > 1 and area not in session.doc.positions().values():
            session.set_key(f"areas.{area}", None)
        elif roll < 0.55:
            session.write_form({f"areas.{area}.height": rng.choice([None, 1, 3]), f"areas.{area}.capacity": 2}, None, "form")
        elif roll < 0.65:
            session.place_in_area(rng.choice("AbCd"), area)
        elif roll < 0.72 and len(names) > 1:
            session.add_link(f"{area} -- {rng.choice(names)}") if area != names[0] else None
        elif roll < 0.86:
            session.undo()
        else:
            session.redo()
        counting[0] = "kept"
        shown = area_lines(session, None, None, None, facts)
        counting[0] = "afresh"
        assert [line.plain for line in shown] == [line.plain for line in area_lines(session, None, None)]
    assert reads["kept"] < reads["afresh"] / 2  # the facts were kept from edit to edit (not read afresh every time)
