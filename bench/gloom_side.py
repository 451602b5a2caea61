"""gloom side by side: enemy-move and the gloom reference solver on gloom's own test positions.

Usage: python bench/gloom_side.py --gloom PATH [--runs N] [--keep DIR] [--verify-sample DIR]
       (or GLOOM=PATH in the environment; `make bench GLOOM=PATH` runs this as part of the bench)

PATH is gloom's Python solver (AluminumAngel/gloom, MIT licence) in one of two layouts:
- its server folder as ../shared/reference/gloom-server holds it (`make bench` uses it by default):
  solver.py and scenarios.py side by side, Python 2 (run by pyenv's 2.7, PYENV_VERSION=2.7.18), its 182
  test positions built by scenarios.init_from_test_scenario under each of the three rule sets (546);
- a checkout of the whole repository: server/solver with its tests in server/solver/tests
  (test_Gloomhaven.py, test_Frosthaven.py, test_JOTL.py: one function per position and rule set),
  run under PATH/.venv/bin/python when it exists, else this Python (it needs the ``future`` package).
``--gloom-python`` names another interpreter.

1. gloom's time: every test position run in one process, as its test runner would (each builds its
   board, solves it and checks gloom's answer), best of N processes; CPU seconds of the whole process
   and of the solving alone.
2. The same positions as enemy-move scenario files: each test's board is read from gloom's own
   Scenario object (before solving; a checkout's ``assert_answers`` is replaced by a recorder) and written with
   enemy_move.games.gloomhaven.gloom_import (the code of ``enemy-move import gloom``), the whole
   16 x 7 board kept, gloom's answers as the ``expect:`` block.
3. Our time: ``enemy-move check FOLDER`` as a whole process, with the default -j and with -j 1,
   best of N; the ratio to gloom's time; how many positions agree (every mismatch is listed:
   where gloom and the rules differ is documented in docs/gloomhaven.md).

``--verify-sample DIR`` checks the converter against hand-converted files of the same tests
(gloom test N under rule set R, named in each file's header): both must resolve to the same options.
Nothing of gloom's is kept: the scenario files go to a temporary folder unless --keep is given.
"""

from __future__ import annotations

import argparse
import json
import os
import re
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path
from typing import Any
from unittest import mock

sys.path.insert(0, str(Path(__file__).resolve().parent))
sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from measure import ROOT, Measure, load, run  # noqa: E402

#: gloom's test files and the rule-set number each sets (gloom: 0 Frosthaven, 1 Gloomhaven, 2 Jaws of the Lion).
VARIANTS = (("Gloomhaven", 1), ("Frosthaven", 0), ("JOTL", 2))
OUR_VARIANT = {0: "frosthaven", 1: "gloomhaven", 2: "jotl"}

# Run by gloom's Python in PATH/server: "time N" runs every test N times (best CPU of the solving kept)
# and prints it; "dump" records each test's board and expected answers instead of solving.
RUNNER = r"""
import importlib, json, sys, time
mode, runs = sys.argv[1], int(sys.argv[2])
out = {}
for name, rules in VARIANTS:
    module = importlib.import_module("solver.tests.test_" + name)
    tests = sorted((n for n in dir(module) if n.startswith("test_Scenario")), key=lambda n: int(n[13:]))
    if mode == "dump":
        cases, number = [], [0]
        def record(s, correct):
            out_case = dict(number=number[0], width=s.MAP_WIDTH, height=s.MAP_HEIGHT, rules=rules,
                figures=list(s.figures), contents=list(s.contents), initiatives=list(s.initiatives),
                walls=[[l, e] for l in range(s.MAP_SIZE) for e in range(6) if s.walls[l][e]],
                aoe=[i for i, on in enumerate(s.aoe) if on], move=s.ACTION_MOVE, range=s.ACTION_RANGE,
                target=s.ACTION_TARGET, flying=bool(s.FLYING), jumping=bool(s.JUMPING), muddled=bool(s.MUDDLED),
                answers=sorted(list(a) for a in correct))
            cases.append(out_case)
        module.assert_answers = record
        for test in tests:
            number[0] = int(test[13:])
            getattr(module, test)()
        out[name] = cases
        continue
    best, failed = float("inf"), []
    for _ in range(runs):
        failed = []
        started = time.process_time()
        for test in tests:
            try:
                getattr(module, test)()
            except AssertionError:
                failed.append(int(test[13:]))
        best = min(best, time.process_time() - started)
    out[name] = dict(tests=len(tests), cpu=best, failed=failed)
print(json.dumps(out))
""".replace("VARIANTS", repr(VARIANTS))


# The same two modes for gloom's server folder as ../shared/reference/gloom-server holds it (Python 2): its
# 182 test positions are scenarios.init_from_test_scenario(scenario, N, rules) under each rule set, solved
# by Scenario.calculate_monster_move and compared with scenario.correct_answer, as its own
# solver.perform_unit_tests does (positions without an answer skipped there, and here).
RUNNER_SERVER = r"""
import json, sys, time
import scenarios, solver
mode, runs = sys.argv[1], int(sys.argv[2])
def positions(rules):
    number = 0
    while True:
        number += 1
        s = solver.Scenario()
        scenarios.init_from_test_scenario(s, number, rules)
        if not s.valid:
            return
        yield number, s
out = {}
for name, rules in VARIANTS:
    if mode == "dump":
        cases = []
        for number, s in positions(rules):
            if not s.correct_answer:
                continue
            cases.append(dict(number=number, width=s.MAP_WIDTH, height=s.MAP_HEIGHT, rules=rules,
                figures=list(s.figures), contents=list(s.contents), initiatives=list(s.initiatives),
                walls=[[l, e] for l in range(s.MAP_SIZE) for e in range(6) if s.walls[l][e]],
                aoe=[i for i, on in enumerate(s.aoe) if on], move=s.ACTION_MOVE, range=s.ACTION_RANGE,
                target=s.ACTION_TARGET, flying=bool(s.FLYING), jumping=bool(s.JUMPING), muddled=bool(s.MUDDLED),
                teleport=bool(s.TELEPORT), answers=sorted(list(a) for a in s.correct_answer)))
        out[name] = cases
        continue
    best, failed, count = float("inf"), [], 0
    for _ in range(runs):
        failed, count = [], 0
        started = time.clock()
        for number, s in positions(rules):
            if not s.correct_answer:
                continue
            count += 1
            answers = s.calculate_monster_move()[0]
            if set(tuple(s.dereduce_location(l) for l in a) for a in answers) != s.correct_answer:
                failed.append(number)
        best = min(best, time.clock() - started)
    out[name] = dict(tests=count, cpu=best, failed=failed)
print(json.dumps(out))
""".replace("VARIANTS", repr(VARIANTS))


def _layout(gloom: Path) -> tuple[str, Path]:
    """(runner, folder to run it in): gloom's server folder itself (scenarios.py beside solver.py), or a checkout's."""
    if (gloom / "scenarios.py").exists() and (gloom / "solver.py").exists():
        return RUNNER_SERVER, gloom
    return RUNNER, gloom / "server"


def gloom_python(gloom: Path, given: str | None) -> str:
    if given:
        return given
    own = gloom / ".venv" / "bin" / "python"
    if own.exists():
        return str(own)
    if _layout(gloom)[0] is not RUNNER_SERVER:
        return sys.executable
    # The server folder is Python 2 code (print statements): pyenv's 2.7 (the interpreter itself, not its shim
    # script, so that nothing but gloom is measured), else a python2 on the PATH.
    found = (
        subprocess.run(["pyenv", "which", "python2"], capture_output=True, text=True, env=_gloom_env(), check=False)
        if shutil.which("pyenv")
        else None
    )
    return found.stdout.strip() if found and found.returncode == 0 else shutil.which("python2") or "python2"


def _gloom_env() -> dict[str, str]:
    return dict(os.environ, PYENV_VERSION=os.environ.get("PYENV_VERSION", "2.7.18"))


def gloom_time(gloom: Path, python: str, runs: int) -> tuple[Measure, dict[str, Any]]:
    """gloom's whole process (every test position, once each) best of ``runs``, and its in-process solving times."""
    runner, folder = _layout(gloom)
    whole = run([python, "-c", runner, "time", "1"], runs=runs, timeout=600, cwd=folder, env=_gloom_env())
    if whole.status != 0:
        raise SystemExit(f"gloom did not run under {python} in {folder} (exit {whole.status}); a checkout needs the `future` package")
    inside = json.loads(run([python, "-c", runner, "time", str(runs)], runs=1, timeout=1200, cwd=folder, env=_gloom_env()).stdout)
    return whole, inside


def gloom_cases(gloom: Path, python: str) -> list[dict[str, Any]]:
    runner, folder = _layout(gloom)
    done = run([python, "-c", runner, "dump", "1"], runs=1, timeout=300, cwd=folder, env=_gloom_env())
    if done.status != 0:
        raise SystemExit(f"could not read gloom's tests in {folder} (exit {done.status})")
    return [case for name, _ in VARIANTS for case in json.loads(done.stdout)[name]]


# --- gloom's test board -> an enemy-move scenario --------------------------------------------------

_CONTENTS = {"X": "WALL", "O": "OBSTACLE", "T": "TRAP", "H": "HAZARDOUS", "D": "DIFFICULT", "I": "ICY"}
#: The neighbour across each side of a gloom hex (its Scenario.setup_neighbors_mapping), as (column, row) steps;
#: ``base`` is 1 on even columns, 0 on odd ones.
_ACROSS = {
    0: lambda c, r, base: (c + 1, r + 1 - base),
    1: lambda c, r, base: (c, r + 1),
    2: lambda c, r, base: (c - 1, r + 1 - base),
    3: lambda c, r, base: (c - 1, r - base),
    4: lambda c, r, base: (c, r - 1),
    5: lambda c, r, base: (c + 1, r - base),
}
#: The importer's three thin-wall flags of a hex are gloom's sides 1, 0 and 5 (its unpack_scenario remap).
_FLAG_OF_SIDE = {1: 0, 0: 1, 5: 2}


def _board(case: dict[str, Any]) -> Any:
    """The importer's GloomBoard of one recorded test (locations re-numbered into the importer's grid)."""
    from enemy_move.games.gloomhaven import gloom_import as gi

    height, width = case["height"], case["width"]

    def at(location: int) -> int:
        column, row = divmod(location, height)
        return column * gi.GRID_HEIGHT + row

    board = gi.GloomBoard(data_version=(1, 5, 0), move=case["move"], range=case["range"], target=case["target"])
    board.flying = 2 if case["flying"] else 1 if case["jumping"] else 0
    board.muddled, board.game_rules, board.aoe = int(case["muddled"]), case["rules"], sorted(case["aoe"])
    board.teleport = int(case.get("teleport", False))
    for location, content in enumerate(case["contents"]):
        if content in _CONTENTS:
            board.contents[at(location)] = getattr(gi, _CONTENTS[content])
    for location, figure in enumerate(case["figures"]):
        if figure in "CMA" and figure != " ":
            board.figures[at(location)] = gi.CHARACTER if figure == "C" else gi.MONSTER
            board.initiatives[at(location)] = case["initiatives"][location]
            if figure == "A":
                board.active = at(location)
    flags: dict[int, list[bool]] = {}
    for location, side in case["walls"]:
        column, row = divmod(location, height)
        other = _ACROSS[side](column, row, (column + 1) % 2)
        if not (0 <= other[0] < width and 0 <= other[1] < height):
            continue  # a wall on the board's edge separates the board from nothing
        here, side_here = ((column, row), side) if side in _FLAG_OF_SIDE else (other, (side + 3) % 6)
        flags.setdefault(at(here[0] * height + here[1]), [False, False, False])[_FLAG_OF_SIDE[side_here]] = True
    board.walls = {location: (f[0], f[1], f[2]) for location, f in flags.items()}
    return board


def scenario_text(case: dict[str, Any]) -> str:
    """One gloom test as an enemy-move scenario with gloom's answers as its ``expect:`` block."""
    from enemy_move.games.gloomhaven import gloom_import as gi

    board = _board(case)
    cells = {(column, row) for column in range(case["width"]) for row in range(case["height"])}
    with mock.patch.object(gi, "_kept_cells", lambda _board: cells):  # gloom's test board ends at its 16 x 7 edge
        body = gi.scenario_yaml(board, modeline="")
    layout = gi._layout(cells)
    labels = gi._labels(board, layout)
    name = OUR_VARIANT[case["rules"]]
    lines = [line for line in body.splitlines() if line and not line.startswith(("# Imported", "title:"))]
    head = [
        f"# gloom test {case['number']} under {name} rules (gloom rules={case['rules']}), converted by bench/gloom_side.py",
        f'title: "gloom test {case["number"]} ({name})"',
    ]
    expect = ["expect:", "  options:"]
    for answer in case["answers"]:
        move = answer[0]
        col, row = layout.ours(divmod(move, case["height"]))
        targets = sorted(labels[gi.GRID_HEIGHT * (t // case["height"]) + t % case["height"]] for t in answer[1:])
        expect.append(f"    - {{to: [{col}, {row}], attacks: [{', '.join(targets)}]}}")
    return "\n".join(head + lines + expect) + "\n"


def write_cases(cases: list[dict[str, Any]], folder: Path) -> None:
    folder.mkdir(parents=True, exist_ok=True)
    for case in cases:
        (folder / f"gh-{case['number']:03d}-{OUR_VARIANT[case['rules']]}.yaml").write_text(scenario_text(case))


# --- our side ----------------------------------------------------------------------------------------


def our_check(folder: Path, runs: int, jobs: str | None) -> tuple[Measure, dict[str, Any]]:
    """``enemy-move check FOLDER --json`` (with ``-j jobs`` when given), best of ``runs``, and its JSON report."""
    command = [sys.executable, "-m", "enemy_move", "check", str(folder), "--json"] + (["-j", jobs] if jobs else [])
    measured = run(command, runs=runs, timeout=900)
    try:
        report = json.loads(measured.stdout)
    except ValueError:
        report = {"summary": {}, "results": []}
    return measured, report


# In one process: every file loaded, then resolved; prints the CPU seconds of the resolving alone (best of N).
_RESOLVE_ALL = (
    "import sys, time\n"
    "from pathlib import Path\n"
    "from enemy_move.phase import resolve as resolve_scenario\n"
    "from enemy_move.models import load_scenario\n"
    "scenarios = [load_scenario(p) for p in sorted(Path(sys.argv[1]).glob(sys.argv[3]))]\n"
    "best = float('inf')\n"
    "for _ in range(int(sys.argv[2])):\n"
    "    started = time.process_time()\n"
    "    for scenario in scenarios:\n"
    "        resolve_scenario(scenario, None, {})\n"
    "    best = min(best, time.process_time() - started)\n"
    "print(best)\n"
)


def our_solving(folder: Path, runs: int, pattern: str = "*.yaml") -> float:
    """CPU seconds of resolving the files in process (loading and start-up excluded), best of ``runs``."""
    done = run([sys.executable, "-c", _RESOLVE_ALL, str(folder), str(runs), pattern], runs=1, timeout=900)
    try:
        return float(done.stdout.strip())
    except ValueError:
        return float("nan")


def mismatches(report: dict[str, Any]) -> list[str]:
    return sorted(Path(r.get("file", "?")).name for r in report.get("results", []) if r.get("status") not in ("pass", "valid"))


def _options(path: Path) -> set[tuple[tuple[int, ...], tuple[str, ...]]]:
    from enemy_move.models import load_scenario
    from enemy_move.phase import resolve as resolve_scenario

    result = resolve_scenario(load_scenario(path), None, {})
    return {(tuple(option.to), tuple(sorted(option.attacks))) for option in result.turns[0].options}


_SAMPLE_HEAD = re.compile(r"test (\d+) under .* \(gloom rules=(\d)\)")


def verify_sample(sample: Path, converted: Path) -> tuple[int, int, list[str]]:
    """(compared, skipped, differing): each sample file against our conversion of the same gloom test."""
    compared, skipped, differing = 0, 0, []
    for path in sorted(sample.glob("*.yaml")):
        found = _SAMPLE_HEAD.search(path.read_text()[:400])
        if not found:
            continue
        ours = converted / f"gh-{int(found.group(1)):03d}-{OUR_VARIANT[int(found.group(2))]}.yaml"
        if not ours.exists():
            skipped += 1  # a test the gloom checkout does not have (a newer gloom)
            continue
        compared += 1
        if _options(path) != _options(ours):
            differing.append(path.name)
    return compared, skipped, differing


# --- the report ----------------------------------------------------------------------------------------


def side_by_side(gloom: Path, runs: int, python: str | None = None, keep: Path | None = None, sample: Path | None = None) -> dict[str, Any]:
    """Measure both sides and print the comparison; returns the figures (for bench.py and docs)."""
    python = gloom_python(gloom, python)
    print(f"\n## gloom side by side (gloom at {gloom}; best of {runs}; {load()} at start)\n")
    cases = gloom_cases(gloom, python)
    folder = keep or Path(tempfile.mkdtemp(prefix="enemy-move-gloom-"))
    try:
        write_cases(cases, folder)
        whole, inside = gloom_time(gloom, python, runs)
        ours = {jobs or "default": our_check(folder, runs, jobs) for jobs in (None, "1")}
        figures = _print_report(len(cases), whole, inside, ours, our_solving(folder, runs))
        per_variant(inside, folder, runs)
        if sample is not None and sample.is_dir():
            compared, skipped, differing = verify_sample(sample, folder)
            print(f"\nconverter check against {sample}: {compared} files compared, {compared - len(differing)} resolve alike", end="")
            print(f", {skipped} skipped (tests this gloom does not have)" + (f"; differing: {', '.join(differing)}" if differing else ""))
            figures["sample"] = (compared, skipped, differing)
    finally:
        if keep is None:
            shutil.rmtree(folder, ignore_errors=True)
    print(f"\n{load()} at the end")
    return figures


def _print_report(
    count: int, whole: Measure, inside: dict[str, Any], ours: dict[str, tuple[Measure, dict[str, Any]]], solving_ours: float
) -> dict[str, Any]:
    solving = sum(v["cpu"] for v in inside.values())
    failed = {name: v["failed"] for name, v in inside.items() if v["failed"]}
    print(f"| {count} positions | CPU s | wall s | peak MB | CPU ms a position | ratio to gloom |\n|---|---:|---:|---:|---:|---:|")
    print(
        f"| gloom, whole process (3 test files) | {whole.cpu:.2f} | {whole.wall:.2f} | {whole.peak_mb:.0f} | {1000 * whole.cpu / count:.1f} | 1 |"
    )
    print(f"| gloom, solving only (in process) | {solving:.2f} | | | {1000 * solving / count:.1f} | |")
    figures: dict[str, Any] = {"positions": count, "gloom_cpu": whole.cpu, "gloom_solving": solving}
    for jobs, (measured, _report) in ours.items():
        ratio = measured.cpu / whole.cpu if whole.cpu else float("nan")
        cells = f"{measured.cpu:.2f} | {measured.wall:.2f} | {measured.peak_mb:.0f} | {1000 * measured.cpu / count:.1f} | {ratio:.3f}"
        print(f"| enemy-move check -j {jobs} | {cells} |")
        figures[f"ours_{jobs}"] = (measured.cpu, measured.wall, ratio)
    share = solving_ours / solving if solving else float("nan")
    print(f"| enemy-move, resolving only (in process) | {solving_ours:.2f} | | | {1000 * solving_ours / count:.1f} | {share:.3f} |")
    figures["ours_solving"] = solving_ours
    _, report = ours["default"]
    summary = report.get("summary", {})
    wrong = mismatches(report)
    print(f"\ngloom's own tests failing under gloom: {failed or 'none'}")
    print("agreement: " + ", ".join(f"{k} {v}" for k, v in summary.items()) + (f"; not passing: {', '.join(wrong)}" if wrong else ""))
    print(
        "ratio: our CPU seconds (the whole check process, workers included) over gloom's whole process (CPU time, not wall); goal: at most 0.08."
    )
    print("The resolving-only row is set against gloom's solving only.")
    figures["summary"], figures["mismatches"] = summary, wrong
    return figures


def per_variant(inside: dict[str, Any], folder: Path, runs: int) -> None:
    """Solving alone per rule set: gloom's test file against our resolving of the same positions."""
    print("\n| rule set | positions | gloom solving CPU s | our resolving CPU s | ratio |\n|---|---:|---:|---:|---:|")
    for name, rules in VARIANTS:
        ours = our_solving(folder, runs, f"*-{OUR_VARIANT[rules]}.yaml")
        theirs = inside[name]["cpu"]
        print(
            f"| {OUR_VARIANT[rules]} | {inside[name]['tests']} | {theirs:.2f} | {ours:.2f} | {ours / theirs if theirs else float('nan'):.3f} |"
        )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--gloom", default=os.environ.get("GLOOM"), help="a gloom checkout (default: $GLOOM)")
    parser.add_argument("--gloom-python", default=None, help="the Python that runs gloom (default: GLOOM/.venv/bin/python)")
    parser.add_argument("--runs", type=int, default=3, help="runs per measurement (best kept)")
    parser.add_argument("--keep", default=None, help="write the converted scenarios to this folder and keep them")
    parser.add_argument("--verify-sample", default=None, help="compare the conversion with these hand-converted files")
    args = parser.parse_args()
    if not args.gloom:
        parser.error("give a gloom checkout: --gloom PATH or GLOOM=PATH")
    gloom = Path(args.gloom).resolve()
    side_by_side(
        gloom,
        args.runs,
        args.gloom_python,
        Path(args.keep) if args.keep else None,
        Path(args.verify_sample) if args.verify_sample else None,
    )


if __name__ == "__main__":
    os.chdir(ROOT)
    main()
