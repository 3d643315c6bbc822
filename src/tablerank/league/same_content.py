"""When an imported record is "the same content" as one the league has: the import rule that
makes importing a file again harmless (`importing.import_records`).

Two records are the same when their records' JSON forms (`formats.records.record_json`) are,
with the players' names compared as the league compares them (ignoring case). A game's date
is compared without a time of day: the league keeps the date and numbers a day's games
(`importing._by_day`). Every stored game keeps a digest of its content (`GameRecord.digest`),
so a second import compares 16 bytes a game instead of reading each game back.
"""

from __future__ import annotations

from hashlib import blake2b
from operator import attrgetter
from typing import Any

import msgspec

from tablerank.engine.records import Event, Game
from tablerank.formats.records import event_json

__all__ = ["event_content", "game_digest"]

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
    ]
    content = (_GAME(game), game.date.isoformat(), seats)
    return blake2b(_ENCODE(content), digest_size=16).digest()


def event_content(event: Event) -> dict[str, Any]:
    """An event's content: its JSON form, its players' names folded as the league folds them."""
    out = event_json(event)
    for row in out["standings"]:
        row["player"] = row["player"].casefold()
    return out
