"""The integers the compiled loop (`loops`) reads and answers with."""

from __future__ import annotations

from collections.abc import Iterable

from tablerank.engine.values import Account, SeatStatus

FINISHED, PREMIUM, WINNER, PLACED = 1, 2, 4, 8
"""Seat flags: played to the end, premium account, declared winner, has a place."""
MISSING = -(2**62)
"""A table entry not worked out yet."""
NEEDED, NOT_WHOLE = 1, 2
"""Why a loop stopped early: an entry is missing; a rating difference is not whole."""
STATUS_ACCOUNT_FLAGS = {
    (status, account): (status is SeatStatus.FINISHED) * FINISHED
    + (account is Account.PREMIUM) * PREMIUM
    for status in SeatStatus
    for account in Account
}
"""The flags a seat's (status, account) give, for loops that look them up (`table_flags`)."""


def table_flags(seats: Iterable[tuple[object, int | None, bool, SeatStatus, Account]]) -> list[int]:
    """The flags of each seat given as (player, place, winner, status, account), at once."""
    finished, premium = SeatStatus.FINISHED, Account.PREMIUM
    return [
        (status is finished) * FINISHED
        + (account is premium) * PREMIUM
        + winner * WINNER
        + (place is not None) * PLACED
        for _, place, winner, status, account in seats
    ]
