"""Bulk inserts and bounded lookups for the import and replay paths.

Building a Django model object per row cost more than rating the game, so rows go in as plain
SQL: on SQLite as `INSERT ... VALUES (...), (...)` statements of many rows; on PostgreSQL with
COPY, since psycopg parses a long parameterised statement slowly and one statement per row
costs a round trip each (a recording's few rows go in one plain INSERT). Values must already
be adapted for the database (`connection.ops.adapt_datefield_value` and friends).

No statement takes more parameters than the database allows: SQLite's limit is read from the
connection (`SQLITE_LIMIT_VARIABLE_NUMBER`, 32,766 by default, lower when a build or a test
sets it lower), so `batched` and `insert_rows` split their work to fit.
"""

from __future__ import annotations

import sqlite3
from collections.abc import Iterator, Sequence
from typing import Any, TypeVar

from django.db import connection

__all__ = ["IN_BATCH", "batched", "in_batch", "insert_rows", "parameter_limit", "select_in"]

_T = TypeVar("_T")

IN_BATCH = 5000
"""Values per `IN (...)` lookup at most; fewer when the database allows fewer parameters."""

PARAMETERS_PER_STATEMENT = 30_000
"""Parameters per bulk INSERT at most (SQLite allows 32,766 by default)."""

POSTGRES_PARAMETERS = 65_535
"""The PostgreSQL protocol's limit on one statement's parameters."""

FEW_VALUES = 2_000
"""Values up to which PostgreSQL takes rows in one INSERT statement rather than by COPY."""

_SPARE = 16
"""Parameters an `IN (...)` lookup leaves for the rest of its statement (league, status...)."""


def parameter_limit() -> int:
    """How many parameters one statement may take on the current database connection."""
    if connection.vendor != "sqlite":
        return POSTGRES_PARAMETERS
    connection.ensure_connection()
    raw: sqlite3.Connection = connection.connection
    return raw.getlimit(sqlite3.SQLITE_LIMIT_VARIABLE_NUMBER)


def in_batch() -> int:
    """Values per `IN (...)` lookup: `IN_BATCH`, or fewer to fit `parameter_limit`."""
    return max(1, min(IN_BATCH, parameter_limit() - _SPARE))


def batched(values: Sequence[_T], size: int | None = None) -> Iterator[Sequence[_T]]:
    """`values` in consecutive slices of at most `size` (default `in_batch()`), for `IN (...)`
    lookups whose values come from one request's input, never from the league's size."""
    step = in_batch() if size is None else size
    for start in range(0, len(values), step):
        yield values[start : start + step]


def select_in(sql: str, params: Sequence[Any], values: Sequence[Any]) -> list[tuple[Any, ...]]:
    """The rows of `sql`, whose `{in}` stands for a parenthesised list of `values` (after
    `params`), run in `batched` parts: a plain-SQL lookup by many keys of one request."""
    out: list[tuple[Any, ...]] = []
    with connection.cursor() as cursor:
        for part in batched(values, max(1, in_batch() - len(params))):
            cursor.execute(sql.format(**{"in": "(" + ", ".join(["%s"] * len(part)) + ")"}),
                           [*params, *part])  # fmt: skip
            out.extend(cursor.fetchall())
    return out


def insert_rows(
    table: str, columns: Sequence[str], rows: Sequence[tuple[Any, ...]], *, on_conflict: str = ""
) -> None:
    """Insert `rows` (one value per column) into `table`; `on_conflict` is an ON CONFLICT
    clause for rows that exist already."""
    if not rows:
        return
    if connection.vendor != "postgresql":
        _values(table, columns, rows, on_conflict)
    elif len(rows) * len(columns) <= FEW_VALUES:
        _statement(table, columns, rows, on_conflict)
    else:
        _copy(table, columns, rows, on_conflict)


def _names(columns: Sequence[str]) -> str:
    return ", ".join(connection.ops.quote_name(c) for c in columns)


def _values(
    table: str, columns: Sequence[str], rows: Sequence[tuple[Any, ...]], on_conflict: str
) -> None:
    """Multi-row INSERTs on the sqlite3 connection itself, with its own `?` placeholders:
    Django's cursor rewrites every `%s` of a statement with a regular expression, which cost
    more than the insert for statements of thousands of values."""
    head = f"INSERT INTO {connection.ops.quote_name(table)} ({_names(columns)}) VALUES "
    one = "(" + ", ".join(["?"] * len(columns)) + ")"
    limit = min(PARAMETERS_PER_STATEMENT, parameter_limit())
    per_statement = max(1, limit // len(columns))
    raw: sqlite3.Connection = connection.connection
    for part in batched(rows, per_statement):
        sql = head + ", ".join([one] * len(part)) + (f" {on_conflict}" if on_conflict else "")
        with connection.wrap_database_errors:  # Django's IntegrityError, as its cursor raises
            raw.execute(sql, [value for row in part for value in row])


def _statement(
    table: str, columns: Sequence[str], rows: Sequence[tuple[Any, ...]], on_conflict: str
) -> None:
    """One multi-row INSERT through Django's cursor: a recording's few rows, one round trip
    instead of COPY's (and, for an upsert, a scratch table's) several."""
    one = "(" + ", ".join(["%s"] * len(columns)) + ")"
    sql = (
        f"INSERT INTO {connection.ops.quote_name(table)} ({_names(columns)}) "
        f"VALUES {', '.join([one] * len(rows))}" + (f" {on_conflict}" if on_conflict else "")
    )
    with connection.cursor() as cursor:
        cursor.execute(sql, [value for row in rows for value in row])


def _copy(
    table: str, columns: Sequence[str], rows: Sequence[tuple[Any, ...]], on_conflict: str
) -> None:
    """COPY straight into the table, or (for an upsert) into a scratch table first."""
    quote = connection.ops.quote_name
    names = _names(columns)
    # Django's errors (IntegrityError...), as its own cursor raises them.
    with connection.wrap_database_errors, connection.cursor() as cursor:
        raw = cursor.cursor
        target = quote(table)
        if on_conflict:
            target = quote(f"bulk_{table}")
            raw.execute(f"DROP TABLE IF EXISTS {target}")
            raw.execute(
                f"CREATE TEMP TABLE {target} AS SELECT {names} FROM {quote(table)} WITH NO DATA"
            )
        with raw.copy(f"COPY {target} ({names}) FROM STDIN") as copy:
            for row in rows:
                copy.write_row(row)
        if on_conflict:
            raw.execute(
                f"INSERT INTO {quote(table)} ({names}) SELECT {names} FROM {target} {on_conflict}"
            )
            raw.execute(f"DROP TABLE {target}")
