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


def _texts(values: Sequence[str]) -> str:
    """Quoted strings, joined: in one pass where none needs an escape (the usual case)."""
    every = "".join(values)
    if "\\" in every or '"' in every:
        return ",".join(map(_quoted, values))
    return '"' + '","'.join(values) + '"'


def _moments(values: Sequence[dt.date]) -> str:
    """Quoted ISO dates or moments; each distinct one written once (a batch shares its time)."""
    written = {value: value.isoformat() for value in set(values)}
    return '"' + '","'.join(map(written.__getitem__, values)) + '"'


def _numbers(values: Sequence[float]) -> str:
    return ",".join(map(repr, values))


def _truths(values: Sequence[bool]) -> str:
    return ",".join("t" if value else "f" for value in values)


_WRITERS: dict[type, Callable[[Sequence[Any]], str]] = {
    str: _texts,
    int: _numbers,
    float: _numbers,
    bool: _truths,
    dt.date: _moments,
    dt.datetime: _moments,
}


def array_literal(values: Sequence[Any]) -> str | None:
    """`values` as PostgreSQL's array input reads them (`{1,2,NULL}`), or None where they are
    not all of one type written here (or None)."""
    kinds = set(map(type, values))
    nothing = type(None) in kinds
    kinds.discard(type(None))
    if len(kinds) > 1:
        return None
    if not kinds:
        return "{" + ",".join(["NULL"] * len(values)) + "}"
    write = _WRITERS.get(kinds.pop())
    if write is None:
        return None
    if not nothing:
        return "{" + write(values) + "}"
    return "{" + ",".join("NULL" if value is None else write([value]) for value in values) + "}"
