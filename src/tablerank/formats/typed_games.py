"""JSON Lines games decoded into typed structs (in C), then checked by the engine's fast path.

`typed_games` gives, for each line, what `fast_game` gives for the same JSON object, or None
when any line is not a plainly valid game: msgspec checks the field names and types while
decoding, each distinct seat (by its JSON text) is checked and built once per reading, and the
fields that many games share once per combination. tests/formats/test_fast_reading.py holds
the reading to the careful one on random files.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Iterator
from dataclasses import dataclass, field
from typing import Annotated, Any, TypeVar

import msgspec
from msgspec import Meta

from tablerank.engine.fast_records import (
    RawSeat,
    checked_fields,
    checked_seat,
    checked_when,
    fast_game_of_seats,
)
from tablerank.engine.fields import MAX_SEATS, MAX_VP
from tablerank.engine.values import Game, Seat, build_seat, placed_game

__all__ = ["Memo", "TypedGame", "TypedSeat", "decoded", "json_lines", "typed_games"]

T = TypeVar("T")

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
    """A game as JSON gives it (`docs/records.md`), its seats left as JSON text for `typed_games`
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


_Known = tuple[RawSeat, Seat, str, tuple[int, bool] | None, str, float | None]
"""A distinct seat, checked: its values, the seat with its place as given, the player's name
folded, its place and win when it gives its place, its player and VP."""
_Placed = tuple[tuple[Any, ...], tuple[int, ...], bool]
"""`placed_game`'s head, the places, and whether two seats share one."""


@dataclass(slots=True)
class Memo:
    """What `typed_games` checked once for many games of one reading: seats by their JSON text
    and, for games whose seats all give their place, the other fields by their values and the
    seats' places and wins (None: not plainly valid)."""

    seats: dict[bytes, _Known | None] = field(default_factory=dict)
    placed: dict[tuple[Any, ...], _Placed | None] = field(default_factory=dict)


_SEAT_DECODE = msgspec.json.Decoder(TypedSeat).decode
_GAME_DECODE = msgspec.json.Decoder(TypedGame).decode
_BOM = "\ufeff".encode()
# Line breaks that `str.splitlines` knows and JSON allows inside strings: where one occurs the
# careful reading splits the line, so the typed reading (split at \n and \r) leaves it alone.
_UNICODE_LINE_BREAKS = tuple(c.encode() for c in "\x85\u2028\u2029")


def json_lines(data: bytes) -> list[bytes] | None:
    """The lines of a JSON Lines file (a byte order mark dropped), or None where the careful
    reading would split them otherwise."""
    if data.startswith(_BOM):
        data = data[len(_BOM) :]
    if not data.isascii() and any(mark in data for mark in _UNICODE_LINE_BREAKS):
        return None
    return data.splitlines()


def decoded(lines: Iterable[bytes], decode: Callable[[bytes], T]) -> Iterator[T | None]:
    """Each line decoded, blank lines skipped; None for a line that does not decode."""
    for line in lines:
        try:
            yield decode(line)
        except (msgspec.DecodeError, ValueError, RecursionError):
            if line.strip():
                yield None


def typed_games(lines: Iterable[bytes], memo: Memo) -> list[Game] | None:
    """The games of JSON Lines (blank lines skipped), each the `Game` `new_game` builds from
    its line, or None when any line is not a plainly valid game.

    A game whose seats all give their place (the export form) is built in one go
    (`placed_game`): its seats, players and VP come from the seat memo as columns, its other
    fields and places are checked once per combination. Other games go through
    `fast_game_of_seats` with their checked seats."""
    seat_of, placed_of = memo.seats.get, memo.placed.get
    out: list[Game] = []
    add = out.append
    for raw in decoded(lines, _GAME_DECODE):
        if raw is None:
            return None
        texts = raw.seats
        known = [seat_of(bytes(text)) for text in texts]
        if None in known:
            known = [k or _remembered(bytes(t), memo) for k, t in zip(known, texts, strict=True)]
            if None in known:
                return None
        if not 0 < len(known) <= MAX_SEATS:
            return None
        ready: list[_Known] = known  # type: ignore[assignment]
        _, seats, folded, shape, players, vps = zip(*ready, strict=True)
        if len(set(folded)) < len(folded):
            return None
        fields = (raw.game, raw.variant, raw.target, raw.group, raw.city, raw.game_class,
                  raw.event, raw.round)  # fmt: skip
        game: Game | None
        if None in shape:
            checked = [k[0] for k in ready]
            game = fast_game_of_seats(raw.id, raw.date, checked, list(seats), *fields)
        else:
            header = (*fields, shape)
            found: Any = placed_of(header, False)
            if found is False:
                found = _placed(header, ready, memo)
            when = checked_when(raw.id, raw.date)
            if found is None or when is None:
                return None
            game = placed_game(raw.id, when[0], seats, found[0], when[1], players, found[1],
                               vps, found[2])  # fmt: skip
        if game is None:
            return None
        add(game)
    return out


def _remembered(text: bytes, memo: Memo) -> _Known | None:
    """`memo.seats[text]`, worked out on first need (None for a seat not plainly valid)."""
    seats = memo.seats
    if text in seats:
        return seats[text]
    found = seats[text] = _known_seat(text)
    return found


def _placed(header: tuple[Any, ...], known: list[_Known], memo: Memo) -> _Placed | None:
    """`memo.placed[header]`, worked out (`checked_fields` of the seats and the fields)."""
    found: _Placed | None = None
    checked = checked_fields([k[0] for k in known], *header[:-1])
    if checked is not None:
        head, places = checked
        found = head, tuple(places), len(set(places)) < len(places)
    memo.placed[header] = found
    return found


def _known_seat(text: bytes) -> _Known | None:
    try:
        typed = _SEAT_DECODE(text)
    except (msgspec.DecodeError, RecursionError):
        return None
    checked = checked_seat(typed.player, typed.place, typed.vp, typed.winner, typed.team,
                           typed.status, typed.account, typed.sources)  # fmt: skip
    if checked is None:
        return None
    given = None if checked[1] is None else (checked[1], checked[3])
    return checked, build_seat(*checked), checked[0].casefold(), given, checked[0], checked[2]
