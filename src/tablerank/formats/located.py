"""What every reader yields for one record: the record and where it came from (`Located`); for
a record that was read but breaks a rule, its id and the error (`Rejected`); for a row that
cannot be rated at all (an incomplete BoardGameGeek play, a play without a result), its id and
why (`Skipped`): never rated, always reported. A record read with a change someone should know
of (an anonymous player left out, a Catan table of five read as 5-6) carries its `notes`.

`read_records` stops at the first `Rejected` (every command that rates refuses such a file);
`read_each` keeps them, so `tablerank validate` lists every game's error in one pass. An error
that leaves no record to name (malformed JSON, a missing or malformed id, an unknown column)
is raised at once: the file cannot be read as records at all.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from tablerank.engine.fields import shown
from tablerank.engine.records import Event, Game
from tablerank.errors import InputError, RecordError

__all__ = ["Item", "Located", "Record", "Rejected", "Skipped", "id_text", "located", "new_located",
           "seat_fields"]  # fmt: skip

Record = Game | Event


@dataclass(frozen=True, slots=True)
class Located:
    """A record and where it came from, for messages that point at the line."""

    record: Record
    source: str
    location: str
    notes: tuple[InputError, ...] = ()
    """Warnings about how the record was read, each naming file, row and field."""
    id: str = field(init=False, repr=False, compare=False)
    """The record's id."""

    def __post_init__(self) -> None:
        object.__setattr__(self, "id", self.record.id)


_SET_LOCATED = tuple(
    Located.__dict__[name].__set__ for name in ("record", "source", "location", "id", "notes")
)


def new_located(
    record: Record,
    source: str,
    location: str,
    _new: Any = object.__new__,
    _s: tuple[Any, ...] = _SET_LOCATED,
) -> Located:
    """`Located(record, source, location)` at a third of the frozen dataclass's own cost (a
    reading makes one per record)."""
    item: Located = _new(Located)
    _s[0](item, record)
    _s[1](item, source)
    _s[2](item, location)
    _s[3](item, record.id)
    _s[4](item, ())
    return item


@dataclass(frozen=True, slots=True)
class Rejected:
    """A record that breaks a rule: its id and the error naming file, line or row, and field."""

    id: str
    error: InputError


@dataclass(frozen=True, slots=True)
class Skipped:
    """A row that cannot be mapped to a record: its id and why, naming file, row and field."""

    id: str
    error: InputError


Item = Located | Rejected | Skipped

_SEAT = re.compile(r"^seats\[(\d+)\](?:\.(\w+))?(.*)$")


def located(
    build: Callable[[], Record],
    raw_id: Any,
    source: str,
    location: str,
    at: Callable[[str], str] | None = None,
    rename: Callable[[str], str] | None = None,
    notes: tuple[InputError, ...] = (),
) -> Item:
    """The record `build` makes, located at `location` of `source`; a rule it breaks is its
    `Rejected` unless the id itself is at fault (then the error is raised). `at` names the
    location of an error in a given field (a seat's own row), `location` by default; `rename`
    names the field as the file does (`seats[1].vp` is BG Stats' `playerScores[1].score`);
    `notes` go with the record."""
    try:
        return Located(build(), source, location, notes)
    except RecordError as exc:
        where = location if at is None else at(exc.field)
        field = exc.field if rename is None else rename(exc.field)
        error = InputError(source, where, exc.message, field=field)
        if exc.field == "id" or raw_id is None or isinstance(raw_id, bool):
            raise error from None
        return Rejected(str(raw_id).strip(), error)


def seat_fields(
    fields: Mapping[str, str], seats: str, seat: Mapping[str, str], order: Sequence[int]
) -> Callable[[str], str]:
    """A `rename` for a reader whose file names fields otherwise: `fields` maps a record's own
    fields, `seats` is what the file calls its list of seats and `seat` maps a seat's fields;
    `order[i]` is where the record's seat `i` stands in the file's list."""

    def rename(field: str) -> str:
        match = _SEAT.match(field)
        if match is None:
            return fields.get(field, field)
        index, name, rest = int(match.group(1)), match.group(2), match.group(3)
        head = f"{seats}[{order[index] if index < len(order) else index}]"
        if name is None:
            return head + rest
        return f"{head}.{seat.get(name, name)}{rest}"

    return rename


def id_text(value: str | int) -> str:
    """A record's id as a location names it: quoted and cut short unless plainly printable."""
    if isinstance(value, str) and value.isprintable() and len(value) <= 60:
        return value
    return shown(value)
