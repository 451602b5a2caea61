"""``enemy-move serve``: the table page (docs/serve.md). One machine serves a folder of scenario files; every
phone at the table opens a board, edits it by touch and sees where the enemies move, live.

A renderer-layer consumer: the board is the project's own SVG (render/svg.py), the answer the Result, the edits
the editor's document operations (document/document.py through editor/session.py). Starlette and uvicorn are
imported only by this command.
"""

from __future__ import annotations

import secrets
import socket
import sys
from typing import TextIO

#: The documented default port (docs/serve.md).
DEFAULT_PORT = 8765
DEFAULT_HOST = "127.0.0.1"


class ServeError(ValueError):
    """A bad folder, host or port (reported as ``enemy-move: ...``, exit 2)."""


def is_loopback(host: str) -> bool:
    return host in ("127.0.0.1", "localhost", "::1") or host.startswith("127.")


def bind(host: str, port: int) -> socket.socket:
    """The listening socket (bound here, so that a port in use is one line, not uvicorn's log)."""
    try:
        family = socket.AF_INET6 if ":" in host else socket.AF_INET
        sock = socket.socket(family, socket.SOCK_STREAM)
        sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
        sock.bind((host, port))
    except OSError as error:
        raise ServeError(f"cannot listen on {host}:{port}: {error.strerror or error}") from None
    sock.listen(128)
    return sock


def lan_address() -> str:
    """This machine's address on the local network (the one a route out would use; nothing is sent)."""
    probe = socket.socket(socket.AF_INET, socket.SOCK_DGRAM)
    try:
        probe.connect(("10.255.255.255", 1))
        return str(probe.getsockname()[0])
    except OSError:
        return "127.0.0.1"
    finally:
        probe.close()


def print_qr(url: str, out: TextIO) -> None:
    """The URL as a QR code drawn with half blocks (segno: a small, maintained, pure-Python encoder)."""
    import segno

    segno.make(url, error="m").terminal(out=out, compact=True, border=2)


def run(folder: str, host: str, port: int, out: TextIO = sys.stdout) -> None:
    import os

    if not os.path.isdir(folder):
        raise ServeError(f"{folder}: not a folder")
    loopback = is_loopback(host)
    token = None if loopback else secrets.token_urlsafe(16)
    sock = bind(host, port)
    shown = host if loopback else (lan_address() if host in ("0.0.0.0", "::") else host)
    shown = f"[{shown}]" if ":" in shown else shown
    real_port = sock.getsockname()[1]
    url = f"http://{shown}:{real_port}/" + (f"?token={token}" if token else "")
    out.write(f"enemy-move serve: {os.path.abspath(folder)} at {url}  (Ctrl+C stops)\n")
    if token:
        out.write("Phones on this network: scan the code, or type the address; requests without its token are refused.\n")
        print_qr(url, out)
    out.flush()
    serve_socket(folder, sock, token, loopback)


def serve_socket(folder: str, sock: socket.socket, token: str | None, loopback: bool) -> None:
    import uvicorn

    from .app import make_app

    config = uvicorn.Config(make_app(folder, token, loopback), log_level="warning", access_log=False, timeout_graceful_shutdown=2)
    uvicorn.Server(config).run(sockets=[sock])
