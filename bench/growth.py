"""Synthetic positions for the growth series of `make bench`.

Each generator returns scenario YAML text of a given size, so that the time
of one turn can be set against the board size and the time of a whole phase
against the number of acting figures. The positions are plain open boards
with a few walls; they test how the work grows, not the rules.
"""

from __future__ import annotations

from collections.abc import Callable

LABELS = "abcdefghijklmnopqrstuvwxyz"
HEROES = "ABCDEFGHIJKLMNOPQRSTUVWXYZ"


def _grid_map(width: int, height: int, cells: dict[tuple[int, int], str], hex_rows: bool) -> str:
    """Map text: floor everywhere, with ``cells`` drawn over it (odd rows shifted on hex maps)."""
    lines = []
    for row in range(height):
        text = " ".join(cells.get((col, row), ".") for col in range(width))
        lines.append((" " if hex_rows and row % 2 else "") + text)
    return "\n".join(lines)


def _indent(text: str) -> str:
    return "\n".join("  " + line for line in text.split("\n"))


def _walls(width: int, height: int, symbol: str = "#") -> dict[tuple[int, int], str]:
    """A broken wall line across the middle third, so that sight and paths have something to go round."""
    row = height // 2
    return {(col, row): symbol for col in range(width // 3, 2 * width // 3) if col % 4 != 1}


# --- one turn against board cells ----------------------------------------------------


def gloomhaven_turn(side: int) -> str:
    cells = _walls(side, side)
    cells[(0, 0)] = "a"
    cells[(side - 1, side - 1)] = "A"
    return f"""ruleset: gloomhaven
variant: frosthaven
map: |
{_indent(_grid_map(side, side, cells, True))}
figures:
  a: {{kind: monster, name: Archer, number: 1}}
  A: {{kind: character, initiative: 30}}
active: a
action: {{move: 3, attack: {{range: 3}}}}
"""


def perditions_mouth_turn(side: int) -> str:
    cells = _walls(side, side)
    cells[(0, 0)] = "b"
    cells[(side - 1, side - 1)] = "A"
    return f"""ruleset: perditions-mouth
map: |
{_indent(_grid_map(side, side, cells, False))}
figures:
  b: {{kind: rotikka}}
  A: {{kind: hero}}
active: b
"""


def cloudspire_turn(side: int) -> str:
    cells = _walls(side, side, "^")  # mountains: never entered
    cells[(0, 0)] = "m"
    return f"""ruleset: cloudspire
map: |
{_indent(_grid_map(side, side, cells, True))}
figures:
  m: {{kind: minion, faction: red, move: 3}}
faction: red
marks: {{red: [{side - 1}, {side - 1}]}}
"""


def _area_chain(count: int) -> tuple[list[str], list[str]]:
    """Areas on a ladder two wide: A0..A(n-1), each linked to the next and to its partner."""
    names = [f"A{i}" for i in range(count)]
    links = [f"{names[i]} -- {names[i + 2]}" for i in range(count - 2)]
    links += [f"{names[i]} -- {names[i + 1]}" for i in range(0, count - 1, 2)]
    return names, links


def agemonia_turn(areas: int) -> str:
    names, links = _area_chain(areas)
    area_lines = "\n".join(f"  {name}: {{capacity: 3}}" for name in names)
    return f"""ruleset: agemonia
areas:
{area_lines}
links: [{", ".join(links)}]
figures:
  g: {{side: enemy, name: Ghoul, number: 1, area: {names[0]}}}
  L: {{side: hero, name: Lunara, area: {names[-1]}, taunt: 2}}
active: g
action: {{move: 2, attack: {{kind: melee}}}}
"""


# --- a whole phase against acting figures ----------------------------------------------

PHASE_SIDE = 24


def _spread(count: int, side: int, row: int) -> list[tuple[int, int]]:
    """``count`` cells along the rows from ``row``, two columns apart."""
    per_row = side // 2
    return [((2 * i) % side, row + (2 * i) // side) for i in range(count) if per_row]


def gloomhaven_phase(actors: int) -> str:
    side = PHASE_SIDE
    cells = _walls(side, side)
    figures = []
    for i, cell in enumerate(_spread(actors, side, 0)):
        cells[cell] = LABELS[i]
        figures.append(f"  {LABELS[i]}: {{kind: monster, name: Guard, number: {i + 1}}}")
    for i, cell in enumerate(_spread(4, side, side - 1)):
        cells[cell] = HEROES[i]
        figures.append(f"  {HEROES[i]}: {{kind: character, initiative: {10 + i}}}")
    return f"""ruleset: gloomhaven
variant: frosthaven
map: |
{_indent(_grid_map(side, side, cells, True))}
figures:
{chr(10).join(figures)}
action: {{move: 3, attack: {{range: 0}}}}
"""


def perditions_mouth_phase(actors: int) -> str:
    side = PHASE_SIDE
    cells = _walls(side, side)
    figures = []
    for i, cell in enumerate(_spread(actors, side, 0)):
        cells[cell] = LABELS[i]
        figures.append(f"  {LABELS[i]}: {{kind: rotikka}}")
    for i, cell in enumerate(_spread(4, side, side - 1)):
        cells[cell] = HEROES[i]
        figures.append(f"  {HEROES[i]}: {{kind: hero}}")
    return f"""ruleset: perditions-mouth
map: |
{_indent(_grid_map(side, side, cells, False))}
figures:
{chr(10).join(figures)}
"""


def cloudspire_phase(actors: int) -> str:
    side = PHASE_SIDE
    cells = _walls(side, side, "^")
    figures = []
    for i, cell in enumerate(_spread(actors, side, 0)):
        cells[cell] = LABELS[i]
        figures.append(f"  {LABELS[i]}: {{kind: minion, faction: red, move: 3}}")
    return f"""ruleset: cloudspire
map: |
{_indent(_grid_map(side, side, cells, True))}
figures:
{chr(10).join(figures)}
faction: red
marks: {{red: [{side - 1}, {side - 1}]}}
"""


def agemonia_phase(actors: int) -> str:
    names, links = _area_chain(24)
    area_lines = "\n".join(f"  {name}: {{capacity: 6}}" for name in names)
    figures = [f"  {LABELS[i]}: {{side: enemy, name: Ghoul, number: {i + 1}, area: {names[i % 4]}}}" for i in range(actors)]
    return f"""ruleset: agemonia
areas:
{area_lines}
links: [{", ".join(links)}]
figures:
{chr(10).join(figures)}
  L: {{side: hero, name: Lunara, area: {names[-1]}, taunt: 2}}
action: {{move: 2, attack: {{kind: melee}}}}
"""


#: ruleset -> (series name, size label, sizes, generator, size measure)
TURN_SERIES: dict[str, tuple[str, list[int], Callable[[int], str], Callable[[int], int]]] = {
    "gloomhaven": ("board cells", [8, 16, 24, 32], gloomhaven_turn, lambda side: side * side),
    "perditions-mouth": ("board cells", [8, 16, 24, 32], perditions_mouth_turn, lambda side: side * side),
    "cloudspire": ("board cells", [8, 16, 24, 32], cloudspire_turn, lambda side: side * side),
    "agemonia": ("areas", [16, 64, 256, 1000], agemonia_turn, lambda areas: areas),
}

PHASE_SERIES: dict[str, tuple[str, list[int], Callable[[int], str], Callable[[int], int]]] = {
    "gloomhaven": ("acting figures", [2, 4, 8, 16], gloomhaven_phase, lambda n: n),
    "perditions-mouth": ("acting figures", [2, 4, 8, 16], perditions_mouth_phase, lambda n: n),
    "cloudspire": ("acting figures", [2, 4, 8, 16], cloudspire_phase, lambda n: n),
    "agemonia": ("acting figures", [2, 4, 8, 16], agemonia_phase, lambda n: n),
}
