"""A grid view (``ascii_map.MapView``) as one rich Text: drawn by the full view (rich_view.py) and the phase summary
(phase_summary.py), which each import it from here (no cycle between them)."""

from __future__ import annotations

from rich.text import Text

from . import ascii_map


def grid_text(view: ascii_map.MapView) -> Text:
    """A grid view's styled lines as one rich Text (cropped, never wrapped: a map row stays one line)."""
    text = Text(no_wrap=True, overflow="crop")
    for index, runs in enumerate(view.lines):
        if index:
            text.append("\n")
        for chunk, style in runs:
            text.append(chunk, style=style or None)
    return text
