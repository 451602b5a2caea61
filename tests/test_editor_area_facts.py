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


@pytest.mark.parametrize("seed", range(3))
def test_the_rows_kept_are_the_rows_read_afresh(tmp_path: Path, seed: int, monkeypatch: pytest.MonkeyPatch) -> None:
    """area_rows keeps each area's key and, when the width, the marks, the figures and the selection are unchanged,
    skips the areas whose facts and borders did not change (a shortcut): after each of many seeded random edits,
    selections and answers shown, the rows and the width are those of a whole reading, each area's width counted
    without drawing it is its line's, and the areas left alone were skipped most of the time."""
    from types import SimpleNamespace

    from enemy_move.editor import areas
    from enemy_move.editor.areas import _area_line, _line_width, area_rows

    looked_at = [0]
    figures = areas._figures

    def counted(labels: list[str], turn: object) -> object:
        looked_at[0] += 1
        return figures(labels, turn)  # type: ignore[arg-type]

    monkeypatch.setattr(areas, "_figures", counted)
    rng = random.Random(seed)
    session = session_for(str(tmp_path / "a.yaml"), ruleset="agemonia")
    for n in range(4, 40):
        session.set_key(f"areas.A{n}", {"capacity": rng.randint(1, 4)})
    kept: dict[object, object] = {}
    facts = AreaFacts()
    looks = areas_now = 0
    turn = None
    seen: dict[str, bool] | None = None
    for step in range(200):
        names = [str(name) for name in session.doc.data.get("areas") or {}]
        area = rng.choice(names)
        roll = rng.random()
        if roll < 0.15:
            session.set_key(f"areas.{area}.trap", rng.choice([None, True]))
        elif roll < 0.22:
            session.set_key(f"areas.{'LongName' if rng.random() < 0.3 else 'N'}{step}", {"capacity": 2})
        elif roll < 0.3:
            session.place_in_area(rng.choice("AbCd"), area)
        elif roll < 0.45:
            session.add_link(f"{area} {rng.choice(['--', '==', '||'])} {rng.choice(names)}") if area != names[0] else None
        elif roll < 0.55:
            session.undo()
        elif roll < 0.6:
            session.redo()
        elif roll < 0.75:
            session.area = rng.choice(names)
        elif roll < 0.8:
            # sight mode's marks on or off (they are part of what a kept row shows)
            seen = {label: rng.random() < 0.5 for label in rng.sample("AbCd", rng.randint(0, 4))} if rng.random() < 0.7 else None
        elif roll < 0.85:
            path = [rng.choice(names) for _ in range(3)]
            turn = SimpleNamespace(actor=rng.choice("AbCd"), focus=[rng.choice("AbCd")], options=[SimpleNamespace(path=path, to=path[-1])])
        else:
            turn = None
        counted_before = looked_at[0]
        rows, width = area_rows(session, turn, 0, kept, facts, seen)  # type: ignore[arg-type]
        kept_looks, looked_at[0] = looked_at[0] - counted_before, counted_before
        looks += kept_looks
        fresh, fresh_width = area_rows(session, turn, 0, seen=seen)  # type: ignore[arg-type]
        areas_now += len(rows) - 2
        assert [_area_line(*row) if isinstance(row, tuple) else row for row in rows] == [
            _area_line(*row) if isinstance(row, tuple) else row for row in fresh
        ]
        assert width == fresh_width == max(line.cell_len for line in (_area_line(*row) if isinstance(row, tuple) else row for row in rows))
        assert all(_line_width(*row) == _area_line(*row).cell_len for row in rows if isinstance(row, tuple))
    assert looks < areas_now / 2  # most areas were not looked at again (the shortcut was taken)
