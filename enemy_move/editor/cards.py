"""The card list (Ctrl+K): the card every figure uses (`action`), the per-figure / per-type cards (`actions:`),
and, for a card written as a list of actions in the printed order, each of its actions.

The list screen only chooses: it is dismissed with what to do (edit a card or
one of its actions, add a move or an attack after the selected one, remove
it, start a new per-figure card), and the editor does it as one undo step,
then opens the list again. Which forms a card may take is read from the
ruleset's scenario model: a list form only where the model has one
(a card of several actions), per-figure cards where it has `actions:`.
"""

from __future__ import annotations

import types
import typing
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any, Union, get_args, get_origin

from pydantic import BaseModel
from rich.console import Group
from rich.table import Table
from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical, VerticalScroll
from textual.screen import ModalScreen
from textual.suggester import SuggestFromList
from textual.widgets import Input, Static

from ..errors import escape_controls
from . import forms
from .beside import Beside
from .dialogs import DIALOG_CSS
from .forms import NOTE_REFRESH, TypeAhead


@dataclass(frozen=True)
class CardRow:
    #: The dotted key: ``action``, ``actions.b``, ``action.2`` (an action of a list card, from 0).
    key: str
    text: str
    segment: bool = False


@dataclass(frozen=True)
class CardModels:
    """The models of a ruleset's cards: the {move, attack} form, one action of the list form (None: no list form)."""

    card: type[BaseModel]
    segment: type[BaseModel] | None
    per_figure: bool
    #: The ruleset has stat cards (`stats:`): the list offers them (s).
    stat_cards: bool = False
    #: The ruleset has Enemy cards of actions keyed by symbol (`enemy_cards:`): the list offers them (e).
    enemy_cards: bool = False


def _models_in(annotation: Any) -> tuple[type[BaseModel] | None, type[BaseModel] | None]:
    """(the mapping model, the list item model) found in a card's annotation (Annotated, unions, list[...])."""
    origin = get_origin(annotation)
    if origin is typing.Annotated:
        return _models_in(get_args(annotation)[0])
    if origin in (Union, types.UnionType):
        card = segment = None
        for arg in get_args(annotation):
            found = _models_in(arg)
            card, segment = card or found[0], segment or found[1]
        return card, segment
    if origin is list:
        inner = _models_in(get_args(annotation)[0])[0] if get_args(annotation) else None
        return None, inner
    if isinstance(annotation, type) and issubclass(annotation, BaseModel):
        return annotation, None
    return None, None


def card_models(ruleset: str) -> CardModels | None:
    model = forms.scenario_part_model(ruleset)
    if model is None or "action" not in model.model_fields:
        return None
    card, segment = _models_in(model.model_fields["action"].annotation)
    if card is None:
        return None
    fields = model.model_fields
    return CardModels(card, segment, "actions" in fields, "stats" in fields, "enemy_cards" in fields)


def describe(card: Any) -> str:
    """A card (or one action) in a few words: ``move 2 jump · attack range 3, targets 2``."""
    if isinstance(card, list):
        return f"{len(card)} actions in order" if len(card) != 1 else "1 action"
    if not isinstance(card, dict) or not card:
        return "no move, no attack" if isinstance(card, dict) else "(written in the file)"
    parts = []
    for key, value in card.items():
        if isinstance(value, dict):
            inner = ", ".join(f"{k} {_short(v)}" for k, v in value.items())
            parts.append(f"{key} {inner}" if inner else f"{key} (melee)")
        elif value is True:
            parts.append(str(key))
        elif value not in (False, None):
            parts.append(f"{key} {_short(value)}")
    return escape_controls(" · ".join(parts) or "no move, no attack")


def _short(value: Any) -> str:
    return str(value).strip().replace("\n", "/") if isinstance(value, str) else str(value)


def card_rows(doc: Any, labels: set[str]) -> list[CardRow]:
    """The rows of the list: each card, then the actions of a list card."""
    rows: list[CardRow] = []
    cards = [("action", "every figure", doc.get("action"))]
    actions = doc.get("actions")
    if isinstance(actions, dict):
        cards += [(f"actions.{key}", f"figure {key}" if str(key) in labels else f"type {key}", card) for key, card in actions.items()]
    for key, who, card in cards:
        words = describe(card if card is not None else {})
        rows.append(CardRow(key, f"{escape_controls(key)}  ({escape_controls(who)}): {words}"))
        if isinstance(card, list):
            rows += [CardRow(f"{key}.{index}", f"    {index + 1}. {describe(step)}", segment=True) for index, step in enumerate(card)]
    return rows


def as_list(card: Any) -> list[Any]:
    """A `{move, attack}` card written as the list of its actions in the printed order (a move, then an attack)."""
    if isinstance(card, list):
        return list(card)
    if not isinstance(card, dict):
        return []
    move = {k: v for k, v in card.items() if k != "attack"}
    steps = [move] if move.get("move") else []
    if card.get("attack") is not None:
        steps.append({"attack": card["attack"]})
    return steps


def segment_fields(models: CardModels, key: str, step: Any) -> list[forms.Field]:
    """The fields of one action of a list card: a move's (move, jump, teleport) or an attack's (range, targets, aoe)."""
    assert models.segment is not None
    fields = forms.model_fields(models.segment, key)
    attack = f"{key}.attack"
    if isinstance(step, dict) and step.get("attack") is not None:
        return [f for f in fields if f.key.startswith(attack + ".")]
    return [f for f in fields if f.key != attack and not f.key.startswith(attack + ".")]


#: The keys of every list of cards (the card list, the stat cards), first in their footer.
LIST_KEYS = (
    Binding("escape", "cancel", "Close"),
    Binding("up", "select(-1)", "Up", show=False),
    Binding("down", "select(1)", "Down", show=False),
    Binding("enter", "done('edit')", "Edit"),
)


class CardsScreen(ModalScreen[tuple[str, str] | None]):
    """The cards and their actions; dismissed with (command, key): edit, move, attack, remove, new."""

    DEFAULT_CSS = """
    CardsScreen { background: $background; }
    CardsScreen #beside { width: auto; max-width: 50%; height: 100%; padding-right: 1; color: $text-muted; }
    CardsScreen VerticalScroll { width: 1fr; min-width: 36; height: 100%; border: tall $accent; background: $panel; padding: 0 1; }
    """
    BINDINGS = [
        *LIST_KEYS,
        Binding("m", "done('move')", "Add a move"),
        Binding("a", "done('attack')", "Add an attack"),
        Binding("delete,backspace,minus", "done('remove')", "Remove"),
        Binding("n", "done('new')", "New card"),
        Binding("s", "done('stats')", "Stat cards"),
        Binding("e", "done('enemy')", "Enemy cards"),
    ]

    def __init__(self, rows: list[CardRow], selected: str, models: CardModels, beside: Any = "") -> None:
        super().__init__()
        self.rows = rows
        keys = [row.key for row in rows]
        self.index = keys.index(selected) if selected in keys else 0
        self.models = models
        self.beside = beside

    def compose(self) -> ComposeResult:
        with Horizontal():
            yield Beside(self.beside, id="beside")
            with VerticalScroll():
                yield Static(self._text(), id="cards")

    #: The list's title.
    TITLE = "Cards"
    #: Shown under the list: the sums the answer made of the stat cards ("e: Move 3+1 = 4").
    note = ""
    #: Where the note comes from: read again while the list is open (the answer of an edit arrives later).
    note_source: Callable[[], str] | None = None

    def on_mount(self) -> None:
        if self.note_source is not None:
            self.note = self.note_source()
            self.query_one("#cards", Static).update(self._text())
            self.set_interval(NOTE_REFRESH, self._read_note)

    def _read_note(self) -> None:
        assert self.note_source is not None
        note = self.note_source()
        if note != self.note:
            self.note = note
            self.query_one("#cards", Static).update(self._text())

    def keys(self) -> list[str]:
        """The keys the list takes, said above it."""
        keys = ["↑ ↓ select", "Enter edit"]
        if self.models.segment is not None:
            keys.append("m / a: add a move / an attack after it")
        keys.append("Del remove")
        if self.models.per_figure:
            keys.append("n: a card for one figure or type")
        if self.models.stat_cards:
            keys.append("s: stat cards")
        if self.models.enemy_cards:
            keys.append("e: Enemy cards")
        keys.append("Esc close")
        return keys

    def _text(self) -> Group:
        text = Text(self.TITLE + "\n", style="bold")
        text.append(" · ".join(self.keys()) + "\n", style="dim")
        # a table, so that a long row wraps under its own text, not under the mark
        table = Table(box=None, show_header=False, padding=0, expand=True)
        table.add_column(width=2, no_wrap=True)
        table.add_column(ratio=1)
        for index, row in enumerate(self.rows):
            here = index == self.index
            table.add_row("▶" if here else "", Text(row.text, style="bold reverse" if here else ""))
        if not self.note:
            return Group(text, table)
        return Group(text, table, Text("\n" + "\n".join(map(escape_controls, self.note.split("\n"))), style="dim"))

    def action_select(self, step: int) -> None:
        self.index = max(0, min(len(self.rows) - 1, self.index + step))
        self.query_one("#cards", Static).update(self._text())

    def action_done(self, command: str) -> None:
        if (command == "stats" and not self.models.stat_cards) or (command == "enemy" and not self.models.enemy_cards):
            return
        self.dismiss((command, self.rows[self.index].key))

    def action_cancel(self) -> None:
        self.dismiss(None)


class AskScreen(TypeAhead, ModalScreen[str | None]):
    """One line to type (a new card's figure label or monster type), with the names offered as you type."""

    DEFAULT_CSS = DIALOG_CSS.format(name="AskScreen")
    BINDINGS = [Binding("escape", "cancel", "Cancel")]

    def __init__(self, prompt: str, offered: list[str]) -> None:
        super().__init__()
        self.prompt = escape_controls(prompt)
        # names written in the file, offered as you type: never a control character sent to the terminal
        self.offered = [escape_controls(name) for name in offered]

    def compose(self) -> ComposeResult:
        with Vertical():
            yield Static(self.prompt, markup=False)
            yield Input(suggester=SuggestFromList(self.offered, case_sensitive=True) if self.offered else None)

    def first_field(self) -> Input | None:
        return self.query(Input).first() if self.query(Input) else None

    def on_input_submitted(self, event: Input.Submitted) -> None:
        self.dismiss(event.value.strip() or None)

    def action_cancel(self) -> None:
        self.dismiss(None)
