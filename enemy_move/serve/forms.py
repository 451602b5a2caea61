"""The page's forms (a figure, the action card, an area of an area board, the links), built from the ruleset's own models
as the editor's side forms are (``enemy_move.editor.forms``): yes/no keys are checkboxes, numbers a numeric
keyboard, choices offered as you type. A value is parsed as the editor parses it and the loader judges it. The HTML
(sections, *More*, suggestions from the file) is formhtml.py's."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from ..document.document import ScenarioDocument
    from ..editor.cards import CardModels
    from ..editor.forms import Field

#: The key a figure form adds: only this figure acts (``active:``).
ACTIVE = "active"
#: The stat cards form's own keys: a new card for a monster type, a new line by level for a card (`+level:stats.X`).
NEW_STAT_CARD = "+stat-card"
NEW_LEVEL = "+level:"
#: The Enemy cards form's own keys: a new card for an enemy type, a new action on a card (`+action:enemy_cards.T`),
#: a card or an action removed (`+remove:enemy_cards.T[.SYMBOL]`, a checkbox).
NEW_ENEMY_CARD = "+enemy-card"
NEW_ACTION = "+action:"
REMOVE = "+remove:"
#: The card form's own keys: a new card for a figure or type (a copy of `action`), a card removed (`+drop:actions.X`).
NEW_CARD = "+card"
DROP = "+drop:"
#: The forms' names on the page (``what``).
ENEMY_CARDS = "enemy-cards"
SCENARIO = "scenario"


class FormError(ValueError):
    """A form the ruleset does not have, or a key no form shows."""


def fields_for(document: ScenarioDocument, what: str, target: str) -> tuple[str, list[Field]]:
    """(title, fields) of the form ``what`` (figure, card, area) for ``target`` (a label, an area's name)."""
    from ..editor import cards, forms

    ruleset = document.ruleset or ""
    if what == "figure":
        model = forms.scenario_part(ruleset, "figures")
        if model is None or target not in document.labels():
            raise FormError(f"no figure {target!r}")
        fields = forms.model_fields(model, f"figures.{target}")
        return f"Figure {target}", [*fields, forms.Field(ACTIVE, "acts alone (active)", "bool")]
    if what == "card":
        models = cards.card_models(ruleset)
        if models is None:
            raise FormError(f"{ruleset} has no action card: each figure's own values are in its form")
        return "Action card", card_fields(document, models)
    if what == "stats":
        return "Stat cards", stat_card_fields(document)
    if what == ENEMY_CARDS:
        return "Enemy cards", enemy_card_fields(document)
    if what == SCENARIO:
        return "Scenario", forms.scenario_fields(ruleset)
    if what == "area":
        model = forms.scenario_part(ruleset, "areas")
        areas = document.get("areas")
        if model is None or not isinstance(areas, dict) or target not in areas:
            raise FormError(f"no area {target!r}")
        return f"Area {target}", forms.model_fields(model, f"areas.{target}")
    raise FormError(f"no form {what!r} (figure, card, stats, {ENEMY_CARDS}, {SCENARIO}, area)")


def stat_card_fields(document: ScenarioDocument) -> list[Field]:
    """The stat cards form: the scenario level, then each card's sections (a card by level: its own level and the
    line in play), a line for another level, and a new card."""
    from ..editor import forms, stats

    models = stats.stat_models(document.ruleset or "")
    if models is None:
        raise FormError(f"{document.ruleset} has no stat cards")
    fields = stats.stat_fields(models, document, stats.LEVEL)[1]
    cards = document.get("stats")
    for name in cards if isinstance(cards, dict) else ():
        key = f"stats.{name}"
        play = stats.level_in_play(document, key)
        levels = document.get(f"{key}.levels")
        row = f"{key}.levels.{play}" if isinstance(levels, dict) and levels and play in levels else key
        title, own = stats.stat_fields(models, document, row)
        fields.append(
            forms.Field(f"#{key}", title + (f" (in play; lines: {', '.join(map(str, levels))})" if row != key else ""), "heading")
        )
        fields += own
        fields.append(forms.Field(f"{NEW_LEVEL}{key}", "a line for level (0-7): copies the line in play", "number"))
    fields.append(forms.Field(NEW_STAT_CARD, "new stat card for a monster type", "text"))
    return fields


def card_fields(document: ScenarioDocument, models: CardModels) -> list[Field]:
    """The card form: the card every figure uses (`action`), then each card of one figure or monster type
    (`actions:`) with a box to remove it, and a new one for a label or type (a copy of `action`). A card written as a
    list of actions shows each action's values (a move's, an attack's) in the printed order; adding, removing or
    reordering its actions is done in `enemy-move edit` (Ctrl+K: m, a, Del) or the file."""
    from ..editor import forms

    own = document.get("action")
    fields = _card(models, "action", own, "Action card (every figure)")
    cards = document.get("actions")
    if not models.per_figure:
        return fields
    labels = set(document.labels())
    for name, card in cards.items() if isinstance(cards, dict) else ():
        key, who = f"actions.{name}", f"figure {name}" if str(name) in labels else f"type {name}"
        fields += _card(models, key, card, f"Card {name} ({who})")
        fields.append(forms.Field(f"{DROP}{key}", f"remove the card of {name}", "bool"))
    fields.append(forms.Field(NEW_CARD, "new card for one figure (its label) or monster type: a copy of `action`", "text"))
    return fields


def _card(models: CardModels, key: str, card: Any, title: str) -> list[Field]:
    """One card's fields under its heading: a `{move, attack}` card's, or each action's of a card written as a list
    of actions (each under its own heading, which the page shows inside the card's)."""
    from ..editor import cards, forms

    head = [forms.Field(f"#{key}", title, "heading")]
    if not isinstance(card, list) or models.segment is None:
        return head + forms.model_fields(models.card, key)
    for index, step in enumerate(card):
        what = "an attack" if isinstance(step, dict) and step.get("attack") is not None else "a move"
        head.append(forms.Field(f"#{key}.{index}", f"Action {index + 1}, {what}", "heading"))
        head += cards.segment_fields(models, f"{key}.{index}", step)
    return head


def enemy_card_fields(document: ScenarioDocument) -> list[Field]:
    """The Enemy cards form: the Initiative card's order, then each card (this round's symbol, each action's values and
    a box to remove it, a new action), a new card."""
    from ..editor import enemycards, forms

    models = enemycards.enemy_card_models(document.ruleset or "")
    if models is None:
        raise FormError(f"{document.ruleset} has no Enemy cards")
    fields = enemycards.enemy_card_fields(models, document, enemycards.ORDER)[1] if models.order else []
    cards = document.get(enemycards.CARDS)
    for kind, card in cards.items() if isinstance(cards, dict) else ():
        key = f"{enemycards.CARDS}.{kind}"
        fields.append(forms.Field(f"#{key}", f"Enemy card {kind}", "heading"))
        if models.symbols:
            fields += enemycards.enemy_card_fields(models, document, key)[1]
        for symbol in card if isinstance(card, dict) else ():
            action = f"{key}.{symbol}"
            fields.append(forms.Field(f"#{action}", f"Action {symbol}", "heading"))
            fields += forms.model_fields(models.action, action)
            fields.append(forms.Field(f"{REMOVE}{action}", f"remove the {symbol} action", "bool"))
        fields.append(forms.Field(f"{NEW_ACTION}{key}", "a new action (its symbol: sword, shield...)", "text"))
        fields.append(forms.Field(f"{REMOVE}{key}", f"remove the card of {kind}", "bool"))
    types = [kind for kind in enemycards.enemy_types(document) if not (isinstance(cards, dict) and kind in cards)]
    fields.append(forms.Field(NEW_ENEMY_CARD, "new Enemy card for an enemy type", "text", tuple(types)))
    return fields


def form_op(document: ScenarioDocument, key: str, value: Any) -> bool:
    """One of the card or Enemy cards forms' own keys done (False: not one of their keys)."""
    from ..editor import enemycards

    if key == NEW_CARD:
        name = enemycards.checked_name(str(value or "x"), "a card's figure or type")
        if value and document.get(f"actions.{name}") is None:
            document.set(f"actions.{name}", document.get("action") or {})  # usually only a value or two differ
    elif key.startswith(DROP):
        if value is True:
            document.delete(key.removeprefix(DROP))
    elif key == NEW_ENEMY_CARD:
        if value:
            enemycards.add_card(document, str(value))
    elif key.startswith(NEW_ACTION):
        if value:
            enemycards.add_action(document, key.removeprefix(NEW_ACTION), str(value))
    elif key.startswith(REMOVE):
        if value is True:
            enemycards.remove(document, key.removeprefix(REMOVE))
    else:
        return False
    return True


def form_touches(key: str, value: Any) -> list[str]:
    """The keys one of the card or Enemy cards forms' own keys may change (saved for the undo before it)."""
    from ..editor import enemycards

    if key == NEW_CARD:
        return [f"actions.{str(value).strip()}"] if value else []
    if key.startswith(DROP):
        return [key.removeprefix(DROP)]
    if key == NEW_ENEMY_CARD:
        return [f"{enemycards.CARDS}.{str(value).strip()}"] if value else []
    if key.startswith(NEW_ACTION):
        return [key.removeprefix(NEW_ACTION)]
    if key.startswith(REMOVE):
        target = key.removeprefix(REMOVE)
        kind = target.removeprefix(enemycards.CARDS + ".").partition(".")[0]
        return [target, f"{enemycards.SYMBOLS}.{kind}"]
    return []


def _form_of(key: str) -> tuple[str, str]:
    """Which form shows ``key``: (what, target)."""
    parts = key.split(".")
    if parts[0] == "figures" and len(parts) > 2:
        return "figure", parts[1]
    if parts[0] == "areas" and len(parts) > 2:
        return "area", parts[1]
    if parts[0] in ("action", "actions") or key == NEW_CARD or key.startswith(DROP):
        return "card", ""
    if parts[0] in ("stats", "level") or key == NEW_STAT_CARD or key.startswith(NEW_LEVEL):
        return "stats", ""
    if parts[0] in ("enemy_cards", "symbols", "initiative") or key == NEW_ENEMY_CARD or key.startswith((NEW_ACTION, REMOVE)):
        return ENEMY_CARDS, ""
    from ..editor.forms import ELSEWHERE

    if not key.startswith("+") and parts[0] not in ELSEWHERE:
        return SCENARIO, ""
    raise FormError(f"{key!r} is not a key of a form")


def changes(document: ScenarioDocument, values: dict[str, Any], figure: str = "") -> dict[str, Any]:
    """The form's values as {dotted key: value} (None: remove the key); ``active`` applies to ``figure``."""
    from ..editor.forms import parse_value

    known: dict[str, Field] = {}
    out: dict[str, Any] = {}
    for key, value in values.items():
        if key == ACTIVE:
            if figure not in document.labels():
                raise FormError("active: which figure?")
            if value is True:
                out[ACTIVE] = figure
            elif document.get(ACTIVE) == figure:
                out[ACTIVE] = None
            continue
        if key not in known:
            what, target = _form_of(key)
            known.update({f.key: f for f in fields_for(document, what, target)[1]})
        field = known.get(key)
        if field is None:
            raise FormError(f"{key!r} is not a key of the {_form_of(key)[0]} form")
        if field.kind == "heading":
            continue
        if field.kind == "bool":
            current = document.get(key)
            current = field.default if current is None else current
            if bool(value) != bool(current) or key.startswith(REMOVE):  # unchanged: not written (no `fly: false`)
                out[key] = bool(value)
        elif field.kind == "present":
            if bool(value) != (document.get(key) is not None):  # ticked and there already: kept as written
                out[key] = {} if value else None
        else:
            parsed = parse_value(field, str(value if value is not None else ""))
            if parsed != document.get(key) or key.startswith("+"):  # as written: not written again
                out[key] = parsed
    return out
