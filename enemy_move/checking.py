"""Batch checking: compare each scenario's ``expect:`` block with the engine's answer.

A scenario passes when, for every turn the expectation speaks of, the set of
options (each option's ``to`` and its set of ``attacks``) equals the expected
set exactly, and the focus set is equal when given. Paths are not compared.
"""

from __future__ import annotations

import errno
import os
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Literal

from .errors import ScenarioError, internal_error
from .loader import load_file
from .models import validate_document
from .result import Result, Turn, format_position, position_key, position_to_json

SCENARIO_SUFFIXES = (".yaml", ".yml")

#: Folders a walk never enters unless named on the command line (besides
#: every hidden folder such as .git or .venv): they hold tools, not scenarios.
SKIPPED_FOLDERS = frozenset({"node_modules", "__pycache__"})

#: A checked file passed, failed (differences), or could not be loaded or resolved.
FileStatus = Literal["pass", "fail", "error", "valid"]  # valid: no `expect:` block; it loads and resolves


@dataclass
class FileResult:
    file: str
    status: FileStatus
    expected: list[Any] | None = None
    got: list[Any] | None = None
    message: str | None = None
    differences: list[str] = field(default_factory=list)
    # Where to point an annotation: the error's position, or the `expect:` key of a failure.
    line: int = 1
    col: int = 1

    def to_dict(self) -> dict[str, Any]:
        entry: dict[str, Any] = {"file": self.file, "status": self.status}
        if self.status == "fail":
            entry["expected"] = self.expected
            entry["got"] = self.got
            entry["differences"] = self.differences
        if self.message is not None:
            entry["message"] = self.message
        return entry


@dataclass
class CheckReport:
    results: list[FileResult]

    @property
    def summary(self) -> dict[str, int]:
        counts = {"total": len(self.results), "passed": 0, "failed": 0, "errors": 0, "valid": 0}
        for result in self.results:
            counts[{"pass": "passed", "fail": "failed", "error": "errors", "valid": "valid"}[result.status]] += 1
        return counts

    @property
    def ok(self) -> bool:
        return all(r.status in ("pass", "valid") for r in self.results)

    def to_dict(self) -> dict[str, Any]:
        return {"summary": self.summary, "results": [r.to_dict() for r in self.results]}


def scenario_files(paths: list[str]) -> list[str]:
    """Every scenario file under ``paths``, in sorted path order, each once."""
    return find_scenarios(paths)[0]


def find_scenarios(paths: list[str]) -> tuple[list[str], dict[str, str]]:
    """Scenario files under ``paths`` (sorted, each once) and the problems met on the way.

    A folder is walked for *.yaml / *.yml files, following symbolic links;
    hidden files and folders, node_modules and __pycache__ are skipped unless
    named. Problems (an unreadable folder, a symbolic link loop) map the
    path to a message: they are reported, never skipped in silence.
    """
    found: set[str] = set()
    problems: dict[str, str] = {}
    for raw in paths:
        path = Path(raw)
        if path.is_dir():
            _walk(str(path), found, problems)
        else:
            found.add(str(path))
    return sorted(found), problems


def _walk(root: str, found: set[str], problems: dict[str, str]) -> None:
    root_id = _folder_id(root)
    visited = {root_id}
    # An explicit stack: deep trees cannot exhaust Python's recursion limit.
    stack: list[tuple[str, tuple[tuple[int, int], ...]]] = [(root, (root_id,))]
    while stack:
        folder, ancestors = stack.pop()
        try:
            with os.scandir(folder) as listing:
                entries = sorted(listing, key=lambda e: e.name)
        except OSError as error:
            problems[folder] = f"cannot read folder: {error.strerror}"
            continue
        for entry in entries:
            path = os.path.join(folder, entry.name)
            hidden = entry.name.startswith(".")
            try:
                is_folder = entry.is_dir()  # follows symbolic links
                folder_id = _folder_id(path) if is_folder else None
            except OSError as error:
                if error.errno == errno.ELOOP:
                    problems[path] = "symbolic link loop"
                elif entry.name.endswith(SCENARIO_SUFFIXES) and not hidden:
                    found.add(path)  # loading reports it (e.g. a dangling link: no such file)
                continue
            if folder_id is None:
                if entry.name.endswith(SCENARIO_SUFFIXES) and not hidden:
                    found.add(path)
                continue
            if hidden or entry.name in SKIPPED_FOLDERS:
                continue
            if folder_id in ancestors:
                problems[path] = "symbolic link loop: this folder links back to a folder that contains it"
                continue
            if folder_id in visited:
                continue  # reached before through another link: its files are checked once
            visited.add(folder_id)
            stack.append((path, ancestors + (folder_id,)))


def _folder_id(path: str) -> tuple[int, int]:
    info = os.stat(path)
    return (info.st_dev, info.st_ino)


#: What `check` compares of an option: where it ends and whom it attacks.
OptionFacts = tuple[Any, tuple[str, ...]]


def _option_set(options: Any) -> list[OptionFacts]:
    return sorted({(_to_key(o["to"]), tuple(sorted(set(o["attacks"])))) for o in options}, key=lambda t: (position_key(t[0]), t[1]))


def _to_key(position: Any) -> Any:
    return tuple(position) if isinstance(position, (list, tuple)) else position


def _options_json(option_set: list[OptionFacts]) -> list[dict[str, Any]]:
    return [{"to": position_to_json(to), "attacks": list(attacks)} for to, attacks in option_set]


def _turn_facts(turn: Turn) -> dict[str, Any]:
    return {
        "actor": turn.actor,
        "focus": sorted(turn.focus),
        "options": _option_set([{"to": o.to, "attacks": o.attacks} for o in turn.options]),
    }


def compare(expect: Any, result: Result) -> tuple[list[str], list[Any], list[Any]]:
    """Differences between an ``Expect`` model and a result, plus both sides as JSON."""
    wanted: list[dict[str, Any]] = []
    if expect.turns is not None:
        for turn in expect.turns:
            wanted.append(turn.model_dump())
    if expect.focus is not None or expect.options is not None:
        first = {"actor": None, "focus": expect.focus, "options": None}
        if expect.options is not None:
            first["options"] = [o.model_dump() for o in expect.options]
        if wanted:
            wanted[0] = {k: (v if v is not None else wanted[0].get(k)) for k, v in first.items()}
        else:
            wanted.append(first)
    got_turns = [_turn_facts(t) for t in result.turns]
    differences: list[str] = []
    expected_json: list[Any] = []
    got_json: list[Any] = []
    if expect.turns is not None and len(expect.turns) != len(result.turns):
        differences.append(f"expected {len(expect.turns)} turns, got {len(result.turns)}")
    for index, want in enumerate(wanted):
        got = got_turns[index] if index < len(got_turns) else {"actor": None, "focus": [], "options": []}
        prefix = f"turn {index + 1}: " if len(wanted) > 1 else ""
        if want.get("actor") is not None and want["actor"] != got["actor"]:
            differences.append(f"{prefix}actor: expected {want['actor']}, got {got['actor']}")
        if want.get("focus") is not None and sorted(set(want["focus"])) != got["focus"]:
            differences.append(f"{prefix}focus: expected {sorted(set(want['focus']))}, got {got['focus']}")
        if want.get("options") is not None:
            expected_set = _option_set(want["options"])
            if expected_set != got["options"]:
                missing = [o for o in expected_set if o not in got["options"]]
                extra = [o for o in got["options"] if o not in expected_set]
                if missing:
                    differences.append(f"{prefix}missing options: {_describe(missing)}")
                if extra:
                    differences.append(f"{prefix}unexpected options: {_describe(extra)}")
            expected_json.append(
                _options_json(expected_set) if len(wanted) == 1 else {"turn": index + 1, "options": _options_json(expected_set)}
            )
            got_json.append(
                _options_json(got["options"]) if len(wanted) == 1 else {"turn": index + 1, "options": _options_json(got["options"])}
            )
    if len(wanted) == 1:
        expected_json = expected_json[0] if expected_json else []
        got_json = got_json[0] if got_json else []
    return differences, expected_json, got_json


def _describe(options: list[OptionFacts]) -> str:
    parts = []
    for to, attacks in options:
        parts.append(f"{format_position(to)} attacking {', '.join(attacks)}" if attacks else format_position(to))
    return "; ".join(parts)


def resolve_scenario(
    scenario: Any, variant: str | None = None, choices: dict[str, int] | None = None, first: tuple[str, ...] = ()
) -> Result:
    """Run the scenario's engine; without one, still report mistakes in its map first."""
    from . import phase as rulesets  # engines load lazily, only when a file needs one

    if rulesets.get(scenario.ruleset) is None:
        from .geometry.grid import precheck_grid

        precheck_grid(scenario)
    return rulesets.resolve(scenario, variant, choices, first)


def check_file(file: str) -> FileResult | None:
    """Check one file: ``valid`` when it loads and resolves but has no ``expect:`` block."""
    try:
        document = load_file(file)
        scenario = validate_document(document)
        result = resolve_scenario(scenario)
    except ScenarioError as error:
        return FileResult(file=file, status="error", message=str(error), line=error.line, col=error.col)
    if scenario.model.expect is None:
        return FileResult(file=file, status="valid")
    differences, expected, got = compare(scenario.model.expect, result)
    if differences:
        line, col = scenario.source.where(("expect",), key=True)
        return FileResult(file=file, status="fail", expected=expected, got=got, differences=differences, line=line, col=col)
    return FileResult(file=file, status="pass")


def check_file_contained(file: str) -> FileResult | None:
    """``check_file``, with any internal error turned into that file's error line: the batch goes on."""
    try:
        return check_file(file)
    except Exception as error:
        if os.environ.get("ENEMY_MOVE_DEBUG"):
            raise
        return FileResult(file=file, status="error", message=str(internal_error(file, error)))


def check_paths(paths: list[str]) -> CheckReport:
    files, problems = find_scenarios(paths)
    results = [FileResult(file=path, status="error", message=str(ScenarioError(path, 1, 1, message))) for path, message in problems.items()]
    for file in files:
        outcome = check_file_contained(file)
        if outcome is not None:
            results.append(outcome)
    results.sort(key=lambda r: r.file)
    return CheckReport(results)
