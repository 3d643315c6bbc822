"""A league found by its slug, as every request finds one: from one prepared query."""

from __future__ import annotations

import functools
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from django.db import connection

from tablerank.league.models import League

__all__ = ["league_named"]


def league_named(slug: str) -> League | None:
    """The whole league `slug`, as the ORM would load it, from one prepared query: every
    request reads one, and the ORM's `get` compiles its query anew each time (3-4 times the
    CPU of the query itself)."""
    reading = _reading(connection.vendor)
    with connection.cursor() as cursor:
        cursor.execute(reading.sql, [slug])
        row = cursor.fetchone()
    if row is None:
        return None
    values = list(row)
    for i, field, converters in reading.converters:
        for convert in converters:
            values[i] = convert(values[i], field, connection)
    return League.from_db(connection.alias, reading.names, values)


@dataclass(frozen=True)
class _Reading:
    sql: str
    names: list[str]
    converters: list[tuple[int, Any, list[Callable[..., Any]]]]
    """Per column: its index, its expression and what turns the database's value into the
    field's (the backend's converters, then the field's, in the ORM's order)."""


@functools.cache
def _reading(vendor: str) -> _Reading:
    del vendor  # the key: each backend quotes names and converts values its own way
    quote = connection.ops.quote_name
    fields = League._meta.concrete_fields
    columns = ", ".join(quote(str(field.column)) for field in fields)
    slug = quote(str(League._meta.get_field("slug").column))
    sql = f"SELECT {columns} FROM {quote(League._meta.db_table)} WHERE {slug} = %s"
    converters = []
    for i, field in enumerate(fields):
        column = field.cached_col
        found = connection.ops.get_db_converters(column) + column.get_db_converters(connection)
        if found:
            converters.append((i, column, found))
    return _Reading(sql, [field.attname for field in fields], converters)
