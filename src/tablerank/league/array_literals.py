"""PostgreSQL's text form of an array, written directly for the value types a recording binds.

psycopg adapts a list element by element in Python (a regular expression per element to decide
the quoting), which cost more than the statement it binds for a recording's few dozen rows. An
array of one plain type is written here in one pass instead: numbers as Python writes them
(`repr` of a float reads back exactly; inf and nan are PostgreSQL's spellings too), text and
dates quoted with backslash escapes, as PostgreSQL's array input reads them. The result is one
string, which psycopg then quotes as any string.
"""

from __future__ import annotations

import datetime as dt
from collections.abc import Callable, Sequence
from typing import Any

__all__ = ["array_literal"]


def _quoted(value: str) -> str:
    return '"' + value.replace("\\", "\\\\").replace('"', '\\"') + '"'


def _moment(value: dt.date) -> str:
    return '"' + value.isoformat() + '"'


def _truth(value: bool) -> str:
    return "t" if value else "f"


_WRITERS: dict[type, Callable[[Any], str]] = {
    str: _quoted,
    int: repr,
    float: repr,
    bool: _truth,
    dt.date: _moment,
    dt.datetime: _moment,
}


def array_literal(values: Sequence[Any]) -> str | None:
    """`values` as PostgreSQL's array input reads them (`{1,2,NULL}`), or None where they are
    not all of one type written here (or None)."""
    kinds = {type(value) for value in values}
    kinds.discard(type(None))
    if len(kinds) > 1:
        return None
    write = _WRITERS.get(kinds.pop()) if kinds else repr
    if write is None:
        return None
    return "{" + ",".join("NULL" if value is None else write(value) for value in values) + "}"
