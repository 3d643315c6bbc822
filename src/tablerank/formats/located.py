"""What every reader yields for one record: the record and where it came from (`Located`), or,
for a record that was read but breaks a rule, its id and the error (`Rejected`).

`read_records` stops at the first `Rejected` (every command that rates refuses such a file);
`read_each` keeps them, so `tablerank validate` lists every game's error in one pass. An error
that leaves no record to name (malformed JSON, a missing or malformed id, an unknown column)
is raised at once: the file cannot be read as records at all.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from tablerank.engine.fields import shown
from tablerank.engine.records import Event, Game
from tablerank.errors import InputError, RecordError

__all__ = ["Item", "Located", "Record", "Rejected", "id_text", "located"]

Record = Game | Event


@dataclass(frozen=True, slots=True)
class Located:
    """A record and where it came from, for messages that point at the line."""

    record: Record
    source: str
    location: str

    @property
    def id(self) -> str:
        return self.record.id


@dataclass(frozen=True, slots=True)
class Rejected:
    """A record that breaks a rule: its id and the error naming file, line or row, and field."""

    id: str
    error: InputError


Item = Located | Rejected


def located(
    build: Callable[[], Record],
    raw_id: Any,
    source: str,
    location: str,
    at: Callable[[str], str] | None = None,
) -> Item:
    """The record `build` makes, located at `location` of `source`; a rule it breaks is its
    `Rejected` unless the id itself is at fault (then the error is raised). `at` names the
    location of an error in a given field (a seat's own row), `location` by default."""
    try:
        return Located(build(), source, location)
    except RecordError as exc:
        where = location if at is None else at(exc.field)
        error = InputError(source, where, exc.message, field=exc.field)
        if exc.field == "id" or raw_id is None or isinstance(raw_id, bool):
            raise error from None
        return Rejected(str(raw_id).strip(), error)


def id_text(value: str | int) -> str:
    """A record's id as a location names it: quoted and cut short unless plainly printable."""
    if isinstance(value, str) and value.isprintable() and len(value) <= 60:
        return value
    return shown(value)
