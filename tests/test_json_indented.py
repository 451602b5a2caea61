"""safe_text's indented JSON (``_indented``, what ``json_dumps`` writes with an indent) is the json module's text, byte for
byte, on random documents: nested objects and lists (and tuples), strings with controls, bidi and non-BMP characters,
integers (and subclasses: booleans, enums), floats, null, keys of every kind json accepts; and it refuses what json refuses."""

from __future__ import annotations

import enum
import json
import math

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from enemy_move.safe_text import _indented


class Kind(enum.IntEnum):
    ONE = 1


class Name(enum.StrEnum):
    A = "a\u202e"


scalars = st.one_of(
    st.text(),
    st.integers(),
    st.floats(allow_nan=False, allow_infinity=False),
    st.booleans(),
    st.none(),
    st.just(Kind.ONE),
    st.just(Name.A),
)
keys = st.one_of(st.text(), st.integers(), st.floats(allow_nan=False, allow_infinity=False), st.booleans(), st.none())
documents = st.recursive(
    scalars,
    lambda inner: st.one_of(st.lists(inner), st.lists(inner).map(tuple), st.dictionaries(keys, inner)),
    max_leaves=40,
)


@settings(max_examples=400, deadline=None)
@given(documents, st.sampled_from((1, 2, 4)))
def test_indented_json_is_the_json_modules(document: object, indent: int) -> None:
    assert _indented(document, indent) == json.dumps(document, indent=indent, ensure_ascii=False, allow_nan=False)


@pytest.mark.parametrize("bad", [math.nan, [1, math.inf], {"a": -math.inf}, {math.nan: 1}])
def test_what_json_refuses_as_out_of_range_is_refused(bad: object) -> None:
    with pytest.raises(ValueError):
        json.dumps(bad, indent=2, allow_nan=False)
    with pytest.raises(ValueError):
        _indented(bad, 2)


@pytest.mark.parametrize("bad", [{1, 2}, {(1, 2): 3}, object()])
def test_what_json_cannot_encode_is_refused(bad: object) -> None:
    with pytest.raises(TypeError):
        json.dumps(bad, indent=2)
    with pytest.raises(TypeError):
        _indented(bad, 2)
