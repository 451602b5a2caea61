"""The editor's commands on figures, the card, the areas of area boards and the figures' marks (forms and quick keys).

A base of :class:`enemy_move.editor.app.EditorScreen`, which provides the
session, the message line and :meth:`apply` (one undo step per edit).
"""

from __future__ import annotations

from collections.abc import Callable
from functools import partial
from typing import Any

from textual.events import Key, Paste
from textual.geometry import Region
from textual.screen import Screen

from ..document.document import EditError
from ..errors import escape_controls
from ..flag_values import small_number
from . import cards, forms, palette
from .areas import AreaView, area_names
from .board import BoardView
from .enemycards import CARDS, EnemyCardCommands
from .keysline import KeysLine
from .sight import SightMode
from .stats import shorthand_values


class Commands(EnemyCardCommands, SightMode):
    """Forms and quick keys; the screen that uses them provides what is declared here."""

    #: Area boards: the figure Enter opens (the last label typed, or Tab).
    selected: str | None

    def refresh_all(self) -> None:
        raise NotImplementedError

    def show_working(self) -> None:
        raise NotImplementedError

    def follow_area(self, area: str) -> None:
        """Scroll the area list so that ``area``'s line is in view (not at all when it is). After the next repaint,
        not at once: a scroll made in the same update as a layout (the links dialog shown or hidden) is drawn
        without that layout (textual then only moves what is in view), and the dialog's place was left as it was."""
        board = self.query_one("#board")
        row = board.area_row(area) if isinstance(board, AreaView) else None
        if row is not None:
            self.query_one("#left").scroll_to_region(Region(0, max(0, row - 1), 1, 3), animate=False)

    def focus_board(self) -> None:
        """The focus back on the board, when a dialog took it (focusing a widget repaints it whole: every row of
        a 64 x 64 map after each form)."""
        board = self.query_one("#board")
        if self.focused is not board:
            board.focus()

    def on_board_view_clicked(self, message: BoardView.Clicked) -> None:
        session = self.session
        session.move_cursor(message.cell)
        if session.brush is not None:
            self.apply(session.paint, session.brush)
        self.refresh_all()

    def on_area_view_clicked(self, message: AreaView.Clicked) -> None:
        if self.links_panel() is None:  # the links dialog is modal
            self.session.area = message.area
            self.refresh_all()

    def beside_board(self) -> Any:
        """The board as a dialog shows it beside itself (the part a screen holds)."""
        board = self.query_one("#board")
        return board.beside() if hasattr(board, "beside") else ""

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
        """The card's form; the card list when there are several cards or the card is a list of actions."""
        models = cards.card_models(self.session.ruleset)
        if models is None:
            self.say(f"{self.session.ruleset} has no action card: each figure's own values are in its form (Enter)")
            return
        doc = self.session.doc
        if models.enemy_cards and doc.get(CARDS):
            self.open_enemy_cards()  # what changes each round at the table: the symbols of the Initiative card
        elif isinstance(doc.get("action"), list) or doc.get("actions"):
            self.open_cards(self._card_here())
        else:
            self.edit_card("action", more=True)

    def _card_here(self) -> str:
        """The card of the figure on the cursor: its own (`actions.LABEL`), its type's, or `action`."""
        label = self.figure_label()
        actions = self.session.doc.get("actions")
        if label is None or not isinstance(actions, dict):
            return "action"
        kind = self.session.doc.get(f"figures.{label}.type")
        for key in (label, kind):
            if key in actions:
                return f"actions.{key}"
        return "action"

    def open_cards(self, selected: str = "action") -> None:
        models = cards.card_models(self.session.ruleset)
        if models is None:
            return
        rows = cards.card_rows(self.session.doc, set(self.session.figures()))
        board = self.beside_board()

        commands: dict[str, Callable[[str], object]] = {
            "edit": self.edit_card,
            "move": lambda key: self.add_step(key, "move"),
            "attack": lambda key: self.add_step(key, "attack"),
            "remove": self.remove_card,
            "new": lambda key: self.ask_new_card(),
            "stats": lambda key: self.open_stats(),
            "enemy": lambda key: self.open_enemy_cards(),
        }
        screen = cards.CardsScreen(rows, selected, models, board)
        screen.note_source = self.answer_sums
        self.app.push_screen(screen, partial(self.run_chosen, commands))

    def _list_item(self, key: str) -> tuple[str, int] | None:
        """(the card, the position) when ``key`` is an action of a list card."""
        card, _, index = key.rpartition(".")
        position = small_number(index, 9999)
        if card and position is not None and isinstance(self.session.doc.get(card), list):
            return card, position
        return None

    def edit_card(self, key: str, more: bool = False) -> None:
        models = cards.card_models(self.session.ruleset)
        value = self.session.doc.get(key)
        if models is None:
            return
        if isinstance(value, list):
            self.say("a list of actions: select one of them (↓), or add one (m, a)")
            self.open_cards(f"{key}.0" if value else key)
            return
        item = self._list_item(key)
        if item is not None and models.segment is not None:
            fields = cards.segment_fields(models, key, value)
            title = f"{item[0]}, action {item[1] + 1}"
        else:
            fields = forms.model_fields(models.card, key)
            title = "Action card" if key == "action" else f"Card {key}"
        values = shorthand_values(self.session.doc, fields)
        then = None if more else (lambda: self.open_cards(key))
        self.open_form(title, fields, values, then=then, more=more, note=self.answer_sums)

    def add_step(self, key: str, kind: str) -> None:
        """A move or an attack after the selected action (or at the end of the selected card); the card becomes a list."""
        models = cards.card_models(self.session.ruleset)
        if models is None or models.segment is None:
            self.say(f"a {self.session.ruleset} card is one action: edit it (Enter)")
            self.open_cards(key)
            return
        item = self._list_item(key)
        card, at = (item[0], item[1] + 1) if item else (key, None)
        steps = cards.as_list(self.session.doc.get(card))
        at = len(steps) if at is None else at
        steps.insert(at, {"move": 1} if kind == "move" else {"attack": {"range": 0}})
        if self.apply(self.session.set_key, card, steps):
            self.edit_card(f"{card}.{at}")

    def remove_card(self, key: str) -> None:
        item = self._list_item(key)
        if item is not None:
            if len(self.session.doc.get(item[0])) == 1:
                self.say("a card has at least one action: add another first, or remove the card")
            else:
                self.apply(self.session.set_key, key, None)
            key = item[0] if item[1] == 0 else f"{item[0]}.{item[1] - 1}"
        elif key == "action":
            self.say("the card every figure uses stays: edit it (Enter)")
        else:
            self.apply(self.session.set_key, key, None)
            key = "action"
        self.open_cards(key)

    def ask_new_card(self) -> None:
        figures = self.session.figures()
        types = {str(f.get("type")) for f in figures.values() if isinstance(f, dict) and f.get("type")}
        offered = sorted(figures) + sorted(types)

        def named(name: str | None) -> None:
            key = self.typed_key(name, "actions", "a card", self.open_cards)
            if key is None:
                return
            if self.session.doc.get(key) is None:
                # a copy of the card every figure uses: usually only a value or two differ
                self.apply(self.session.set_key, key, self.session.doc.get("action") or {})
            self.open_cards(key)

        self.app.push_screen(
            cards.AskScreen("A card for one figure (its label) or one monster type (its type); Enter: add, Esc: cancel", offered), named
        )

    def action_scenario_form(self) -> None:
        """The scenario's own keys no other form sets (the variant, the acting faction, activation orders, the open
        readings of the rules), from the model."""
        fields = forms.scenario_fields(self.session.ruleset)
        if not fields:
            self.say("this game's scenario has no keys of its own to set here")
            return
        self.open_form("Scenario", fields, forms.form_values(self.session.doc, fields))

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

    def open_form(
        self,
        title: str,
        fields: list[forms.Field],
        values: dict[str, Any],
        label: str | None = None,
        then: Callable[[], None] | None = None,
        more: bool = False,
        note: Callable[[], str] | None = None,
    ) -> None:
        """A form over the board; ``then`` runs after it closes (the card list again); ``more``: Ctrl+K opens the card list;
        ``note``: a text under its keys, read again while the form is open."""

        def written(changes: dict[str, Any]) -> None:
            if changes:
                self.apply(self.session.write_form, changes, label, f"edited {title[0].lower()}{title[1:]}")

        def done(changes: dict[str, Any] | None) -> None:
            listed = bool(changes and changes.pop(forms.MORE, False))
            self.focus_board()
            if listed:
                self.open_cards()
            elif then is not None:
                then()

        content = (title, fields, values, forms.names_for(self.session.ruleset), self.beside_board(), more, note)
        kept = self.kept_form()
        screen = forms.FormScreen() if kept in self.app.screen_stack else kept  # a form over a form: not made today
        screen.show(*content)
        screen.written = written  # the edit made as the form closes, before the editor is drawn again
        self.app.push_screen(screen, done)

    def kept_form(self) -> forms.FormScreen:
        """The form screen, kept from one form to the next (see :meth:`kept`)."""
        screen = self.kept("form", forms.FormScreen)
        assert isinstance(screen, forms.FormScreen)
        return screen

    def kept(self, name: str, make: Callable[[], Screen[Any]]) -> Screen[Any]:
        """A dialog's screen kept from one opening to the next (composing one, with its first layout, cost
        10-30 ms each time it opened): installed, it is not removed when it closes. Made while the editor waits
        for its first key (:meth:`warm_dialogs`), not when the dialog first opens."""
        screens: dict[str, Screen[Any]] = self.__dict__.setdefault("_kept_screens", {})
        if name not in screens:
            screens[name] = make()
            self.app.install_screen(screens[name], f"{name}-{id(self)}")
        return screens[name]

    def warm_dialogs(self) -> None:
        """Compose the kept dialogs once, unseen: each pushed and taken off at once, in one batch (nothing is drawn)."""
        if self.__dict__.get("_kept_screens") or self.app.screen is not self:
            return
        with self.app.batch_update():
            self.app.push_screen(self.kept_form())
            self.app.pop_screen()
        if self.session.board_kind == "areas":
            from .areas import link_index

            link_index(self.session)  # the links dialog's index of the links, read before its first opening

    def action_flag(self) -> None:
        label = self.figure_label()
        key = palette.flag_key(self.session.ruleset)
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

    def links_panel(self) -> Any:
        """The links dialog while it is shown (area boards), else None (asked on each key: the panel is found once,
        not queried among the screen's widgets each time)."""
        from .links import LinksPanel

        panel = self.__dict__.get("_links_panel", False)
        if panel is False:
            panels = self.query(LinksPanel)
            panel = panels.first() if panels else None
            if self.is_mounted:
                self.__dict__["_links_panel"] = panel
        return panel if panel is not None and panel.shown else None

    def links_key(self, event: Key) -> bool:
        """A key while the links dialog is shown: the dialog's (the board keeps textual's focus). False: it is not
        shown."""
        panel = self.links_panel()
        if panel is None:
            return False
        event.stop()
        event.prevent_default()
        panel.press(event.key, event.character)
        return True

    def on_paste(self, event: Paste) -> None:
        panel = self.links_panel()
        if panel is not None and not panel.on_list:
            event.stop()
            panel.paste(event.text)

    def action_links(self) -> None:
        """The links dialog: each link added, changed or removed is one undo step (made by the session)."""
        if self.session.board_kind != "areas" or self.links_panel() is not None:
            return
        from .areas import link_index
        from .links import LinksPanel

        session = self.session

        def listed(every: bool) -> list[tuple[int, str]]:
            links = session.doc.data.get("links")
            # the items themselves, as written (list.__iter__: a YAML sequence's own access is item by item)
            written = list(list.__iter__(links)) if isinstance(links, list) else []
            if every or session.area is None:
                return [(i, str(link)) for i, link in enumerate(written)]
            return [(i, str(written[i])) for i in link_index(session).get(session.area, ())]

        def add(text: str) -> str:
            before = session.generation
            try:
                said = session.add_link(text)
            except EditError as error:
                return str(error)
            self.apply(lambda: session.generation != before)  # the answer again, when the links changed
            return said

        def remove(index: int) -> str:
            written = session.doc.data.get("links")
            link = str(written[index]) if isinstance(written, list) and index < len(written) else ""
            return f"removed {link}" if self.apply(session.remove_link, index) else "nothing removed"

        def closed() -> None:
            self.query_one("#answer-pane").styles.visibility = "visible"
            self.show_working()  # not shown or hidden while the dialog was
            self.query_one(KeysLine).show_keys(True)
            if session.area is not None:
                self.follow_area(session.area)  # the selected area again, where the editor's keys act

        self.query_one(KeysLine).show_keys(False)  # the editor's keys do not work while the dialog is shown
        # the answer is under the dialog: not drawn, nor cut at each of the dialog's lines, while it is shown
        self.query_one("#answer-pane").styles.visibility = "hidden"
        self.query_one(LinksPanel).show(session.area, listed, add, remove, closed, self.follow_area)
        if session.area is not None:
            self.follow_area(session.area)  # the area whose links are listed, beside the dialog

    def area_add_remove(self, key: str) -> None:
        session = self.session
        names = area_names(session)
        if key == "+":
            number = len(names) + 1
            while f"A{number}" in names:
                number += 1
            name = f"A{number}"
            game = session.doc.game
            self.apply(self._set_area, f"areas.{name}", dict(game.editor_new_area) if game is not None else {}, name)
        elif session.area is not None:
            if any(area == session.area for area in session.doc.positions().values()):
                self.say(f"area {session.area} has figures: move or remove them first")
                return
            gone = session.area
            self.apply(self._set_area, f"areas.{gone}", None, next((n for n in names if n != gone), None))
        self.refresh_all()
        if session.area is not None:
            self.follow_area(session.area)  # after the list is laid out again with the area added

    def _set_area(self, key: str, value: Any, select: str | None) -> bool:
        """Set (or remove) an area and select ``select``: the list is drawn once, with the area selected (it was
        drawn, then drawn again with the selection: twice the area list of 1,000 areas for one `+`)."""
        if not self.session.set_key(key, value):
            return False
        self.session.area = select
        return True

    def action_mark(self) -> None:
        """The cursor becomes the mark of the selected figure (where the game writes it: a minion's faction's)."""
        session = self.session
        game = session.doc.game
        if game is None or game.editor_mark is None:
            self.say("this game has no marks")
            return
        label = self.selected if self.selected in session.figures() else session.figure_here()
        key = game.mark_key(session.doc.get(f"figures.{label}")) if label else None
        if key is None:
            self.say("type the label of a figure that has a mark first (a minion)")
            return
        if self.apply(session.set_key, key, list(session.cursor)):
            self.say(f"{escape_controls(key)}: [{session.cursor[0]}, {session.cursor[1]}]")
