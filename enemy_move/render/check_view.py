"""``check`` on a terminal or in a log: problems one per line (ruff's style), the summary, the table, the progress bar.

The default view prints only what is wrong, each as ``FILE:LINE:COL: what``
on one unwrapped line (editors and terminals jump to it; grep finds it), then
one summary line. ``--verbose`` adds the table of every file.
"""

from __future__ import annotations

from types import TracebackType

from rich.console import Console
from rich.progress import BarColumn, MofNCompleteColumn, Progress, TaskID, TextColumn, TimeRemainingColumn
from rich.table import Table
from rich.text import Text

from ..checking import CheckReport, FileResult
from ..errors import escape_controls

STATUS_STYLES = {"pass": "green", "valid": "cyan", "fail": "bold red", "error": "bold yellow"}


def _problem_text(entry: FileResult) -> list[Text]:
    texts = []
    for problem in entry.problems:
        text = Text(escape_controls(entry.file), style="bold")
        text.append(f":{problem.line}:{problem.col}:", style="cyan")
        text.append(" ")
        text.append(escape_controls(problem.message), style="red" if entry.status == "fail" else "yellow")
        texts.append(text)
    return texts


def _update_text(entry: FileResult) -> list[Text]:
    texts = []
    for problem in entry.updated:
        text = Text(escape_controls(entry.file), style="bold")
        text.append(f":{problem.line}:{problem.col}:", style="cyan")
        text.append(" updated: ", style="green")
        text.append(escape_controls(problem.message))
        texts.append(text)
    return texts


def render_problems(report: CheckReport, console: Console) -> None:
    """Every failure and error, one ``FILE:LINE:COL: what`` line each, in file order (and what --update changed)."""
    for entry in report.results:
        for text in _update_text(entry) + _problem_text(entry):
            # soft_wrap: a long line stays one line (a narrow terminal wraps it visually, grep still sees one).
            console.print(text, soft_wrap=True)


def summary_text(report: CheckReport) -> Text:
    s = report.summary
    text = Text(f"{s['total']} checked: ")
    text.append(f"{s['passed']} passed", style="green")
    text.append(", ")
    text.append(f"{s['failed']} failed", style="red" if s["failed"] else "")
    text.append(", ")
    text.append(f"{s['errors']} errors", style="yellow" if s["errors"] else "")
    if s["valid"]:
        text.append(", ")
        text.append(f"{s['valid']} valid", style="cyan")
        text.append(" (no expect: block)")
    if "updated" in s:
        text.append("; ")
        text.append(f"{s['updated']} files updated", style="green" if s["updated"] else "")
    return text


def render_summary(report: CheckReport, console: Console) -> None:
    console.print(summary_text(report), soft_wrap=True)


def render_table(report: CheckReport, console: Console, *, quiet: bool = False) -> None:
    """``--verbose``: every file's row (with ``quiet``, only failures and errors); names are folded, never cut."""
    shown = [r for r in report.results if not quiet or r.status not in ("pass", "valid")]
    if not shown:
        return
    table = Table(title="Scenario check", title_justify="left")
    table.add_column("file", overflow="fold")
    table.add_column("status", no_wrap=True)
    table.add_column("problems", overflow="fold")
    for entry in shown:
        detail = "\n".join(
            [f"{p.line}:{p.col}: updated: {p.message}" for p in entry.updated] + [f"{p.line}:{p.col}: {p.message}" for p in entry.problems]
        )
        # Text, not markup: "[3, 4]" in a message is not a style.
        table.add_row(
            Text(escape_controls(entry.file)),
            Text(entry.status + (" (updated)" if entry.updated else ""), style=STATUS_STYLES[entry.status]),
            Text(escape_controls(detail, keep="\n")),
        )
    console.print(table)


class CheckProgress:
    """A progress bar on stderr: files done, failures so far, time left; cleared when the check ends."""

    def __init__(self, console: Console, total: int):
        self.failures = 0
        self._progress = Progress(
            TextColumn("checking"),
            BarColumn(),
            MofNCompleteColumn(),
            TextColumn("files, {task.fields[failures]} failing"),
            TimeRemainingColumn(),
            console=console,
            transient=True,
            # Redrawn as each file finishes, not by a thread: workers are forked from this process (checking._pool_context).
            auto_refresh=False,
        )
        self._task: TaskID = self._progress.add_task("check", total=total, failures=0)

    def __enter__(self) -> CheckProgress:
        self._progress.start()
        return self

    def __exit__(self, kind: type[BaseException] | None, error: BaseException | None, trace: TracebackType | None) -> None:
        self._progress.stop()

    def advance(self, entry: FileResult) -> None:
        if entry.status in ("fail", "error"):
            self.failures += 1
        self._progress.update(self._task, advance=1, failures=self.failures, refresh=True)
