"""The command line, round 2 (issue 23): problems-only `check`, located mismatches, progress bar,
`check -`, empty inputs, closed pipes, JSON errors, -h/-V, --color, help placeholders, the
pre-commit hook, pinned dev tools and the README's first screen. Runs the real engines."""

from __future__ import annotations

import json
import os
import re
import subprocess
import sys
from pathlib import Path

import pytest
import yaml
from typer.testing import CliRunner, Result

from enemy_move import OUTPUT_FORMAT, __version__
from enemy_move.cli import app
from enemy_move.cli.check import CheckFormat, _progress_wanted

ROOT = Path(__file__).resolve().parent.parent
DEMO = ROOT / "scenarios" / "gloomhaven" / "demo.yaml"
PHASE = ROOT / "scenarios" / "gloomhaven" / "62-phase-elites-first.yaml"
runner = CliRunner()
ESCAPE = "\x1b["


def invoke(*args: str, input: str | bytes | None = None, env: dict[str, str] | None = None) -> Result:
    return runner.invoke(app, list(args), env={"COLUMNS": "80", "NO_COLOR": "1", **(env or {})}, input=input, prog_name="enemy-move")


def line_of(text: str, fragment: str) -> int:
    return next(n for n, line in enumerate(text.splitlines(), 1) if fragment in line)


def demo_with(old: str, new: str, tmp_path: Path, name: str = "demo.yaml") -> tuple[Path, str]:
    text = DEMO.read_text()
    assert old in text
    path = tmp_path / name
    path.write_text(text.replace(old, new))
    return path, path.read_text()


# --- check prints problems, one located line each -----------------------------------------------------


def test_check_of_passing_files_prints_only_the_summary() -> None:
    result = invoke("check", str(DEMO.parent))
    assert result.exit_code == 0
    assert re.fullmatch(r"\d+ checked: \d+ passed, 0 failed, 0 errors\n", result.stdout), result.stdout


def test_a_mismatch_is_located_at_the_option_and_field_that_differ(tmp_path: Path) -> None:
    path, text = demo_with("{to: [2, 1], attacks: [A]}", "{to: [3, 1], attacks: [A]}", tmp_path)
    path.write_text(text.replace("focus: [A]", "focus: [B]"))
    text = path.read_text()
    result = invoke("check", str(tmp_path), env={"COLUMNS": "40"})  # narrow: still one line per problem
    assert result.exit_code == 1
    assert result.stdout.splitlines() == [
        f"{path}:{line_of(text, 'focus: [B]')}:10: focus: expected B, got A",
        f"{path}:{line_of(text, 'options:')}:3: missing option: got [2, 1] attacking A, not listed",
        f"{path}:{line_of(text, '[3, 1]')}:7: expected option [3, 1] attacking A, got no option to [3, 1]",
        "1 checked: 0 passed, 1 failed, 0 errors",
    ]


def test_other_targets_at_the_same_destination_are_one_difference(tmp_path: Path) -> None:
    path, text = demo_with("{to: [2, 3], attacks: [A]}", "{to: [2, 3], attacks: [B]}", tmp_path)
    result = invoke("check", str(path))
    assert result.stdout.splitlines()[0] == f"{path}:{line_of(text, '[2, 3]')}:7: option [2, 3]: expected attacking B, got attacking A"
    assert len(result.stdout.splitlines()) == 2


def test_turn_mismatches_are_located_in_their_turn(tmp_path: Path) -> None:
    text = PHASE.read_text().replace("- actor: f", "- actor: g").replace("{to: [5, 0], attacks: []}", "{to: [5, 0], attacks: [A]}")
    path = tmp_path / "phase.yaml"
    path.write_text(text)
    lines = invoke("check", str(path)).stdout.splitlines()
    assert lines[:2] == [
        f"{path}:{line_of(text, '- actor: g')}:14: turn 2: actor: expected g, got f",
        f"{path}:{line_of(text, '[5, 0]')}:17: turn 3: option [5, 0]: expected attacking A, got attacking nobody",
    ]


def test_verbose_shows_the_table_of_every_file_with_whole_names(tmp_path: Path) -> None:
    long_name = "a-scenario-file-name-far-longer-than-any-table-column-would-like.yaml"
    (tmp_path / long_name).write_text(DEMO.read_text())
    result = invoke("check", str(tmp_path), "-v", env={"COLUMNS": "200"})
    assert result.exit_code == 0 and "Scenario check" in result.stdout and "│ pass" in result.stdout
    assert long_name in result.stdout and "…" not in result.stdout
    assert invoke("check", str(tmp_path), "--verbose").stdout == invoke("check", str(tmp_path), "-v").stdout


def test_check_json_gives_line_and_column_as_fields(tmp_path: Path) -> None:
    path, text = demo_with("focus: [A]", "focus: [B]", tmp_path)
    (tmp_path / "broken.yaml").write_text(DEMO.read_text().replace("title:", "titel:"))
    result = invoke("check", str(tmp_path), "--json")
    document = json.loads(result.stdout)
    assert document["format"] == OUTPUT_FORMAT == 3
    broken, failed = document["results"]
    assert broken == {
        "file": str(tmp_path / "broken.yaml"),
        "status": "error",
        "line": 4,
        "column": 1,
        "message": "unknown key 'titel' (did you mean 'title'?)",
    }
    focus_line = line_of(text, "focus: [B]")
    assert (failed["line"], failed["column"]) == (focus_line, 10)
    assert failed["differences"] == [{"line": focus_line, "column": 10, "message": "focus: expected B, got A"}]


# --- progress bar ------------------------------------------------------------------------------------


def test_progress_bar_only_for_text_on_terminals(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(sys.stdout, "isatty", lambda: True, raising=False)
    monkeypatch.setattr(sys.stderr, "isatty", lambda: True, raising=False)
    assert _progress_wanted(CheckFormat.text, quiet=False, files=5)
    assert not _progress_wanted(CheckFormat.text, quiet=True, files=5)
    assert not _progress_wanted(CheckFormat.json, quiet=False, files=5)
    assert not _progress_wanted(CheckFormat.github, quiet=False, files=5)
    assert not _progress_wanted(CheckFormat.text, quiet=False, files=1)
    monkeypatch.setattr(sys.stdout, "isatty", lambda: False, raising=False)  # `check ... | less`
    assert not _progress_wanted(CheckFormat.text, quiet=False, files=5)


@pytest.mark.skipif(not hasattr(os, "openpty"), reason="no pseudo-terminals here")
def test_progress_bar_is_drawn_on_a_terminal_and_never_in_a_pipe(tmp_path: Path) -> None:
    for name in ("a.yaml", "b.yaml", "c.yaml"):
        (tmp_path / name).write_text(DEMO.read_text())
    command = [sys.executable, "-m", "enemy_move", "check", str(tmp_path)]
    env = {k: v for k, v in os.environ.items() if k not in ("NO_COLOR", "FORCE_COLOR")} | {"COLUMNS": "100", "TERM": "xterm"}
    primary, secondary = os.openpty()
    process = subprocess.Popen(command, stdin=subprocess.DEVNULL, stdout=secondary, stderr=secondary, env=env)
    os.close(secondary)
    seen = b""
    while True:
        try:
            chunk = os.read(primary, 65536)
        except OSError:  # the terminal closed: the process ended
            break
        if not chunk:
            break
        seen += chunk
    os.close(primary)
    assert process.wait(timeout=60) == 0
    assert b"checking" in seen and b"failing" in seen and b"checked:" in seen
    piped = subprocess.run(command, capture_output=True, env=env, timeout=60)
    assert piped.returncode == 0 and piped.stderr == b"" and b"checking" not in piped.stdout


# --- standard input, nothing found, closed pipes ------------------------------------------------------


def test_check_reads_one_scenario_from_standard_input(tmp_path: Path) -> None:
    result = invoke("check", "-", input=DEMO.read_bytes())
    assert result.exit_code == 0 and result.stdout == "1 checked: 1 passed, 0 failed, 0 errors\n"
    bad = DEMO.read_text().replace("focus: [A]", "focus: [B]")
    result = invoke("check", "-", input=bad)
    assert result.exit_code == 1
    assert result.stdout.splitlines()[0] == f"<stdin>:{line_of(bad, 'focus: [B]')}:10: focus: expected B, got A"
    both = invoke("check", "-", str(DEMO), "--json", input=DEMO.read_bytes())
    assert sorted(r["file"] for r in json.loads(both.stdout)["results"]) == sorted(["<stdin>", str(DEMO)])


def test_nothing_to_check_is_an_error(tmp_path: Path) -> None:
    (tmp_path / "empty").mkdir()
    (tmp_path / "notes.txt").write_text("not a scenario")
    result = invoke("check", str(tmp_path))
    assert result.exit_code == 2 and result.stdout == ""
    assert result.stderr == f"enemy-move: no scenario files (*.yaml, *.yml) found in {tmp_path}\n"
    nothing = invoke("check", str(tmp_path / "*.yaml"))
    assert nothing.exit_code == 2 and "no file matches this pattern" in nothing.stderr


@pytest.mark.parametrize(
    "args",
    [
        ["check", str(DEMO), str(PHASE), "-v"],  # written by rich (as resolve's tables)
        ["check", str(DEMO), str(PHASE), "--format", "github"],  # written by sys.stdout.write (as every JSON document)
        ["resolve", str(DEMO), "--json"],  # was an "internal error" line
    ],
)
def test_a_closed_pipe_ends_quietly(args: list[str]) -> None:
    process = subprocess.Popen([sys.executable, "-m", "enemy_move", *args], stdout=subprocess.PIPE, stderr=subprocess.PIPE)
    assert process.stdout is not None and process.stderr is not None
    process.stdout.close()  # like `| head` that has read enough
    stderr = process.stderr.read()
    process.wait(timeout=60)
    assert stderr == b"", stderr


# --- resolve --json on a bad file, missing files -----------------------------------------------------


def test_resolve_json_on_a_bad_file_writes_an_error_document(tmp_path: Path) -> None:
    path = tmp_path / "bad.yaml"
    path.write_text(DEMO.read_text().replace("title:", "titel:"))
    result = invoke("resolve", str(path), "--json")
    assert result.exit_code == 2
    assert json.loads(result.stdout) == {
        "version": __version__,
        "format": OUTPUT_FORMAT,
        "error": {"file": str(path), "line": 4, "column": 1, "message": "unknown key 'titel' (did you mean 'title'?)"},
    }
    assert result.stderr == f"{path}:4:1: unknown key 'titel' (did you mean 'title'?)\n"  # the usual line too
    from_stdin = invoke("resolve", "-", "--json", input="ruleset: nope\n")
    assert from_stdin.exit_code == 2 and json.loads(from_stdin.stdout)["error"]["file"] == "<stdin>"


@pytest.mark.parametrize("command", ["resolve", "check"])
def test_a_missing_file_is_no_such_file_for_both_commands(tmp_path: Path, command: str) -> None:
    result = invoke(command, str(tmp_path / "nope.yaml"))
    assert result.exit_code == 2 and result.stderr == f"enemy-move: {tmp_path / 'nope.yaml'}: no such file\n"


# --- -h, -V, --color, placeholders -----------------------------------------------------------------


@pytest.mark.parametrize("args", [["-h"], ["resolve", "-h"], ["check", "-h"]])
def test_short_help(args: list[str]) -> None:
    result = invoke(*args)
    assert result.exit_code == 0 and "Usage:" in result.stdout
    assert result.stdout == invoke(*args[:-1], "--help").stdout


def test_short_version() -> None:
    assert invoke("-V").stdout == f"enemy-move {__version__}\n"


@pytest.mark.parametrize("command", ["resolve", "check"])
def test_help_shows_plain_placeholders(command: str) -> None:
    text = invoke(command, "--help", env={"COLUMNS": "200"}).stdout
    assert not re.search(r"<(bool|str|float|list\[str\]|text\|json\|github)>|\{|\}", text), text
    usage = f"Usage: enemy-move {command} [OPTIONS] {'FILE' if command == 'resolve' else 'PATH...'}"
    assert re.search(re.escape(usage) + r" *\n", text), text
    expected = ["FILE", "LABEL=N", "COL,ROW", "NAME", "SECONDS"] if command == "resolve" else ["PATH...", "[text|json|github]"]
    for placeholder in expected + ["[auto|always|never]"]:
        assert placeholder in text, placeholder


def test_color_auto_never_always(tmp_path: Path) -> None:
    path, _ = demo_with("focus: [A]", "focus: [B]", tmp_path)
    plain = runner.invoke(app, ["check", str(path)], env={"NO_COLOR": None, "FORCE_COLOR": None})
    assert ESCAPE not in plain.stdout  # auto: not a terminal
    forced = runner.invoke(app, ["check", str(path)], env={"NO_COLOR": None, "FORCE_COLOR": "1"})
    assert ESCAPE in forced.stdout  # auto honours FORCE_COLOR
    assert ESCAPE in runner.invoke(app, ["check", str(path), "--color", "always"], env={"NO_COLOR": "1"}).stdout  # wins over NO_COLOR
    assert ESCAPE not in runner.invoke(app, ["check", str(path)], env={"NO_COLOR": "1", "FORCE_COLOR": None}).stdout
    never = runner.invoke(app, ["check", str(path), "--color", "never"], env={"FORCE_COLOR": "1", "NO_COLOR": None})
    assert ESCAPE not in never.stdout and never.stdout.startswith(f"{path}:")
    shown = runner.invoke(app, ["resolve", str(DEMO), "--color", "always"], env={"NO_COLOR": None, "COLUMNS": "120"})
    assert ESCAPE in shown.stdout and "reasoning" in shown.stdout.lower()  # forced colors, still the full view in a pipe
    bad = invoke("check", str(path), "--color", "sometimes")
    assert bad.exit_code == 2


# --- pre-commit hook, pinned tools, README -------------------------------------------------------------


def test_pre_commit_hook_runs_check() -> None:
    hooks = yaml.safe_load((ROOT / ".pre-commit-hooks.yaml").read_text())
    (hook,) = hooks
    assert hook["id"] == "enemy-move-check" and hook["language"] == "python"
    assert hook["entry"].split() == ["enemy-move", "check"] and "yaml" in hook["types"]
    skipped = re.compile(hook["exclude"])
    assert skipped.search(".pre-commit-config.yaml") and skipped.search(".github/workflows/ci.yml")
    assert not skipped.search("scenarios/gloomhaven/demo.yaml")
    pyproject = (ROOT / "pyproject.toml").read_text()
    assert 'enemy-move = "enemy_move.command:main"' in pyproject  # the entry is the installed command
    # pre-commit appends the changed files: the hook's arguments plus file names must be a valid check.
    result = invoke("check", *hook.get("args", []), str(DEMO))
    assert result.exit_code == 0, result.output


def test_dev_tools_are_pinned_and_make_uses_the_pins() -> None:
    pins = {}
    for line in (ROOT / "constraints.txt").read_text().splitlines():
        if line and not line.startswith("#"):
            name, sep, version = line.partition("==")
            assert sep and version, line
            pins[name.lower().replace("_", "-")] = version
    assert {"ruff", "mypy", "pytest", "hypothesis", "types-pyyaml", "typer", "rich"} <= set(pins)
    makefile = (ROOT / "Makefile").read_text()
    install = next(line for line in makefile.splitlines() if "pip install" in line and "-e '.[test]'" in line)
    assert "-c $(CONSTRAINTS)" in install and "--quiet" in install and "install.log" in install
    assert "CONSTRAINTS := constraints.txt" in makefile
    refresh = makefile.split("\nconstraints:\n", 1)[1].splitlines()
    assert refresh[0].startswith("\t") and "pip freeze" in refresh[0] and not refresh[1].startswith("\t")  # one line
    ci = (ROOT / ".ci" / "run").read_text().splitlines()
    assert "make test" in ci and ci[-1] == "make test-lowest"  # CI installs through make, so with the pins (then the lowest versions)


def test_readme_first_screen() -> None:
    first = (ROOT / "README.md").read_text().splitlines()[:30]
    text = "\n".join(first)
    assert "make demo" in text and "make test" in text and "pipx install" in text
    commands = [line.strip() for line in first if line.strip().startswith("enemy-move ")]
    assert len(commands) >= 3 and not any(line.startswith(".venv/bin/enemy-move") for line in first)


# --- check --update ----------------------------------------------------------------------------------------


def broken_copies(tmp_path: Path) -> tuple[Path, Path]:
    """The demo with a wrong focus and a wrong option, and a phase with a wrong actor and wrong targets."""
    demo, _ = demo_with("{to: [2, 1], attacks: [A]}", "{to: [3, 1], attacks: [A]}", tmp_path)
    demo.write_text(demo.read_text().replace("focus: [A]", "focus: [B]  # who the archer shoots"))
    phase = tmp_path / "phase.yaml"
    phase.write_text(
        PHASE.read_text().replace("- actor: f", "- actor: g").replace("{to: [5, 0], attacks: []}", "{to: [5, 0], attacks: [A]}")
    )
    return demo, phase


def test_update_writes_the_answers_and_keeps_everything_else(tmp_path: Path) -> None:
    demo, phase = broken_copies(tmp_path)
    before = demo.read_text()
    result = invoke("check", str(tmp_path), "--update")
    assert result.exit_code == 0, result.output
    lines = result.stdout.splitlines()
    assert f"{demo}:{line_of(before, 'focus: [B]')}:10: updated: focus: expected B, got A" in lines
    assert f"{phase}:{line_of(phase.read_text(), '- actor: f')}:14: updated: turn 2: actor: expected g, got f" in lines
    assert lines[-1] == "2 checked: 2 passed, 0 failed, 0 errors; 2 files updated"
    # Byte for byte the original files, but for the comment written on the focus line, which stays.
    assert demo.read_text() == DEMO.read_text().replace("focus: [A]", "focus: [A]  # who the archer shoots")
    assert phase.read_text() == PHASE.read_text()
    assert invoke("check", str(tmp_path)).exit_code == 0


def test_update_adds_and_removes_turns_and_options(tmp_path: Path) -> None:
    text = PHASE.read_text()
    last_turn = text.index("    - actor: n")
    path = tmp_path / "phase.yaml"
    path.write_text(text[:last_turn])  # the third turn is missing
    assert invoke("check", str(path), "--update").exit_code == 0
    assert path.read_text() == text
    extra = DEMO.read_text().replace(
        "    - {to: [2, 3], attacks: [A]}\n", "    - {to: [2, 3], attacks: [A]}\n    - {to: [5, 3], attacks: []}\n"
    )
    path = tmp_path / "demo.yaml"
    path.write_text(extra.replace("    - {to: [2, 1], attacks: [A]}\n", ""))
    assert invoke("check", str(path), "--update").exit_code == 0
    assert path.read_text() == DEMO.read_text()


def test_without_update_nothing_is_written(tmp_path: Path) -> None:
    demo, phase = broken_copies(tmp_path)
    before = {p: (p.read_bytes(), p.stat().st_mtime_ns) for p in (demo, phase)}
    for args in ([], ["--json"], ["--format", "github"], ["-v"]):
        assert invoke("check", str(tmp_path), *args).exit_code == 1
    assert {p: (p.read_bytes(), p.stat().st_mtime_ns) for p in (demo, phase)} == before


def test_update_replaces_atomically_and_reports_in_json(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    demo, phase = broken_copies(tmp_path)

    real_replace = os.replace
    replaced: list[str] = []

    def replace(source: str, target: str) -> None:
        replaced.append(str(target))
        assert Path(source).parent == Path(target).parent and Path(source).name.endswith(".tmp")  # a whole temporary file beside it
        real_replace(source, target)

    monkeypatch.setattr(os, "replace", replace)
    document = json.loads(invoke("check", str(tmp_path), "--update", "--json").stdout)
    assert sorted(replaced) == sorted([str(demo), str(phase)])
    assert document["summary"]["updated"] == 2 and document["summary"]["failed"] == 0
    entry = next(r for r in document["results"] if r["file"] == str(demo))
    assert entry["status"] == "pass" and {"line": 27, "column": 10, "message": "focus: expected B, got A"} in entry["updated"]
    assert sorted(p.name for p in tmp_path.iterdir()) == ["demo.yaml", "phase.yaml"]  # no temporary file left


def test_update_leaves_errors_and_a_file_it_cannot_write(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    demo, phase = broken_copies(tmp_path)
    (tmp_path / "broken.yaml").write_text("ruleset: gloomhaven\ntitel: x\n")

    def refuse(source: str, target: str) -> None:
        raise PermissionError(13, "Permission denied")

    monkeypatch.setattr(os, "replace", refuse)
    before = demo.read_text()
    result = invoke("check", str(tmp_path), "--update")
    assert result.exit_code == 1 and demo.read_text() == before
    assert "not updated:" in result.stdout and "Permission denied" in result.stdout
    assert "2 failed, 1 errors; 0 files updated" in result.stdout
    assert invoke("check", "-", "--update", input=DEMO.read_bytes()).exit_code == 2
