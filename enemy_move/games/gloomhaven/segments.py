"""Several actions on one card (docs/gloomhaven.md, "Several actions on one card"): its segments.

The card's actions are performed in the printed order (rulebook p.29). The first attack decides
the focus and the first move, exactly as for a `{move, attack}` card (turn.resolve_turn). Each
later attack picks its own focus with the normal rules among the enemies not yet attacked this
turn (GH rulebook p.31, notes 3.1) and, when a move comes just before it, that move plans for it.
A move after the last attack plans for that attack again against its focus (its "current
attack", rulebook p.29; "sa portée actuelle", French procedure step 3).
"""

from __future__ import annotations

from dataclasses import dataclass

from ...result import format_position
from .board import Cell
from .model import GloomhavenAction, GloomhavenAttack, GloomhavenCardAction


@dataclass(frozen=True)
class Segment:
    """A move (or none) and the attack it plans for; ``performs``: the attack is made."""

    index: int  # 1-based number of the segment's first action on the card
    move: GloomhavenCardAction | None
    attack: GloomhavenAttack | None
    performs: bool
    keeps_focus: bool  # a move after the last attack: same focus as that attack


def card_segments(card: list[GloomhavenCardAction], move_after_last_attack: str = "last-attack") -> list[Segment]:
    """Split a card into (move, attack) segments in the printed order."""
    segments: list[Segment] = []
    last_attack: GloomhavenAttack | None = None
    i = 0
    while i < len(card):
        step = card[i]
        if step.attack is not None:
            segments.append(Segment(i + 1, None, step.attack, True, False))
            last_attack = step.attack
            i += 1
            continue
        following = card[i + 1] if i + 1 < len(card) else None
        if following is not None and following.attack is not None:
            segments.append(Segment(i + 1, step, following.attack, True, False))
            last_attack = following.attack
            i += 2
            continue
        upcoming = next((s.attack for s in card[i + 1 :] if s.attack is not None), None)
        if upcoming is not None:
            segments.append(Segment(i + 1, step, upcoming, False, False))
        elif last_attack is not None and move_after_last_attack == "last-attack":
            segments.append(Segment(i + 1, step, last_attack, False, True))
        else:
            segments.append(Segment(i + 1, step, None, False, last_attack is None))
        i += 1
    return segments


def as_action(move: GloomhavenCardAction | None, attack: GloomhavenAttack | None) -> GloomhavenAction:
    """A segment as the `{move, attack}` card it plays like."""
    if move is None:
        return GloomhavenAction(attack=attack)
    return GloomhavenAction(move=move.move or 0, jump=move.jump, teleport=move.teleport, attack=attack)


def describe_segment(segment: Segment) -> str:
    parts = []
    if segment.move is not None:
        how = " (jump)" if segment.move.jump else " (teleport)" if segment.move.teleport else ""
        parts.append(f"move {segment.move.move}{how}")
    if segment.attack is not None and segment.performs:
        attack = segment.attack
        kind = "melee" if attack.range == 0 else f"range {attack.range}"
        parts.append(
            f"attack ({kind}" + (f", {attack.targets} targets" if attack.targets > 1 else "") + (", area" if attack.aoe else "") + ")"
        )
    first = segment.index
    numbers = f"action {first}" if len(parts) == 1 else f"actions {first}-{first + 1}"
    return f"{numbers}: " + ", then ".join(parts)


def record(
    segment: Segment, start: Cell, path: tuple[Cell, ...], attacks: tuple[str, ...], focus: str | None, disadvantaged: tuple[str, ...] = ()
) -> list[str]:
    """What the segment did, one line per action: shown with the option."""
    done: list[str] = []
    if segment.move is not None:
        done.append(
            f"{segment.index}: move {format_position(start)} -> {format_position(path[-1])}"
            if path[-1] != start
            else f"{segment.index}: move: stays at {format_position(start)}"
        )
    if segment.attack is not None and segment.performs:
        number = segment.index + (1 if segment.move is not None else 0)
        if attacks:
            worse = f"; disadvantage on {', '.join(sorted(disadvantaged))}" if disadvantaged else ""
            done.append(
                f"{number}: attack {', '.join(sorted(attacks))} from {format_position(path[-1])}"
                + (f" (focus {focus}{worse})" if focus else f" ({worse[2:]})" if worse else "")
            )
        else:
            done.append(f"{number}: no attack" + (f" (focus {focus} out of reach)" if focus else " (no focus)"))
    return done
