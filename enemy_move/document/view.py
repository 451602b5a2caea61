"""The writer's view of a scenario's text: what ruamel.yaml reads with the meaning the loader gave it.

The loader parses with libyaml, which accepts spellings ruamel.yaml's scanner
refuses or reads otherwise: a tab as the blank after a colon, before a comment,
before a colon or inside a flow mapping; a tab inside a plain scalar
(``title: a<TAB>b``); a byte-order mark at the start of a comment line (a blank
to libyaml, a key to ruamel). The view rewrites exactly those spots from
libyaml's own tokens, so both parsers see one text: blanks between tokens
become spaces and a byte-order mark there goes (never inside a comment), and a plain scalar holding a tab is
written double-quoted. Line breaks become ``\\n``. Nothing of the view reaches
a file: the writer (``splice``) keeps the original bytes of every line an edit
did not touch, and a changed line is written from ruamel's text.
"""

from __future__ import annotations

import json
from typing import Any

from ..yaml_blocks import LINE_BREAK

#: Blanks libyaml skips between tokens that ruamel does not.
_ODD_BLANKS = str.maketrans({"\t": " ", "\ufeff": ""})


def writer_view(text: str) -> str:
    """``text`` (already accepted by the loader) in the spelling ruamel.yaml reads the same way."""
    if "\t" not in text and "\ufeff" not in text:
        return LINE_BREAK.sub("\n", text)
    pieces: list[str] = []
    position = 0
    for start, end, token in _tokens(text):
        if start < position:
            continue  # zero-width tokens (block ends) and overlaps: nothing to rewrite
        pieces.append(_blank_gap(text[position:start]))
        span = text[start:end]
        if _is_plain_scalar(token) and "\t" in span:
            span = json.dumps(token.value, ensure_ascii=False)
        pieces.append(span)
        position = end
    pieces.append(_blank_gap(text[position:]))
    return LINE_BREAK.sub("\n", "".join(pieces))


def _tokens(text: str) -> list[tuple[int, int, Any]]:
    """(start, end, token) of libyaml's tokens, by character index; [] when the text does not scan."""
    import yaml

    from ..loader import FastLoader

    scanner: Any = FastLoader(text)
    found: list[tuple[int, int, Any]] = []
    try:
        while True:
            token = scanner.get_token()
            if token is None:
                break
            found.append((token.start_mark.index, token.end_mark.index, token))
    except yaml.YAMLError:
        pass  # the loader reports syntax errors; the view keeps the rest as it is
    finally:
        scanner.dispose()
    return found


def _is_plain_scalar(token: Any) -> bool:
    import yaml

    return isinstance(token, yaml.ScalarToken) and token.plain


def _blank_gap(gap: str) -> str:
    """The text between two tokens: blanks before a comment's ``#`` on each line become spaces; comments stay."""
    if "\t" not in gap and "\ufeff" not in gap:
        return gap
    lines = LINE_BREAK.split(gap)
    breaks = LINE_BREAK.findall(gap)
    out: list[str] = []
    for index, line in enumerate(lines):
        blank, hash_mark, comment = line.partition("#")
        out.append(blank.translate(_ODD_BLANKS) + hash_mark + comment)
        if index < len(breaks):
            out.append(breaks[index])
    return "".join(out)
