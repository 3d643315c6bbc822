"""One answer, one snapshot: every query of a read sees the database as it stood at its first.

Outside a transaction each query sees the latest commit, so a read of several queries (a game
page: the game, its seats, the games before it) can see a confirmation land half-way. Inside
`snapshot()` they all see one state: on SQLite a deferred transaction (in WAL mode a reader
takes no lock and never waits for the writer; the site's write transactions take the write lock
up front, `BEGIN IMMEDIATE`, which a read must not); on PostgreSQL a REPEATABLE READ
transaction. The web pages, the API's reads and the league commands' reads each run in one.

A read may still keep what it computed (`list_months` keeps a month's state): such a write runs
in a savepoint, takes the lock only if it is free at once (`without_waiting`), and is given up
when the database is busy or changed since the snapshot began. Inside a transaction already (a
write, a test) `snapshot()` adds nothing: its reads are the transaction's own.
"""

from __future__ import annotations

import threading
from collections.abc import Iterator
from contextlib import ExitStack, contextmanager

from django.db import connection, transaction

__all__ = ["in_snapshot", "may_roll_back", "snapshot", "without_waiting"]

_open = threading.local()
"""Whether this thread's connection is inside a transaction `snapshot` opened."""


def in_snapshot() -> bool:
    """Whether the current transaction is a snapshot's (a read's, not a write's)."""
    return bool(getattr(_open, "reading", False)) and connection.in_atomic_block


def may_roll_back() -> bool:
    """Whether what is read now may include writes that are later rolled back: inside a
    transaction other than a snapshot's (a write's, a test's)."""
    return connection.in_atomic_block and not in_snapshot()


@contextmanager
def snapshot() -> Iterator[None]:
    """Run the body's queries in one read transaction (see the module)."""
    if connection.in_atomic_block:
        yield
        return
    with ExitStack() as stack:
        with _deferred():
            stack.enter_context(transaction.atomic())
        _open.reading = True
        stack.callback(setattr, _open, "reading", False)
        if connection.vendor == "postgresql":
            with connection.cursor() as cursor:
                cursor.execute("SET TRANSACTION ISOLATION LEVEL REPEATABLE READ")
        yield


@contextmanager
def _deferred() -> Iterator[None]:
    """On SQLite, the transactions begun in the body take no lock until they write."""
    connection.ensure_connection()
    if connection.vendor != "sqlite":
        yield
        return
    mode = connection.transaction_mode  # type: ignore[attr-defined]
    connection.transaction_mode = "DEFERRED"  # type: ignore[attr-defined]
    try:
        yield
    finally:
        connection.transaction_mode = mode  # type: ignore[attr-defined]


@contextmanager
def without_waiting() -> Iterator[None]:
    """On SQLite, where this connection holds no write lock yet (outside a transaction, or in a
    snapshot), a write in the body fails at once when another connection holds the lock,
    instead of waiting for it (a write transaction holds the lock already)."""
    if connection.vendor != "sqlite" or may_roll_back():
        yield
        return
    connection.ensure_connection()
    raw = connection.connection
    waited = raw.execute("PRAGMA busy_timeout").fetchone()[0]
    raw.execute("PRAGMA busy_timeout = 0")
    try:
        yield
    finally:
        raw.execute(f"PRAGMA busy_timeout = {int(waited)}")
