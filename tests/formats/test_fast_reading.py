"""Reading JSON Lines through the declared form gives what reading each line with the json
module gives: the records or the message.

`read_records` decodes each line into `GameJson` (msgspec) and builds the games a table at a
time (`SharedTables`); a line that does not decode so, or breaks a rule, is read with the json
module and built from its dict. For random files of valid and broken lines, the answer must be
that careful reading's (every line read the json way): the same records, or the same error
naming file, line and field.
"""

from __future__ import annotations

import json
import tempfile
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import msgspec
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from tablerank.engine import records
from tablerank.engine.records import Game, game_from_dict
from tablerank.errors import InputError
from tablerank.formats import reading
from tablerank.formats.reading import Skipped, read_records

from ..engine.test_game_rules import RARELY, raw_games, raw_seats, shape, usually

EVENT = {"id": "ev1", "date": "2026-04-01", "rounds": 3,
         "standings": [{"player": "Ann", "place": 1, "wins": 3}]}  # fmt: skip
ODD_LINES = ["", "   ", "{", "[1, 2]", "3", '{"id": "x"}', '{"a": 1} {"b": 2}', "NaN",
             '{"id": "g\\ud800", "date": "2026-03-14", "seats": [{"player": "Ann"}]}',
             json.dumps(EVENT), json.dumps({**EVENT, "rounds": 0}), "\u2028",
             '{"id": "g9", "date": "2026-03-14", "seats": [{"player": "A\u2028B"}]}',
             '{"id": "g8", "date": "2026-03-14", "seats": [{"vp": 1e400}]}',
             '{"id": "g7", "date": "2026-03-14", "seats": [{"player": "Ann"}]} {"id": "g6", '
             '"date": "2026-03-14", "seats": [{"player": "Bo"}]}',
             '{"id": "g5", "id": "g4", "date": "2026-03-14", "seats": [{"player": "Ann"}]}',
             '{"id": "g3", "date": "2026-03-14", "game_class": "wta", "seats": [{"player": "A"}]}',
             '{"id": "g2", "description": [1, {"a": null}], "date": "2026-03-14", '
             '"seats": [{"player": "Ann", "vp": 10}, {"player": "ann", "vp": 9}]}',
             '{"id": "g1", "date": "2026-03-14",\r "seats": [{"player": "Ann"}]}',
             '{"id": "g0", "date": "2026-03-14", "seats": [{"player": "A\x85B"}]}',
             '\ufeff{"id": "gb", "date": "2026-03-14", "seats": [{"player": "Ann"}]}',
             '{"id": "gc", "date": "2026-03-14", "seats": [{"palce": 1}]}']  # fmt: skip


def _undecoded(line: str) -> Any:
    raise msgspec.DecodeError("read it the careful way")


def _unconverted(raw: Any, kind: Any) -> Any:
    raise msgspec.ValidationError("build it from its raw values")


def careful(paths: list[Path]) -> tuple[Any, ...]:
    """`outcome` with every line read with the json module and built from its dict by
    `checked_game` alone (no table shared with another game)."""
    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(reading, "_DECODE_GAME", _undecoded)
        patch.setattr(records, "_FORM", _unconverted)
        return outcome(paths)


def outcome(paths: list[Path]) -> tuple[Any, ...]:
    try:
        records = read_records(paths)
    except InputError as exc:
        return ("refused", str(exc))
    return ("read", [shape(r) if isinstance(r, Game) else r for r in records])


@st.composite
def lines(draw: st.DrawFn) -> str:
    if draw(RARELY):
        return draw(st.sampled_from(ODD_LINES))
    raw = draw(raw_games())
    try:
        game_from_dict(raw)
    except Exception:
        if draw(st.booleans()):
            raw = {"id": "ok", "date": "2026-03-14", "seats": [{"player": "Ann"}]}
    return json.dumps(raw, default=str, ensure_ascii=draw(st.booleans()))


@pytest.fixture
def folder() -> Iterator[Path]:
    with tempfile.TemporaryDirectory() as name:
        yield Path(name)


@settings(max_examples=300)
@given(files=st.lists(st.lists(lines(), max_size=6), min_size=1, max_size=3), suffix=st.booleans())
def test_fast_reading_agrees_with_the_careful_reading(files: list[list[str]], suffix: bool) -> None:
    with tempfile.TemporaryDirectory() as name:
        paths = []
        for i, content in enumerate(files):
            path = Path(name) / (f"f{i}.jsonl" if suffix else f"f{i}")
            path.write_text("\n".join(content) + "\n", encoding="utf-8")
            paths.append(path)
        assert outcome(paths) == careful(paths)


def test_a_missing_second_file_is_reported_after_the_first_files_error(folder: Path) -> None:
    bad = folder / "bad.jsonl"
    bad.write_text("{\n", encoding="utf-8")
    with pytest.raises(InputError, match=r"bad.jsonl, line 1: malformed JSON"):
        read_records([bad, folder / "missing.jsonl"])


def test_an_id_repeated_in_another_file_names_both_places(folder: Path) -> None:
    game = {"id": "g1", "date": "2026-03-14", "seats": [{"player": "Ann"}]}
    other = {**game, "date": "2026-03-15"}
    for name, record in (("a.jsonl", game), ("b.jsonl", other)):
        (folder / name).write_text(json.dumps(record) + "\n", encoding="utf-8")
    with pytest.raises(InputError) as caught:
        read_records([folder / "a.jsonl", folder / "b.jsonl"])
    assert str(caught.value) == (
        f"{folder / 'b.jsonl'}, line 1: id: id 'g1' is already used ({folder / 'a.jsonl'}, line 1)"
    )


def test_the_same_record_in_another_file_is_read_once(folder: Path) -> None:
    """Overlapping exports (BoardGameGeek's pages shift when a play is logged between two
    downloads): the same record again is read once, and said."""
    game = {"id": "g1", "date": "2026-03-14", "seats": [{"player": "Ann"}]}
    for name in ("a.jsonl", "b.jsonl"):
        (folder / name).write_text(json.dumps(game) + "\n", encoding="utf-8")
    skipped: list[Skipped] = []
    first, second = folder / "a.jsonl", folder / "b.jsonl"
    assert [r.id for r in read_records([first, second], skipped)] == ["g1"]
    assert [str(s.error) for s in skipped] == [
        f"{second}, line 1: id: the same play as {first}, line 1: read once"
    ]


@st.composite
def games_sharing_seats(draw: st.DrawFn) -> list[str]:
    """Lines of games whose seats come from one small pool (most often with their places), so
    the reading meets the same tables again and builds from its memo."""
    pool = draw(raw_seats()) + draw(raw_seats())
    out = []
    for number in range(draw(st.integers(1, 8))):
        game = {k: v for k, v in draw(raw_games()).items() if k != "seats"}
        game["id"] = draw(usually([f"g{number}"], ["g0"]))
        game["seats"] = draw(st.lists(st.sampled_from(pool), min_size=1, max_size=5))
        out.append(json.dumps(game, default=str))
    return out


@settings(max_examples=300)
@given(content=games_sharing_seats())
def test_games_that_share_seats_read_as_the_careful_reading(content: list[str]) -> None:
    with tempfile.TemporaryDirectory() as name:
        path = Path(name) / "games.jsonl"
        path.write_text("\n".join(content) + "\n", encoding="utf-8")
        assert outcome([path]) == careful([path])
