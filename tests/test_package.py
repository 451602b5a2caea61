"""The package as others use it: importing it changes nothing outside it; one version everywhere; the metadata."""

from __future__ import annotations

import json
import subprocess
import sys
import tomllib
from pathlib import Path

import pytest
from typer.testing import CliRunner

import enemy_move
from enemy_move.cli import app

ROOT = Path(__file__).resolve().parent.parent
DEMO = ROOT / "scenarios" / "gloomhaven" / "demo.yaml"

_UNTOUCHED = """
import atexit, builtins, dataclasses, json, sys, typing
# The dependencies first: typing_extensions (under pydantic) patches typing on import; that is theirs, not ours.
import pydantic, yaml, typing_extensions

def snapshot():
    return {name: {key: id(value) for key, value in vars(module).items()} for name, module in (("dataclasses", dataclasses), ("typing", typing))}

before, callbacks = snapshot(), atexit._ncallbacks()
import enemy_move
document = enemy_move.resolve_text(open(sys.argv[1], encoding="utf-8").read())
checked = enemy_move.check_text(open(sys.argv[1], encoding="utf-8").read())
after = snapshot()
changed = {name: sorted(key for key in set(before[name]) | set(after[name]) if before[name].get(key) != after[name].get(key)) for name in before}
print(json.dumps({"changed": changed, "atexit": atexit._ncallbacks() - callbacks, "turns": len(document["turns"]), "ok": checked["summary"]}))
"""


def test_importing_and_using_the_package_changes_nothing_outside_it() -> None:
    # The command's start-up caches replace dataclasses' exec and typing's compile and write a file at exit:
    # switched on by its entry point (enemy_move/command.py) only, never by `import enemy_move`.
    shown = subprocess.run([sys.executable, "-c", _UNTOUCHED, str(DEMO)], capture_output=True, text=True, check=True, timeout=120)
    seen = json.loads(shown.stdout)
    assert seen["changed"] == {"dataclasses": [], "typing": []}
    assert seen["atexit"] == 0 and seen["turns"] == 1 and seen["ok"]["passed"] + seen["ok"]["valid"] == 1


def test_the_command_switches_the_start_up_caches_on() -> None:
    script = (
        "import dataclasses, sys\nfrom enemy_move import command\n"
        "sys.argv = ['enemy-move', '--version']\n"
        "try:\n    command.main()\nexcept SystemExit:\n    pass\n"
        "from enemy_move.dataclass_code import cached_exec\nprint(dataclasses.exec is cached_exec)\n"
    )
    shown = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True, check=True, timeout=60)
    assert shown.stdout.splitlines() == [f"enemy-move {enemy_move.__version__}", "True"]


def test_one_version_everywhere() -> None:
    from importlib.metadata import version

    pyproject = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))
    assert "version" in pyproject["project"]["dynamic"]
    assert pyproject["tool"]["setuptools"]["dynamic"]["version"] == {"attr": "enemy_move._version.__version__"}
    # The installed metadata was built from _version.py (a stale editable install fails here: `make test` reinstalls).
    assert version("enemy-move") == enemy_move.__version__
    assert CliRunner().invoke(app, ["--version"]).stdout == f"enemy-move {enemy_move.__version__}\n"
    document = json.loads(CliRunner().invoke(app, ["resolve", str(DEMO), "--json"]).stdout)
    assert document["version"] == enemy_move.__version__
    hooks_doc = (ROOT / ".pre-commit-hooks.yaml").read_text(encoding="utf-8")
    assert f"rev: v{enemy_move.__version__}" in hooks_doc  # the tag convention: v + the version


def test_metadata_is_complete() -> None:
    project = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))["project"]
    assert project["license"] == "MIT" and project["license-files"] == ["LICENSE"]
    assert project["authors"] and project["keywords"] and project["urls"]
    assert any(c.startswith("Programming Language :: Python :: 3.13") for c in project["classifiers"])
    assert not any(c.startswith("License ::") for c in project["classifiers"])  # the SPDX expression says it
    assert (ROOT / "LICENSE").read_text(encoding="utf-8").startswith("MIT License\n")
    for name in ("CHANGELOG.md", "CONTRIBUTING.md"):
        assert (ROOT / name).is_file()


@pytest.mark.parametrize("name", ["resolve_text", "check_text", "UsageError"])
def test_the_api_names_are_the_packages(name: str) -> None:
    assert name in enemy_move.__all__ and getattr(enemy_move, name) is not None
    with pytest.raises(AttributeError):
        enemy_move.no_such_name  # noqa: B018
