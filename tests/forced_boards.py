"""Random small Gloomhaven boards whose monster attacks may push or pull (shared by the readings' and reasons' tests)."""

from __future__ import annotations

import random

VARIANT_NAMES = ("gloomhaven", "frosthaven", "gloomhaven2e", "jotl")


#: Characters' names on wide boards: text a view must measure and wrap by its width on screen.
NAMES = ("", ", name: 漢字", ", name: Élise")


def forced_board(seed: int, forces: tuple[str | None, ...] = ("push", "pull"), *, wide: bool = False) -> str:
    """A 6-10 x 5-8 hex board with walls, traps and difficult terrain, 1-3 monsters, 2-5 characters and a card of a
    move and an attack with one of ``forces`` (None: no forced move); the variant cycles with the seed. ``wide``:
    up to 40 x 30 and 6 characters, some with names wider than their letters (for the views' tests)."""
    rng = random.Random(seed)
    width, height = (rng.randint(6, 40), rng.randint(5, 30)) if wide else (rng.randint(6, 10), rng.randint(5, 8))
    cells = [[rng.choice("......#.*=^") for _ in range(width)] for _ in range(height)]
    free = [(col, row) for row in range(height) for col in range(width) if cells[row][col] == "."]
    rng.shuffle(free)
    monsters, characters = rng.randint(1, 3), rng.randint(2, 6 if wide else 5)
    figures = []
    for index, (col, row) in enumerate(free[: monsters + characters]):
        if index < monsters:
            figures.append(f"  {'abc'[index]}: {{kind: monster, number: {index + 1}, at: [{col}, {row}]}}")
        else:
            name = rng.choice(NAMES) if wide else ""
            figures.append(f"  {'ABCDEFGH'[index - monsters]}: {{kind: character, initiative: {10 + index}, at: [{col}, {row}]{name}}}")
    lines = [("" if row % 2 == 0 else " ") + " ".join(line) for row, line in enumerate(cells)]
    force = rng.choice(forces)
    forced = f", {force}: {rng.randint(1, 4)}" if force else ""
    action = f"{{move: {rng.randint(1, 4)}, attack: {{range: {rng.randint(0, 4)}, targets: {rng.randint(1, 4)}{forced}}}}}"
    variant = VARIANT_NAMES[seed % len(VARIANT_NAMES)]
    return "ruleset: gloomhaven\nvariant: {}\nmap: |\n{}\nfigures:\n{}\naction: {}\n".format(
        variant, "\n".join("  " + line for line in lines), "\n".join(figures), action
    )
