"""``check --update``: write the engine's current answers into the ``expect:`` blocks that differ.

Only the fields an ``expect:`` block already states are rewritten (``focus``,
``options``, ``actor``, each turn's), through the round-trip document of
enemy_move/document, so every other line of the file keeps its comments, order
and quoting. An option the file already lists the same way keeps its node
(its quoting, its comment); the new list follows the answer's order. The new
text must load and pass ``check`` before it replaces the file, atomically.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from .checking import CheckReport, FileResult, check_file
from .comparing import Problem, option_facts
from .errors import ScenarioError

TURN_KEYS = ("actor", "focus", "options")


class UpdateError(Exception):
    """The file could not be updated; it was left as it was."""


@dataclass(frozen=True)
class Update:
    file: str
    #: The differences that the update settled (as check reported them, at their old lines).
    settled: list[Problem]


def _written_facts(option: Any) -> Any:
    """What check compares of an option as written in the file (``attacks`` may be left out; labels may be numbers)."""
    if not isinstance(option, dict) or "to" not in option:
        return None
    return option_facts({"to": option["to"], "attacks": [str(a) for a in option.get("attacks") or []]})


def _flow_seq(values: list[Any]) -> Any:
    from ruamel.yaml.comments import CommentedSeq

    sequence = CommentedSeq(values)
    sequence.fa.set_flow_style()
    return sequence


def _new_option(option: dict[str, Any], empty_attacks: bool = True) -> Any:
    from ruamel.yaml.comments import CommentedMap

    node = CommentedMap()
    node["to"] = _flow_seq(list(option["to"])) if isinstance(option["to"], list) else option["to"]
    if option["attacks"] or empty_attacks:  # `attacks: []` or left out, as the file's other options have it
        node["attacks"] = _flow_seq(list(option["attacks"]))
    node.fa.set_flow_style()
    return node


def _replace_items(sequence: Any, items: list[Any], kept_from: list[int | None]) -> None:
    """Put ``items`` into ``sequence`` in place (its style and its key's comments stay); comments follow kept items."""
    old_comments = dict(sequence.ca.items)
    last_old = len(sequence) - 1
    del sequence[:]
    sequence.extend(items)
    sequence.ca.items.clear()
    for new_index, old_index in enumerate(kept_from):
        if old_index is not None and old_index in old_comments and old_index != last_old:
            sequence.ca.items[new_index] = old_comments[old_index]
    # What follows the block (blank lines, the next comment) hangs on its last item: keep it at the end.
    if last_old in old_comments and items:
        sequence.ca.items[len(items) - 1] = old_comments[last_old]


def _write_options(container: Any, answer: list[dict[str, Any]], empty_attacks: bool) -> None:
    """The answer's options; those already written keep their node and their order, new ones go where they sort."""
    from .document.document import plain

    existing = container.get("options")
    old_items = list(existing) if existing is not None else []
    by_facts: dict[Any, int] = {}
    for index, node in enumerate(old_items):
        by_facts.setdefault(_written_facts(plain(node)), index)
    rank = {option_facts(o): n for n, o in enumerate(answer)}
    kept = sorted((i, rank[f]) for f, i in by_facts.items() if f in rank)  # (old index, answer rank), in the file's order
    placed: list[tuple[int | None, int]] = [(i, r) for i, r in kept]
    for option in answer:
        facts = option_facts(option)
        if facts in by_facts:
            continue
        where = next((n for n, (_, r) in enumerate(placed) if r > rank[facts]), len(placed))
        placed.insert(where, (None, rank[facts]))
    items = [old_items[i] if i is not None else _new_option(answer[r], empty_attacks) for i, r in placed]
    if existing is None or not hasattr(existing, "ca"):
        container["options"] = _flow_seq(items)
        return
    _replace_items(existing, items, [i for i, _ in placed])


def _write_turn(container: Any, answer: dict[str, Any], keys: tuple[str, ...], empty_attacks: bool) -> None:
    """Rewrite the ``keys`` of one expected turn (a mapping of the document) with ``answer``."""
    from .document.document import plain

    if "actor" in keys and plain(container.get("actor")) != answer["actor"]:
        container["actor"] = answer["actor"]
    if "focus" in keys and sorted(set(plain(container.get("focus")) or [])) != answer["focus"]:
        focus = container.get("focus")
        if hasattr(focus, "ca"):
            _replace_items(focus, list(answer["focus"]), [None] * len(answer["focus"]))
        else:
            container["focus"] = _flow_seq(list(answer["focus"]))
    if "options" in keys:
        wanted = {option_facts(o) for o in answer["options"]}
        written = {_written_facts(o) for o in (plain(container.get("options")) or [])}
        if wanted != written:
            _write_options(container, answer["options"], empty_attacks)


def _new_turn(answer: dict[str, Any], keys: tuple[str, ...], empty_attacks: bool) -> Any:
    from ruamel.yaml.comments import CommentedMap

    turn = CommentedMap()
    for key in keys:
        if key == "options":
            turn[key] = _flow_seq([_new_option(o, empty_attacks) for o in answer["options"]])
        elif key == "focus":
            turn[key] = _flow_seq(list(answer["focus"]))
        else:
            turn[key] = answer[key]
    return turn


def _write_turns(turns: Any, answers: list[dict[str, Any]], empty_attacks: bool) -> None:
    from .document.document import plain

    first = plain(turns[0]) if len(turns) else {}
    keys = tuple(k for k in TURN_KEYS if k in first) or TURN_KEYS
    for index, answer in enumerate(answers):
        if index < len(turns):
            stated = tuple(k for k in TURN_KEYS if k in plain(turns[index]))
            _write_turn(turns[index], answer, stated, empty_attacks)
        else:
            turns.append(_new_turn(answer, keys, empty_attacks))
    del turns[len(answers) :]


def _writes_empty_attacks(expect: Any) -> bool:
    """Files write "no attacks" as ``attacks: []`` or leave the key out: new options follow the file (default: written)."""
    turns = expect.get("turns") or []
    options = list(expect.get("options") or []) + [o for t in turns if isinstance(t, dict) for o in (t.get("options") or [])]
    return not any(isinstance(o, dict) and "attacks" not in o for o in options)


def updated_document(text: str, file: str, answers: list[dict[str, Any]], raw: bytes | None = None) -> Any:
    """The file's document with its ``expect:`` block stating ``answers`` (one per turn), everything else as it was."""
    from .document.document import ScenarioDocument, plain

    document = ScenarioDocument.from_text(text, file, raw=raw)
    expect = document.data.get("expect")
    if not isinstance(expect, dict):
        raise UpdateError("the expect: block is not a mapping")
    empty: dict[str, Any] = {"actor": None, "focus": [], "options": []}
    empty_attacks = _writes_empty_attacks(plain(expect))
    if "turns" in expect:
        _write_turns(expect["turns"], answers, empty_attacks)
    top = tuple(k for k in ("focus", "options") if k in expect)
    if top:
        _write_turn(expect, answers[0] if answers else empty, top, empty_attacks)
    return document


def update_file(entry: FileResult) -> Update:
    """Write the current answer of a failed file into its ``expect:`` block; the new text must pass first.

    Only over the bytes that were checked: a file changed since (by hand, by another program) is left alone."""
    from pathlib import Path

    from .document.atomic import ConflictError, WriteError
    from .loader import decode_bytes

    if entry.status != "fail" or entry.answer is None or entry.checked is None:
        raise UpdateError("only a file whose answers differ from its expect: block is updated")
    try:
        document = updated_document(decode_bytes(entry.checked, entry.file, "file"), entry.file, entry.answer, entry.checked)
    except ScenarioError as error:
        raise UpdateError(f"cannot read it again: {error.message}") from None
    document.path = Path(entry.file)
    _must_pass(document.text(), entry.file)
    try:
        document.save()
    except ConflictError:
        raise UpdateError("the file changed on disk since it was checked; check it again") from None
    except WriteError as error:
        raise UpdateError(_reason(error)) from None
    return Update(entry.file, entry.problems)


def _reason(error: OSError) -> str:
    """A writer's message without the file name the located line already gives (a name may hold ": " itself)."""
    return getattr(error, "reason", "") or str(error)


def update_report(report: CheckReport) -> None:
    """Update every failed file of ``report``; an updated file becomes ``pass`` with its settled differences in ``updated``."""
    report.updating = True
    for entry in report.results:
        if entry.status != "fail":
            continue
        try:
            update_file(entry)
        except UpdateError as error:
            entry.problems.append(Problem(entry.line, entry.col, f"not updated: {error}"))
            continue
        entry.status, entry.updated, entry.problems = "pass", entry.problems, []


def _must_pass(text: str, file: str) -> None:
    """Check the new text as `check` would, before it replaces anything."""
    import io

    outcome = check_file("-", io.BytesIO(text.encode("utf-8")))
    if outcome is None or outcome.status != "pass":
        detail = "; ".join(p.message for p in outcome.problems) if outcome is not None else "no result"
        raise UpdateError(f"the updated file would not pass ({detail}); nothing written")
