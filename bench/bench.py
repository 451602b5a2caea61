"""`make bench`: how fast enemy-move answers, measured outside the test suite (issue 27's goals).

Prints, for this machine and its load at the time:

1. start-up: the bare import of the dependencies (`python -c "import yaml, pydantic, typer"`, the
   floor) and `enemy-move --help`, `resolve FILE --json`, `resolve FILE` (tables) above it, in CPU time and
   in instructions (callgrind, when valgrind is installed: the goals are judged on these, load-independent)
   (goals: 40 and 70 ms above the floor);
2. the editor's live answer: validate + resolve of the demo in process (goal: under 20 ms), and one edit's
   cost on the editor's screen thread on the largest files (bench/editor_edits.py; goal: at most 50 ms);
3. suites, whole process (`enemy-move check FOLDER`): the shared Gloomhaven sample when it is next
   to the project and the project's scenarios;
4. gloom side by side (bench/gloom_side.py) with the gloom in ../shared/reference/gloom-server when it is
   there (`make bench GLOOM=/path` for another): gloom's own 546 test positions, our CPU time over gloom's
   (goal: at most 0.08);
5. heavy files at the caps (bench/stress.py's cases and bench/positions/): CPU seconds and peak
   memory of each, flagged over 10 s or 1 GB; the 60-turn phase on a 64 x 64 board (goal 200 MB);
6. growth of time and memory with board size, figures and movement per ruleset (bench/growth.py),
   with Cloudspire's move counting per movement point (goal: linear);
7. each whole phase's `--html` page and `--svg` picture against its `--json` (bench/pages.py; goals: at
   most 3 times the JSON's CPU time and 10 MB).

Every figure is the best of several fresh processes; CPU time (user + system, children included)
is the figure to trust on a shared machine, wall time is shown beside it, and the load average is
printed with each section. Usage: python bench/bench.py [--runs N] [--quick] [--gloom PATH]
"""

from __future__ import annotations

import argparse
import compileall
import json
import os
import re
import shutil
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent))
sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from measure import ROOT, load, machine, run, shared  # noqa: E402

#: The shared Gloomhaven sample next to the project (ENEMY_MOVE_SAMPLE overrides; measured when present).
SHARED_SAMPLE = Path(os.environ.get("ENEMY_MOVE_SAMPLE", shared("suites", "gloomhaven-sample")))
#: The gloom measured against when no --gloom/GLOOM is given (issue 34: gloom's current solver, Python 2).
SHARED_GLOOM = shared("reference", "gloom-server")
POSITIONS = ROOT / "bench" / "positions"
DEMO = ROOT / "scenarios" / "gloomhaven" / "demo.yaml"
GOAL_SECONDS, GOAL_MB, PHASE_GOAL_MB = 10.0, 1024, 200
#: The stress cases --quick runs (a name containing any of these).
QUICK_CASES = ("61 monsters", "AoE", "60 minions", "adjacent sight, 61", "12-action card (6")
#: (goal, measured, met) of each of issue 27's goals a section measured, summed up at the end.
GOALS: list[tuple[str, str, bool]] = []


def ms(seconds: float) -> str:
    return f"{1000 * seconds:8.1f}"


#: CPU milliseconds per million instructions on the reference machine (docs/speed.md), to read a count as time.
MS_PER_MI = 0.15


def instructions(command: list[str]) -> int | None:
    """Instructions the command executes (callgrind), which do not depend on the load; None without valgrind."""
    valgrind = shutil.which("valgrind")
    if valgrind is None:
        return None
    done = subprocess.run(
        [valgrind, "--tool=callgrind", "--callgrind-out-file=/dev/null", *command],
        capture_output=True,
        text=True,
        cwd=ROOT,
        check=False,
    )
    found = re.search(r"Collected : (\d+)", done.stderr)
    return int(found.group(1)) if found else None


def startup(runs: int) -> None:
    """Start-up above the import floor, in CPU time and (load-independent) instructions; the goals are judged on
    instructions when valgrind is there, since on a shared machine CPU time grows with the load."""
    python = sys.executable
    # The installed command a player runs (its console script), else the module.
    script = Path(python).parent / "enemy-move"
    cli = [str(script)] if script.exists() else [python, "-m", "enemy_move"]
    rows = [
        ("import floor: python -c 'import yaml, pydantic, typer'", [python, "-c", "import yaml, pydantic, typer"], None),
        ("enemy-move --help", cli + ["--help"], None),
        ("enemy-move resolve demo.yaml --json", cli + ["resolve", str(DEMO), "--json"], 40),
        ("enemy-move resolve demo.yaml (tables)", cli + ["resolve", str(DEMO)], 70),
    ]
    print(f"\n## Start-up (best of {runs}; {load()})\n")
    print(f"{'command':58} {'wall ms':>8} {'+floor':>7} {'cpu ms':>8} {'+floor':>7} {'Mi':>6} {'+floor':>12}  goal")
    floor: tuple[float, float, int | None] | None = None
    for name, command, target in rows:
        measured, counted = run(command, runs), instructions(command)
        if floor is None:
            floor = (measured.wall, measured.cpu, counted)
            print(f"{name:58} {ms(measured.wall)} {'':7} {ms(measured.cpu)} {'':7} {_mi(counted)}")
            continue
        above_cpu = 1000 * (measured.cpu - floor[1])
        above_mi = None if counted is None or floor[2] is None else (counted - floor[2]) / 1e6
        # Instructions read as time on the reference machine where counted; CPU time otherwise.
        above, how = (above_cpu, "ms CPU") if above_mi is None else (above_mi * MS_PER_MI, f"ms ({above_mi:+.0f} Mi)")
        goal = f"+{target} ms: {'met' if above <= target else 'not met'}" if target else ""
        if target:
            GOALS.append((f"start-up, {name.split(' ', 1)[1]}: within {target} ms of the floor", f"+{above:.0f} {how}", above <= target))
        mi_above = "" if above_mi is None else f"{above_mi:+6.0f} (~{above_mi * MS_PER_MI:.0f} ms)"
        print(
            f"{name:58} {ms(measured.wall)} {1000 * (measured.wall - floor[0]):+7.1f} {ms(measured.cpu)} {above_cpu:+7.1f} {_mi(counted)} {mi_above:>12}  {goal}"
        )


def _mi(counted: int | None) -> str:
    return f"{counted / 1e6:6.0f}" if counted is not None else f"{'-':>6}"


# In a fresh process, as the editor asks (every turn's rule-outs with it): the first answer (imports and
# model build included), then the median of 40.
_EDITOR = (
    "import statistics, sys, time\n"
    "from enemy_move.editor.session import compute_answer\n"
    "text = open(sys.argv[1]).read()\n"
    "started = time.process_time(); compute_answer(text, sys.argv[1], 0, reasons=True)\n"
    "first = time.process_time() - started\n"
    "times = []\n"
    "for generation in range(40):\n"
    "    started = time.process_time(); answer = compute_answer(text, sys.argv[1], generation, reasons=True)\n"
    "    times.append(time.process_time() - started)\n"
    "assert answer.error is None, answer.error\n"
    "print(first, statistics.median(times))\n"
)


def editor() -> None:
    measured = run([sys.executable, "-c", _EDITOR, str(DEMO)], runs=1)
    print(f"\n## The editor's live answer (demo.yaml, in process; {load()})\n")
    try:
        first, median = (float(x) for x in measured.stdout.split())
    except ValueError:
        print("could not measure (the editor's compute_answer failed)")
        return
    verdict = "met" if median < 0.020 else "not met"
    GOALS.append(("the editor's live answer on the demo under 20 ms", f"{1000 * median:.1f} ms CPU", median < 0.020))
    print(f"validate + resolve, median of 40: {1000 * median:.1f} ms CPU (goal under 20 ms: {verdict}); first answer {1000 * first:.0f} ms")


def suites(runs: int) -> None:
    print(f"\n## Suites, whole process: enemy-move check FOLDER --json (best of {runs}; {load()})\n")
    print(f"{'folder':48} {'files':>6} {'wall s':>7} {'cpu s':>7} {'ms/pos':>7} {'peak MB':>8}  result")
    folders = [SHARED_SAMPLE] if SHARED_SAMPLE.is_dir() else []
    folders += [ROOT / "scenarios"]
    for folder in folders:
        measured = run([sys.executable, "-m", "enemy_move", "check", str(folder), "--json"], runs)
        try:
            summary = json.loads(measured.stdout)["summary"]
        except (ValueError, KeyError):
            summary = {"total": 0}
        count = max(summary.get("total", 0), 1)
        verdict = ", ".join(f"{k} {v}" for k, v in summary.items() if k != "total")
        shown = str(folder.relative_to(ROOT)) if folder.is_relative_to(ROOT) else str(folder)
        print(
            f"{shown:48} {summary.get('total', 0):6} {measured.wall:7.2f} {measured.cpu:7.2f} "
            f"{1000 * measured.cpu / count:7.1f} {measured.peak_mb:8.0f}  {verdict}"
        )


#: The views measured per heavy file (issue 34): the JSON answer, the text view, --why-not of one hex or area, and
#: the picture (`--json --svg OUT`, as bench/pages.py runs it: the JSON beside it, not the text view).
VIEWS = ("--json", "text", "--why-not", "--svg")


def _why_not_value(text: str) -> str:
    """A hex (grids) or the first area (area maps) to ask --why-not about."""
    if "ruleset: agemonia" in text:
        lines = text.splitlines()
        return lines[lines.index("areas:") + 1].strip().split(":")[0]
    return "1,1"


def _view_command(path: Path, view: str, text: str) -> list[str]:
    command = [sys.executable, "-m", "enemy_move", "resolve", str(path)]
    if view == "--json":
        return command + ["--json"]
    if view == "--svg":
        return command + ["--json", "--svg", str(path.with_suffix(".svg"))]
    return command + (["--why-not", _why_not_value(text)] if view == "--why-not" else [])


def heavy(quick: bool, timeout: float) -> dict[str, tuple[float, float]]:
    """bench/stress.py's cases and bench/positions/, one process per file and view (--json, the text view,
    --why-not, --svg): CPU seconds and peak MB of each, flagged over the goals; a file's figures are its worst view's."""
    import stress

    print(f"\n## Heavy files at the caps: enemy-move resolve FILE --json / (text) / --why-not / --svg, one process each ({load()})")
    print(f"Stopped after {timeout:.0f} s; flagged over {GOAL_SECONDS:.0f} s CPU or {GOAL_MB} MB (exit 2: refused at a cap).\n")
    print(
        "| case | KiB | --json CPU s / MB | text CPU s / MB | --why-not CPU s / MB | --svg CPU s / MB | exit |\n"
        "|---|---:|---:|---:|---:|---:|---|"
    )
    results: dict[str, tuple[float, float]] = {}
    over = 0
    with tempfile.TemporaryDirectory(prefix="enemy-move-heavy-") as folder:
        cases = [(name, make) for name, make in stress.CASES if not quick or any(key in name for key in QUICK_CASES)]
        cases += [(f"bench/positions/{path.name}", path.read_text) for path in sorted(POSITIONS.glob("*.yaml"))]
        for index, (name, make) in enumerate(cases):
            path = Path(folder) / f"case-{index:02d}.yaml"
            text = make()
            path.write_text(text)
            cells, worst_cpu, worst_mb, bad, status = [], 0.0, 0.0, False, None
            for view in VIEWS:
                measured = run(_view_command(path, view, text), runs=1, timeout=timeout)
                status = measured.status if status is None else status
                cpu = measured.cpu if not measured.timed_out else float("inf")
                bad = bad or measured.timed_out or measured.status not in (0, 2) or cpu > GOAL_SECONDS or measured.peak_mb > GOAL_MB
                worst_cpu, worst_mb = max(worst_cpu, cpu), max(worst_mb, measured.peak_mb)
                cells.append(f"{measured.cpu:.2f} / {measured.peak_mb:.0f}" + (" TIMEOUT" if measured.timed_out else ""))
            over += bad
            flag = " **over the goal**" if bad else ""
            print(f"| {name} | {path.stat().st_size // 1024} | {' | '.join(cells)} | {status}{flag} |", flush=True)
            results[name] = (worst_cpu, worst_mb)
    print(f"\n{over} of {len(results)} files over the goal ({GOAL_SECONDS:.0f} s, {GOAL_MB} MB)")
    worst = max(results.items(), key=lambda item: item[1][0]) if results else ("-", (0.0, 0.0))
    GOALS.append(
        (
            f"every capped heavy file within {GOAL_SECONDS:.0f} s and 1 GB",
            f"{over} of {len(results)} over; slowest {worst[1][0]:.1f} s",
            not over,
        )
    )
    phase = [(name, mb) for name, (_, mb) in results.items() if "61 turns" in name]
    for name, mb in phase:
        verdict = "met" if mb < PHASE_GOAL_MB else "not met"
        print(f"60-turn phase on the largest board ({name.split(',')[0]}): peak {mb:.0f} MB (goal under {PHASE_GOAL_MB} MB: {verdict})")
        GOALS.append((f"a 60-turn phase on a 64x64 board under {PHASE_GOAL_MB} MB", f"{mb:.0f} MB", mb < PHASE_GOAL_MB))
    return results


def cloudspire_counting(figures: dict[str, dict[str, list[tuple[int, float, float]]]]) -> None:
    """Cloudspire's move counting per movement point: the time ratio of each step (linear growth tends to 1)."""
    points = figures.get("cloudspire", {}).get("movement", [])
    if len(points) < 2:
        return
    steps, worst = [], 0.0
    for (m0, t0, _), (m1, t1, _) in zip(points, points[1:], strict=False):
        if t0 > 0 and t1 != float("inf"):
            per_point = (t1 / t0) ** (1 / (m1 - m0))
            worst = max(worst, per_point)
            steps.append(f"{m0}->{m1}: x{t1 / t0:.2f} ({per_point:.2f} a point)")
    print("\nCloudspire, one minion's turn against movement points (goal: linear): " + "; ".join(steps))
    # Linear growth adds a constant a point: the ratio of a step tends to 1; 1.5 a point or more is not linear.
    GOALS.append(("Cloudspire's move counting linear in movement points", f"worst step x{worst:.2f} a point", worst < 1.5))


def cloudspire_crowded(points: list[tuple[int, int | float, int, bool]]) -> None:
    """The crowded board: the search's steps a movement point stay under its budget, or the file is refused there."""
    from enemy_move.games.cloudspire.search import ROUTE_STEPS_PER_POINT

    resolved = [(move, steps) for move, _, steps, refused in points if not refused]
    refused = [move for move, _, _, refused in points if refused]
    worst = max((steps / move for move, steps in resolved), default=0.0)
    where = f"refused from movement {refused[0]} on" if refused else "never refused"
    budget = ROUTE_STEPS_PER_POINT
    GOALS.append(
        (
            "Cloudspire's search among 30 friendly heroes: linear in movement points, or refused where it stops",
            f"at most {worst:,.0f} steps a point where it resolves (budget {budget:,}); {where}",
            worst <= budget and all(move > max((m for m, _ in resolved), default=0) for move in refused),
        )
    )


def gloom_goal(figures: dict[str, Any]) -> None:
    for jobs in ("default", "1"):
        _cpu, _wall, ratio = figures[f"ours_{jobs}"]
        GOALS.append((f"the gloom suite (check -j {jobs}) at most 0.08 of gloom's CPU time", f"{ratio:.3f}", ratio <= 0.08))


def summary() -> None:
    print(f"\n## The goals of issues 27 and 34 ({load()})\n")
    print("| goal | measured | |\n|---|---|---|")
    for goal, measured, met in GOALS:
        print(f"| {goal} | {measured} | {'met' if met else '**not met**'} |")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=5, help="runs per measurement (best kept)")
    parser.add_argument("--quick", action="store_true", help="one run, a few heavy cases, two points per growth series")
    parser.add_argument(
        "--gloom",
        default=os.environ.get("GLOOM") or (str(SHARED_GLOOM) if SHARED_GLOOM.is_dir() else None),
        help="gloom for the side-by-side (default: $GLOOM, else ../shared/reference/gloom-server when it exists)",
    )
    parser.add_argument("--timeout", type=float, default=60.0, help="seconds before a heavy case is stopped")
    parser.add_argument("--skip", default="", help="comma-separated sections to leave out: startup,editor,suites,gloom,heavy,growth,pages")
    args = parser.parse_args()
    runs = 1 if args.quick else args.runs
    skip = set(filter(None, args.skip.split(",")))
    # Start from compiled bytecode, as an installed copy would (otherwise every changed module is recompiled per run).
    compileall.compile_dir(str(ROOT / "enemy_move"), quiet=1)
    started = time.monotonic()
    print("# enemy-move bench")
    print(f"\nMachine: {machine()}; {load()} at start")
    if "startup" not in skip:
        startup(max(runs, 3) if not args.quick else 1)
    if "editor" not in skip:
        editor()
        import editor_edits

        rows = editor_edits.main()
        worst = max(rows, key=lambda row: row[2])
        GOALS.append(
            (
                f"an edit at most {editor_edits.GOAL_MS:.0f} ms on the editor's screen thread, largest files",
                f"worst {worst[2]:.0f} ms ({worst[1]}, {worst[0]})",
                worst[2] <= editor_edits.GOAL_MS,
            )
        )
    if "suites" not in skip:
        suites(max(1, runs // 2))
    if args.gloom and "gloom" not in skip:
        import gloom_side

        gloom_goal(gloom_side.side_by_side(Path(args.gloom).resolve(), max(1, runs // 2), sample=SHARED_SAMPLE))
    if "heavy" not in skip:
        heavy(args.quick, args.timeout)
    if "growth" not in skip:
        import growth

        cloudspire_counting(growth.growth(1, args.quick))
        cloudspire_crowded(growth.cloudspire_crowd())
    if "pages" not in skip:
        import pages

        rows = pages.measure_pages(args.quick, timeout=args.timeout * 5)
        worst = max(rows, key=lambda row: row[1]) if rows else ("-", 0.0, 0.0, True)
        GOALS.append(
            (
                "every whole phase's --html and --svg within 3 x its --json CPU time and 10 MB",
                f"{sum(not ok for *_, ok in rows)} of {len(rows)} over; worst x{worst[1]:.2f}, largest {max((r[2] for r in rows), default=0):.1f} MB",
                all(ok for *_, ok in rows),
            )
        )
    summary()
    print(f"\nDone in {time.monotonic() - started:.0f} s; {load()} at the end")


if __name__ == "__main__":
    main()
