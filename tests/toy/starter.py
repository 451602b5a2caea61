"""The starter scenario of `enemy-move new toy`: resolves as it is."""

STARTER = """\
{modeline}
# A toy scenario: monsters stay or step one hex east.
ruleset: toy
variant: {variant}
title: A toy monster
# ; is the toy's moat
map: |
  . a . ; A .
   . . . . .
figures:
  a: {{kind: monster}}
  A: {{kind: character}}
"""
