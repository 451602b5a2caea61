"""Documents parsed by earlier edit requests, kept by the text they stand for (a memo, not state per phone).

The page sends the whole text with each edit, and is sent back the text after it: the next edit usually
carries exactly that text. Parsing it again took 1.24 s for a file of 1,000 areas and 6,875 links, so the
document an edit leaves is kept under its text and the next edit carrying that text starts from it. Any phone
sending the same text gets the same document (the text decides, as before); one that sends another text has
it parsed. Each kept document is taken out when used (an edit changes it), a few at most are kept, and the
requests run in the server's thread pool, hence the lock.
"""

from __future__ import annotations

import gc
import threading
from collections import OrderedDict
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from ..document.document import ScenarioDocument
    from ..result import Result

#: How many documents are kept (the last edits of a few boards; one of 1,000 areas holds about 7 MB).
KEPT = 4

_kept: OrderedDict[tuple[str, str], ScenarioDocument] = OrderedDict()
_lock = threading.Lock()

#: The last texts edits took to change (kept or read): a view of one is the page's undo (its text before its last
#: edit), whose next edit should find it read (app._keep_read); a view of any other text reads nothing more.
_taken: OrderedDict[tuple[str, str], None] = OrderedDict()


def document_for(text: str, file: str) -> ScenarioDocument:
    """The document of ``text``: the one an earlier edit left with exactly this text, else ``text`` parsed (fast:
    its :meth:`~ScenarioDocument.text` may raise NeedsRuamel)."""
    with _lock:
        kept = _kept.pop((file, text), None)
        _taken[(file, text)] = None
        _taken.move_to_end((file, text))
        while len(_taken) > KEPT:
            _taken.popitem(last=False)
    # read from libyaml's events (document/fastread.py): 0.12 s instead of 0.9 s for 1,000 areas and 6,875 links; an
    # edit whose writing needs ruamel's reading raises NeedsRuamel (serve/board.py reads the text again and redoes it)
    return kept if kept is not None else read(text, file)


def read(text: str, file: str, *, fast: bool = True) -> ScenarioDocument:
    """``ScenarioDocument.from_text(text, file, fast=fast)``, its new objects put straight into the collector's oldest
    generation.

    A read makes about 100,000 objects (1,000 areas and 6,875 links) that live as long as the document is kept. The
    collector is off while they are made (as in the loader), and its next young pass walked them all (18-20 ms of the
    request, a quarter of an edit of a text not seen), then its middle pass once more. ``gc.freeze()`` then
    ``gc.unfreeze()`` moves every object the collector tracks into its oldest generation without walking any (two
    list splices): only its full passes see them, as they see every kept document. What else was young then (another
    request's garbage with cycles) waits for the next full pass; so do the objects the command froze at its start
    (cli.main), which a server's full passes walk from its first read on."""
    from ..document.document import ScenarioDocument

    collecting = gc.isenabled()
    gc.disable()
    try:
        return ScenarioDocument.from_text(text, file, fast=fast)
    finally:
        if collecting:
            gc.freeze()
            gc.unfreeze()
            gc.enable()


def holds(text: str, file: str) -> bool:
    """Whether a document of exactly this text is kept (the server read it, or wrote it: left as it is)."""
    with _lock:
        return (file, text) in _kept


def taken(text: str, file: str) -> bool:
    """Whether an edit took the document of exactly this text lately (changed it: it is kept no more)."""
    with _lock:
        return (file, text) in _taken


def commented(document: ScenarioDocument) -> bool:
    """Whether a document read from libyaml's events has lines only ruamel writes (comments, blank lines...)."""
    layout = document.original.layout
    return document.fast and (layout is None or layout.head_unsure or any(section.unsure for section in layout.sections))


def keep(text: str, file: str, document: ScenarioDocument) -> None:
    """Keep ``document`` (its text is ``text``) for the next edit of that text."""
    with _lock:
        _kept[(file, text)] = document
        _kept.move_to_end((file, text))
        while len(_kept) > KEPT:
            _kept.popitem(last=False)


#: The answer the last views drew, by file, text and the players' choices: the next round of that view starts from it
#: instead of resolving the phase again (1.7 s for 61 enemies on 1,000 areas). Each is taken out when used.
ANSWERS_KEPT = 2

_answers: OrderedDict[tuple[str, str, tuple[tuple[str, int], ...]], Result] = OrderedDict()


def keep_answer(text: str, file: str, choices: dict[str, int], result: Result) -> None:
    """Keep ``result`` (resolved from ``text`` with ``choices``, and drawn: nothing works it out any more)."""
    with _lock:
        key = (file, text, tuple(sorted(choices.items())))
        _answers[key] = result
        _answers.move_to_end(key)
        while len(_answers) > ANSWERS_KEPT:
            _answers.popitem(last=False)


def answer_for(text: str, file: str, choices: dict[str, int]) -> Result | None:
    """The answer a view kept for exactly this text and these choices, taken out; None when there is none."""
    with _lock:
        return _answers.pop((file, text, tuple(sorted(choices.items()))), None)


def forget() -> None:
    """Drop every kept document and answer (tests)."""
    with _lock:
        _kept.clear()
        _taken.clear()
        _answers.clear()
