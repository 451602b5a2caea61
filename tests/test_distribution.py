"""The source distribution carries what building and installing need, and the docs; the tests stay out on purpose."""

from __future__ import annotations

import subprocess
import sys
import tarfile
from pathlib import Path

import enemy_move

ROOT = Path(__file__).resolve().parent.parent


def test_the_sdist_builds_and_carries_the_docs_but_not_the_tests(tmp_path: Path) -> None:
    # setuptools' own sdist command (python -m build is not installed); the egg-info goes to tmp_path, not the checkout.
    command = [sys.executable, "setup.py", "-q", "egg_info", "--egg-base", str(tmp_path), "sdist", "--dist-dir", str(tmp_path)]
    subprocess.run(command, cwd=ROOT, check=True, capture_output=True, timeout=300)
    (archive,) = tmp_path.glob("*.tar.gz")
    assert archive.name == f"enemy_move-{enemy_move.__version__}.tar.gz"
    with tarfile.open(archive) as sdist:
        names = {name.split("/", 1)[1] for name in sdist.getnames() if "/" in name}
        sdist.extractall(tmp_path / "unpacked", filter="data")
    assert {"LICENSE", "README.md", "CHANGELOG.md", "CONTRIBUTING.md", "pyproject.toml", "setup.py", "PKG-INFO"} <= names
    assert {f"docs/{page.name}" for page in (ROOT / "docs").glob("*.md")} <= names
    assert "enemy_move/cli/__init__.py" in names and "enemy_move/py.typed" in names
    assert not [name for name in names if name.startswith(("tests/", "scenarios/", "bench/"))]  # CONTRIBUTING.md says why
    # Building from the unpacked sdist copies the pages into the package (what `enemy-move docs` reads once installed).
    (unpacked,) = (tmp_path / "unpacked").iterdir()
    built = tmp_path / "lib"
    subprocess.run([sys.executable, "setup.py", "-q", "build_py", "--build-lib", str(built)], cwd=unpacked, check=True, capture_output=True)
    assert (built / "enemy_move" / "docs" / "scenario-format.md").read_bytes() == (ROOT / "docs" / "scenario-format.md").read_bytes()
    pkg_info = (unpacked / "PKG-INFO").read_text(encoding="utf-8")
    assert f"Version: {enemy_move.__version__}\n" in pkg_info and "License-Expression: MIT\n" in pkg_info
