"""`make test-lowest`: `enemy-move serve` with the lowest Starlette, uvicorn and segno pyproject.toml allows.

Starts the installed command on a free loopback port, asks for the front page, a board page, an edit and
POST /api/resolve, checks each answer, and stops the server. Usage: python tools/serve_smoke.py ENEMY_MOVE_COMMAND
"""

from __future__ import annotations

import json
import re
import subprocess
import sys
import urllib.request


def ask(url: str, body: bytes | None = None) -> tuple[int, str]:
    request = urllib.request.Request(url, data=body, headers={"Content-Type": "application/json"} if body else {})
    with urllib.request.urlopen(request, timeout=60) as response:
        return response.status, response.read().decode()


def main(command: str) -> None:
    server = subprocess.Popen([command, "serve", "scenarios", "--port", "0"], stdout=subprocess.PIPE, text=True)
    try:
        assert server.stdout is not None
        line = server.stdout.readline()
        found = re.search(r"http://127\.0\.0\.1:\d+/", line)
        if not found:
            raise SystemExit(f"serve printed no address: {line!r}")
        url = found.group(0)
        status, front = ask(url)
        assert status == 200 and 'href="/board/gloomhaven/demo.yaml"' in front, "front page"
        status, page = ask(url + "board/gloomhaven/demo.yaml")
        assert status == 200 and 'data-cell="2,1"' in page and 'aria-label="answer"' in page, "board page"
        status, script = ask(url + "static/board.js")
        assert status == 200 and "data-paint" in script, "the page's script (package data)"
        with open("scenarios/gloomhaven/demo.yaml", encoding="utf-8") as handle:
            text = handle.read()
        status, edited = ask(url + "api/edit", json.dumps({"text": text, "op": {"kind": "paint", "symbol": "#", "cell": "2,1"}}).encode())
        assert status == 200 and json.loads(edited)["text"] != text, "edit"
        status, resolved = ask(url + "api/resolve", text.encode())
        assert status == 200 and json.loads(resolved)["turns"], "api/resolve"
        print(f"serve: front page, board page, an edit and /api/resolve answered at {url}")
    finally:
        server.terminate()
        server.wait(10)


if __name__ == "__main__":
    main(sys.argv[1])
