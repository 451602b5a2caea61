"""The editor's commands on figures, the card, Agemonia's areas and Cloudspire's marks (forms and quick keys).

A base of :class:`enemy_move.editor.app.EditorScreen`, which provides the
session, the message line and :meth:`apply` (one undo step per edit).
"""

from __future__ import annotations

from typing import Any

from textual.screen import Screen

from . import forms
from .areas import area_names
from .session import Session


class Commands(Screen[None]):
    """Forms and quick keys; the screen that uses them provides what is declared here."""

    session: Session
    #: Agemonia: the figure Enter opens (the last label typed, or Tab).
    selected: str | None

    def say(self, message: str) -> None:
        raise NotImplementedError

    def apply(self, change: Any, *args: Any) -> bool:
        raise NotImplementedError

    def refresh_all(self) -> None:
        raise NotImplementedError

    def figure_label(self) -> str | None:
        if self.session.board_kind == "areas":
            return self.selected if self.selected in self.session.figures() else None
        return self.session.figure_here()

    def action_figure_form(self) -> None:
        label = self.figure_label()
        if label is None:
            self.say("no figure here: type a letter to place one")
            return
        model = forms.scenario_part(self.session.ruleset, "figures")
        if model is None:
            return
        fields = forms.model_fields(model, f"figures.{label}")
        fields.append(forms.Field("active", "acts alone (active)", "bool", description="only this figure acts (`active:`)"))
        values = {f.key: self.session.doc.get(f.key) for f in fields}
        values["active"] = self.session.doc.get("active") == label
        self.open_form(f"Figure {label}", fields, values, label)

    def action_card_form(self) -> None:
        model = forms.scenario_part(self.session.ruleset, "action")
        if model is None:
            self.say(f"{self.session.ruleset} has no action card: each figure's own values are in its form (Enter)")
            return
        if isinstance(self.session.doc.get("action"), list):
            self.say("this card is written as a list of actions: edit it in the file (the form shows the {move, attack} form)")
            return
        fields = forms.model_fields(model, "action")
        values = {f.key: self.session.doc.get(f.key) for f in fields}
        self.open_form("Action card", fields, values)

    def action_ctrl_a(self) -> None:
        """Grids: the figure on the cursor acts alone (`active:`), or the whole side acts again; areas: the area's form."""
        if self.session.board_kind == "areas":
            self.action_area_form()
            return
        label = self.figure_label()
        if label is None:
            self.say("no figure here")
            return
        alone = self.session.doc.get("active") == label
        self.apply(self.session.set_key, "active", None if alone else label)
        self.say("every figure of the acting side acts" if alone else f"{label} acts alone (active: {label})")

    def action_area_form(self) -> None:
        area = self.session.area
        model = forms.scenario_part(self.session.ruleset, "areas")
        if self.session.board_kind != "areas" or area is None or model is None:
            return
        fields = forms.model_fields(model, f"areas.{area}")
        values = {f.key: self.session.doc.get(f.key) for f in fields}
        self.open_form(f"Area {area}", fields, values)

    def open_form(self, title: str, fields: list[forms.Field], values: dict[str, Any], label: str | None = None) -> None:
        def done(changes: dict[str, Any] | None) -> None:
            if changes:
                self.apply(self.session.edit, lambda: self._write(changes, label))
            self.query_one("#board").focus()

        board = self.query_one("#board").render()
        self.app.push_screen(forms.FormScreen(title, fields, values, forms.names_for(self.session.ruleset), board), done)

    def _write(self, changes: dict[str, Any], label: str | None) -> None:
        doc = self.session.doc
        for key, value in changes.items():
            if key == "active":
                if value and label is not None:
                    doc.set("active", label)
                elif doc.get("active") == label:
                    doc.delete("active")
            elif value is None:
                doc.delete(key)
            elif value == {} and doc.get(key) is not None:
                continue
            else:
                doc.set(key, value)

    def action_flag(self) -> None:
        label = self.figure_label()
        key = {"gloomhaven": "elite", "perditions-mouth": "sleeping", "agemonia": "fly"}.get(self.session.ruleset)
        if label is None or key is None:
            self.say("no figure here" if label is None else "this game has no such flag")
            return
        now = bool(self.session.doc.get(f"figures.{label}.{key}"))
        self.apply(self.session.set_key, f"figures.{label}.{key}", None if now else True)
        self.say(f"{label}: {key} {'off' if now else 'on'}")

    def action_next_figure(self) -> None:
        session = self.session
        if session.board_kind != "areas":
            return
        here = sorted(label for label, area in session.doc.positions().items() if area == session.area)
        if here:
            index = here.index(self.selected) + 1 if self.selected in here else 0
            self.selected = here[index % len(here)]
            self.say(f"selected figure {self.selected} (Enter: its form)")

    def action_links(self) -> None:
        if self.session.board_kind != "areas":
            return
        links = self.session.doc.get("links")

        def done(items: list[str] | None) -> None:
            if items is not None:
                self.apply(self.session.set_key, "links", items)
            self.query_one("#board").focus()

        self.app.push_screen(forms.ListScreen("Links: A -- B single line, A == B double, A || B barrier", list(links or [])), done)

    def area_add_remove(self, key: str) -> None:
        session = self.session
        names = area_names(session)
        if key == "+":
            number = len(names) + 1
            while f"A{number}" in names:
                number += 1
            name = f"A{number}"
            if self.apply(session.set_key, f"areas.{name}", {"capacity": 3}):
                session.area = name
        elif session.area is not None:
            if any(area == session.area for area in session.doc.positions().values()):
                self.say(f"area {session.area} has figures: move or remove them first")
                return
            gone = session.area
            if self.apply(session.set_key, f"areas.{gone}", None):
                session.area = next((n for n in names if n != gone), None)
        self.refresh_all()

    def action_mark(self) -> None:
        """Cloudspire: the cursor becomes the mark (`marks:`) of the selected minion's faction."""
        session = self.session
        if "marks" not in getattr(forms.scenario_part_model(session.ruleset), "model_fields", {}):
            self.say("this game has no marks")
            return
        label = self.selected if self.selected in session.figures() else session.figure_here()
        faction = session.doc.get(f"figures.{label}.faction") if label else None
        if not isinstance(faction, str):
            self.say("type a minion's label first: the mark is its faction's")
            return
        if self.apply(session.set_key, f"marks.{faction}", list(session.cursor)):
            self.say(f"{faction}'s mark: [{session.cursor[0]}, {session.cursor[1]}]")
