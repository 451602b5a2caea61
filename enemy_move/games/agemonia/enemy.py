"""One enemy this turn: its action (move, attack), its size, Fly and the conditions that change them."""

from __future__ import annotations

from dataclasses import dataclass

from ...geometry.areas import AreaBoard
from ...models import Scenario
from ...result import Turn, figure_name
from .model import AgemoniaAction, AgemoniaAttack, AgemoniaFigure, AgemoniaScenario

MELEE = AgemoniaAttack(kind="melee")


@dataclass(frozen=True)
class Mover:
    """What an enemy may do this turn, derived from its figure and action."""

    label: str
    start: str
    size: int
    fly: bool
    move: int
    attack: AgemoniaAttack
    attacking: bool


def describe(board: AreaBoard, label: str) -> str:
    return figure_name(label, board.figures[label].name)


def target_text(board: AreaBoard, labels: list[str]) -> str:
    return ", ".join(f"{describe(board, t)}, Taunt {board.figures[t].taunt}" for t in labels)


def action_for(scenario: Scenario, label: str) -> AgemoniaAction:
    model: AgemoniaScenario = scenario.model
    if label in model.actions:
        return model.actions[label]
    kind = model.figures[label].enemy_type(label)
    symbol = model.symbols.get(kind)
    if symbol is not None:
        return model.enemy_cards[kind][symbol]  # checked when loading (AgemoniaScenario.reference_errors)
    return model.actions.get(kind, model.action)


def card_said(scenario: Scenario, label: str) -> dict[str, str]:
    """Where the enemy's action comes from when it is its Enemy card's (data of the `enemy` step), else {}."""
    model: AgemoniaScenario = scenario.model
    kind = model.figures[label].enemy_type(label)
    if label in model.actions or kind not in model.symbols:
        return {}
    return {"enemy_card": kind, "symbol": model.symbols[kind]}


def make_mover(
    board: AreaBoard, figure_model: AgemoniaFigure, label: str, action: AgemoniaAction, turn: Turn, card: dict[str, str] | None = None
) -> Mover | None:
    """The enemy this turn; ``card``: its action is its Enemy card's (`enemy_card`, `symbol`), said in the `enemy` step."""
    figure = board.figures[label]
    conditions = set(figure_model.conditions)
    attack = action.attack or MELEE
    move = action.move
    fly = figure.fly or action.fly
    attacking = action.attack is not None
    parts = [f"{describe(board, label)} in {figure.area}: move {move}"]
    if card:
        parts[0] = f"{describe(board, label)} in {figure.area}: the Initiative card shows {card['symbol']!r} for {card['enemy_card']}: "
        parts[0] += f"its Enemy card's {card['symbol']!r} action, move {move}"
    parts.append(
        f"{attack.kind} attack" + (f" range {attack.range}" if attack.kind == "ranged" else "")
        if attacking
        else "no attack (moves as for a melee attack)"
    )
    if figure.size > 1:
        parts.append(f"{figure_model.size} (capacity {figure.size})")
    if fly:
        parts.append("Fly" + (" (this turn)" if action.fly and not figure.fly else ""))
    turn.note(
        "enemy",
        ", ".join(parts),
        area=figure.area,
        move=move,
        attack=attack.kind,
        range=attack.range,
        size=figure.size,
        fly=fly,
        **(card or {}),
    )
    if "stunned" in conditions:
        turn.note("stunned", "Stunned: it misses this turn.")
        return None
    if "held" in conditions:
        move = 0
        turn.note("held", "Held: it does not move this turn.")
    elif "slowed" in conditions:
        move = max(0, move - 1)
        turn.note("slowed", f"Slowed: move reduced to {move}.")
    if conditions & {"confused", "dominated"}:
        attacking = False
        turn.note("no-attack", "Confused/Dominated: it does not attack but moves as if it were attacking.")
    return Mover(label=label, start=figure.area, size=figure.size, fly=fly, move=move, attack=attack, attacking=attacking)
