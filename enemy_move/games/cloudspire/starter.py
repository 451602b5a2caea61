"""The starter scenario of `enemy-move new cloudspire`: resolves as it is."""

STARTER = """\
{modeline}
# A starter scenario: edit the map and the figures, then run
#   enemy-move resolve THIS_FILE          (add --json for a script)
ruleset: cloudspire
variant: {variant}                 # player (players choose) or ai
title: A minion marches on its mark
description: >
  Free text shown with the answer: where the board comes from, what you want to know.
# One text line per row, row 0 first; odd rows are shifted right by half a hex.
# . path  & gate   (enemy-move docs cloudspire: every symbol)
map: |
  . . m . . . . . . &
legend: {{}}                       # extra map symbols -> terrain names (optional)
walls: []                          # thin walls (optional)
figures:
  m: {{kind: minion, faction: red, move: 3}}
marks: {{red: [9, 0]}}             # where each faction's minions head for
# active: m   (only m moves; without it, as here, every minion of the acting faction moves, added ones too)
expect:                            # optional: the answer `enemy-move check` compares
  options:
    - {{to: [5, 0]}}
"""
