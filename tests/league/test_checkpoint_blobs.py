"""A checkpoint's state reads back exactly from either of its stored forms, and each of a
replay's consecutive checkpoints alone."""

from __future__ import annotations

import numpy as np
from hypothesis import given
from hypothesis import strategies as st

from tablerank.league.store.checkpoint_blobs import decode, encode_json
from tablerank.league.store.checkpoint_columns import ColumnsWriter

names = st.text(st.characters(codec="utf-8", exclude_characters="\0"), min_size=1, max_size=12)
ratings = st.floats(allow_nan=False, allow_infinity=False)
wide = st.dictionaries(names, st.tuples(ratings, st.integers(0, 2**40)), max_size=20)
whole = st.integers(-(2**31) + 1, 2**31 - 1).map(float)
small = st.dictionaries(names, st.tuples(whole, st.integers(0, 2**31 - 1)), max_size=20)


@given(st.one_of(wide, small))
def test_both_forms_read_back_every_rating_bit_for_bit(state: dict[str, tuple[float, int]]) -> None:
    ratings = {name: rating for name, (rating, _) in state.items()}
    games = {name: count for name, (_, count) in state.items()}
    columns = ColumnsWriter(list(state)).encode(
        np.array(list(ratings.values()), float),
        np.array(list(games.values()), np.int64),
        np.ones(len(state), np.uint8),
    )
    assert columns is not None
    for blob in (columns, encode_json(ratings, games)):
        read, counted = decode(blob)
        assert {n: repr(float(v)) for n, v in read.items()} == {
            n: repr(v) for n, v in ratings.items()
        }
        assert counted == games


@given(
    st.lists(names, min_size=1, max_size=12, unique=True),
    st.lists(st.lists(st.booleans(), min_size=12, max_size=12), min_size=1, max_size=5),
    st.integers(0, 2**20),
)
def test_each_of_a_replays_checkpoints_reads_back_alone(
    called: list[str], newly: list[list[bool]], seed: int
) -> None:
    """Checkpoints written one after another as names become rated (never unrated): each
    reads back its own names, ratings and games, whatever came before it."""
    rng = np.random.default_rng(seed)
    writer, rated = ColumnsWriter(called), np.zeros(len(called), np.uint8)
    for more in newly:
        rated |= np.array(more[: len(called)], np.uint8)
        ratings = rng.integers(-1000, 5000, len(called)).astype(float)
        counts = rng.integers(0, 500, len(called))
        blob = writer.encode(ratings, counts, rated)
        assert blob is not None
        read, counted = decode(blob)
        expected = {name: i for i, name in enumerate(called) if rated[i]}
        assert read == {name: ratings[i] for name, i in expected.items()}
        assert counted == {name: counts[i] for name, i in expected.items()}


def test_a_name_holding_a_nul_is_not_written_as_columns() -> None:
    writer = ColumnsWriter(["Ann", "a\0b"])
    assert writer.encode(np.zeros(2), np.zeros(2, np.int64), np.array([1, 0], np.uint8))
    assert writer.encode(np.zeros(2), np.zeros(2, np.int64), np.ones(2, np.uint8)) is None
