"""The documented limits (docs/records.md): each bad value is a RecordError naming its field."""

from __future__ import annotations

import ast
import datetime as dt
import re
import unicodedata
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from tablerank.engine import fields
from tablerank.engine.records import (
    EARLIEST_DATE,
    ID_PATTERN,
    LATEST_DATE,
    MAX_EVENT_PLAYERS,
    MAX_ID_LENGTH,
    MAX_KEY_LENGTH,
    MAX_NAME_KEY_LENGTH,
    MAX_NAME_LENGTH,
    MAX_ROUNDS,
    MAX_SEATS,
    MAX_TEXT_LENGTH,
    MAX_VP,
    Game,
    event_from_dict,
    game_from_dict,
)
from tablerank.errors import RecordError

LEAGUE = Path(__file__).parents[2] / "src" / "tablerank" / "league"
MODELS = sorted((LEAGUE / "models").glob("*.py"))
ALPHABET = "letters, digits, '_', '.', '~' and '-', starting with a letter, digit or '_'"


def raw_game(**changes: Any) -> dict[str, Any]:
    raw: dict[str, Any] = {
        "id": "g1",
        "date": "2026-03-14",
        "seats": [
            {"player": "Ann", "vp": 10, "winner": True},
            {"player": "Ben", "vp": 8},
            {"player": "Cleo", "vp": 6},
        ],
    }
    raw.update(changes)
    return raw


def raw_seat(**changes: Any) -> dict[str, Any]:
    """A game whose second seat (Ben) has these fields changed."""
    raw = raw_game()
    raw["seats"][1].update(changes)
    return raw


def raw_event(**changes: Any) -> dict[str, Any]:
    raw: dict[str, Any] = {
        "id": "Winter Cup",
        "date": "2026-03-14",
        "rounds": 3,
        "standings": [
            {"player": "Ann", "place": 1, "wins": 3},
            {"player": "Ben", "place": 2, "wins": 1, "losses": 2},
        ],
    }
    raw.update(changes)
    return raw


def game_error(raw: dict[str, Any]) -> tuple[str, str]:
    with pytest.raises(RecordError) as info:
        game_from_dict(raw)
    return info.value.field, info.value.message


def event_error(raw: dict[str, Any]) -> tuple[str, str]:
    with pytest.raises(RecordError) as info:
        event_from_dict(raw)
    return info.value.field, info.value.message


# -- text ------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("char", "what"),
    [
        ("\ud800", "a lone surrogate (U+D800)"),
        ("\udfff", "a lone surrogate (U+DFFF)"),
        ("\x00", "a control character (U+0000)"),
        ("\x1b", "a control character (U+001B)"),
        ("\n", "a control character (U+000A)"),
        ("\x85", "a control character (U+0085)"),
        ("\u2028", "a control character (U+2028)"),
    ],
)
def test_a_player_name_must_be_valid_text(char: str, what: str) -> None:
    assert game_error(raw_seat(player=f"Be{char}n")) == (
        "seats[1].player",
        f"is not valid text: {what} at character 3",
    )


@pytest.mark.parametrize(
    ("raw", "field"),
    [
        (raw_game(game="Kre\x00mlin"), "game"),
        (raw_game(group="a\ud800"), "group"),
        (raw_game(city="Kö\x07ln"), "city"),
        (raw_game(event="Cup\x00"), "event"),
        (raw_game(variant="base\x00"), "variant"),
        (raw_seat(team="red\x00"), "seats[1].team"),
        (raw_seat(vp=None, sources={"cities\x00": 6}), "seats[1].sources[0]"),
        (raw_game(id="g\ud800"), "id"),
    ],
)
def test_every_text_field_must_be_valid_text(raw: dict[str, Any], field: str) -> None:
    got_field, message = game_error(raw)
    assert got_field == field
    assert message.startswith("is not valid text: ")


def test_an_event_id_and_a_standing_name_must_be_valid_text() -> None:
    assert event_error(raw_event(id="Cup\ud800"))[0] == "id"
    bad = raw_event()
    bad["standings"][1]["player"] = "B\x00n"
    assert event_error(bad)[0] == "standings[1].player"


def test_letters_of_any_script_marks_and_joiners_are_text() -> None:
    family = "\U0001f468\u200d\U0001f469\u200d\U0001f467"  # a ZWJ emoji sequence
    game = game_from_dict(raw_seat(player=f"Zoë 李 {family}", team="Ünited\u00a0FC"))
    assert game.seats[1].player == f"Zoë 李 {family}"
    assert game.seats[1].team == "Ünited\u00a0FC"


@pytest.mark.parametrize(
    ("raw", "field", "limit"),
    [
        (raw_seat(player="x" * (MAX_NAME_LENGTH + 1)), "seats[1].player", MAX_NAME_LENGTH),
        (raw_seat(team="x" * (MAX_NAME_LENGTH + 1)), "seats[1].team", MAX_NAME_LENGTH),
        (raw_game(event="x" * (MAX_NAME_LENGTH + 1)), "event", MAX_NAME_LENGTH),
        (raw_game(game="x" * (MAX_TEXT_LENGTH + 1)), "game", MAX_TEXT_LENGTH),
        (raw_game(group="x" * (MAX_TEXT_LENGTH + 1)), "group", MAX_TEXT_LENGTH),
        (raw_game(city="x" * (MAX_TEXT_LENGTH + 1)), "city", MAX_TEXT_LENGTH),
        (raw_game(variant="x" * (MAX_KEY_LENGTH + 1)), "variant", MAX_KEY_LENGTH),
        (
            raw_seat(vp=None, sources={"x" * (MAX_KEY_LENGTH + 1): 2}),
            "seats[1].sources[0]",
            MAX_KEY_LENGTH,
        ),
        (raw_game(id="x" * (MAX_ID_LENGTH + 1)), "id", MAX_ID_LENGTH),
    ],
)
def test_text_longer_than_its_limit_is_refused(raw: dict[str, Any], field: str, limit: int) -> None:
    assert game_error(raw) == (
        field,
        f"is {limit + 1} characters long; at most {limit} are allowed",
    )


def test_text_at_its_limit_is_accepted() -> None:
    game = game_from_dict(
        raw_game(
            id="x" * MAX_ID_LENGTH,
            game="g" * MAX_TEXT_LENGTH,
            city="c" * MAX_TEXT_LENGTH,
            group="p" * MAX_TEXT_LENGTH,
            event="e" * MAX_NAME_LENGTH,
            seats=[{"player": "n" * MAX_NAME_LENGTH, "place": 1}, {"player": "B", "place": 2}],
        )
    )
    assert game.seats[0].player == "n" * MAX_NAME_LENGTH
    assert game.id == "x" * MAX_ID_LENGTH


def test_a_name_too_long_once_case_is_folded_is_refused() -> None:
    # "ŉ" folds to two characters, "ΐ" to three: 100 of them fold to 300.
    assert game_error(raw_seat(player="ΐ" * MAX_NAME_LENGTH)) == (
        "seats[1].player",
        f"is {3 * MAX_NAME_LENGTH} characters long once case is folded; "
        f"at most {MAX_NAME_KEY_LENGTH} are allowed",
    )
    assert game_from_dict(raw_seat(player="ß" * MAX_NAME_LENGTH)).seats[1].player[0] == "ß"


def test_an_event_id_is_a_name() -> None:
    assert event_from_dict(raw_event(id="Autumn Open / 2026")).id == "Autumn Open / 2026"
    assert event_error(raw_event(id="x" * (MAX_NAME_LENGTH + 1)))[0] == "id"


# -- ids -------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    "game_id", ["g1", "20260314-a1b2c3", "kö-002", "2026.03.14~1", "_tmp", "A_B-c.d~e", 42]
)
def test_ids_in_the_documented_alphabet_are_accepted(game_id: Any) -> None:
    assert game_from_dict(raw_game(id=game_id)).id == str(game_id)


@pytest.mark.parametrize(
    "game_id", ["a/b", "a b", "..", ".", "-1", "~x", "a?b", "a#b", "a%2F", "ü/"]
)
def test_an_id_outside_the_alphabet_names_the_alphabet(game_id: str) -> None:
    assert game_error(raw_game(id=game_id)) == (
        "id",
        f"expected 1-{MAX_ID_LENGTH} {ALPHABET}; got {game_id!r}",
    )


def test_the_id_pattern_is_the_one_the_engine_applies() -> None:
    pattern = re.compile(ID_PATTERN)
    for good in ("g1", "kö-002", "x" * MAX_ID_LENGTH):
        assert pattern.match(good)
    for bad in ("a/b", ".", "x" * (MAX_ID_LENGTH + 1), ""):
        assert not pattern.match(bad)


# -- numbers ---------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("vp", "message"),
    [
        (1e24, f"1e+24 VP is over the limit of {MAX_VP} VP"),
        (1e15, f"1e+15 VP is over the limit of {MAX_VP} VP"),
        (MAX_VP + 1, f"{MAX_VP + 1} VP is over the limit of {MAX_VP} VP"),
        (MAX_VP + 0.5, f"{MAX_VP + 0.5:g} VP is over the limit of {MAX_VP} VP"),
        ("1e400", "expected a finite number of VP, got inf"),
        (10**400, f"a number of more than 38 digits VP is over the limit of {MAX_VP} VP"),
        (-(10**400), "VP cannot be negative, got a number of more than 38 digits"),
    ],
)
def test_vp_over_the_limit_is_refused(vp: Any, message: str) -> None:
    assert game_error(raw_seat(vp=vp)) == ("seats[1].vp", message)


def test_vp_at_the_limit_is_accepted() -> None:
    raw = raw_game(game="Marathon", seats=[{"player": "A", "vp": MAX_VP}, {"player": "B", "vp": 0}])
    assert game_from_dict(raw).seats[0].vp == MAX_VP


@pytest.mark.parametrize(
    ("raw", "field", "message"),
    [
        (
            raw_seat(vp=None, sources={"cities": MAX_VP + 2}),
            "seats[1].sources.cities",
            f"expected a whole number from 0 to {MAX_VP}, got {MAX_VP + 2}",
        ),
        (
            raw_game(target=MAX_VP + 1),
            "target",
            f"expected a whole number from 1 to {MAX_VP}, got {MAX_VP + 1}",
        ),
        (
            raw_game(round=MAX_ROUNDS + 1),
            "round",
            f"expected a whole number from 0 to {MAX_ROUNDS}, got {MAX_ROUNDS + 1}",
        ),
        (raw_game(target="9" * 39), "target", f"expected a whole number, got '{'9' * 39}'"),
        (raw_game(target=float("inf")), "target", "expected a whole number, got inf"),
        (raw_game(target=float("nan")), "target", "expected a whole number, got nan"),
        (raw_seat(place=4), "seats[1].place", "place 4 at a table of 3 seats"),
        (
            raw_seat(place=MAX_SEATS + 1),
            "seats[1].place",
            f"expected a whole number from 1 to {MAX_SEATS}, got {MAX_SEATS + 1}",
        ),
        (raw_game(id=10**400), "id", "expected text, got a number of more than 38 digits"),
    ],
)
def test_numbers_beyond_their_bounds_are_refused(
    raw: dict[str, Any], field: str, message: str
) -> None:
    assert game_error(raw) == (field, message)


def test_a_table_has_at_most_max_seats() -> None:
    seats = [{"player": f"P{i}", "place": 1 + i} for i in range(MAX_SEATS + 1)]
    assert game_error(raw_game(game="Party", seats=seats)) == (
        "seats",
        f"{MAX_SEATS + 1} seats; a table has at most {MAX_SEATS}",
    )
    assert len(game_from_dict(raw_game(game="Party", seats=seats[:MAX_SEATS])).seats) == MAX_SEATS


def test_a_lone_seat_may_be_second_it_lost_to_the_game() -> None:
    raw = raw_game(game="Solo", seats=[{"player": "Ann", "place": 2}])
    assert game_from_dict(raw).seats[0].place == 1  # places are competition ranks
    assert game_error(raw_game(game="Solo", seats=[{"player": "Ann", "place": 3}])) == (
        "seats[0].place",
        "place 3 at a table of 1 seats",
    )


@pytest.mark.parametrize(
    ("changes", "field", "message"),
    [
        (
            {"rounds": MAX_ROUNDS + 1},
            "rounds",
            f"expected a whole number from 1 to {MAX_ROUNDS}, got {MAX_ROUNDS + 1}",
        ),
        (
            {"wins": MAX_ROUNDS + 1},
            "standings[0].wins",
            f"expected a whole number from 0 to {MAX_ROUNDS}, got {MAX_ROUNDS + 1}",
        ),
        (
            {"draws": 10**6},
            "standings[0].draws",
            f"expected a whole number from 0 to {MAX_ROUNDS}, got 1000000",
        ),
        (
            {"losses": 1e20},
            "standings[0].losses",
            f"expected a whole number from 0 to {MAX_ROUNDS}, got 100000000000000000000",
        ),
        (
            {"place": MAX_EVENT_PLAYERS + 1},
            "standings[0].place",
            f"expected a whole number from 1 to {MAX_EVENT_PLAYERS}, got {MAX_EVENT_PLAYERS + 1}",
        ),
    ],
)
def test_event_numbers_beyond_their_bounds_are_refused(
    changes: dict[str, Any], field: str, message: str
) -> None:
    raw = raw_event(rounds=None)
    raw.update({k: v for k, v in changes.items() if k == "rounds"})
    raw["standings"][0].update({k: v for k, v in changes.items() if k != "rounds"})
    raw["standings"][0]["completed"] = True
    raw["standings"][1]["completed"] = True
    assert event_error(raw) == (field, message)


def test_an_event_has_at_most_max_event_players() -> None:
    standings = [{"player": f"P{i}", "place": 1, "completed": True} for i in range(10_001)]
    assert event_error(raw_event(standings=standings)) == (
        "standings",
        f"{MAX_EVENT_PLAYERS + 1} players; an event has at most {MAX_EVENT_PLAYERS}",
    )


# -- dates -----------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("date", "shown"),
    [
        ("0001-01-01", "0001-01-01"),
        ("1899-12-31", "1899-12-31"),
        ("2101-01-01", "2101-01-01"),
        (dt.date(9999, 12, 31), "9999-12-31"),
        (dt.datetime(1, 1, 1, 12, 0), "0001-01-01"),
    ],
)
def test_a_date_outside_the_documented_range_is_refused(date: Any, shown: str) -> None:
    message = f"{shown} is outside 1900-01-01 to 2100-12-31"
    assert game_error(raw_game(date=date)) == ("date", message)
    assert event_error(raw_event(date=date)) == ("date", message)


def test_the_first_and_last_day_of_the_range_are_accepted() -> None:
    assert (dt.date(1900, 1, 1), dt.date(2100, 12, 31)) == (EARLIEST_DATE, LATEST_DATE)
    assert game_from_dict(raw_game(date="1900-01-01")).date == EARLIEST_DATE
    assert event_from_dict(raw_event(date="2100-12-31")).date == LATEST_DATE


def test_check_date_is_the_range_the_records_use() -> None:
    assert fields.check_date(EARLIEST_DATE, "played_at") == EARLIEST_DATE
    with pytest.raises(RecordError, match=r"^played_at: 1899-12-31 is outside"):
        fields.check_date(dt.date(1899, 12, 31), "played_at")


# -- the limits fit the league's columns -------------------------------------------------------


def column_lengths() -> dict[tuple[str, str], int]:
    """(model, field) -> max_length of every CharField in the league's models."""
    out: dict[tuple[str, str], int] = {}
    classes = [node for path in MODELS for node in ast.parse(path.read_text("utf-8")).body]
    for cls in classes:
        if not isinstance(cls, ast.ClassDef):
            continue
        for stmt in cls.body:
            if not (isinstance(stmt, ast.Assign) and isinstance(stmt.value, ast.Call)):
                continue
            target = stmt.targets[0]
            for kw in stmt.value.keywords:
                if kw.arg == "max_length" and isinstance(target, ast.Name):
                    length = ast.literal_eval(kw.value)
                    assert isinstance(length, int)
                    out[(cls.name, target.id)] = length
    return out


@pytest.mark.parametrize(
    ("column", "limit"),
    [
        (("Player", "name"), MAX_NAME_LENGTH),
        (("Player", "key"), MAX_NAME_KEY_LENGTH),
        (("Recorded", "external_id"), MAX_ID_LENGTH),
        (("Recorded", "external_id"), MAX_NAME_LENGTH),
        (("GameRecord", "title"), MAX_TEXT_LENGTH),
        (("GameRecord", "variant"), MAX_KEY_LENGTH),
        (("GameRecord", "group"), MAX_TEXT_LENGTH),
        (("GameRecord", "city"), MAX_TEXT_LENGTH),
        (("GameRecord", "event"), MAX_NAME_LENGTH),
        (("Seat", "team"), MAX_NAME_LENGTH),
        (("SourceVP", "source"), MAX_KEY_LENGTH),
        (("RatingState", "list_key"), MAX_TEXT_LENGTH),
        (("RatingState", "player"), MAX_NAME_LENGTH),
    ],
)
def test_no_limit_is_longer_than_its_database_column(column: tuple[str, str], limit: int) -> None:
    assert limit <= column_lengths()[column]


def test_small_integer_columns_hold_every_allowed_count() -> None:
    # Places, positions and match counts are PositiveSmallIntegerFields (at most 32767).
    assert max(MAX_SEATS, MAX_EVENT_PLAYERS, MAX_ROUNDS) <= 32767


# -- any JSON at all: a checked record or a RecordError, never another exception ---------------

JSON = st.recursive(
    st.none()
    | st.booleans()
    | st.integers(min_value=-(2**70), max_value=2**70)
    | st.floats()
    | st.text(st.characters(codec=None), max_size=120),
    lambda inner: (
        st.lists(inner, max_size=3) | st.dictionaries(st.text(max_size=8), inner, max_size=3)
    ),
    max_leaves=6,
)


def build(raw: dict[str, Any]) -> Game | RecordError:
    try:
        return game_from_dict(raw)
    except RecordError as err:
        return err


GAME_KEYS = ("id", "date", "game", "variant", "target", "group", "city", "class", "event", "round")
SEAT_KEYS = ("player", "vp", "winner", "place", "team", "status", "account", "sources")


@settings(deadline=None, max_examples=200, suppress_health_check=[HealthCheck.too_slow])
@given(
    game_changes=st.dictionaries(st.sampled_from(GAME_KEYS), JSON, max_size=3),
    seat_changes=st.dictionaries(st.sampled_from(SEAT_KEYS), JSON, max_size=3),
)
def test_any_json_values_give_a_game_or_a_record_error(
    game_changes: dict[str, Any], seat_changes: dict[str, Any]
) -> None:
    raw = raw_game(**game_changes)
    raw["seats"][1].update(seat_changes)
    built = build(raw)
    if isinstance(built, RecordError):
        assert built.field
        str(built).encode("utf-8")  # a message the terminal and the API can always print
        return
    for text in (built.id, built.game, built.group, *(s.player for s in built.seats)):
        assert not any(unicodedata.category(c) in {"Cc", "Cs", "Zl", "Zp"} for c in text)


@settings(deadline=None, max_examples=100, suppress_health_check=[HealthCheck.too_slow])
@given(
    event_changes=st.dictionaries(st.sampled_from(("id", "date", "rounds", "format")), JSON),
    standing_changes=st.dictionaries(
        st.sampled_from(("player", "place", "wins", "draws", "losses", "completed")), JSON
    ),
)
def test_any_json_values_give_an_event_or_a_record_error(
    event_changes: dict[str, Any], standing_changes: dict[str, Any]
) -> None:
    raw = raw_event(**event_changes)
    raw["standings"][1].update(standing_changes)
    try:
        event_from_dict(raw)
    except RecordError as err:
        str(err).encode("utf-8")
