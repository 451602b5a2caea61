"""The links dialog of area boards (Ctrl+L): one link added, changed or removed at a time, each one undo step
that saves only that link; every link listed on demand, drawn line by line (issue 34)."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

pytest.importorskip("textual")

from test_editor import press, run_editor, session_for  # noqa: E402

from enemy_move.document.document import EditError  # noqa: E402
from enemy_move.editor.app import EditorScreen  # noqa: E402
from enemy_move.editor.links import LinksPanel  # noqa: E402


def said(pilot: Any) -> str:
    return pilot.app.screen.query_one(LinksPanel).said


def dialog(pilot: Any) -> LinksPanel | None:
    """The links dialog while it is shown over the editor."""
    panel = pilot.app.screen.query_one(LinksPanel)
    return panel if panel.shown else None


def test_links_added_changed_and_removed_one_undo_step_each(tmp_path: Path) -> None:
    async def script(pilot: Any, screen: EditorScreen) -> None:
        session = screen.session
        assert session.doc.get("links") == ["A1 -- A2", "A2 -- A3"]
        await press(pilot, "ctrl+l", *"A1 -- A3", "enter")
        assert dialog(pilot) is not None and said(pilot) == "linked A1 -- A3"
        assert session.doc.get("links") == ["A1 -- A2", "A2 -- A3", "A1 -- A3"]
        await press(pilot, *"A3 || A1", "enter")  # the same two areas: the line changes, in place
        assert said(pilot) == "changed A1 -- A3 to A3 || A1"
        assert session.doc.get("links") == ["A1 -- A2", "A2 -- A3", "A3 || A1"]
        await press(pilot, *"A3 || A1", "enter")
        assert "linked already" in said(pilot) and len(session.undo_stack) == 2
        await press(pilot, "ctrl+u", *"A1 -> A9", "enter")
        assert "write a link as A -- B" in said(pilot)
        await press(pilot, "ctrl+u", *"A1 -- A9", "enter")
        assert said(pilot) == "no area 'A9': add it first (+)"
        # the list shows the selected area's links (A1); ↓ goes to it, Delete removes the selected one
        listed = pilot.app.screen.query_one(LinksPanel)
        assert [text for _, text in listed.items] == ["A1 -- A2", "A3 || A1"]
        await press(pilot, "down", "down", "delete")
        assert session.doc.get("links") == ["A1 -- A2", "A2 -- A3"] and said(pilot) == "removed A3 || A1"
        await press(pilot, "ctrl+o")  # every link
        assert [text for _, text in listed.items] == ["A1 -- A2", "A2 -- A3"]
        await press(pilot, "escape")
        assert pilot.app.screen is screen and dialog(pilot) is None
        for expected in (["A1 -- A2", "A2 -- A3", "A3 || A1"], ["A1 -- A2", "A2 -- A3", "A1 -- A3"], ["A1 -- A2", "A2 -- A3"]):
            await press(pilot, "ctrl+z")
            assert session.doc.get("links") == expected
        await press(pilot, "ctrl+y", "ctrl+y", "ctrl+y")
        assert session.doc.get("links") == ["A1 -- A2", "A2 -- A3"]

    run_editor(session_for(str(tmp_path / "a.yaml"), ruleset="agemonia"), script)


def test_adding_a_link_saves_only_that_link_for_undo(tmp_path: Path) -> None:
    session = session_for(str(tmp_path / "a.yaml"), ruleset="agemonia")
    assert session.add_link(" A1==A3 ") == "linked A1 == A3"
    [saved] = session.undo_stack[-1].saved
    assert saved.parts == ("links", "2")  # the one new item, not the list
    assert session.remove_link(0) and session.doc.get("links") == ["A2 -- A3", "A1 == A3"]
    assert session.undo_stack[-1].saved[0].parts == ("links", "0")
    session.undo()
    session.undo()
    assert session.doc.get("links") == ["A1 -- A2", "A2 -- A3"]
    with pytest.raises(EditError):
        session.add_link("A1 --")
    session.doc.delete("links")
    assert session.add_link("A1 -- A2") == "linked A1 -- A2" and session.doc.get("links") == ["A1 -- A2"]


def test_the_links_dialog_is_modal_over_the_editor(tmp_path: Path) -> None:
    """The dialog is drawn over the editor's screen (not a screen of its own) and is modal as one was: the editor's
    keys type into its field or do nothing, a click on the area list behind it changes nothing, Tab moves between
    its field and its list, the footer's keys are not shown, Esc gives the editor its keys back."""
    from enemy_move.editor.keysline import KeysLine

    async def script(pilot: Any, screen: EditorScreen) -> None:
        session = screen.session
        footer = screen.query_one(KeysLine)
        assert "Undo" in str(footer.render())
        await press(pilot, "ctrl+l")
        panel = dialog(pilot)
        assert panel is not None and pilot.app.screen is screen
        assert str(footer.render()) == ""  # the editor's keys do not work meanwhile
        answer = screen.query_one("#answer-pane")
        assert answer.styles.visibility == "hidden"  # under the dialog: not drawn while it is shown
        assert not panel.on_list and screen.focused is screen.query_one("#board")  # the board keeps textual's
        await press(pilot, "+", "ctrl+z", "ctrl+a", "f1", "ctrl+n", "up")
        assert panel.value == "+" and pilot.app.screen is screen and dialog(pilot) is panel
        assert session.doc.get("areas.A4") is None and session.area == "A1" and not session.undo_stack
        await press(pilot, "end", "ctrl+u", *"A1 -- A3", "enter", "ctrl+z")  # (Ctrl+A is the field's: Home)
        assert session.doc.get("links")[-1] == "A1 -- A3" and said(pilot) == "linked A1 -- A3"
        await press(pilot, "tab")
        assert panel.on_list
        await press(pilot, "shift+tab")
        assert not panel.on_list
        await press(pilot, "down", "down", "up", "up")  # ↑ on the first link: back to the field
        assert not panel.on_list and panel.selected == 0
        await pilot.click("#board", offset=(6, 3))  # the area A3 behind the dialog
        assert session.area == "A1" and dialog(pilot) is panel
        await press(pilot, "escape")
        assert dialog(pilot) is None and "Undo" in str(footer.render()) and answer.styles.visibility == "visible"
        await press(pilot, "down")  # the editor's keys again
        assert session.area == "A2"
        await press(pilot, "ctrl+z")
        assert "A1 -- A3" not in session.doc.get("links")

    run_editor(session_for(str(tmp_path / "a.yaml"), ruleset="agemonia"), script)


def test_the_index_of_links_kept_and_extended_is_the_index_read_afresh() -> None:
    """areas.link_index (the links dialog's list of an area's links, and the link of two areas it looks for) is kept
    for the last list of links and extended when one was added at the end: checked against a whole reading and
    against a plain scan after each of 400 seeded random changes, most of them links added."""
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
    areas._last_index = None
    extended = 0
    for _ in range(400):
        before = areas._last_index
        a, b = f"A{rng.randrange(12)}", f"A{rng.randrange(12)}"
        if rng.random() < 0.15 and links:
            del links[rng.randrange(len(links))]  # not an append: read again whole
        else:
            links.append(rng.choice([f"{a} -- {b}", f"{a}=={b}", f" {a} || {b} ", f"{a} -> {b}", f"{a} -- {a}"]))
        kept = areas.link_index(session)
        extended += before is not None and len(before[0]) + 1 == len(links)
        areas._last_index = None
        assert kept == areas.link_index(session)
        scanned: dict[str, list[int]] = {}
        for position, link in enumerate(links):
            parts = areas.link_parts(link)
            for area in sorted({parts[0], parts[2]}) if parts else ():
                scanned.setdefault(area, []).append(position)
        assert kept == scanned
    assert extended > 200  # the shortcut was taken
    areas._last_index = None


def _rows(panel: LinksPanel) -> list[str]:
    """The dialog's rows as a person reads them."""
    return [panel.render_line(y).text.rstrip() for y in range(panel.size.height)]


def _recorded(panel: LinksPanel) -> list[Any]:
    """The regions the dialog repaints from now on (a whole repaint as a region of height -1)."""
    from textual.geometry import Region

    repainted: list[Any] = []
    refresh = panel.refresh

    def recording(*regions: Region, **options: Any) -> Any:
        repainted.extend(regions or [Region(0, 0, 0, -1)])
        return refresh(*regions, **options)

    panel.refresh = recording  # type: ignore[method-assign]
    return repainted


def test_the_links_dialog_is_one_widget_that_repaints_only_the_rows_that_change(tmp_path: Path) -> None:
    """The dialog is one line-API widget (its three labels, field and list were five widgets: a dispatch each per
    key, and a layout of the screen whenever a label changed); a key typed repaints the field's row, a link added
    the rows that show something else, never the whole dialog."""

    async def script(pilot: Any, screen: EditorScreen) -> None:
        await press(pilot, "ctrl+l")
        panel = dialog(pilot)
        assert panel is not None and not panel.children
        rows = _rows(panel)
        assert rows[:2] == ["Links: A -- B single line, A == B", "double, A || B barrier"]
        assert rows[panel.field_row] == "A1 -- A2"  # the placeholder
        assert rows[panel.field_row + 3 :][:3] == ["the links of A1 (Ctrl+O: every link): 1", " A1 -- A2", ""]
        repainted = _recorded(panel)
        await press(pilot, "A")
        assert [(region.y, region.height) for region in repainted] == [(panel.field_row, 1)]
        repainted.clear()
        before = _rows(panel)
        await press(pilot, *"1 -- A3", "enter")
        after = _rows(panel)
        assert after[panel.field_row + 1] == "linked A1 -- A3" and " A1 -- A3" in after
        assert all(region.height == 1 for region in repainted)
        assert {region.y for region in repainted} == {y for y, row in enumerate(after) if row != before[y]}

    run_editor(session_for(str(tmp_path / "a.yaml"), ruleset="agemonia"), script)


def _board_of(path: Path, areas: int, links: list[str]) -> Path:
    """An Agemonia board of areas A1..A``areas`` and ``links`` (a block list), the enemy in A1, the hero in the last."""
    rows = "".join(f"  A{n}: {{capacity: 3}}\n" for n in range(1, areas + 1))
    listed = "".join(f"  - {link}\n" for link in links)
    path.write_text(
        f"ruleset: agemonia\nareas:\n{rows}links:\n{listed}"
        f"figures:\n  s: {{side: enemy, name: Skitterer, area: A1}}\n  L: {{side: hero, name: Lunara, area: A{areas}}}\n"
        "action: {move: 2, attack: {kind: melee}}\n"
    )
    return path


def test_the_links_list_scrolls_with_its_selection_and_draws_a_scroll_bar(tmp_path: Path) -> None:
    """More links than rows: the list scrolls to keep the selected link on screen, a scroll bar at its right."""
    path = _board_of(tmp_path / "many.yaml", 20, [f"A1 -- A{n}" for n in range(2, 21)])

    async def script(pilot: Any, screen: EditorScreen) -> None:
        await press(pilot, "ctrl+l")
        panel = dialog(pilot)
        assert panel is not None
        first_link = panel.field_row + 4
        shown = panel.size.height - first_link
        assert len(panel.items) == 19 > shown
        bar = [list(panel.render_line(y))[-1] for y in range(first_link, panel.size.height)]
        assert [len(segment.text) for segment in bar] == [2] * shown  # the bar: two columns at the list's right
        assert bar[0].style is not None and bar[0].style.reverse  # its thumb over the first rows
        assert bar[-1].style is not None and not bar[-1].style.reverse
        await press(pilot, "down", "pagedown", "pagedown")
        assert panel.on_list and panel.selected == 18 and panel.top == 19 - shown
        assert _rows(panel)[-1].strip() == "A1 -- A20"
        await press(pilot, "pageup", "pageup")
        assert panel.selected == 0 and panel.top == 0
        await press(pilot, "pagedown", "pagedown", "escape", "down", "ctrl+l")  # scrolled, then A2's one link
        assert panel.shown and panel.top == 0 and _rows(panel)[first_link] == " A1 -- A2"

    run_editor(session_for(str(path)), script)


def test_the_area_list_follows_the_selected_area_and_the_links_dialog(tmp_path: Path) -> None:
    """A list of areas longer than the screen scrolls to the selected area (↑ ↓, a new area), and while the links
    dialog is open to the area whose links it lists, to the first area of a link entered and to the other end of
    the link selected in its list (it stayed where it was: the area and the links were out of sight)."""
    path = _board_of(tmp_path / "long.yaml", 60, ["A45 -- A5", "A45 -- A46"])

    async def script(pilot: Any, screen: EditorScreen) -> None:
        from enemy_move.editor.areas import AreaView

        pane, board = screen.query_one("#left"), screen.query_one(AreaView)

        def in_view(area: str) -> bool:
            row = board.area_row(area)
            return row is not None and pane.scroll_offset.y <= row < pane.scroll_offset.y + pane.size.height

        await press(pilot, *["down"] * 44)
        assert screen.session.area == "A45" and in_view("A45") and not in_view("A1")
        await press(pilot, *["up"] * 40)
        assert screen.session.area == "A5" and in_view("A5")
        await press(pilot, "ctrl+l", "escape", *["down"] * 40, "ctrl+l")  # the dialog on A45's links
        assert dialog(pilot) is not None and in_view("A45")
        await press(pilot, *"A2 -- A3", "enter")
        assert in_view("A2") and not in_view("A45")
        await press(pilot, "down")  # A45's first link in the list: A45 -- A5
        assert in_view("A5") and not in_view("A45")
        await press(pilot, "down")  # A45 -- A46
        assert in_view("A46")
        await press(pilot, "up", "up", "up", *"A1 -- A2", "enter", "escape")  # closed: back to the selected area
        assert in_view("A45") and not in_view("A1")
        await press(pilot, "ctrl+l")
        await press(pilot, "escape", "plus")  # a new area, A61, at the end and selected
        assert screen.session.area == "A61" and in_view("A61")

    run_editor(session_for(str(path)), script)


LONG = "A1_the_Sunken_Cathedral_of_the_Drowned_Kings_North_Nave"


def test_a_long_link_scrolls_sideways_and_the_bars_light_up_and_drag(tmp_path: Path) -> None:
    """A link longer than the list is wide: a horizontal scroll bar under the list; ← → Home End on the list and
    the bar's thumb dragged scroll it sideways; each bar is drawn in textual's hover colours while the mouse is over
    it and in its active colours while its thumb is held (issue 34's round 8 lost all three)."""
    from enemy_move.editor.listbars import Bars

    path = _board_of(tmp_path / "long.yaml", 20, [f"A1 -- {LONG}", *(f"A1 -- A{n}" for n in range(2, 21))])
    path.write_text(path.read_text().replace("links:", f"  {LONG}: {{capacity: 2}}\nlinks:"))

    async def script(pilot: Any, screen: EditorScreen) -> None:
        screen.session.area = "A1"
        await press(pilot, "ctrl+l")
        panel = dialog(pilot)
        assert panel is not None
        place = panel._place()
        assert place.vertical and place.horizontal and place.inner < len(f" A1 -- {LONG}")
        link = f"A1 -- {LONG}"
        row = next(y for y, text in enumerate(_rows(panel)) if text.startswith(" A1 -- A1_"))
        assert link not in _rows(panel)[row]  # cut at the list's width
        await press(pilot, "down", "end")  # the list, scrolled to its right end
        assert panel.left == panel.wide - place.inner > 0
        assert _rows(panel)[row].rstrip().endswith("North_Nave")
        await press(pilot, "home")
        assert panel.left == 0 and _rows(panel)[row].startswith(" A1 -- A1_the")

        origin = panel.content_region.offset
        bar_y = origin.y + place.bar_row

        def thumb_colour(vertical: bool) -> Any:
            y = place.first if vertical else place.bar_row
            thumb = [s.style for s in panel.render_line(y) if s.style is not None and s.style.reverse]
            return (thumb[-1] if vertical else thumb[0]).color

        def expected(state: str) -> Any:
            return Bars.colours(panel.styles, panel.background_colors[1], state)[1].rich_color

        assert thumb_colour(False) == expected("") != expected("hover")
        await pilot.hover(offset=(origin.x + 1, bar_y))
        assert panel.bars.hover == "h" and thumb_colour(False) == expected("hover")
        await pilot.mouse_down(offset=(origin.x + 1, bar_y))
        assert panel.bars.grab is not None and thumb_colour(False) == expected("active")
        await pilot.hover(offset=(origin.x + 6, bar_y))  # dragged 5 columns right: 5 x wide / inner columns of text
        assert panel.left == round(5 * panel.wide / place.inner)
        await pilot.mouse_up(offset=(origin.x + 6, bar_y))
        assert panel.bars.grab is None and panel.left > 0
        await pilot.hover(offset=(origin.x + 2, origin.y + 1))  # off the bars: both drawn as usual again
        assert panel.bars.hover is None and thumb_colour(False) == expected("")
        # the vertical bar: lit, dragged down 4 rows; a press on its track pages back up
        bar_x = origin.x + place.inner
        await pilot.hover(offset=(bar_x, origin.y + place.first))
        assert panel.bars.hover == "v" and thumb_colour(True) == expected("hover")
        await pilot.mouse_down(offset=(bar_x, origin.y + place.first))
        await pilot.hover(offset=(bar_x, origin.y + place.first + 4))
        await pilot.mouse_up(offset=(bar_x, origin.y + place.first + 4))
        dragged = panel.top
        assert dragged == min(round(4 * len(panel.items) / place.rows), len(panel.items) - place.rows) > 0
        await pilot.mouse_down(offset=(bar_x, origin.y + place.first))  # above the thumb now
        await pilot.mouse_up(offset=(bar_x, origin.y + place.first))
        assert panel.top == max(0, dragged - place.rows) and panel.bars.grab is None

    run_editor(session_for(str(path)), script)
