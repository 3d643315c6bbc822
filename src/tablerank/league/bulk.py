"""Bulk inserts for the import and replay paths.

Building a Django model object per row cost more than rating the game, so rows go in as plain
SQL: on SQLite as `INSERT ... VALUES (...), (...)` statements of many rows; on PostgreSQL with
COPY, since psycopg parses a long parameterised statement slowly and one statement per row
costs a round trip each. Values must already be adapted for the database
(`connection.ops.adapt_datefield_value` and friends).
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from typing import Any, TypeVar

from django.db import connection

__all__ = ["IN_BATCH", "batched", "insert_rows"]

_T = TypeVar("_T")

IN_BATCH = 5000
"""Values per `IN (...)` lookup: SQLite allows 32,766 parameters per statement."""


def batched(values: Sequence[_T], size: int = IN_BATCH) -> Iterator[Sequence[_T]]:
    """`values` in consecutive slices of at most `size`, for `IN (...)` lookups."""
    for start in range(0, len(values), size):
        yield values[start : start + size]


PARAMETERS_PER_STATEMENT = 30_000
"""SQLite allows 32,766 parameters per statement."""


def insert_rows(
    table: str, columns: Sequence[str], rows: Sequence[tuple[Any, ...]], *, on_conflict: str = ""
) -> None:
    """Insert `rows` (one value per column) into `table`; `on_conflict` is an ON CONFLICT
    clause for rows that exist already."""
    if not rows:
        return
    if connection.vendor == "postgresql":
        _copy(table, columns, rows, on_conflict)
    else:
        _values(table, columns, rows, on_conflict)


def _names(columns: Sequence[str]) -> str:
    return ", ".join(connection.ops.quote_name(c) for c in columns)


def _values(
    table: str, columns: Sequence[str], rows: Sequence[tuple[Any, ...]], on_conflict: str
) -> None:
    head = f"INSERT INTO {connection.ops.quote_name(table)} ({_names(columns)}) VALUES "
    one = "(" + ", ".join(["%s"] * len(columns)) + ")"
    per_statement = max(1, PARAMETERS_PER_STATEMENT // len(columns))
    with connection.cursor() as cursor:
        for part in batched(rows, per_statement):
            sql = head + ", ".join([one] * len(part)) + (f" {on_conflict}" if on_conflict else "")
            cursor.execute(sql, [value for row in part for value in row])


def _copy(
    table: str, columns: Sequence[str], rows: Sequence[tuple[Any, ...]], on_conflict: str
) -> None:
    """COPY straight into the table, or (for an upsert) into a scratch table first."""
    quote = connection.ops.quote_name
    names = _names(columns)
    with connection.cursor() as cursor:
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
