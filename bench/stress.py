"""Worst cases at the caps of docs/errors.md, for every ruleset: time and peak memory.

Usage: python bench/stress.py [--only TEXT] [--timeout S] [--memory MB] [--side N] [--keep DIR]

Each case is a scenario file generated at (or just past) the documented
limits: largest map, largest move and range, most figures, most targets,
largest AoE pattern, most areas, a 40,000-key mapping, a file at the size cap.
Each runs as `enemy-move resolve FILE --json` in a fresh process (start-up
included), and the script prints wall time, peak resident memory (of that
process) and the exit code. The goal (issue 14): every file under the caps
finishes in under 10 s and 1 GB on a 2-core machine; a case over a cap must
be refused at once with exit 2.

Not part of `make test` (it takes minutes and measures time).
"""

from __future__ import annotations

import argparse
import os
import random
import string
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from enemy_move.games.agemonia.model import MAX_AREAS  # noqa: E402
from enemy_move.games.cloudspire.model import MAX_MOVE as CLOUDSPIRE_MAX_MOVE  # noqa: E402
from enemy_move.games.gloomhaven.model import MAX_AOE_SIDE, MAX_TARGETS  # noqa: E402
from enemy_move.geometry.grid import MAX_MAP_SIDE  # noqa: E402
from enemy_move.loader import MAX_FILE_BYTES  # noqa: E402
from enemy_move.models.common import MAX_MOVE, MAX_RANGE  # noqa: E402

sys.path.insert(0, str(Path(__file__).resolve().parent))
from adversarial import CASES as ADVERSARIAL  # noqa: E402
from board_text import figures_block, grid_map  # noqa: E402

#: Every figure label there is: 62, the most figures a file can hold.
LABELS = string.ascii_lowercase + string.ascii_uppercase + string.digits
#: Side of the largest maps; --side tries a smaller map cap.
SIDE = MAX_MAP_SIDE
GOAL_SECONDS = 10.0
GOAL_MB = 1024


def gh(map_text: str, figures: dict[str, str], action: str, active: str | None = "a", variant: str = "gloomhaven") -> str:
    return (
        f"ruleset: gloomhaven\nvariant: {variant}\n"
        + map_text
        + figures_block(figures)
        + (f"active: {active}\n" if active else "")
        + f"action: {action}\n"
    )


def gh_open_board() -> str:
    side = SIDE
    figures = {"a": "kind: monster, at: [0, 0]"}
    for index, label in enumerate(LABELS[26:52]):
        figures[label] = f"kind: character, initiative: {index + 1}, at: [{side - 1 - index}, {side - 1}]"
    return gh(grid_map(side, side, lambda c, r: ".", True), figures, f"{{move: {MAX_MOVE}, attack: {{range: {MAX_RANGE}}}}}")


def gh_maze() -> str:
    side = SIDE
    rng = random.Random(14)
    terrain = {(c, r): rng.choice("....*%^~") for c in range(side) for r in range(side)}
    figures = {"a": "kind: monster, at: [0, 0]"}
    terrain[(0, 0)] = "."
    for index, label in enumerate(LABELS[26:52]):
        cell = ((side - 1 - 3 * index) % side, side - 1 - index)
        terrain[cell] = "."
        figures[label] = f"kind: character, initiative: {index + 1}, at: [{cell[0]}, {cell[1]}]"
    return gh(grid_map(side, side, lambda c, r: terrain[(c, r)], True), figures, f"{{move: {MAX_MOVE}, attack: {{range: 0}}}}")


def gh_targets(targets: int, characters: int) -> Callable[[], str]:
    def make() -> str:
        side = 40
        figures = {"a": "kind: monster, at: [20, 20]"}
        ring = [(c, r) for r in range(14, 27) for c in range(14, 27) if (c, r) != (20, 20)]
        for index, label in enumerate(LABELS[26:][:characters]):
            col, row = ring[index * len(ring) // characters]
            figures[label] = f"kind: character, initiative: {index + 1}, at: [{col}, {row}]"
        return gh(
            grid_map(side, side, lambda c, r: ".", True),
            figures,
            f"{{move: {MAX_MOVE}, attack: {{range: {MAX_RANGE}, targets: {targets}}}}}",
        )

    return make


def gh_icy(side: int, move: int) -> Callable[[], str]:
    def make() -> str:
        figures = {"a": "kind: monster, at: [0, 0]", "A": f"kind: character, initiative: 10, at: [{side - 1}, {side - 1}]"}
        return gh(grid_map(side, side, lambda c, r: "=", True), figures, f"{{move: {move}, attack: {{range: 0}}}}")

    return make


def gh_aoe() -> str:
    side = SIDE
    row = " ".join("x" * MAX_AOE_SIDE)
    pattern = "\\n".join(("" if r % 2 == 0 else " ") + row for r in range(MAX_AOE_SIDE))
    figures = {"a": "kind: monster, at: [30, 30]"}
    for index, label in enumerate(LABELS[26:]):
        figures[label] = f"kind: character, initiative: {index + 1}, at: [{22 + index % 18}, {22 + index // 18 * 4}]"
    return gh(
        grid_map(side, side, lambda c, r: ".", True), figures, f'{{move: {MAX_MOVE}, attack: {{range: {MAX_RANGE}, aoe: "{pattern}"}}}}'
    )


def gh_card(segments: int) -> Callable[[], str]:
    def make() -> str:
        side = SIDE
        figures = {"a": "kind: monster, at: [32, 32]"}
        open_cells = {(32, 32)}
        for index, label in enumerate(LABELS[26:]):
            cell = ((index * 7 + 3) % side, (index * 11 + 5) % side)
            open_cells.add(cell)
            figures[label] = f"kind: character, initiative: {index + 1}, at: [{cell[0]}, {cell[1]}]"
        actions = ["\n  - move: 15" if index % 2 == 0 else f"\n  - attack: {{range: {MAX_RANGE}, targets: 3}}" for index in range(segments)]
        return gh(
            grid_map(side, side, lambda c, r: "." if (c * 3 + r) % 17 or (c, r) in open_cells else "#", True), figures, "".join(actions)
        )

    return make


def gh_phase(monsters: int = 31, action: str = f"{{move: {MAX_MOVE}, attack: {{range: {MAX_RANGE}, targets: 3}}}}") -> Callable[[], str]:
    return lambda: _gh_phase(monsters, action)


def _gh_phase(monsters: int, action: str) -> str:
    side = SIDE
    rng = random.Random(7)
    cells = rng.sample([(c, r) for c in range(side) for r in range(side)], 62)
    figures = {}
    for index, label in enumerate(LABELS):
        col, row = cells[index]
        if index < monsters:
            figures[label] = f"kind: monster, number: {index % 10 + 1}, type: t{index % 5}, at: [{col}, {row}]"
        else:
            figures[label] = f"kind: character, initiative: {index}, at: [{col}, {row}]"
    terrain = {(c, r): ("#" if (c % 9 == 4 and r % 13 != 6) else ".") for c in range(side) for r in range(side)}
    for cell in cells:
        terrain[cell] = "."
    return gh(
        grid_map(side, side, lambda c, r: terrain[(c, r)], True),
        figures,
        action,
        active=None,
    )


def gh_huge_move_tiny_map() -> str:
    return gh("map: |\n  a . A\n", {"a": "kind: monster", "A": "kind: character, initiative: 10"}, f"{{move: {MAX_MOVE}}}")


def over_move_cap() -> str:
    return gh("map: |\n  a . A\n", {"a": "kind: monster", "A": "kind: character, initiative: 10"}, "{move: 100000000}")


# -- Perdition's Mouth ----------------------------------------------------------


PM_KINDS = ("boneworm", "rotikka", "chileen", "acolyte", "guard", "summoner", "demon")
PM_RULES = "{sight: corners, corner_cutting: true}"


def pm_board(
    enemies: int = 31, kinds: tuple[str, ...] = PM_KINDS, mix: str = "........%~^=+$/", rules: str = PM_RULES
) -> Callable[[], str]:
    return lambda: _pm_board(enemies, kinds, mix, rules)


def _pm_board(enemies: int, kinds: tuple[str, ...], mix: str, rules: str) -> str:
    side = SIDE
    rng = random.Random(3)
    terrain = {(c, r): rng.choice(mix) for c in range(side) for r in range(side)}
    terrain[(side // 2, side // 2)] = "!"
    cells = rng.sample([cell for cell, t in terrain.items() if t == "."], 62)
    figures = {}
    for index, label in enumerate(LABELS):
        col, row = cells[index]
        if index < enemies:
            figures[label] = f"kind: {kinds[index % len(kinds)]}, ap: {MAX_MOVE}, attack_range: {MAX_RANGE}, at: [{col}, {row}]"
        else:
            figures[label] = f"kind: hero, health: {index}, at: [{col}, {row}]"
    grid = grid_map(side, side, lambda c, r: "." if (c, r) in cells else terrain[(c, r)], False)
    return "ruleset: perditions-mouth\n" + grid + figures_block(figures) + f"rules: {rules}\n"


# -- Agemonia -------------------------------------------------------------------


def agemonia_areas(
    count: int, sight: str = "open", enemies: int = 31, attack: str = f"{{kind: ranged, range: {MAX_RANGE}}}"
) -> Callable[[], str]:
    def make() -> str:
        rng = random.Random(count)
        names = [f"R{i}" for i in range(count)]
        lines = ["ruleset: agemonia", "areas:"]
        lines += [
            f"  {name}: {{capacity: {rng.randint(1, 4)}, height: {rng.randint(0, 1)}, trap: {str(rng.random() < 0.1).lower()}}}"
            for name in names
        ]
        links = []
        width = 50
        for index in range(count):
            if index % width + 1 < width and index + 1 < count:
                links.append(f"{names[index]} {rng.choice(['--', '--', '==', '||'])} {names[index + 1]}")
            if index + width < count:
                links.append(f"{names[index]} {rng.choice(['--', '--', '==', '||'])} {names[index + width]}")
        lines.append("links:")
        lines += [f"  - {link}" for link in links]
        blocked = [(names[rng.randrange(count)], names[rng.randrange(count)]) for _ in range(count)]
        lines.append(f"sight:\n  default: {sight}\n  blocked:")
        lines += [f"    - [{a}, {b}]" for a, b in blocked]
        lines.append("figures:")
        placed = rng.sample(names, 62)
        for index, label in enumerate(LABELS):
            if index < enemies:
                lines.append(
                    f"  {label}: {{side: enemy, area: {placed[index]}, type: t{index % 4}, number: {index}, fly: {str(index % 3 == 0).lower()}}}"
                )
            else:
                lines.append(f"  {label}: {{side: hero, area: {placed[index]}, taunt: {index % 5}}}")
        lines.append(f"action: {{move: {MAX_MOVE}, attack: {attack}}}")
        return "\n".join(lines) + "\n"

    return make


# -- Cloudspire ------------------------------------------------------------------


def cloudspire_board(minions: int = 50) -> Callable[[], str]:
    return lambda: _cloudspire_board(minions)


def _cloudspire_board(minions: int) -> str:
    side = SIDE
    rng = random.Random(5)
    terrain = {(c, r): rng.choice("......,,%^~*") for c in range(side) for r in range(side)}
    terrain[(0, 0)] = "&"
    terrain[(side - 1, side - 1)] = "&"
    cells = rng.sample([cell for cell, t in terrain.items() if t == "."], 62)
    figures = {}
    for index, label in enumerate(LABELS):
        col, row = cells[index]
        faction = "red" if index % 2 else "blue"
        kind = "minion" if index < minions else "hero"
        figures[label] = f"kind: {kind}, faction: {faction}, move: {CLOUDSPIRE_MAX_MOVE}, allowance: water, at: [{col}, {row}]"
    grid = grid_map(side, side, lambda c, r: "." if (c, r) in cells else terrain[(c, r)], True)
    return (
        "ruleset: cloudspire\nvariant: ai\n"
        + grid
        + figures_block(figures)
        + f"faction: red\nmarks: {{red: [0, 0], blue: [{side - 1}, {side - 1}]}}\n"
    )


# -- Loader ---------------------------------------------------------------------


def many_keys() -> str:
    return "ruleset: gloomhaven\ndescription:\n" + "".join(f"  k{i}: {i}\n" for i in range(40_000))


def file_at_size_cap() -> str:
    head = (
        "ruleset: gloomhaven\nmap: |\n  a . A\nfigures:\n  a: {kind: monster}\n  A: {kind: character, initiative: 10}\nactive: a\nwalls:\n"
    )
    wall = "  - [[0, 0], [1, 0]]\n"
    return head + wall * ((MAX_FILE_BYTES - len(head) - 100) // len(wall))


CASES: list[tuple[str, Callable[[], str]]] = [
    (f"gloomhaven {MAX_MAP_SIDE}x{MAX_MAP_SIDE} open, move {MAX_MOVE}, range {MAX_RANGE}, 26 characters", gh_open_board),
    (f"gloomhaven {MAX_MAP_SIDE}x{MAX_MAP_SIDE} obstacles/difficult/traps, melee", gh_maze),
    ("gloomhaven targets 12 among 24 characters (issue 14)", gh_targets(12, 24)),
    (f"gloomhaven targets {MAX_TARGETS} among 36 characters (cap)", gh_targets(MAX_TARGETS, 36)),
    ("gloomhaven icy 100x100, move 20 (issue 14; over the map cap: refused)", gh_icy(100, 20)),
    (f"gloomhaven icy {MAX_MAP_SIDE}x{MAX_MAP_SIDE}, move {MAX_MOVE} (cap)", lambda: gh_icy(SIDE, MAX_MOVE)()),
    (f"gloomhaven AoE {MAX_AOE_SIDE}x{MAX_AOE_SIDE} ranged, 36 characters", gh_aoe),
    (f"gloomhaven whole phase, 31 monsters, 31 characters, {MAX_MAP_SIDE}x{MAX_MAP_SIDE}", gh_phase()),
    (f"gloomhaven whole phase, 61 monsters, 1 character, {MAX_MAP_SIDE}x{MAX_MAP_SIDE} (61 turns)", gh_phase(61)),
    ("gloomhaven 12-action card (6 moves, 6 attacks of 3 targets), 36 characters", gh_card(12)),
    (
        "gloomhaven whole phase, 31 monsters with a 12-action card",
        gh_phase(31, "".join(f"\n  - move: {MAX_MOVE}" if i % 2 == 0 else f"\n  - attack: {{range: {MAX_RANGE}}}" for i in range(12))),
    ),
    (f"gloomhaven move {MAX_MOVE} on a 3-cell map", gh_huge_move_tiny_map),
    ("gloomhaven move 100000000 (over the cap: refused)", over_move_cap),
    (f"perditions-mouth {MAX_MAP_SIDE}x{MAX_MAP_SIDE}, 31 enemies AP {MAX_MOVE}, 31 heroes, corner sight", pm_board()),
    (f"perditions-mouth {MAX_MAP_SIDE}x{MAX_MAP_SIDE}, 61 enemies AP {MAX_MOVE}, 1 hero, corner sight", pm_board(61)),
    (f"agemonia {MAX_AREAS} areas, open sight, 62 figures, move {MAX_MOVE}, range {MAX_RANGE} (cap)", agemonia_areas(MAX_AREAS)),
    (f"agemonia {MAX_AREAS} areas, adjacent sight", agemonia_areas(MAX_AREAS, "adjacent")),
    (f"agemonia {MAX_AREAS} areas, adjacent sight, 61 enemies", agemonia_areas(MAX_AREAS, "adjacent", 61)),
    ("agemonia 6000 areas (issue 14; over the cap: refused)", agemonia_areas(6000)),
    (f"cloudspire {MAX_MAP_SIDE}x{MAX_MAP_SIDE}, 25 red minions move {CLOUDSPIRE_MAX_MOVE}, water allowance", cloudspire_board()),
    (f"cloudspire {MAX_MAP_SIDE}x{MAX_MAP_SIDE}, 30 red of 60 minions move {CLOUDSPIRE_MAX_MOVE}", cloudspire_board(60)),
    ("loader: mapping with 40,000 keys", many_keys),
    (f"loader: file at the {MAX_FILE_BYTES // 1024} KiB cap (70,000 walls)", file_at_size_cap),
    # Worst variants found for issue 27 (appended so the numbers above stay): doors opened all phase long,
    # centre sight without corner cutting at a diagonal cost of 2, melee on open sight.
    (
        f"perditions-mouth {MAX_MAP_SIDE}x{MAX_MAP_SIDE}, 61 Acolytes AP {MAX_MOVE} among doors, 1 hero, goal next to the alarm",
        pm_board(61, ("acolyte",), "....++$$/%~", "{acolyte_goal: adjacent}"),
    ),
    (
        f"perditions-mouth {MAX_MAP_SIDE}x{MAX_MAP_SIDE}, 31 enemies, 31 heroes, centre sight, no corner cutting, diagonal cost 2",
        pm_board(rules="{sight: center, corner_cutting: false, diagonal_cost: 2}"),
    ),
    (f"agemonia {MAX_AREAS} areas, open sight, melee, 61 enemies", agemonia_areas(MAX_AREAS, "open", 61, "{kind: melee}")),
    # Issue 34: generators that hunt each game's weak spots on purpose (bench/adversarial.py).
    *ADVERSARIAL,
]


def run(path: Path, timeout: float, memory_mb: int) -> tuple[float, float, int | str, str]:
    """Wall seconds, peak RSS in MB, exit code and first stderr line of `enemy-move resolve FILE --json`."""
    command = [sys.executable, "-m", "enemy_move", "resolve", str(path), "--json"]
    errors = path.with_suffix(".stderr")
    start = time.monotonic()
    with errors.open("wb") as sink:
        process = subprocess.Popen(command, stdout=subprocess.DEVNULL, stderr=sink, cwd=ROOT, preexec_fn=lambda: _limit_memory(memory_mb))
        return _wait(process, start, timeout) + (_first_line(errors),)


def _limit_memory(megabytes: int) -> None:
    # A runaway case must not take the machine down with it: past the limit
    # it gets a MemoryError (reported as an internal error, exit 2).
    import resource

    limit = megabytes * 1024 * 1024
    resource.setrlimit(resource.RLIMIT_AS, (limit, limit))


def _first_line(path: Path) -> str:
    text = path.read_text(errors="replace").strip()
    path.unlink()
    return text.splitlines()[0][:150] if text else ""


def _wait(process: subprocess.Popen[bytes], start: float, timeout: float) -> tuple[float, float, int | str]:
    deadline = start + timeout
    status: int | str
    while True:
        pid, wait_status, usage = os.wait4(process.pid, os.WNOHANG)
        if pid:
            status = os.waitstatus_to_exitcode(wait_status)
            break
        if time.monotonic() > deadline:
            process.kill()
            _, _, usage = os.wait4(process.pid, 0)
            status = "TIMEOUT"
            break
        time.sleep(0.02)
    process.returncode = status if isinstance(status, int) else -9  # already reaped
    return time.monotonic() - start, usage.ru_maxrss / 1024, status


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--only", default="", help="run only the cases whose name contains this text")
    parser.add_argument("--timeout", type=float, default=120.0, help="seconds before a case is stopped (reported as TIMEOUT)")
    parser.add_argument("--side", type=int, default=MAX_MAP_SIDE, help="side of the largest maps (default: the map cap)")
    parser.add_argument("--memory", type=int, default=3072, help="address-space limit per case in MB (a MemoryError past it)")
    parser.add_argument("--keep", default=None, help="write the generated files to this folder and keep them")
    args = parser.parse_args()
    global SIDE
    SIDE = args.side
    folder = Path(args.keep) if args.keep else Path(tempfile.mkdtemp(prefix="enemy-move-stress-"))
    folder.mkdir(parents=True, exist_ok=True)
    print(f"largest maps {SIDE}x{SIDE}; each case stopped after {args.timeout:.0f} s or {args.memory} MB of address space")
    print(f"{'case':<84} {'KiB':>6} {'time s':>7} {'peak MB':>8} exit")
    worst_ok = True
    for index, (name, make) in enumerate(CASES):
        if args.only not in name:
            continue
        path = folder / f"case-{index:02d}.yaml"
        path.write_text(make())
        seconds, megabytes, status, message = run(path, args.timeout, args.memory)
        flag = "" if status in (0, 2) and seconds < GOAL_SECONDS and megabytes < GOAL_MB else "  <-- over the goal"
        worst_ok = worst_ok and not flag
        print(f"{name:<84} {path.stat().st_size // 1024:>6} {seconds:>7.2f} {megabytes:>8.0f} {status}{flag}", flush=True)
        if message:
            print(f"    {message}")
    if not args.keep:
        for path in folder.glob("*.yaml"):
            path.unlink()
        folder.rmdir()
    print("all cases within 10 s and 1 GB" if worst_ok else f"some cases exceed the goal ({GOAL_SECONDS:.0f} s, {GOAL_MB} MB)")


if __name__ == "__main__":
    main()
