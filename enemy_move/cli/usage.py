"""Usage errors and the checks of flag values, before any work: one line on stderr, exit 2.

Every value is bounded and checked before use (numbers: ASCII digits and a size
limit; names: length); every echo of a value is cut (enemy_move/flag_values.py).
"""

from __future__ import annotations

from typing import NoReturn

import typer

from ..flag_values import shown, small_number


def fail(message: str) -> NoReturn:
    """A usage error: one line on stderr, exit 2."""
    from ..errors import escape_controls

    if len(message) > MAX_MESSAGE_CHARS:  # a value echoed whole (every echo is cut; this is the last guard)
        message = message[: MAX_MESSAGE_CHARS - 1] + "…"
    typer.echo(escape_controls(f"enemy-move: {message}"), err=True)
    raise typer.Exit(2)


#: Longest usage message (one line on a terminal, a few at most).
MAX_MESSAGE_CHARS = 400


def parse_choices(choose: list[str]) -> dict[str, int]:
    """``--choose a=N`` -> {label: index}: options are numbered from 1 (``a=1`` is the first, index 0)."""
    choices: dict[str, int] = {}
    for item in choose:
        label, sep, number = item.partition("=")
        chosen = small_number(number, MAX_OPTION_NUMBER)
        if not sep or len(label) != 1 or not label.isascii() or not label.isalnum() or chosen is None:
            fail(f"--choose {shown(item)}: expected LABEL=N (e.g. a=2): a figure's label and an option number, 1 to {MAX_OPTION_NUMBER}")
        if chosen < 1:
            fail(f"--choose {item}: options are numbered from 1 ({label}=1 is the first)")
        choices[label] = chosen - 1
    return choices


#: Largest option number --choose takes (a turn lists at most 1,000 options: result.MAX_TURN_OPTIONS).
MAX_OPTION_NUMBER = 1000


#: Longest --why-not value: a cell (COL,ROW) or an area name (at most 24 characters) is far shorter.
MAX_WHY_NOT_CHARS = 64


def check_values(why_not: list[str], outputs: dict[str, str | None], sight_from: str | None = None) -> None:
    """Values no command could use are usage errors before any work (a 5000-digit number, an empty file name)."""
    for value in why_not:
        if len(value) > MAX_WHY_NOT_CHARS:
            fail(f"--why-not: {value[:20]!r}... is {len(value)} characters; a cell or an area name has at most {MAX_WHY_NOT_CHARS}")
    if sight_from is not None and len(sight_from) > MAX_WHY_NOT_CHARS:
        fail(f"--sight-from {sight_from[:20]!r}...: {len(sight_from)} characters; a cell has at most {MAX_WHY_NOT_CHARS}")
    for option, path in outputs.items():
        if path is not None and not path.strip():
            fail(f"{option}: the file name is empty")


def check_outputs(file: str, outputs: dict[str, str | None]) -> None:
    """An output that would replace the scenario itself (a typo: --svg board.yaml), or two outputs on one file: refused.

    ``--after`` may name the scenario: the next round written over this one (only over the bytes read)."""
    from ..output_paths import same_file

    named = [(option, path) for option, path in outputs.items() if path]
    for index, (option, path) in enumerate(named):
        if file != "-" and option != "--after" and same_file(path, file):
            fail(f"{option} {shown(path)}: that is the scenario file itself; nothing written (give another file name)")
        for other, other_path in named[:index]:
            if same_file(path, other_path):
                fail(f"{other} and {option} both name {shown(path)}; nothing written (give each its own file)")
