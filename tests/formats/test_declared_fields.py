"""Every reader and writer of records names the fields declared once (`record_schema`): the
CSV and sheet columns are derived from them, the other readers are checked here."""

from __future__ import annotations

import datetime as dt

import msgspec

from tablerank.engine.record_schema import (
    EVENT_FIELDS,
    GAME_FIELDS,
    SEAT_FIELDS,
    STANDING_FIELDS,
    GameJson,
    json_names,
)
from tablerank.engine.records import new_event, new_game
from tablerank.formats import bgg_plays, bgstats
from tablerank.formats.records import event_json, game_json
from tablerank.formats.table_records import GAME_COLUMNS, SEAT_COLUMNS
from tablerank.formats.table_shapes import SHAPED_DECODE, ShapedGame, ShapedSeat


def test_other_apps_files_name_declared_fields() -> None:
    for reader in (bgstats, bgg_plays):
        assert set(reader._FIELDS) <= set(GAME_FIELDS), reader.__name__
        assert set(reader._SEAT_FIELDS) <= set(SEAT_FIELDS), reader.__name__


def test_a_sheet_has_a_column_for_every_declared_field_but_the_lists() -> None:
    assert {*GAME_COLUMNS, "seats"} == set(GAME_FIELDS)
    assert {*SEAT_COLUMNS, "sources"} == set(SEAT_FIELDS)


def test_the_json_written_names_declared_fields() -> None:
    game = new_game(id="g1", date="2026-03-14T19:30", city="Graz", event="cup", round=2,
                    seats=[{"player": "Ann", "vp": 10, "winner": True, "team": "red",
                            "sources": {"cities": 10}},
                           {"player": "Bo", "vp": 7, "team": "blue"}],
                    game_class="team")  # fmt: skip
    written = game_json(game)
    assert set(written) <= set(GAME_FIELDS)
    assert set().union(*written["seats"]) == set(SEAT_FIELDS)
    standings = [{"player": "Ann", "place": 1, "wins": 3, "completed": True}]
    event = event_json(new_event(id="e1", date=dt.date(2026, 3, 14), rounds=3, standings=standings))
    assert set(event) <= set(EVENT_FIELDS)
    assert set(event["standings"][0]) == set(STANDING_FIELDS)


def test_the_reading_by_table_shape_takes_a_narrower_declared_form() -> None:
    assert set(json_names(ShapedGame)) == set(GAME_FIELDS)
    assert set(json_names(ShapedSeat)) < set(SEAT_FIELDS)
    seat = {"player": "Ann", "place": 1, "vp": 10, "winner": True, "status": "substitute",
            "account": "free"}  # fmt: skip
    line = msgspec.json.encode({"id": "g1", "date": "2026-03-14", "class": "wta", "seats": [seat]})
    shaped = SHAPED_DECODE(line)
    declared = msgspec.json.decode(line, type=GameJson)
    assert (
        msgspec.structs.asdict(shaped.seats[0]).items()
        <= msgspec.structs.asdict(declared.seats[0]).items()
    )
