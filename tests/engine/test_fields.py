"""`fields.digits`: a whole number typed as plain ASCII digits, or None."""

from __future__ import annotations

import pytest

from tablerank.engine.fields import digits


@pytest.mark.parametrize(
    ("text", "number"), [("0", 0), ("7", 7), ("0012", 12), ("9" * 38, int("9" * 38))]
)
def test_ascii_digits_are_their_number(text: str, number: int) -> None:
    assert digits(text) == number


@pytest.mark.parametrize(
    "text", ["", " 7", "7 ", "-1", "+1", "1.0", "1e3", "²", "①", "٣", "9" * 39, "9" * 5000]
)
def test_anything_else_is_none(text: str) -> None:
    """ "²", "①" and "٣" pass `str.isdigit`; `int` refuses the first two and more than 4,300
    digits."""
    assert digits(text) is None


def test_the_limit_is_the_callers() -> None:
    assert digits("12345", limit=4) is None
    assert digits("1234", limit=4) == 1234
