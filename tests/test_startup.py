"""`resolve FILE [--json]` skips typer's parsing (enemy_move.cli.main): same output, same exit codes."""

from __future__ import annotations

from pathlib import Path

import pytest
from typer.testing import CliRunner

from enemy_move.cli import _plain_resolve, app, main

DEMO = str(Path(__file__).resolve().parent.parent / "scenarios" / "gloomhaven" / "demo.yaml")


@pytest.mark.parametrize(
    ("args", "plain"),
    [
        (["resolve", DEMO], (DEMO, False)),
        (["resolve", DEMO, "--json"], (DEMO, True)),
        (["resolve", "--json", DEMO], (DEMO, True)),
        (["resolve", "-"], ("-", False)),
        (["resolve", DEMO, "--full"], None),
        (["resolve", "--json"], None),
        (["resolve", DEMO, "--json", "--json"], None),
        (["resolve", "--brief", DEMO], None),
        (["resolve", DEMO, DEMO], None),
        (["check", DEMO], None),
        ([], None),
    ],
)
def test_only_the_plain_calls_skip_typer(args: list[str], plain: tuple[str, bool] | None) -> None:
    assert _plain_resolve(args) == plain


@pytest.mark.parametrize("args", [["resolve", DEMO, "--json"], ["resolve", DEMO], ["resolve", "missing.yaml", "--json"]])
def test_the_plain_path_answers_as_typer_does(args: list[str], monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]) -> None:
    monkeypatch.setenv("COLUMNS", "100")
    expected = CliRunner().invoke(app, args)
    monkeypatch.setattr("sys.argv", ["enemy-move", *args])
    with pytest.raises(SystemExit) as done:
        main()
    shown = capsys.readouterr()
    assert (done.value.code, shown.out, shown.err) == (expected.exit_code, expected.stdout, expected.stderr)


def test_debugging_goes_through_typer(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("ENEMY_MOVE_DEBUG", "1")
    assert _plain_resolve(["resolve", DEMO]) is None
