"""The starter scenario of `enemy-move new agemonia`: resolves as it is."""

STARTER = """\
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
# active: s   (only s acts; without it, as here, every enemy acts in initiative order, added ones too)
action: {{move: 2, attack: {{kind: melee}}}}
expect:                            # optional: the answer `enemy-move check` compares
  focus: [L]
  options:
    - {{to: A3, attacks: [L]}}
"""
