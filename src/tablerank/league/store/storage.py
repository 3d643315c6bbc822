"""When the database cannot store anything: a full disk, a read-only database file or
transaction, a disk that fails. Every door answers it the same way, with one plain sentence
(503 on the web and the API, exit status 2 on the command line), never as a crash."""

from __future__ import annotations

from django.db import DatabaseError

__all__ = ["FAILING", "FULL", "READ_ONLY", "storage_trouble"]

FULL = "the database's disk is full, so nothing can be saved; try again once space is freed"
READ_ONLY = "the database is read-only just now, so nothing can be saved; try again later"
FAILING = "the database's disk could not be read or written; try again later"

_SQLITE = {
    "database or disk is full": FULL,
    "attempt to write a readonly database": READ_ONLY,
    "disk I/O error": FAILING,
}
_POSTGRESQL = {
    "53100": FULL,  # disk_full
    "25006": READ_ONLY,  # read_only_sql_transaction
    "58030": FAILING,  # io_error
}


def storage_trouble(exc: BaseException | None) -> str | None:
    """What to tell the user when `exc` is the database unable to store (see the module);
    None for any other error."""
    if not isinstance(exc, DatabaseError):
        return None
    state = getattr(exc.__cause__, "sqlstate", None)
    if state in _POSTGRESQL:
        return _POSTGRESQL[state]
    text = str(exc)
    return next((message for words, message in _SQLITE.items() if words in text), None)
