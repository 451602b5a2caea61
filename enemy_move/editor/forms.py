"""Side forms built from the ruleset's own models: a figure, the action card, an area of an area board.

Each field is a key of the scenario (``figures.A.initiative``, ``action.move``,
``action.attack.range``...). Fields are read from the pydantic models so
that every ruleset gets its own keys without a form per game: yes/no keys
are checkboxes, everything else a one-line input (choices are offered as
you type; → accepts). Enter applies the form as one undo step, Esc closes
it unchanged. A value the model rejects shows the loader's message like
any other invalid state.
"""

from __future__ import annotations

import re
import types
import typing
from collections.abc import Callable
from dataclasses import dataclass, replace
from typing import Any, Literal, Union, get_args, get_origin

from pydantic import BaseModel
from textual import events
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import VerticalScroll
from textual.screen import ModalScreen
from textual.timer import Timer
from textual.widgets import Input, Static, TextArea

from ..errors import escape_controls
from ..models.common import Label
from . import palette
from .beside import Beside
from .fieldview import FLAGS, FieldsView

#: Keys a form never shows: positions are set on the board, and keys the form cannot express.
SKIPPED = {"at", "area", "mark"}
#: Fields shown first, when the model has them (what changes from round to round).
FIRST = ("initiative", "taunt", "name", "elite", "move")


#: Seconds between two readings of a list's or a form's note while it is open (the answer of an edit arrives later).
NOTE_REFRESH = 0.25

#: In what a form is dismissed with: also open the card list (Ctrl+K in the card form).
MORE = "\0more"


@dataclass(frozen=True)
class Field:
    key: str
    label: str
    #: "bool", "number", "signed" (a number, or written with its sign: "+1" relative to a stat card), "text", "list",
    #: "present" (a nested block switched on or off) or "heading" (a title between groups of fields, no value)
    kind: str
    choices: tuple[str, ...] = ()
    description: str = ""
    #: A yes/no key's value when the file does not give it (the scenario form: an open reading that defaults to yes).
    default: Any = None
    #: A list of figure labels (a list typed `list[Label]` in the model): the page offers the file's labels.
    labels: bool = False


def _unwrap(annotation: Any) -> Any:
    """The type inside Optional / Annotated (the first model class of a union, when there is one)."""
    origin = get_origin(annotation)
    if origin is typing.Annotated:
        return _unwrap(get_args(annotation)[0])
    if origin in (Union, types.UnionType):
        args = [a for a in get_args(annotation) if a is not type(None)]
        models = [_unwrap(a) for a in args]
        for model in models:
            if isinstance(model, type) and issubclass(model, BaseModel):
                return model
        return _unwrap(args[0]) if len(args) == 1 else annotation
    return annotation


def _kind(annotation: Any) -> tuple[str, tuple[str, ...]] | None:
    tp = _unwrap(annotation)
    origin = get_origin(tp)
    if tp is bool:
        return "bool", ()
    if tp in (int, float):
        return "number", ()
    if tp is str:
        return "text", ()
    if origin is Literal:
        return "text", tuple(str(a) for a in get_args(tp))
    if origin is list:
        inner = _unwrap(get_args(tp)[0]) if get_args(tp) else str
        if get_origin(inner) is Literal:
            return "list", tuple(str(a) for a in get_args(inner))
        if inner is str:
            return "list", ()
    return None


#: A value typed with its sign, kept as written: the model reads "+1" as relative (the file quotes it).
SIGNED = re.compile(r"[+-][0-9]{1,2}")
#: A number typed in a number field: ASCII digits, as in a file (float() would also take "٣", "1_0", "1e3", "inf"
#: and 5,000 digits as infinity, and write what the person did not type); anything else goes to the file as typed.
NUMBER = re.compile(r"[+-]?[0-9]{1,32}(?:\.[0-9]{1,32})?", re.ASCII)


def _signed(annotation: Any, metadata: Any = ()) -> bool:
    """Whether the model also takes the number as text with its sign (its JSON schema offers a string beside it)."""
    for item in metadata:
        schema = getattr(item, "json_schema", None)
        if isinstance(schema, dict) and any(isinstance(alt, dict) and alt.get("type") == "string" for alt in schema.get("anyOf", ())):
            return True
    origin = get_origin(annotation)
    if origin is typing.Annotated:
        return _signed(get_args(annotation)[0], annotation.__metadata__)
    if origin in (Union, types.UnionType):
        return any(_signed(arg) for arg in get_args(annotation))
    return False


def model_fields(model: type[BaseModel], prefix: str) -> list[Field]:
    """The form fields of ``model`` under the dotted key ``prefix``; a nested model is switched on/off, then its fields."""
    fields: list[Field] = []
    for name, info in model.model_fields.items():
        if name in SKIPPED:
            continue
        key = f"{prefix}.{name}"
        nested = _unwrap(info.annotation)
        if isinstance(nested, type) and issubclass(nested, BaseModel):
            fields.append(Field(key, name, "present", description=info.description or ""))
            fields.extend(replace(f, label=f"{name}.{f.label}", default=None) for f in model_fields(nested, key))
            continue
        kind = _kind(info.annotation)
        if kind is not None:
            signed = kind[0] == "number" and _signed(info.annotation, info.metadata)
            labels = kind[0] == "list" and Label in get_args(_unwrap(info.annotation))
            fields.append(Field(key, name, "signed" if signed else kind[0], kind[1], info.description or "", labels=labels))
    fields.sort(key=lambda f: FIRST.index(f.label) if f.label in FIRST else len(FIRST))
    return fields


def scenario_part_model(ruleset: str) -> type[BaseModel] | None:
    """The ruleset's whole scenario model."""
    from ..registry import game

    entry = game(ruleset)
    return entry.scenario_model() if entry is not None else None


def scenario_part(ruleset: str, key: str) -> type[BaseModel] | None:
    """The model class of a scenario key: ``figures`` (one figure), ``action`` (the card) or ``areas`` (one area)."""
    model = scenario_part_model(ruleset)
    if model is None or key not in model.model_fields:
        return None
    annotation = model.model_fields[key].annotation
    if get_origin(annotation) is dict:
        annotation = get_args(annotation)[1]
    part = _unwrap(annotation)
    return part if isinstance(part, type) and issubclass(part, BaseModel) else None


#: Top-level keys the scenario form leaves to the board, the other forms and lists, or the file: the rest of the
#: scenario model's keys (the variant, the acting faction, activation orders, the open readings...) are its fields.
ELSEWHERE = frozenset(
    ("ruleset", "title", "description", "expect", "map", "legend", "walls", "figures", "areas", "links", "active")
    + ("action", "actions", "stats", "level", "enemy_cards", "symbols", "initiative", "marks")
)


def scenario_fields(ruleset: str) -> list[Field]:
    """The scenario form: every top-level key of the ruleset's scenario model that no other form sets (nested
    ones, `rules:`, switched on or off, then their values), read from the model as every form is."""
    model = scenario_part_model(ruleset)
    if model is None:
        return []
    fields = [replace(field, key=field.key[1:], default=_default(model, field.key[1:])) for field in model_fields(model, "")]
    # the model's own order (what the game documents first), not the figure forms' "what changes first"
    order = list(model.model_fields)
    kept = [field for field in fields if field.key.split(".")[0] not in ELSEWHERE]
    return sorted(kept, key=lambda field: order.index(field.key.split(".")[0]))


def _default(model: type[BaseModel], dotted: str) -> Any:
    """The model's default of a yes/no key (None for any other key, or none given)."""
    parts = dotted.split(".")
    for part in parts[:-1]:
        nested = _unwrap(model.model_fields[part].annotation)
        if not (isinstance(nested, type) and issubclass(nested, BaseModel)):
            return None
        model = nested
    value = model.model_fields[parts[-1]].get_default(call_default_factory=False)
    return value if isinstance(value, bool) else None


def form_values(doc: Any, fields: list[Field]) -> dict[str, Any]:
    """The values a form shows: as written, else a yes/no key's default."""
    values = {}
    for field in fields:
        value = doc.get(field.key)
        values[field.key] = field.default if value is None else value
    return values


def _shown(value: Any) -> str:
    """A value as a field shows it: a control character written in the file as a visible escape, never sent to the terminal."""
    if value is None:
        return ""
    if isinstance(value, bool):
        return "yes" if value else "no"
    if isinstance(value, list):
        return escape_controls(", ".join(str(v) for v in value))
    return escape_controls(str(value))


def parse_value(field: Field, text: str) -> Any:
    """The value typed in a field (None: the key is removed, the model's default applies)."""
    text = text.strip()
    if not text:
        return None
    if field.kind == "signed" and SIGNED.fullmatch(text):
        return text
    if field.kind in ("number", "signed"):
        if not NUMBER.fullmatch(text):
            return text  # the loader says what is wrong with it
        number = float(text)
        return int(number) if number.is_integer() else number
    if field.kind == "list":
        return [item.strip() for item in text.split(",") if item.strip()]
    return text


class TypeAhead:
    """Keys typed before a dialog's first field has the focus are typed into that field, never dropped.

    The focus is given after the dialog is mounted, and on a busy machine the keys a person types right after
    opening it (Enter then "40") arrive first: they were queued for the board, or reached the dialog with no
    focused widget, and were lost. The editor hands them to :meth:`type_ahead` (and so does the dialog itself
    while nothing has the focus): characters and Backspace go into the field, Enter submits it, Tab moves on,
    the dialog's own keys (Esc) run their action. A dialog using this defines ``first_field()``.
    """

    focused: Any
    #: Keys that came before the field was there, in order.
    pending: list[tuple[str, str | None]]

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        self.pending = []
        super().__init__(*args, **kwargs)

    def first_field(self) -> Input | TextArea | None:
        raise NotImplementedError

    def on_mount(self) -> None:
        self.call_after_refresh(self._replay)  # type: ignore[attr-defined]

    def _replay(self) -> None:
        typed, self.pending = self.pending, []
        for key, character in typed:
            self.type_ahead(key, character)

    def on_key(self, event: events.Key) -> None:
        # A character reaching the dialog itself while a field has the focus was sent before the field took it
        # (a field stops every character it types): it is typed into the field, not lost.
        character = event.character
        typed = character is not None and len(character) == 1 and character.isprintable() and event.key not in ("enter", "tab")
        if (self.focused is None or (typed and isinstance(self.focused, (Input, TextArea)))) and self.type_ahead(event.key, character):
            event.stop()
            event.prevent_default()

    def type_ahead(self, key: str, character: str | None) -> bool:
        """Type one key into the dialog as if its field had the focus; False: not a key it takes."""
        field = self.focused if isinstance(self.focused, (Input, TextArea)) else self.first_field()
        if field is None or self.pending:  # not composed yet: typed once it is (on_mount)
            self.pending.append((key, character))
            return True
        field.focus()
        if key == "enter" and isinstance(field, Input):
            self.call_later(field.action_submit)  # type: ignore[attr-defined]
        elif key == "enter" and isinstance(field, TextArea):
            field.insert("\n")
        elif key == "backspace":
            field.action_delete_left()
        elif key == "tab":
            self.focus_next()  # type: ignore[attr-defined]
        elif character and character.isprintable() and len(character) == 1:
            if isinstance(field, Input):
                field.insert_text_at_cursor(character)
            else:
                field.insert(character)
        else:
            for binding in getattr(self, "BINDINGS", ()):
                if isinstance(binding, Binding) and key in binding.key.split(","):
                    self.call_later(self.run_action, binding.action)  # type: ignore[attr-defined]
                    return True
            return False
        return True


class FormScreen(TypeAhead, ModalScreen[dict[str, Any] | None]):
    """A form docked at the right; dismissed with {key: value} of the fields that changed, or None.

    Two widgets, the board beside it and :class:`FieldsView` (every field in one widget: a widget per field
    cost about 100 ms to open on a busy machine)."""

    DEFAULT_CSS = """
    FormScreen { background: $background; layout: horizontal; }
    FormScreen #beside { width: 1fr; height: 100%; color: $text-muted; }
    FormScreen FieldsView { width: 40; height: 100%; border: tall $accent; background: $panel; padding: 0 1; }
    """
    # Enter applies from any field, a yes/no one included (Space flips it).
    BINDINGS = [
        Binding("escape", "cancel", "Close"),
        Binding("enter", "apply", "Apply", priority=True),
        Binding("ctrl+k", "more", "All cards", priority=True),
    ]

    def __init__(self) -> None:
        """An empty form: :meth:`show` gives it its fields."""
        super().__init__()
        self._note_timer: Timer | None = None
        self._view: FieldsView | None = None
        self._beside: Beside | None = None
        #: Given the fields that changed when Enter (or Ctrl+K) closes the form, before it is dismissed.
        self.written: Callable[[dict[str, Any]], None] | None = None
        self.show("", [], {})

    def show(
        self,
        title: str,
        fields: list[Field],
        values: dict[str, Any],
        names: list[str] | None = None,
        beside: Any = "",
        more: bool = False,
        note: Callable[[], str] | None = None,
    ) -> None:
        """Another form in this screen (the editor keeps one form screen: composing one cost 10-20 ms a form).

        Shown at once, before the screen is pushed: a key typed right after the key that opened it goes into
        these fields, not the last form's."""
        #: Shown under the keys: what the file's answer makes of these values (the stat card's sums, "Move 2+1 = 3"),
        #: read again while the form is open (the answer of the edit before it may still be on its way).
        self.note_source = note
        self.note = self._read_note()
        #: Ctrl+K applies the form and asks for the card list (the card form opened straight from the board).
        self.more = more
        #: What is shown left of the form (the board as it was drawn): an opaque screen is much faster to draw
        #: than a see-through one over the live board.
        self.beside = beside
        self.written = None  # given by the caller after this, for this form only
        self.title_text = escape_controls(title)
        self.fields, self.values = fields, values
        self.names = [escape_controls(name) for name in names or []]
        self.pending = []
        view = self.view()
        if view is not None and self._beside is not None:
            self._beside.show(beside)
            self._load(view)
            view.focus()

    def compose(self) -> ComposeResult:
        self._beside = Beside(self.beside, id="beside")
        self._view = FieldsView(id="fields")
        yield self._beside
        yield self._view

    def _head(self) -> list[tuple[str, str]]:
        keys = "Enter apply · Esc close · Tab next" + (" · Ctrl+K all cards, lists of actions" if self.more else "")
        head = [(self.title_text, "title"), (keys, "muted"), ("", "gap")]
        if self.note:
            head += [(line, "") for line in self.note.split("\n")] + [("", "gap")]
        return head

    def _load(self, view: FieldsView) -> None:
        labels, shown, checked, choices = {}, {}, {}, {}
        for index, field in enumerate(self.fields):
            value = self.values.get(field.key)
            if field.kind == "heading":
                continue
            if field.kind in FLAGS:
                checked[index] = bool(value) if field.kind == "bool" else value is not None
                continue
            hint = f" ({', '.join(field.choices)})" if 1 < len(field.choices) <= 4 else " (N, or +N / -N)" if field.kind == "signed" else ""
            labels[index] = escape_controls(field.label + hint)
            shown[index] = _shown(value)
            offered = [escape_controls(choice) for choice in field.choices] or (self.names if field.label == "name" else [])
            if offered:
                choices[index] = offered
        view.load(self._head(), self.fields, labels, shown, checked, choices)

    def view(self) -> FieldsView | None:
        """The fields, once composed."""
        return self._view

    def first_field(self) -> None:
        return None

    def type_ahead(self, key: str, character: str | None) -> bool:
        """A key typed before the form had the focus: as if the fields had it (Enter applies, Esc closes)."""
        view = self.view()
        if view is None or self.pending:  # not composed yet: typed once it is (on_mount)
            self.pending.append((key, character))
            return True
        view.focus()
        if key == "enter":
            self.call_later(self.action_apply)
            return True
        if key == "escape":
            self.call_later(self.action_cancel)
            return True
        if key == "ctrl+k":
            self.call_later(self.action_more)
            return True
        return view.press(key, character)

    def _read_note(self) -> str:
        note = self.note_source() if self.note_source is not None else ""
        return "\n".join(escape_controls(line) for line in note.split("\n")) if note else ""

    def _refresh_note(self) -> None:
        note = self._read_note()
        view = self.view()
        if note != self.note and view is not None:
            self.note = note
            view.set_head(self._head())

    def on_mount(self) -> None:
        view = self._view
        assert view is not None
        self._load(view)
        view.focus()
        self._replay()  # the keys typed before the form was there

    def on_screen_resume(self) -> None:
        if self.note_source is None:
            return
        if self._note_timer is None:
            self._note_timer = self.set_interval(NOTE_REFRESH, self._refresh_note)
        else:
            self._note_timer.resume()

    def on_screen_suspend(self) -> None:
        if self._note_timer is not None:
            self._note_timer.pause()

    def collect(self) -> dict[str, Any]:
        """The fields whose value changed, as dotted key -> value (None removes the key)."""
        view = self._view
        assert view is not None
        changes: dict[str, Any] = {}
        for index, field in enumerate(self.fields):
            old = self.values.get(field.key)
            if field.kind == "bool":
                if view.checked[index] != bool(old):
                    changes[field.key] = view.checked[index]
            elif field.kind == "present":
                if view.checked[index] != (old is not None):
                    changes[field.key] = {} if view.checked[index] else None
            elif field.kind != "heading" and view.text_of(index).strip() != _shown(old):
                changes[field.key] = parse_value(field, view.text_of(index))
        return changes

    def action_apply(self) -> None:
        self._close(self.collect())

    def action_more(self) -> None:
        if self.more:
            self._close({**self.collect(), MORE: True})

    def _close(self, changes: dict[str, Any]) -> None:
        """Dismissed with ``changes``, given first to :attr:`written` while the form is still on screen: the
        editor under it takes the edit unseen and is drawn once, whole, as the form closes (given after the
        form closed, the edit was drawn, then the whole editor again)."""
        if self.written is not None:
            self.written({key: value for key, value in changes.items() if key != MORE})
        self.dismiss(changes)

    def action_cancel(self) -> None:
        self.dismiss(None)


class ListScreen(TypeAhead, ModalScreen[list[str] | None]):
    """A list edited as text, one item a line; Esc applies it, Ctrl+G leaves it unchanged."""

    DEFAULT_CSS = """
    ListScreen { align: right top; background: $background 30%; }
    ListScreen > VerticalScroll { width: 40; height: 100%; border: tall $accent; background: $panel; padding: 0 1; }
    ListScreen TextArea { height: 1fr; min-height: 8; }
    """
    BINDINGS = [Binding("escape", "apply", "Apply"), Binding("ctrl+g", "cancel", "Cancel")]

    def __init__(self, title: str, items: list[str]) -> None:
        super().__init__()
        self.title_text = escape_controls(title)
        self.items = items
        #: The items as shown (control characters as visible escapes): unchanged text gives back the items as they were.
        self.shown = "\n".join(escape_controls(item) for item in items)

    def compose(self) -> ComposeResult:
        with VerticalScroll():
            yield Static(self.title_text + "\none per line; Esc: apply, Ctrl+G: cancel", markup=False)
            yield TextArea(self.shown, id="items")

    def first_field(self) -> TextArea | None:
        return self.query(TextArea).first() if self.query(TextArea) else None

    def on_mount(self) -> None:
        self.query_one(TextArea).focus()

    def action_apply(self) -> None:
        text = self.query_one(TextArea).text
        if text == self.shown:
            self.dismiss(list(self.items))
            return
        self.dismiss([line.strip() for line in text.split("\n") if line.strip()])

    def action_cancel(self) -> None:
        self.dismiss(None)


def names_for(ruleset: str) -> list[str]:
    return palette.cast(ruleset)
