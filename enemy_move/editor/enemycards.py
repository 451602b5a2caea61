"""Enemy cards in the editors: each enemy type's card of actions keyed by symbol (`enemy_cards:`), the symbol the
revealed Initiative card shows for each type this round (`symbols:`) and the Initiative card's order of the types
(`initiative:`), for the terminal editor's list and forms and the table page's form.

Offered where the ruleset's scenario model has an `enemy_cards:` key whose values are cards of named actions; an
action's fields are read from the model, as every other form's are. What changes each round at the table is the
symbols: a key on the list (the editor) or a field with the card's symbols offered (the page) sets one.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from functools import partial
from typing import Any, get_args, get_origin

from pydantic import BaseModel
from textual.binding import Binding

from ..errors import escape_controls
from . import forms
from .cards import LIST_KEYS, AskScreen, CardRow, CardsScreen, card_models, describe
from .stats import StatCommands

#: The keys: the cards, the symbols this round, the Initiative card's order.
CARDS, SYMBOLS, ORDER = "enemy_cards", "symbols", "initiative"
#: A new action of a card: what the card's symbol does until edited.
NEW_ACTION: dict[str, Any] = {"move": 1}
#: Longest symbol or type name the model takes (model.py: 30 characters); longer is refused before any edit.
MAX_NAME = 30


@dataclass(frozen=True)
class EnemyCardModels:
    """The model of one action of an Enemy card; whether the file may give the symbols and the order."""

    action: type[BaseModel]
    symbols: bool
    order: bool


def enemy_card_models(ruleset: str) -> EnemyCardModels | None:
    scenario = forms.scenario_part_model(ruleset)
    if scenario is None or CARDS not in scenario.model_fields:
        return None
    card = scenario.model_fields[CARDS].annotation
    if get_origin(card) is not dict:
        return None
    actions = get_args(card)[1]
    if get_origin(actions) is not dict:
        return None
    action = forms._unwrap(get_args(actions)[1])
    if not (isinstance(action, type) and issubclass(action, BaseModel)):
        return None
    return EnemyCardModels(action, SYMBOLS in scenario.model_fields, ORDER in scenario.model_fields)


def enemy_types(doc: Any) -> list[str]:
    """The enemy types of the file's figures (type, else name, else label), in the figures' order."""
    figures = doc.get("figures")
    found: list[str] = []
    for label, figure in figures.items() if isinstance(figures, dict) else ():
        if isinstance(figure, dict) and figure.get("side") == "enemy":
            kind = str(figure.get("type") or figure.get("name") or label)
            if kind not in found:
                found.append(kind)
    return found


def symbol_of(doc: Any, kind: str) -> Any:
    symbols = doc.get(SYMBOLS)
    return symbols.get(kind) if isinstance(symbols, dict) else None


def enemy_card_rows(models: EnemyCardModels, doc: Any) -> list[CardRow]:
    """The list's rows: the Initiative card's order, then each Enemy card (this round's symbol) and its actions."""
    rows = []
    if models.order:
        order = doc.get(ORDER)
        said = ", ".join(map(str, order)) if isinstance(order, list) and order else "not given: by type, alphabetically"
        rows.append(CardRow(ORDER, f"Initiative card order: {escape_controls(said)}"))
    cards = doc.get(CARDS)
    for kind, card in cards.items() if isinstance(cards, dict) else ():
        key, shown, played = f"{CARDS}.{kind}", escape_controls(str(kind)), symbol_of(doc, str(kind))
        now = f"this round {escape_controls(str(played))!r}" if played is not None else "no symbol this round"
        rows.append(CardRow(key, f"{shown}: {now}"))
        for symbol, action in card.items() if isinstance(card, dict) else ():
            mark = "  ◀ this round" if played == symbol else ""
            rows.append(CardRow(f"{key}.{symbol}", f"    {escape_controls(str(symbol))}: {describe(action)}{mark}", segment=True))
    return rows


def enemy_card_fields(models: EnemyCardModels, doc: Any, key: str) -> tuple[str, list[forms.Field]]:
    """(title, fields) of a row of the list: the order, a card (this round's symbol) or one action of a card."""
    if key == ORDER:
        description = "The enemy types in the Initiative card's order, top to bottom (empty: by type, alphabetically)."
        return "Initiative card", [forms.Field(ORDER, "order (types, top to bottom)", "list", description=description)]
    kind, _, symbol = key.removeprefix(CARDS + ".").partition(".")
    if symbol:
        return f"Enemy card {kind}: {symbol}", forms.model_fields(models.action, key)
    card = doc.get(key)
    offered = tuple(str(name) for name in card) if isinstance(card, dict) else ()
    description = "The symbol the revealed Initiative card shows for this type's colour bar: its enemies perform that action."
    return f"Enemy card {kind}", [forms.Field(f"{SYMBOLS}.{kind}", "this round's symbol", "text", offered, description)]


def checked_name(name: str, what: str) -> str:
    """A type or symbol typed for a new key: trimmed; ValueError when the file's key could not hold it."""
    name = name.strip()
    if not name or "." in name or len(name) > MAX_NAME:
        raise ValueError(f"{what}: a name of 1 to {MAX_NAME} characters without '.'")
    return name


def add_card(doc: Any, kind: str) -> str:
    """A new Enemy card for ``kind`` (one action, `sword: {move: 1}`, edited next); its key. Kept when there is one."""
    key = f"{CARDS}.{checked_name(kind, 'an enemy type')}"
    if doc.get(key) is None:
        doc.set(key, {"sword": dict(NEW_ACTION)})
    return key


def add_action(doc: Any, card: str, symbol: str) -> str:
    """A new action keyed ``symbol`` on the card ``card`` (`enemy_cards.TYPE`); its key. Kept when there is one."""
    key = f"{card}.{checked_name(symbol, 'a symbol')}"
    if doc.get(key) is None:
        doc.set(key, dict(NEW_ACTION))
    return key


def play(doc: Any, action: str) -> str | None:
    """This round the Initiative card shows the symbol of ``action`` (`enemy_cards.TYPE.SYMBOL`) for its type: the
    symbol's key (None: not an action's key). A type given an `actions:` entry too is refused by the loader, located."""
    kind, _, symbol = action.removeprefix(CARDS + ".").partition(".")
    if not symbol:
        return None
    doc.set(f"{SYMBOLS}.{kind}", symbol)
    return f"{SYMBOLS}.{kind}"


def remove(doc: Any, key: str) -> None:
    """An action, or a whole card with this round's symbol of its type (a symbol left for a card gone is refused)."""
    kind, _, symbol = key.removeprefix(CARDS + ".").partition(".")
    played = symbol_of(doc, kind)
    if symbol:
        doc.delete(key)
        if played == symbol:
            doc.delete(f"{SYMBOLS}.{kind}")
        return
    doc.delete(key)
    if played is not None:
        doc.delete(f"{SYMBOLS}.{kind}")


class EnemyCardsScreen(CardsScreen):
    """The Enemy cards: the Initiative card's order, each card with this round's symbol, each card's actions;
    dismissed with (command, key): edit, play (this round's symbol), new (a card), action (a new symbol), remove."""

    TITLE = "Enemy cards"
    BINDINGS = [
        *LIST_KEYS,
        Binding("space,p", "done('play')", "This round"),
        Binding("n", "done('new')", "New Enemy card"),
        Binding("a", "done('action')", "New action"),
        Binding("delete,backspace,minus", "done('remove')", "Remove"),
        Binding("c", "done('cards')", "Action cards"),
    ]

    def keys(self) -> list[str]:
        return [
            "↑ ↓ select",
            "Enter edit",
            "Space: its symbol this round",
            "n: a card for an enemy type",
            "a: an action",
            "Del remove",
            "c: the action cards",
            "Esc close",
        ]


class EnemyCardCommands(StatCommands):
    """The editor's Enemy card commands (a base of :class:`enemy_move.editor.commands.Commands`)."""

    def open_cards(self, selected: str = "action") -> None:
        raise NotImplementedError

    def open_enemy_cards(self, selected: str = CARDS) -> None:
        models = enemy_card_models(self.session.ruleset)
        list_models = card_models(self.session.ruleset)
        if models is None or list_models is None:
            self.say("this game has no Enemy cards")
            return
        rows = enemy_card_rows(models, self.session.doc)
        first = next((row.key for row in rows if row.key.startswith(CARDS + ".")), ORDER)
        keys = [row.key for row in rows]
        screen = EnemyCardsScreen(rows, selected if selected in keys else first, list_models, self.beside_board())
        commands: dict[str, Callable[[str], object]] = {
            "edit": self.edit_enemy_card,
            "play": self.play_symbol,
            "new": lambda key: self.ask_new_enemy_card(),
            "action": self.ask_new_action,
            "remove": self.remove_enemy_card,
            "cards": lambda key: self.open_cards(),
        }
        self.app.push_screen(screen, partial(self.run_chosen, commands))

    def edit_enemy_card(self, key: str) -> None:
        models = enemy_card_models(self.session.ruleset)
        if models is None:
            return
        title, fields = enemy_card_fields(models, self.session.doc, key)
        values = {f.key: self.session.doc.get(f.key) for f in fields}
        self.open_form(title, fields, values, then=lambda: self.open_enemy_cards(key))

    def play_symbol(self, key: str) -> None:
        kind, _, symbol = key.removeprefix(CARDS + ".").partition(".")
        if not key.startswith(CARDS + ".") or not symbol:
            self.say("select one of a card's actions (↓): Space makes its symbol this round's")
        elif self.apply(self.session.edit, lambda: play(self.session.doc, key), f"{kind} plays {symbol!r} this round", [SYMBOLS]):
            self.say(f"this round the Initiative card shows {symbol!r} for {kind}")
        self.open_enemy_cards(key)

    def ask_new_enemy_card(self) -> None:
        cards = self.session.doc.get(CARDS)
        offered = [kind for kind in enemy_types(self.session.doc) if not (isinstance(cards, dict) and kind in cards)]

        def typed(name: str | None) -> None:
            if not name:
                self.open_enemy_cards()
                return
            key = f"{CARDS}.{name.strip()}"
            if self.apply(self.session.edit, lambda: add_card(self.session.doc, name), f"added an Enemy card for {name}", [CARDS]):
                self.edit_enemy_card(f"{key}.sword")
            else:
                self.open_enemy_cards()

        self.app.push_screen(AskScreen("An Enemy card for an enemy type (its type or name); Enter: add, Esc: cancel", offered), typed)

    def ask_new_action(self, key: str) -> None:
        if not key.startswith(CARDS + "."):
            self.say("select an Enemy card first (↓): the action is that card's")
            self.open_enemy_cards(key)
            return
        card = CARDS + "." + key.removeprefix(CARDS + ".").partition(".")[0]

        def typed(name: str | None) -> None:
            if not name:
                self.open_enemy_cards(key)
                return
            if self.apply(self.session.edit, lambda: add_action(self.session.doc, card, name), f"added {name!r} to {card}", [card]):
                self.edit_enemy_card(f"{card}.{name.strip()}")
            else:
                self.open_enemy_cards(key)

        self.app.push_screen(AskScreen("The new action's symbol (as you name it: sword, shield...); Enter: add, Esc: cancel", []), typed)

    def remove_enemy_card(self, key: str) -> None:
        if key.startswith(CARDS + "."):
            kind = key.removeprefix(CARDS + ".").partition(".")[0]
            self.apply(self.session.edit, lambda: remove(self.session.doc, key), f"removed {key}", [key, f"{SYMBOLS}.{kind}"])
        elif key == ORDER:
            self.apply(self.session.set_key, ORDER, None)
        self.open_enemy_cards(key.rpartition(".")[0] if key.count(".") > 1 else CARDS)
