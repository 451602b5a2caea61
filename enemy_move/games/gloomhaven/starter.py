"""The starter scenario of `enemy-move new gloomhaven`: resolves as it is."""

STARTER = """\
{modeline}
# A starter scenario: edit the map and the figures, then run
#   enemy-move resolve THIS_FILE          (add --json for a script)
ruleset: gloomhaven
variant: {variant}                 # gloomhaven (first edition), gloomhaven2e (second edition), frosthaven or jotl
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
# active: a   (only a acts; without it, as here, every monster acts in initiative order, added ones too)
action:                            # the monster's ability card this turn
  move: 3
  attack: {{range: 0}}             # 0 = melee; omit `attack` for a move-only card
expect:                            # optional: the answer `enemy-move check` compares
  focus: [A]
  options:
    - {{to: [4, 1], attacks: [A]}}  # [4, 3] is as close but the obstacle and the trap make it 4 moves
"""
