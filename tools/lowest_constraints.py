"""Print pip constraints pinning every dependency of pyproject.toml to the lowest version it allows.

`make test-lowest` installs the package with them (pip has no "lowest" resolution of its own), so a lower
bound that does not work fails there instead of on a user's machine. Each requirement must name a lower
bound (``>=X`` or ``==X``); a requirement without one is an error: its lowest version is anyone's guess.
Only the project's own requirements are pinned; what they need in turn resolves as pip chooses.
"""

from __future__ import annotations

import re
import sys
import tomllib

_REQUIREMENT = re.compile(r"^\s*(?P<name>[A-Za-z0-9][A-Za-z0-9._-]*)\s*(\[[^\]]*\])?\s*(?P<spec>[^;]*)(;.*)?$")


def lowest(requirement: str) -> str:
    """``name==lowest`` for one requirement string of pyproject.toml."""
    match = _REQUIREMENT.match(requirement)
    if match is None:
        raise SystemExit(f"cannot read the requirement {requirement!r}")
    bounds = [part.strip() for part in match["spec"].split(",") if part.strip()]
    floors = [part[2:].strip() for part in bounds if part.startswith((">=", "=="))]
    if not floors:
        raise SystemExit(f"{requirement!r} has no lower bound (>=X): its lowest version cannot be tested")
    return f"{match['name']}=={floors[0]}"


def main(path: str = "pyproject.toml", *extras: str) -> None:
    with open(path, "rb") as handle:
        project = tomllib.load(handle)["project"]
    requirements = list(project.get("dependencies", []))
    for extra in extras:
        requirements += project.get("optional-dependencies", {}).get(extra, [])
    sys.stdout.write("".join(lowest(requirement) + "\n" for requirement in requirements))


if __name__ == "__main__":
    main(*sys.argv[1:])
