"""`make bench`'s page section (issue 34): the cost of each whole phase's `--html` page and `--svg` picture
against its `--json` answer.

For each whole-phase file (bench/stress.py's phases at the caps, and a bundled phase with choices) it measures,
one fresh process each: `resolve FILE --json`, `resolve FILE --json --svg OUT` and `resolve FILE --json --html OUT`
(the JSON is written in all three, so that the text view's cost is not counted), and prints the CPU seconds,
the ratio to the JSON's and the file's size. Goals: at most 3 times the JSON's CPU time and at most 10 MB.
Usage: python bench/pages.py [--quick] [--only TEXT]
"""

from __future__ import annotations

import argparse
import sys
import tempfile
from collections.abc import Callable
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

from measure import ROOT, load, run  # noqa: E402

RATIO_GOAL, SIZE_GOAL_MB = 3.0, 10.0
#: The bundled phases measured beside the stress set (small: the process start dominates).
BUNDLED = ["scenarios/gloomhaven/87-phase-room-three-monsters.yaml", "scenarios/cloudspire/phase-lane-three-minions.yaml"]
#: The stress cases --quick keeps.
QUICK = ("31 monsters, 31 characters", "31 enemies AP", "adjacent sight, 61")


def cases(quick: bool) -> list[tuple[str, Callable[[], str]]]:
    import stress

    phases = [
        (name, make) for name, make in stress.CASES if ("phase" in name or "enemies" in name or "minions" in name) and "refused" not in name
    ]
    if quick:
        phases = [(name, make) for name, make in phases if any(key in name for key in QUICK)]
    return phases + [(path, (ROOT / path).read_text) for path in BUNDLED]


def measure_pages(quick: bool = False, only: str = "", timeout: float = 300.0) -> list[tuple[str, float, float, bool]]:
    """Prints the table; returns (case, worst ratio, largest MB, within the goals) per case."""
    print(f"\n## Whole-phase pages and pictures against their JSON (one process each; {load()})\n")
    print(f"Goals: at most {RATIO_GOAL:.0f} x the CPU time of `resolve FILE --json` and at most {SIZE_GOAL_MB:.0f} MB.\n")
    print(
        "| case | json CPU s | svg CPU s | x json | svg MB | html CPU s | x json | html MB | |\n|---|---:|---:|---:|---:|---:|---:|---:|---|"
    )
    rows = []
    python = [sys.executable, "-m", "enemy_move", "resolve"]
    with tempfile.TemporaryDirectory(prefix="enemy-move-pages-") as folder:
        for index, (name, make) in enumerate(cases(quick)):
            if only not in name:
                continue
            path = Path(folder) / f"phase-{index:02d}.yaml"
            path.write_text(make())
            picture, page = Path(folder) / "out.svg", Path(folder) / "out.html"
            json_only = run([*python, str(path), "--json"], runs=1, timeout=timeout)
            drawn = run([*python, str(path), "--json", "--svg", str(picture)], runs=1, timeout=timeout)
            paged = run([*python, str(path), "--json", "--html", str(page)], runs=1, timeout=timeout)
            if json_only.status != 0:
                print(f"| {name} | exit {json_only.status} | | | | | | | |")
                continue
            svg_mb = picture.stat().st_size / 1e6 if picture.exists() else float("nan")
            html_mb = page.stat().st_size / 1e6 if page.exists() else float("nan")
            base = max(json_only.cpu, 1e-6)
            ratios = (drawn.cpu / base, paged.cpu / base)
            ok = all(r <= RATIO_GOAL for r in ratios) and max(svg_mb, html_mb) <= SIZE_GOAL_MB and drawn.status == paged.status == 0
            print(
                f"| {name} | {json_only.cpu:.2f} | {drawn.cpu:.2f} | {ratios[0]:.2f} | {svg_mb:.1f} | {paged.cpu:.2f} | {ratios[1]:.2f} | "
                f"{html_mb:.1f} | {'' if ok else '**over the goal**'} |",
                flush=True,
            )
            rows.append((name, max(ratios), max(svg_mb, html_mb), ok))
    over = sum(not ok for *_, ok in rows)
    print(f"\n{over} of {len(rows)} phases over the goals ({RATIO_GOAL:.0f} x the JSON's time, {SIZE_GOAL_MB:.0f} MB)")
    return rows


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--quick", action="store_true", help="a few cases")
    parser.add_argument("--only", default="", help="run only the cases whose name contains this text")
    args = parser.parse_args()
    measure_pages(args.quick, args.only)


if __name__ == "__main__":
    main()
