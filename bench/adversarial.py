"""Adversarial stress files (issue 34): generators that hunt the weak spots of each game at the documented caps.

bench/stress.py appends ``CASES`` to its own list, so `make bench` and `python bench/stress.py` run them.
Each generator aims at one way the work can grow, all at the caps of docs/errors.md:

- Gloomhaven: ranged area attacks with many orientations and targets among crowds of 8 to 61 figures;
  12-action cards with push or pull, with 5 targets, with area attacks on any target; summons with jump
  and area attacks; whole phases of 31 monsters with pushes (of 3 and 4 targets); rings of equally distant, equally fast
  enemies (every path ties); a packed phase where each turn changes the board for the next.
- Perdition's Mouth: a ring of heroes at equal distance on an open board (every diagonal path ties).
- Agemonia: a lattice of areas where every route ties, 61 enemies on it.
- Cloudspire: AI minions among 30 friendly heroes they may displace, movement 2 to 8.
"""

from __future__ import annotations

import random
import string
from collections.abc import Callable

from board_text import figures_block as _figures
from board_text import grid_map

from enemy_move.games.cloudspire.model import MAX_MOVE as CLOUDSPIRE_MAX_MOVE
from enemy_move.games.gloomhaven.model import MAX_AOE_SIDE, MAX_TARGETS
from enemy_move.geometry.grid import MAX_MAP_SIDE
from enemy_move.models.common import MAX_MOVE, MAX_RANGE

LABELS = string.ascii_lowercase + string.ascii_uppercase + string.digits
SIDE = MAX_MAP_SIDE
Cell = tuple[int, int]


def _map(side: int, cell: Callable[[int, int], str], hex_grid: bool = True) -> str:
    return grid_map(side, side, cell, hex_grid)


def _blob(centre: Cell, count: int, spacing: int = 1) -> list[Cell]:
    """``count`` cells packed around ``centre`` (offset coordinates, nearest first, every ``spacing``-th column/row)."""
    col0, row0 = centre
    cells = [(col0 + dc * spacing, row0 + dr * spacing) for dc in range(-8, 9) for dr in range(-8, 9) if (dc, dr) != (0, 0)]
    cells.sort(key=lambda c: (abs(c[0] - col0) + abs(c[1] - row0), c))
    return cells[:count]


def _ring(centre: Cell, radius: int, count: int) -> list[Cell]:
    """``count`` cells spread over the hex ring at ``radius`` around ``centre`` (offset coordinates, odd rows shifted)."""
    q0, r0 = centre[0] - (centre[1] - (centre[1] & 1)) // 2, centre[1]
    ring: list[tuple[int, int]] = []
    q, r = q0 + radius, r0 - radius  # start at a corner, then walk the six sides
    for dq, dr in ((0, 1), (-1, 1), (-1, 0), (0, -1), (1, -1), (1, 0)):
        for _ in range(radius):
            ring.append((q, r))
            q, r = q + dq, r + dr
    picked = [ring[index * len(ring) // count] for index in range(count)]
    return [(q + (r - (r & 1)) // 2, r) for q, r in picked]


# -- patterns -----------------------------------------------------------------------------------------

#: A 7 x 7 area of every hex; a line of 7 (six orientations, long reach); a scattered asymmetric shape
#: (every rotation covers a different set); a melee cone from the attacker's hex.
FULL = "\\n".join(("" if r % 2 == 0 else " ") + " ".join("x" * MAX_AOE_SIDE) for r in range(MAX_AOE_SIDE))
LINE = " ".join("x" * MAX_AOE_SIDE)
SCATTER = "\\n".join(
    ("x . . x . . x", " . x . . x x .", "x . . . . . .", " . . x . . . x", "x x . . . x .", " . . . x . . .", ". x . . . x x")
)
CONE = "\\n".join(("@", " x x", "x x x", " x x x x", "x x x x x", " x x x x x x", "x x x x x x x"))


# -- Gloomhaven ---------------------------------------------------------------------------------------


def _gh(figures: dict[str, str], action: str, extra: str = "", terrain: Callable[[int, int], str] | None = None) -> str:
    cell = terrain or (lambda c, r: ".")
    return "ruleset: gloomhaven\n" + extra + _map(SIDE, cell) + _figures(figures) + f"action: {action}\n"


def gh_area_crowd(crowd: int, pattern: str, targets: int = 1) -> Callable[[], str]:
    """One monster, a ranged area attack at range 15 and move 15, ``crowd`` characters packed in a blob 10 hexes away."""

    def make() -> str:
        figures = {"a": "kind: monster, at: [20, 32]"}
        for index, (col, row) in enumerate(_blob((32, 32), crowd)):
            figures[LABELS[1 + index]] = f"kind: character, initiative: {index % 7 + 1}, at: [{col}, {row}]"
        attack = f'{{range: {MAX_RANGE}, targets: {targets}, aoe: "{pattern}"}}'
        return _gh(figures, f"{{move: {MAX_MOVE}, attack: {attack}}}", "active: a\n")

    return make


def _card(attack: str, moves: str = f"move: {MAX_MOVE}") -> str:
    return "".join(f"\n  - {moves}" if index % 2 == 0 else f"\n  - attack: {attack}" for index in range(12))


def gh_long_card(
    attack: str, characters: int = 36, rules: str = "", variant: str = "gloomhaven", moves: str = f"move: {MAX_MOVE}"
) -> Callable[[], str]:
    """A 12-action card (6 moves, 6 attacks) among ``characters`` characters scattered over a 64 x 64 board."""

    def make() -> str:
        figures = {"a": "kind: monster, at: [32, 32]"}
        for index, (col, row) in enumerate(_blob((32, 32), characters, 2)):
            figures[LABELS[1 + index]] = f"kind: character, initiative: {index + 1}, at: [{col}, {row}]"
        extra = f"variant: {variant}\nactive: a\n" + (f"rules: {rules}\n" if rules else "")
        return _gh(figures, _card(attack, moves), extra)

    return make


def gh_summon(pattern: str, monsters: int = 60) -> Callable[[], str]:
    """A summon that jumps 15 with a ranged area attack among ``monsters`` monsters (its enemies)."""

    def make() -> str:
        figures = {"A": "kind: character, initiative: 50, at: [2, 2]", "s": "kind: summon, owner: A, at: [20, 32]"}
        labels = [label for label in LABELS if label not in figures]
        for index, (col, row) in enumerate(_blob((33, 32), monsters)):
            figures[labels[index]] = f"kind: monster, number: {index % 10 + 1}, at: [{col}, {row}]"
        rocks = lambda c, r: "*" if (c + 2 * r) % 7 == 0 and (c, r) not in ((20, 32), (2, 2)) and abs(c - 33) + abs(r - 32) > 8 else "."  # noqa: E731
        attack = f'{{range: {MAX_RANGE}, aoe: "{pattern}"}}'
        return _gh(figures, f"{{move: {MAX_MOVE}, jump: true, attack: {attack}}}", "active: s\n", rocks)

    return make


def gh_phase(monsters: int, action: str, packed: bool = False, variant: str = "gloomhaven") -> Callable[[], str]:
    """A whole phase: ``monsters`` monsters and 62 - ``monsters`` characters, scattered or packed together (each turn
    then changes the paths of the next)."""

    def make() -> str:
        rng = random.Random(34)
        if packed:
            cells = _blob((32, 32), 62)
            rng.shuffle(cells)
        else:
            cells = rng.sample([(c, r) for c in range(SIDE) for r in range(SIDE)], 62)
        figures = {}
        for index, label in enumerate(LABELS):
            col, row = cells[index]
            if index < monsters:
                figures[label] = f"kind: monster, number: {index % 10 + 1}, type: t{index % 5}, at: [{col}, {row}]"
            else:
                figures[label] = f"kind: character, initiative: {index}, at: [{col}, {row}]"
        walls = lambda c, r: "#" if c % 9 == 4 and r % 13 != 6 and (c, r) not in cells else "."  # noqa: E731
        return _gh(figures, action, f"variant: {variant}\n", walls)

    return make


def gh_tie_ring(characters: int, radius: int, action: str, pillars: bool = False) -> Callable[[], str]:
    """The monster in the middle of a ring of characters all at one distance and one initiative: every focus and
    every path ties. ``pillars``: a lattice of obstacles, so that many equally short paths wind between them."""

    def make() -> str:
        figures = {"a": "kind: monster, at: [32, 32]"}
        ring = _ring((32, 32), radius, characters)
        for index, (col, row) in enumerate(ring):
            figures[LABELS[1 + index]] = f"kind: character, initiative: 10, at: [{col}, {row}]"
        taken = set(ring) | {(32, 32)}
        lattice = lambda c, r: "*" if pillars and c % 2 == 0 and r % 2 == 0 and (c, r) not in taken else "."  # noqa: E731
        return _gh(figures, action, "active: a\n", lattice)

    return make


# -- Perdition's Mouth ----------------------------------------------------------------------------------


def pm_tie_ring(enemies: int) -> Callable[[], str]:
    """Heroes in a square ring around a packed crowd of enemies on an open board: diagonal paths tie everywhere."""

    def make() -> str:
        heroes = 62 - enemies
        ring = [(32 + dc, 32 + dr) for dc in range(-20, 21) for dr in range(-20, 21) if max(abs(dc), abs(dr)) == 20]
        picked = [ring[index * len(ring) // heroes] for index in range(heroes)]
        crowd = _blob((32, 32), enemies)
        figures = {}
        for index, label in enumerate(LABELS):
            if index < enemies:
                col, row = crowd[index]
                kind = ("rotikka", "guard", "chileen")[index % 3]
                figures[label] = f"kind: {kind}, ap: {MAX_MOVE}, attack_range: {MAX_RANGE}, at: [{col}, {row}]"
            else:
                col, row = picked[index - enemies]
                figures[label] = f"kind: hero, health: 5, at: [{col}, {row}]"
        rules = "rules: {sight: corners, corner_cutting: true}\n"
        return "ruleset: perditions-mouth\n" + _map(SIDE, lambda c, r: ".", False) + _figures(figures) + rules

    return make


# -- Agemonia ---------------------------------------------------------------------------------------------


def agemonia_lattice(enemies: int, width: int = 31) -> Callable[[], str]:
    """A width x width lattice of areas joined to their four neighbours: between far corners every route ties."""

    def make() -> str:
        names = [f"L{i}" for i in range(width * width)]
        lines = ["ruleset: agemonia", "areas:"] + [f"  {name}: {{capacity: 4}}" for name in names]
        lines.append("links:")
        for index in range(width * width):
            col, row = index % width, index // width
            if col + 1 < width:
                lines.append(f"  - {names[index]} -- {names[index + 1]}")
            if row + 1 < width:
                lines.append(f"  - {names[index]} -- {names[index + width]}")
        lines.append("sight: {default: adjacent}")
        lines.append("figures:")
        border = [i for i in range(width * width) if i % width in (0, width - 1) or i // width in (0, width - 1)]
        heroes = 62 - enemies
        for index, label in enumerate(LABELS):
            if index < enemies:
                area = names[width * (width // 2) + width // 2 + (index % 5) - 2 + width * (index // 5 % 5 - 2)]
                lines.append(f"  {label}: {{side: enemy, area: {area}, type: t{index % 4}, number: {index}}}")
            else:
                lines.append(f"  {label}: {{side: hero, area: {names[border[(index - enemies) * len(border) // heroes]]}, taunt: 0}}")
        lines.append(f"action: {{move: {MAX_MOVE}, attack: {{kind: melee}}}}")
        return "\n".join(lines) + "\n"

    return make


# -- Cloudspire ---------------------------------------------------------------------------------------------


def cloudspire_friendly_crowd(move: int, minions: int = 1, heroes: int = 30) -> Callable[[], str]:
    """AI minions of red inside a crowd of ``heroes`` friendly (red) heroes they may displace, their mark beyond."""

    def make() -> str:
        figures = {}
        places = _blob((20, 32), heroes + minions - 1)
        crowd, starts = places[minions - 1 :], [(20, 32), *places[: minions - 1]]
        for index, (col, row) in enumerate(starts):
            figures[LABELS[index]] = f"kind: minion, faction: red, move: {move}, at: [{col}, {row}]"
        for index, (col, row) in enumerate(crowd):
            figures[LABELS[minions + index]] = f"kind: hero, faction: red, at: [{col}, {row}]"
        figures[LABELS[minions + heroes]] = "kind: hero, faction: blue, at: [60, 60]"
        return (
            "ruleset: cloudspire\nvariant: ai\n"
            + _map(SIDE, lambda c, r: ".")
            + _figures(figures)
            + "faction: red\nmarks: {red: [40, 32]}\n"
        )

    return make


CASES: list[tuple[str, Callable[[], str]]] = [
    *(
        (f"adversarial: gloomhaven ranged {name} area, range {MAX_RANGE}, among {crowd} characters", gh_area_crowd(crowd, pattern))
        for crowd in (8, 32, 61)
        for name, pattern in (("7x7", FULL), ("scattered 7x7", SCATTER))
    ),
    (f"adversarial: gloomhaven ranged line area, {MAX_TARGETS} targets, among 61 characters", gh_area_crowd(61, LINE, MAX_TARGETS)),
    ("adversarial: gloomhaven melee cone area, among 61 characters", gh_area_crowd(61, CONE)),
    (
        f"adversarial: gloomhaven 12-action card, push {MAX_RANGE} (range {MAX_RANGE})",
        gh_long_card(f"{{range: {MAX_RANGE}, push: {MAX_RANGE}}}"),
    ),
    (
        f"adversarial: gloomhaven 12-action card, pull {MAX_RANGE}, 3 targets",
        gh_long_card(f"{{range: {MAX_RANGE}, targets: 3, pull: {MAX_RANGE}}}"),
    ),
    (
        "adversarial: gloomhaven 12-action card, push 3 melee, any path (forced_move_maximum false)",
        gh_long_card("{range: 0, push: 3}", rules="{forced_move_maximum: false}"),
    ),
    ("adversarial: gloomhaven 12-action card, 5 targets", gh_long_card(f"{{range: {MAX_RANGE}, targets: 5}}")),
    (
        "adversarial: gloomhaven 12-action card, 5 targets on any target",
        gh_long_card(f"{{range: {MAX_RANGE}, targets: 5}}", rules="{later_attack_targets: any}"),
    ),
    (
        "adversarial: gloomhaven 12-action card, 7x7 areas on any target",
        gh_long_card(f'{{range: {MAX_RANGE}, aoe: "{FULL}"}}', rules="{later_attack_targets: any}"),
    ),
    (
        "adversarial: gloomhaven 12-action card, scattered areas, others first",
        gh_long_card(f'{{range: {MAX_RANGE}, aoe: "{SCATTER}"}}', rules="{later_attack_targets: others-first}"),
    ),
    (
        "adversarial: gloomhaven 12-action card, jumps and line areas",
        gh_long_card(f'{{range: {MAX_RANGE}, aoe: "{LINE}"}}', moves=f"{{move: {MAX_MOVE}, jump: true}}"),
    ),
    ("adversarial: gloomhaven summon, jump, ranged 7x7 area, 60 monsters", gh_summon(FULL)),
    ("adversarial: gloomhaven summon, jump, scattered area, 60 monsters", gh_summon(SCATTER)),
    (
        "adversarial: gloomhaven phase, 31 monsters with push, 31 characters",
        gh_phase(31, f"{{move: {MAX_MOVE}, attack: {{range: {MAX_RANGE}, targets: 3, push: {MAX_RANGE}}}}}"),
    ),
    # Issue 34, round 2: every order of 4 targets (24) and every way of the ones moved first is a board of its own.
    (
        "adversarial: gloomhaven phase, 31 monsters with push, 4 targets, 31 characters",
        gh_phase(31, f"{{move: {MAX_MOVE}, attack: {{range: {MAX_RANGE}, targets: 4, push: {MAX_RANGE}}}}}"),
    ),
    (
        "adversarial: gloomhaven phase, 31 monsters with pull, 4 targets, 31 characters (frosthaven)",
        gh_phase(31, f"{{move: {MAX_MOVE}, attack: {{range: {MAX_RANGE}, targets: 4, pull: {MAX_RANGE}}}}}", variant="frosthaven"),
    ),
    (
        "adversarial: gloomhaven phase, 31 monsters packed, pull, any path (gloomhaven 1st edition)",
        gh_phase(31, f"{{move: {MAX_MOVE}, attack: {{range: 3, targets: 2, pull: 5}}}}", packed=True),
    ),
    (
        "adversarial: gloomhaven phase, 61 monsters packed around 1 character",
        gh_phase(61, f"{{move: {MAX_MOVE}, attack: {{range: 0}}}}", True),
    ),
    (
        "adversarial: gloomhaven phase, 31 monsters packed, 12-action card with push",
        gh_phase(31, _card(f"{{range: {MAX_RANGE}, push: 2}}"), packed=True, variant="frosthaven"),
    ),
    ("adversarial: gloomhaven tie ring, 61 characters at 15, melee", gh_tie_ring(61, 15, f"{{move: {MAX_MOVE}, attack: {{range: 0}}}}")),
    (
        "adversarial: gloomhaven tie ring among pillars, 61 characters at 20, melee",
        gh_tie_ring(61, 20, f"{{move: {MAX_MOVE}, attack: {{range: 0}}}}", True),
    ),
    (
        f"adversarial: gloomhaven tie ring, 61 characters at 16, {MAX_TARGETS} targets range {MAX_RANGE}",
        gh_tie_ring(61, 16, f"{{move: {MAX_MOVE}, attack: {{range: {MAX_RANGE}, targets: {MAX_TARGETS}}}}}"),
    ),
    ("adversarial: perditions-mouth tie ring, 31 enemies packed, 31 heroes", pm_tie_ring(31)),
    ("adversarial: perditions-mouth tie ring, 61 enemies packed, 1 hero", pm_tie_ring(61)),
    ("adversarial: agemonia 31x31 lattice, 61 enemies, every route ties", agemonia_lattice(61)),
    ("adversarial: agemonia 31x31 lattice, 31 enemies, 31 heroes", agemonia_lattice(31)),
    *(
        (f"adversarial: cloudspire AI minion among 30 friendly heroes, move {move}", cloudspire_friendly_crowd(move))
        for move in range(2, CLOUDSPIRE_MAX_MOVE + 1, 2)
    ),
    (
        f"adversarial: cloudspire 31 AI minions among 30 friendly heroes, move {CLOUDSPIRE_MAX_MOVE}",
        cloudspire_friendly_crowd(CLOUDSPIRE_MAX_MOVE, 31, 30),
    ),
]
