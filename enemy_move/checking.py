"""Batch checking: compare each scenario's ``expect:`` block with the engine's answer.

A scenario passes when, for every turn the expectation speaks of, the set of
options (each option's ``to`` and its set of ``attacks``) equals the expected
set exactly, and the focus set is equal when given. Paths are not compared.
A ``board_after`` (per turn, or for the whole phase) is compared too: the
figures it lists, and each set it lists (the sets the game's model declares): the positions
the effects the phase followed counted into it (``Effect.counted``). The comparison itself is
``comparing.compare``; this module finds the files, checks each and runs the batch.
"""

from __future__ import annotations

import errno
import os
import sys
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, BinaryIO, Literal

from .comparing import Problem as Problem  # a FileResult's problems: part of this module's interface
from .comparing import compare, turn_answer
from .errors import ScenarioError, escape_controls, internal_error
from .loader import STDIN_NAME, load_file, load_stdin, load_text

SCENARIO_SUFFIXES = (".yaml", ".yml")

#: Folders a walk never enters unless named on the command line (besides
#: every hidden folder such as .git or .venv): they hold tools, not scenarios.
SKIPPED_FOLDERS = frozenset({"node_modules", "__pycache__"})

#: A checked file passed, failed (differences), or could not be loaded or resolved.
FileStatus = Literal["pass", "fail", "error", "valid"]  # valid: no `expect:` block; it loads and resolves

#: ``-`` among the paths: one scenario read from standard input.
STDIN_PATH = "-"


@dataclass
class FileResult:
    file: str
    status: FileStatus
    expected: list[Any] | None = None
    got: list[Any] | None = None
    # A failure's differences, each at the option or field of `expect:` that differs; an error's one problem.
    problems: list[Problem] = field(default_factory=list)
    # A failed file's answer turn by turn (actor, focus, options as JSON): what `check --update` writes.
    answer: list[dict[str, Any]] | None = None
    # `check --update`: the differences that were settled by writing the answer into the file.
    updated: list[Problem] = field(default_factory=list)
    # A failed file's bytes as checked: `check --update` writes only over these very bytes (never over a later change).
    checked: bytes | None = field(default=None, repr=False, compare=False)

    @property
    def line(self) -> int:
        return self.problems[0].line if self.problems else 1

    @property
    def col(self) -> int:
        return self.problems[0].col if self.problems else 1

    @property
    def message(self) -> str | None:
        """An error's message, without its location."""
        return self.problems[0].message if self.status == "error" and self.problems else None

    def located(self) -> list[str]:
        """One ``FILE:LINE:COL: what`` line per problem, printable whatever the file name or message."""
        return [escape_controls(f"{self.file}:{p.line}:{p.col}: {p.message}") for p in self.problems]

    def located_updates(self) -> list[str]:
        """``check --update``: one ``FILE:LINE:COL: updated: what differed`` line per settled difference."""
        return [escape_controls(f"{self.file}:{p.line}:{p.col}: updated: {p.message}") for p in self.updated]

    def to_dict(self) -> dict[str, Any]:
        entry: dict[str, Any] = {"file": self.file, "status": self.status}
        if self.status in ("fail", "error"):
            entry["line"] = self.line
            entry["column"] = self.col
        if self.status == "fail":
            entry["expected"] = self.expected
            entry["got"] = self.got
            entry["differences"] = [p.to_dict() for p in self.problems]
        if self.message is not None:
            entry["message"] = self.message
        if self.updated:
            entry["updated"] = [p.to_dict() for p in self.updated]
        return entry


def error_result(error: ScenarioError) -> FileResult:
    return FileResult(file=error.file, status="error", problems=[Problem(error.line, error.col, error.message)])


@dataclass
class CheckReport:
    results: list[FileResult]
    #: Set by `check --update`: the summary then counts the updated files too.
    updating: bool = False

    @property
    def summary(self) -> dict[str, int]:
        counts = {"total": len(self.results), "passed": 0, "failed": 0, "errors": 0, "valid": 0}
        for result in self.results:
            counts[{"pass": "passed", "fail": "failed", "error": "errors", "valid": "valid"}[result.status]] += 1
        if self.updating:
            counts["updated"] = sum(1 for r in self.results if r.updated)
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


def _load_document(file: str, stdin: BinaryIO | None) -> Any:
    if file == STDIN_PATH:
        return load_stdin(stdin if stdin is not None else sys.stdin.buffer)
    return load_file(file)


def check_file(file: str, stdin: BinaryIO | None = None) -> FileResult | None:
    """Check one file (``-``: standard input): ``valid`` when it loads and resolves but has no ``expect:`` block."""
    return _check_loaded(lambda: _load_document(file, stdin))


def check_text_contained(text: str, file: str) -> FileResult:
    """``check_file`` of a text already in memory (enemy_move.check_text), internal errors contained."""
    try:
        return _check_loaded(lambda: load_text(text, file))
    except Exception as error:
        if os.environ.get("ENEMY_MOVE_DEBUG"):
            raise
        return error_result(internal_error(file, error))


def _check_loaded(load: Callable[[], Any]) -> FileResult:
    from . import answering  # engines load lazily, only when a file needs one

    try:
        answered = answering.answer(load())
    except ScenarioError as error:
        return error_result(error)
    scenario, result = answered.scenario, answered.result
    name = scenario.source.file
    if scenario.model.expect is None:
        return FileResult(file=name, status="valid")
    problems, expected, got = compare(scenario.model.expect, result, scenario.source.where)
    problems.sort(key=lambda p: (p.line, p.col))  # file order, as a reader goes down the file
    if problems:
        answer = [turn_answer(t) for t in result.turns]
        return FileResult(
            file=name, status="fail", expected=expected, got=got, problems=problems, answer=answer, checked=scenario.source.raw
        )
    return FileResult(file=name, status="pass")


def check_file_contained(file: str, stdin: BinaryIO | None = None) -> FileResult | None:
    """``check_file``, with any internal error turned into that file's error line: the batch goes on."""
    try:
        return check_file(file, stdin)
    except Exception as error:
        if os.environ.get("ENEMY_MOVE_DEBUG"):
            raise
        return error_result(internal_error(STDIN_NAME if file == STDIN_PATH else file, error))


def check_paths(paths: list[str], *, stdin: BinaryIO | None = None, on_file: Callable[[FileResult], None] | None = None) -> CheckReport:
    """Check every scenario under ``paths``; ``on_file`` hears of each file as it is done (a progress bar)."""
    files, problems = find_scenarios(paths)
    return check_files(files, problems, stdin=stdin, on_file=on_file)


def check_files(
    files: list[str],
    problems: dict[str, str] | None = None,
    *,
    stdin: BinaryIO | None = None,
    on_file: Callable[[FileResult], None] | None = None,
    jobs: int | None = 1,
) -> CheckReport:
    """Check ``files``; with ``jobs`` > 1 and more than a few files, in that many worker processes from the start;
    with ``jobs`` None (check's default -j), here until the files have taken ``POOL_AFTER_SECONDS`` of CPU time, and
    the rest in ``default_jobs`` workers only when they are predicted to take as long again (``_pool_pays``).

    Results are gathered in input order, whichever finishes first, so the report
    (and every output made from it) is the same bytes as a serial run's.
    """
    results = [error_result(ScenarioError(path, 1, 1, message)) for path, message in (problems or {}).items()]
    pooled = _parallel_outcomes(files, jobs, on_file) if jobs is not None and _worth_a_pool(files, jobs) else {}
    started = _cpu_seconds()
    for index, file in enumerate(files):
        if jobs is None and _pool_pays(index, files, _cpu_seconds() - started):
            jobs = default_jobs(len(files) - index)
            pooled = _parallel_outcomes(files, jobs, on_file, start=index) if _worth_a_pool(files[index:], jobs) else {}
        if index in pooled:
            outcome = pooled[index]
        else:  # serial, or standard input (read here, never in a worker)
            outcome = check_file_contained(file, stdin)
            if outcome is not None and on_file is not None:
                on_file(outcome)
        if outcome is not None:
            results.append(outcome)
    results.sort(key=lambda r: r.file)
    return CheckReport(results)


#: Below this many files a pool's start-up costs more than it saves.
POOL_MIN_FILES = 8

#: check's default -j: CPU seconds of checking in one process before workers are forked for the rest, and the least
#: the rest must be predicted to take (at the pace so far). Workers cost CPU time of their own (the pool, and each
#: worker's tables built again: gloom's 546 small positions took 25 % more instructions with two workers from the
#: start than in one process) and save wall time only on a long check; forked late, they inherit the tables built.
POOL_AFTER_SECONDS = 1.0

#: The CPU time of this process (``time.process_time``; tests replace it).
_cpu_seconds = time.process_time


def _pool_pays(done: int, files: list[str], spent: float) -> bool:
    """Fork workers now for ``files[done:]``? Only after ``POOL_AFTER_SECONDS`` here, for as long a rest again."""
    return done > 0 and spent >= POOL_AFTER_SECONDS and spent / done * (len(files) - done) >= POOL_AFTER_SECONDS


def _worth_a_pool(files: list[str], jobs: int) -> bool:
    return jobs > 1 and len(files) >= POOL_MIN_FILES


def _parallel_outcomes(
    files: list[str], jobs: int, on_file: Callable[[FileResult], None] | None, start: int = 0
) -> dict[int, FileResult | None]:
    """The outcome of each file from ``start`` on by its index (standard input left to the caller); ``on_file`` hears
    of each as it finishes. ``start`` > 0: files were checked here already, and the workers inherit their tables."""
    from concurrent.futures import ProcessPoolExecutor, as_completed

    outcomes: dict[int, FileResult | None] = {}
    indexes = [index for index, file in enumerate(files) if file != STDIN_PATH and index >= start]
    if indexes and not start:
        # The first file here, before the workers are forked: they inherit its game's modules, imported once.
        first = indexes.pop(0)
        outcome = outcomes[first] = check_file_contained(files[first])
        if outcome is not None and on_file is not None:
            on_file(outcome)
    # Neighbouring files in a run of files (sorted paths: often the same board under several rule sets) share a
    # worker, and with it the boards' sight and range tables; several runs per worker keep the workers even.
    size = max(1, min(CHUNK_FILES, len(indexes) // (4 * jobs)))
    with ProcessPoolExecutor(max_workers=min(jobs, len(files)), mp_context=_pool_context()) as pool:
        pending = {
            pool.submit(_check_run, [files[i] for i in run]): run for run in (indexes[k : k + size] for k in range(0, len(indexes), size))
        }
        for future in as_completed(pending):
            for index, outcome in zip(pending[future], future.result()):
                outcomes[index] = outcome
                if outcome is not None and on_file is not None:
                    on_file(outcome)
    return outcomes


#: The most files a worker checks in one run (fewer when the files are few for the workers).
CHUNK_FILES = 32


def _check_run(files: list[str]) -> list[FileResult | None]:
    """One worker's run of neighbouring files."""
    return [check_file_contained(file) for file in files]


def _pool_context() -> Any:
    """How the workers start: forked from this process (the quickest) while it runs no other thread, else from a
    fork server. Forking a process with threads can deadlock the child (Python 3.12 warns); the progress bar
    draws without a thread of its own, but a host program may run threads. The server imports the checker once
    and each worker is a fork of it (about 0.2 s more for `check scenarios`)."""
    import multiprocessing
    import threading

    methods = multiprocessing.get_all_start_methods()
    if "fork" in methods and threading.active_count() == 1:
        return multiprocessing.get_context("fork")
    if "forkserver" not in methods:
        return multiprocessing.get_context("spawn")
    context = multiprocessing.get_context("forkserver")
    context.set_forkserver_preload([__name__])
    return context


def default_jobs(files: int, load: float | None = None) -> int:
    """``check``'s default ``-j``: one process per idle CPU (at most 8), serial for a single file.

    A CPU busy with other work (``load``: the one-minute load average, read here when not given)
    gives a worker nothing but a share of it: measured on 2 CPUs with one busy, two workers took
    more time and 30 % more CPU than one process. The output is the same whatever the count."""
    if files <= 1:
        return 1
    if load is None:
        try:
            load = os.getloadavg()[0]
        except OSError:  # no load average on this system
            load = 0.0
    idle = (os.cpu_count() or 1) - int(load + 0.5)
    return max(1, min(idle, 8, files))
