"""A share link as a QR code for the page (``POST /api/qr``): another phone at the table scans it off the screen
instead of receiving the link by message. segno (already the terminal's QR encoder) draws it as inline SVG: black
modules only, nothing of the link written as text, so nothing a user wrote reaches the page through it."""

from __future__ import annotations

from typing import Any

from .board import BadRequest

#: The longest link drawn: a QR code holds at most 2,331 bytes at the error correction used (M); past about 1,200
#: a phone's camera no longer reads the modules off another phone's screen, so a longer link is only copied.
MAX_QR_LINK = 1200


def qr_answer(data: Any) -> dict[str, Any]:
    """``{svg}`` of the link (a viewBox, no size: the page sizes it), or ``{svg: "", message}`` when it is too long to scan."""
    link = data.get("link") if isinstance(data, dict) else None
    # the page's link is ASCII (its path percent-encoded, the position base64): anything else, a lone surrogate
    # included (which no encoder takes), is no link of the page
    if not isinstance(link, str) or not link.startswith(("http://", "https://")) or len(link) > 100_000 or not link.isascii():
        raise BadRequest("link: expected the page's http:// or https:// link")
    if len(link) > MAX_QR_LINK:
        return {"svg": "", "message": f"the link is {len(link):,} characters, too long for a QR code: copy it instead"}
    import segno

    return {"svg": segno.make(link, error="m").svg_inline(border=2, dark="#000", light="#fff", omitsize=True)}
