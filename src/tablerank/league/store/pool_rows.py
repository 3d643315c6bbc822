"""Writing a pool's rows (a system's ratings per group or title) from a replay's state: the one
way the stored rows are made equal to it, whichever replay ran (the engine's, the memoised or
the compiled one; `ratings.pool_updates` decides which). Only the rows that differ are written
and the names no longer rated are deleted. A state finds its differences from the stored rows
in its own form (`PoolState.differing`: a dict's in Python, the compiled replays' arrays
vectorised); tests/league/test_replayed_rows.py holds the forms to the same answer."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Protocol

from django.db import connection

from tablerank.league.models import League
from tablerank.league.store.state_rows import Row, delete_states, list_reading, upsert_states

__all__ = ["PoolState", "Stored", "write_pool"]

Stored = Sequence[tuple[str, float, int]]
"""A pool's stored rows: each name's rating and games."""


class PoolState(Protocol):
    """A pool's state as a replay leaves it."""

    def differing(self, stored: Stored) -> tuple[dict[str, Row], list[str]]:
        """The rows of the names it rates whose rating or games differ from `stored` or are
        not stored; and the stored names it does not rate."""


def write_pool(league: League, name: str, key: str, state: PoolState) -> None:
    """Make the pool's stored rows equal `state`."""
    with connection.cursor() as cursor:
        cursor.execute(*list_reading(league, name, key, parts=False))
        stored = cursor.fetchall()
    changed, gone = state.differing(stored)
    upsert_states(league, name, key, changed)
    delete_states(league, name, key, gone)
