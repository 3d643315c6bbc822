"""Bulk inserts, bounded lookups and batched statements for the recording, import and replay
paths.

Building a Django model object per row cost more than rating the game, so rows go in as plain
SQL: on SQLite as `INSERT ... VALUES (...), (...)` statements of many rows; on PostgreSQL with
COPY, since psycopg parses a long parameterised statement slowly and one statement per row
costs a round trip each. A recording's few rows go in as VALUES of at most `ARRAYS_FROM`
parameters, more from arrays (one parameter per column, written as PostgreSQL's array text by
`array_literals`), rows already stored are updated by their pk (`update_statements`), and
`run_all` sends several statements in one round trip. Values must already be adapted for the
database (`connection.ops.adapt_datefield_value` and friends).

No statement takes more parameters than the database allows: SQLite's limit is read from the
connection (`SQLITE_LIMIT_VARIABLE_NUMBER`, 32,766 by default, lower when a build or a test
sets it lower), so `batched` and `insert_rows` split their work to fit.
"""

from __future__ import annotations

import sqlite3
from collections.abc import Callable, Iterator, Sequence
from functools import cache, partial
from itertools import chain
from typing import Any, TypeVar

from django.db import connection
from django.db.models import Field, Model

from tablerank.league.store.array_literals import array_literal
from tablerank.league.store.copy_rows import copy_on, copy_rows

__all__ = [
    "IN_BATCH",
    "Rows",
    "Statement",
    "batched",
    "column",
    "in_batch",
    "insert_returning",
    "insert_rows",
    "insert_statements",
    "inserts",
    "parameter_limit",
    "postgresql_copies",
    "run_all",
    "run_groups",
    "select_in",
    "sqlite_inserts",
    "statements_in",
    "table",
    "unnest",
    "update_statements",
]

_T = TypeVar("_T")

Statement = tuple[str, Sequence[Any]]
"""One SQL statement with its parameters (`%s` placeholders)."""

Rows = list[tuple[Any, ...]]

IN_BATCH = 5000
"""Values per `IN (...)` lookup at most; fewer when the database allows fewer parameters."""

PARAMETERS_PER_STATEMENT = 30_000
"""Parameters per bulk INSERT at most (SQLite allows 32,766 by default)."""

POSTGRES_PARAMETERS = 65_535
"""The PostgreSQL protocol's limit on one statement's parameters."""

FEW_VALUES = 2_000
"""Values up to which rows go in one INSERT statement, which may run with others, rather than
by COPY (PostgreSQL) or by statements on the sqlite3 connection itself (`inserts`)."""

ARRAYS_FROM = 50
"""Values from which an INSERT on PostgreSQL binds one array per column instead of a value per
parameter: psycopg parses a statement of more parameters anew each time (its cache keeps
statements of at most 50), while the server takes a few arrays' rows cheaper than as many
values but spends more on each array than on a value."""

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


def run_all(statements: Sequence[Statement]) -> list[Rows]:
    """Run the statements in order; each one's rows (none for one that returns none). On
    PostgreSQL they go in one round trip: bound client-side, as psycopg binds every statement
    of Django's, and sent as one query; SQLite runs them one by one, in-process."""
    if not statements:
        return []
    with connection.cursor() as cursor:
        if connection.vendor != "postgresql" or len(statements) == 1:
            out = []
            for sql, params in statements:
                cursor.execute(sql, params)
                out.append(_rows(cursor))
            return out
        from psycopg import ClientCursor

        bind = ClientCursor(connection.connection).mogrify
        cursor.execute(";\n".join(bind(sql, params) for sql, params in statements))
        out = [_rows(cursor)]
        while cursor.nextset():
            out.append(_rows(cursor))
        return out


def run_groups(*groups: Sequence[Statement]) -> list[list[Rows]]:
    """`run_all` over the groups' statements, in order; each group's results."""
    found = run_all([statement for group in groups for statement in group])
    out = []
    for group in groups:
        out.append(found[: len(group)])
        found = found[len(group) :]
    return out


def _rows(cursor: Any) -> Rows:
    return cursor.fetchall() if cursor.description is not None else []


def statements_in(sql: str, params: Sequence[Any], values: Sequence[Any]) -> list[Statement]:
    """`sql` with its one `IN {in}` (on every database) standing for a parenthesised list of
    `values` (after `params`), in `batched` parts: a plain-SQL lookup (or change) by many keys
    of one request. On PostgreSQL `= ANY(%s)` stands there instead, the values one array
    parameter: one statement however many, bound without a placeholder per value (psycopg
    parsed a statement of thousands of placeholders for longer than the server ran it)."""
    if not values:
        return []
    head, *tail = sql.split("IN {in}")
    if len(tail) != 1:
        raise ValueError(f"not one 'IN {{in}}' to look the values up by in: {sql}")
    if connection.vendor == "postgresql":
        return [(f"{head}= ANY(%s){tail[0]}", [*params, list(values)])]
    return [
        (f"{head}IN ({', '.join(['%s'] * len(part))}){tail[0]}", [*params, *part])
        for part in batched(values, max(1, in_batch() - len(params)))
    ]


def select_in(sql: str, params: Sequence[Any], values: Sequence[Any]) -> Rows:
    """The rows of `statements_in`."""
    return [row for rows in run_all(statements_in(sql, params, values)) for row in rows]


def insert_rows(
    model: type[Model],
    fields: Sequence[str],
    rows: Sequence[tuple[Any, ...]],
    *,
    on_conflict: str = "",
) -> None:
    """Insert `rows` (one value per field, by the model's field names) into the model's table;
    `on_conflict` is an ON CONFLICT clause for rows that exist already."""
    run_all(inserts(model, fields, rows, on_conflict=on_conflict))


def insert_returning(
    model: type[Model], fields: Sequence[str], rows: Sequence[tuple[Any, ...]], returning: str
) -> Rows | None:
    """`insert_rows`, and the inserted rows' `returning` columns (in no particular order), on
    SQLite 3.35 or later (RETURNING); None elsewhere, and nothing is inserted then."""
    if connection.vendor != "sqlite" or sqlite3.sqlite_version_info < (3, 35):
        return None
    into, columns, _ = _columns(model, tuple(fields))
    return _values(into, columns, rows, f"RETURNING {returning}")


def inserts(
    model: type[Model],
    fields: Sequence[str],
    rows: Sequence[tuple[Any, ...]],
    *,
    on_conflict: str = "",
) -> list[Statement]:
    """`insert_rows`, as statements to run with others where the rows are few (`FEW_VALUES`);
    many rows go in at once instead (COPY on PostgreSQL), leaving no statement."""
    if len(rows) * len(fields) <= FEW_VALUES:
        return insert_statements(model, fields, rows, on_conflict=on_conflict)
    into, columns, types = _columns(model, tuple(fields))
    if connection.vendor == "postgresql":
        copy_rows(into, columns, rows, on_conflict, types)
    else:
        _values(into, columns, rows, on_conflict)
    return []


def insert_statements(
    model: type[Model],
    fields: Sequence[str],
    rows: Sequence[tuple[Any, ...]],
    *,
    on_conflict: str = "",
) -> list[Statement]:
    """`insert_rows` for a few rows, as statements to run with others (`run_all`): multi-row
    VALUES, or on PostgreSQL for more than `ARRAYS_FROM` values one INSERT from an array per
    column."""
    if not rows:
        return []
    head = _insert_into(model, tuple(fields))
    tail = f" {on_conflict}" if on_conflict else ""
    if connection.vendor == "postgresql" and len(rows) * len(fields) > ARRAYS_FROM:
        arrays, params = unnest(model, fields, rows)
        return [(f"{head}SELECT * FROM {arrays}{tail}", params)]
    one = "(" + ", ".join(["%s"] * len(fields)) + ")"
    per_statement = max(1, min(PARAMETERS_PER_STATEMENT, parameter_limit()) // len(fields))
    return [
        (f"{head}VALUES {', '.join([one] * len(part))}{tail}", [v for row in part for v in row])
        for part in batched(rows, per_statement)
    ]


def update_statements(
    model: type[Model], fields: Sequence[str], rows: Sequence[tuple[Any, ...]]
) -> list[Statement]:
    """Statements that set these fields of a few stored rows, each row its pk and then the
    fields' values, to run with others: an UPDATE by pk from a table of the rows (arrays on
    PostgreSQL, VALUES elsewhere), cheaper for the server than an upsert's conflict check."""
    if not rows:
        return []
    _, columns, _ = _columns(model, tuple(fields))
    head = f"UPDATE {table(model)} AS t SET "
    if connection.vendor == "postgresql":
        arrays, params = unnest(model, ["id", *fields], rows)
        names = ", ".join(f"c{n}" for n in range(len(columns)))
        sets = ", ".join(f"{_names([c])} = v.c{n}" for n, c in enumerate(columns))
        # The pks again, as a condition on the table itself: an index scan by them, where a
        # join on them alone lets the planner scan a small table whole.
        where = "WHERE t.id = v.pk AND t.id = ANY(%s::bigint[])"
        return [(f"{head}{sets} FROM {arrays} AS v (pk, {names}) {where}", [*params, params[0]])]
    sets = ", ".join(f"{_names([c])} = v.column{n + 2}" for n, c in enumerate(columns))
    one = "(" + ", ".join(["%s"] * (len(columns) + 1)) + ")"
    per_statement = max(1, min(PARAMETERS_PER_STATEMENT, parameter_limit()) // (len(fields) + 1))
    return [
        (
            f"{head}{sets} FROM (VALUES {', '.join([one] * len(part))}) AS v "
            "WHERE t.id = v.column1",
            [v for row in part for v in row],
        )
        for part in batched(rows, per_statement)
    ]


def unnest(model: type[Model], fields: Sequence[str], rows: Sequence[tuple[Any, ...]]) -> Statement:
    """`unnest(%s::type[], ...)`: a table of these rows, as the model's fields' types, that one
    parameter per field binds (PostgreSQL); and the parameters."""
    _, _, types = _columns(model, tuple(fields))
    arrays = ", ".join(f"%s::{kind}[]" for kind in types)
    params: list[Any] = []
    for kind, values in zip(types, zip(*rows, strict=True), strict=True):
        same = _floats(values) if kind == _FLOAT else values
        literal = array_literal(same)
        params.append(list(same) if literal is None else literal)
    return f"unnest({arrays})", params


_FLOAT = "double precision"


def _floats(values: Sequence[Any]) -> tuple[Any, ...]:
    """One type per array: ints among floats become floats."""
    return tuple(value if value is None else float(value) for value in values)


@cache
def _insert_into(model: type[Model], fields: tuple[str, ...]) -> str:
    into, columns, _ = _columns(model, fields)
    return f"INSERT INTO {connection.ops.quote_name(into)} ({_names(columns)}) "


@cache
def _columns(model: type[Model], fields: tuple[str, ...]) -> tuple[str, list[str], list[str]]:
    """The model's table, and the columns and their database types of these fields."""
    found = [_field(model, name) for name in fields]
    types = [str(field.db_type(connection)) for field in found]
    return model._meta.db_table, [str(field.column) for field in found], types


def _field(model: type[Model], name: str) -> Field[Any, Any]:
    found = model._meta.get_field(name)
    if not isinstance(found, Field):
        raise TypeError(f"{model.__name__}.{name} is a relation's other side, not a column")
    return found


@cache
def column(model: type[Model], field: str) -> str:
    """A field's column, quoted for SQL."""
    return str(connection.ops.quote_name(str(_field(model, field).column)))


@cache
def table(model: type[Model]) -> str:
    """A model's table, quoted for SQL."""
    return str(connection.ops.quote_name(model._meta.db_table))


def _names(columns: Sequence[str]) -> str:
    return ", ".join(connection.ops.quote_name(c) for c in columns)


def _values(table: str, columns: Sequence[str], rows: Sequence[tuple[Any, ...]], tail: str) -> Rows:
    """Run `_sqlite_statements`; the rows a RETURNING gives."""
    raw: sqlite3.Connection = connection.connection
    found: Rows = []
    for sql, params in _sqlite_statements(table, columns, rows, tail):
        with connection.wrap_database_errors:  # Django's IntegrityError, as its cursor raises
            found += raw.execute(sql, params).fetchall()
    return found


def sqlite_inserts(
    model: type[Model], fields: Sequence[str], rows: Sequence[tuple[Any, ...]]
) -> Iterator[tuple[str, list[Any]]]:
    """`insert_rows` on SQLite as statements for the sqlite3 connection itself, one by one."""
    into, columns, _ = _columns(model, tuple(fields))
    return _sqlite_statements(into, columns, rows, "")


COPY_ROWS = 50_000
"""Rows per COPY of `postgresql_copies`: between two, another thread's statement may run."""


def postgresql_copies(
    raw: Any, model: type[Model], fields: Sequence[str], rows: Sequence[tuple[Any, ...]]
) -> Iterator[Callable[[], None]]:
    """`insert_rows` on PostgreSQL as COPYs of `COPY_ROWS` rows each on the psycopg connection
    itself (`raw`), one by one."""
    into, columns, types = _columns(model, tuple(fields))
    for start in range(0, len(rows), COPY_ROWS):
        yield partial(copy_on, raw, into, columns, rows[start : start + COPY_ROWS], types)


def _sqlite_statements(
    table: str, columns: Sequence[str], rows: Sequence[tuple[Any, ...]], tail: str
) -> Iterator[tuple[str, list[Any]]]:
    """Multi-row INSERTs for the sqlite3 connection itself, with its own `?` placeholders:
    Django's cursor rewrites every `%s` of a statement with a regular expression, which cost
    more than the insert for statements of thousands of values. `tail` follows the VALUES (ON
    CONFLICT, RETURNING). Each statement's parameters are listed when it is reached (they may
    be reached on another thread: the connection is asked for its limit now)."""
    head = f"INSERT INTO {connection.ops.quote_name(table)} ({_names(columns)}) VALUES "
    one = "(" + ", ".join(["?"] * len(columns)) + ")"
    per_statement = max(1, min(PARAMETERS_PER_STATEMENT, parameter_limit()) // len(columns))
    end = f" {tail}" if tail else ""
    full = head + ", ".join([one] * per_statement) + end
    return (
        (full if len(part) == per_statement else head + ", ".join([one] * len(part)) + end,
         list(chain.from_iterable(part)))
        for part in batched(rows, per_statement)
    )  # fmt: skip
