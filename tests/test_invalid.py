"""Every kind of bad input gives exit 2 and one line ``FILE:LINE:COL: message``.

Each file in ``tests/invalid/`` starts with ``# expect-error: LINE:COL: text``:
``resolve`` must fail with exit code 2, print nothing on stdout and exactly
one line on stderr that starts with ``FILE:LINE:COL: `` and contains ``text``.
Inputs too big to commit (a 3000x3000 map, a file over the size cap) are
generated in a temporary folder.
"""

from __future__ import annotations

import re
from dataclasses import replace
from pathlib import Path

import pytest
from typer.testing import CliRunner

from enemy_move.cli import app
from enemy_move.geometry.grid import MAX_MAP_SIDE
from enemy_move.loader import MAX_FILE_BYTES
from enemy_move.registry import GAMES

INVALID = Path(__file__).resolve().parent / "invalid"
FILES = sorted(INVALID.glob("*.yaml"))
EXPECT = re.compile(rb"^# expect-error: (\d+):(\d+): (.+)$")


def expected_error(path: Path) -> tuple[int, int, str]:
    first_line = path.read_bytes().split(b"\n", 1)[0]
    match = EXPECT.match(first_line)
    assert match, f"{path.name} must start with '# expect-error: LINE:COL: text'"
    return int(match.group(1)), int(match.group(2)), match.group(3).decode("utf-8")


def resolve_fails(path: Path | str) -> str:
    """Run ``resolve`` the way a user would; return the single stderr line."""
    result = CliRunner().invoke(app, ["resolve", str(path)])
    assert result.exception is None or isinstance(result.exception, SystemExit), repr(result.exception)
    assert result.exit_code == 2, result.stdout + result.stderr
    assert result.stdout == ""
    lines = result.stderr.splitlines()
    assert len(lines) == 1, result.stderr
    assert "Traceback" not in result.stderr
    return lines[0]


def test_the_folder_covers_many_kinds_of_mistake() -> None:
    assert len(FILES) >= 30


@pytest.mark.parametrize("path", FILES, ids=[p.stem for p in FILES])
def test_invalid_file_reports_position_and_reason(path: Path) -> None:
    line, col, text = expected_error(path)
    message = resolve_fails(path)
    assert message.startswith(f"{path}:{line}:{col}: "), message
    assert text in message, message


def test_three_thousand_square_map_is_rejected_quickly(tmp_path: Path) -> None:
    row = " ".join(["."] * 3000)
    lines = ["ruleset: gloomhaven", "map: |"]
    lines += ["  " + (" " if r % 2 else "") + row for r in range(3000)]
    lines += ["figures: {}"]
    path = tmp_path / "huge.yaml"
    path.write_text("\n".join(lines) + "\n")
    message = resolve_fails(path)  # how fast it is refused is `make bench`'s business
    assert message.startswith(f"{path}:1:1: "), message
    assert "larger than" in message


def test_tall_map_under_the_file_cap_hits_the_map_cap(tmp_path: Path) -> None:
    lines = ["ruleset: gloomhaven", "map: |"] + ["  ." for _ in range(3000)] + ["figures: {}"]
    path = tmp_path / "tall.yaml"
    path.write_text("\n".join(lines) + "\n")
    message = resolve_fails(path)
    # Row MAX_MAP_SIDE (0-based) is the first one too many; the map text starts on line 3.
    assert message.startswith(f"{path}:{MAX_MAP_SIDE + 3}:3: "), message
    assert f"at most {MAX_MAP_SIDE}" in message


def test_wide_map_under_the_file_cap_hits_the_map_cap(tmp_path: Path) -> None:
    path = tmp_path / "wide.yaml"
    path.write_text("ruleset: gloomhaven\nmap: |\n  " + " ".join(["."] * 3000) + "\nfigures: {}\n")
    message = resolve_fails(path)
    assert message.startswith(f"{path}:3:{2 * MAX_MAP_SIDE + 3}: "), message
    assert f"wider than {MAX_MAP_SIDE} cells" in message


def test_map_of_the_largest_allowed_size_loads(tmp_path: Path) -> None:
    side = MAX_MAP_SIDE
    row = " ".join(["."] * side)
    lines = ["ruleset: gloomhaven", "map: |"] + ["  " + (" " if r % 2 else "") + row for r in range(side)]
    lines += ["figures:", "  a: {kind: monster, at: [5, 5]}", "  A: {kind: character, at: [9, 9]}"]
    path = tmp_path / "big-board.yaml"
    path.write_text("\n".join(lines) + "\n")
    from enemy_move.geometry.grid import precheck_grid
    from enemy_move.models import load_scenario

    grid = precheck_grid(load_scenario(path))
    assert grid is not None and (grid.width, grid.height) == (side, side)


def test_file_over_the_size_cap(tmp_path: Path) -> None:
    path = tmp_path / "big.yaml"
    path.write_text("ruleset: gloomhaven\ndescription: " + "x" * MAX_FILE_BYTES + "\n")
    message = resolve_fails(path)
    assert message == f"{path}:1:1: file is larger than the {MAX_FILE_BYTES // 1024} KiB limit for scenario files"


def test_missing_file_and_directory(tmp_path: Path) -> None:
    # A missing file is not a mistake inside a file: no made-up 1:1 location (issue 23).
    assert resolve_fails(tmp_path / "nope.yaml") == f"enemy-move: {tmp_path / 'nope.yaml'}: no such file"
    assert resolve_fails(tmp_path) == f"{tmp_path}:1:1: is a directory, not a scenario file"


def test_a_typo_in_a_game_entry_is_a_bug_naming_the_game_and_the_field(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    # Once "a module not written yet" meant "no engine yet": a typo made the game vanish. Now it is reported, whole.
    from enemy_move.game import Ref

    entry = GAMES["gloomhaven"]
    monkeypatch.setitem(GAMES, "gloomhaven", replace(entry, play=Ref("enemy_move.games.gloomhaven.plya:GloomhavenPlay")))
    path = tmp_path / "ok.yaml"
    path.write_text("ruleset: gloomhaven\nmap: |\n  . a A\nfigures:\n  A: {kind: character}\n  a: {kind: monster}\n")
    assert resolve_fails(path) == (
        f"{path}:1:1: internal error (RegistrationError: game 'gloomhaven', play=enemy_move.games.gloomhaven.plya:GloomhavenPlay: "
        "no module named 'enemy_move.games.gloomhaven.plya'); this is a bug in enemy-move, please report it with this file"
    )
