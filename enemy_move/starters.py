"""``enemy-move new RULESET``: short, commented starter scenarios that resolve as they are.

Each starter shows every common key once (contract section 2) and the
ruleset's own keys a first board needs; `tests/test_cli_features.py` loads
and resolves each of them, so they cannot drift from the models.
"""

from __future__ import annotations

#: Path of the schema relative to a scenario in the project's scenarios/<ruleset>/;
#: elsewhere, point the modeline at `enemy-move schema > enemy-move.schema.json`.
SCHEMA_MODELINE = "# yaml-language-server: $schema=enemy-move.schema.json"

_GLOOMHAVEN = """\
{modeline}
# A starter scenario: edit the map and the figures, then run
#   enemy-move resolve THIS_FILE          (add --json for a script)
ruleset: gloomhaven
variant: {variant}                 # gloomhaven (first edition), frosthaven or jotl
title: Bandit Guard walks to the Brute
description: >
  Free text shown with the answer: where the board comes from, what you want to know.
# One text line per row, row 0 first; odd rows are shifted right by half a hex.
# . floor  # wall  * obstacle  ^ trap  ~ hazardous  % difficult  = icy
# a letter or digit: a figure from `figures:` standing on open floor
map: |
  # # # # # # #
   # . . . . . #
  # . a . ^ A #
   # . . * . . #
  # # # # # # #
legend: {{}}                       # extra map symbols -> terrain names (optional)
walls: []                          # thin walls: [[[c1, r1], [c2, r2]], ...] (optional)
figures:                           # label -> figure; characters and summons oppose monsters
  A: {{kind: character, name: Brute, initiative: 25}}
  a: {{kind: monster, name: Bandit Guard, number: 1}}
active: a                          # omitted: every monster acts, in initiative order
action:                            # the monster's ability card this turn
  move: 3
  attack: {{range: 0}}             # 0 = melee; omit `attack` for a move-only card
expect:                            # optional: the answer `enemy-move check` compares
  focus: [A]
  options:
    - {{to: [4, 1], attacks: [A]}}  # [4, 3] is as close but the obstacle and the trap make it 4 moves
"""

_PERDITIONS_MOUTH = """\
{modeline}
# A starter scenario: edit the map and the figures, then run
#   enemy-move resolve THIS_FILE          (add --json for a script)
ruleset: perditions-mouth
variant: {variant}                 # the only variant so far
title: A Guard closes in on the hero
description: >
  Free text shown with the answer: where the board comes from, what you want to know.
# One text line per row, row 0 first (square grid); . floor  # wall
# a letter or digit: a figure from `figures:`
map: |
  # # # # # # # # # #
  # g . . . . . A . #
  # # # # # # # # # #
legend: {{}}                       # extra map symbols -> terrain names (optional)
walls: []                          # thin walls: [[[c1, r1], [c2, r2]], ...] (optional)
figures:
  g: {{kind: guard}}
  A: {{kind: hero}}
active: g                          # omitted: every enemy acts, in the phase order
expect:                            # optional: the answer `enemy-move check` compares
  focus: [A]
  options:
    - {{to: [4, 1], attacks: [A]}}
"""

_AGEMONIA = """\
{modeline}
# A starter scenario: edit the areas and the figures, then run
#   enemy-move resolve THIS_FILE          (add --json for a script)
ruleset: agemonia
variant: {variant}                 # the only variant so far
title: A Skitterer walks to Lunara
description: >
  Free text shown with the answer: where the board comes from, what you want to know.
areas:                             # name -> capacity (white dots), height, trap
  A1: {{capacity: 3}}
  A2: {{capacity: 3}}
  A3: {{capacity: 3, height: 0}}
links: [A1 -- A2, A2 -- A3]        # -- single line, == double line, || barrier
figures:
  s: {{side: enemy, name: Skitterer, area: A1}}
  L: {{side: hero, name: Lunara, area: A3, taunt: 2}}
active: s                          # omitted: every enemy acts, in initiative order
action: {{move: 2, attack: {{kind: melee}}}}
expect:                            # optional: the answer `enemy-move check` compares
  focus: [L]
  options:
    - {{to: A3, attacks: [L]}}
"""

_CLOUDSPIRE = """\
{modeline}
# A starter scenario: edit the map and the figures, then run
#   enemy-move resolve THIS_FILE          (add --json for a script)
ruleset: cloudspire
variant: {variant}                 # player (players choose) or ai
title: A minion marches on its mark
description: >
  Free text shown with the answer: where the board comes from, what you want to know.
# One text line per row, row 0 first; odd rows are shifted right by half a hex.
# . path  & gate   (see docs/cloudspire.md for every symbol)
map: |
  . . m . . . . . . &
legend: {{}}                       # extra map symbols -> terrain names (optional)
walls: []                          # thin walls (optional)
figures:
  m: {{kind: minion, faction: red, move: 3}}
marks: {{red: [9, 0]}}             # where each faction's minions head for
active: m                          # omitted: every minion of the acting faction moves
expect:                            # optional: the answer `enemy-move check` compares
  options:
    - {{to: [5, 0]}}
"""

STARTERS: dict[str, str] = {
    "gloomhaven": _GLOOMHAVEN,
    "perditions-mouth": _PERDITIONS_MOUTH,
    "agemonia": _AGEMONIA,
    "cloudspire": _CLOUDSPIRE,
}


def starter(ruleset: str, variant: str, modeline: str = SCHEMA_MODELINE) -> str:
    """The starter text of ``ruleset`` with ``variant`` filled in (rulesets without variants ignore it)."""
    return STARTERS[ruleset].format(variant=variant, modeline=modeline)
