"""A checkpoint's state reads back exactly from either of its stored forms."""

from __future__ import annotations

import numpy as np
from hypothesis import given
from hypothesis import strategies as st

from tablerank.league.checkpoint_blobs import decode, encode_columns, encode_json

names = st.text(st.characters(codec="utf-8", exclude_characters="\0"), min_size=1, max_size=12)
ratings = st.floats(allow_nan=False, allow_infinity=False)
wide = st.dictionaries(names, st.tuples(ratings, st.integers(0, 2**40)), max_size=20)
whole = st.integers(-(2**31) + 1, 2**31 - 1).map(float)
small = st.dictionaries(names, st.tuples(whole, st.integers(0, 2**31 - 1)), max_size=20)


@given(st.one_of(wide, small))
def test_both_forms_read_back_every_rating_bit_for_bit(state: dict[str, tuple[float, int]]) -> None:
    ratings = {name: rating for name, (rating, _) in state.items()}
    games = {name: count for name, (_, count) in state.items()}
    columns = encode_columns(
        list(state), np.array(list(ratings.values()), float), np.array(list(games.values()))
    )
    assert columns is not None
    for blob in (columns, encode_json(ratings, games)):
        read, counted = decode(blob)
        assert {n: repr(float(v)) for n, v in read.items()} == {
            n: repr(v) for n, v in ratings.items()
        }
        assert counted == games


def test_a_name_holding_a_nul_is_not_written_as_columns() -> None:
    assert encode_columns(["a\0b"], np.zeros(1), np.zeros(1, np.int64)) is None
