"""Each game's seats packed into one column (`GameRecord.seat_columns`) for the compiled
replays, which then read one row per game instead of one per seat (`played_columns`).

Per seat, in seat order, one little-endian 64-bit integer: the player's key, then from bit 32
its place (0 when none), then from bit 48 its flags (`engine.systems.codes`). Written with the
seats, from the same values, in the same transaction; empty where it cannot hold them (a player
key of 32 bits or more), and then the replay reads the seats themselves.
"""

from __future__ import annotations

import struct
from collections.abc import Iterable, Sequence

from tablerank.engine.systems.codes import table_flags
from tablerank.engine.values import Account, SeatStatus

__all__ = ["PLACE_BITS", "PLAYER_BITS", "SeatValues", "pack", "pack_stored"]

PLAYER_BITS = 2**32
PLACE_BITS = 2**16

SeatValues = tuple[int, int | None, bool, SeatStatus, Account]
"""A seat as stored: player key, place, declared winner, status and account."""


def pack(seats: Sequence[SeatValues]) -> bytes:
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
