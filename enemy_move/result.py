"""What an engine decides: turns, focus, options, paths and the reasoning trace.

Rulesets build these objects and never print; renderers read them and never
decide. Positions are ``(col, row)`` tuples on grids and area names on area
maps; JSON turns tuples into ``[col, row]`` lists.

Ordering (documented in docs/output.md): options are sorted by
``position_key(to)`` then by their attack labels; focus and attack labels are
sorted alphabetically.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

Position = Any  # tuple[int, int] | str


def position_key(position: Position) -> tuple:
    """Sort key: grid cells by (col, row), area names alphabetically, grids first."""
    if isinstance(position, tuple):
        return (0, position, "")
    return (1, (), str(position))


@dataclass(frozen=True)
class Step:
    """One rule applied: ``step`` names it, ``text`` explains it to a player,
    ``data`` holds the candidates kept and dropped for scripts."""

    step: str
    text: str
    data: dict[str, Any] = field(default_factory=dict)


@dataclass(frozen=True)
class Option:
    to: Position
    path: tuple[Position, ...]
    attacks: tuple[str, ...] = ()
    # Extra facts a ruleset wants shown (e.g. "cost", "targets hit", "note").
    details: dict[str, Any] = field(default_factory=dict)

    def sort_key(self) -> tuple:
        return (position_key(self.to), self.attacks, tuple(position_key(p) for p in self.path))


@dataclass
class Turn:
    actor: str
    focus: list[str] = field(default_factory=list)
    options: list[Option] = field(default_factory=list)
    reasoning: list[Step] = field(default_factory=list)
    # Index into ``options`` followed by the rest of the phase (None: no options).
    chosen: int | None = None
    # Free-form per-turn facts for renderers (e.g. "destinations": [...]).
    details: dict[str, Any] = field(default_factory=dict)

    def note(self, step: str, text: str, **data: Any) -> None:
        self.reasoning.append(Step(step, text, data))

    def finish(self, *, distinct_paths: bool = False) -> "Turn":
        """Sort focus and options into their documented order, dropping duplicates.

        Options are the same when ``to`` and ``attacks`` match; with
        ``distinct_paths`` (routes the players choose between) the path counts too.
        """
        self.focus = sorted(set(self.focus))
        unique: dict[tuple, Option] = {}
        for option in self.options:
            key = (option.to, tuple(sorted(option.attacks))) + ((tuple(option.path),) if distinct_paths else ())
            if key not in unique:
                unique[key] = Option(option.to, tuple(option.path), tuple(sorted(option.attacks)), option.details)
        self.options = sorted(unique.values(), key=Option.sort_key)
        if self.chosen is None and self.options:
            self.chosen = 0
        return self


@dataclass
class Result:
    scenario: str
    ruleset: str
    variant: str
    title: str = ""
    description: str = ""
    turns: list[Turn] = field(default_factory=list)
    # The board as the ruleset saw it, for renderers (a Grid or an area map).
    board: Any = None
    # Boards after each turn, for multi-figure phases (same kind as ``board``).
    boards_after: list[Any] = field(default_factory=list)
    # Scenario-level notes (e.g. which option the phase followed).
    notes: list[str] = field(default_factory=list)


def position_to_json(position: Position) -> Any:
    return list(position) if isinstance(position, tuple) else position


def _jsonable(value: Any) -> Any:
    if isinstance(value, tuple):
        return [_jsonable(v) for v in value]
    if isinstance(value, list):
        return [_jsonable(v) for v in value]
    if isinstance(value, dict):
        return {str(k): _jsonable(v) for k, v in value.items()}
    if isinstance(value, (set, frozenset)):
        return sorted(_jsonable(v) for v in value)
    return value


def result_to_dict(result: Result) -> dict[str, Any]:
    """The JSON document of ``resolve --json`` (contract section 1)."""
    turns = []
    for turn in result.turns:
        turns.append({
            "actor": turn.actor,
            "focus": list(turn.focus),
            "options": [
                {
                    "to": position_to_json(option.to),
                    "path": [position_to_json(p) for p in option.path],
                    "attacks": list(option.attacks),
                    **({"details": _jsonable(option.details)} if option.details else {}),
                }
                for option in turn.options
            ],
            "chosen": turn.chosen,
            "reasoning": [
                {"step": step.step, "text": step.text, **({"data": _jsonable(step.data)} if step.data else {})}
                for step in turn.reasoning
            ],
            **({"details": _jsonable(turn.details)} if turn.details else {}),
        })
    document: dict[str, Any] = {
        "scenario": result.scenario,
        "ruleset": result.ruleset,
        "variant": result.variant,
        "title": result.title,
        "turns": turns,
    }
    if result.notes:
        document["notes"] = list(result.notes)
    return document
