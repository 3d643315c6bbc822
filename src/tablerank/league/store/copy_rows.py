"""Many rows into a PostgreSQL table with COPY (`bulk.inserts`): psycopg parses a long
parameterised statement slowly, and one statement per row costs a round trip each."""

from __future__ import annotations

from collections.abc import Sequence
from functools import cache
from typing import Any

from django.db import connection

__all__ = ["binary_types", "copy_on", "copy_rows"]


def copy_rows(
    table: str,
    columns: Sequence[str],
    rows: Sequence[tuple[Any, ...]],
    on_conflict: str,
    types: Sequence[str] = (),
) -> None:
    """COPY straight into the table, or (for an upsert) into a scratch table first. In
    PostgreSQL's binary format where every column's type is one `binary_types` knows: the
    server then parses no text (dates, floats, hex bytea), nor does the client format any."""
    quote = connection.ops.quote_name
    names = ", ".join(quote(c) for c in columns)
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
        _copy(raw, target, names, rows, binary_types(tuple(types)))
        if on_conflict:
            raw.execute(
                f"INSERT INTO {quote(table)} ({names}) SELECT {names} FROM {target} {on_conflict}"
            )
            raw.execute(f"DROP TABLE {target}")


def copy_on(
    raw: Any,
    table: str,
    columns: Sequence[str],
    rows: Sequence[tuple[Any, ...]],
    types: Sequence[str] = (),
) -> None:
    """`copy_rows` without a conflict, on a psycopg connection itself (`raw`): from a thread
    other than the one Django's `connection` belongs to."""
    quote = connection.ops.quote_name
    names = ", ".join(quote(c) for c in columns)
    with raw.cursor() as cursor:
        _copy(cursor, quote(table), names, rows, binary_types(tuple(types)))


def _copy(
    cursor: Any, target: str, names: str, rows: Sequence[tuple[Any, ...]], binary: list[str] | None
) -> None:
    form = " (FORMAT BINARY)" if binary else ""
    with cursor.copy(f"COPY {target} ({names}) FROM STDIN{form}") as copy:
        if binary:
            copy.set_types(binary)
        for row in rows:
            copy.write_row(row)


_BINARY = {
    "bigint": "int8",
    "integer": "int4",
    "smallint": "int2",
    "boolean": "bool",
    "double precision": "float8",
    "varchar": "varchar",
    "text": "text",
    "date": "date",
    "timestamp with time zone": "timestamptz",
    "bytea": "bytea",
}
"""The column types a binary COPY takes, by Django's name (without a length), as psycopg
names them. Their values must be of the type's own Python type (int, float, str, date...), as
the adapted values of `inserts` are: the binary format converts nothing (an int column refuses
a float or a string)."""


@cache
def binary_types(types: tuple[str, ...]) -> list[str] | None:
    """psycopg's names of these column types for a binary COPY; None (a text COPY) where any
    is not one of `_BINARY`, or where none are given."""
    if not types:
        return None
    found = [_BINARY.get(kind.split("(", 1)[0].strip()) for kind in types]
    return None if None in found else [kind for kind in found if kind is not None]
