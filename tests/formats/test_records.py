"""The records' JSON form: what `league export` writes, `read_records` reads back unchanged."""

from __future__ import annotations

from pathlib import Path

from tablerank.engine.records import Event, Game, event_from_dict, game_from_dict
from tablerank.formats.reading import read_records
from tablerank.formats.records import event_json, game_json, record_json

EXAMPLES = Path(__file__).parents[2] / "examples"


def test_every_shipped_record_survives_the_round_trip() -> None:
    records = read_records([EXAMPLES / "club-season.jsonl", EXAMPLES / "events.jsonl"])
    assert any(isinstance(r, Event) for r in records)
    for record in records:
        if isinstance(record, Game):
            assert game_from_dict(game_json(record)) == record
        else:
            assert event_from_dict(event_json(record)) == record
        assert record_json(record) == (
            game_json(record) if isinstance(record, Game) else event_json(record)
        )


def test_a_game_writes_only_the_fields_it_has() -> None:
    game = game_from_dict(
        {"id": "g1", "date": "2026-03-14", "seats": [
            {"player": "Ann", "vp": 10, "winner": True}, {"player": "Ben", "vp": 7.5}]}
    )  # fmt: skip
    out = game_json(game)
    assert "city" not in out
    assert "event" not in out
    assert "round" not in out
    ann, ben = out["seats"]
    assert ann["vp"] == 10
    assert isinstance(ann["vp"], int)
    assert ann["winner"] is True
    assert ben["vp"] == 7.5
    assert "winner" not in ben
    assert "team" not in ben
    assert list(out)[:3] == ["id", "date", "game"]
    assert list(out)[-1] == "seats"
