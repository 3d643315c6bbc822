"""`fields.digits`: a whole number typed as plain ASCII digits, or None."""

from __future__ import annotations

import re

import pytest
from hypothesis import given
from hypothesis import strategies as st

from tablerank.engine import fields
from tablerank.engine.fields import digits, name_key, normal_name, parse_name
from tablerank.engine.records import new_game
from tablerank.errors import RecordError


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


DECOMPOSED, COMPOSED = "Zoe\u0308", "Zo\u00eb"  # Zoë: e and a combining diaeresis, and ë


def test_a_name_is_read_in_its_composed_form() -> None:
    assert normal_name(DECOMPOSED) == COMPOSED
    assert parse_name(f" {DECOMPOSED} ", "player") == COMPOSED
    assert name_key(" ZOE\u0308 ") == name_key(COMPOSED) == "zo\u00eb"
    assert normal_name("Ann") == "Ann"


def test_a_name_too_long_once_composed_is_refused() -> None:
    """Composing can lengthen a name: U+0958 composes to two characters."""
    with pytest.raises(RecordError, match="is 101 characters long"):
        parse_name("a" * 99 + "\u0958", "player")


def test_games_seat_one_player_however_the_name_is_encoded() -> None:
    seats = [{"player": DECOMPOSED, "vp": 10, "winner": True}, {"player": COMPOSED, "vp": 5}]
    with pytest.raises(RecordError, match="already at this table"):
        new_game(id="g1", date="2026-01-01", seats=seats)
    game = new_game(id="g1", date="2026-01-01", seats=[seats[0], {"player": "Ann", "vp": 5}])
    assert game.seats[0].player == COMPOSED


@given(st.text(max_size=200))
def test_an_id_made_from_any_name_is_a_valid_id(name: str) -> None:
    """`id_from` (an event's record id from its name) always lands in the id alphabet."""
    made = fields.id_from(name)
    assert re.fullmatch(fields.ID_PATTERN, made)
    assert fields.parse_id(made, "id") == made


def test_an_id_made_from_a_name_reads_as_the_name() -> None:
    assert fields.id_from("Spring Qualifier 2026") == "spring-qualifier-2026"
    assert fields.id_from("Köln Cup / Finale") == "köln-cup-finale"
    assert fields.id_from("!!!") == "event"


def test_a_slug_is_what_the_site_s_addresses_take() -> None:
    assert re.fullmatch(fields.SLUG_PATTERN, "rhein-catan_2026")
    for refused in ("", "köln", "a b", "a/b", "x" * 101):
        assert not re.fullmatch(fields.SLUG_PATTERN, refused)
