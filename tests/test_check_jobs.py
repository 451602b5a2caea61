"""``check -j N``: files checked in worker processes give the same bytes as a serial run (issue 27)."""

from __future__ import annotations

import itertools
import os
from pathlib import Path

import pytest
from typer.testing import CliRunner

from enemy_move.checking import FileResult, check_files, default_jobs, find_scenarios
from enemy_move.cli import app

runner = CliRunner()
ROOT = Path(__file__).resolve().parent.parent
# Passing scenarios and broken files mixed, so errors and their order are compared too.
PATHS = [str(ROOT / "scenarios"), str(ROOT / "tests" / "invalid")]


@pytest.mark.parametrize("extra", [[], ["--json"], ["-v"], ["--format", "github"]])
def test_check_in_two_processes_prints_what_a_serial_check_prints(extra: list[str]) -> None:
    serial = runner.invoke(app, ["check", *PATHS, "-j", "1", *extra])
    parallel = runner.invoke(app, ["check", *PATHS, "-j", "2", *extra])
    assert serial.exit_code == parallel.exit_code == 1  # tests/invalid holds errors
    assert "error" in serial.stdout
    assert parallel.stdout == serial.stdout


def test_the_pool_gathers_results_in_input_order_and_hears_of_each_file() -> None:
    files, problems = find_scenarios(PATHS)
    heard: list[FileResult] = []
    parallel = check_files(files, problems, jobs=2, on_file=heard.append)
    serial = check_files(files, problems, jobs=1)
    assert len(files) > 8  # enough files for the pool to be used
    assert parallel.to_dict() == serial.to_dict()
    assert sorted(r.file for r in heard) == sorted(r.file for r in serial.results if r.file in files)


@pytest.mark.parametrize("jobs", ["0", "-2"])
def test_check_refuses_fewer_than_one_job(jobs: str) -> None:
    result = runner.invoke(app, ["check", str(ROOT / "scenarios"), "-j", jobs])
    assert result.exit_code == 2
    assert "--jobs" in result.output


def test_default_jobs_is_serial_for_one_file_and_one_per_idle_cpu_otherwise(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(os, "cpu_count", lambda: 4)
    assert default_jobs(1, load=0.0) == 1
    assert default_jobs(500, load=0.0) == 4
    assert default_jobs(500, load=1.6) == 2  # two CPUs busy elsewhere
    assert default_jobs(500, load=9.0) == 1  # never fewer than one
    assert default_jobs(3, load=0.0) == 3  # never more workers than files
    monkeypatch.setattr(os, "cpu_count", lambda: 64)
    assert default_jobs(500, load=0.0) == 8  # at most 8
    monkeypatch.setattr(os, "getloadavg", lambda: (2.2, 0.0, 0.0))
    assert default_jobs(500) == 8
    monkeypatch.setattr(os, "cpu_count", lambda: 4)
    assert default_jobs(500) == 2  # the load average read when not given


@pytest.mark.parametrize(
    "args",
    [
        ["--json"],
        ["-q"],
        ["--json", "-q", "-j", "1"],
        ["-j", "2", "--json"],
        ["--quiet", "--jobs", "1"],
    ],
)
def test_a_plain_check_prints_what_typer_prints(
    args: list[str], monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    # `check PATH... [--json] [-q] [-j N]` skips typer's command tree (cli.check.plain_check): the same bytes, the same exit.
    from enemy_move.cli import main
    from enemy_move.cli.check import plain_check

    line = ["check", *PATHS, *args]
    assert plain_check(line) is not None
    through_typer = runner.invoke(app, line)
    monkeypatch.setattr("sys.argv", ["enemy-move", *line])
    with pytest.raises(SystemExit) as done:
        main()
    assert done.value.code == through_typer.exit_code == 1
    assert capsys.readouterr().out == through_typer.stdout


@pytest.mark.parametrize(
    "line",
    [
        ["check"],
        ["check", "-j", "0", "x"],
        ["check", "x", "-j"],
        ["check", "x", "-v"],
        ["check", "x", "--format", "json"],
        ["resolve", "x"],
    ],
)
def test_any_other_check_line_goes_through_typer(line: list[str]) -> None:
    from enemy_move.cli.check import plain_check

    assert plain_check(line) is None


class _Exited(Exception):
    def __init__(self, code: int):
        super().__init__(code)
        self.code = code


@pytest.mark.parametrize("line", [["check", str(ROOT / "scenarios" / "gloomhaven"), "--json"], ["check", *PATHS, "-j", "1"]])
def test_the_installed_command_ends_a_plain_check_at_once_after_its_exit_functions(
    line: list[str], monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    # cli.main(exit_at_once=True) (enemy_move/command.py): the output flushed, the atexit functions run, then os._exit
    # with the usual code; the same bytes as the usual exit.
    import atexit

    from enemy_move.cli import main

    monkeypatch.setattr("sys.argv", ["enemy-move", *line])
    with pytest.raises(SystemExit) as usual:
        main()
    expected = capsys.readouterr()
    events: list[str] = []
    monkeypatch.setattr(atexit, "_run_exitfuncs", lambda: events.append("exit functions"))

    def exit_now(code: int) -> None:
        events.append(f"exit {code}")
        raise _Exited(code)

    monkeypatch.setattr(os, "_exit", exit_now)
    with pytest.raises(_Exited):
        main(exit_at_once=True)
    assert events == ["exit functions", f"exit {usual.value.code}"]
    assert capsys.readouterr() == expected


def test_other_commands_exit_as_usual(monkeypatch: pytest.MonkeyPatch) -> None:
    from enemy_move.cli import main

    monkeypatch.setattr(os, "_exit", lambda code: pytest.fail("os._exit"))
    for line in (["resolve", str(ROOT / "scenarios" / "gloomhaven" / "demo.yaml"), "--json"], ["check", "-v", PATHS[0]]):
        monkeypatch.setattr("sys.argv", ["enemy-move", *line])
        with pytest.raises(SystemExit):
            main(exit_at_once=True)


def _clock(seconds_a_file: float, files: list[str]) -> object:
    """A CPU clock that advances ``seconds_a_file`` for each file checked here: check_files reads it before the first
    file (its start) and before each file (the time spent on the files before it)."""
    ticks = itertools.chain([0], itertools.count())
    return lambda: next(ticks) * seconds_a_file


@pytest.mark.parametrize(
    ("seconds_a_file", "expected_start"),
    [
        (0.1, 10),  # 1 s spent on 10 files, hundreds left: workers for the rest, from the 11th
        (0.001, None),  # the whole check under a second: one process, as -j 1
    ],
)
def test_the_default_jobs_fork_workers_only_after_a_second_of_cpu_time_for_a_long_rest(
    seconds_a_file: float, expected_start: int | None, monkeypatch: pytest.MonkeyPatch
) -> None:
    from enemy_move import checking

    files, problems = find_scenarios(PATHS)
    serial = check_files(files, problems, jobs=1).to_dict()
    started: list[int] = []
    pooled = checking._parallel_outcomes

    def recorded(files: list[str], jobs: int, on_file: object, start: int = 0) -> object:
        started.append(start)
        assert jobs == 2
        return pooled(files, jobs, on_file, start)  # type: ignore[arg-type]

    monkeypatch.setattr(checking, "_parallel_outcomes", recorded)
    monkeypatch.setattr(checking, "_cpu_seconds", _clock(seconds_a_file, files))
    monkeypatch.setattr(os, "cpu_count", lambda: 2)
    monkeypatch.setattr(os, "getloadavg", lambda: (0.0, 0.0, 0.0))
    assert check_files(files, problems, jobs=None).to_dict() == serial
    assert started == ([] if expected_start is None else [expected_start])


def test_the_default_jobs_fork_no_workers_for_a_short_rest() -> None:
    from enemy_move.checking import _pool_pays

    files = [f"{n}.yaml" for n in range(100)]
    assert _pool_pays(50, files, 1.2)  # 1.2 s for 50 files: about as long again for the other 50
    assert not _pool_pays(50, files, 0.9)  # under a second so far
    assert not _pool_pays(90, files, 1.2)  # 0.13 s predicted for the last 10: not worth the workers
    assert not _pool_pays(0, files, 5.0)
