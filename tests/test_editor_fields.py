"""The editor's forms as one widget (issue 34, editor/fieldview.py): a value edited in place with the keys of an
input, yes/no fields flipped with Space, the choice offered as you type, the form screen kept from one form to
the next, the footer drawn once, and a board that repaints only the rows an edit changed."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

pytest.importorskip("textual")

from test_editor import copy_scenario, press, run_editor, session_for  # noqa: E402
from textual.geometry import Region  # noqa: E402

from enemy_move.editor.app import EditorScreen  # noqa: E402
from enemy_move.editor.board import BoardView  # noqa: E402
from enemy_move.editor.fieldview import FieldsView, LineEdit  # noqa: E402
from enemy_move.editor.forms import FormScreen  # noqa: E402
from enemy_move.editor.keysline import KeysLine  # noqa: E402


def edited(text: str, *keys: str, select_all: bool = False) -> tuple[str, int, tuple[int, int]]:
    edit = LineEdit(text)
    if select_all:
        edit.select_all()
    for key in keys:
        if not edit.key(key):
            edit.insert(key)
    return edit.text, edit.cursor, edit.selection


def test_line_edit_keys_as_an_input() -> None:
    # the whole value selected (a field just focused): what is typed replaces it, Backspace empties it
    assert edited("15", "4", "0", select_all=True) == ("40", 2, (2, 2))
    assert edited("15", "backspace", "backspace", "4", select_all=True) == ("4", 1, (1, 1))
    # ← and → end the selection at its start or end; then they move the cursor
    assert edited("abc", "left", "x", select_all=True) == ("xabc", 1, (1, 1))
    assert edited("abc", "right", "left", "x", select_all=True) == ("abxc", 3, (3, 3))
    assert edited("abc", "home", "delete", "ctrl+e", "!") == ("bc!", 3, (3, 3))
    assert edited("abc", "ctrl+a", "ctrl+d", "end", "ctrl+d") == ("bc", 2, (2, 2))
    assert edited("Bandit Guard", "ctrl+w") == ("Bandit ", 7, (7, 7))
    assert edited("Bandit Guard", "left", "left", "ctrl+u") == ("rd", 0, (0, 0))
    assert edited("Bandit Guard", "home", "ctrl+right", "x") == ("Bandit xGuard", 8, (8, 8))
    assert edited("Bandit Guard", "ctrl+left", "x") == ("Bandit xGuard", 8, (8, 8))
    assert edited("abcd", "shift+left", "shift+left", "x") == ("abx", 3, (3, 3))
    assert edited("abcd", "shift+home", "backspace") == ("", 0, (0, 0))
    assert edited("", "backspace", "left", "delete") == ("", 0, (0, 0))
    assert not LineEdit("a").key("f5")


def _drawn(view: FieldsView) -> list[str]:
    return [view.render_line(y).text for y in range(view.scrollable_content_region.height)]


def test_the_figure_form_is_one_widget_edited_in_place(tmp_path: Path) -> None:
    path = copy_scenario(tmp_path, "gloomhaven/demo.yaml")

    async def script(pilot: Any, screen: EditorScreen) -> None:
        screen.session.move_cursor((5, 1))  # the Spellweaver, B, initiative 15
        await press(pilot, "enter")
        form = pilot.app.screen
        assert isinstance(form, FormScreen)
        view = form.query_one(FieldsView)
        assert len(form.query("*")) == 2 and form.focused is view  # the board beside it and the fields: no widget per field
        lines = _drawn(view)
        assert [line.rstrip() for line in lines[:6]] == ["Figure B", "Enter apply · Esc close · Tab next", "", "initiative", "15", "name"]
        assert any(line.startswith("▐X▌ elite: no") for line in lines)
        assert any(line.startswith("kind (character, summon, monster,") for line in lines)  # a long label wraps
        await press(pilot, "4", "0")  # the value was selected with the focus: replaced
        assert view.text_of(0) == "40" and _drawn(view)[4].startswith("40")
        await press(pilot, "tab", "tab", "space")  # name, elite: on
        assert "▐X▌ elite: yes" in "".join(_drawn(view))
        await press(pilot, "shift+tab", "ctrl+u", *"Ti", "right")  # back to the name: the Tinkerer offered, → takes it
        assert view.text_of(1) == "Tinkerer"
        await press(pilot, "up", "up")  # ↑ from the first field: round to the last one (acts alone)
        assert form.fields[view.focus_index].key == "active"
        await press(pilot, "enter")
        doc = screen.session.doc
        assert (doc.get("figures.B.initiative"), doc.get("figures.B.name"), doc.get("figures.B.elite")) == (40, "Tinkerer", True)
        await press(pilot, "ctrl+z")  # the form was one undo step
        assert (doc.get("figures.B.initiative"), doc.get("figures.B.name"), doc.get("figures.B.elite")) == (15, "Spellweaver", None)

    run_editor(session_for(path), script)


def test_the_form_screen_is_kept_and_shows_the_next_form_whole(tmp_path: Path) -> None:
    path = copy_scenario(tmp_path, "gloomhaven/demo.yaml")

    async def script(pilot: Any, screen: EditorScreen) -> None:
        kept = screen.kept_form()
        assert kept.view() is not None  # composed while the editor waited for its first key
        screen.session.move_cursor((5, 1))
        await press(pilot, "enter", "9", "tab", "space")
        assert pilot.app.screen is kept
        await press(pilot, "escape")  # closed unchanged
        assert screen.session.doc.get("figures.B.initiative") == 15 and not screen.session.modified
        screen.session.move_cursor((4, 2))  # the Brute, A
        await press(pilot, "enter")
        assert pilot.app.screen is kept and kept.title_text == "Figure A"
        view = kept.query_one(FieldsView)
        assert view.focus_index == 0 and view.text_of(0) == str(screen.session.doc.get("figures.A.initiative"))
        assert "▐X▌ elite: no" in "".join(_drawn(view))  # not the last form's state
        await press(pilot, "escape")

    run_editor(session_for(path), script)


def test_a_long_value_scrolls_with_its_cursor_and_a_paste_is_one_line(tmp_path: Path) -> None:
    path = copy_scenario(tmp_path, "gloomhaven/demo.yaml")

    async def script(pilot: Any, screen: EditorScreen) -> None:
        from textual import events

        screen.session.move_cursor((5, 1))
        await press(pilot, "enter", "tab")
        form = pilot.app.screen
        view = form.query_one(FieldsView)
        width = view.scrollable_content_region.width
        long = "x" * (width + 10) + "END"
        view.post_message(events.Paste(long + "\nsecond line\x1b[2J"))
        await press(pilot, "end")
        row = view.places[1][1]
        assert view.render_line(row - view.scroll_offset.y).text.rstrip().endswith("END")  # the end, where the cursor is
        assert view.text_of(1) == long
        await press(pilot, "home")
        assert view.render_line(row - view.scroll_offset.y).text.startswith("xxx")
        await press(pilot, "escape")

    run_editor(session_for(path), script)


def test_a_click_focuses_a_field_and_flips_a_yes_no_one(tmp_path: Path) -> None:
    path = copy_scenario(tmp_path, "gloomhaven/demo.yaml")

    async def script(pilot: Any, screen: EditorScreen) -> None:
        screen.session.move_cursor((5, 1))
        await press(pilot, "enter")
        form = pilot.app.screen
        view = form.query_one(FieldsView)
        elite = next(i for i, f in enumerate(form.fields) if f.label == "elite")
        name = next(i for i, f in enumerate(form.fields) if f.label == "name")
        left, top = view.content_region.x - view.region.x, view.content_region.y - view.region.y  # the border, padding
        await pilot.click(FieldsView, offset=(left + 1, top + view.places[elite][1]))
        assert view.focus_index == elite and view.checked[elite]
        await pilot.click(FieldsView, offset=(left + 3, top + view.places[name][1]))
        assert view.focus_index == name and view.edits[name].cursor == 3 and view.edits[name].selection == (3, 3)
        await press(pilot, "escape")

    run_editor(session_for(path), script, size=(100, 40))


def test_the_footer_is_one_line_of_the_screens_keys(tmp_path: Path) -> None:
    async def script(pilot: Any, screen: EditorScreen) -> None:
        keys = screen.query_one(KeysLine)
        assert keys.render().plain == " ^z Undo  ^n Next round  ⏎ Figure  ^k Card  f1 Help  ^q Quit  ^s Save "
        assert [keys.key_at(x) for x in (0, 8, 9, 25)] == ["ctrl+z", "ctrl+z", "ctrl+n", "enter"]
        assert keys.key_at(200) is None

    run_editor(session_for(str(tmp_path / "r.yaml"), size="9x7"), script)


def test_an_edit_repaints_only_the_rows_it_changed(tmp_path: Path) -> None:
    async def script(pilot: Any, screen: EditorScreen) -> None:
        board = screen.query_one(BoardView)
        repainted: list[Region] = []
        refresh = board.refresh

        def recording(*regions: Region, **options: Any) -> Any:
            repainted.extend(regions or [Region(0, 0, 0, -1)])  # a whole repaint as an empty region
            return refresh(*regions, **options)

        board.refresh = recording  # type: ignore[method-assign]
        screen.session.move_cursor((2, 3))
        screen.refresh_all()
        repainted.clear()
        await press(pilot, "asterisk")  # an obstacle on [2, 3]: its row (the answer may mark others)
        top = board._update().top
        assert Region(0, top + 3, board.size.width, 1) in repainted
        assert all(region.height == 1 for region in repainted)  # rows only, never the whole board
        repainted.clear()
        await press(pilot, "ctrl+r", "ctrl+u", *"11x8", "enter")  # a new size: laid out whole
        assert any(region.height == -1 for region in repainted)

    run_editor(session_for(str(tmp_path / "r.yaml"), size="9x7"), script)


def test_the_links_dialog_is_kept_its_field_typed_in_place_and_the_list_beside_it_follows(tmp_path: Path) -> None:
    from enemy_move.editor.links import LinksPanel

    async def script(pilot: Any, screen: EditorScreen) -> None:
        await press(pilot, "ctrl+l", *"A1 -- A3", "enter")
        dialog = screen.query_one(LinksPanel)
        assert dialog.shown and pilot.app.screen is screen
        assert "-- A2, -- A3" in str(screen.query_one("#board").render())  # A1's borders: the area list beside it
        await press(pilot, *"A2 -> A3", "left", "left", "left", "backspace", "enter")
        assert dialog.value == "A2 - A3" and "write a link as A -- B" in dialog.said
        await press(pilot, "escape")
        assert not dialog.shown
        await press(pilot, "ctrl+l")
        assert dialog.shown and dialog.value == "" and dialog.said == ""

    run_editor(session_for(str(tmp_path / "a.yaml"), ruleset="agemonia"), script)


def test_the_borders_of_links_added_one_by_one_are_the_borders_read_afresh() -> None:
    """areas.borders extends its last answer when one link was added at the end (a shortcut: checked against a
    whole reading after each of 400 seeded random changes, most of them links added)."""
    import random

    from enemy_move.editor import areas

    class Doc:
        def __init__(self) -> None:
            self.data: dict[str, Any] = {"links": []}

    class Sess:
        doc = Doc()

    rng = random.Random(34)
    session: Any = Sess()
    links: list[str] = session.doc.data["links"]
    areas._last_borders = None
    shared = 0
    for _ in range(400):
        before = areas.borders(session)
        a, b = f"A{rng.randrange(12)}", f"A{rng.randrange(12)}"
        if rng.random() < 0.15 and links:
            del links[rng.randrange(len(links))]  # not an append: read again whole
        else:
            links.append(rng.choice([f"{a} -- {b}", f"{a}=={b}", f" {a} || {b} ", f"{a} -> {b}"]))
        kept = areas.borders(session)
        shared += any(kept[area] is before.get(area) for area in kept)
        chain, areas._last_borders = areas._last_borders, None
        assert kept == areas.borders(session)
        areas._last_borders = chain
    assert shared > 200  # the shortcut was taken
    areas._last_borders = None
