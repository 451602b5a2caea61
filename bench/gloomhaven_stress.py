"""Gloomhaven stress positions: write them under bench/gloomhaven/, or time them.

Usage:
    python bench/gloomhaven_stress.py write      # (re)generate the YAML files (deterministic)
    python bench/gloomhaven_stress.py [--runs N] # time each file in-process (resolve only, CPU time), best of N

The positions (issue 12 and 15): a `targets: 12` attack with 24 characters in
range (GH and FH), a 100x100 icy board with move 20, and a ranged 7-hex area
attack (5 targets, range 7, move 7) facing 16 characters that all tie for focus
(JotL). They carry no `expect:`: they measure speed and bounded work only.
"""

from __future__ import annotations

import argparse
import random
import sys
import time
from pathlib import Path

import yaml

ROOT = Path(__file__).resolve().parent.parent
FOLDER = ROOT / "bench" / "gloomhaven"
LABELS = "ABCDEFGHIJKLMNOPQRSTUVWXYZ"


def _hex_distance(a: tuple[int, int], b: tuple[int, int]) -> int:
    def axial(cell: tuple[int, int]) -> tuple[int, int]:
        return (cell[0] - (cell[1] - (cell[1] & 1)) // 2, cell[1])

    (aq, ar), (bq, br) = axial(a), axial(b)
    return (abs(aq - bq) + abs(ar - br) + abs(aq - bq + ar - br)) // 2


def _draw(width: int, height: int, symbols: dict[tuple[int, int], str]) -> str:
    lines = []
    for row in range(height):
        cells = [symbols.get((col, row), ".") for col in range(width)]
        lines.append((" " if row & 1 else "") + " ".join(cells))
    return "\n".join(lines) + "\n"


def _document(title: str, variant: str, symbols: dict, width: int, height: int, figures: dict, action: dict) -> dict:
    return {
        "ruleset": "gloomhaven",
        "variant": variant,
        "title": title,
        "description": "Stress position (bench/gloomhaven_stress.py): speed and bounded work, no expected answer.",
        "map": _draw(width, height, symbols),
        "figures": figures,
        "active": "a",
        "action": action,
    }


def many_targets(variant: str) -> dict:
    """24 characters within range 4 of a monster whose attack has 12 targets."""
    width, height, start = 15, 13, (7, 6)
    rng = random.Random(12)
    cells = [(c, r) for r in range(height) for c in range(width) if 1 <= _hex_distance((c, r), start) <= 4]
    placed = sorted(rng.sample(cells, 24))
    symbols = {start: "a"}
    figures: dict = {"a": {"kind": "monster", "name": "Inox Archer", "number": 1}}
    for index, cell in enumerate(placed):
        label = LABELS[index]
        symbols[cell] = label
        figures[label] = {"kind": "character", "initiative": 10 + index}
    action = {"move": 3, "attack": {"range": 4, "targets": 12}}
    return _document(f"Stress: 12 targets, 24 characters in range ({variant})", variant, symbols, width, height, figures, action)


def icy_board() -> dict:
    """100x100 board, a third of it icy with scattered walls; move 20 towards a far character."""
    width = height = 100
    rng = random.Random(15)
    symbols: dict[tuple[int, int], str] = {}
    for row in range(height):
        for col in range(width):
            roll = rng.random()
            if roll < 0.33:
                symbols[(col, row)] = "="
            elif roll < 0.36:
                symbols[(col, row)] = "#"
            elif roll < 0.38:
                symbols[(col, row)] = "^"
    symbols[(2, 2)] = "a"
    symbols[(90, 85)] = "A"
    figures = {"a": {"kind": "monster", "name": "Frozen Corpse", "number": 1}, "A": {"kind": "character", "initiative": 30}}
    return _document(
        "Stress: 100x100 icy board, move 20", "frosthaven", symbols, width, height, figures, {"move": 20, "attack": {"range": 0}}
    )


def ranged_area() -> dict:
    """A 7-hex ranged area (5 targets, range 7, move 7) against 16 characters tied for focus (JotL)."""
    width, height, start = 21, 17, (10, 8)
    rng = random.Random(7)
    cells = [(c, r) for r in range(height) for c in range(width) if 4 <= _hex_distance((c, r), start) <= 8]
    placed = sorted(rng.sample(cells, 16))
    symbols = {start: "a"}
    for wall in rng.sample([(c, r) for r in range(height) for c in range(width) if 2 <= _hex_distance((c, r), start) <= 9], 10):
        symbols[wall] = "#"
    figures: dict = {"a": {"kind": "monster", "name": "Black Imp", "number": 1}}
    for index, cell in enumerate(placed):
        label = LABELS[index]
        symbols[cell] = label
        figures[label] = {"kind": "character"}  # no initiative: every tie stays a players' choice
    aoe = " x x\nx x x\n x x\n"
    action = {"move": 7, "attack": {"range": 7, "targets": 5, "aoe": aoe}}
    return _document("Stress: ranged 7-hex area, 5 targets, 16 characters tied (JotL)", "jotl", symbols, width, height, figures, action)


POSITIONS = {
    "targets-12-gloomhaven.yaml": lambda: many_targets("gloomhaven"),
    "targets-12-frosthaven.yaml": lambda: many_targets("frosthaven"),
    "icy-100x100-move-20.yaml": icy_board,
    "ranged-area-16-tied-jotl.yaml": ranged_area,
}


def write() -> None:
    FOLDER.mkdir(exist_ok=True)
    for name, build in POSITIONS.items():
        (FOLDER / name).write_text(yaml.safe_dump(build(), sort_keys=False, width=1000), encoding="utf-8")
        print(f"wrote {FOLDER / name}")


def time_all(runs: int) -> None:
    sys.path.insert(0, str(ROOT))
    from enemy_move import rulesets
    from enemy_move.models import load_scenario

    for path in sorted(FOLDER.glob("*.yaml")):
        best = float("inf")
        options = 0
        for _ in range(runs):
            scenario = load_scenario(path)
            # CPU time of this process: steady on a loaded machine, and the work is single-threaded.
            started = time.process_time()
            result = rulesets.resolve(scenario, None, {})
            best = min(best, time.process_time() - started)
            options = len(result.turns[0].options)
        print(f"{path.name:36} {1000 * best:9.1f} ms CPU  ({options} options)")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("command", nargs="?", default="time", choices=["write", "time"])
    parser.add_argument("--runs", type=int, default=3)
    args = parser.parse_args()
    if args.command == "write":
        write()
    else:
        time_all(args.runs)


if __name__ == "__main__":
    main()
