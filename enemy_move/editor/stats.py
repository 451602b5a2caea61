"""Stat cards in the editors (issue 33): each monster type's stat card (`stats:`), its lines by level, the scenario
level, and the sums the answer made ("Move 2+1 = 3"), for the terminal editor's list and forms and the table page.

Offered where the ruleset's scenario model has a `stats:` key; its fields are read from the model (the card's
sections and each section's values), as every other form is. A card written by level (`levels:`) is edited one
line at a time; the line in play is the card's own `level:`, else the scenario's `level:`.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from functools import partial
from typing import Any, get_args, get_origin

from pydantic import BaseModel
from textual.binding import Binding
from textual.screen import Screen

from ..errors import escape_controls
from ..flag_values import small_number
from . import forms
from .cards import LIST_KEYS, AskScreen, CardRow, CardsScreen, card_models, describe
from .session import Session

#: The scenario level's key and row.
LEVEL = "level"


@dataclass(frozen=True)
class StatModels:
    """A ruleset's stat card model and the model of one of its lines by level (None: no `levels:`)."""

    card: type[BaseModel]
    line: type[BaseModel] | None
    scenario_level: bool


def stat_models(ruleset: str) -> StatModels | None:
    scenario = forms.scenario_part_model(ruleset)
    card = forms.scenario_part(ruleset, "stats")
    if scenario is None or card is None:
        return None
    line = None
    levels = card.model_fields.get("levels")
    if levels is not None and get_origin(levels.annotation) is dict:
        found = get_args(levels.annotation)[1]
        line = found if isinstance(found, type) and issubclass(found, BaseModel) else None
    return StatModels(card, line, LEVEL in scenario.model_fields)


def level_in_play(doc: Any, key: str) -> Any:
    """The line of a card by level in play: its own `level:`, else the scenario's (None: not said)."""
    own = doc.get(f"{key}.level")
    return own if own is not None else doc.get(LEVEL)


def _sections(line: Any) -> str:
    if not isinstance(line, dict):
        return "(written in the file)"
    parts = [f"{name}: {describe(values)}" for name, values in line.items() if name not in (LEVEL, "levels")]
    return " | ".join(parts) or "no section yet"


def stat_rows(doc: Any) -> list[CardRow]:
    """The list's rows: the scenario level, then each stat card (a card by level: one row a line)."""
    level = doc.get(LEVEL)
    rows = [CardRow(LEVEL, f"scenario level: {escape_controls(str(level)) if level is not None else 'not given'}")]
    stats = doc.get("stats")
    for name, card in stats.items() if isinstance(stats, dict) else ():
        key, shown = f"stats.{name}", escape_controls(str(name))
        levels = card.get("levels") if isinstance(card, dict) else None
        if not isinstance(levels, dict) or not levels:
            rows.append(CardRow(key, f"{shown}: {escape_controls(_sections(card))}"))
            continue
        play = level_in_play(doc, key)
        whose = "its own level" if doc.get(f"{key}.level") is not None else "the scenario's level"
        rows.append(CardRow(key, f"{shown}: by level, {whose} {play if play is not None else '(not given)'} in play"))
        for number, line in levels.items():
            mark = "  (in play)" if number == play else ""
            rows.append(CardRow(f"{key}.levels.{number}", f"    level {number}{mark}: {escape_controls(_sections(line))}", segment=True))
    return rows


def stat_fields(models: StatModels, doc: Any, key: str) -> tuple[str, list[forms.Field]]:
    """(title, fields) of a row of the list: the scenario level, a card, or one line of a card by level."""
    if key == LEVEL:
        description = "The scenario level: the line of every stat card by level that gives no `level:` of its own."
        return "Scenario level", [forms.Field(LEVEL, "scenario level", "number", description=description)]
    name, _, number = key.removeprefix("stats.").partition(".levels.")
    card = f"stats.{name}"
    own = forms.Field(f"{card}.level", "level in play (empty: the scenario's)", "number", description="This card's own `level:`.")
    if number and models.line is not None:
        return f"Stat card {name}, level {number}", [own, *_grouped(models.line, key)]
    levels = doc.get(f"{card}.levels")
    if isinstance(levels, dict) and levels:
        return f"Stat card {name}", [own]
    return f"Stat card {name}", _grouped(models.card, card)


def _grouped(model: type[BaseModel], prefix: str) -> list[forms.Field]:
    """A card's (or a line's) sections: each section switched on or off, then its values; no keys of the card itself."""
    kept = [field for field in forms.model_fields(model, prefix) if field.key.count(".") > prefix.count(".") + 1 or field.kind == "present"]
    names = list(model.model_fields)
    kept = [field for field in kept if field.key.removeprefix(prefix + ".").split(".")[0] not in (LEVEL, "levels")]
    # as the card prints them (normal, then elite): the forms' "elite first" is for a figure's own flag
    return sorted(kept, key=lambda field: names.index(field.key.removeprefix(prefix + ".").split(".")[0]))


#: A new stat card: a normal and an elite section, edited next.
NEW_CARD = {"normal": {"move": 2, "attack": 2}, "elite": {"move": 3, "attack": 3}}


def add_level(doc: Any, key: str, number: int) -> None:
    """Give the card ``key`` a line for level ``number``: a card not yet by level moves its sections to that line
    (and keeps playing it: the card's `level:` unless the scenario's is that level); a card by level copies the
    line in play (or its last line) for the new one."""
    card = doc.get(key)
    levels = card.get("levels") if isinstance(card, dict) else None
    if not isinstance(levels, dict) or not levels:
        sections = {name: value for name, value in (card or {}).items() if name not in (LEVEL, "levels")}
        if doc.get(LEVEL) != number:
            doc.set(f"{key}.level", number)
        # the new keys first, so that the card keeps its block style and its own line's comment
        doc.set(f"{key}.levels", {number: sections})
        for name in sections:
            doc.delete(f"{key}.{name}")
        return
    play = level_in_play(doc, key)
    doc.set(f"{key}.levels.{number}", levels.get(play, levels[list(levels)[-1]]))


def sums(result: Any) -> str:
    """The sums each acting figure's stat card gave in ``result`` ("e: Move 3+1 = 4"), one line a figure ("" none)."""
    if result is None:
        return ""
    lines = []
    for turn in result.turns:
        for step in turn.reasoning:
            said = step.data.get("sums") if isinstance(step.data, dict) else None
            if isinstance(said, list) and said:
                lines.append(f"{turn.actor}: {'; '.join(str(s) for s in said)}")
                break
    return "\n".join(lines)


def shorthand_values(doc: Any, fields: list[forms.Field]) -> dict[str, Any]:
    """The form's values; an attack written as its value shows it in `value` (and the attack as given)."""
    values: dict[str, Any] = {}
    for field in fields:
        parent, _, leaf = field.key.rpartition(".")
        written = doc.get(parent) if parent else None
        values[field.key] = written if leaf == "value" and isinstance(written, str) else doc.get(field.key)
    return values


class StatsScreen(CardsScreen):
    """The stat cards: the scenario level, each card (a card by level: each of its lines); dismissed with
    (command, key): edit, new, level (a line for another level), remove."""

    TITLE = "Stat cards"
    BINDINGS = [
        *LIST_KEYS,
        Binding("n", "done('new')", "New stat card"),
        Binding("l", "done('level')", "A line for a level"),
        Binding("delete,backspace,minus", "done('remove')", "Remove"),
    ]

    def keys(self) -> list[str]:
        return ["↑ ↓ select", "Enter edit", "n: a stat card for a monster type", "l: a line for a level", "Del remove", "Esc close"]


class StatCommands(Screen[None]):
    """The editor's stat card commands (a base of :class:`enemy_move.editor.commands.Commands`)."""

    session: Session
    #: A form over the board (:meth:`enemy_move.editor.commands.Commands.open_form`).
    open_form: Callable[..., None]

    def say(self, message: str) -> None:
        raise NotImplementedError

    def apply(self, change: Any, *args: Any) -> bool:
        raise NotImplementedError

    def beside_board(self) -> Any:
        raise NotImplementedError

    def focus_board(self) -> None:
        raise NotImplementedError

    def answer_sums(self) -> str:
        """The sums of the answer on screen; while the last edit is being resolved, says so (read again while a list
        or a form is open, so it never shows the sums of the file before the edit as today's)."""
        answer = getattr(self, "answer", None)
        if answer is not None and answer.generation != self.session.generation:
            return "Each figure now (stat card and card): resolving the edit..."
        said = sums(getattr(answer, "result", None))
        return f"Each figure now (stat card and card):\n{said}" if said else ""

    def open_stats(self, selected: str = LEVEL) -> None:
        models = stat_models(self.session.ruleset)
        card_models_ = card_models(self.session.ruleset)
        if models is None or card_models_ is None:
            self.say("this game has no stat cards")
            return
        screen = StatsScreen(stat_rows(self.session.doc), selected, card_models_, self.beside_board())
        screen.note_source = self.answer_sums

        commands: dict[str, Callable[[str], object]] = {
            "edit": self.edit_stats,
            "new": lambda key: self.ask_new_stat_card(),
            "level": self.ask_level_line,
            "remove": self.remove_stats,
        }
        self.app.push_screen(screen, partial(self.run_chosen, commands))

    def edit_stats(self, key: str) -> None:
        models = stat_models(self.session.ruleset)
        if models is None:
            return
        title, fields = stat_fields(models, self.session.doc, key)
        values = {f.key: self.session.doc.get(f.key) for f in fields if f.kind != "heading"}
        self.open_form(title, fields, values, then=lambda: self.open_stats(key), note=self.answer_sums)

    def run_chosen(self, commands: dict[str, Callable[[str], object]], answer: tuple[str, str] | None) -> None:
        """What a list dialog (the cards, the stat cards) was closed with: (command, key) run by ``commands``; None
        (Esc): the focus back on the board."""
        if answer is None:
            self.focus_board()
            return
        command, key = answer
        if command in commands:
            commands[command](key)

    def typed_key(self, name: str | None, section: str, what: str, back: Callable[[], None]) -> str | None:
        """The key ``section.name`` of a card named in the ask dialog; None (and ``back`` runs): nothing typed, or
        a name holding a '.' (said)."""
        if name and "." in name:
            self.say(f"{what}'s key cannot hold a '.': write it in the file")
        elif name:
            return f"{section}.{name}"
        back()
        return None

    def ask_new_stat_card(self) -> None:
        figures = self.session.figures()
        named = {str(f.get(k)) for f in figures.values() if isinstance(f, dict) for k in ("type", "name") if f.get(k)}
        stats = self.session.doc.get("stats")
        offered = sorted(named - set(stats if isinstance(stats, dict) else ()))

        def typed(name: str | None) -> None:
            key = self.typed_key(name, "stats", "a stat card", self.open_stats)
            if key is None:
                return
            if self.session.doc.get(key) is None:
                self.apply(self.session.set_key, key, dict(NEW_CARD))
            self.edit_stats(key)

        prompt = "A stat card for a monster type (its type or name) or one figure (its label); Enter: add, Esc: cancel"
        self.app.push_screen(AskScreen(prompt, offered), typed)

    def ask_level_line(self, key: str) -> None:
        if not key.startswith("stats."):
            self.say("select a stat card first (↓): the line is that card's")
            self.open_stats(key)
            return
        card = "stats." + key.removeprefix("stats.").partition(".levels.")[0]

        def typed(text: str | None) -> None:
            number = small_number((text or "").strip(), 7)
            if number is None:
                if text:
                    self.say(f"a level is a number from 0 to 7, not {text!r}")
                self.open_stats(key)
                return
            if self.session.doc.get(f"{card}.levels.{number}") is not None:
                self.edit_stats(f"{card}.levels.{number}")
                return
            if self.apply(self.session.edit, lambda: add_level(self.session.doc, card, number), f"added level {number} to {card}", [card]):
                self.edit_stats(f"{card}.levels.{number}")

        self.app.push_screen(AskScreen("The level of the new line (0 to 7): it starts as a copy of the line in play", []), typed)

    def remove_stats(self, key: str) -> None:
        card, _, line = key.partition(".levels.")
        if key == LEVEL:
            self.apply(self.session.set_key, LEVEL, None)
        elif line and len(self.session.doc.get(f"{card}.levels") or {}) <= 1:
            self.say("a card by level keeps one line at least: remove the card instead")
        else:
            self.apply(self.session.set_key, key, None)
        self.open_stats(card if line else LEVEL)
