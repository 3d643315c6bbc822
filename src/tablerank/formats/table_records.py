"""Records from a table of one row per seat (games) or per player (events): the columns that
CSV files and spreadsheets share (docs/records.md, "CSV").

Rows with the same `id` form one record; the record's columns may be left empty after its
first row but must not disagree. A header with `wins` or `rounds` makes the table an event
table. Messages name the row at fault as `line N` (CSV) or `row N` (a sheet).
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from tablerank.engine.record_schema import EVENT_FIELDS, GAME_FIELDS, SEAT_FIELDS, STANDING_FIELDS
from tablerank.engine.records import event_from_dict, game_from_dict
from tablerank.errors import InputError
from tablerank.formats.column_map import ColumnMap, day_first_date
from tablerank.formats.located import Item, id_text, located

__all__ = ["GAME_COLUMNS", "MAPPABLE", "SEAT_COLUMNS", "records_from_table"]

# The records' declared fields (`record_schema`) but the lists, which are rows here, and the
# seats' VP sources, which are columns `sources.<name>`.
GAME_COLUMNS = tuple(name for name in GAME_FIELDS if name != "seats")
SEAT_COLUMNS = tuple(name for name in SEAT_FIELDS if name != "sources")
MAPPABLE = (*GAME_COLUMNS, *SEAT_COLUMNS)
"""The columns a club's own sheet may be mapped onto (`column_map.ColumnMap`)."""
_EVENT_COLUMNS = tuple(name for name in EVENT_FIELDS if name != "standings")
_STANDING_COLUMNS = STANDING_FIELDS
_SOURCE_PREFIX = "sources."
_SEAT_FIELD = re.compile(r"^(?:seats|standings)\[(\d+)\]")

Row = tuple[int, Sequence[str]]
"""A row's number in the file (its line, or its row in a sheet) and its cells."""


@dataclass(slots=True)
class _Group:
    header: dict[str, Any]
    rows: list[dict[str, Any]]
    lines: list[int]


@dataclass(frozen=True, slots=True)
class _Table:
    source: str
    unit: str
    columns: list[str]
    events: bool
    top: Sequence[str]
    mapping: ColumnMap | None

    def where(self, number: int) -> str:
        return f"{self.unit} {number}"


def records_from_table(
    header: Sequence[str],
    rows: Iterable[Row],
    source: str,
    unit: str = "line",
    mapping: ColumnMap | None = None,
) -> list[Item]:
    """The records of a table whose first row (`header`, numbered 1) names the columns, the
    records' own or the sheet's own through `mapping`."""
    if mapping is not None:
        header = mapping.header(header, source, f"{unit} 1")
    columns = [c.strip() for c in header]
    if not any(columns):
        if any(cell.strip() for _, cells in rows for cell in cells):
            wanted = ", ".join((*GAME_COLUMNS, *SEAT_COLUMNS))
            raise InputError(source, f"{unit} 1", f"the header row is empty; expected: {wanted}")
        return []
    events = "wins" in columns or "rounds" in columns
    top, inner = (_EVENT_COLUMNS, _STANDING_COLUMNS) if events else (GAME_COLUMNS, SEAT_COLUMNS)
    table = _Table(source, unit, columns, events, top, mapping)
    _check_columns(table, inner)
    return [_record(group, table) for group in _group_rows(rows, table).values()]


def _check_columns(table: _Table, inner: Sequence[str]) -> None:
    for column in table.columns:
        if not column:  # a column without a header (a sheet's blank last columns) holds nothing
            continue
        known = column in table.top or column in inner
        if not known and not (column.startswith(_SOURCE_PREFIX) and not table.events):
            extra = () if table.events else ("sources.<name>",)
            allowed = ", ".join((*table.top, *inner, *extra))
            raise InputError(
                table.source, table.where(1), f"unknown column; expected: {allowed}", column
            )
    for required in ("id", "player"):
        if required not in table.columns:
            raise InputError(table.source, table.where(1), "a required column is missing", required)


def _cells(number: int, cells: Sequence[str], table: _Table) -> dict[str, str]:
    """A row's cells by column; a value beyond the header, or under a column without one, is
    an error (blank cells there are a spreadsheet's usual padding) unless a mapping leaves the
    sheet's other columns out."""
    if table.mapping is None:
        for position, value in enumerate(cells):
            if value.strip() and (position >= len(table.columns) or not table.columns[position]):
                raise InputError(
                    table.source,
                    table.where(number),
                    f"this row has a value in column {position + 1}, which has no header",
                )
    row = {c: v.strip() for c, v in zip(table.columns, cells, strict=False) if c}
    if "date" in row:
        row["date"] = day_first_date(row["date"])
    return row if table.mapping is None else table.mapping.cells(row)


def _group_rows(rows: Iterable[Row], table: _Table) -> dict[str, _Group]:
    groups: dict[str, _Group] = {}
    for number, cells in rows:
        row = _cells(number, cells, table)
        if not any(row.values()):
            continue
        key = row.get("id", "")
        if not key:
            raise InputError(table.source, table.where(number), "is required", "id")
        group = groups.setdefault(key, _Group({}, [], []))
        for column in table.top:
            value = row.get(column)
            if value and group.header.setdefault(column, value) != value:
                raise InputError(
                    table.source,
                    table.where(number),
                    f"{value!r} disagrees with {group.header[column]!r} on "
                    f"{table.where(group.lines[0])} for the same id {key!r}",
                    column,
                )
        group.rows.append(row)
        group.lines.append(number)
    return groups


def _record(group: _Group, table: _Table) -> Item:
    rows, header, where = group.rows, group.header, table.where(group.lines[0])

    def at(field: str) -> str:
        match = _SEAT_FIELD.match(field)
        line = group.lines[int(match.group(1))] if match else group.lines[0]
        return f"{table.where(line)} (id {id_text(rows[0]['id'])})"

    if table.events:
        standings = [_pick(row, _STANDING_COLUMNS) for row in rows]
        return located(
            lambda: event_from_dict({**header, "standings": standings}),
            rows[0]["id"], table.source, where, at,
        )  # fmt: skip
    seats = [_seat(row) for row in rows]
    return located(
        lambda: game_from_dict({**header, "seats": seats}), rows[0]["id"], table.source, where, at
    )


def _pick(row: Mapping[str, Any], columns: Iterable[str]) -> dict[str, Any]:
    return {c: row[c] for c in columns if row.get(c)}


def _seat(row: Mapping[str, Any]) -> dict[str, Any]:
    seat = _pick(row, SEAT_COLUMNS)
    sources = {
        c.removeprefix(_SOURCE_PREFIX): v
        for c, v in row.items()
        if c.startswith(_SOURCE_PREFIX) and v
    }
    if sources:
        seat["sources"] = sources
    return seat
