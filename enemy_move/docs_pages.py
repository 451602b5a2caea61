"""The documentation pages, wherever the package runs from: ``enemy-move docs [TOPIC]``.

One source: the repository's docs/*.md. A built wheel carries a copy as package data
(enemy_move/docs/, copied by setup.py's build step); a checkout or an editable install reads
docs/ beside the package.
"""

from __future__ import annotations

import re
from pathlib import Path

_PACKAGE = Path(__file__).resolve().parent


def docs_folder() -> Path | None:
    """The folder of the pages: the package's copy, else the checkout's docs/, else None."""
    for folder in (_PACKAGE / "docs", _PACKAGE.parent / "docs"):
        if (folder / "scenario-format.md").is_file():
            return folder
    return None


def topics() -> dict[str, str]:
    """Each page's topic (its file name without .md) and title (its first heading), sorted by topic."""
    folder = docs_folder()
    if folder is None:
        return {}
    found = {}
    for page in sorted(folder.glob("*.md")):
        first = page.read_text(encoding="utf-8").lstrip().splitlines()[:1]
        found[page.stem] = first[0].lstrip("#").strip() if first else page.stem
    return found


#: A link to another page: ``[words](output.md)`` or ``(output.md#exit-codes)``.
_PAGE_LINK = re.compile(r"\[(?P<words>[^\]\n]*)\]\((?P<topic>[a-z0-9-]+)\.md(?:#[^)\s]*)?\)")


def page_text(topic: str) -> str | None:
    """The Markdown of ``topic`` (a name of :func:`topics`), or None; links to other pages name their command."""
    folder = docs_folder()
    known = topics()
    if folder is None or topic not in known:
        return None
    text = (folder / f"{topic}.md").read_text(encoding="utf-8")

    def command(match: re.Match[str]) -> str:
        return f"{match['words']} (`enemy-move docs {match['topic']}`)" if match["topic"] in known else match[0]

    return _PAGE_LINK.sub(command, text)
