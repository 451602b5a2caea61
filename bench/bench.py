"""`make bench`: how fast enemy-move answers, measured outside the test suite.

Prints, for this machine:

1. start-up: the bare import of the dependencies (`python -c "import yaml,
   pydantic, typer"`, the floor) and `enemy-move --help`, `resolve FILE --json`,
   `resolve FILE` (tables), each with its distance to the floor;
2. suites, whole process (`enemy-move check FOLDER`): ms per position over the
   shared Gloomhaven sample when it exists and over the project's scenarios;
3. the stress positions of bench/positions/ (whole process, one file each) and
   the slowest single positions of every folder (in process, caches cleared);
4. growth series per ruleset: one turn against board cells (areas for
   Agemonia), a whole phase against acting figures.

Every figure is the best of several runs. Wall-clock times suffer when the
machine is busy; CPU times (user + system of the process) much less, so both
are shown. Usage: python bench/bench.py [--runs N] [--quick]
"""

from __future__ import annotations

import argparse
import compileall
import os
import platform
import resource
import subprocess
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
#: The shared Gloomhaven sample next to the project (ENEMY_MOVE_SAMPLE overrides; measured when present).
SHARED_SAMPLE = Path(os.environ.get("ENEMY_MOVE_SAMPLE", ROOT.parent / "shared" / "suites" / "gloomhaven-sample"))
POSITIONS = ROOT / "bench" / "positions"
STARTUP_FILE = ROOT / "scenarios" / "gloomhaven" / "01-melee-approach.yaml"
sys.path.insert(0, str(Path(__file__).resolve().parent))


def machine() -> str:
    cpu = platform.processor() or "?"
    try:
        for line in Path("/proc/cpuinfo").read_text().splitlines():
            if line.startswith("model name"):
                cpu = line.split(":", 1)[1].strip()
                break
    except OSError:
        pass
    load = os.getloadavg()[0] if hasattr(os, "getloadavg") else float("nan")
    return (
        f"{platform.system()} {platform.machine()}, {cpu}, {os.cpu_count()} cores, "
        f"Python {platform.python_version()}, load average {load:.1f} at start"
    )


#: A stress position still running after this long is reported as such (it will not improve the table).
TIMEOUT = 120


def run(command: list[str], runs: int) -> tuple[float, float, str]:
    """Best wall-clock and best CPU seconds of ``command`` over ``runs`` fresh processes, and its output.

    A command that runs longer than TIMEOUT counts as infinitely slow.
    """
    best_wall = best_cpu = float("inf")
    output = ""
    env = dict(os.environ, PYTHONHASHSEED="0")
    env.pop("PYTHONDONTWRITEBYTECODE", None)  # measure what an installed copy does: bytecode cached
    for _ in range(runs):
        before = resource.getrusage(resource.RUSAGE_CHILDREN)
        started = time.perf_counter()
        try:
            done = subprocess.run(command, capture_output=True, text=True, check=False, cwd=ROOT, env=env, timeout=TIMEOUT)
        except subprocess.TimeoutExpired:
            return float("inf"), float("inf"), ""
        wall = time.perf_counter() - started
        after = resource.getrusage(resource.RUSAGE_CHILDREN)
        cpu = (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)
        best_wall, best_cpu = min(best_wall, wall), min(best_cpu, cpu)
        output = done.stdout
    return best_wall, best_cpu, output


def ms(seconds: float) -> str:
    return f"{1000 * seconds:8.1f}"


def startup(runs: int) -> None:
    python = sys.executable
    cli = [python, "-m", "enemy_move"]
    rows = [
        ("import floor: python -c 'import yaml, pydantic, typer'", [python, "-c", "import yaml, pydantic, typer"], None),
        ("enemy-move --help", cli + ["--help"], None),
        ("enemy-move resolve FILE --json", cli + ["resolve", str(STARTUP_FILE), "--json"], 40),
        ("enemy-move resolve FILE (tables)", cli + ["resolve", str(STARTUP_FILE)], 70),
    ]
    print(f"\n## Start-up (best of {runs}; FILE = {STARTUP_FILE.relative_to(ROOT)})\n")
    print(f"{'command':58} {'wall ms':>8} {'+floor':>7} {'cpu ms':>8} {'+floor':>7}  target")
    floor_wall = floor_cpu = 0.0
    for name, command, target in rows:
        wall, cpu, _ = run(command, runs)
        if not floor_wall:
            floor_wall, floor_cpu = wall, cpu
            print(f"{name:58} {ms(wall)} {'':7} {ms(cpu)}")
            continue
        goal = f"+{target} ms" if target else ""
        print(f"{name:58} {ms(wall)} {1000 * (wall - floor_wall):+7.1f} {ms(cpu)} {1000 * (cpu - floor_cpu):+7.1f}  {goal}")


def suites(runs: int) -> None:
    import json

    print(f"\n## Suites, whole process: enemy-move check FOLDER --json (best of {runs})\n")
    print(f"{'folder':48} {'files':>6} {'wall s':>7} {'ms/pos':>7} {'cpu s':>7} {'ms/pos':>7}  result")
    folders = [SHARED_SAMPLE] if SHARED_SAMPLE.is_dir() else []
    folders += [ROOT / "scenarios"]
    for folder in folders:
        wall, cpu, output = run([sys.executable, "-m", "enemy_move", "check", str(folder), "--json"], runs)
        try:
            summary = json.loads(output)["summary"]
        except (ValueError, KeyError):
            summary = {"total": 0}
        count = max(summary.get("total", 0), 1)
        verdict = ", ".join(f"{k} {v}" for k, v in summary.items() if k != "total")
        shown = str(folder.relative_to(ROOT)) if folder.is_relative_to(ROOT) else str(folder)
        print(
            f"{shown:48} {summary.get('total', 0):6} {wall:7.2f} {1000 * wall / count:7.1f} {cpu:7.2f} {1000 * cpu / count:7.1f}  {verdict}"
        )


def _fresh_caches() -> None:
    from enemy_move.geometry import los

    layouts = getattr(los, "_LAYOUTS", None)  # the per-layout sight cache, shared across boards
    if layouts is not None:
        layouts.clear()


def _resolve_time(scenario, runs: int) -> float:
    """Best in-process CPU seconds of one resolve, with the sight caches emptied before each run."""
    from enemy_move.checking import resolve_scenario

    best = float("inf")
    for _ in range(runs):
        _fresh_caches()
        started = time.process_time()
        resolve_scenario(scenario, None, {})
        best = min(best, time.process_time() - started)
    return best


# Prints the CPU seconds of resolving one file, in a process of its own (so that a runaway position times out).
_RESOLVE_ONLY = (
    "import sys, time\n"
    "from enemy_move.checking import resolve_scenario\n"
    "from enemy_move.models import load_scenario\n"
    "scenario = load_scenario(sys.argv[1])\n"
    "started = time.process_time()\n"
    "resolve_scenario(scenario, None, {})\n"
    "print(time.process_time() - started)\n"
)


def stress(runs: int) -> None:
    from enemy_move.models import load_scenario

    print(f"\n## Stress positions (bench/positions), one process each (best of {runs}; over {TIMEOUT} s shows inf)\n")
    print(f"{'file':48} {'wall ms':>8} {'cpu ms':>8} {'resolve cpu ms':>15}")
    for path in sorted(POSITIONS.glob("*.yaml")):
        wall, cpu, _ = run([sys.executable, "-m", "enemy_move", "resolve", str(path), "--json"], runs)
        inside = float("inf")
        for _ in range(runs if wall != float("inf") else 0):
            _, _, printed = run([sys.executable, "-c", _RESOLVE_ONLY, str(path)], 1)
            inside = min(inside, float(printed or "inf"))
        print(f"{path.name:48} {ms(wall)} {ms(cpu)} {ms(inside):>15}")

    print("\nSlowest single positions, in process (resolve only, sight caches emptied; best of 2):\n")
    folders = [SHARED_SAMPLE] if SHARED_SAMPLE.is_dir() else []
    folders += sorted(p for p in (ROOT / "scenarios").iterdir() if p.is_dir())
    for folder in folders:
        times = []
        for path in sorted(folder.glob("*.yaml")):
            try:
                scenario = load_scenario(path)
                times.append((_resolve_time(scenario, 2), path.name))
            except Exception:  # a file that does not resolve is `check`'s business, not the bench's
                continue
        if times:
            times.sort(reverse=True)
            slowest = ", ".join(f"{name} {1000 * t:.1f}" for t, name in times[:3])
            total = sum(t for t, _ in times)
            print(f"{folder.name:24} {len(times):4} files, mean {1000 * total / len(times):6.1f} ms, slowest (ms): {slowest}")


def growth(runs: int, quick: bool) -> None:
    import growth as series

    from enemy_move.models import load_scenario_text

    for title, table in (("one turn", series.TURN_SERIES), ("whole phase", series.PHASE_SERIES)):
        print(f"\n## Growth, {title} (in process, best of {runs}; time / size should stay flat when growth is linear)\n")
        for ruleset, (label, sizes, make, measure) in table.items():
            cells = []
            for size in sizes[:2] if quick else sizes:
                scenario = load_scenario_text(make(size), f"<{ruleset} {size}>")
                seconds = _resolve_time(scenario, runs)
                amount = measure(size)
                cells.append(f"{amount:>5} {label.split()[-1]}: {1000 * seconds:7.1f} ms ({1e6 * seconds / amount:7.1f} us each)")
            print(f"{ruleset:17} " + " | ".join(cells))


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=5, help="runs per measurement (best kept)")
    parser.add_argument("--quick", action="store_true", help="fewer runs and sizes (a smoke test of the bench itself)")
    args = parser.parse_args()
    runs = 1 if args.quick else args.runs
    # Start from compiled bytecode, as an installed copy would (otherwise every changed module is recompiled per run).
    compileall.compile_dir(str(ROOT / "enemy_move"), quiet=1)
    print("# enemy-move bench")
    print(f"\nMachine: {machine()}")
    startup(max(runs, 3) if not args.quick else 1)
    suites(max(1, runs // 2))
    stress(max(1, runs // 2))
    growth(max(1, runs // 2), args.quick)


if __name__ == "__main__":
    main()
