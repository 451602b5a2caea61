"""The starter scenario of `enemy-move new perditions-mouth`: resolves as it is."""

STARTER = """\
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
# active: g   (only g acts; without it, as here, every enemy acts in the phase order, added ones too)
expect:                            # optional: the answer `enemy-move check` compares
  focus: [A]
  options:
    - {{to: [4, 1], attacks: [A]}}
"""
