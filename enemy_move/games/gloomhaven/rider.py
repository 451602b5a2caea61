"""Rider attacks (FH FAQ 6.0, Burrowing Blades' Tunneling Slices, Flaming Bladespinner's Spinning Charge).

"The attack is a rider on the move. No move means no attack", and "a move ability doesn't have multi-target.
A player can resolve ambiguity among multiple equal paths to minimize targets." So the move plans as for a
single-target attack with the card's range; a destination it reaches without moving attacks nobody; from
each other destination the attack hits what it would hit from there (several targets or an area: each
group an option); the option the rest of the phase assumes is the one hitting the fewest targets.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import replace

from ...result import Option, Position, Turn, option_number
from .model import GloomhavenAction

#: The turn from a hex, attacking without moving (``still(hex)``).
Still = Callable[[Position], Turn]


def planned_card(card: GloomhavenAction) -> GloomhavenAction:
    """The card the move plans with: the attack as a single target with the card's range (no area)."""
    assert card.attack is not None
    return card.model_copy(update={"attack": card.attack.model_copy(update={"targets": 1, "aoe": None})})


def still_card(card: GloomhavenAction) -> GloomhavenAction:
    """The attack made from where the move ended, as printed (no move)."""
    assert card.attack is not None
    return GloomhavenAction(move=0, attack=card.attack.model_copy(update={"rider": False}))


def ride(turn: Turn, card: GloomhavenAction, still: Still) -> None:
    """The planned options with the rider's targets: none without a move; from elsewhere, the attack's."""
    assert card.attack is not None
    several = card.attack.targets > 1 or card.attack.aoe is not None
    options: list[Option] = []
    for option in turn.options:
        if len(option.path) < 2:
            options.append(replace(option, attacks=(), details={**option.details, "rider": "no move, no attack (FH FAQ 6.0)"}))
        elif several and option.attacks:  # out of reach of its focus, it attacks nobody
            groups = sorted({o.attacks for o in still(option.to).options}) or [()]
            options.extend(replace(option, attacks=group) for group in groups)
        else:
            options.append(option)
    turn.options = options


def note_default(turn: Turn) -> None:
    """After ``Turn.finish``: the phase assumes the option hitting the fewest targets; the step says so."""
    if not turn.options:
        return
    turn.default = min(range(len(turn.options)), key=lambda i: (len(turn.options[i].attacks), i))
    stayed = any(len(o.path) < 2 for o in turn.options)
    text = (
        "Rider attack (FH FAQ 6.0): the attack rides on the move, so no move means no attack"
        + (" (it does not move: it attacks nobody)" if stayed else "")
        + "; the move plans as for a single target (a move has no multi-target)"
    )
    if len(turn.options) > 1:
        fewest = len(turn.options[turn.default].attacks)
        text += (
            f"; among the equal paths the players choose, by default the one hitting the fewest targets: "
            f"option {option_number(turn.default)} ({fewest} target{'s' if fewest != 1 else ''})"
        )
    turn.note("card", text + ".")
