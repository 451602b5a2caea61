"""A grid view (``ascii_map.MapView``) as one rich Text: drawn by the full view (rich_view.py) and the phase summary
(phase_summary.py), which each import it from here (no cycle between them)."""

from __future__ import annotations

from rich.text import Text

from . import ascii_map


def grid_text(view: ascii_map.MapView, plain: bool = False) -> Text:
    """A grid view's styled lines as one rich Text (cropped, never wrapped: a map row stays one line). ``plain``: for a
    console without colour, which writes no style: the same characters without their styles (the same bytes, and
    rich renders a line in one piece instead of one per styled run: a 64 x 64 map has hundreds)."""
    if plain:
        return Text("\n".join("".join(chunk for chunk, _ in runs) for runs in view.lines), no_wrap=True, overflow="crop")
    text = Text(no_wrap=True, overflow="crop")
    for index, runs in enumerate(view.lines):
        if index:
            text.append("\n")
        for chunk, style in runs:
            text.append(chunk, style=style or None)
    return text
