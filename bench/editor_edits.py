"""`make bench`'s editor section (issue 34): what one edit costs on the editor's screen thread, for the largest
files within the caps (goal: at most 50 ms).

The table page's edit requests are timed too (``serve.board.edit``: the text parsed, the edit, the text written
out; the page sends the whole text with each request).

The editor runs headless (textual's Pilot) on an Agemonia board of 1,000 areas and 6,875 links and on a 64 x 64
Gloomhaven map; each edit is a key press (or the form it opens, applied), and the figure is the CPU time of the
screen's thread (``time.thread_time``) from the key to the redrawn screen, the resolve worker's thread excluded.
Usage: python bench/editor_edits.py
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


#: The table page's edit requests on the same files (server side: the text parsed, the edit, the text written out).
SERVE_EDITS = (
    (
        "gloomhaven 64x64, 62 figures",
        "paint a cell",
        ({"kind": "paint", "symbol": "*", "cell": "10,10"}, {"kind": "paint", "symbol": "~", "cell": "11,10"}),
    ),
    (
        f"agemonia 1000 areas, {LINKS} links",
        "place a figure in an area",
        ({"kind": "place_in_area", "label": "Z", "area": "R5"}, {"kind": "place_in_area", "label": "Z", "area": "R6"}),
    ),
)


def measure_serve() -> list[tuple[str, str, float]]:
    """CPU time of ``serve.board.edit`` (the request's own thread): an edit of a text the server has not seen (it
    is parsed: the server restarted since the page was loaded), the first edit after the page's load (the load
    parsed its text and kept the document), then the next edit, carrying the text the first one returned (the
    page's usual flow: its document was kept, serve/parsed.py)."""
    from enemy_move.document.document import ScenarioDocument
    from enemy_move.serve import parsed
    from enemy_move.serve.board import edit

    texts = {"gloomhaven 64x64, 62 figures": gloomhaven_file(), f"agemonia 1000 areas, {LINKS} links": agemonia_file()}
    rows = []
    for name, label, (first, then) in SERVE_EDITS:
        edit(texts[name], "warm.yaml", first)  # imports and caches warm
        parsed.forget()
        start = time.thread_time()
        edit(texts[name], "board.yaml", first)
        rows.append((name, f"the page: {label} (a text not seen: parsed)", 1000 * (time.thread_time() - start)))
        parsed.forget()
        parsed.keep(texts[name], "board.yaml", ScenarioDocument.from_text(texts[name], "board.yaml"))  # the page's load
        start = time.thread_time()
        text, _ = edit(texts[name], "board.yaml", first)
        rows.append((name, f"the page: {label} (the first edit after the page's load)", 1000 * (time.thread_time() - start)))
        start = time.thread_time()
        edit(text, "board.yaml", then)
        rows.append((name, f"the page: {label} (the text the last edit returned)", 1000 * (time.thread_time() - start)))
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


def main() -> list[tuple[str, str, float]]:
    from measure import load

    print(f"\n## The editor: one edit on the screen's thread, largest files (CPU of that thread; {load()})\n")
    print(f"Goal: at most {GOAL_MS:.0f} ms.\n")
    print("| file | edit | ms |\n|---|---|---:|")
    rows = measure() + measure_serve()
    for name, label, ms in rows:
        print(f"| {name} | {label} | {ms:.1f}{'' if ms <= GOAL_MS else ' **over**'} |")
    worst = max(rows, key=lambda row: row[2])
    print(f"\nworst: {worst[1]} on {worst[0]}: {worst[2]:.1f} ms")
    return rows


if __name__ == "__main__":
    main()
