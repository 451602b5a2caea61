"""Shared pieces of the pictures: sizes, colours, arrow markers, numbers and text elements (no drawing decisions)."""

from __future__ import annotations

from collections.abc import Callable

from ..safe_text import for_markup as escape
from ..safe_text import quoted_attribute as quoteattr

Locate = Callable[..., tuple[float, float]]

HEX_RADIUS = 26.0
SQUARE = 44.0
AREA_W, AREA_H = 150.0, 92.0
AREA_GAP_X, AREA_GAP_Y = 70.0, 44.0
PAD = 16.0
HEADING = 40.0
#: On every picture's root <svg> (inherited): the font and what ``svg_text`` leaves out when it is the default.
FONT = 'font-family="DejaVu Sans, Arial, Helvetica, sans-serif" font-size="12" text-anchor="middle" dominant-baseline="central"'

#: A terrain the game's look gives no colour.
UNKNOWN_FILL = "#dddddd"
ACTOR_FILL = "#f28c28"
FOCUS_STROKE = "#d62728"
GOAL_STROKE = "#b0209a"
MOVED_STROKE = "#1f6fb4"
PATH_STROKE = "#e4572e"
OPTION_FILL = "#2e9e44"
ELITE_STROKE = "#c9a000"
#: One colour per turn on the "after the phase" map (turn 1 first), cycling.

SVG_DEFS = (
    "<defs>"
    f'<marker id="arrow" viewBox="0 0 10 10" refX="8" refY="5" markerWidth="3.5" markerHeight="3.5" orient="auto-start-reverse">'
    f'<path d="M0,0 L10,5 L0,10 z" fill="{PATH_STROKE}"/></marker>'
    f'<marker id="attack" viewBox="0 0 10 10" refX="8" refY="5" markerWidth="5" markerHeight="5" orient="auto">'
    f'<path d="M0,0 L10,5 L0,10 z" fill="{FOCUS_STROKE}"/></marker>'
    "</defs>"
)


def svg_number(value: float) -> str:
    return f"{value:.1f}".rstrip("0").rstrip(".")


def svg_text(
    x: float, y: float, text: str, *, size: float = 12, anchor: str = "middle", fill: str = "#222", weight: str = "normal", cls: str = ""
) -> str:
    # Size 12, anchor middle and the central baseline are inherited from the root (FONT): a 64 x 64 board has
    # 4,096 coordinates, written once each.
    more = f" class={quoteattr(cls)}" if cls else ""
    more += f' font-size="{svg_number(size)}"' if size != 12 else ""
    more += f' text-anchor="{anchor}"' if anchor != "middle" else ""
    more += f' font-weight="{weight}"' if weight != "normal" else ""
    return f'<text x="{svg_number(x)}" y="{svg_number(y)}" fill="{fill}"{more}>{escape(text)}</text>'


# --- geometry of each board kind ----------------------------------------------------------

TURN_STROKES = ("#e4572e", "#1f6fb4", "#2e9e44", "#8e44ad", "#c9a000", "#17a2b8")
