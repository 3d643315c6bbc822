"""The tables a backup holds and how their values are written: every table of every installed
app, found in Django's app registry (so a table another app adds later is included without
editing this), in dependency order (a row's foreign keys point at tables before it).

Left out on purpose (`LEFT_OUT`): web sessions (a restored database signs everyone in again)
and the sign-in throttle's attempts and logs (axes): short-lived, and about the old site.
Content types and permissions are written like every table: `migrate` fills them in a new
database, and a restore replaces them with the backup's (`MIGRATE_FILLS`), so the ids other
rows point at stay the same.

Values are written as JSON: numbers, text, booleans and nulls as they are; dates and times in
ISO 8601 (times with their UTC offset), bytes in base64, decimals and UUIDs as text, JSON
fields as the JSON they hold. `encoders` and `decoders` give each column's conversion (None
where the value goes as it is), so the same file loads into SQLite and PostgreSQL.
"""

from __future__ import annotations

import base64
import datetime as dt
import decimal
import uuid
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from django.apps import apps
from django.db import connection
from django.db.models import Field, Model

__all__ = [
    "LEFT_OUT",
    "MIGRATE_FILLS",
    "Table",
    "decoders",
    "encoders",
    "every_table",
    "tables",
]

LEFT_OUT = frozenset(
    {
        "sessions.session",
        "axes.accessattempt",
        "axes.accessattemptexpiration",
        "axes.accessfailurelog",
        "axes.accesslog",
    }
)
"""The models (`app_label.model`) a backup leaves out; a restore empties their tables."""
MIGRATE_FILLS = frozenset({"contenttypes.contenttype", "auth.permission"})
"""The models whose rows `migrate` writes itself: a new database has them, and a restore
replaces them with the backup's."""

Convert = Callable[[Any], Any] | None


@dataclass(frozen=True)
class Table:
    """One model's table: its label (`app_label.model`), table name, fields and columns."""

    label: str
    model: type[Model]
    fields: tuple[Field[Any, Any], ...]

    @property
    def name(self) -> str:
        return str(self.model._meta.db_table)

    @property
    def attnames(self) -> list[str]:
        """The fields as `values_list` names them (`player_id` for a foreign key)."""
        return [field.attname for field in self.fields]

    @property
    def columns(self) -> list[str]:
        return [str(field.column) for field in self.fields]


def every_table() -> list[Table]:
    """Every concrete table of the installed apps (many-to-many tables included), each after
    the tables its foreign keys point at (a cycle is broken in the registry's order)."""
    found: dict[str, Table] = {}
    for model in apps.get_models(include_auto_created=True):
        meta = model._meta
        if meta.proxy or not meta.managed or meta.swapped:
            continue
        fields = tuple(field for field in meta.concrete_fields if isinstance(field, Field))
        found[meta.label_lower] = Table(meta.label_lower, model, fields)
    ordered: dict[str, Table] = {}

    def visit(label: str, seen: frozenset[str]) -> None:
        if label in ordered or label in seen:
            return
        table = found[label]
        for field in table.fields:
            target = field.related_model
            if isinstance(target, type) and target._meta.label_lower in found:
                visit(target._meta.label_lower, seen | {label})
        ordered[label] = table

    for label in found:
        visit(label, frozenset())
    return list(ordered.values())


def tables() -> list[Table]:
    """`every_table` but `LEFT_OUT`: the tables a backup holds."""
    return [table for table in every_table() if table.label not in LEFT_OUT]


def _text(value: Any) -> Any:
    return None if value is None else str(value)


def _iso(value: Any) -> Any:
    return None if value is None else value.isoformat()


def _bytes_out(value: Any) -> Any:
    return None if value is None else base64.b64encode(value).decode("ascii")


def _microseconds(value: Any) -> Any:
    return None if value is None else value // dt.timedelta(microseconds=1)


_ENCODE: dict[str, Convert] = {
    "DateTimeField": _iso,
    "DateField": _iso,
    "TimeField": _iso,
    "BinaryField": _bytes_out,
    "DecimalField": _text,
    "UUIDField": _text,
    "DurationField": _microseconds,
}


def _none_or(parse: Callable[[Any], Any]) -> Callable[[Any], Any]:
    return lambda value: None if value is None else parse(value)


_DECODE: dict[str, Callable[[Any], Any]] = {
    "DateTimeField": _none_or(dt.datetime.fromisoformat),
    "DateField": _none_or(dt.date.fromisoformat),
    "TimeField": _none_or(dt.time.fromisoformat),
    "BinaryField": _none_or(base64.b64decode),
    "DecimalField": _none_or(decimal.Decimal),
    "UUIDField": _none_or(uuid.UUID),
    "DurationField": _none_or(lambda n: dt.timedelta(microseconds=n)),
    "FloatField": _none_or(float),
    "JSONField": lambda value: value,
}


_AS_PARSED = frozenset({"BinaryField", "FloatField"})
"""Columns whose parsed value every driver takes as it is (bytes, float)."""


def encoders(table: Table) -> list[Convert]:
    """Each column's conversion from the value Django reads to the value the file holds."""
    return [_ENCODE.get(field.get_internal_type()) for field in table.fields]


def decoders(table: Table) -> list[Convert]:
    """Each column's conversion from the file's value to what this database's driver takes."""
    sqlite = connection.vendor == "sqlite"
    out: list[Convert] = []
    for field in table.fields:
        kind = field.get_internal_type()
        parse = _DECODE.get(kind)
        if sqlite and kind in _SQLITE_TEXT:
            out.append(_SQLITE_TEXT[kind])
        elif parse is None or kind in _AS_PARSED or (not sqlite and kind in _PG_AS_PARSED):
            out.append(parse)
        else:
            out.append(_prepared(field, parse))
    return out


def _sqlite_datetime(value: Any) -> Any:
    """An ISO time in UTC as Django keeps it in SQLite ("2026-03-14 19:30:00.250000"), with
    no parsing; another offset through Django's own conversion."""
    if value is None:
        return None
    if value.endswith("+00:00") and value[10:11] == "T":
        return f"{value[:10]} {value[11:-6]}"
    return connection.ops.adapt_datetimefield_value(dt.datetime.fromisoformat(value))


_SQLITE_TEXT: dict[str, Callable[[Any], Any]] = {
    "DateTimeField": _sqlite_datetime,
    "DateField": lambda value: value,  # Django keeps a date as its ISO text
}
"""Columns SQLite keeps as the text the file holds (or nearly)."""
_PG_AS_PARSED = frozenset({"DateTimeField", "DateField", "TimeField", "UUIDField"})
"""Columns psycopg takes as parsed (Django's PostgreSQL adapters leave them as they are)."""


def _prepared(field: Field[Any, Any], parse: Callable[[Any], Any]) -> Callable[[Any], Any]:
    prepare = field.get_db_prep_save

    def convert(value: Any) -> Any:
        return prepare(parse(value), connection)

    return convert
