"""When an imported record is "the same content" as one the league has: the import rule that
makes importing a file again harmless (`importing.import_records`).

Two records are the same when their records' JSON forms (`formats.records.record_json`) are,
with the players' names compared as the league compares them (ignoring case). A game's date
is compared without a time of day: the league keeps the date and numbers a day's games
(`importing._by_day`). Every stored game keeps a digest of its content (`GameRecord.digest`),
so a second import compares 16 bytes a game instead of reading each game back.
"""

from __future__ import annotations

import datetime as dt
from collections.abc import Sequence
from hashlib import blake2b
from operator import attrgetter
from typing import Any

import msgspec

from tablerank.engine.records import Event, Game, Seat
from tablerank.formats.records import event_json

__all__ = ["PlainDigests", "event_content", "game_digest"]

_ENCODE = msgspec.msgpack.Encoder().encode  # enums as their values, as the JSON form has them
_GAME = attrgetter(
    "id", "game", "variant", "target", "group", "city", "game_class", "event", "round"
)
_SEAT = attrgetter("place", "winner", "team", "status", "account")


def game_digest(game: Game) -> bytes:
    """16 bytes that differ, but for a hash collision, between games of other content."""
    seats = [
        (
            seat.player.casefold(),
            None if seat.vp is None else float(seat.vp),
            _SEAT(seat),
            sorted(seat.sources.items()) if seat.sources else None,
        )
        for seat in game.seats
    ]  # `_seat_part` inline: this runs for every game of the usual import
    content = (_GAME(game), game.date.isoformat(), seats)
    return blake2b(_ENCODE(content), digest_size=16).digest()


def _seat_part(seat: Seat) -> tuple[object, ...]:
    """A seat's content but its player's folded name."""
    vp = None if seat.vp is None else float(seat.vp)
    return vp, _SEAT(seat), sorted(seat.sources.items()) if seat.sources else None


class PlainDigests:
    """`game_digest` of games that share their tables (`engine.table_groups`: a table's
    template with each game's own id, date and players): the encoded content a table's games share
    is encoded once per table, each name's and date's once, and a game's digest hashes them
    joined. msgpack encodes a tuple as its length and its items' encodings, one after the
    other, so the bytes are those `game_digest` hashes (tests/league/test_same_content.py)."""

    def __init__(self, templates: Sequence[Game], names: Sequence[str]) -> None:
        self._tables = [self._table(template) for template in templates]
        self._names = [b"\x94" + _ENCODE(name.casefold()) for name in names]
        self._dates: dict[dt.date, bytes] = {}

    @staticmethod
    def _table(template: Game) -> tuple[bytes, bytes, tuple[bytes, ...]]:
        """The encoded game fields after the id, the seats' list header, and each seat's
        encoded content after its player's name (one-byte headers of short tuples dropped)."""
        fields = _ENCODE(_GAME(template)[1:])[1:]
        count = len(template.seats)
        header = _ENCODE([None] * count)[:-count]  # None encodes as one byte
        tails = tuple(_ENCODE(_seat_part(seat))[1:] for seat in template.seats)
        return fields, header, tails

    def digest(self, game_id: str, table: int, date: dt.date, players: Sequence[int]) -> bytes:
        """`game_digest` of the game of this id, table, date and players (by number)."""
        fields, header, tails = self._tables[table]
        day = self._dates.get(date)
        if day is None:
            day = self._dates[date] = _ENCODE(date.isoformat())
        parts = [b"\x93\x99", _ENCODE(game_id), fields, day, header]
        names = self._names
        for player, tail in zip(players, tails, strict=True):
            parts += (names[player], tail)
        return blake2b(b"".join(parts), digest_size=16).digest()


def event_content(event: Event) -> dict[str, Any]:
    """An event's content: its JSON form, its players' names folded as the league folds them."""
    out = event_json(event)
    for row in out["standings"]:
        row["player"] = row["player"].casefold()
    return out
