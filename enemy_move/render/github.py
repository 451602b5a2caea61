"""``check --format github``: one GitHub Actions workflow command per failure or error.

GitHub shows ``::error file=F,line=L,col=C::message`` lines as annotations on
the pull request's diff (a mismatch at the option or field of ``expect:``
that differs); the last line is a plain summary for the log.
"""

from __future__ import annotations

from ..checking import CheckReport


def _escape_data(text: str) -> str:
    return text.replace("%", "%25").replace("\r", "%0D").replace("\n", "%0A")


def _escape_property(text: str) -> str:
    return _escape_data(text).replace(":", "%3A").replace(",", "%2C")


def github_annotations(report: CheckReport) -> str:
    """One annotation per problem, at its line: a failure's every difference, an error's mistake."""
    lines = []
    for entry in report.results:
        for problem in entry.updated:  # check --update: a notice where the file changed
            where = f"file={_escape_property(entry.file)},line={problem.line},col={problem.col},title=expect updated"
            lines.append(f"::notice {where}::{_escape_data('updated: ' + problem.message)}")
        if entry.status not in ("fail", "error"):
            continue
        title = "scenario check failed" if entry.status == "fail" else "invalid scenario"
        for problem in entry.problems:
            where = f"file={_escape_property(entry.file)},line={problem.line},col={problem.col},title={_escape_property(title)}"
            lines.append(f"::error {where}::{_escape_data(problem.message)}")
    s = report.summary
    updated = f"; {s['updated']} files updated" if "updated" in s else ""
    lines.append(f"{s['total']} checked: {s['passed']} passed, {s['failed']} failed, {s['errors']} errors, {s['valid']} valid{updated}")
    return "\n".join(lines) + "\n"
