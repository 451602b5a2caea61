"""The table page's speed (`make bench`, or `python bench/serve_bench.py`): a real server on loopback.

1. tap to answer: in Chromium as a phone (390x844), a tap painting a cell of the demo until the answer region
   has the new answer, measured in the page (performance.now around the tap; goal: under 300 ms). Skipped
   when /usr/bin/chromium or /usr/bin/chromedriver is missing;
2. 20 phones at once: 20 clients, each asking for the demo's answer and an edit in turn, 25 requests each;
   every answer checked, latency percentiles and requests per second.
Usage: python bench/serve_bench.py [--taps N] [--clients N] [--requests N]
"""

from __future__ import annotations

import argparse
import os
import statistics
import sys
import threading
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "tests"))

from serving import fetch, running  # noqa: E402

ROOT = Path(__file__).resolve().parent.parent
DEMO = "gloomhaven/demo.yaml"

TAP = """
var done = arguments[arguments.length - 1], symbol = arguments[0];
var cell = document.querySelector('[data-cell="2,1"]'), box = cell.getBoundingClientRect();
document.querySelector('[data-paint="' + symbol + '"]').click();
var answer = document.getElementById('answer');
var watch = new MutationObserver(function () { watch.disconnect(); done(performance.now() - start); });
watch.observe(answer, {childList: true, subtree: true, characterData: true});
var start = performance.now();
cell.dispatchEvent(new MouseEvent('click', {bubbles: true, clientX: box.x + box.width / 2, clientY: box.y + box.height / 2}));
"""


def taps(url: str, count: int) -> list[float] | None:
    if not (os.access("/usr/bin/chromium", os.X_OK) and os.access("/usr/bin/chromedriver", os.X_OK)):
        return None
    from selenium import webdriver
    from selenium.webdriver.chrome.service import Service

    options = webdriver.ChromeOptions()
    options.binary_location = "/usr/bin/chromium"
    for flag in (
        "--headless=new",
        "--no-sandbox",
        "--disable-gpu",
        "--disable-background-networking",
        "--disable-component-update",
        "--disable-sync",
        "--no-first-run",
        "--disable-dev-shm-usage",
    ):
        options.add_argument(flag)
    options.add_experimental_option("mobileEmulation", {"deviceMetrics": {"width": 390, "height": 844, "pixelRatio": 2, "touch": True}})
    driver = webdriver.Chrome(service=Service("/usr/bin/chromedriver"), options=options)
    try:
        driver.set_script_timeout(30)
        driver.get(f"{url}/board/{DEMO}")
        times = []
        for index in range(count + 2):
            elapsed = driver.execute_async_script(TAP, "#" if index % 2 == 0 else ".")
            if index >= 2:  # the first two warm the server (imports) and the browser
                times.append(float(elapsed))
        return times
    finally:
        driver.quit()


def load(url: str, clients: int, requests: int) -> dict[str, float]:
    text = (ROOT / "scenarios" / DEMO).read_text()
    expected = fetch(url + "/api/view", {"text": text}).json()["answer"]
    latencies: list[float] = []
    failures: list[str] = []
    lock = threading.Lock()

    def phone(number: int) -> None:
        for index in range(requests):
            start = time.perf_counter()
            if index % 2:
                reply = fetch(url + "/api/edit", {"text": text, "op": {"kind": "paint", "symbol": "#", "cell": f"{1 + number % 5},3"}})
                ok = reply.status == 200 and "answer" in reply.json()
            else:
                reply = fetch(url + "/api/view", {"text": text})
                ok = reply.status == 200 and reply.json()["answer"] == expected
            with lock:
                latencies.append(time.perf_counter() - start)
                if not ok:
                    failures.append(reply.text[:100])

    started = time.perf_counter()
    threads = [threading.Thread(target=phone, args=(n,)) for n in range(clients)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    wall = time.perf_counter() - started
    ordered = sorted(latencies)
    return {
        "requests": len(latencies),
        "failures": len(failures),
        "per_second": len(latencies) / wall,
        "p50_ms": 1000 * ordered[len(ordered) // 2],
        "p95_ms": 1000 * ordered[int(len(ordered) * 0.95)],
        "max_ms": 1000 * ordered[-1],
    }


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--taps", type=int, default=20)
    parser.add_argument("--clients", type=int, default=20)
    parser.add_argument("--requests", type=int, default=25)
    args = parser.parse_args()
    print(f"table page (enemy-move serve), load average {os.getloadavg()[0]:.2f}")
    with running(ROOT / "scenarios") as url:
        measured = taps(url, args.taps)
        if measured is None:
            print("  tap to answer: skipped (no /usr/bin/chromium or /usr/bin/chromedriver)")
        else:
            print(
                f"  tap to answer on the demo, {len(measured)} taps at 390x844: median {statistics.median(measured):.0f} ms, "
                f"max {max(measured):.0f} ms (goal: under 300 ms)"
            )
        result = load(url, args.clients, args.requests)
        print(
            f"  {args.clients} clients x {args.requests} requests (answers and edits of the demo): {result['requests']} answered, "
            f"{result['failures']} wrong; {result['per_second']:.0f}/s; latency median {result['p50_ms']:.0f} ms, "
            f"95% {result['p95_ms']:.0f} ms, max {result['max_ms']:.0f} ms"
        )


if __name__ == "__main__":
    main()
