"""Standard competition ranking (1, 1, 3) and ordinals."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from tablerank.engine.ranking import competition_ranks, ordinal, rank_of_each, same_score


def ranks(scores: dict[str, float]) -> list[tuple[int, str]]:
    return competition_ranks(scores)


def test_equal_scores_share_a_place_and_the_next_place_is_skipped() -> None:
    # Seed 001: Vincent and Siegfried have the same score; both 1st, place 2 skipped.
    got = ranks({"Vincent": 30, "Siegfried": 30, "Ada": 20})
    assert got == [(1, "Siegfried"), (1, "Vincent"), (3, "Ada")]


def test_higher_scores_rank_first() -> None:
    assert ranks({"a": 1, "b": 3, "c": 2}) == [(1, "b"), (2, "c"), (3, "a")]


def test_ties_after_the_first_place_skip_correctly() -> None:
    got = ranks({"a": 5, "b": 4, "c": 4, "d": 4, "e": 1})
    assert [r for r, _ in got] == [1, 2, 2, 2, 5]


def test_tied_items_are_listed_by_name_ignoring_case() -> None:
    got = ranks({"bob": 1, "Alice": 1, "carol": 1})
    assert [p for _, p in got] == ["Alice", "bob", "carol"]


def test_sums_reaching_the_same_total_by_different_float_paths_tie() -> None:
    assert 0.1 + 0.2 != 0.3
    got = ranks({"x": 0.1 + 0.2, "y": 0.3})
    assert [r for r, _ in got] == [1, 1]
    assert same_score(0.1 + 0.2) == same_score(0.3)


def test_scores_differing_in_the_ninth_decimal_do_not_tie() -> None:
    got = ranks({"x": 0.333333333, "y": 0.333333334})
    assert got == [(1, "y"), (2, "x")]


def test_an_empty_list_has_no_ranks() -> None:
    assert ranks({}) == []


def test_lower_first_ranks_the_lowest_score_best_and_still_shares_ties() -> None:
    got = competition_ranks({"a": 2.5, "b": 1.0, "c": 2.5, "d": 4.0}, lower_first=True)
    assert got == [(1, "b"), (2, "a"), (2, "c"), (4, "d")]


@pytest.mark.parametrize(
    ("n", "text"),
    [
        (1, "1st"),
        (2, "2nd"),
        (3, "3rd"),
        (4, "4th"),
        (10, "10th"),
        (11, "11th"),
        (12, "12th"),
        (13, "13th"),
        (21, "21st"),
        (22, "22nd"),
        (23, "23rd"),
        (64, "64th"),
        (101, "101st"),
        (111, "111th"),
        (112, "112th"),
        (150, "150th"),
    ],
)
def test_ordinals_read_as_english(n: int, text: str) -> None:
    assert ordinal(n) == text


@given(st.dictionaries(st.text(max_size=3), st.sampled_from([0.0, 1.5, 2.0, 1e-12, -3.0])))
def test_rank_of_each_agrees_with_competition_ranks(scores: dict[str, float]) -> None:
    for lower_first in (False, True):
        expected = {p: r for r, p in competition_ranks(scores, lower_first=lower_first)}
        assert rank_of_each(scores, lower_first=lower_first) == expected
