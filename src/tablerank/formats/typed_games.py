"""JSON Lines games decoded into typed structs (in C), then checked by the engine's fast path.

`typed_game` gives what `fast_game` gives for the same JSON object, or None: msgspec checks
the field names and types while decoding, each distinct seat (by its JSON text) is checked
and built once per reading, and the fields that many games share once per combination.
tests/formats/test_fast_reading.py holds the reading to the careful one on random files.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Annotated, Any

import msgspec
from msgspec import Meta

from tablerank.engine.fast_records import (
    Found,
    RawSeat,
    checked_fields,
    checked_seat,
    checked_when,
    fast_game_of_seats,
    finished_game,
)
from tablerank.engine.fields import MAX_SEATS, MAX_VP
from tablerank.engine.values import Game, Seat, build_seat

__all__ = ["Memo", "TypedGame", "TypedSeat", "typed_game"]

_Vp = Annotated[int, Meta(ge=0, le=MAX_VP)]


class TypedSeat(msgspec.Struct, forbid_unknown_fields=True):
    """A seat as JSON gives it, its types and ranges checked while decoding (in C)."""

    player: str
    place: Annotated[int, Meta(ge=1, le=MAX_SEATS)] | None = None
    vp: _Vp | Annotated[float, Meta(ge=0, le=MAX_VP)] | None = None
    winner: bool | None = None
    team: str | None = None
    status: str | None = None
    account: str | None = None
    sources: dict[str, int] | None = None


class TypedGame(msgspec.Struct, forbid_unknown_fields=True, rename={"game_class": "class"}):
    """A game as JSON gives it (`docs/records.md`), its seats left as JSON text for `typed_game`
    (which decodes each distinct seat once)."""

    id: str
    date: str
    seats: list[msgspec.Raw]
    game: str | None = None
    variant: str | None = None
    target: int | None = None
    group: str | None = None
    city: str | None = None
    game_class: str | None = None
    event: str | None = None
    round: int | None = None
    description: Any = None


_Known = tuple[RawSeat, Seat, str, tuple[int, bool] | None]


@dataclass(slots=True)
class Memo:
    """What `typed_game` checked once for many games of one reading: seats by their JSON text
    (the checked values, the seat with its place as given, the player's name folded, and its
    place and win when given) and the other fields with the seats' places and wins."""

    seats: dict[bytes, _Known | None] = field(default_factory=dict)
    headers: dict[tuple[Any, ...], Found | None] = field(default_factory=dict)


_SEAT_DECODE = msgspec.json.Decoder(TypedSeat).decode


def typed_game(raw: TypedGame, memo: Memo) -> Game | None:
    """`fast_game` for a decoded `TypedGame`: the `Game` `new_game` builds, or None."""
    seats = raw.seats
    if not 0 < len(seats) <= MAX_SEATS:
        return None
    known: list[_Known] = []
    memo_seats = memo.seats
    for text in seats:
        key = bytes(text)
        seat = memo_seats.get(key)
        if seat is None:
            if key in memo_seats:
                return None
            seat = memo_seats[key] = _known_seat(key)
            if seat is None:
                return None
        known.append(seat)
    if len({k[2] for k in known}) < len(known):
        return None
    checked = [k[0] for k in known]
    fields = (raw.game, raw.variant, raw.target, raw.group, raw.city, raw.game_class, raw.event,
              raw.round)  # fmt: skip
    shape = tuple([k[3] for k in known])
    if None in shape:
        return fast_game_of_seats(raw.id, raw.date, checked, [k[1] for k in known], *fields)
    when = checked_when(raw.id, raw.date)
    header = (*fields, shape)
    found = memo.headers.get(header)
    if found is None:
        if header in memo.headers:
            return None
        found = memo.headers[header] = checked_fields(checked, *fields)
    if when is None or found is None:
        return None
    return finished_game(raw.id, when, checked, [k[1] for k in known], found)


def _known_seat(text: bytes) -> _Known | None:
    try:
        typed = _SEAT_DECODE(text)
    except msgspec.DecodeError:
        return None
    checked = checked_seat(typed.player, typed.place, typed.vp, typed.winner, typed.team,
                           typed.status, typed.account, typed.sources)  # fmt: skip
    if checked is None:
        return None
    given = None if checked[1] is None else (checked[1], checked[3])
    return checked, build_seat(*checked), checked[0].casefold(), given
