"""A phase resolved for a view that reads every turn's rule-outs (``--why-not``: phase.resolve's ``reasons``) works
them out with each turn instead of resolving the turn again when they are read (play.REASONS_WHEN_READ), and a push's
turn kept with its reasons serves the readings of its own switches (play.GloomhavenPlay._resolve): the same answers,
reasoning (readings named) and rule-outs as the phase resolved without it, on seeded random whole phases with wall
hexes, obstacles, icy hexes and traps, pushes and pulls of one to four targets, under each edition's rules."""

from __future__ import annotations

import random

import pytest

from enemy_move.models import load_scenario_text
from enemy_move.phase import resolve
from enemy_move.result import Result

VARIANT_NAMES = ("gloomhaven", "frosthaven", "gloomhaven2e", "jotl")


def _scenario(seed: int) -> str:
    rng = random.Random(seed)
    width, height = rng.randint(6, 10), rng.randint(5, 8)
    cells = [[rng.choice("......#.*=^") for _ in range(width)] for _ in range(height)]
    free = [(col, row) for row in range(height) for col in range(width) if cells[row][col] == "."]
    rng.shuffle(free)
    monsters, characters = rng.randint(1, 3), rng.randint(2, 5)
    figures = []
    for index, (col, row) in enumerate(free[: monsters + characters]):
        if index < monsters:
            figures.append(f"  {'abc'[index]}: {{kind: monster, number: {index + 1}, at: [{col}, {row}]}}")
        else:
            figures.append(f"  {'ABCDEFGH'[index - monsters]}: {{kind: character, initiative: {10 + index}, at: [{col}, {row}]}}")
    lines = [("" if row % 2 == 0 else " ") + " ".join(line) for row, line in enumerate(cells)]
    force = rng.choice(("push", "pull", "push", "pull", None))
    forced = f", {force}: {rng.randint(1, 4)}" if force else ""
    action = f"{{move: {rng.randint(1, 4)}, attack: {{range: {rng.randint(0, 4)}, targets: {rng.randint(1, 4)}{forced}}}}}"
    variant = VARIANT_NAMES[seed % len(VARIANT_NAMES)]
    return "ruleset: gloomhaven\nvariant: {}\nmap: |\n{}\nfigures:\n{}\naction: {}\n".format(
        variant, "\n".join("  " + line for line in lines), "\n".join(figures), action
    )


def _everything(result: Result) -> list[tuple[object, ...]]:
    return [
        (
            turn.actor,
            turn.focus,
            [(o.to, o.path, o.attacks, o.effects, o.details) for o in turn.options],
            turn.reasoning,
            [(at, r.step, r.reason, r.against, r.data) for at, r in turn.ruled_out.reasons.items()],
        )
        for turn in result.turns
    ]


@pytest.mark.parametrize("seed", range(80))
def test_reasons_worked_out_with_each_turn_are_those_worked_out_when_read(seed: int) -> None:
    try:
        scenario = load_scenario_text(_scenario(seed), f"r{seed}.yaml")
    except Exception:  # a drawn board the loader refuses
        pytest.skip("board refused")
    read_later = resolve(scenario)
    assert all(turn.ruled_out.pending for turn in read_later.turns)
    at_once = resolve(scenario, reasons=True)
    assert not any(turn.ruled_out.pending for turn in at_once.turns)
    assert _everything(at_once) == _everything(read_later)
