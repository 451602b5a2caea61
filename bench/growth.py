"""Growth of time and memory with board size, figures and movement, per ruleset (`make bench`, docs/speed.md).

Usage: python bench/growth.py [--quick] [--only RULESET] [--runs N]

Every point is one synthetic scenario resolved in a fresh process: the CPU seconds of the resolve
alone (start-up and loading excluded) and the peak memory of the process (start-up included: about
40 MB of it is Python and the imports). Three series per ruleset, each varying one thing from a base
position (a 32 x 32 board, one acting figure and one enemy, movement 3):

- board: side 16 to 64 (Agemonia: areas, side^2 / 4 up to its cap of 1000);
- figures: 2 to 62 figures on the board, half of them acting: a whole phase of figures / 2 turns;
- movement: 1 to 15 (Cloudspire: every point from 1 to its cap of 8).

The boards are open with a broken wall line across the middle, so that paths and sight have
something to go round; they test how the work grows, not the rules.
"""

from __future__ import annotations

import argparse
import sys
import tempfile
from collections.abc import Callable
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from measure import load, run  # noqa: E402

from enemy_move.games.agemonia.model import MAX_AREAS  # noqa: E402
from enemy_move.games.cloudspire.model import MAX_MOVE as CLOUDSPIRE_MAX_MOVE  # noqa: E402

#: Labels of the acting figures and of their enemies: 31 each at most, the 62 labels there are.
LABELS = "abcdefghijklmnopqrstuvwxyz01234"
HEROES = "ABCDEFGHIJKLMNOPQRSTUVWXYZ56789"
BASE_SIDE, BASE_FIGURES, BASE_MOVE = 32, 2, 3
SIDES = [16, 32, 48, 64]
FIGURES = [2, 8, 16, 32, 62]
MOVES = [1, 3, 5, 8, 11, 15]


def _grid_map(side: int, cells: dict[tuple[int, int], str], hex_rows: bool) -> str:
    """Map text, indented for a YAML block: floor everywhere, ``cells`` drawn over it (odd rows shifted on hex maps)."""
    lines = []
    for row in range(side):
        text = " ".join(cells.get((col, row), ".") for col in range(side))
        lines.append("  " + (" " if hex_rows and row % 2 else "") + text)
    return "\n".join(lines)


def _walls(side: int, symbol: str) -> dict[tuple[int, int], str]:
    """A broken wall line across the middle third."""
    row = side // 2
    return {(col, row): symbol for col in range(side // 3, 2 * side // 3) if col % 4 != 1}


def _place(count: int, side: int, top: bool) -> list[tuple[int, int]]:
    """``count`` cells two columns apart, filling rows from the top edge (or the bottom edge)."""
    cells = []
    for index in range(count):
        col, row = (2 * index) % side, (2 * index) // side
        cells.append((col + row % 2, row if top else side - 1 - row))
    return cells


def _sides(figures: int) -> tuple[int, int]:
    """(acting, enemies): half the figures act, at least one of each."""
    acting = max(1, figures // 2)
    return acting, max(1, figures - acting)


def gloomhaven(side: int, figures: int, move: int) -> str:
    acting, enemies = _sides(figures)
    cells = _walls(side, "#")
    lines = []
    for index, cell in enumerate(_place(acting, side, True)):
        cells[cell] = LABELS[index]
        lines.append(f"  {LABELS[index]}: {{kind: monster, name: Guard, number: {index % 10 + 1}, type: t{index // 10}}}")
    for index, cell in enumerate(_place(enemies, side, False)):
        cells[cell] = HEROES[index]
        lines.append(f"  {HEROES[index]}: {{kind: character, initiative: {10 + index}}}")
    active = "active: a\n" if acting == 1 else ""
    return (
        f"ruleset: gloomhaven\nvariant: frosthaven\nmap: |\n{_grid_map(side, cells, True)}\nfigures:\n"
        + "\n".join(lines)
        + f"\n{active}action: {{move: {move}, attack: {{range: 3}}}}\n"
    )


def perditions_mouth(side: int, figures: int, move: int) -> str:
    acting, enemies = _sides(figures)
    cells = _walls(side, "#")
    lines = []
    for index, cell in enumerate(_place(acting, side, True)):
        cells[cell] = LABELS[index]
        lines.append(f"  {LABELS[index]}: {{kind: rotikka, ap: {move}}}")
    for index, cell in enumerate(_place(enemies, side, False)):
        cells[cell] = HEROES[index]
        lines.append(f"  {HEROES[index]}: {{kind: hero}}")
    active = "active: a\n" if acting == 1 else ""
    return f"ruleset: perditions-mouth\nmap: |\n{_grid_map(side, cells, False)}\nfigures:\n" + "\n".join(lines) + f"\n{active}"


def cloudspire(side: int, figures: int, move: int) -> str:
    acting, enemies = _sides(figures)
    cells = _walls(side, "^")  # mountains: never entered
    lines = []
    for index, cell in enumerate(_place(acting, side, True)):
        cells[cell] = LABELS[index]
        lines.append(f"  {LABELS[index]}: {{kind: minion, faction: red, move: {min(move, CLOUDSPIRE_MAX_MOVE)}}}")
    for index, cell in enumerate(_place(enemies, side, False)):
        cells[cell] = HEROES[index]
        lines.append(f"  {HEROES[index]}: {{kind: minion, faction: blue, move: 3}}")
    return (
        f"ruleset: cloudspire\nmap: |\n{_grid_map(side, cells, True)}\nfigures:\n"
        + "\n".join(lines)
        + f"\nfaction: red\nmarks: {{red: [{side - 1}, {side // 2 + 1}]}}\n"
    )


def agemonia_areas(side: int) -> int:
    return min(side * side // 4, MAX_AREAS)


def agemonia(side: int, figures: int, move: int) -> str:
    """A ladder of areas two wide (A0..An-1, each linked to the next and to its partner), enemies at one end."""
    count = agemonia_areas(side)
    names = [f"A{i}" for i in range(count)]
    links = [f"{names[i]} -- {names[i + 2]}" for i in range(count - 2)] + [f"{names[i]} -- {names[i + 1]}" for i in range(0, count - 1, 2)]
    acting, enemies = _sides(figures)
    areas = "\n".join(f"  {name}: {{capacity: 4}}" for name in names)
    lines = [f"  {LABELS[i]}: {{side: enemy, name: Ghoul, number: {i + 1}, area: {names[i % 16]}}}" for i in range(acting)]
    lines += [f"  {HEROES[i]}: {{side: hero, name: H{i}, area: {names[-1 - i % 16]}, taunt: {i % 3}}}" for i in range(enemies)]
    active = "active: a\n" if acting == 1 else ""
    return (
        f"ruleset: agemonia\nareas:\n{areas}\nlinks: [{', '.join(links)}]\nfigures:\n"
        + "\n".join(lines)
        + f"\n{active}action: {{move: {move}, attack: {{kind: melee}}}}\n"
    )


RULESETS: dict[str, Callable[[int, int, int], str]] = {
    "gloomhaven": gloomhaven,
    "perditions-mouth": perditions_mouth,
    "cloudspire": cloudspire,
    "agemonia": agemonia,
}

# Prints the CPU seconds of the resolve alone; the process's peak memory is read by measure.run.
_RESOLVE = (
    "import sys, time\n"
    "from enemy_move.phase import resolve as resolve_scenario\n"
    "from enemy_move.models import load_scenario\n"
    "scenario = load_scenario(sys.argv[1])\n"
    "started = time.process_time()\n"
    "resolve_scenario(scenario, None, {})\n"
    "print(time.process_time() - started)\n"
)


def measure_point(text: str, runs: int, timeout: float) -> tuple[float, float]:
    """(resolve CPU seconds, peak MB of the process) of one scenario text; inf when it fails or times out."""
    with tempfile.NamedTemporaryFile("w", suffix=".yaml", delete=False) as handle:
        handle.write(text)
    path = Path(handle.name)
    try:
        best, peak = float("inf"), float("inf")
        for _ in range(runs):
            measured = run([sys.executable, "-c", _RESOLVE, str(path)], runs=1, timeout=timeout)
            if measured.status != 0:
                return float("inf"), measured.peak_mb
            best, peak = min(best, float(measured.stdout.strip() or "inf")), min(peak, measured.peak_mb)
        return best, peak
    finally:
        path.unlink()


def series(ruleset: str, quick: bool) -> list[tuple[str, list[int]]]:
    # Cloudspire: every movement point up to its cap, to show how its move counting grows per point.
    moves = list(range(1, CLOUDSPIRE_MAX_MOVE + 1)) if ruleset == "cloudspire" else MOVES
    chosen = [("board", SIDES), ("figures", FIGURES), ("movement", moves)]
    return [(name, values[:2]) for name, values in chosen] if quick else chosen


def point(ruleset: str, axis: str, value: int) -> str:
    side, figures, move = BASE_SIDE, BASE_FIGURES, BASE_MOVE
    if axis == "board":
        side = value
    elif axis == "figures":
        figures = value
    else:
        move = value
    return RULESETS[ruleset](side, figures, move)


def _unit(ruleset: str, axis: str, value: int) -> str:
    if axis == "board":
        return f"{agemonia_areas(value)} areas" if ruleset == "agemonia" else f"{value}x{value}"
    return f"{value} figures" if axis == "figures" else f"move {value}"


def growth(
    runs: int = 1, quick: bool = False, only: str = "", timeout: float = 60.0
) -> dict[str, dict[str, list[tuple[int, float, float]]]]:
    """Print one markdown table per ruleset (each point: resolve ms, peak MB) and return the figures."""
    print(f"\n## Growth (fresh process per point: resolve CPU ms, peak MB of the process; best of {runs}; {load()} at start)")
    print(f"\nBase: a {BASE_SIDE}x{BASE_SIDE} board, {BASE_FIGURES} figures (one turn), movement {BASE_MOVE}; each row varies one of them.")
    figures: dict[str, dict[str, list[tuple[int, float, float]]]] = {}
    for ruleset in RULESETS:
        if only and only != ruleset:
            continue
        chosen = series(ruleset, quick)
        width = max(len(values) for _, values in chosen)
        print(f"\n| {ruleset} |" + " |" * width)
        print("|---|" + "---|" * width)
        figures[ruleset] = {}
        for axis, values in chosen:
            cells = []
            for value in values:
                seconds, peak = measure_point(point(ruleset, axis, value), runs, timeout)
                figures[ruleset].setdefault(axis, []).append((value, seconds, peak))
                shown = f"{1000 * seconds:.0f} ms" if seconds != float("inf") else "failed/timeout"
                cells.append(f"{_unit(ruleset, axis, value)}: {shown}, {peak:.0f} MB")
            print(f"| {axis} | " + " | ".join(cells) + " |" * (width - len(cells) + 1), flush=True)
    return figures


# Resolves one Cloudspire file in process, counting the route steps of every search: prints resolve CPU seconds,
# the most steps one search took and its movement, or "refused" and the first error line.
_CLOUDSPIRE_STEPS = (
    "import sys, time\n"
    "from enemy_move.phase import resolve as resolve_scenario\n"
    "from enemy_move.errors import ScenarioError\n"
    "from enemy_move.games.cloudspire import search\n"
    "from enemy_move.models import load_scenario\n"
    "works = []\n"
    "run = search.RouteSearch.run\n"
    "def counted(self):\n"
    "    try:\n"
    "        return run(self)\n"
    "    finally:\n"
    "        works.append((self.work, self.steps))\n"
    "search.RouteSearch.run = counted\n"
    "scenario = load_scenario(sys.argv[1])\n"
    "started = time.process_time()\n"
    "try:\n"
    "    resolve_scenario(scenario, None, {})\n"
    "    print(time.process_time() - started, *max(works, default=(0, 0)))\n"
    "except ScenarioError as error:\n"
    "    print(time.process_time() - started, *max(works, default=(0, 0)), 'refused', error.message[:60])\n"
)


def cloudspire_crowd(timeout: float = 60.0) -> list[tuple[int, float, int, bool]]:
    """An AI minion inside 30 friendly heroes it may displace (bench/adversarial.py), movement 1 to the cap:
    per point (movement, resolve CPU seconds, route steps of its search, refused at the search's budget?)."""
    import adversarial

    points = []
    print(f"\nCloudspire on a crowded board: an AI minion inside 30 friendly heroes it may displace ({load()})\n")
    print("| movement | resolve CPU ms | route steps | steps a point | |\n|---:|---:|---:|---:|---|")
    for move in range(1, CLOUDSPIRE_MAX_MOVE + 1):
        with tempfile.NamedTemporaryFile("w", suffix=".yaml", delete=False) as handle:
            handle.write(adversarial.cloudspire_friendly_crowd(move)())
        try:
            measured = run([sys.executable, "-c", _CLOUDSPIRE_STEPS, handle.name], runs=1, timeout=timeout)
        finally:
            Path(handle.name).unlink()
        fields = measured.stdout.split()
        seconds, steps, refused = float(fields[0]), int(fields[1]), "refused" in fields
        points.append((move, seconds, steps, refused))
        said = "refused at its `move` (the search's budget)" if refused else ""
        print(f"| {move} | {1000 * seconds:.0f} | {steps:,} | {steps / move:,.0f} | {said} |", flush=True)
    return points


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--quick", action="store_true", help="two points per series")
    parser.add_argument("--only", default="", help="one ruleset")
    parser.add_argument("--runs", type=int, default=1, help="runs per point (best kept)")
    args = parser.parse_args()
    growth(args.runs, args.quick, args.only)


if __name__ == "__main__":
    main()
