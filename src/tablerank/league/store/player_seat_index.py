"""A large import on SQLite stores its seats without the index of seats by player, and builds
that index again before it commits.

A new game's players are anyone, so each seat's entry in that index falls anywhere in its
B-tree: inserting a million games' seats one entry at a time touched pages all over the file
(benchmarks/README.md: a million games imported in 46.1 s without the index, plus 3.0 s to
build it again, against 56.7 s with it). Building the index again sorts its entries once.

Only where the import brings more seats than the table holds (a new league's first import, a
league that more than doubles; not the same file imported again), from `ASIDE_FROM` seats.
SQLite's DDL is part of the transaction: other connections keep reading the committed
database, index and all (WAL), and an import that fails or is killed rolls the drop back.
PostgreSQL is left alone: dropping an index there locks the whole table against every reader
until the import commits.
"""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager

from django.db import connection
from django.db.backends.utils import CursorWrapper

from tablerank.league.models import Seat
from tablerank.league.store.bulk import table
from tablerank.league.store.writes_behind import WritesBehind

__all__ = ["ASIDE_FROM", "seats_by_player_set_aside"]

ASIDE_FROM = 200_000
"""Seats an import adds from which the index may be set aside (50,000 four-player games)."""


@contextmanager
def seats_by_player_set_aside(seats: int, behind: WritesBehind | None = None) -> Iterator[None]:
    """Inside the import's transaction: store `seats` new seats without the index of seats by
    player where that pays (see the module), and build it again, as it was, at the end (after
    the seats `behind` holds, and meanwhile the import goes on). If the body raises, the index
    is left to the transaction's rollback."""
    definition = _set_aside(seats)
    yield
    if definition is None:
        return
    if behind is not None:
        behind.execute(definition)
        return
    with connection.cursor() as cursor:
        cursor.execute(definition)


def _set_aside(seats: int) -> str | None:
    """Drop the index where it pays; its definition (to run again), or None."""
    if connection.vendor != "sqlite" or seats < ASIDE_FROM:
        return None
    with connection.cursor() as cursor:
        cursor.execute(f"SELECT max(id) FROM {table(Seat)}")  # at least as many as it holds
        (held,) = cursor.fetchone()
        if (held or 0) >= seats:
            return None
        found = _player_index(cursor)
        if found is None:
            return None
        name, definition = found
        cursor.execute(f"DROP INDEX {connection.ops.quote_name(name)}")
    return definition


def _player_index(cursor: CursorWrapper) -> tuple[str, str] | None:
    """The name and definition of the seats' index on the player column alone, if any."""
    player = Seat._meta.get_field("player").column
    cursor.execute(
        "SELECT name, sql FROM sqlite_master WHERE type = 'index' AND tbl_name = %s "
        "AND sql IS NOT NULL",
        [Seat._meta.db_table],
    )
    for name, definition in cursor.fetchall():
        cursor.execute(f"PRAGMA index_info({connection.ops.quote_name(name)})")
        if [row[2] for row in cursor.fetchall()] == [player]:
            return name, definition
    return None
