"""Finishing places: given places win, else the winner first and the rest by VP."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from tablerank.engine.placement import competition_places, resolve_places
from tablerank.errors import RecordError


@pytest.mark.parametrize(
    ("keys", "places"),
    [
        ([1, 5, 5, 9], [1, 2, 2, 4]),
        ([1, 1, 2], [1, 1, 3]),
        ([3, 2, 1], [3, 2, 1]),
        ([7, 7, 7], [1, 1, 1]),
        ([2.5], [1]),
        ([], []),
    ],
)
def test_competition_places_share_equal_keys_and_skip_the_next(
    keys: list[float], places: list[int]
) -> None:
    assert competition_places(keys) == places


def test_given_places_are_used_and_normalised() -> None:
    got = resolve_places([True] * 3, [1, 1, 2], [False] * 3, [None] * 3)
    assert got == [1, 1, 3]


def test_given_places_win_over_vp_and_winner_flags_that_agree() -> None:
    got = resolve_places([True] * 3, [3, 1, 2], [False, True, False], [10, 2, 5])
    assert got == [3, 1, 2]


def test_without_places_the_winner_is_first_and_the_rest_follow_by_vp() -> None:
    got = resolve_places([True] * 4, [None] * 4, [False, False, True, False], [9, 4, 8, 9])
    assert got == [2, 4, 1, 2]


def test_winners_share_first_place_whatever_their_vp() -> None:
    got = resolve_places([True] * 3, [None] * 3, [True, True, False], [3, 12, 11])
    assert got == [1, 1, 3]


def test_without_a_winner_the_highest_vp_is_first() -> None:
    got = resolve_places([True] * 3, [None] * 3, [False] * 3, [5, 7.5, 7.5])
    assert got == [3, 1, 1]


def test_seats_not_present_get_no_place_and_do_not_take_one() -> None:
    got = resolve_places([True, False, True], [None] * 3, [False, False, False], [5, 100, 3])
    assert got == [1, None, 2]
    given = resolve_places([False, True, True], [None, 2, 1], [False] * 3, [None] * 3)
    assert given == [None, 2, 1]


def test_a_seat_not_present_needs_no_place_when_places_are_given() -> None:
    got = resolve_places([True, True, False], [1, 2, None], [False] * 3, [None] * 3)
    assert got == [1, 2, None]


def test_a_present_seat_missing_a_given_place_is_an_error() -> None:
    with pytest.raises(RecordError) as info:
        resolve_places([True] * 3, [1, None, 2], [False] * 3, [None] * 3)
    assert info.value.field == "seats[1].place"


def test_a_non_winner_without_vp_is_an_error() -> None:
    with pytest.raises(RecordError) as info:
        resolve_places([True] * 3, [None] * 3, [True, False, False], [None, 5, None])
    assert info.value.field == "seats[2].vp"


def test_a_winner_needs_no_vp() -> None:
    assert resolve_places([True, True], [None, None], [True, False], [None, 0]) == [1, 2]


def test_with_a_winner_and_no_vp_recorded_the_others_share_the_next_place() -> None:
    got = resolve_places([True] * 4, [None] * 4, [False, True, False, False], [None] * 4)
    assert got == [2, 1, 2, 2]


def test_without_a_winner_vp_or_places_seats_cannot_be_placed() -> None:
    with pytest.raises(RecordError) as info:
        resolve_places([True] * 2, [None] * 2, [False] * 2, [None] * 2)
    assert info.value.field == "seats[0]"


def test_a_marked_winner_not_placed_first_is_an_error() -> None:
    with pytest.raises(RecordError) as info:
        resolve_places([True] * 2, [1, 2], [False, True], [None, None])
    assert info.value.field == "seats[0].place"
    assert "placed first but another seat is marked winner" in info.value.message


@settings(max_examples=300)
@given(st.lists(st.one_of(st.integers(-3, 3), st.floats(-3, 3)), max_size=8))
def test_a_place_is_one_more_than_the_keys_below_it(keys: list[float]) -> None:
    assert competition_places(keys) == [1 + sum(other < key for other in keys) for key in keys]
