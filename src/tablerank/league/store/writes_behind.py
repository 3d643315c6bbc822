"""A large import's seat rows, inserted on a second thread while the import goes on.

SQLite runs a statement, and PostgreSQL's server a COPY, without Python's lock: while the seats
go in, the import can check, digest and pack the next batch, and rate the chunk
(benchmarks/README.md). The seats go in on the import's own connection, inside its transaction,
in the order they were queued (SQLite's INSERTs; on PostgreSQL COPYs of `bulk.COPY_ROWS` rows,
between which the import's own statements take their turn: psycopg serialises a connection's
use); every other statement that names the seat table, and every savepoint's, waits until the
queued ones have run: nothing reads seats that are not there yet, and a rollback to a savepoint
undoes exactly the seats queued after it. Held seats never run inside a savepoint opened after
them (its rollback would take them along): that is refused, and the import puts them in before
it records a game or an event on its own. The import waits for them all before it commits; a
failure of a queued insert is raised in the import (and rolls it back), and an import that
fails drops what is still queued before its transaction rolls back.

SQLite keeps one last error per connection, read after the failing step: a statement of the
other thread stepping in between can change the class and message of the error reported
(seen: an IntegrityError of a queued seat raised as "OperationalError: no more rows
available"). The import still fails and rolls back. The seats are held while the chunk's
games are stored (where a clash's IntegrityError is handled) and run while it is rated, beside
statements whose failure nothing handles.
"""

from __future__ import annotations

import queue
import sqlite3
import threading
from collections.abc import Callable, Iterable, Iterator, Sequence
from contextlib import contextmanager
from functools import partial
from typing import Any

from django.db import connection
from django.db.models import Model

from tablerank.league.models import Seat
from tablerank.league.store.bulk import postgresql_copies, sqlite_inserts, table

__all__ = ["WritesBehind", "seat_writes_behind"]

_Steps = Iterable[Callable[[], object]]
_SAVEPOINTS = ("SAVEPOINT", "ROLLBACK", "RELEASE")


class WritesBehind:
    """Statements run in order on a second thread, on one SQLite or PostgreSQL connection
    (sqlite3's or psycopg's, `raw`), once `start`ed; until then they are held (and a savepoint's
    statements need not wait for them)."""

    def __init__(self, raw: Any, tables: Sequence[str]) -> None:
        self._raw = raw
        self._copies = not isinstance(raw, sqlite3.Connection)
        self._tables = tuple(tables)
        self._jobs: queue.SimpleQueue[_Steps | None] = queue.SimpleQueue()
        self._queued = 0
        self._done = threading.Semaphore(0)
        self._failure: BaseException | None = None
        self._dropping = False
        self._thread: threading.Thread | None = None
        self._held_in: tuple[str, ...] = ()
        """The savepoints open when the oldest statement still held was queued."""

    def insert(
        self, model: type[Model], fields: Sequence[str], rows: Sequence[tuple[Any, ...]]
    ) -> None:
        """Queue the rows' INSERT statements (COPYs on PostgreSQL)."""
        if self._copies:
            self._queue(postgresql_copies(self._raw, model, fields, rows))
            return
        execute = self._raw.execute
        statements = sqlite_inserts(model, fields, rows)
        self._queue(partial(execute, sql, params) for sql, params in statements)

    def execute(self, sql: str, params: Sequence[Any] = ()) -> None:
        """Queue one statement (SQLite's `?` placeholders, PostgreSQL's `%s`)."""
        self._queue([partial(self._run_one, sql, params)])

    def start(self) -> None:
        """Run the queued statements (and those queued later) from now on."""
        if self._thread is None:
            self._thread = threading.Thread(target=self._work, name="tablerank-writes")
            self._thread.start()

    def wait(self) -> None:
        """Return once every queued statement has run (here, where they are held); raises the
        first that failed."""
        while self._queued:
            if self._thread is None:
                self._refuse_a_later_savepoint()
                self._run(self._jobs.get())
            else:
                self._done.acquire()
            self._queued -= 1
        self._raise_failure()

    def ordered(self, execute: Callable[..., Any], sql: str, params: Any, many: bool,
                context: dict[str, Any]) -> Any:  # fmt: skip
        """Django's execute wrapper: a statement naming one of the tables waits for the queue;
        so does a savepoint's once the queue runs."""
        if any(name in sql for name in self._tables) or (
            self._thread is not None and sql.startswith(_SAVEPOINTS)
        ):
            self.wait()
        try:
            return execute(sql, params, many, context)
        except Exception:
            self._raise_failure()  # the cause, where a queued statement failed first
            raise

    def close(self) -> None:
        """Drop what is still queued (a statement running ends first) and stop the thread."""
        self._dropping = True
        if self._thread is not None:
            self._jobs.put(None)
            self._thread.join()

    def _queue(self, steps: _Steps) -> None:
        self._raise_failure()
        if self._queued == 0 and self._thread is None:
            self._held_in = _savepoints()
        self._queued += 1
        self._jobs.put(steps)

    def _refuse_a_later_savepoint(self) -> None:
        """Held statements run here only outside any savepoint opened after they were queued:
        inside one, its rollback would take them along (the caller waits before it opens one
        that may roll back)."""
        now = _savepoints()
        if self._held_in[: len(now)] != now:
            raise RuntimeError("statements held behind would run inside a later savepoint")

    def _run_one(self, sql: str, params: Sequence[Any]) -> None:
        if self._copies:
            with self._raw.cursor() as cursor:
                cursor.execute(sql, params or None)
        else:
            self._raw.execute(sql, params)

    def _work(self) -> None:
        while (job := self._jobs.get()) is not None:
            self._run(job)
            self._done.release()

    def _run(self, job: _Steps | None) -> None:
        try:
            for step in job or ():
                if self._failure is not None or self._dropping:
                    break
                step()
        except BaseException as exc:  # raised in the import, at its next step
            self._failure = exc

    def _raise_failure(self) -> None:
        failure = self._failure
        if failure is not None:
            with connection.wrap_database_errors:  # Django's IntegrityError, as elsewhere
                raise failure


def _savepoints() -> tuple[str, ...]:
    """The savepoints open on this thread's connection, outermost first."""
    return tuple(sid for sid in connection.savepoint_ids if sid is not None)


@contextmanager
def seat_writes_behind() -> Iterator[WritesBehind | None]:
    """Inside an import's transaction: a `WritesBehind` for its seats on SQLite and
    PostgreSQL (None on other databases). Every queued statement has run when the body ends;
    when the body raises, what is still queued is dropped."""
    if connection.vendor not in ("sqlite", "postgresql"):
        yield None
        return
    connection.ensure_connection()
    behind = WritesBehind(connection.connection, [table(Seat)])
    try:
        with connection.execute_wrapper(behind.ordered):
            yield behind
        behind.wait()
    finally:
        behind.close()
