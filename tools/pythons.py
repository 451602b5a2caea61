"""Print the Python interpreters 3.11 or newer found here, one ``MAJOR.MINOR=PATH`` a line (for `make test-all`).

Looks at pyenv's versions (``pyenv root``/versions/*/bin/python) and at ``python3.N`` on the PATH; one
interpreter per minor version, pyenv's first. ``--others PATH`` leaves out the minor version of the
interpreter at PATH (the one `make test` already ran).
"""

from __future__ import annotations

import glob
import os
import shutil
import subprocess
import sys

#: The oldest minor version the package supports (pyproject's requires-python) and the newest tried on the PATH.
OLDEST, NEWEST = 11, 20


def _version(python: str) -> str | None:
    """``MAJOR.MINOR`` of an interpreter, or None when it does not run."""
    try:
        done = subprocess.run(
            [python, "-c", "import sys; print('%d.%d' % sys.version_info[:2])"], capture_output=True, text=True, timeout=30, check=True
        )
    except (OSError, subprocess.SubprocessError):
        return None
    return done.stdout.strip() or None


def _candidates() -> list[str]:
    found = []
    root = os.environ.get("PYENV_ROOT") or os.path.expanduser("~/.pyenv")
    if shutil.which("pyenv"):
        done = subprocess.run(["pyenv", "root"], capture_output=True, text=True, check=False)
        root = done.stdout.strip() or root
    found += sorted(glob.glob(os.path.join(root, "versions", "*", "bin", "python3")))
    found += [path for minor in range(OLDEST, NEWEST + 1) if (path := shutil.which(f"python3.{minor}"))]
    return found


def main(argv: list[str]) -> None:
    skip = _version(argv[1]) if len(argv) >= 2 and argv[0] == "--others" else None
    chosen: dict[str, str] = {}
    for python in _candidates():
        version = _version(python)
        if version is None or version in chosen or version == skip:
            continue
        major, minor = (int(part) for part in version.split("."))
        if (major, minor) >= (3, OLDEST):
            chosen[version] = python
    for version, python in sorted(chosen.items(), key=lambda item: tuple(int(p) for p in item[0].split("."))):
        print(f"{version}={python}")


if __name__ == "__main__":
    main(sys.argv[1:])
