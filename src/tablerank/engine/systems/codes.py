"""The integers the compiled replays (`kernels`) read and answer with."""

from __future__ import annotations

from tablerank.engine.values import Account, SeatStatus

FINISHED, PREMIUM, WINNER, PLACED = 1, 2, 4, 8
"""Seat flags: played to the end, premium account, declared winner, has a place."""
TEAM, RACE, SOL = 2, 3, 4
"""Game classes are numbered in the order of `GameClass` (two, wta, team, race, sol)."""
MISSING = -(2**62)
"""A table entry not worked out yet."""
NEEDED, NOT_WHOLE = 1, 2
"""Why a loop stopped early: an entry is missing; a rating difference is not whole."""


def seat_flags(place: int | None, winner: bool, status: SeatStatus, account: Account) -> int:
    """A seat's flags."""
    return (
        (status is SeatStatus.FINISHED) * FINISHED
        + (account is Account.PREMIUM) * PREMIUM
        + winner * WINNER
        + (place is not None) * PLACED
    )
