"""Rounding as the seeds mean it: nearest whole number, halves away from zero (@ROUND)."""

from __future__ import annotations

from decimal import ROUND_HALF_UP, Decimal

import pytest
from hypothesis import given
from hypothesis import strategies as st

from tablerank.engine.rounding import round_half_away


@pytest.mark.parametrize(
    ("x", "expected"),
    [
        (0.0, 0),
        (0.49, 0),
        (0.5, 1),
        (1.5, 2),
        (2.5, 3),
        (-0.5, -1),
        (-1.5, -2),
        (-2.5, -3),
        (-0.49, 0),
        (2.4999, 2),
        (-2.5001, -3),
        (105 / 3, 35),
        (85 / 3, 28),
        (75 / 3, 25),
        (7.0, 7),
        (-7.0, -7),
    ],
)
def test_halves_round_away_from_zero(x: float, expected: int) -> None:
    assert round_half_away(x) == expected
    assert isinstance(round_half_away(x), int)


def test_it_is_not_pythons_banker_rounding() -> None:
    assert round(2.5) == 2
    assert round_half_away(2.5) == 3
    assert round(-0.5) == 0
    assert round_half_away(-0.5) == -1


@given(st.integers(-(10**6), 10**6), st.sampled_from([1, 2, 3, 4, 5, 6, 8, 10, 20]))
def test_it_matches_spreadsheet_rounding_of_the_ratios_the_systems_divide(
    numerator: int, divisor: int
) -> None:
    exact = (Decimal(numerator) / Decimal(divisor)).quantize(Decimal(1), rounding=ROUND_HALF_UP)
    assert round_half_away(numerator / divisor) == int(exact)


@given(st.floats(-1e6, 1e6, allow_nan=False))
def test_it_is_odd_symmetric(x: float) -> None:
    assert round_half_away(-x) == -round_half_away(x)


def test_the_largest_float_below_a_half_rounds_to_zero() -> None:
    below_half = 0.49999999999999994
    assert below_half < 0.5
    assert round_half_away(below_half) == 0
    assert round_half_away(-below_half) == 0
