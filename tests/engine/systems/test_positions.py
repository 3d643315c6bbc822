"""Awards by position with ties shared: the tied share the sum of the positions they occupy."""

from __future__ import annotations

import pytest

from tablerank.engine.systems.positions import describe_position, shared_awards


@pytest.mark.parametrize(
    ("places", "table", "awards"),
    [
        ([1, 2, 3], (40, 20, 0), [40, 20, 0]),
        ([1, 2, 2], (40, 20, 0), [40, 10, 10]),
        ([1, 2, 2, 4], (50, 20, 10, 0), [50, 15, 15, 0]),
        ([1, 2, 3, 3], (50, 20, 10, 0), [50, 20, 5, 5]),
        ([1, 2, 2, 2], (50, 20, 10, 0), [50, 10, 10, 10]),
        ([1, 1, 3], (4, 2, 1), [3, 3, 1]),
        ([3, 1, 1], (4, 2, 1), [1, 3, 3]),
        ([1, 1, 1, 1], (5, 3, 2, 1), [2.75, 2.75, 2.75, 2.75]),
    ],
)
def test_tied_positions_share_the_sum_of_their_awards(
    places: list[int], table: tuple[float, ...], awards: list[float]
) -> None:
    assert shared_awards(places, table) == awards


def test_shared_awards_keep_the_tables_total() -> None:
    assert sum(shared_awards([1, 2, 2, 4, 4, 4], (70, 40, 30, 20, 10, 0))) == 170


def test_a_single_position_is_described_by_its_ordinal() -> None:
    assert describe_position(2, 1, (50, 20, 10, 0), 20) == "2nd of 4: 20"


def test_a_shared_position_shows_the_division() -> None:
    text = describe_position(2, 3, (50, 20, 10, 0), 10)
    assert text == "2nd-4th shared by 3 of 4: (20 + 10 + 0) / 3 = 10"
    assert describe_position(1, 3, (1, 0, 0), 1 / 3) == (
        "1st-3rd shared by 3 of 3: (1 + 0 + 0) / 3 = 0.3333"
    )
