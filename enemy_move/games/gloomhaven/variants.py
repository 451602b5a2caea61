"""The variants: every rule that differs between Gloomhaven, Frosthaven and Jaws of the Lion, as one typed object.

The code asks the variant's switches (``rules.icy_slides``), never its name. The open
readings a scenario chooses (`rules:`, :class:`~.model.GloomhavenRules`) join the variant in
:meth:`VariantRules.reading`.
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from typing import Literal

from .model import GloomhavenRules

#: Line of sight: "corner" (GH: corner to corner) or "any" (FH: any point to any point).
Sight = Literal["corner", "any"]
#: How equal-size target groups rank their extra targets (rules.extra_targets).
ExtraTargets = Literal["movement", "secondary-focus"]
#: Whether monsters sharing a card's initiative are ordered by their turn (rules.monster_focus_order).
MonsterFocusOrder = Literal["turn", "initiative"]
#: How a push or pull counts "farther" and "closer" (rules.push_distance).
PushDistance = Literal["range", "hexes"]


#: The edition's switches a scenario may set either way in `rules:` (omitted: the variant's reading).
SWITCHABLE = (
    "plan_best_future_attack",
    "aoe_anchor_in_wall",
    "forced_move_maximum",
    "sight",
    "invisible_blocks_movement",
    "jump_pays_difficult_last_hex",
)


@dataclass(frozen=True, kw_only=True)
class VariantRules:
    """The rule switches that differ between the games (docs/gloomhaven.md, 'Variants')."""

    name: str
    sight: Sight
    #: Focus ties broken by proximity before initiative (GH, FH; not JotL).
    proximity_breaks_focus_ties: bool
    #: Invisible enemies block movement like obstacles (GH); FH: they are ignored for movement.
    invisible_blocks_movement: bool
    #: The last hex of a jump pays for difficult terrain (GH); FH ignores it completely.
    jump_pays_difficult_last_hex: bool
    #: Entering icy terrain slides the figure one more hex, repeatedly (FH terrain;
    #: applied in every variant so FH boards can be played with older rules).
    icy_slides: bool = True
    #: Losing disadvantage on the focus ranks above hitting more targets (GH, JotL).
    focus_disadvantage_first: bool
    #: Extra targets are ranked like foci: movement, proximity, initiative (GH, JotL).
    rank_extra_targets: bool
    #: Out of reach this turn: head for the hex with the best attack (GH, JotL)
    #: rather than the closest hex that can attack the focus (FH).
    plan_best_future_attack: bool
    #: A ranged area attack's hex within range may lie inside a wall hex (GH FAQ);
    #: FH p.22: it "cannot be inside a wall line".
    aoe_anchor_in_wall: bool = True
    #: A monster's push or pull moves the target the maximum distance over the whole path
    #: (GH2e and FH FAQ 5.8, "a change from the first edition"); GH, JotL: the players choose.
    forced_move_maximum: bool = False
    #: Open readings, from the scenario's `rules:` (model.GloomhavenRules).
    extra_targets: ExtraTargets = "movement"
    monster_focus_order: MonsterFocusOrder = "turn"
    push_distance: PushDistance = "range"

    def reading(self, readings: GloomhavenRules) -> VariantRules:
        """These rules with the open readings a scenario chose (made once per variant and choice: every file of a
        `check` run asks, most with the same)."""
        chosen = tuple((name, value) for name in SWITCHABLE if (value := getattr(readings, name)) is not None)
        key = (self, chosen, readings.extra_targets, readings.monster_focus_order, readings.push_distance)
        known = _READ.get(key)
        if known is None:
            if len(_READ) >= 64:
                _READ.clear()
            known = _READ[key] = replace(
                self,
                extra_targets=readings.extra_targets,
                monster_focus_order=readings.monster_focus_order,
                push_distance=readings.push_distance,
                **dict(chosen),
            )
        return known

    @property
    def other_extra_targets(self) -> ExtraTargets:
        """The reading of rules.extra_targets not in force (named when it would change the answer)."""
        return "secondary-focus" if self.extra_targets == "movement" else "movement"

    @property
    def other_focus_order(self) -> MonsterFocusOrder:
        """The reading of rules.monster_focus_order not in force."""
        return "initiative" if self.monster_focus_order == "turn" else "turn"


_FROSTHAVEN = VariantRules(
    name="frosthaven",
    sight="any",
    proximity_breaks_focus_ties=True,
    invisible_blocks_movement=False,
    jump_pays_difficult_last_hex=False,
    focus_disadvantage_first=False,
    rank_extra_targets=False,
    plan_best_future_attack=False,
    aoe_anchor_in_wall=False,
    forced_move_maximum=True,
)


#: VariantRules.reading's rules, by variant and choice (frozen: shared).
_READ: dict[tuple[object, ...], VariantRules] = {}

VARIANTS: dict[str, VariantRules] = {
    "gloomhaven": VariantRules(
        name="gloomhaven",
        sight="corner",
        proximity_breaks_focus_ties=True,
        invisible_blocks_movement=True,
        jump_pays_difficult_last_hex=True,
        focus_disadvantage_first=True,
        rank_extra_targets=True,
        plan_best_future_attack=True,
    ),
    "frosthaven": _FROSTHAVEN,
    # Gloomhaven second edition: its FAQ (5.8) where it speaks: focus ignores disadvantage, then
    # (a) the focus, (b) no more negative hexes, (c) most targets, (d) least disadvantage, (e) least
    # movement, then the players choose (no ranking of extra targets); out of reach, towards the
    # primary focus; push and pull the maximum distance. Where it is silent the second edition's
    # rulebook follows Frosthaven's (any-point sight, invisible walked through, jump ignores
    # difficult terrain, a ranged area's hex in range not in a wall): each a switch of its own.
    # The same switches as Frosthaven today; a difference of the second edition becomes one field here.
    "gloomhaven2e": replace(_FROSTHAVEN, name="gloomhaven2e"),
    "jotl": VariantRules(
        name="jotl",
        sight="any",
        proximity_breaks_focus_ties=False,
        invisible_blocks_movement=True,
        jump_pays_difficult_last_hex=False,
        focus_disadvantage_first=True,
        rank_extra_targets=True,
        plan_best_future_attack=True,
    ),
}
