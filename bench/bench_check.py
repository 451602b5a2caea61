"""Time `enemy-move check` over a scenario folder, whole process included.

Usage: python bench/bench_check.py [FOLDER] [--runs N]
Default folder: ../shared/suites/gloomhaven-sample when present, else scenarios/gloomhaven.
Reports milliseconds per scenario (best of N runs, wall clock, a fresh
process each run, so interpreter start-up and imports are included), and
a profile of one in-process run showing what dominates.
"""

from __future__ import annotations

import argparse
import cProfile
import io
import json
import pstats
import subprocess
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    default = ROOT.parent / "shared" / "suites" / "gloomhaven-sample"
    parser.add_argument("folder", nargs="?", default=str(default if default.is_dir() else ROOT / "scenarios" / "gloomhaven"))
    parser.add_argument("--runs", type=int, default=5)
    parser.add_argument("--profile", action="store_true", help="also print the top functions of one in-process run")
    args = parser.parse_args()
    command = [sys.executable, "-m", "enemy_move", "check", args.folder, "--json"]
    best = float("inf")
    count = 0
    for _ in range(args.runs):
        started = time.perf_counter()
        done = subprocess.run(command, capture_output=True, text=True, check=False)
        best = min(best, time.perf_counter() - started)
        count = json.loads(done.stdout)["summary"]["total"]
    print(f"{args.folder}: {count} scenarios, best of {args.runs}: {best:.3f} s, {1000 * best / max(count, 1):.1f} ms per scenario (whole process)")
    if args.profile:
        from enemy_move.checking import check_paths

        profile = cProfile.Profile()
        profile.enable()
        check_paths([args.folder])
        profile.disable()
        out = io.StringIO()
        pstats.Stats(profile, stream=out).sort_stats("tottime").print_stats(12)
        print(out.getvalue())


if __name__ == "__main__":
    main()
