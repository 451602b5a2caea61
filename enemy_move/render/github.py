"""``check --format github``: one GitHub Actions workflow command per failure or error.

GitHub shows ``::error file=F,line=L,col=C::message`` lines as annotations on
the pull request's diff; the last line is a plain summary for the log.
"""

from __future__ import annotations

from ..checking import CheckReport


def _escape_data(text: str) -> str:
    return text.replace("%", "%25").replace("\r", "%0D").replace("\n", "%0A")


def _escape_property(text: str) -> str:
    return _escape_data(text).replace(":", "%3A").replace(",", "%2C")


def github_annotations(report: CheckReport) -> str:
    lines = []
    for entry in report.results:
        if entry.status == "fail":
            title, message = "scenario check failed", "; ".join(entry.differences)
        elif entry.status == "error":
            title = "invalid scenario"
            # The message repeats FILE:LINE:COL, which the annotation already carries.
            message = (entry.message or "").removeprefix(f"{entry.file}:{entry.line}:{entry.col}: ")
        else:
            continue
        where = f"file={_escape_property(entry.file)},line={entry.line},col={entry.col},title={_escape_property(title)}"
        lines.append(f"::error {where}::{_escape_data(message)}")
    s = report.summary
    lines.append(f"{s['total']} checked: {s['passed']} passed, {s['failed']} failed, {s['errors']} errors, {s['valid']} valid")
    return "\n".join(lines) + "\n"
