"""The HTML of the two pages: the front page (the folder's files, new boards) and a board page's frame
(palette, buttons, the first drawing, the state the script starts from). Every name a user wrote is escaped."""

from __future__ import annotations

from typing import Any
from urllib.parse import quote

from ..safe_text import for_markup as escape
from ..safe_text import json_dumps
from ..safe_text import quoted_attribute as quoteattr

HEAD = (
    '<!DOCTYPE html>\n<html lang="en"><head><meta charset="utf-8">'
    '<meta name="viewport" content="width=device-width, initial-scale=1">'
    '<link rel="stylesheet" href="/static/board.css"><title>{title}</title></head>'
)


def front_page(folder: str, files: list[str], cut: bool, rulesets: list[str]) -> str:
    """New boards first (a thumb's reach on a phone), then the files, one foldable group per sub-folder."""
    listed = _file_groups(files) if files else "<p>No scenario files (*.yaml) in this folder yet: start a new board.</p>"
    more = f"<p>Only the first {len(files)} files are listed.</p>" if cut else ""
    new = "".join(f'<li><a href="/new/{quote(name)}">New {escape(name)} board</a></li>' for name in rulesets)
    return (
        HEAD.format(title="enemy-move")
        + '<body class="front"><h1>enemy-move</h1>'
        + '<p class="meta">A board page shows where the enemies move, live, as you edit it.</p>'
        + f'<details class="new"><summary>New board</summary><ul class="files new">{new}</ul></details>'
        + f"<h2>Boards in {escape(folder)}</h2>{listed}{more}</body></html>\n"
    )


def _file_groups(files: list[str]) -> str:
    """The files as plain links, grouped by their folder (open: every link is there to find and to tap)."""
    groups: dict[str, list[str]] = {}
    for name in files:
        groups.setdefault(name.rpartition("/")[0], []).append(name)
    if len(groups) == 1:
        return _file_list(files, strip="")
    return "".join(
        f"<details open><summary>{escape(group or '(this folder)')} · {len(names)}</summary>{_file_list(names, strip=group)}</details>"
        for group, names in groups.items()
    )


def _file_list(names: list[str], strip: str) -> str:
    items = "".join(f'<li><a href="/board/{quote(name)}">{escape(name[len(strip) + 1 :] if strip else name)}</a></li>' for name in names)
    return f'<ul class="files">{items}</ul>'


def _palette(symbols: dict[str, str], board_kind: str) -> str:
    buttons = [
        '<button type="button" class="tool picked" data-tool="look" aria-pressed="true">Look</button>',
        '<button type="button" class="tool" data-tool="sight" aria-pressed="false">Sight</button>',
    ]
    if board_kind != "areas":
        for symbol, terrain in symbols.items():
            shown = "blank" if symbol == " " else symbol
            name = "no cell" if symbol == " " else terrain
            buttons.append(
                f'<button type="button" class="tool" data-paint={quoteattr(symbol)} aria-pressed="false" title={quoteattr(name)}>'
                f"<b>{escape(shown)}</b> {escape(name)}</button>"
            )
        buttons.append('<button type="button" class="tool" data-tool="wall" aria-pressed="false">Thin wall</button>')
    buttons.append(
        '<span class="place"><input id="new-label" maxlength="1" autocomplete="off" autocapitalize="off" aria-label="figure label"'
        ' placeholder="A"><button type="button" class="tool" data-tool="place" aria-pressed="false">Place figure</button></span>'
    )
    return '<div class="palette" role="toolbar" aria-label="palette">' + "".join(buttons) + "</div>"


#: An area board's search box (static/zoom.js shows it on a board of many areas): the area named is centred and
#: outlined. Its suggestions are the board's names, filled in by the script from the drawing.
FIND = (
    '<form id="find" class="find" role="search" hidden><input id="find-area" type="search" list="find-names"'
    ' placeholder="Find an area" aria-label="find an area by name" autocomplete="off" autocapitalize="off"'
    ' enterkeyhint="search"><datalist id="find-names"></datalist><button type="submit">Find</button></form>'
)


def board_page(state: dict[str, Any], view: dict[str, Any], symbols: dict[str, str], board_kind: str, title: str, wall: str = "#") -> str:
    """The board page: the board, the palette, the buttons, the answer; ``state`` starts the script."""
    areas = board_kind == "areas"
    walled = not areas and bool(wall)  # Wall border: only where the game has walls
    buttons = [
        '<button type="button" data-action="undo">Undo</button>',
        '<button type="button" data-action="redo">Redo</button>',
        '<button type="button" data-action="next" class="main">Next round</button>',
        '<button type="button" data-action="save" class="main">Save</button>',
        '<button type="button" data-action="share">Share</button>',
        '<button type="button" data-action="card">Card</button>',
        *(['<button type="button" data-action="stats">Stat cards</button>'] if state.get("stats") else []),
        *(['<button type="button" data-action="enemy-cards">Enemy cards</button>'] if state.get("enemy_cards") else []),
        '<button type="button" data-action="scenario">Scenario</button>',
        *(['<button type="button" data-action="links">Links</button>'] if areas else []),
        *(['<button type="button" data-action="border">Wall border</button>'] if walled else []),
    ]
    # The state as JSON inside <script>: "<" escaped, so no text a user wrote can close the element.
    data = json_dumps(state).replace("<", "\\u003c")
    where = escape(state.get("file") or "new board, not saved yet")
    return (
        HEAD.format(title=escape(title))
        + '<body class="board-page"><header><a href="/" class="back">Files</a>'
        + f'<h1>{escape(title)}</h1><p class="meta">{where}</p></header>'
        # On a phone: the board, what a tap did, the answer, then the tools; on a wide screen the answer beside.
        + '<main class="layout">'
        # a board too large for the screen pans in its box, with these buttons (static/zoom.js shows them)
        + '<div class="board-area"><div id="zoom" class="zoom" role="toolbar" aria-label="zoom" hidden>'
        + '<button type="button" data-zoom="out" aria-label="zoom out">\u2212</button>'
        + '<button type="button" data-zoom="in" aria-label="zoom in">+</button>'
        + '<button type="button" data-zoom="fit">Fit</button><span class="zoom-level"></span></div>'
        + (FIND if areas else "")
        + f'<div id="board">{view["board"]}</div></div>'
        + '<div class="said"><p id="status" role="status" aria-live="polite"></p><div id="shared" class="shared" hidden></div></div>'
        + f'<section id="answer" aria-label="answer" aria-live="polite">{view["answer"]}</section>'
        + _palette(symbols, board_kind)
        + '<div class="actions" role="toolbar" aria-label="actions">'
        + "".join(buttons)
        + '</div><div id="form"></div></main>'
        + f'<script type="application/json" id="state">{data}</script><script src="/static/board.js"></script><script src="/static/zoom.js"></script></body></html>\n'
    )


def error_page(status: int, message: str) -> str:
    return (
        HEAD.format(title="enemy-move")
        + f'<body class="front"><h1>{status}</h1><p>{escape(message)}</p><p><a href="/">Files</a></p></body></html>\n'
    )
