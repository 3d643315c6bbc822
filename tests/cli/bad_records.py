"""Bad records and the one line the CLI prints for each: shared by `rate` and `validate` tests."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

TABLE = [{"player": "Ann", "vp": 10, "winner": True}, {"player": "Ben", "vp": 7},
         {"player": "Cleo", "vp": 5}]  # fmt: skip
LONG = "x" * 101


def bad_game(**changes: Any) -> dict[str, Any]:
    return {"id": "g1", "date": "2026-03-14", "seats": [dict(s) for s in TABLE], **changes}


def bad_seat(**changes: Any) -> dict[str, Any]:
    game = bad_game()
    game["seats"][1].update(changes)
    return game


# Each bad record and the line the CLI prints for it (after "tablerank: error: <file>, ").
BAD_RECORDS: list[tuple[dict[str, Any], str]] = [
    (bad_seat(player="B\ud800n"),
     "line 1 (id g1): seats[1].player: is not valid text: a lone surrogate (U+D800) at "
     "character 2"),
    (bad_seat(player="B\x00n"),
     "line 1 (id g1): seats[1].player: is not valid text: a control character (U+0000) at "
     "character 2"),
    (bad_seat(player=LONG),
     "line 1 (id g1): seats[1].player: is 101 characters long; at most 100 are allowed"),
    (bad_game(city=LONG), "line 1 (id g1): city: is 101 characters long; at most 100 are allowed"),
    (bad_game(id="2026/03/14-1"),
     "line 1 (id 2026/03/14-1): id: expected 1-64 letters, digits, '_', '.', '~' and '-', "
     "starting with a letter, digit or '_'; got '2026/03/14-1'"),
    (bad_seat(vp=1e24), "line 1 (id g1): seats[1].vp: 1e+24 VP is over the limit of 1000 VP"),
    (bad_seat(vp=1e15), "line 1 (id g1): seats[1].vp: 1e+15 VP is over the limit of 1000 VP"),
    (bad_seat(vp=None, sources={"cities": 10**6}),
     "line 1 (id g1): seats[1].sources.cities: expected a whole number from 0 to 1000, "
     "got 1000000"),
    (bad_game(target=10**6),
     "line 1 (id g1): target: expected a whole number from 1 to 1000, got 1000000"),
    (bad_seat(place=7, vp=None),
     "line 1 (id g1): seats[1].place: place 7 at a table of 3 seats"),
    (bad_game(date="0001-01-01"),
     "line 1 (id g1): date: 0001-01-01 is outside 1900-01-01 to 2100-12-31"),
    (bad_game(date="2101-01-01"),
     "line 1 (id g1): date: 2101-01-01 is outside 1900-01-01 to 2100-12-31"),
    ({"id": "Cup", "date": "2026-03-14", "rounds": 1001,
      "standings": [{"player": "Ann", "place": 1}]},
     "line 1 (id Cup): rounds: expected a whole number from 1 to 1000, got 1001"),
    ({"id": "Cup", "date": "2026-03-14", "rounds": 3,
      "standings": [{"player": "Ann", "place": 1, "wins": 10**9}]},
     "line 1 (id Cup): standings[0].wins: expected a whole number from 0 to 1000, "
     "got 1000000000"),
]  # fmt: skip


def write_bad(tmp_path: Path, record: dict[str, Any]) -> Path:
    path = tmp_path / "bad.jsonl"
    # json.dumps escapes a lone surrogate as \ud800, which json.loads reads back as one.
    path.write_text(json.dumps(record) + "\n", encoding="utf-8")
    return path
