"""Scenario keys shared by every ruleset (contract section 2)."""

from __future__ import annotations

import os
from collections.abc import Iterator, Sequence
from typing import Annotated, Any

# No pydantic plugin ever looks at scenario models; without this pydantic reads every installed package's
# entry points the first time it builds a validator (typer's adapters do the same while building theirs).
os.environ.setdefault("PYDANTIC_DISABLE_PLUGINS", "__all__")

from pydantic import BaseModel, BeforeValidator, ConfigDict, Field, StrictInt, WithJsonSchema, field_validator, model_validator

# Caps on numbers (docs/errors.md, "Limits"): far beyond any real board, so
# that no honest file meets them, and low enough that every file under them
# resolves in seconds. Each ruleset's model applies the ones it needs.
#: Move / movement points / action points of one activation.
MAX_MOVE = 15
#: Attack range (in hexes, squares or areas).
MAX_RANGE = 15
#: Initiative (cards go up to 99; summons and ties use fractions).
MAX_INITIATIVE = 1000
#: Small per-figure counts: standee numbers, health, area capacity and height, and the like.
MAX_COUNT = 99

#: Figure labels are single letters or digits (they are drawn on the map).
LABEL_PATTERN = r"^[A-Za-z0-9]$"


def _digit_label(value: Any) -> Any:
    # YAML reads a bare `1` as a number; as a label it means the figure "1".
    if isinstance(value, int) and not isinstance(value, bool) and 0 <= value <= 9:
        return str(value)
    return value


#: The schema spells the pattern out: pydantic drops it behind the BeforeValidator.
LABEL_SCHEMA = {"anyOf": [{"type": "string", "pattern": LABEL_PATTERN}, {"type": "integer", "minimum": 0, "maximum": 9}]}
# The pattern before the BeforeValidator: pydantic checks it in the text's own schema, not in a local function of its
# own that a kept validator (models/validators.py) could not name; the same errors either way.
Label = Annotated[str, Field(pattern=LABEL_PATTERN), BeforeValidator(_digit_label), WithJsonSchema(LABEL_SCHEMA)]

#: A grid cell as ``[col, row]``.
Cell = tuple[StrictInt, StrictInt]
#: A position: a grid cell, or an area's name on area maps.
Position = Cell | str


class StrictModel(BaseModel):
    """Unknown keys are errors: a typo must never be silently ignored."""

    # defer_build: a validator is built when a model first validates, so the shared bases and each nested
    # model are not built on their own at import (the ruleset's scenario model builds them all in one go).
    model_config = ConfigDict(extra="forbid", frozen=True, defer_build=True)


class ExpectOption(StrictModel):
    to: Position = Field(description="Final position: [col, row] on grids, the area name on area maps.")
    attacks: list[Label] = Field(default_factory=list, description="Labels of the figures attacked from there.")


class ExpectBoard(StrictModel):
    """The board after a turn (the option the phase follows) or after the whole phase; each key is checked when given.

    A game whose effects count positions into sets (``Effect.counted``) subclasses it
    with those sets (each a ``list[Position] | None``, compared as a set), and ``ExpectTurn`` and ``Expect`` with it;
    ``check`` compares every key besides ``figures`` with the positions the followed options counted under its name."""

    figures: dict[Label, Position] | None = Field(
        default=None,
        description="label -> where the figure stands (moved, displaced, trampled or pushed ones too); figures not listed are not checked.",
    )


#: The descriptions of a turn's and the phase's ``board_after`` (a game's subclasses say the same).
TURN_BOARD_AFTER = "The board after this turn, following the option the phase follows (checked when given)."
PHASE_BOARD_AFTER = "The board after the whole phase (checked when given)."


class ExpectTurn(StrictModel):
    actor: Label | None = Field(default=None, description="The figure acting in this turn (checked when given).")
    focus: list[Label] | None = Field(default=None, description="The focus set (checked when given).")
    options: list[ExpectOption] | None = Field(default=None, description="The exact set of options (checked when given).")
    board_after: ExpectBoard | None = Field(default=None, description=TURN_BOARD_AFTER)


class Expect(StrictModel):
    """The answer ``check`` compares against.

    ``focus``/``options`` describe the first turn (or the only one);
    ``turns`` describes the whole phase, turn by turn, in activation order.
    """

    focus: list[Label] | None = None
    options: list[ExpectOption] | None = None
    # A Sequence (read as a list): a game's Expect narrows it to its own ExpectTurn.
    turns: Sequence[ExpectTurn] | None = None
    board_after: ExpectBoard | None = Field(default=None, description=PHASE_BOARD_AFTER)

    @model_validator(mode="after")
    def _compares_something(self) -> Expect:
        # `expect: {}` would count as passed while checking nothing.
        if self.focus is None and self.options is None and self.turns is None:
            raise ValueError("`expect:` has nothing to compare: give `focus`, `options` or `turns`")
        return self


class ScenarioBase(StrictModel):
    """Keys every scenario has; each ruleset subclasses this with its own."""

    ruleset: str = Field(description="Which rules engine decides.")
    variant: str | None = Field(default=None, description="Ruleset-specific variant; omitted = the ruleset's default.")
    title: str = Field(default="", description="Short name shown with the result.")
    description: str = Field(default="", description="Free text shown with the result.")
    active: Label | None = Field(
        default=None, description="The acting figure; omitted = every figure of the acting side, in activation order."
    )
    expect: Expect | None = Field(default=None, description="The expected answer, for `check`.")

    def reference_errors(self) -> Iterator[tuple[tuple[Any, ...], str]]:
        """Mistakes that involve several keys at once, as (YAML path, message); none by default.

        Checked right after validation, so every engine sees a coherent file.
        """
        return iter(())

    @classmethod
    def fill_in(cls, data: dict[str, Any]) -> dict[str, Any]:
        """The file's data with what may be left out filled in, before validation (nothing by default)."""
        return data

    @classmethod
    def slips(cls, data: dict[str, Any]) -> Iterator[tuple[tuple[Any, ...], str]]:
        """Natural slips in a file that failed validation, as (YAML path, what to write instead).

        Reported instead of the validator's wording when they come first in the file."""
        return iter(())


class GridScenarioBase(ScenarioBase):
    """Keys of rulesets played on a grid map (contract section 3)."""

    map: str = Field(description="The board, one text line per row (see `enemy-move docs scenario-format`).")
    legend: dict[str, str] = Field(default_factory=dict, description="Extra or overridden map symbols -> terrain names.")
    walls: list[tuple[Cell, Cell]] = Field(default_factory=list, description="Thin walls, each a pair of neighbouring cells.")

    @classmethod
    def slips(cls, data: dict[str, Any]) -> Iterator[tuple[tuple[Any, ...], str]]:
        yield from super().slips(data)
        walls = data.get("walls")
        if isinstance(walls, list) and walls and all(_is_cell(item) for item in walls):
            # `walls: [[1, 1], [2, 1]]`: one wall written without its own brackets.
            if len(walls) % 2 == 0:
                pairs = ", ".join(f"[{_cell_text(walls[i])}, {_cell_text(walls[i + 1])}]" for i in range(0, len(walls), 2))
                hint = f"write `walls: [{pairs}]`"
            else:
                hint = "write each wall in its own brackets: `walls: [[[c1, r1], [c2, r2]], ...]`"
            yield ("walls",), f"walls: a thin wall is a pair of cells in its own brackets (one bracket level is missing): {hint}"
        elif isinstance(walls, list):
            for index, item in enumerate(walls):
                if _is_cell(item):
                    yield (
                        ("walls", index),
                        f"walls[{index}] is one cell, {_cell_text(item)}; a thin wall is a pair of neighbouring cells: [[c1, r1], [c2, r2]]",
                    )

    @field_validator("legend")
    @classmethod
    def _single_character_symbols(cls, legend: dict[str, str]) -> dict[str, str]:
        for symbol in legend:
            if len(symbol) != 1 or symbol == " " or not symbol.isprintable():  # `"\e"` would reach the terminal raw
                raise ValueError(f"legend symbol {symbol!r} must be a single visible character")
        return legend


def _cell_text(cell: list[int]) -> str:
    return f"[{cell[0]}, {cell[1]}]"


def _is_cell(value: Any) -> bool:
    return isinstance(value, list) and len(value) == 2 and all(isinstance(n, int) and not isinstance(n, bool) for n in value)


def describe_json_type(value: Any) -> str:
    if value is None:
        return "nothing"
    return {bool: "true/false", int: "a number", float: "a number", str: "text", list: "a list", dict: "a mapping"}.get(
        type(value), type(value).__name__
    )
