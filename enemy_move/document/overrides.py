"""`resolve --place LABEL=COL,ROW` and `--set KEY=VALUE`: per-round changes applied to the file before resolving.

Each change is made on the round-trip document, then the whole scenario is
validated like a file. A mistake is reported as one line naming the change
(``--set action.move=40: action.move: ... less than or equal to 15``): the
positions of the edited text would not match the file on disk.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from ..errors import ScenarioError
from ..flag_values import shown
from ..loader import load_text
from .document import EditError, ScenarioDocument, split_key

if TYPE_CHECKING:
    from ..models import Scenario

# ASCII digits, at most three: no board is 1,000 cells wide (`\d` would take ٣ too).
_CELL = re.compile(r"^\s*\[?\s*([0-9]{1,3})\s*,\s*([0-9]{1,3})\s*\]?\s*$")
#: A plain scalar +N in a --set value: YAML reads it as N and the sign is lost, but on a card a sign means "added to
#: the stat card's" (written quoted); a file refuses `move: +1` at the card (games/gloomhaven/stats.plain_plus_signs),
#: and the sign is gone before that check can see it here.
_PLAIN_PLUS = re.compile(r"(?:^|[\s\[{,:])\+([0-9]{1,32})(?![\w.])")
_QUOTED = re.compile(r"\"(?:[^\"\\]|\\.)*\"|'(?:[^']|'')*'")

#: Deepest --set key: the deepest key of any scenario (figures.A.actions.0.attack.targets) is 6 parts.
MAX_KEY_PARTS = 12
#: Longest part of a --set key (names, labels and list positions are far shorter).
MAX_KEY_PART_CHARS = 64


@dataclass(frozen=True)
class Edit:
    flag: str  # "--place" or "--set"
    text: str  # as given, for messages
    path: tuple[str, ...]  # the scenario keys it changes
    value: Any

    def __str__(self) -> str:
        return f"{self.flag} {shown(self.text)}"


def parse_place(text: str, board: str | None) -> Edit:
    label, sep, where = text.partition("=")
    label = label.strip()
    example = "LABEL=AREA (e.g. s=A2)" if board == "areas" else "LABEL=COL,ROW (e.g. A=3,4)"
    if not sep or not where.strip() or not re.match(r"^[A-Za-z0-9]$", label):
        raise EditError(f"--place {shown(text)}: expected {example}; a label is one letter or digit")
    if board == "areas":
        return Edit("--place", text, ("figures", label), where.strip())
    match = _CELL.match(where)
    if match is None:
        raise EditError(f"--place {shown(text)}: expected {example}: COL,ROW are two whole numbers counted from 0, at most 3 digits each")
    return Edit("--place", text, ("figures", label), (int(match.group(1)), int(match.group(2))))


def parse_set(text: str) -> Edit:
    key, sep, raw = text.partition("=")
    key = key.strip()
    if not sep or not key:
        raise EditError(f"--set {shown(text)}: expected KEY=VALUE with a dotted KEY (e.g. action.move=4, figures.A.initiative=12)")
    if key.count(".") >= MAX_KEY_PARTS or any(len(part) > MAX_KEY_PART_CHARS for part in key.split(".")):
        raise EditError(
            f"--set {shown(text)}: the key is too long (at most {MAX_KEY_PARTS} dotted parts of {MAX_KEY_PART_CHARS} characters each)"
        )
    try:
        parts = tuple(split_key(key))
    except EditError as error:
        raise EditError(f"--set {shown(text)}: {error}") from None
    if not raw.strip():
        raise EditError(f"--set {shown(text)}: no value after '=' (write null to clear a key)")
    plus = _PLAIN_PLUS.search(_QUOTED.sub('""', raw))
    if plus:
        number = plus.group(1)
        example = f" (--set '{key}=\"+{number}\"')" if raw.strip() == f"+{number}" else ""
        raise EditError(
            f"--set {shown(text)}: a plain +{number} is read as the number {number} (the sign is dropped): write {number}, "
            f'or "+{number}" in quotes for a value added to a stat card\'s{example}'
        )
    try:
        # The value is read as YAML exactly like the file's values (strict typing: `yes` stays text).
        value = load_text(raw, "--set").data
    except ScenarioError as error:
        raise EditError(f"--set {shown(text)}: the value is not valid YAML: {error.message}") from None
    return Edit("--set", text, parts, value)


def apply_edits(
    document: ScenarioDocument, places: Sequence[str], sets: Sequence[str], check: Callable[[Scenario], object] | None = None
) -> Scenario:
    """Apply every --place, then every --set, and validate; mistakes raise EditError naming the change.

    ``check(scenario)`` runs on the edited scenario while a mistake can still be blamed on an edit: what only the
    game's set-up refuses (answering passes the set-up the resolve then plays, so the game is set up once)."""
    edits = [parse_place(text, document.board_kind) for text in places] + [parse_set(text) for text in sets]
    for edit in edits:
        try:
            _apply(document, edit)
        except EditError as error:
            raise EditError(f"{edit}: {error}") from None
    try:
        scenario = document.validate()
        if check is not None:
            check(scenario)
    except ScenarioError as error:
        raise EditError(_blame(document, edits, error)) from None
    return scenario


def _apply(document: ScenarioDocument, edit: Edit) -> None:
    if edit.flag == "--set":
        if edit.value is None and len(edit.path) > 0:
            document.delete(".".join(edit.path))
        else:
            document.set(".".join(edit.path), edit.value)
    elif isinstance(edit.value, tuple):
        document.place(edit.path[1], *edit.value)
    else:
        document.place_in_area(edit.path[1], edit.value)


def _blame(document: ScenarioDocument, edits: list[Edit], error: ScenarioError) -> str:
    """The error as `--set KEY=VALUE: message`, naming the change whose keys it is about (else every change)."""
    source = load_text(document.text(), document.file).source
    where = (error.line, error.col)
    paths = [path for path, at in (*source.positions.items(), *source.key_positions.items()) if at == where]
    located = tuple(str(part) for part in max(paths, key=len)) if paths else ()
    for edit in reversed(edits):
        common = min(len(edit.path), len(located))
        if common and edit.path[:common] == located[:common]:
            return f"{edit}: {error.message}"
    return f"{', '.join(str(edit) for edit in edits)}: {error.message}"
