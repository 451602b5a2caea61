"""Write an edit into a file's own text: every byte the edit did not mean to change stays as it was.

ruamel.yaml round-trips a file's structure (comments, order, quoting) but
not its bytes: escapes (``"\\u00e9"``), line ends, tabs, a byte-order mark
come back in ruamel's spelling. So the writer never writes ruamel's text
whole. It compares ruamel's text of the file as read (``base``) with its
text after the edit (``new``): lines equal in both are taken from the
original file, byte for byte, with their own line ends; a changed line is
changed in place, character by character, where base and original agree
around the change, and otherwise written from ruamel's text with the
file's usual line end. :func:`splice` is the three-way merge; the caller
checks that the result loads to what the edit meant (see document.py).
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass
from difflib import SequenceMatcher

from ..yaml_blocks import LINE_BREAK


@dataclass(frozen=True)
class Lines:
    """A text as lines and the line end after each (the last one's is "" when the text does not end with one)."""

    lines: list[str]
    ends: list[str]

    @classmethod
    def of(cls, text: str) -> Lines:
        lines = LINE_BREAK.split(text)
        ends = [*LINE_BREAK.findall(text), ""]
        return cls(lines, ends)

    @property
    def newline(self) -> str:
        """The file's usual line end (the most frequent; LF for a one-line file)."""
        counts = Counter(end for end in self.ends if end)
        return counts.most_common(1)[0][0] if counts else "\n"


class Splicer:
    """Splices later texts of one file (ruamel's, after edits) into the file's own text."""

    def __init__(self, original: str, base: str):
        self.source = Lines.of(original)
        self.before = Lines.of(base)
        self.base = base
        self.original = original
        self.twins = _twins(self.before.lines, self.source.lines)

    def splice(self, new: str) -> str:
        """The file's text with the changes that turn base into ``new``."""
        if new == self.base:
            return self.original
        return _join(self.pairs(new), self.source, self.source.newline)

    def pairs(self, new: str) -> list[tuple[str, str]]:
        """One (line, its line end; "": the file's usual one) per line of ``new``: the file's own where it can."""
        source, before, after, twins = self.source, self.before, Lines.of(new), self.twins
        out: list[tuple[str, str]] = []  # (line, its own line end; "": the file's usual one)
        matcher = SequenceMatcher(None, before.lines, after.lines, autojunk=False)
        for tag, i1, i2, j1, j2 in matcher.get_opcodes():
            if tag == "equal":
                out.extend(_kept(i, before, source, twins) for i in range(i1, i2))
            elif tag == "replace" and i2 - i1 == j2 - j1:
                out.extend(_changed_line(i1 + k, after.lines[j1 + k], before, source, twins) for k in range(i2 - i1))
            else:
                out.extend((line, "") for line in after.lines[j1:j2])
        return out


def splice(original: str, base: str, new: str) -> str:
    """``original`` with the changes that turn ``base`` into ``new`` (base: ruamel's text of original)."""
    return Splicer(original, base).splice(new)


def _twins(base: list[str], original: list[str]) -> dict[int, int]:
    """Base line -> the original line it was written from, where the two texts keep one line for one line."""
    twins: dict[int, int] = {}
    matcher = SequenceMatcher(None, base, original, autojunk=False)
    for tag, i1, i2, j1, j2 in matcher.get_opcodes():
        if tag == "equal" or (tag == "replace" and i2 - i1 == j2 - j1):
            for offset in range(i2 - i1):
                twins[i1 + offset] = j1 + offset
    return twins


def _kept(i: int, before: Lines, source: Lines, twins: dict[int, int]) -> tuple[str, str]:
    j = twins.get(i)
    if j is None:
        return before.lines[i], ""
    return source.lines[j], source.ends[j]


def _changed_line(i: int, new_line: str, before: Lines, source: Lines, twins: dict[int, int]) -> tuple[str, str]:
    """One line changed in place: the original line with only the edited characters replaced, when that is clear."""
    j = twins.get(i)
    if j is None:
        return new_line, ""
    end = source.ends[j]
    base_line, own = before.lines[i], source.lines[j]
    if base_line == own:
        return new_line, end
    merged = _merge_chars(base_line, new_line, own)
    return (merged if merged is not None else new_line), end


def _merge_chars(base: str, new: str, own: str) -> str | None:
    """``own`` with the character edits base -> new, when every edit falls where base and own agree; else None."""
    agree = SequenceMatcher(None, base, own, autojunk=False).get_matching_blocks()
    pieces: list[str] = []
    taken = 0  # characters of ``own`` already copied
    for tag, i1, i2, j1, j2 in SequenceMatcher(None, base, new, autojunk=False).get_opcodes():
        if tag == "equal":
            continue
        start = _own_index(agree, i1, end=False)
        stop = _own_index(agree, i2, end=True) if i2 > i1 else start
        if start is None or stop is None or start < taken or stop < start:
            return None
        pieces.append(own[taken:start])
        pieces.append(new[j1:j2])
        taken = stop
    pieces.append(own[taken:])
    return "".join(pieces)


def _own_index(blocks: Sequence[tuple[int, int, int]], index: int, *, end: bool) -> int | None:
    """Where base's character boundary ``index`` falls in own, if inside (or at the edge of) a run both share."""
    for a, b, size in blocks:
        if a < index < a + size or (index == a and not end and size) or (index == a + size and end and size):
            return b + (index - a)
    return None


def _join(out: list[tuple[str, str]], source: Lines, newline: str) -> str:
    """The lines with their ends ("": the file's usual one); the text ends with a line end exactly when the original did."""
    if out and out[-1][0] == "":
        out = out[:-1]  # the empty "line" after a final line break
    if not out:
        return ""
    ends_with_break = len(source.lines) > 1 and source.lines[-1] == ""
    body = "".join(line + (end or newline) for line, end in out[:-1])
    line, end = out[-1]
    return body + line + ((end or newline) if ends_with_break else "")
