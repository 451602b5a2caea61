"""The Python API (enemy_move.resolve_text / check_text) and the JSON Schema of the output (`schema --output`)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
import schema_check
from typer.testing import CliRunner

import enemy_move
from enemy_move.checking import scenario_files
from enemy_move.cli import app
from enemy_move.output_schema import output_schema

ROOT = Path(__file__).resolve().parent.parent
DEMO = ROOT / "scenarios" / "gloomhaven" / "demo.yaml"
SCHEMA = output_schema()
runner = CliRunner()


def _cli_json(*args: str, input: str | None = None) -> dict:
    shown = runner.invoke(app, [*args, "--json"], input=input)
    return json.loads(shown.stdout)


def test_every_scenarios_documents_follow_the_output_schema() -> None:
    # Every bundled scenario, both documents: a key the output gains without its schema line fails here.
    files = scenario_files([str(ROOT / "scenarios")])
    assert len(files) > 200
    for file in files:
        text = Path(file).read_text(encoding="utf-8")
        answer = enemy_move.resolve_text(text, file=file)
        assert schema_check.errors(answer, SCHEMA) == [], file
        checked = enemy_move.check_text(text, file=file)
        assert schema_check.errors(checked, SCHEMA) == [], file
        assert [r["status"] for r in checked["results"]] in (["pass"], ["valid"]), file


def test_resolve_text_is_resolve_json() -> None:
    assert enemy_move.resolve_text(DEMO.read_text(encoding="utf-8"), file=str(DEMO)) == _cli_json("resolve", str(DEMO))


def test_variant_choose_and_first_are_the_options() -> None:
    phase = ROOT / "scenarios" / "gloomhaven" / "67-phase-followed-choice.yaml"
    text = phase.read_text(encoding="utf-8")
    plain = enemy_move.resolve_text(text, file=str(phase))
    turn = next(t for t in plain["turns"] if len(t["options"]) > 1)
    chosen = enemy_move.resolve_text(text, choose={turn["actor"]: 2}, file=str(phase))
    assert chosen == _cli_json("resolve", str(phase), "--choose", f"{turn['actor']}=2") != plain
    variants = enemy_move.resolve_text(DEMO.read_text(encoding="utf-8"), variant="frosthaven", file=str(DEMO))
    assert variants["variant"] == "frosthaven" and variants == _cli_json("resolve", str(DEMO), "--variant", "frosthaven")


def test_a_bad_scenario_is_the_error_document() -> None:
    bad = DEMO.read_text(encoding="utf-8").replace("title:", "titel:")
    document = enemy_move.resolve_text(bad, file="<stdin>")
    assert document == _cli_json("resolve", "-", input=bad)
    assert set(document) == {"version", "format", "error"} and "titel" in document["error"]["message"]
    assert schema_check.errors(document, SCHEMA) == []


@pytest.mark.parametrize(("variant", "choose"), [("nope", None), (None, {"a": 0}), (None, {"a": 5}), (None, {"z": 1})])
def test_a_request_the_scenario_cannot_answer_raises(variant: str | None, choose: dict[str, int] | None) -> None:
    with pytest.raises(enemy_move.UsageError):
        enemy_move.resolve_text(DEMO.read_text(encoding="utf-8"), variant=variant, choose=choose)


def test_check_text_is_check_json_and_reports_a_failure() -> None:
    text = DEMO.read_text(encoding="utf-8")
    assert enemy_move.check_text(text, file=str(DEMO)) == _cli_json("check", str(DEMO))
    wrong = text.replace("  focus: [A]\n", "  focus: [B]\n")
    failed = enemy_move.check_text(wrong, file="wrong.yaml")
    assert failed["summary"]["failed"] == 1 and failed["results"][0]["status"] == "fail"
    assert schema_check.errors(failed, SCHEMA) == []
    broken = enemy_move.check_text("ruleset: [\n", file="broken.yaml")
    assert broken["results"][0]["status"] == "error" and schema_check.errors(broken, SCHEMA) == []


def test_the_schema_refuses_what_is_not_the_output() -> None:
    # The validator and the schema can fail: each damage below is reported.
    good = enemy_move.resolve_text(DEMO.read_text(encoding="utf-8"))
    damaged = [
        {k: v for k, v in good.items() if k != "turns"},
        {**good, "extra": 1},
        {**good, "format": enemy_move.OUTPUT_FORMAT + 1},
        {**good, "turns": [{**good["turns"][0], "chosen": "0"}]},
        {**good, "turns": [{**good["turns"][0], "options": [{**good["turns"][0]["options"][0], "to": [1, 2, 3]}]}]},
        {**good, "board": {**good["board"], "figures": {"a": True}}},
    ]
    for document in damaged:
        assert schema_check.errors(document, SCHEMA) != [], document


def test_schema_output_prints_the_schema() -> None:
    shown = runner.invoke(app, ["schema", "--output"])
    assert shown.exit_code == 0 and json.loads(shown.stdout) == json.loads(json.dumps(SCHEMA))
    assert json.loads(runner.invoke(app, ["schema"]).stdout)["title"] == "enemy-move scenario"


def test_check_json_of_a_folder_follows_the_schema() -> None:
    document = _cli_json("check", str(ROOT / "scenarios" / "cloudspire"), "-j", "1")
    assert document["summary"]["total"] > 5 and schema_check.errors(document, SCHEMA) == []
