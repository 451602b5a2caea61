"""The text a document was read from (or last saved, or settled), which every later text is spliced into."""

from __future__ import annotations

from dataclasses import dataclass, field
from functools import cached_property
from typing import TYPE_CHECKING, Any

from ruamel.yaml.comments import CommentedMap

from ..yaml_blocks import LINE_BREAK
from .nodes import dump, yaml_io

if TYPE_CHECKING:
    from .layout import Layout
    from .splice import Splicer


@dataclass(frozen=True)
class Original:
    """The text a document was read from, which every later text is spliced into: part by part where its layout is
    known (layout.py), else whole (ruamel's text of the whole tree against ``base``)."""

    text: str  # as read, without a byte-order mark
    bom: bool = False
    raw: bytes | None = None  # the bytes on disk when read from a file: what a save compares the file with
    layout: Layout | None = None
    indent: tuple[int, int, int] = (2, 4, 2)
    known_base: str | None = field(default=None, repr=False)

    @cached_property
    def base(self) -> str:
        """ruamel's text of the file as read (made when first needed: the layout seldom needs it)."""
        from .view import writer_view

        return self.known_base if self.known_base is not None else dump(yaml_io(self.indent).load(writer_view(self.text)), self.indent)

    @cached_property
    def splicer(self) -> Splicer:
        """Made once (the alignment of the file with ruamel's text of it), used by every later text."""
        from .splice import Splicer

        return Splicer(self.text, self.base)


def plain_view(text: str) -> bool:
    """Whether the writer's view of ``text`` is the text itself (line breaks aside): its lines are ruamel's lines."""
    return "\t" not in text and "\ufeff" not in text


def read_original(
    text: str, data: CommentedMap, indent: tuple[int, int, int], bom: bool, raw: bytes | None, whole: Any, view: str
) -> Original:
    """The Original of a text just read: with its layout when ruamel read the text's own lines, else ruamel's text of it."""
    from .layout import read_layout

    layout = read_layout(text, data, whole, indent) if plain_view(text) or view == LINE_BREAK.sub("\n", text) else None
    if layout is None:
        return Original(text, bom, raw, indent=indent, known_base=dump(data, indent))
    return Original(text, bom, raw, layout, indent)
