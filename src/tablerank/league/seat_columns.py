"""Each game's seats packed into one column (`GameRecord.seat_columns`) for the compiled
replays, which then read one row per game instead of one per seat (`played_columns`).

Per seat, in seat order, one little-endian 64-bit integer: the player's key, then from bit 32
its place (0 when none), then from bit 48 its flags (`engine.systems.codes`). Written with the
seats, from the same values, in the same transaction; empty where it cannot hold them (a player
key of 32 bits or more), and then the replay reads the seats themselves.
"""

from __future__ import annotations

import struct
from collections.abc import Iterable

from tablerank.engine.systems.codes import seat_flags
from tablerank.engine.values import Account, SeatStatus

__all__ = ["PLACE_BITS", "PLAYER_BITS", "SeatValues", "pack"]

PLAYER_BITS = 2**32
PLACE_BITS = 2**16

SeatValues = tuple[int, int | None, bool, str, str]
"""A seat as stored: player key, place, declared winner, status and account values."""


def pack(seats: Iterable[SeatValues]) -> bytes:
    values = []
    for player, place, winner, status, account in seats:
        if player >= PLAYER_BITS:
            return b""
        flags = seat_flags(place, winner, SeatStatus(status), Account(account))
        values.append(player + PLAYER_BITS * ((place or 0) + PLACE_BITS * flags))
    return struct.pack(f"<{len(values)}q", *values)
