"""Backup and restore of the whole database, while the site runs (`tablerank league backup` and
`restore`).

A backup reads every table (`backup_tables.tables`) inside one read snapshot
(`league.store.snapshot`, as every read of the site), so it is one moment of the database however
long it takes and whatever is written meanwhile: on SQLite a deferred transaction (WAL gives it
a snapshot and writers go on), on PostgreSQL REPEATABLE READ. Rows stream out a chunk at a
time into the file (`backup_file`).

A restore first reads the whole file and checks its header, migration state and checksum;
then, in one transaction, it refuses a database that holds data (unless `replace`, which
deletes it all first), loads every table in batches (executemany on SQLite, COPY on
PostgreSQL), checks each table's row count against the trailer and moves PostgreSQL's
sequences past the restored ids. Any refusal or failure writes nothing.
"""

from __future__ import annotations

import datetime as dt
import math
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from django.apps import apps
from django.db import connection, transaction
from django.db.migrations.recorder import MigrationRecorder

from tablerank.league.errors import LeagueError
from tablerank.league.store.backup_file import FORMAT, VERSION, BadBackup, Writer, check, lines
from tablerank.league.store.backup_tables import (
    LEFT_OUT,
    MIGRATE_FILLS,
    Table,
    decoders,
    encoders,
    every_table,
    tables,
)
from tablerank.league.store.copy_rows import copy_on
from tablerank.league.store.snapshot import snapshot

__all__ = ["Summary", "restore", "take_backup"]

CHUNK = 5000
"""Rows read, written to the file, or inserted at a time."""


@dataclass(frozen=True)
class Summary:
    """What a backup wrote or a restore loaded: rows by table, and when the backup was taken."""

    rows: dict[str, int]
    taken_at: str

    @property
    def total(self) -> int:
        return sum(self.rows.values())


def _applied() -> dict[str, list[str]]:
    """The applied migrations, by app."""
    out: dict[str, list[str]] = {}
    for app, name in sorted(MigrationRecorder(connection).applied_migrations()):
        out.setdefault(app, []).append(name)
    return out


def take_backup(path: Path) -> Summary:
    """Write every table to `path` (replaced if it exists) as one moment of the database."""
    chosen = tables()
    try:
        writer = Writer(path)
        try:
            with snapshot():
                taken_at = dt.datetime.now(dt.UTC).isoformat(timespec="seconds")
                header = {"format": FORMAT, "version": VERSION, "taken_at": taken_at}
                header |= {"database": connection.vendor, "migrations": _applied()}
                writer.write([header | {"tables": [table.label for table in chosen]}])
                rows = {table.label: _write_table(writer, table) for table in chosen}
            writer.close(rows)
        except BaseException:
            writer.discard()
            raise
    except OSError as exc:  # a missing folder, a full disk
        raise LeagueError(str(path), f"cannot be written: {exc.strerror or exc}") from None
    return Summary(rows, taken_at)


def _write_table(writer: Writer, table: Table) -> int:
    writer.write([{"table": table.label, "columns": table.columns}])
    convert = [(n, f) for n, f in enumerate(encoders(table)) if f is not None]
    floats = [n for n, f in enumerate(table.fields) if f.get_internal_type() == "FloatField"]
    query = table.model._base_manager.order_by("pk").values_list(*table.attnames)
    count = 0
    batch: list[Any] = []
    for read in query.iterator(chunk_size=CHUNK):
        row = list(read) if convert else read
        for n, f in convert:
            row[n] = f(row[n])
        batch.append(row)
        if len(batch) == CHUNK:
            writer.write(batch, finite=_finite(batch, floats))
            count, batch = count + len(batch), []
    writer.write(batch, finite=_finite(batch, floats))
    return count + len(batch)


def _finite(batch: list[Any], floats: list[int]) -> bool:
    return all(row[n] is None or math.isfinite(row[n]) for n in floats for row in batch)


def restore(path: Path, *, replace: bool = False) -> Summary:
    """Load the backup at `path` into this database, which must hold no data (`replace`:
    delete what it holds first), in one transaction."""
    header, trailer = check(path)
    here = {table.label: table for table in every_table()}
    _check_migrations(path, header.get("migrations"))
    held = header.get("tables")
    if not isinstance(held, list) or not all(isinstance(label, str) for label in held):
        raise BadBackup(path, "damaged: its header lists no tables")
    missing = [label for label in held if label not in here]
    if missing:
        raise BadBackup(path, f"it holds tables this site has no app for: {', '.join(missing)}")
    with transaction.atomic():
        _empty(list(here.values()), replace)
        rows = _load(path, here)
        if rows != trailer.get("rows"):
            raise BadBackup(path, "damaged: its rows do not match the counts in its trailer")
        _reset_sequences(list(here.values()))
    return Summary(rows, str(header.get("taken_at", "")))


def _check_migrations(path: Path, taken: object) -> None:
    """The backup's migration state must be this database's, app by app."""
    if not isinstance(taken, dict):
        raise BadBackup(path, "damaged: its header has no migration state")
    installed = {config.label for config in apps.get_app_configs()}
    mine = {(app, name) for app, names in _applied().items() if app in installed for name in names}
    theirs = {
        (app, name) for app, names in taken.items() if app in installed for name in names or ()
    }
    if not mine:
        raise LeagueError("database", "it has no tables yet: run `tablerank league init` first")
    if newer := sorted(theirs - mine):
        raise BadBackup(
            path,
            f"taken at a newer migration state than this database ({'.'.join(newer[0])} is not "
            "applied here): upgrade tablerank and run `tablerank league init` first",
        )
    if older := sorted(mine - theirs):
        raise BadBackup(
            path,
            f"taken at an older migration state than this database (it lacks "
            f"{'.'.join(older[0])}): restore it with the tablerank version that took it, "
            "then upgrade that database",
        )


def _empty(every: list[Table], replace: bool) -> None:
    """Refuse a database that holds data unless `replace`; delete what a restore replaces."""
    if not replace:
        for table in every:
            if table.label in MIGRATE_FILLS or table.label in LEFT_OUT:
                continue
            if table.model._base_manager.exists():
                raise LeagueError(
                    "database",
                    f"it is not empty (table {table.name} has rows): restore into a new "
                    "database after `tablerank league init`, or pass --replace to delete "
                    "everything in this one first",
                )
    quote = connection.ops.quote_name
    with connection.cursor() as cursor:
        for table in reversed(every):
            if replace or table.label in MIGRATE_FILLS or table.label == "sessions.session":
                cursor.execute(f"DELETE FROM {quote(table.name)}")


def _load(path: Path, here: dict[str, Table]) -> dict[str, int]:
    """Insert every row of the file; the rows loaded by table."""
    rows: dict[str, int] = {}
    table: Table | None = None
    batch: list[list[Any]] = []
    for line in lines(path):
        if isinstance(line, list) and table is not None:
            batch.append(line)
            if len(batch) == CHUNK:
                _insert(table, batch)
                rows[table.label] += len(batch)
                batch = []
            continue
        if table is not None:
            _insert(table, batch)
            rows[table.label] += len(batch)
            batch = []
        if not isinstance(line, dict) or "trailer" in line:
            break
        table = _start(path, here, line)
        rows[table.label] = 0
    return rows


def _start(path: Path, here: dict[str, Table], line: dict[str, Any]) -> Table:
    table = here.get(str(line.get("table")))
    if table is None or table.label in LEFT_OUT:
        raise BadBackup(path, f"damaged: unexpected table {line.get('table')!r}")
    if line.get("columns") != table.columns:
        raise BadBackup(
            path, f"table {table.label} has columns {line.get('columns')}, not {table.columns}"
        )
    return table


def _insert(table: Table, rows: Sequence[Any]) -> None:
    if not rows:
        return
    convert = [(n, f) for n, f in enumerate(decoders(table)) if f is not None]
    for row in rows:
        for n, f in convert:
            row[n] = f(row[n])
    if connection.vendor == "postgresql":
        # COPY's text form: a column's type in the database may not be its field's (an id
        # created as integer that the model now calls a bigint), which the binary form refuses.
        with connection.wrap_database_errors:  # Django's errors, as its cursor raises them
            copy_on(connection.connection, table.name, table.columns, rows)
        return
    quote = connection.ops.quote_name
    names = ", ".join(quote(column) for column in table.columns)
    marks = ", ".join("?" * len(table.columns))
    with connection.wrap_database_errors:
        connection.connection.executemany(
            f"INSERT INTO {quote(table.name)} ({names}) VALUES ({marks})", rows
        )


def _reset_sequences(every: list[Table]) -> None:
    """On PostgreSQL, each table's id sequence continues after its largest restored id
    (SQLite's AUTOINCREMENT follows the inserted ids itself)."""
    if connection.vendor != "postgresql":
        return
    from django.core.management.color import no_style

    statements = connection.ops.sequence_reset_sql(no_style(), [t.model for t in every])
    with connection.cursor() as cursor:
        for sql in statements:
            cursor.execute(sql)
