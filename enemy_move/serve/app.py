"""The table page's server: Starlette routes over the board (board.py), the forms (forms.py, formhtml.py) and the files
(files.py), wrapped in the guard (guard.py). Handlers that resolve run in the thread pool, so one slow board
never stalls the other phones."""

from __future__ import annotations

import base64
import contextlib
import json
import zlib
from importlib import resources
from typing import Any

from starlette.applications import Starlette
from starlette.concurrency import run_in_threadpool
from starlette.requests import Request
from starlette.responses import HTMLResponse, Response
from starlette.routing import Route

from ..errors import ScenarioError
from ..loader import MAX_FILE_BYTES
from ..safe_text import json_dumps
from . import board, pages
from .files import Folder, PathRefused, digest
from .files import read_text as _read
from .guard import Guard, TooLarge, read_body

STATIC = {
    "board.js": "text/javascript; charset=utf-8",
    "zoom.js": "text/javascript; charset=utf-8",
    "board.css": "text/css; charset=utf-8",
}
#: The page's URL carries a shared position compressed; longer than this it is refused.
MAX_SHARE_CHARS = 64 * 1024
DAMAGED = "the link's position is damaged (copy the whole link)"


def pack(text: str) -> str:
    return base64.urlsafe_b64encode(zlib.compress(text.encode("utf-8"), 9)).decode().rstrip("=")


def unpack(value: str) -> str:
    """A shared position's text (PathRefused-like ValueError when it is not one, or too large)."""
    if len(value) > MAX_SHARE_CHARS:
        raise ValueError("the shared position is too long")
    if not value.replace("-", "").replace("_", "").isalnum() or not value.isascii():
        raise ValueError(DAMAGED)
    try:
        packed = base64.urlsafe_b64decode(value + "=" * (-len(value) % 4))
        inflate = zlib.decompressobj()
        raw = inflate.decompress(packed, MAX_FILE_BYTES + 1)
    except (ValueError, zlib.error):
        raise ValueError(DAMAGED) from None
    if not inflate.eof and not inflate.unconsumed_tail:
        raise ValueError(DAMAGED)
    if len(raw) > MAX_FILE_BYTES or inflate.unconsumed_tail:
        raise ValueError(f"the shared position is larger than the {MAX_FILE_BYTES // 1024} KiB limit for scenario files")
    if inflate.unused_data:  # bytes after the compressed text: two links run together, or a damaged one
        raise ValueError(DAMAGED)
    try:
        return raw.decode("utf-8")  # strict: a damaged text is refused, never shown with replacement marks
    except UnicodeDecodeError:
        raise ValueError(DAMAGED) from None


def _json(data: Any, status: int = 200) -> Response:
    return Response(json_dumps(data, indent=None), status_code=status, media_type="application/json")


class Server:
    """The routes of one served folder."""

    def __init__(self, folder: Folder, token: str | None = None) -> None:
        self.folder = folder
        self.token = token
        self.static = {name: resources.files(__package__).joinpath("static", name).read_bytes() for name in STATIC}

    # --- pages -------------------------------------------------------------------------------

    async def front(self, request: Request) -> Response:
        from ..starters import starter_rulesets

        files, cut = await run_in_threadpool(self.folder.listing)
        return HTMLResponse(pages.front_page(str(self.folder.root), files, cut, starter_rulesets()))

    async def static_file(self, request: Request) -> Response:
        name = request.path_params["name"]
        if name not in STATIC:
            return Response("not found\n", 404, media_type="text/plain")
        return Response(self.static[name], media_type=STATIC[name], headers={"cache-control": "no-cache"})

    async def board_page(self, request: Request) -> Response:
        name = request.path_params["name"]
        try:
            path = self.folder.resolve(name)
            text = await run_in_threadpool(_read, path)
        except PathRefused as error:
            return HTMLResponse(pages.error_page(404, str(error)), 404)
        except ScenarioError as error:
            return HTMLResponse(pages.error_page(422, str(error)), 422)
        return await self._page(request, text, self.folder.relative(path), digest(text))

    async def new_page(self, request: Request) -> Response:
        from ..document.document import EditError, ScenarioDocument

        try:
            text = (await run_in_threadpool(ScenarioDocument.new, request.path_params["ruleset"])).text()
        except EditError as error:
            return HTMLResponse(pages.error_page(404, str(error)), 404)
        return await self._page(request, text, None, None)

    async def _page(self, request: Request, text: str, file: str | None, base: str | None) -> Response:
        shared = request.query_params.getlist("position")
        if shared:
            try:
                if len(shared) > 1 or not shared[0]:  # a link cut after `position=`, or two run together
                    raise ValueError(DAMAGED)
                text = unpack(shared[0])
            except ValueError as error:
                return HTMLResponse(pages.error_page(400, str(error)), 400)
        page = await run_in_threadpool(self._render_page, text, file, base, request.url.path)
        return HTMLResponse(page)

    def _render_page(self, text: str, file: str | None, base: str | None, path: str) -> str:
        from ..editor import enemycards, palette, stats
        from .parsed import keep

        shown = file or "new board"
        view = board.view(board.Request(text, shown))
        document = _document(text, shown)
        if document is not None:
            keep(text, shown, document)  # the page's first edit carries this text: it finds it parsed (serve/parsed.py)
        ruleset = document.ruleset if document is not None else ""
        kind = (document.board_kind if document is not None else None) or "hex"
        legend = document.get("legend") if document is not None else None
        symbols = palette.map_symbols(ruleset or "", legend if isinstance(legend, dict) else None)
        title = document.get("title") if document is not None else None
        state = {"text": text, "file": file, "base": base, "path": path, "token": self.token, "turns": view["turns"], "kind": kind}
        state["stats"] = stats.stat_models(ruleset) is not None  # the Stat cards button
        state["enemy_cards"] = enemycards.enemy_card_models(ruleset) is not None  # the Enemy cards button
        game = document.game if document is not None else None
        wall = game.wall_symbol if game is not None else ""
        return pages.board_page(state, view, symbols, kind, str(title) if isinstance(title, str) and title else shown, wall)

    # --- the page's API --------------------------------------------------------------------

    async def api(self, request: Request) -> Response:
        action = request.path_params["action"]
        handler = {"view": _view, "edit": _edit, "next": _next, "form": _form, "share": _share, "qr": _qr}.get(action)
        if handler is None and action != "save":
            return _json({"error": f"no API {action!r}"}, 404)
        try:
            data = json.loads(await read_body(request.stream()))
        except TooLarge:
            return _json({"error": f"request larger than {MAX_FILE_BYTES // 1024} KiB (the limit for scenario files)"}, 413)
        except (ValueError, UnicodeDecodeError):
            return _json({"error": "expected a JSON body"}, 400)
        try:
            if action == "save":
                status, answer = await run_in_threadpool(self._save, data)
                return _json(answer, status)
            return _json(await run_in_threadpool(handler, data))  # type: ignore[arg-type]
        except board.BadRequest as error:
            return _json({"error": str(error)}, 400)
        except ScenarioError as error:
            return _json({"error": str(error)}, 422)

    def _save(self, data: Any) -> tuple[int, dict[str, Any]]:
        from .saving import save

        return save(self.folder, data)

    async def resolve(self, request: Request) -> Response:
        """``POST /api/resolve``: a scenario's text in, the document ``resolve - --json`` prints out."""
        from .resolving import resolve_json

        try:
            raw = await read_body(request.stream())
        except TooLarge:
            raw = b"x" * (MAX_FILE_BYTES + 1)  # the loader's own message for a file over the cap
        status, document = await run_in_threadpool(resolve_json, raw)
        return Response(json_dumps(document) + "\n", status_code=status, media_type="application/json")


def _document(text: str, file: str) -> Any:
    from .parsed import commented, read

    try:
        document = read(text, file)
        # kept for the first edit (serve/parsed.py): read by ruamel when it has comments, which a fast document's
        # edits near them would need (the page's load pays it, not its first edit)
        return read(text, file, fast=False) if commented(document) else document
    except ScenarioError:
        return None


def _file(data: Any) -> str:
    file = data.get("file") if isinstance(data, dict) else None
    return file if isinstance(file, str) and len(file) < 1000 else "new board"


def _view(data: Any) -> dict[str, Any]:
    request = board.parse_request(data, _file(data))
    drawn = board.view(request)
    if drawn["error"] is None:
        _keep_read(request.text, request.file)
    return drawn


def _keep_read(text: str, file: str) -> None:
    """Keep the document of a text a view drew when an edit lately took it (the page's undo: its text before its last
    edit), read from libyaml's events as that edit would read it: the edit finds it (reading it there cost 0.1 s on a
    board of 1,000 areas; the view itself resolves the phase, about 1.7 s). Any other view reads nothing more, and
    none is read by ruamel (as the page's load reads a commented text): both cost the server a third of the answers it
    gives a second to phones viewing and editing the demo (bench/serve_bench.py)."""
    from .parsed import holds, keep, read, taken

    if taken(text, file) and not holds(text, file):
        with contextlib.suppress(ScenarioError):  # the view drew it, but an edit reads it apart (NeedsRuamel...)
            keep(text, file, read(text, file))


def _edit(data: Any) -> dict[str, Any]:
    request = board.parse_request(data, _file(data))
    text, message = board.edit(request.text, request.file, data.get("op"))
    if text != request.text:
        request.choices = {}  # every edit starts the players' choices again, as in the editor
    request.text = text
    return {"text": text, "message": message, "choices": request.choices, **board.view(request)}


def _next(data: Any) -> dict[str, Any]:
    request = board.parse_request(data, _file(data))
    text, need, message = board.next_round(request)
    if text is None:
        return {"text": None, "need": need, "message": message}
    request.text, request.choices, request.turn, request.why = text, {}, 0, None
    return {"text": text, "message": message, "choices": {}, **board.view(request)}


def _form(data: Any) -> dict[str, Any]:
    from .formhtml import form_html, links_html
    from .forms import FormError
    from .parsed import document_for, keep

    request = board.parse_request(data, _file(data))
    what, target = data.get("what"), data.get("target") or ""
    if not isinstance(what, str) or not isinstance(target, str):
        raise board.BadRequest("what, target: expected texts")
    try:
        document = document_for(request.text, request.file)  # the kept one when the page's text was seen (read only)
    except ScenarioError:
        raise board.BadRequest("the board is not valid YAML: fix it in the file first") from None
    try:
        return {"html": links_html(document) if what == "links" else form_html(document, what, target)}
    except FormError as error:
        return {"html": "", "message": str(error)}
    finally:
        keep(request.text, request.file, document)  # a form changes nothing: the next edit finds it


def _share(data: Any) -> dict[str, Any]:
    request = board.parse_request(data, _file(data))
    try:
        return {"position": pack(request.text)}
    except UnicodeEncodeError:  # JSON may carry "\ud800": no UTF-8 holds it, and no link may drop it unseen
        raise board.BadRequest("the board's text holds a lone surrogate (not a character): it cannot be shared") from None


def _qr(data: Any) -> dict[str, Any]:
    from .qr import qr_answer

    return qr_answer(data)


def make_app(folder: str, token: str | None = None, loopback: bool = True) -> Guard:
    """The ASGI application serving ``folder``: with ``token``, every request must carry it."""
    server = Server(Folder.at(folder), token)

    async def not_found(request: Request, error: Exception) -> Response:
        status = getattr(error, "status_code", 404)
        return Response(f"{getattr(error, 'detail', 'not found')}\n", status, media_type="text/plain")

    app = Starlette(
        routes=[
            Route("/", server.front),
            Route("/static/{name}", server.static_file),
            Route("/board/{name:path}", server.board_page),
            Route("/new/{ruleset}", server.new_page),
            Route("/api/resolve", server.resolve, methods=["POST"]),
            Route("/api/{action}", server.api, methods=["POST"]),
        ],
        exception_handlers={404: not_found, 405: not_found},
    )
    return Guard(app, token, loopback)
