"""The figure types of Perdition's Mouth as records with named hooks: a type's numbers and flags are fields,
and what its rule does differently is a method its class overrides (as python-chess variants override a
board's named hooks), never a test of its name.

Hooks: how it paths (``ignores_terrain``, ``tramples``, ``spends_all_ap``, ``blocker_rule``), whether it
ever moves (``stays``), and its turn (``take_turn``; ``head_for``, the goal squares of the enemies that walk
toward one). The turn hooks are given the engine (engine.py, its parts) and call its parts; this module
imports no rules, so the types can be read by every part.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from ...result import StepId, Turn
    from .engine import Engine
    from .model import PerditionsMouthRules
    from .movement import Best, Mover, Preds
    from .terrain import Board, Cell


@dataclass(frozen=True)
class Sheet:
    """An activation sheet: the types on it (its default order), its scenario key, how a turn step says it."""

    key: str
    name: str
    kinds: tuple[str, ...]
    says: str


INSECTOID_SHEET = Sheet(
    "insectoid_sheet", "Insectoid Sheet", ("boneworm", "rotikka", "chileen"), "Insectoids move first, in Insectoid Sheet order"
)
CULTIST_SHEET = Sheet("cultist_sheet", "Cultists Sheet", ("acolyte", "guard", "summoner"), "Cultists move last, in Cultists Sheet order")
#: The sheets in activation order.
SHEETS = (INSECTOID_SHEET, CULTIST_SHEET)
SUMMONER_MAX_RANGE = 6


@dataclass(frozen=True)
class FigureType:
    """A kind of figure: its scenario name (``kind``), its name in the rules, and its sheet (None: it has none)."""

    kind: str
    name: str
    sheet: Sheet | None = None

    @property
    def hero(self) -> bool:
        return False


@dataclass(frozen=True)
class Hero(FigureType):
    @property
    def hero(self) -> bool:
        return True


@dataclass(frozen=True)
class Enemy(FigureType):
    """An enemy type: Action Points and attack range (a figure may override both), and its rule's hooks.

    The default turn walks the cheapest path toward the hero whose nearest "range N" square
    (``preferred_ranges``, most preferred first) it reaches soonest."""

    ap: int = 0
    attack_range: int = 1
    preferred_ranges: tuple[int, ...] = ()
    #: A Chi'leen ignores it when pathing and tramples it ("Boneworms/Rotikkas/Cultists").
    minion: bool = False
    #: Its rule says it ignores terrain movement penalties (every square 1 AP).
    terrain_free: bool = False
    #: Its rule lets it spend all its AP on one costlier square (as written: the Acolyte and the Guard).
    all_ap_as_written: bool = False
    opens_doors: bool = False
    #: Pushed into special terrain (a trample), it would suffer the failure event.
    fails_in_special_terrain: bool = False
    #: Without a hero on the map it has nowhere to go.
    needs_heroes: bool = True
    #: The ``rules:`` readings that concern only this type (tried only on its turns).
    readings: frozenset[str] = frozenset()

    def ignores_terrain(self, rules: PerditionsMouthRules) -> bool:
        return self.terrain_free

    def tramples(self, other: FigureType) -> bool:
        """Whether it may enter (and end on) ``other``'s square, swapping places with it."""
        return False

    def spends_all_ap(self, rules: PerditionsMouthRules) -> bool:
        """Whether it may spend all its AP to enter one square costing more (`full_ap_rule`)."""
        return self.all_ap_as_written or rules.full_ap_rule == "all"

    def blocker_rule(self) -> str:
        """Which other enemies block its path-finding, as its rule says."""
        return "only enemies already in attack range of a Hero count"

    def stays(self) -> tuple[StepId, str, str] | None:
        """(step id, note, ruled-out reason) when the movement texts give it no rule; None: it moves."""
        return None

    def take_turn(self, engine: Engine, board: Board, label: str, turn: Turn) -> None:
        """Its move: paths, the goal squares it heads for (``head_for``), every other square ruled out."""
        mover = engine.paths.make_mover(board, label, turn)
        best, preds = engine.paths.shortest(board, mover)
        engine.rule_outs.rule_out_unreachable(board, mover, turn, best, preds)
        goals = self.head_for(engine, board, mover, turn, best, preds)
        engine.rule_outs.rule_out_rest(board, mover, turn, goals)

    def head_for(self, engine: Engine, board: Board, mover: Mover, turn: Turn, best: Best, preds: Preds) -> set[Cell]:
        """Add the turn's options toward its goal; the goal squares (for "why not this square?")."""
        return engine.seekers.seek(board, mover, turn, best, preds)


@dataclass(frozen=True)
class Chileen(Enemy):
    """Paths ignore minions, which it tramples (swaps places with, pushing them back); pays terrain unless told not to."""

    def ignores_terrain(self, rules: PerditionsMouthRules) -> bool:
        return not rules.chileen_pays_terrain

    def tramples(self, other: FigureType) -> bool:
        return isinstance(other, Enemy) and other.minion

    def blocker_rule(self) -> str:
        return (
            "only Chi'leens and the Demon already in attack range of a Hero count; Boneworms, Rotikkas and Cultists are ignored (trample)"
        )


@dataclass(frozen=True)
class Acolyte(Enemy):
    """Runs for the alarm symbol, opening (and unlocking) doors for 1 AP."""

    def head_for(self, engine: Engine, board: Board, mover: Mover, turn: Turn, best: Best, preds: Preds) -> set[Cell]:
        return engine.alarm.run(board, mover, turn, best, preds)


@dataclass(frozen=True)
class Summoner(Enemy):
    """Stays when it sees a hero; otherwise heads for the weakest hero, keeping far (within range 6) and away from heroes."""

    def take_turn(self, engine: Engine, board: Board, label: str, turn: Turn) -> None:
        engine.summoner.take_turn(board, label, turn)


@dataclass(frozen=True)
class Demon(Enemy):
    def stays(self) -> tuple[StepId, str, str]:
        return (
            "demon",
            "the movement texts give no rule for the Demon; it stays. (Chi'leens path around it only when it is in attack range of a Hero.)",
            "the movement texts give no rule for the Demon: it stays",
        )


#: Every figure type by its scenario ``kind``.
TYPES: dict[str, FigureType] = {
    "hero": Hero("hero", "Hero"),
    "boneworm": Enemy("boneworm", "Boneworm", INSECTOID_SHEET, ap=1, preferred_ranges=(1,), minion=True, terrain_free=True),
    "rotikka": Enemy("rotikka", "Rotikka", INSECTOID_SHEET, ap=5, preferred_ranges=(1,), minion=True, terrain_free=True),
    "chileen": Chileen(
        "chileen",
        "Chi'leen",
        INSECTOID_SHEET,
        ap=3,
        attack_range=2,
        preferred_ranges=(2, 1),
        readings=frozenset({"chileen_pays_terrain", "trample_failure_events"}),
    ),
    "acolyte": Acolyte(
        "acolyte",
        "Acolyte",
        CULTIST_SHEET,
        ap=2,
        minion=True,
        all_ap_as_written=True,
        opens_doors=True,
        fails_in_special_terrain=True,
        needs_heroes=False,
        readings=frozenset({"acolyte_goal"}),
    ),
    "guard": Enemy("guard", "Guard", CULTIST_SHEET, ap=3, attack_range=3, preferred_ranges=(3, 2, 1), minion=True, all_ap_as_written=True),
    "summoner": Summoner(
        "summoner", "Summoner", CULTIST_SHEET, ap=3, attack_range=SUMMONER_MAX_RANGE, minion=True, readings=frozenset({"summoner_priority"})
    ),
    "demon": Demon("demon", "Demon", ap=0),
}


def enemy(kind: str) -> Enemy:
    """The enemy type of ``kind`` (heroes are not enemies)."""
    found = TYPES[kind]
    assert isinstance(found, Enemy), kind
    return found
