"""Hostile input on what rules round 4 (issues 33 to 35) added: stat cards, the table page's requests.

Each case here was a break found by feeding the tool hostile input: a value read although it is not what the
documentation says is accepted, or a traceback (an HTTP 500) where the promise is one line saying what is wrong.
"""

from __future__ import annotations

import pytest

from enemy_move.editor.forms import Field, parse_value
from enemy_move.serve.board import BadRequest, _cell, parse_position


@pytest.mark.parametrize(
    ("sent", "read"),
    [
        ("3,4", (3, 4)),
        (" 3 , 4 ", (3, 4)),
        ("-1,-1", (-1, -1)),
        ("Hall", "Hall"),
        # str.isdigit() takes these, int() does not ("³") or reads a non-ASCII digit ("٣"): a 500 or a misread before.
        ("³,1", "³,1"),
        ("٣,1", "٣,1"),
        ("--1,1", "--1,1"),
        ("1_0,1", "1_0,1"),
        ("99999,1", "99999,1"),
        ("", None),
        (None, None),
    ],
)
def test_the_page_reads_a_cell_from_ascii_digits_only(sent: str | None, read: object) -> None:
    assert parse_position(sent) == read


@pytest.mark.parametrize("sent", ["³,1", "--1,1", "٣,٣", "1,2,3", "x"])
def test_a_cell_the_page_should_not_send_is_a_bad_request(sent: str) -> None:
    with pytest.raises(BadRequest):
        _cell(sent)


@pytest.mark.parametrize(("typed", "read"), [("3", 3), (" 3 ", 3), ("+3", 3), ("2.5", 2.5), ("2.0", 2), ("-1", -1)])
def test_a_number_field_reads_ascii_numbers(typed: str, read: object) -> None:
    assert parse_value(Field("move", "move", "number"), typed) == read


@pytest.mark.parametrize("typed", ["٣", "³", "1_0", "1e3", "inf", "nan", "0x10", "9" * 5000])
def test_a_number_field_keeps_anything_else_as_typed_for_the_loader_to_refuse(typed: str) -> None:
    # float() took all of these: "٣" as 3, "1_0" as 10, 5,000 nines as infinity (written to the file as .inf).
    assert parse_value(Field("move", "move", "number"), typed) == typed
    assert parse_value(Field("move", "move", "signed"), typed) == typed
