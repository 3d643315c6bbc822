"""Each game's seats packed into one column (`GameRecord.seat_columns`) for the compiled
replays, which then read one row per game instead of one per seat (`played_columns`).

Per seat, in seat order, one little-endian 64-bit integer: the player's key, then from bit 32
its place (0 when none), then from bit 48 its flags (`engine.systems.codes`). Written with the
seats, from the same values, in the same transaction; empty where it cannot hold them (a player
key of 32 bits or more), and then the replay reads the seats themselves.
"""

from __future__ import annotations

import struct
from collections.abc import Iterable, Mapping, Sequence

from tablerank.engine.systems.compiled.codes import (
    PLACED,
    STATUS_ACCOUNT_FLAGS,
    WINNER,
    table_flags,
)
from tablerank.engine.values import Account, Game, SeatStatus

__all__ = ["PLACE_BITS", "PLAYER_BITS", "SeatValues", "pack", "pack_games", "pack_stored"]

PLAYER_BITS = 2**32
PLACE_BITS = 2**16
_FLAG_BITS = PLAYER_BITS * PLACE_BITS

SeatValues = tuple[int, int | None, bool, SeatStatus, Account]
"""A seat as stored: player key, place, declared winner, status and account."""


def pack(seats: Sequence[SeatValues]) -> bytes:
    """The seats packed, one integer each; empty where a player key does not fit."""
    if any(seat[0] >= PLAYER_BITS for seat in seats):
        return b""
    values = [
        player + PLAYER_BITS * ((place or 0) + PLACE_BITS * flags)
        for (player, place, *_), flags in zip(seats, table_flags(seats), strict=True)
    ]
    return struct.pack(f"<{len(values)}q", *values)


def pack_stored(seats: Iterable[tuple[int, int | None, bool, str, str]]) -> bytes:
    """`pack` of seats as their rows hold them (status and account as stored strings)."""
    return pack(
        [
            (player, place, winner, SeatStatus(status), Account(account))
            for player, place, winner, status, account in seats
        ]
    )


def pack_games(games: Sequence[Game], keys: Mapping[str, int]) -> list[bytes]:
    """`pack` of each game's seats, by the keys of their players' names as spelled (`keys`),
    with one pass over the batch's seats and one `struct.pack`."""
    if any(key >= PLAYER_BITS for key in keys.values()):
        return [
            pack([(keys[s.player], s.place, s.winner, s.status, s.account) for s in g.seats])
            for g in games
        ]
    flags = STATUS_ACCOUNT_FLAGS
    values = [
        keys[s.player]
        + (place or 0) * PLAYER_BITS
        + (flags[s.status, s.account] + s.winner * WINNER + (place is not None) * PLACED)
        * _FLAG_BITS
        for g in games
        for s in g.seats
        for place in (s.place,)
    ]
    blob = struct.pack(f"<{len(values)}q", *values)
    out = []
    start = 0
    for game in games:
        end = start + 8 * len(game.seats)
        out.append(blob[start:end])
        start = end
    return out
