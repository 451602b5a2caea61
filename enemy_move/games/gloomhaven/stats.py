"""A monster's stat card read with its ability card (issue 33): signed card values added to the stat card's.

At the table a monster's numbers come from two cards: its stat card (normal or elite) and the drawn ability
card. An attack on the ability card without a range is made at the stat card's range (rulebook p.29: the
elite uses the "Elite" section of the stat card), written `figures.X.range`; without one it is melee.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

from ...loader import SourceMap
from ...models.common import MAX_MOVE, MAX_RANGE
from .model import (
    MAX_ATTACK_VALUE,
    GloomhavenAction,
    GloomhavenAttack,
    GloomhavenCard,
    GloomhavenCardAction,
    GloomhavenScenario,
    GloomhavenStatCard,
    GloomhavenStatLine,
    Relative,
)


def _ranged(attack: GloomhavenAttack | None, stat: int) -> GloomhavenAttack | None:
    if attack is None or "range" in attack.model_fields_set:
        return attack  # the ability card says the range itself
    return attack.model_copy(update={"range": stat})


def with_stat_range(card: GloomhavenCard, stat: int | None) -> GloomhavenCard:
    """``card`` with the stat card's range on each attack that gives none."""
    if stat is None:
        return card
    if isinstance(card, GloomhavenAction):
        return card.model_copy(update={"attack": _ranged(card.attack, stat)})
    return [step.model_copy(update={"attack": _ranged(step.attack, stat)}) for step in card]


def stat_range_note(actor: str, stat: int | None, card: GloomhavenCard) -> str:
    """The reasoning's line when the stat card's range was used for ``card`` (as printed; "" when it was not)."""
    if stat is None:
        return ""
    attacks = [card.attack] if isinstance(card, GloomhavenAction) else [step.attack for step in card]
    if not any(a is not None and "range" not in a.model_fields_set for a in attacks):
        return ""
    what = "melee" if stat == 0 else f"range {stat}"
    return f"{actor}'s stat card gives {what}; the ability card's attack names no range, so it attacks at {what}."


#: Where the stat card and the ability card are read together (a `card` step's source).
STAT_SOURCE = (
    "GH rulebook p.29 (Monster Turn: an elite uses the Elite section of its stat card); the monster ability card's "
    "signed values (Move +1, Range -1) are added to the stat card's"
)


def _sum(name: str, base: int, change: int, cap: int, notes: list[str]) -> int:
    """The stat card's value plus the card's signed one, said as a sum ("Move 3+1 = 4"); a sum past the cap or below
    0 says what it is counted as, so the shown arithmetic is never wrong."""
    total = base + change
    counted = min(cap, max(0, total))
    said = f"{name} {base}{change:+d} = {total}"
    if counted != total:
        said += f", counted as {counted} (" + (f"enemy-move's cap for a {name.lower()})" if total > cap else "never below 0)")
    notes.append(said)
    return counted


def _move(step: GloomhavenAction | GloomhavenCardAction, line: GloomhavenStatLine, notes: list[str]) -> dict[str, Any]:
    update: dict[str, Any] = {}
    if isinstance(step.move, Relative):
        update["move"] = _sum("Move", line.move, step.move, MAX_MOVE, notes)
    elif step.move and "move" in step.model_fields_set:
        notes.append(f"Move {step.move} (the ability card's own value)")
    if line.jump and (step.move or update.get("move")) and not step.jump:
        update["jump"] = True
        notes.append("its moves are jumps (stat card)")
    return update


def _attack_value(attack: GloomhavenAttack, line: GloomhavenStatLine, notes: list[str]) -> int | None:
    """The attack value the figure attacks with ("Attack 3+1 = 4"): shown, never used to move."""
    if isinstance(attack.value, Relative):
        if line.attack is None:
            notes.append(f"Attack {attack.value:+d} (the stat card prints no attack value)")
            return None
        return _sum("Attack", line.attack, attack.value, MAX_ATTACK_VALUE, notes)
    if attack.value is not None:
        notes.append(f"Attack {attack.value} (the ability card's own value)")
        return attack.value
    return None


def _attack(attack: GloomhavenAttack | None, line: GloomhavenStatLine, base_range: int, notes: list[str]) -> GloomhavenAttack | None:
    if attack is None:
        return None
    update: dict[str, Any] = {}
    value = _attack_value(attack, line, notes)
    if value is not None:
        update["value"] = value
    if isinstance(attack.range, Relative):
        update["range"] = _sum("Range", base_range, attack.range, MAX_RANGE, notes)
    elif "range" not in attack.model_fields_set:
        update["range"] = base_range
        notes.append("melee (stat card)" if base_range == 0 else f"Range {base_range} (stat card)")
    if "targets" not in attack.model_fields_set and line.targets > 1:
        update["targets"] = line.targets
        notes.append(f"Target {line.targets} (stat card)")
    return attack.model_copy(update=update)


def with_stat_line(card: GloomhavenCard, line: GloomhavenStatLine, figure_range: int | None) -> tuple[GloomhavenCard, list[str]]:
    """``card`` with the stat card's section added in (relative values summed, missing range and targets filled), and the sums
    as a player says them ("Move 2+1 = 3"). ``figure_range`` (`figures.X.range`) overrides the section's range."""
    base_range = line.range if figure_range is None else figure_range
    notes: list[str] = []
    if isinstance(card, GloomhavenAction):
        update = _move(card, line, notes)
        return card.model_copy(update={**update, "attack": _attack(card.attack, line, base_range, notes)}), notes
    steps = [step.model_copy(update={**_move(step, line, notes), "attack": _attack(step.attack, line, base_range, notes)}) for step in card]
    return steps, notes


def relative_values(card: GloomhavenCard) -> list[str]:
    """The relative values ("move +1") a card holds: they need a stat card."""
    steps = [card] if isinstance(card, GloomhavenAction) else card
    found = [f'move: "{step.move:+d}"' for step in steps if isinstance(step.move, Relative)]
    attacks = [step.attack for step in steps if step.attack is not None]
    found += [f'range: "{attack.range:+d}"' for attack in attacks if isinstance(attack.range, Relative)]
    found += [f'attack: "{attack.value:+d}"' for attack in attacks if isinstance(attack.value, Relative)]
    return found


def stat_line_note(actor: str, key: str, card: GloomhavenStatCard, elite: bool, level: int | None, sums: list[str]) -> str:
    """The `card` step: whose section of which stat card (at which level), and the values it gave."""
    said_level = "" if level is None else f", level {level}" if card.level is not None else f" at the scenario's level {level}"
    line = card.line(elite, level)
    shown = any(said.startswith("Attack ") for said in sums)
    attack = (
        f" (its Attack {line.attack} does not change the movement)" if line is not None and line.attack is not None and not shown else ""
    )
    said = "; ".join(sums) if sums else "the ability card gives every value itself"
    return f"{actor} uses the {'elite' if elite else 'normal'} section of {key}'s stat card{said_level}{attack}: {said}."


def _card_numbers(path: tuple[Any, ...], card: GloomhavenCard) -> Iterator[tuple[tuple[Any, ...], int | None]]:
    steps = [(path, card)] if isinstance(card, GloomhavenAction) else [(path + (index,), step) for index, step in enumerate(card)]
    for where, step in steps:
        yield where + ("move",), step.move
        if step.attack is not None:
            yield where + ("attack", "range"), step.attack.range
            yield where + ("attack", "value"), step.attack.value


def file_mistakes(model: GloomhavenScenario, source: SourceMap) -> Iterator[tuple[tuple[Any, ...], str]]:
    """The references between the file's keys checked while loading, after the map (``board.parse_board``), as
    (YAML path, message), in this order: `actions` and `stats` keys naming a figure or a monster type, card values
    written `+1` unquoted, and each monster's stat card having the section of its rank."""
    kinds = {f.type or f.name for f in model.figures.values()}
    for key in model.actions:
        if key not in model.figures and key not in kinds:
            yield ("actions", key), f"`actions` key {key!r} names no figure and no monster type"
    yield from plain_plus_signs(model, source)
    for key in model.stats:
        if key not in model.figures and key not in kinds:
            yield ("stats", key), f"`stats` key {key!r} names no figure and no monster type"
    for label, figure in model.figures.items():
        key = label if label in model.stats else figure.type or figure.name or ""
        card = model.stats.get(key)
        if card is not None and figure.kind in ("monster", "summon") and card.line(figure.elite, model.level) is None:
            rank = "elite" if figure.elite else "normal"
            yield ("stats", key), f"{label} is {rank}, but the stat card {key!r} has no `{rank}:` section"


def plain_plus_signs(model: GloomhavenScenario, source: SourceMap) -> Iterator[tuple[tuple[Any, ...], str]]:
    """Card values written `+1` without quotes: YAML reads them as plain numbers (absolute), which the player rarely means."""
    if "+" not in source.text:
        return  # no value is written with a sign (most files)
    lines = source.text.splitlines()
    cards = [(("action",), model.action), *((("actions", key), card) for key, card in model.actions.items())]
    for path, card in cards:
        for where, value in _card_numbers(path, card):
            if value is None or isinstance(value, Relative) or where not in source.positions:
                continue
            line, col = source.positions[where]
            if 0 < line <= len(lines) and lines[line - 1][col - 1 : col] == "+":
                name = where[-1]
                yield (
                    where,
                    f"`{name}: +{value}` is read as the number {value} (the card's own {name}); for the stat card's {name} plus "
                    f'{value} write `{name}: "+{value}"` (quoted), for {name} {value} write `{name}: {value}`',
                )
