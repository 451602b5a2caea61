"""The installed command answers a plain ``check PATH... [--json] [-q] [-j N]`` without importing typer
(check_command.plain_main, issue 34): the same bytes on stdout and stderr and the same exit code as typer's command."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
GLOOMHAVEN = str(ROOT / "scenarios" / "gloomhaven")
INVALID = str(ROOT / "tests" / "invalid")

#: The entry point as installed (command.main: the plain line first), and typer's app alone for the same line.
INSTALLED = [sys.executable, "-m", "enemy_move"]
THROUGH_TYPER = [sys.executable, "-c", "import sys; sys.argv[0] = 'enemy-move'; from enemy_move.cli import app; app()"]


def _run(command: list[str], line: list[str], cwd: Path, env: dict[str, str] | None = None, stdin: bytes = b"") -> tuple[int, bytes, bytes]:
    done = subprocess.run([*command, *line], input=stdin, capture_output=True, cwd=cwd, env=env, timeout=300, check=False)
    return done.returncode, done.stdout, done.stderr


@pytest.mark.parametrize(
    "line",
    [
        ["check", GLOOMHAVEN, "--json"],
        ["check", GLOOMHAVEN, INVALID, "-j", "1"],
        ["check", "-q", INVALID, "--json", "-j", "2"],
        ["check", "missing.yaml"],
        ["check", "nothing-matches-*.yaml", "--json"],
        ["check", "-", "-"],
        ["check", "empty"],
        ["check", "-"],
        ["check", "naïve.yaml"],
    ],
)
def test_a_plain_check_says_what_typers_check_says(line: list[str], tmp_path: Path) -> None:
    from enemy_move.check_command import plain_check

    assert plain_check(line) is not None
    (tmp_path / "empty").mkdir()
    stdin = (ROOT / "scenarios" / "gloomhaven" / "demo.yaml").read_bytes()
    for env in (None, {**os.environ, "PYTHONIOENCODING": "ascii"}):
        plain = _run(INSTALLED, line, tmp_path, env, stdin)
        assert plain == _run(THROUGH_TYPER, line, tmp_path, env, stdin)
        assert plain[0] in (0, 1, 2)


def test_a_plain_check_imports_no_typer(tmp_path: Path) -> None:
    # The atexit function runs before the installed command's quick exit (check_command.exit_now).
    program = (
        "import atexit, sys\n"
        "atexit.register(lambda: print('typer' in sys.modules, 'enemy_move.cli' in sys.modules, file=sys.stderr))\n"
        "sys.argv = ['enemy-move', *sys.argv[1:]]\n"
        "from enemy_move.command import main\n"
        "main()\n"
    )
    plain = _run([sys.executable, "-c", program], ["check", GLOOMHAVEN, "--json"], tmp_path)
    assert plain[0] == 0 and plain[2] == b"False False\n"
    through_typer = _run([sys.executable, "-c", program], ["check", GLOOMHAVEN, "-v"], tmp_path)  # -v: typer's command
    assert through_typer[0] == 0 and through_typer[2] == b"True True\n"


def test_only_a_check_that_ends_its_process_sets_the_collectors_threshold() -> None:
    # check_command.CHECK_GC_THRESHOLD: set where the process ends with the check (the installed command), seen by an
    # exit function (they run before the process ends); a caller's process (a test's) keeps its own threshold.
    script = (
        "import atexit, gc, sys\n"
        "from enemy_move.check_command import plain_main\n"
        "atexit.register(lambda: print('threshold', gc.get_threshold()[0], file=sys.stderr))\n"
        f"plain_main(['check', {GLOOMHAVEN + '/demo.yaml'!r}, '--json'], exit_at_once=sys.argv[1] == 'end')\n"
    )
    from enemy_move.check_command import CHECK_GC_THRESHOLD

    for mode, threshold in (("end", CHECK_GC_THRESHOLD), ("return", 700)):
        done = subprocess.run([sys.executable, "-c", script, mode], capture_output=True, text=True, cwd=ROOT, timeout=300, check=False)
        assert done.returncode == 0 and '"passed": 1' in done.stdout
        assert done.stderr.split() == ["threshold", str(threshold)]
    assert CHECK_GC_THRESHOLD > 700
