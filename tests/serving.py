"""A served folder on a loopback port for the tests (a real uvicorn in a thread), and a small HTTP client."""

from __future__ import annotations

import json
import shutil
import threading
import time
import urllib.error
import urllib.request
from collections.abc import Iterable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path
from typing import Any


@dataclass
class Reply:
    status: int
    text: str
    headers: dict[str, str]

    def json(self) -> Any:
        return json.loads(self.text)


@contextmanager
def running(folder: Path | str, token: str | None = None) -> Iterator[str]:
    import uvicorn

    from enemy_move.serve import bind
    from enemy_move.serve.app import make_app

    sock = bind("127.0.0.1", 0)
    port = sock.getsockname()[1]
    server = uvicorn.Server(uvicorn.Config(make_app(str(folder), token), log_level="warning", access_log=False))
    thread = threading.Thread(target=server.run, kwargs={"sockets": [sock]}, daemon=True)
    thread.start()
    for _ in range(500):
        if server.started:
            break
        time.sleep(0.01)
    try:
        yield f"http://127.0.0.1:{port}"
    finally:
        server.should_exit = True
        thread.join(10)
        sock.close()


def fetch(
    url: str, data: Any = None, *, raw: bytes | None = None, headers: dict[str, str] | None = None, method: str | None = None
) -> Reply:
    body = raw if raw is not None else (json.dumps(data).encode() if data is not None else None)
    request = urllib.request.Request(url, data=body, headers=headers or {}, method=method)
    if data is not None:
        request.add_header("Content-Type", "application/json")
    try:
        with urllib.request.urlopen(request, timeout=60) as response:
            return Reply(response.status, response.read().decode(), dict(response.headers))
    except urllib.error.HTTPError as error:
        return Reply(error.code, error.read().decode(), dict(error.headers))


def post_ok(url: str, api: str, **body: object) -> dict[str, Any]:
    """The page's API answer to ``body``, which must be 200."""
    reply = fetch(f"{url}/api/{api}", body)
    assert reply.status == 200, reply.text
    data: dict[str, Any] = reply.json()
    return data


def copy_scenarios(root: Path, names: Iterable[str], source: Path) -> Path:
    """``root`` holding a copy of each of ``names`` (paths under ``source``), in their folders."""
    for name in names:
        (root / name).parent.mkdir(parents=True, exist_ok=True)
        shutil.copy(source / name, root / name)
    return root


def set_values(url: str, text: str, values: dict[str, object]) -> str:
    """The text after a form's fields ``values`` are applied on the page (the edit must take)."""
    changed = post_ok(url, "edit", text=text, file="x.yaml", op={"kind": "set", "values": values, "figure": ""})
    assert changed["message"] is None, changed["message"]
    return str(changed["text"])
