"""`make bench`'s editor section (issue 34): what one edit costs on the editor's screen thread, for the largest
files within the caps (goal: at most 50 ms).

The table page's edit requests are timed too (``serve.board.edit``: the text parsed, the edit, the text written
out; the page sends the whole text with each request).

The editor runs headless (textual's Pilot) on an Agemonia board of 1,000 areas and 6,875 links and on a 64 x 64
Gloomhaven map; each edit is a key press (or the form it opens, applied), and the figure is the CPU time of the
screen's thread (``time.thread_time``) from the key to the redrawn screen, the resolve worker's thread excluded.
Usage: python bench/editor_edits.py [--page]  (--page: the table page's requests only)
"""

from __future__ import annotations

import asyncio
import random
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent))
sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

GOAL_MS = 50.0
LINKS = 6875


def agemonia_file() -> str:
    """1,000 areas (the cap) joined by 6,875 links, 62 figures."""
    import stress

    text = stress.agemonia_areas(1000, "adjacent", 31)()
    head, tail = text.split("sight:", 1)
    rng = random.Random(7)
    have = set()
    links = [line[4:] for line in head.splitlines() if line.startswith("  - ")]
    for link in links:
        a, _, b = link.split()
        have.add(frozenset((a, b)))
    while len(links) < LINKS:
        a, b = f"R{rng.randrange(1000)}", f"R{rng.randrange(1000)}"
        if a != b and frozenset((a, b)) not in have:
            have.add(frozenset((a, b)))
            links.append(f"{a} -- {b}")
    areas = head.split("links:")[0]
    return areas + "links:\n" + "".join(f"  - {link}\n" for link in links) + "sight:" + tail


def gloomhaven_file() -> str:
    import stress

    return stress.gh_phase()()


async def _measure(path: str, script: Any) -> list[tuple[str, float]]:
    from textual import events

    from enemy_move.editor import open_session
    from enemy_move.editor.app import EditorApp

    session = open_session(path)
    app = EditorApp(session)  # type: ignore[arg-type]
    timings: list[tuple[str, float]] = []

    async def key(pilot: Any, name: str, character: str | None) -> None:
        pilot.app.post_message(events.Key(name, character))
        await pilot.pause(0)

    async def timed(pilot: Any, label: str, keys: list[tuple[str, str | None]]) -> None:
        await pilot.app.workers.wait_for_complete()
        await pilot.pause(0)
        start = time.thread_time()
        for name, character in keys:
            await key(pilot, name, character)
        await pilot.pause(0)
        timings.append((label, 1000 * (time.thread_time() - start)))

    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.app.workers.wait_for_complete()
        await pilot.pause(0)
        await script(pilot, timed)
    return timings


async def _agemonia(pilot: Any, timed: Any) -> None:
    screen = pilot.app.screen
    screen.session.area = "R500"
    await timed(pilot, "add an area (+)", [("plus", "+")])
    await timed(pilot, "place a figure in an area (a letter)", [("Z", "Z")])
    await timed(
        pilot,
        "the area form: trap on (Ctrl+A, Tab x3, Space, Enter)",
        [("ctrl+a", None), *[("tab", "\t")] * 3, ("space", " "), ("enter", "\r")],
    )
    await timed(pilot, "undo (Ctrl+Z)", [("ctrl+z", None)])
    await timed(pilot, "redo (Ctrl+Y)", [("ctrl+y", None)])
    await timed(
        pilot,
        "the links dialog: one more link (Ctrl+L, R1 -- R999, Enter, Esc)",
        [("ctrl+l", None), *[(c, c) for c in "R1 -- R999"], ("enter", "\r"), ("escape", None)],
    )
    await timed(pilot, "undo the links (Ctrl+Z)", [("ctrl+z", None)])


async def _gloomhaven(pilot: Any, timed: Any) -> None:
    pilot.app.screen.session.move_cursor((10, 10))
    await timed(pilot, "paint a cell (*)", [("asterisk", "*")])
    await timed(pilot, "place a figure (a letter)", [("right", None), ("Z", "Z")])
    await timed(pilot, "undo (Ctrl+Z)", [("ctrl+z", None)])
    # on a figure (after the undo the cursor is on an empty cell: Enter opened nothing, "4" and "0" were placed)
    session = pilot.app.screen.session
    session.move_cursor(session.doc.positions()["Z"])
    await timed(
        pilot,
        "the figure form: initiative (Enter, Backspace x2, 4, 0, Enter)",
        [("enter", "\r"), ("backspace", "\x08"), ("backspace", "\x08"), ("4", "4"), ("0", "0"), ("enter", "\r")],
    )
    if session.doc.get("figures.Z.initiative") != 40 or pilot.app.screen is not pilot.app.editor:
        raise SystemExit("the figure form did not set Z's initiative: the bench measured something else")


GLOOM = "gloomhaven 64x64, 62 figures"
AGEMONIA = f"agemonia 1000 areas, {LINKS} links"


def form_values(document: Any, what: str, target: str, change: dict[str, Any]) -> dict[str, Any]:
    """What the page sends when a form is applied: every field as its form shows it (checkbox: ticked or not), with
    ``change`` typed over it (serve/static/board.js reads the form's inputs)."""
    from html.parser import HTMLParser

    from enemy_move.serve.formhtml import form_html

    values: dict[str, Any] = {}

    class Inputs(HTMLParser):
        def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
            given = dict(attrs)
            if tag == "input" and given.get("name"):
                values[str(given["name"])] = "checked" in given if given.get("type") == "checkbox" else given.get("value") or ""

    Inputs().feed(form_html(document, what, target))
    return {**values, **change}


def page_requests(texts: dict[str, str]) -> list[tuple[str, str, Any]]:
    """(file, label, request) for every request a player makes at the table that writes a text: each edit of the page
    (serve/static/board.js), its next round after a view, the edit after an undo, its save."""
    from enemy_move.document.document import ScenarioDocument

    gloom = ScenarioDocument.from_text(texts[GLOOM], "board.yaml", fast=True)
    ages = ScenarioDocument.from_text(texts[AGEMONIA], "board.yaml", fast=True)
    links = [str(link) for link in ages.get("links")] + ["R1 -- R999"]
    return [
        (GLOOM, "paint a cell", ("edit", {"kind": "paint", "symbol": "*", "cell": "10,10"})),
        (GLOOM, "place a figure", ("edit", {"kind": "place", "label": "Z", "cell": "10,11"})),
        (GLOOM, "move a figure", ("edit", {"kind": "place", "label": "a", "cell": "11,11"})),
        (GLOOM, "remove a figure", ("edit", {"kind": "remove", "label": "b"})),
        (GLOOM, "a thin wall", ("edit", {"kind": "wall", "cell": "10,12", "other": "11,12"})),
        (
            GLOOM,
            "the figure form: initiative 40",
            ("edit", {"kind": "set", "figure": "a", "values": form_values(gloom, "figure", "a", {"figures.a.initiative": "40"})}),
        ),
        (
            GLOOM,
            "the card form: move 4",
            ("edit", {"kind": "set", "figure": "", "values": form_values(gloom, "card", "", {"action.move": "4"})}),
        ),
        (GLOOM, "border", ("edit", {"kind": "border"})),
        (GLOOM, "next round after a view", ("next", None)),
        (
            GLOOM,
            "an edit after an undo (the text before its last edit, viewed)",
            ("undo", {"kind": "paint", "symbol": "*", "cell": "12,10"}),
        ),
        (GLOOM, "save (after an edit)", ("save", {"kind": "paint", "symbol": "*", "cell": "12,10"})),
        (AGEMONIA, "place a figure in an area", ("edit", {"kind": "place_in_area", "label": "Z", "area": "R5"})),
        (AGEMONIA, "move a figure to an area", ("edit", {"kind": "place_in_area", "label": "a", "area": "R6"})),
        (AGEMONIA, "remove a figure", ("edit", {"kind": "remove", "label": "b"})),
        (
            AGEMONIA,
            "the area form: trap on",
            ("edit", {"kind": "set", "figure": "", "values": form_values(ages, "area", "R6", {"areas.R6.trap": True})}),
        ),
        (
            AGEMONIA,
            "the figure form: number 7",
            ("edit", {"kind": "set", "figure": "a", "values": form_values(ages, "figure", "a", {"figures.a.number": "7"})}),
        ),
        (AGEMONIA, "the links form: one more link", ("edit", {"kind": "links", "links": links})),
        (AGEMONIA, "the links form: a new area", ("edit", {"kind": "add_area", "name": "R1000"})),
        (AGEMONIA, "next round after a view", ("next", None)),
        (
            AGEMONIA,
            "an edit after an undo (the text before its last edit, viewed)",
            ("undo", {"kind": "place_in_area", "label": "Z", "area": "R7"}),
        ),
        (AGEMONIA, "save (after an edit)", ("save", {"kind": "place_in_area", "label": "Z", "area": "R7"})),
    ]


def _page_once(kind: str, op: Any, text: str, seen: bool, folder: Path) -> float:
    """CPU ms of one page request on ``text``: ``seen``, the server kept its document (the page's load or the last
    edit left it, serve/parsed.py); else parsed (the server restarted since the page was loaded)."""
    from enemy_move.serve import app, board, parsed
    from enemy_move.serve.files import Folder, digest, read_text
    from enemy_move.serve.saving import save

    parsed.forget()
    if kind in ("undo", "save"):
        # the page's last edit, then (undo) its text given back and viewed; (save) its text saved over the file
        if seen:
            parsed.keep(text, "board.yaml", app._document(text, "board.yaml"))
        after, _ = board.edit(text, "board.yaml", op)
        if kind == "undo":
            app._view({"text": text, "file": "board.yaml"})  # the page's undo: its text before the edit, viewed
            start = time.thread_time()
            board.edit(text, "board.yaml", op | {"cell": "13,10"} if "cell" in op else op | {"area": "R8"})
            return 1000 * (time.thread_time() - start)
        (folder / "board.yaml").write_text(text)
        read_text(Folder.at(str(folder)).resolve("board.yaml"))  # the page's load: the server read the file and accepted it
        start = time.thread_time()
        status, answer = save(Folder.at(str(folder)), {"file": "board.yaml", "text": after, "base": digest(text)})
        spent = 1000 * (time.thread_time() - start)
        if status != 200:
            raise SystemExit(f"the page's save failed: {answer}")
        return spent
    if seen:
        parsed.keep(text, "board.yaml", app._document(text, "board.yaml"))
    if kind == "next":
        choices = _choices(text)
        board.view(board.Request(text, "board.yaml", dict(choices)))  # the page's view (it resolves): its next round starts from it
        start = time.thread_time()
        moved, need, said = board.next_round(board.Request(text, "board.yaml", dict(choices)))
        spent = 1000 * (time.thread_time() - start)
        if moved is None:
            raise SystemExit(f"the page's next round moved nothing: {said}")
        return spent
    start = time.thread_time()
    edited, message = board.edit(text, "board.yaml", op)
    spent = 1000 * (time.thread_time() - start)
    if edited == text:
        raise SystemExit(f"the page's {op['kind']} changed nothing: {message}")
    return spent


_CHOSEN: dict[str, dict[str, int]] = {}


def _choices(text: str) -> dict[str, int]:
    """The players' choices a next round needs (the first option wherever they choose), worked out once a text."""
    from enemy_move.serve import board

    if text not in _CHOSEN:
        choices: dict[str, int] = {}
        while True:
            result, error = board.resolve(board.Request(text, "board.yaml", dict(choices)))
            need = board.choice_needed(result, choices) if result is not None else None
            if need is None:
                break
            choices[need["actor"]] = 0
        _CHOSEN[text] = choices
    return _CHOSEN[text]


def measure_serve(runs: int = 3) -> list[tuple[str, str, float]]:
    """CPU time of the table page's requests that write (``serve.board.edit``, ``next_round``, ``saving.save``; the
    request's own thread, the view each answer carries left out: it is the live answer), best of ``runs``: on a text
    the server kept (the page's load or its last edit left its document) and on a text not seen (parsed)."""
    from enemy_move.serve import board, parsed

    texts = {GLOOM: gloomhaven_file(), AGEMONIA: agemonia_file()}
    rows = []
    with tempfile.TemporaryDirectory(prefix="enemy-move-page-") as folder:
        for name, label, (kind, op) in page_requests(texts):
            board.edit(
                texts[name],
                "warm.yaml",
                {"kind": "paint", "symbol": ".", "cell": "0,0"} if name == GLOOM else {"kind": "remove", "label": "a"},
            )
            for seen in (True, False) if kind in ("edit", "next") else (True,):
                best = min(_page_once(kind, op, texts[name], seen, Path(folder)) for _ in range(runs))
                rows.append(
                    (
                        name,
                        f"the page: {label}"
                        + ("" if kind not in ("edit", "next") else " (the text kept)" if seen else " (a text not seen: parsed)"),
                        best,
                    )
                )
    parsed.forget()
    return rows


def measure() -> list[tuple[str, str, float]]:
    rows = []
    with tempfile.TemporaryDirectory(prefix="enemy-move-editor-") as folder:
        for name, make, script in (
            (f"agemonia 1000 areas, {LINKS} links", agemonia_file, _agemonia),
            ("gloomhaven 64x64, 62 figures", gloomhaven_file, _gloomhaven),
        ):
            path = Path(folder) / "board.yaml"
            path.write_text(make())
            for label, ms in asyncio.run(_measure(str(path), script)):
                rows.append((name, label, ms))
    return rows


def main(page_only: bool = False) -> list[tuple[str, str, float]]:
    from measure import load

    print(f"\n## The editor: one edit on the screen's thread, largest files (CPU of that thread; {load()})\n")
    print(f"Goal: at most {GOAL_MS:.0f} ms.\n")
    print("| file | edit | ms |\n|---|---|---:|")
    rows = ([] if page_only else measure()) + measure_serve()
    for name, label, ms in rows:
        print(f"| {name} | {label} | {ms:.1f}{'' if ms <= GOAL_MS else ' **over**'} |")
    worst = max(rows, key=lambda row: row[2])
    print(f"\nworst: {worst[1]} on {worst[0]}: {worst[2]:.1f} ms")
    return rows


if __name__ == "__main__":
    main(page_only="--page" in sys.argv[1:])
