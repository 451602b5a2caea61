"""The scenario models' validators kept between runs (enemy_move/models/validators.py) never change an answer.

Runs in subprocesses use their own PYTHONPYCACHEPREFIX: a cold one (pydantic builds the validators,
nothing is kept), a warm one (the validators come from the files the first run wrote).
"""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

from enemy_move.models import known_models
from enemy_move.models import validators as kept
from enemy_move.models.validators import cache_file, read_cache, write_cache

ROOT = Path(__file__).resolve().parent.parent
DEMO = str(ROOT / "scenarios" / "gloomhaven" / "demo.yaml")

#: Prints the answer, then whether pydantic built a validator (it imports importlib.metadata to do so).
RUN = """
import sys
from enemy_move.cli import main
sys.argv = ["enemy-move", *sys.argv[1:]]
try:
    main()
finally:
    print("built:", "importlib.metadata" in sys.modules, file=sys.stderr)
"""


def _run(prefix: Path, *args: str, write: bool = True) -> tuple[str, str, bool]:
    """(exit code and stdout, stderr, whether pydantic built a validator) of one run."""
    env = {**os.environ, "PYTHONPYCACHEPREFIX": str(prefix), "COLUMNS": "100"}
    env.pop("PYTHONDONTWRITEBYTECODE", None)
    if not write:
        env["PYTHONDONTWRITEBYTECODE"] = "1"
    done = subprocess.run([sys.executable, "-c", RUN, *args], capture_output=True, text=True, env=env, cwd=ROOT, check=False)
    err, _, built = done.stderr.rpartition("built: ")
    return f"{done.returncode}\n{done.stdout}", err, built.strip() == "True"


def _kept_files(prefix: Path) -> list[Path]:
    return sorted(prefix.rglob("*.validator"))


def test_a_kept_validator_answers_as_pydantics(tmp_path: Path) -> None:
    cold = _run(tmp_path / "cold", "resolve", DEMO, "--json", write=False)
    assert cold[2] and not _kept_files(tmp_path / "cold")  # nothing written under PYTHONDONTWRITEBYTECODE
    first = _run(tmp_path / "warm", "resolve", DEMO, "--json")
    assert first == cold and _kept_files(tmp_path / "warm")
    again = _run(tmp_path / "warm", "resolve", DEMO, "--json")
    assert again[:2] == cold[:2] and not again[2]  # no validator built: the kept one answered
    text = _run(tmp_path / "warm", "resolve", DEMO)
    assert text[:2] == _run(tmp_path / "cold", "resolve", DEMO, write=False)[:2]


def test_every_bad_file_reads_the_same_with_kept_validators(tmp_path: Path) -> None:
    files = sorted(str(path) for path in (ROOT / "tests" / "invalid").glob("*.yaml"))
    files += [str(sorted(folder.glob("*.yaml"))[0]) for folder in sorted((ROOT / "scenarios").iterdir()) if folder.is_dir()]
    cold = _run(tmp_path / "cold", "check", "-j", "1", "-v", *files, write=False)
    _run(tmp_path / "warm", "check", "-j", "1", *files)  # writes every ruleset's file
    assert len(_kept_files(tmp_path / "warm")) == len(known_models())
    warm = _run(tmp_path / "warm", "check", "-j", "1", "-v", *files)
    assert warm[:2] == cold[:2] and "unknown key" in cold[0]


@pytest.mark.parametrize("damage", ["garbage", "truncated", "flipped", "empty", "other-pydantic", "edited-model"])
def test_a_stale_or_damaged_validator_file_is_not_used(damage: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    model = known_models()["gloomhaven"]
    model.model_rebuild()
    path = tmp_path / "model.validator"
    assert write_cache(model, str(path))
    assert read_cache(str(path)) is not None
    data = path.read_bytes()
    if damage == "other-pydantic":
        monkeypatch.setattr(kept, "PYDANTIC_VERSION", "0.0")
    elif damage == "edited-model":
        source = kept._source
        monkeypatch.setattr(kept, "_source", lambda name: source(name) + (b"#" if name.endswith("common") else b""))
    else:
        path.write_bytes({"garbage": b"\x80\x04junk" * 9, "truncated": data[:-20], "flipped": data[:-1] + b"\x00", "empty": b""}[damage])
    assert read_cache(str(path)) is None


def test_every_ruleset_keeps_its_validator(tmp_path: Path) -> None:
    for name, model in known_models().items():
        model.model_rebuild()
        path = tmp_path / f"{name}.validator"
        assert write_cache(model, str(path)), name
        entries = read_cache(str(path))
        assert entries is not None and entries[0][0] is model
        assert cache_file(model) is not None


def test_a_pydantic_without_the_private_config_helper_writes_no_file(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    # pydantic 2.6's ConfigWrapper.core_config takes the model, not title=: the cache is then not kept, never fatal.
    from pydantic._internal import _config

    def old_signature(self: object, obj: object) -> dict[str, object]:
        return {}

    monkeypatch.setattr(_config.ConfigWrapper, "core_config", old_signature)
    model = known_models()["gloomhaven"]
    model.model_rebuild()
    path = tmp_path / "model.validator"
    assert write_cache(model, str(path)) is False and not path.exists()
    monkeypatch.delattr(_config, "ConfigWrapper")
    assert write_cache(model, str(path)) is False and not path.exists()
