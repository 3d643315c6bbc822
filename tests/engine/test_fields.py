"""`fields.digits`: a whole number typed as plain ASCII digits, or None."""

from __future__ import annotations

import re
from collections.abc import Callable
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from tablerank.engine import addresses, fields
from tablerank.engine.fields import digits, name_key, normal_name, parse_name
from tablerank.engine.records import SeatStatus, new_game
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
    made = addresses.id_from(name)
    assert re.fullmatch(fields.ID_PATTERN, made)
    assert fields.parse_id(made, "id") == made


def test_an_id_made_from_a_name_reads_as_the_name() -> None:
    assert addresses.id_from("Spring Qualifier 2026") == "spring-qualifier-2026"
    assert addresses.id_from("Köln Cup / Finale") == "köln-cup-finale"
    assert addresses.id_from("!!!") == "event"


def test_a_slug_is_what_the_site_s_addresses_take() -> None:
    assert re.fullmatch(addresses.SLUG_PATTERN, "rhein-catan_2026")
    for refused in ("", "köln", "a b", "a/b", "x" * 101):
        assert not re.fullmatch(addresses.SLUG_PATTERN, refused)


VALUES = st.one_of(
    st.none(),
    st.booleans(),
    st.integers(-5, 1005),
    st.floats(allow_nan=True),
    st.text(max_size=8),
    st.sampled_from(["", " ", " 7 ", "Ann", " Ann ", "ÄÖ", "a\x00b", "x" * 101, "ß" * 70,
                     "finished", "FREE", "yes", "2026-03-14", "2026-03-14T19:30", "g-1"]),
    st.sampled_from(list(SeatStatus)),
)  # fmt: skip
PARSERS: list[tuple[Callable[..., Any], Callable[..., Any], dict[str, Any]]] = [
    (fields.parse_text, fields._parse_text, {"limit": 100}),
    (fields.parse_text, fields._parse_text, {"limit": 5, "required": True}),
    (fields.parse_name, fields._parse_name, {}),
    (fields.parse_id, fields._parse_id, {}),
    (fields.parse_when, fields._parse_when, {}),
    (fields.parse_int, fields._parse_int, {"minimum": 1, "maximum": 100}),
    (fields.parse_vp, fields._parse_vp, {}),
    (fields.parse_bool, fields._parse_bool, {}),
    (fields.parse_choice, fields._parse_choice, {"kind": SeatStatus,
                                                 "default": SeatStatus.FINISHED}),
]  # fmt: skip


def answer(parse: Callable[..., Any], value: Any, options: dict[str, Any]) -> tuple[Any, ...]:
    try:
        found = parse(value, "field", **options)
    except RecordError as exc:
        return ("refused", exc.field, exc.message)
    return ("read", type(found), found)


@settings(max_examples=400)
@given(value=VALUES, which=st.integers(0, len(PARSERS) - 1))
def test_each_parser_takes_the_usual_value_as_its_full_checks_do(value: Any, which: int) -> None:
    quick, full, options = PARSERS[which]
    assert answer(quick, value, options) == answer(full, value, options)
