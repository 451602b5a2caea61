"""A reading's answer compared with the turn's as it is made (readings.name_readings): stopped at the first option
that differs, the later ones never worked out."""

from __future__ import annotations

from collections.abc import Iterable, Iterator
from contextlib import contextmanager
from contextvars import ContextVar

from ...result import Option, Turn


class AnswerDiffers(Exception):
    """An option made for a reading is not the one at its place in the turn's answer (to, attacks, effects)."""


class ComparedOptions(list[Option]):
    """A list of options that checks each one appended against the option at its place in ``against``."""

    def __init__(self, against: list[Option]):
        super().__init__()
        self.against = against

    def append(self, option: Option) -> None:
        index = len(self)
        if index >= len(self.against):
            raise AnswerDiffers
        there = self.against[index]
        if option.to != there.to or option.attacks != there.attacks or option.effects != there.effects:
            raise AnswerDiffers
        super().append(option)


class AnswerCheck:
    """The answer a reading's turn is compared with while that turn is planned focus by focus: its focus, and each
    option's hex and targets (Turn.finish keeps every such pair once, sorted: an option whose pair the answer lacks,
    or another focus, makes the answers differ whatever comes after)."""

    def __init__(self, against: Turn):
        self.focus = against.focus
        self.pairs = {(option.to, tuple(sorted(option.attacks))) for option in against.options}

    def focus_is(self, labels: Iterable[str]) -> None:
        if sorted(set(labels)) != self.focus:
            raise AnswerDiffers

    def options_are(self, options: Iterable[Option]) -> None:
        if any((option.to, tuple(sorted(option.attacks))) not in self.pairs for option in options):
            raise AnswerDiffers


#: The answer the turn being resolved is compared with (None: none, it is not a reading's).
_AGAINST: ContextVar[Turn | None] = ContextVar("gloomhaven_against", default=None)
#: Whether a reading's one-action turn is compared as it is planned (tests turn it off to compare).
COMPARE_AS_PLANNED = True


@contextmanager
def compared_with(against: Turn | None) -> Iterator[None]:
    """While a reading's turn for a one-action card is resolved: :func:`answer_check` gives ``against``'s check."""
    token = _AGAINST.set(against if COMPARE_AS_PLANNED else None)
    try:
        yield
    finally:
        _AGAINST.reset(token)


def answer_check() -> AnswerCheck | None:
    """The check of the turn being resolved (read once, by its resolve_turn), None when it is compared with nothing."""
    against = _AGAINST.get()
    if against is None:
        return None
    _AGAINST.set(None)  # read by the turn's own resolve_turn only, never by another it may lead to
    return AnswerCheck(against)
