"""A reading's answer compared with the turn's as it is made (readings.name_readings): stopped at the first option
that differs, the later ones never worked out."""

from __future__ import annotations

from ...result import Option


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
