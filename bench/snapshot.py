"""Same answers before and after a speed change: `resolve FILE --json` of every scenario file, byte for byte.

Usage: python bench/snapshot.py save DIR [FOLDER...]     (default folders: scenarios/ and ../shared/suites/)
       python bench/snapshot.py compare DIR [FOLDER...]  (exit 1 when any file's output or exit code differs)

Each file is resolved in a fresh process (`python -m enemy_move resolve FILE --json`, hash seed fixed) and
its standard output and exit code are kept in DIR under a name made from the file's path. `compare`
resolves the same files again and lists every file whose bytes differ. Not part of `make test`.
"""

from __future__ import annotations

import argparse
import hashlib
import os
import subprocess
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

from measure import ROOT, shared  # noqa: E402

DEFAULT_FOLDERS = (ROOT / "scenarios", shared("suites"))


def files(folders: list[Path]) -> list[Path]:
    found: set[Path] = set()
    for folder in folders:
        if folder.is_file():
            found.add(folder.resolve())
            continue
        found.update(path.resolve() for pattern in ("*.yaml", "*.yml") for path in folder.rglob(pattern))
    return sorted(found)


def answer(path: Path) -> bytes:
    environment = dict(os.environ, PYTHONHASHSEED="0", COLUMNS="80")
    # The project's own files by their path inside it: the answer names its file, and another copy of the
    # project must give the same bytes.
    shown = str(path.relative_to(ROOT)) if path.is_relative_to(ROOT) else str(path)
    done = subprocess.run(
        [sys.executable, "-m", "enemy_move", "resolve", shown, "--json"], capture_output=True, cwd=ROOT, env=environment, check=False
    )
    return f"exit {done.returncode}\n".encode() + done.stdout


def key(path: Path) -> str:
    # Named by the path inside the project when it is one of its files, so that another copy of the project
    # (the code before a change, unpacked elsewhere) keeps its answers under the same names.
    name = str(path.relative_to(ROOT)) if path.is_relative_to(ROOT) else str(path)
    return hashlib.sha256(name.encode()).hexdigest()[:16] + "-" + path.name + ".out"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("mode", choices=("save", "compare"))
    parser.add_argument("store", type=Path)
    parser.add_argument("folders", nargs="*", type=Path)
    args = parser.parse_args()
    folders = args.folders or [folder for folder in DEFAULT_FOLDERS if folder.exists()]
    args.store.mkdir(parents=True, exist_ok=True)
    differing, missing = [], []
    paths = files(folders)
    for path in paths:
        stored = args.store / key(path)
        output = answer(path)
        if args.mode == "save":
            stored.write_bytes(output)
        elif not stored.exists():
            missing.append(path)
        elif stored.read_bytes() != output:
            differing.append(path)
    if args.mode == "save":
        print(f"saved {len(paths)} answers in {args.store}")
        return
    for path in differing:
        print(f"DIFFERS: {path}")
    for path in missing:
        print(f"not in the snapshot: {path}")
    print(f"{len(paths) - len(differing) - len(missing)} of {len(paths)} answers identical")
    sys.exit(1 if differing or missing else 0)


if __name__ == "__main__":
    main()
