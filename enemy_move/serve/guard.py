"""What every request passes before a page or the API sees it (one ASGI middleware, no framework magic):

* with a token (``serve --lan``): the request carries it, in the URL (``?token=``) or in the cookie the
  first page set; otherwise 403;
* on a loopback address: the Host header names this machine (a page elsewhere cannot reach the server
  through a name of its own that resolves to 127.0.0.1: DNS rebinding);
* a POST from another site is refused (``Sec-Fetch-Site``, else ``Origin`` against ``Host``);
* a request body is at most ``MAX_BODY`` bytes (413; ``read_body`` caps one sent without a length too);
* an error in a handler is one line (500), never a traceback, on the page or in the terminal.
"""

from __future__ import annotations

import hmac
import logging
from collections.abc import Awaitable, Callable, MutableMapping
from http.cookies import SimpleCookie
from typing import Any
from urllib.parse import parse_qs, urlsplit

from ..loader import MAX_FILE_BYTES

Scope = MutableMapping[str, Any]
Message = MutableMapping[str, Any]
Receive = Callable[[], Awaitable[Message]]
Send = Callable[[Message], Awaitable[None]]
App = Callable[[Scope, Receive, Send], Awaitable[None]]

#: A JSON body carries a scenario's text, escaped: up to twice a file's cap, and room for the rest.
MAX_BODY = 2 * MAX_FILE_BYTES + 64 * 1024
COOKIE = "enemy_move_token"
LOOPBACK_NAMES = {"localhost", "127.0.0.1", "[::1]", "::1"}
log = logging.getLogger("enemy_move.serve")


async def _answer(send: Send, status: int, text: str, headers: list[tuple[bytes, bytes]] | None = None) -> None:
    body = (text + "\n").encode("utf-8")
    await send(
        {
            "type": "http.response.start",
            "status": status,
            "headers": [(b"content-type", b"text/plain; charset=utf-8"), (b"content-length", str(len(body)).encode()), *(headers or [])],
        }
    )
    await send({"type": "http.response.body", "body": body})


def _headers(scope: Scope) -> dict[str, str]:
    return {key.decode("latin-1").lower(): value.decode("latin-1") for key, value in scope.get("headers", [])}


class Guard:
    def __init__(self, app: App, token: str | None = None, loopback: bool = True) -> None:
        self.app = app
        self.token = token
        self.loopback = loopback

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        headers = _headers(scope)
        refusal = self._refusal(scope, headers)
        if refusal is not None:
            await _answer(send, refusal[0], refusal[1])
            return
        length = headers.get("content-length", "")
        if length.isdigit() and int(length) > MAX_BODY:
            await _answer(send, 413, f"request body larger than {MAX_BODY // 1024} KiB")
            return
        started = False

        async def watched(message: Message) -> None:
            nonlocal started
            if message["type"] == "http.response.start":
                started = True
                if self.token and _query_token(scope) and _query_token(scope) == self.token:
                    message["headers"] = [*message.get("headers", []), _cookie(self.token)]
            await send(message)

        try:
            await self.app(scope, receive, watched)
        except Exception as error:  # one line, never a traceback
            log.warning(
                "enemy-move serve: %s %s: internal error: %s: %s", scope.get("method"), scope.get("path"), type(error).__name__, error
            )
            if not started:
                await _answer(send, 500, f"internal error ({type(error).__name__}); the server goes on")

    def _refusal(self, scope: Scope, headers: dict[str, str]) -> tuple[int, str] | None:
        host = headers.get("host", "")
        if self.loopback and _host_name(host) not in LOOPBACK_NAMES:
            return 403, f"forbidden: this server answers to localhost and 127.0.0.1, not {host[:80]!r}"
        if self.token and not self._has_token(scope, headers):
            return 403, "forbidden: open the link enemy-move serve printed (it carries the token)"
        if scope.get("method") not in ("GET", "HEAD"):
            site = headers.get("sec-fetch-site")
            if site is not None and site not in ("same-origin", "none"):
                return 403, "forbidden: a request from another site"
            origin = headers.get("origin")
            if origin is not None and (origin == "null" or urlsplit(origin).netloc.lower() != host.lower()):
                return 403, "forbidden: a request from another origin"
        return None

    def _has_token(self, scope: Scope, headers: dict[str, str]) -> bool:
        assert self.token is not None
        given = _query_token(scope) or headers.get("x-enemy-move-token")
        if given is None and "cookie" in headers:
            cookie: SimpleCookie = SimpleCookie()
            try:
                cookie.load(headers["cookie"])
            except Exception:  # a malformed cookie header is no token
                return False
            given = cookie[COOKIE].value if COOKIE in cookie else None
        return given is not None and hmac.compare_digest(given.encode(), self.token.encode())


class TooLarge(Exception):
    """A request body over MAX_BODY (read in pieces: a body without Content-Length is capped too)."""


async def read_body(stream: Any) -> bytes:
    """The request's body, at most MAX_BODY bytes (TooLarge beyond)."""
    chunks: list[bytes] = []
    size = 0
    async for chunk in stream:
        size += len(chunk)
        if size > MAX_BODY:
            raise TooLarge
        chunks.append(chunk)
    return b"".join(chunks)


def _query_token(scope: Scope) -> str | None:
    query = scope.get("query_string", b"").decode("latin-1")
    values = parse_qs(query).get("token")
    return values[0] if values else None


def _cookie(token: str) -> tuple[bytes, bytes]:
    return b"set-cookie", f"{COOKIE}={token}; Path=/; HttpOnly; SameSite=Strict".encode()


def _host_name(host: str) -> str:
    host = host.strip().lower()
    if host.startswith("["):
        return host[: host.find("]") + 1]
    return host.rsplit(":", 1)[0] if host.count(":") == 1 else host
