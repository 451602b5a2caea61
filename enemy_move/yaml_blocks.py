"""Block scalars (``map: |``) read from the YAML token stream, whatever the spelling.

A map row indented less than the block's first line ends the block; YAML
then reads a row that starts with ``#`` (a wall) as a comment and drops it.
Finding the blocks from the scanner's tokens and marks, not from the text
split on ``\\n``, covers every spelling YAML accepts: CR, CRLF and NEL line
breaks, a tab before ``|``, the explicit ``? map`` / ``: |`` key, a block in a
list item. The same pass records where each block's text sits in the file,
so that errors inside a map point at the right character.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from .errors import ScenarioError

#: The line breaks YAML knows (PyYAML and libyaml count lines at each of them).
LINE_BREAK = re.compile("\r\n|[\r\n\x85\u2028\u2029]")
# The indicator of a block scalar: `|` or `>`, then an indentation digit and a chomping sign in either order.
_HEADER = re.compile(r"[|>](?:([1-9])[+-]?|[+-]([1-9])?)?")
# A comment that is a map row: `#` then single symbols separated by spaces (`# # . .`, `#   . a`).
_ROW_LIKE = re.compile(r"#(?: +[^ ])+ *")


#: The fix must work on hex maps too: deleting the blank line alone moves every row to the other parity, so each
#: row's half-hex shift is wrong; one more space on every row keeps it (the map moves one row up, one column right
#: on the rows that were odd: a translation, so every distance and neighbour stays; tests/test_hardening_yaml.py),
#: and the block then needs its indentation stated, its first row being indented more than the next.
def blank_first_line(indentation: int) -> str:
    return (
        "the map starts with a blank line, which YAML keeps as an empty row 0 (every row would move down one): "
        "delete the blank line; on a hex map also put one more space at the start of every row and state the "
        f"indentation (`map: |{indentation}`), so each row keeps its half-hex shift (then rows in `at:` and `walls:` "
        "are one less, and columns of the rows that were odd one more)"
    )


@dataclass(frozen=True)
class BlockOrigin:
    """Where a literal block's text sits: 0-based file line of its first text line, and the indentation stripped."""

    first_line: int
    indent: int


@dataclass(frozen=True)
class _Block:
    key: str | None  # the mapping key the block is the value of
    is_map: bool  # the scenario's top-level `map:`
    parent: int  # indentation of the collection holding the block (-1 at the top of the document)
    indent: int  # indentation of the block's text
    last_text: int  # 0-based file line of its last non-blank line
    end: int  # first file line after the block


def yaml_lines(text: str) -> list[str]:
    """``text`` split at every line break YAML knows, so that index N is YAML's line N (0-based)."""
    return LINE_BREAK.split(text)


def checked_lines(text: str) -> list[str]:
    """``yaml_lines`` of a text the loader's character check passed (no U+2028/9, no vertical tab, form feed nor
    separator controls): ``str.splitlines`` splits it at YAML's line breaks alone then, ten times faster than the
    expression, and leaves out the empty last line."""
    lines = text.splitlines()
    if not text or text[-1] in "\r\n\x85":
        lines.append("")
    return lines


def read_blocks(text: str, file: str, make_scanner: Callable[[str], Any]) -> dict[tuple[int, int], BlockOrigin]:
    """Origins of the literal blocks, keyed by the 0-based (line, column) of their ``|``.

    Raises ScenarioError where a block would be misread: a line that ends it
    too early, a map whose first line is blank, a map folded into one line.
    A YAML syntax error stops the pass quietly: composing reports it.
    """
    import yaml  # the token pass is for the files the loader's reads leave to it (PyYAML's import: about 97 M instructions)

    reader = _BlockReader(text, file)
    scanner = make_scanner(text)
    try:
        while True:
            token = scanner.get_token()
            if token is None:
                break
            reader.feed(token)
    except yaml.MarkedYAMLError as error:
        # "while scanning a simple key" marks where the value with no key starts (a row slipped to column 1).
        mark = error.context_mark or error.problem_mark
        if mark is not None:
            reader.check_pending(mark.line, mark.column, stray=error.context == "while scanning a simple key")
    except yaml.YAMLError:
        pass
    finally:
        dispose = getattr(scanner, "dispose", None)
        if dispose is not None:
            dispose()
    return reader.origins


def fast_origins(text: str, blocks: list[tuple[Any, Any, int, bool, bool]]) -> dict[tuple[int, int], BlockOrigin] | None:
    """``read_blocks``' origins without the token pass, from the blocks the loader's one-pass read of ``text`` (its
    characters checked) met (each a mapping's value: its start and end marks, the mapping's column, whether it is the
    scenario's ``map:``, whether it is literal (``|``: the origins are of those)), for a
    file that parsed: None where the token pass might say more (an indentation digit, a blank first line, a comment
    line after a block, a next line not at the start of a key), and ``read_blocks`` then reads it, with its messages.

    After a block in a mapping at column P, the next token of a valid file starts a line at column P or less (a key
    of that mapping, an outer one's or a block's end): the lines up to it are blank, and that token is no value
    without a key, so no check of ``_BlockReader.check_pending`` can fail (tests/test_loader_fast.py compares)."""
    origins: dict[tuple[int, int], BlockOrigin] = {}
    lines = checked_lines(text) if blocks else []
    for start, end, parent, is_map, literal in blocks:
        first = start.line + 1
        last = min(end.line if end.column else end.line - 1, len(lines) - 1)
        header = _HEADER.match(lines[start.line], start.column)
        if header is None or header.group(1) or header.group(2) or first > last or not lines[first].strip(" "):
            return None
        last_text = last
        while not lines[last_text].strip(" "):
            last_text -= 1
        if not _quiet_after(lines, last + 1, parent, is_map and last_text + 1):
            return None
        if literal:
            origins[(start.line, start.column)] = BlockOrigin(first, _indent(lines[first]))
    return origins


def _quiet_after(lines: list[str], end: int, parent: int, row_like_at: int) -> bool:
    """Whether the lines from ``end`` on, up to the next token's, are blank or comments the block pass lets pass, and
    that token starts its line (after spaces) at column ``parent`` or less. ``row_like_at``: the line where a map row
    taken for a comment is refused (0: none)."""
    for number in range(end, len(lines)):
        line = lines[number]
        body = line.strip(" \t")
        if not body:
            continue
        if body[0] != "#":
            return _indent(line) <= parent and line[_indent(line)] != "\t"
        if _indent(line) > parent or (number == row_like_at and _ROW_LIKE.fullmatch(body)):
            return False
    return True


class _BlockReader:
    def __init__(self, text: str, file: str):
        self.file = file
        self.lines = yaml_lines(text)
        self.origins: dict[tuple[int, int], BlockOrigin] = {}
        self.stack: list[int] = []  # columns of the open block collections
        self.previous: Any = None
        self.key: str | None = None
        self.key_depth = -1
        self.pending: _Block | None = None

    def feed(self, token: Any) -> None:
        # Tokens told apart by their class (PyYAML's token classes have no subclasses): a file has a few hundred.
        import yaml  # imported by read_blocks already: a look-up

        kind = type(token)
        if self.pending is not None:
            # The end of the stream sits at column 0 of the line after a final line break: it ends a bare block
            # (a `--set map=|...` value) without being a line of it.
            at_end = kind is yaml.StreamEndToken
            self.check_pending(token.start_mark.line, token.start_mark.column, stray=kind is yaml.ScalarToken, at_end=at_end)
        if kind is yaml.ScalarToken:
            previous = type(self.previous)
            if previous is yaml.KeyToken:
                self.key, self.key_depth = token.value, len(self.stack)
            elif previous is yaml.ValueToken or token.style in ("|", ">"):
                self.value(token, previous is yaml.ValueToken)
        elif kind is yaml.BlockMappingStartToken or kind is yaml.BlockSequenceStartToken:
            self.stack.append(token.start_mark.column)
        elif kind is yaml.BlockEndToken and self.stack:
            self.stack.pop()
        self.previous = token

    def value(self, token: Any, keyed: bool) -> None:
        key = self.key if keyed else None
        is_map = key == "map" and self.key_depth == 1 and len(self.stack) == 1
        start, end = token.start_mark, token.end_mark
        if is_map and token.style == ">":
            raise self.error(start.line, start.column, "`map: >` joins the rows into one line; write `map: |`")
        if is_map and token.style != "|" and self.folded(start, end, token.style):
            raise self.error(
                start.line, start.column, "the map spans several lines without `|`, so YAML joins its rows into one: write `map: |`"
            )
        if token.style not in ("|", ">"):
            return
        parent = self.stack[-1] if self.stack else -1
        first = start.line + 1
        last = min(end.line if end.column else end.line - 1, len(self.lines) - 1)
        text_lines = [number for number in range(first, last + 1) if self.lines[number].strip(" ")]
        header = _HEADER.match(self.lines[start.line], start.column)
        digit = header.group(1) or header.group(2) if header else None
        if digit:
            indent = max(parent, 0) + int(digit)
        elif text_lines:
            indent = _indent(self.lines[text_lines[0]])
        else:
            return  # an empty block
        if token.style == "|":
            self.origins[(start.line, start.column)] = BlockOrigin(first, indent)
        if not text_lines:
            return
        if is_map and text_lines[0] != first:
            raise self.error(
                first,
                0,
                blank_first_line(int(digit) if digit else self._rows_indentation(first, parent)),
            )
        self.pending = _Block(key, is_map, parent, indent, text_lines[-1], last + 1)

    def _rows_indentation(self, first: int, parent: int) -> int:
        """The least indentation of the map's rows from ``first`` on (YAML may have ended the block at a row
        indented less than the first), relative to the key's: what `map: |N` must state."""
        base = max(parent, 0)
        indents = []
        for line in self.lines[first:]:
            if line.strip(" "):
                if _indent(line) <= base:
                    break
                indents.append(_indent(line))
        return (min(indents) if indents else base + 2) - base

    def folded(self, start: Any, end: Any, style: str | None) -> bool:
        """True when a plain or quoted scalar spans two adjacent non-blank lines: YAML joins them with a space."""
        if end.line == start.line:
            return False
        span = [self.lines[start.line][start.column :], *self.lines[start.line + 1 : end.line], self.lines[end.line][: end.column]]
        filled = [bool(line.strip(" \t")) for line in span]
        # In double quotes a line ending in `\` escapes its break: nothing is joined there (PyYAML writes long lines so).
        escaped = [style == '"' and line.rstrip(" \t").endswith("\\") for line in span]
        return any(filled[i] and filled[i + 1] and not escaped[i] for i in range(len(span) - 1))

    def check_pending(self, line: int, column: int, *, stray: bool = False, at_end: bool = False) -> None:
        """The lines between a block and the next token (at ``line``, ``column``) must not belong to the block.

        ``stray``: the next token is a value with no key, which cannot follow a block in a mapping.
        """
        block, self.pending = self.pending, None
        if block is None:
            return
        for number in range(block.end, min(line, len(self.lines))):
            text = self.lines[number]
            if not text.strip(" \t"):
                continue
            indent = _indent(text)
            if indent > block.parent:
                raise self.slipped(block, number)
            if block.is_map and number == block.last_text + 1 and _ROW_LIKE.fullmatch(text.strip(" \t")):
                raise self.error(
                    number,
                    indent,
                    f"map row at column {indent + 1} starts with '#', so YAML reads it as a comment and drops it "
                    "(with every later one): indent it like the rows above",
                )
        if not at_end and block.parent < column < block.indent and line >= block.end and line < len(self.lines):
            raise self.slipped(block, line)
        if block.is_map and stray and line == block.last_text + 1:
            raise self.error(
                line, column, f"map row at column {column + 1} ends the map (YAML expects the next key here): indent it like the rows above"
            )

    def slipped(self, block: _Block, number: int) -> ScenarioError:
        indent = _indent(self.lines[number])
        # The smallest indentation of the lines the author meant to be in the block.
        meant = indent
        for line in self.lines[number:]:
            if line.strip(" \t"):
                if _indent(line) <= block.parent:
                    break
                meant = min(meant, _indent(line))
        what = "map row" if block.key == "map" else f"line of `{block.key}:`" if block.key else "line of the block"
        comment = (
            " and reads it as a comment (with every later one starting with '#')" if self.lines[number].lstrip().startswith("#") else ""
        )
        key = block.key or "key"
        return self.error(
            number,
            indent,
            f"{what} indented {indent} spaces, less than the block's first line ({block.indent}): YAML ends the block here{comment}. "
            f"Indent every line at least as much as the first one, or, if the first line starts with blanks, "
            f"state the indentation: `{key}: |{meant - max(block.parent, 0)}`",
        )

    def error(self, line: int, column: int, message: str) -> ScenarioError:
        return ScenarioError(self.file, line + 1, column + 1, message)


def _indent(line: str) -> int:
    return len(line) - len(line.lstrip(" "))
