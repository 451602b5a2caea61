"""The command line: exit codes, one JSON document on stdout, check summaries, determinism.

Most tests plug a tiny fake engine into the registry so that they exercise the
CLI and `check` whatever state the real engines are in; one test compares with
the real Gloomhaven engine when it exists.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest
from typer.testing import CliRunner

from enemy_move import OUTPUT_FORMAT
from enemy_move.cli import app

ROOT = Path(__file__).resolve().parent.parent
runner = CliRunner()

SCENARIO = """\
ruleset: toy
title: Toy game scenario
description: Used by the CLI tests.
map: |
  . a . A
figures:
  A: {kind: character}
  a: {kind: monster}
active: a
"""


def unstamped(document: dict) -> dict:
    """A JSON document without the "version"/"format" keys every document carries."""
    assert document.pop("version") and document.pop("format") == OUTPUT_FORMAT
    return document


def write(folder: Path, name: str, text: str) -> Path:
    path = folder / name
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(text)
    return path


# --- resolve ---------------------------------------------------------------------


def test_resolve_json_is_one_document(tmp_path: Path, toy_game) -> None:
    path = write(tmp_path, "s.yaml", SCENARIO)
    result = runner.invoke(app, ["resolve", str(path), "--json"])
    assert result.exit_code == 0, result.stderr
    document = unstamped(json.loads(result.stdout))  # the whole of stdout is one JSON document
    assert document["ruleset"] == "toy" and document["variant"] == "plain"
    assert document["turns"][0]["options"][0] == {
        "number": 1,
        "to": [1, 0],
        "path": [[1, 0]],
        "attacks": [],
        "effects": [{"kind": "move", "figure": "a", "path": [[1, 0]]}],
    }
    assert document["turns"][0]["reasoning"][0]["step"] == "move"
    assert document["final_board"]["figures"] == {"A": [3, 0], "a": [1, 0]}
    assert result.stderr == ""


def test_a_whole_phase_of_the_toy_game_runs_through_the_phase_runner(tmp_path: Path, toy_game) -> None:
    path = write(tmp_path, "s.yaml", SCENARIO.replace(". a . A", "a b . A").replace("active: a\n", "") + "  b: {kind: monster}\n")
    document = json.loads(runner.invoke(app, ["resolve", str(path), "--json", "--choose", "b=2"]).stdout)
    assert [turn["actor"] for turn in document["turns"]] == ["a", "b"]
    assert document["turns"][0]["options"] == [
        {"number": 1, "to": [0, 0], "path": [[0, 0]], "attacks": [], "effects": [{"kind": "move", "figure": "a", "path": [[0, 0]]}]}
    ]
    # --choose b=2: the second option (index 1; options are numbered from 1)
    assert document["turns"][1]["chosen"] == 1 and document["turns"][1]["options"][1] | {"effects": []} == {
        "number": 2,
        "to": [2, 0],
        "path": [[1, 0], [2, 0]],
        "attacks": ["A"],
        "effects": [],
    }
    assert document["turns"][0]["board_after"]["figures"]["b"] == [1, 0]
    assert document["final_board"]["figures"] == {"A": [3, 0], "a": [0, 0], "b": [2, 0]}


def test_resolve_variant_and_choose_reach_the_engine(tmp_path: Path, toy_game) -> None:
    path = write(tmp_path, "s.yaml", SCENARIO)
    result = runner.invoke(app, ["resolve", str(path), "--json", "--variant", "other", "--choose", "a=2"])
    document = json.loads(result.stdout)
    assert document["variant"] == "other"
    assert document["turns"][0]["chosen"] == 1


def test_resolve_table_view_shows_title_map_options_and_reasoning(tmp_path: Path, toy_game) -> None:
    path = write(tmp_path, "s.yaml", SCENARIO)
    result = runner.invoke(app, ["resolve", str(path)], env={"COLUMNS": "120"})
    assert result.exit_code == 0, result.stderr
    out = result.stdout
    assert "Toy game scenario" in out and "Used by the CLI tests." in out
    assert "Options for a" in out and "[2, 0]" in out
    assert "a may stay or step east." in out
    assert "0 . a 2 A" in out  # row 0 of the map: the actor stays (option 1), option 2 one hex east
    assert "0 1 2 3" in out  # the column ruler
    assert "option 1 stays" in out


@pytest.mark.parametrize(
    "args, message",
    [
        (["--variant", "nope"], "unknown variant 'nope'"),
        (["--choose", "a"], "expected LABEL=N"),
        (["--choose", "a=x"], "expected LABEL=N"),
        (["--choose", "a=0"], "--choose a=0: options are numbered from 1 (a=1 is the first)"),
    ],
)
def test_resolve_usage_errors_exit_2(tmp_path: Path, toy_game, args: list[str], message: str) -> None:
    path = write(tmp_path, "s.yaml", SCENARIO)
    result = runner.invoke(app, ["resolve", str(path), *args])
    assert result.exit_code == 2
    assert message in result.stderr and result.stdout == ""
    assert result.stderr.startswith("enemy-move: ")  # an option's mistake, not the file's


def test_resolve_missing_argument_is_usage_error() -> None:
    assert runner.invoke(app, ["resolve"]).exit_code == 2


#: Scenarios whose whole `resolve --json` document is kept in tests/golden/ (two per ruleset:
#: a single turn and a whole phase with effects). Regenerate after an intended change with
#: `UPDATE_GOLDEN=1 make test` and review the diff.
GOLDEN = [
    "scenarios/gloomhaven/demo.yaml",
    "scenarios/gloomhaven/67-phase-followed-choice.yaml",
    "scenarios/perditions-mouth/chileen-03-trample.yaml",
    "scenarios/perditions-mouth/phase-05-acolyte-opens-door-for-guard.yaml",
    "scenarios/agemonia/trap-on-route.yaml",
    "scenarios/agemonia/phase-stunned-and-trap.yaml",
    "scenarios/cloudspire/cs3-displace-friendly-hero.yaml",
    "scenarios/cloudspire/phase-displace-twice.yaml",
]


@pytest.mark.parametrize("scenario", GOLDEN)
def test_resolve_json_matches_the_golden_file(scenario: str, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(ROOT)
    result = runner.invoke(app, ["resolve", scenario, "--json"])
    assert result.exit_code == 0, result.stderr
    golden = ROOT / "tests" / "golden" / (Path(scenario).parent.name + "-" + Path(scenario).stem + ".json")
    if os.environ.get("UPDATE_GOLDEN"):
        golden.write_text(result.stdout)
        pytest.skip(f"{golden.name} rewritten: review the diff, then run again without UPDATE_GOLDEN")
    assert result.stdout == golden.read_text()


# --- check -----------------------------------------------------------------------

PASSING = SCENARIO + "expect:\n  focus: [A]\n  options:\n    - {to: [2, 0], attacks: [A]}\n    - {to: [1, 0]}\n"
FAILING = SCENARIO + "expect:\n  options:\n    - {to: [3, 0], attacks: [A]}\n"
BROKEN = SCENARIO.replace("title:", "titel:") + "expect:\n  options: []\n"


def test_check_json_summary_and_statuses(tmp_path: Path, toy_game) -> None:
    write(tmp_path, "b-fail.yaml", FAILING)
    write(tmp_path, "a-pass.yaml", PASSING)
    write(tmp_path, "sub/c-error.yaml", BROKEN)
    write(tmp_path, "d-no-expect.yaml", SCENARIO)
    write(tmp_path, "e-not-yaml.txt", "ignored")
    result = runner.invoke(app, ["check", str(tmp_path), "--json"])
    assert result.exit_code == 1
    report = unstamped(json.loads(result.stdout))
    assert report["summary"] == {"total": 4, "passed": 1, "failed": 1, "errors": 1, "valid": 1}
    files = [Path(r["file"]).name for r in report["results"]]
    assert files == ["a-pass.yaml", "b-fail.yaml", "d-no-expect.yaml", "c-error.yaml"]  # sorted by path: sub/ last
    passed, failed, valid, error = report["results"]
    assert valid == {"file": str(tmp_path / "d-no-expect.yaml"), "status": "valid"}
    assert passed == {"file": str(tmp_path / "a-pass.yaml"), "status": "pass"}
    assert failed["expected"] == [{"to": [3, 0], "attacks": ["A"]}]
    assert failed["got"] == [{"to": [1, 0], "attacks": []}, {"to": [2, 0], "attacks": ["A"]}]
    assert (error["line"], error["column"], error["message"]) == (2, 1, "unknown key 'titel' (did you mean 'title'?)")
    # The first difference in the file: the answer's options the file does not list, at `options:`.
    assert (failed["line"], failed["column"]) == (FAILING.splitlines().index("  options:") + 1, 3)


def test_check_all_passing_exits_0_and_prints_a_table(tmp_path: Path, toy_game) -> None:
    write(tmp_path, "a.yaml", PASSING)
    write(tmp_path, "b.yml", PASSING)
    result = runner.invoke(app, ["check", str(tmp_path)], env={"COLUMNS": "160"})
    assert result.exit_code == 0, result.stdout
    assert "2 checked: 2 passed, 0 failed, 0 errors" in result.stdout and "valid" not in result.stdout


def test_check_table_lists_the_differences(tmp_path: Path, toy_game) -> None:
    write(tmp_path, "b.yaml", FAILING)
    result = runner.invoke(app, ["check", str(tmp_path), "-v"], env={"COLUMNS": "200"})
    assert result.exit_code == 1
    assert "expected option [3, 0] attacking A, got no option to [3, 0]" in result.stdout and "│ fail" in result.stdout


def test_check_focus_mismatch_fails(tmp_path: Path, toy_game) -> None:
    write(tmp_path, "f.yaml", SCENARIO + "expect:\n  focus: [a]\n")
    report = unstamped(json.loads(runner.invoke(app, ["check", str(tmp_path), "--json"]).stdout))
    assert report["results"][0]["status"] == "fail"
    assert {"line": SCENARIO.count("\n") + 2, "column": 10, "message": "focus: expected a, got A"} in report["results"][0]["differences"]


def test_check_of_a_file_without_expect_reports_it_valid(tmp_path: Path, toy_game) -> None:
    path = write(tmp_path, "s.yaml", SCENARIO)
    result = runner.invoke(app, ["check", str(path), "--json"])
    assert unstamped(json.loads(result.stdout)) == {
        "summary": {"total": 1, "passed": 0, "failed": 0, "errors": 0, "valid": 1},
        "results": [{"file": str(path), "status": "valid"}],
    }
    assert result.exit_code == 0


def test_check_missing_path_is_usage_error(tmp_path: Path) -> None:
    result = runner.invoke(app, ["check", str(tmp_path / "nope")])
    assert result.exit_code == 2 and result.stderr == f"enemy-move: {tmp_path / 'nope'}: no such file\n"


# --- rulesets and schema --------------------------------------------------------


def test_rulesets_json_lists_variants_and_options(toy_game) -> None:
    result = runner.invoke(app, ["rulesets", "--json"])
    assert result.exit_code == 0
    known = {r["name"]: r for r in unstamped(json.loads(result.stdout))["rulesets"]}
    assert known["toy"]["variants"] == {"plain": "the only rules", "other": "the same rules"}
    assert known["toy"]["options"] == {"x": "an option"}
    table = runner.invoke(app, ["rulesets"], env={"COLUMNS": "160"})
    assert table.exit_code == 0 and "toy" in table.stdout


def test_schema_is_json_schema_with_one_branch_per_ruleset() -> None:
    result = runner.invoke(app, ["schema"])
    assert result.exit_code == 0
    schema = json.loads(result.stdout)
    assert schema["$schema"].startswith("https://json-schema.org/")
    assert "gloomhaven" in schema["properties"]["ruleset"]["enum"]
    branch = {b["if"]["properties"]["ruleset"]["const"]: b["then"]["$ref"] for b in schema["allOf"]}
    gloomhaven = schema["$defs"][branch["gloomhaven"].rsplit("/", 1)[1]]
    assert gloomhaven["additionalProperties"] is False
    assert gloomhaven["properties"]["map"]["description"]


# --- determinism -------------------------------------------------------------------


def bundled_samples(per_folder: int = 3) -> list[Path]:
    samples = []
    for folder in sorted(p for p in (ROOT / "scenarios").iterdir() if p.is_dir()):
        samples += sorted(folder.glob("*.yaml"))[:per_folder]
    return samples


RUN_ALL = """
import json, sys
from typer.testing import CliRunner
from enemy_move.cli import app
runner = CliRunner()
for args in json.loads(sys.argv[1]):
    result = runner.invoke(app, args, env={"COLUMNS": "120", "NO_COLOR": "1"})
    sys.stdout.write(f"@@cmd@@ {args} exit {result.exit_code}\\n{result.stdout}{result.stderr}")
"""


def run_cli(commands: list[list[str]], seed: str) -> str:
    """Every command in one fresh interpreter with the given hash seed."""
    env = dict(os.environ, PYTHONHASHSEED=seed)
    done = subprocess.run(
        [sys.executable, "-c", RUN_ALL, json.dumps(commands)],
        capture_output=True,
        text=True,
        env=env,
        cwd=ROOT,
        timeout=300,
    )
    assert done.returncode == 0, done.stderr
    return done.stdout


def test_same_bytes_under_different_hash_seeds() -> None:
    samples = [str(p.relative_to(ROOT)) for p in bundled_samples()]
    assert len(samples) >= 12
    commands = [["check", "scenarios", "--json"], ["schema"], ["rulesets", "--json"]]
    commands += [["resolve", s, "--json"] for s in samples] + [["resolve", s] for s in samples]
    first = run_cli(commands, "1")
    assert first.count("@@cmd@@ ") == len(commands)
    assert first == run_cli(commands, "2") == run_cli(commands, "12345")


def test_same_bytes_after_other_files_in_process(tmp_path: Path, toy_game) -> None:
    """Caches shared across files (range tables, boards) must not leak: a file resolved after
    others gives the bytes it gives in a fresh process."""
    path = write(tmp_path, "s.yaml", PASSING)
    commands = [["resolve", str(path), "--json"], ["resolve", str(path)], ["check", str(tmp_path), "--json"]]
    fresh = [runner.invoke(app, args, env={"COLUMNS": "120"}).stdout for args in commands]
    for sample in bundled_samples()[:6]:  # other games and boards in between
        assert runner.invoke(app, ["resolve", str(sample), "--json"]).exit_code == 0
    again = [runner.invoke(app, args, env={"COLUMNS": "120"}).stdout for args in commands]
    assert again == fresh
    document = json.loads(fresh[0])
    assert [(o["to"], o["attacks"]) for o in document["turns"][0]["options"]] == [([1, 0], []), ([2, 0], ["A"])]
