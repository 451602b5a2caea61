"""The enemy types of Perdition's Mouth: families (activation sheets), names, Action Points and attack ranges."""

from __future__ import annotations

INSECTOIDS = ("boneworm", "rotikka", "chileen")
CULTISTS = ("acolyte", "guard", "summoner")
#: Figures a Chi'leen ignores when pathing and tramples ("Boneworms/Rotikkas/Cultists").
MINIONS = frozenset(("boneworm", "rotikka") + CULTISTS)
TYPE_NAMES = {
    "hero": "Hero",
    "boneworm": "Boneworm",
    "rotikka": "Rotikka",
    "chileen": "Chi'leen",
    "acolyte": "Acolyte",
    "guard": "Guard",
    "summoner": "Summoner",
    "demon": "Demon",
}
DEFAULT_AP = {"boneworm": 1, "rotikka": 5, "chileen": 3, "acolyte": 2, "guard": 3, "summoner": 3, "demon": 0}
DEFAULT_ATTACK_RANGE = {"boneworm": 1, "rotikka": 1, "chileen": 2, "acolyte": 1, "guard": 3, "summoner": 6, "demon": 1}
#: "range N" squares each type looks for, most preferred first.
PREFERRED_RANGES = {"boneworm": (1,), "rotikka": (1,), "chileen": (2, 1), "guard": (3, 2, 1)}
SUMMONER_MAX_RANGE = 6
