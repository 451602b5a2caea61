"""The command line people expect (issue 17): version, completion, stdin, check statuses and
formats, usage errors, rulesets, schema, `new`, `--watch`. Runs the real engines."""

from __future__ import annotations

import json
import os
from pathlib import Path

import pytest
from typer.testing import CliRunner, Result

from enemy_move import OUTPUT_FORMAT, __version__
from enemy_move import registry as rulesets
from enemy_move.checking import check_paths
from enemy_move.cli import ResolveRequest, app, run_watch
from enemy_move.models import load_scenario_text
from enemy_move.schema import SCHEMA_FILE, SCHEMA_ID, scenario_schema
from enemy_move.starters import starter_rulesets
from enemy_move.watch import watch_file

ROOT = Path(__file__).resolve().parent.parent
DEMO = ROOT / "scenarios" / "gloomhaven" / "demo.yaml"
runner = CliRunner()


def invoke(*args: str, columns: int = 80, input: str | bytes | None = None) -> Result:
    return runner.invoke(app, list(args), env={"COLUMNS": str(columns), "NO_COLOR": "1"}, input=input)


# --- version, completion -------------------------------------------------------------


def test_version() -> None:
    result = invoke("--version")
    assert result.exit_code == 0 and result.stdout == f"enemy-move {__version__}\n"


def test_every_json_document_carries_version_and_format(tmp_path: Path) -> None:
    documents = [
        invoke("resolve", str(DEMO), "--json"),
        invoke("check", str(DEMO), "--json"),
        invoke("rulesets", "--json"),
    ]
    for result in documents:
        document = json.loads(result.stdout)
        assert list(document)[:2] == ["version", "format"]
        assert document["version"] == __version__ and document["format"] == OUTPUT_FORMAT


def test_shell_completion_is_offered(monkeypatch: pytest.MonkeyPatch) -> None:
    # typer writes the script of the shell shellingham finds above the process (the "bash" is not read as its value):
    # under make test-all's loop that is sh, which typer does not complete.
    import shellingham  # type: ignore[import-untyped]

    monkeypatch.setattr(shellingham, "detect_shell", lambda *args, **kwargs: ("bash", "/bin/bash"))
    result = runner.invoke(app, ["--show-completion", "bash"], prog_name="enemy-move")
    assert result.exit_code == 0 and "complete" in result.stdout and "enemy-move" in result.stdout


# --- standard input ----------------------------------------------------------------------


def test_resolve_reads_standard_input() -> None:
    from_file = json.loads(invoke("resolve", str(DEMO), "--json").stdout)
    result = invoke("resolve", "-", "--json", input=DEMO.read_bytes())
    assert result.exit_code == 0, result.stderr
    from_stdin = json.loads(result.stdout)
    assert from_stdin.pop("scenario") == "<stdin>"
    from_file.pop("scenario")
    assert from_stdin == from_file


@pytest.mark.parametrize(
    "data, message",
    [
        (b"ruleset: gloomhaven\nmap: |\n  . a\nfigures: {a: {kind: monstr}}\n", "<stdin>:4:"),
        (b"ruleset: gloomhaven\ntitle: caf\xe9\n", "<stdin>:2:11: input is not valid UTF-8"),
        (b"", "<stdin>:1:1: the file is empty"),
    ],
)
def test_bad_standard_input_names_stdin(data: bytes, message: str) -> None:
    result = invoke("resolve", "-", input=data)
    assert result.exit_code == 2 and result.stdout == ""
    assert result.stderr.startswith(message) and "Traceback" not in result.stderr


# --- check ----------------------------------------------------------------------------------

PASS = DEMO.read_text()
FAIL = PASS.replace("{to: [2, 3], attacks: [A]}", "{to: [3, 3], attacks: [A]}")
NO_EXPECT = PASS.split("expect:")[0]
BROKEN = PASS.replace("title:", "titel:")


def suite(tmp_path: Path) -> Path:
    for name, text in (("a-pass.yaml", PASS), ("b-fail.yaml", FAIL), ("c-valid.yaml", NO_EXPECT), ("d-broken.yaml", BROKEN)):
        (tmp_path / name).write_text(text)
    return tmp_path


def test_check_validates_files_without_expect(tmp_path: Path) -> None:
    (tmp_path / "bad.yaml").write_text(BROKEN.split("expect:")[0])
    (tmp_path / "good.yaml").write_text(NO_EXPECT)
    result = invoke("check", str(tmp_path), "--json")
    assert result.exit_code == 1
    document = json.loads(result.stdout)
    assert document["summary"] == {"total": 2, "passed": 0, "failed": 0, "errors": 1, "valid": 1}
    assert [r["status"] for r in document["results"]] == ["error", "valid"]
    only_good = invoke("check", str(tmp_path / "good.yaml"))
    assert only_good.exit_code == 0 and "1 checked: 0 passed, 0 failed, 0 errors, 1 valid" in only_good.stdout


def test_check_reports_every_invalid_file() -> None:
    folder = ROOT / "tests" / "invalid"
    files = sorted(p for p in folder.rglob("*") if p.suffix in (".yaml", ".yml"))
    report = check_paths([str(folder)])
    assert len(report.results) == len(files) and {r.status for r in report.results} == {"error"}


def test_check_quiet_shows_only_problems_and_the_summary(tmp_path: Path) -> None:
    result = invoke("check", str(suite(tmp_path)), "-q", columns=300)
    assert result.exit_code == 1
    assert "b-fail.yaml" in result.stdout and "d-broken.yaml" in result.stdout
    assert "a-pass.yaml" not in result.stdout and "c-valid.yaml" not in result.stdout
    assert "4 checked: 1 passed, 1 failed, 1 errors, 1 valid (no expect: block)" in result.stdout
    quiet_json = json.loads(invoke("check", str(tmp_path), "-q", "--format", "json").stdout)
    assert [Path(r["file"]).name for r in quiet_json["results"]] == ["b-fail.yaml", "d-broken.yaml"]
    assert quiet_json["summary"]["total"] == 4
    all_good = tmp_path / "good"
    all_good.mkdir()
    (all_good / "a.yaml").write_text(PASS)
    result = invoke("check", str(all_good), "-q")
    assert result.exit_code == 0 and result.stdout.strip() == "1 checked: 1 passed, 0 failed, 0 errors"


def test_check_expands_quoted_globs(tmp_path: Path) -> None:
    suite(tmp_path)
    result = invoke("check", str(tmp_path / "[ac]-*.yaml"), "--json")
    assert result.exit_code == 0, result.stdout
    assert [Path(r["file"]).name for r in json.loads(result.stdout)["results"]] == ["a-pass.yaml", "c-valid.yaml"]
    recursive = invoke("check", str(ROOT / "scenarios" / "**" / "demo.yaml"), "--json")
    assert json.loads(recursive.stdout)["summary"]["passed"] == 1
    none = invoke("check", str(tmp_path / "z*.yaml"))
    assert none.exit_code == 2 and none.stderr.startswith("enemy-move: ") and "no file matches" in none.stderr


def test_check_github_annotations(tmp_path: Path) -> None:
    result = invoke("check", str(suite(tmp_path)), "--format", "github")
    assert result.exit_code == 1
    lines = result.stdout.splitlines()
    fail = tmp_path / "b-fail.yaml"
    broken = tmp_path / "d-broken.yaml"
    # The same destination with other targets would be one difference; [3, 3] and [2, 3] are two: each at its line.
    options_line = FAIL.splitlines().index("  options:") + 1
    option_line = next(n for n, line in enumerate(FAIL.splitlines(), 1) if "[3, 3]" in line)
    assert lines[:2] == [
        f"::error file={fail},line={options_line},col=3,title=scenario check failed::missing option: got [2, 3] attacking A, not listed",
        f"::error file={fail},line={option_line},col=7,title=scenario check failed::expected option [3, 3] attacking A, got no option to [3, 3]",
    ]
    title_line = BROKEN.splitlines().index(next(line for line in BROKEN.splitlines() if line.startswith("titel:"))) + 1
    assert lines[2] == f"::error file={broken},line={title_line},col=1,title=invalid scenario::unknown key 'titel' (did you mean 'title'?)"
    assert lines[3] == "4 checked: 1 passed, 1 failed, 1 errors, 1 valid" and len(lines) == 4


def test_github_annotation_escapes_newlines_and_commas() -> None:
    from enemy_move.checking import CheckReport, FileResult, Problem
    from enemy_move.render.github import github_annotations

    report = CheckReport([FileResult(file="a,b:c.yaml", status="fail", problems=[Problem(3, 1, "x%y"), Problem(4, 2, "line\nbreak")])])
    assert github_annotations(report).splitlines()[:2] == [
        "::error file=a%2Cb%3Ac.yaml,line=3,col=1,title=scenario check failed::x%25y",
        "::error file=a%2Cb%3Ac.yaml,line=4,col=2,title=scenario check failed::line%0Abreak",
    ]


# --- usage errors ---------------------------------------------------------------------------


@pytest.mark.parametrize(
    "args, message",
    [
        (["--variant", "nope"], "enemy-move: --variant: unknown variant 'nope' for ruleset 'gloomhaven'"),
        (["--choose", "z=1"], "enemy-move: --choose z: 'z' does not act"),
        (["--choose", "a=7"], "enemy-move: --choose a=7: a has 2 options, numbered 1 to 2"),
        (["--choose", "a=3"], "enemy-move: --choose a=3: a has 2 options, numbered 1 to 2"),
        (["--watch", "--json"], "enemy-move: --watch redraws the tables"),
    ],
)
def test_option_mistakes_are_usage_errors(args: list[str], message: str) -> None:
    result = invoke("resolve", str(DEMO), *args)
    assert result.exit_code == 2 and result.stdout == ""
    assert result.stderr.startswith(message), result.stderr


def test_watch_needs_a_file() -> None:
    result = invoke("resolve", "-", "--watch", input=PASS)
    assert result.exit_code == 2 and result.stderr.startswith("enemy-move: --watch needs a file")


# --- rulesets ----------------------------------------------------------------------------------


def test_rulesets_show_option_names_whole_at_80_columns() -> None:
    result = invoke("rulesets")
    assert result.exit_code == 0
    for ruleset in rulesets.games():
        for option in ruleset.options:
            assert option in result.stdout
    assert "rules.figures_block_sight" in result.stdout


def test_rulesets_name() -> None:
    result = invoke("rulesets", "cloudspire")
    assert result.exit_code == 0 and "optional_displacement" in result.stdout and "gloomhaven" not in result.stdout
    document = json.loads(invoke("rulesets", "cloudspire", "--json").stdout)
    assert [r["name"] for r in document["rulesets"]] == ["cloudspire"]
    unknown = invoke("rulesets", "chess")
    assert unknown.exit_code == 2 and unknown.stderr.startswith("enemy-move: unknown ruleset 'chess'")


# --- schema ----------------------------------------------------------------------------------------


def test_committed_schema_is_in_sync() -> None:
    committed = json.loads((ROOT / SCHEMA_FILE).read_text())
    assert committed == scenario_schema(), f"run: enemy-move schema > {SCHEMA_FILE}"
    assert json.loads(invoke("schema").stdout)["$id"] == SCHEMA_ID


def test_schema_patterns_catch_editor_mistakes() -> None:
    import re

    schema = scenario_schema()
    definitions = schema["$defs"]
    gloomhaven = definitions["GloomhavenScenario"]["properties"]
    label = gloomhaven["figures"]["propertyNames"]["pattern"]
    assert re.match(label, "a") and not re.match(label, "Guard1")
    active = next(branch for branch in gloomhaven["active"]["anyOf"] if branch.get("type") == "string")
    assert not re.match(active["pattern"], "Guard1")
    agemonia = definitions["AgemoniaScenario"]["properties"]
    area = agemonia["areas"]["propertyNames"]["pattern"]
    assert re.match(area, "A1") and not re.match(area, "hall way")
    link = agemonia["links"]["items"]["pattern"]
    assert re.match(link, "A1 -- A2") and re.match(link, "A1 || A2") and not re.match(link, "A1 - A2")


def test_shipped_scenarios_carry_the_schema_modeline() -> None:
    files = sorted((ROOT / "scenarios").rglob("*.yaml"))
    assert files
    for path in files:
        first = path.read_text().splitlines()[0]
        target = first.removeprefix("# yaml-language-server: $schema=")
        assert target != first, path
        assert (path.parent / target).resolve() == (ROOT / SCHEMA_FILE).resolve(), path


# --- new ---------------------------------------------------------------------------------------------


@pytest.mark.parametrize("ruleset, variant", [(r.name, v) for r in rulesets.games() for v in r.variants])
def test_new_starter_loads_resolves_and_passes(tmp_path: Path, ruleset: str, variant: str) -> None:
    result = invoke("new", ruleset, "--variant", variant)
    assert result.exit_code == 0, result.stderr
    assert result.stdout.startswith("# yaml-language-server: $schema=")
    scenario = load_scenario_text(result.stdout, "starter.yaml")
    assert scenario.model.variant == variant and scenario.model.title and scenario.model.description
    path = tmp_path / "starter.yaml"
    path.write_text(result.stdout)
    checked = json.loads(invoke("check", str(path), "--json").stdout)
    assert checked["results"][0]["status"] == "pass", checked


def test_new_covers_every_ruleset() -> None:
    assert starter_rulesets() == sorted(r.name for r in rulesets.games())


def test_new_usage_errors_and_schema_option() -> None:
    assert invoke("new", "chess").exit_code == 2
    bad = invoke("new", "gloomhaven", "--variant", "second-edition")
    assert bad.exit_code == 2 and bad.stderr.startswith("enemy-move: --variant second-edition")
    located = invoke("new", "agemonia", "--schema", "../schema/enemy-move.schema.json")
    assert located.stdout.splitlines()[0] == "# yaml-language-server: $schema=../schema/enemy-move.schema.json"


# --- watch ------------------------------------------------------------------------------------------


def test_watch_runs_on_start_and_after_each_change_only() -> None:
    versions = iter([b"1 10", b"1 10", None, b"2 12", b"2 12", b"3 12"])
    calls: list[int] = []
    slept: list[float] = []
    runs = watch_file(
        "s.yaml", lambda: calls.append(1), interval=0.25, iterations=5, sleep=slept.append, signature=lambda _: next(versions)
    )
    assert runs == 3 and len(calls) == 3  # start, after (2, 12), after (3, 12); the missing file is waited out
    assert slept == [0.25] * 5


def test_watch_redraws_the_answer_after_a_save(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = tmp_path / "board.yaml"
    path.write_text(PASS)
    edits = iter([BROKEN, PASS.replace("Bandit Archer", "Bandit Sniper!")])
    stamp = iter(range(10**9, 10**9 + 10))

    def save_next(_: float) -> None:
        text = next(edits)
        path.write_text(text)
        moment = next(stamp)
        os.utime(path, ns=(moment, moment))

    runs = run_watch(str(path), ResolveRequest(brief=True, why_not=("0,0",)), interval=0, iterations=2, sleep=save_next)
    assert runs == 3
    captured = capsys.readouterr()
    assert captured.out.count("watching") == 3 and "Bandit Sniper!" in captured.out
    assert "Why not [0, 0]" in captured.out and "reasoning steps: --full shows them" in captured.out  # the view options are kept
    assert "unknown key 'titel'" in captured.err  # the broken save is shown, the watch goes on
