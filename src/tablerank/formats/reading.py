"""Reading game and event records from files: JSON Lines, a JSON array, or CSV (a row per seat).

Every problem becomes an `InputError` naming the file, the line or row, the field and what was
expected. Record rules live in `tablerank.engine.records`; this module only finds where in a file
a record came from.
"""

from __future__ import annotations

import csv
import json
import re
from collections.abc import Iterable, Iterator, Mapping, Sequence
from dataclasses import dataclass
from math import isfinite
from pathlib import Path
from typing import Any

import msgspec

from tablerank.engine.fields import shown
from tablerank.engine.records import Event, Game, event_from_dict, game_from_dict
from tablerank.errors import InputError, RecordError
from tablerank.formats.typed_games import Memo, TypedGame, typed_game

__all__ = ["Located", "read_records", "read_start", "records_from_text"]

Record = Game | Event
# msgspec decodes JSON as the json module does, about twice as fast; on any problem the careful
# reading decodes again with the json module, whose messages say where the problem is.
_DECODE = msgspec.json.Decoder().decode
_TYPED_DECODE = msgspec.json.Decoder(TypedGame).decode
_BOM = "\ufeff".encode()
# Line breaks that `str.splitlines` knows and JSON allows inside strings: where one occurs the
# careful reading splits the line, so the typed reading (split at \n and \r) leaves it alone.
_UNICODE_LINE_BREAKS = tuple(c.encode() for c in "\x85\u2028\u2029")


@dataclass(frozen=True, slots=True)
class Located:
    """A record and where it came from, for messages that point at the line."""

    record: Record
    source: str
    location: str


def read_records(paths: Sequence[Path | str]) -> list[Record]:
    """Every record in the files, in file order; ids must be unique across all of them."""
    fast = _fast_records(paths)
    if fast is not None:
        return fast
    # Something is wrong or unusual: read again, keeping where each record came from.
    seen: dict[str, Located] = {}
    out: list[Record] = []
    for path in paths:
        for item in _read_file(Path(path)):
            first = seen.get(item.record.id)
            if first is not None:
                raise InputError(
                    item.source,
                    item.location,
                    f"id {item.record.id!r} is already used ({first.source}, {first.location})",
                    field="id",
                )
            seen[item.record.id] = item
            out.append(item.record)
    return out


def _read_file(path: Path) -> list[Located]:
    text = _read_text(path)
    return records_from_text(text, str(path), _kind(path, text))


def _read_text(path: Path) -> str:
    try:
        return path.read_text(encoding="utf-8-sig")
    except FileNotFoundError:
        raise InputError(str(path), "", "no such file") from None
    except (OSError, UnicodeDecodeError) as exc:
        raise InputError(str(path), "", f"cannot read: {exc}") from None


def _fast_records(paths: Sequence[Path | str]) -> list[Record] | None:
    """The records of JSON Lines files without a single problem, or None: then the careful
    reading reads them again and says where the problem is."""
    out: list[Record] = []
    ids: set[str] = set()
    memo = Memo()
    for path in paths:
        try:
            data = Path(path).read_bytes()
        except OSError:
            return None
        records = _typed_records(data, memo) if Path(path).suffix.lower() != ".csv" else None
        if records is None:
            records = _dict_records(path)
        if records is None:
            return None
        for record in records:
            if record.id in ids:
                return None
            ids.add(record.id)
        out.extend(records)
    return out


def _typed_records(data: bytes, memo: Memo) -> list[Record] | None:
    """The games of a JSON Lines file of plain games, decoded into typed structs (in C), or
    None when anything is unusual (an event, a line break inside a string, any error)."""
    if data.startswith(_BOM):
        data = data[len(_BOM) :]
    if not data.isascii() and any(mark in data for mark in _UNICODE_LINE_BREAKS):
        return None
    decode = _TYPED_DECODE
    out: list[Record] = []
    for line in data.splitlines():
        try:
            raw = decode(line)
        except (msgspec.DecodeError, ValueError):
            if line.strip():
                return None
            continue
        game = typed_game(raw, memo)
        if game is None:
            return None
        out.append(game)
    return out


def _dict_records(path: Path | str) -> list[Record] | None:
    try:
        text = _read_text(Path(path))
    except InputError:
        return None
    if _kind(Path(path), text) != "jsonl":
        return None
    out: list[Record] = []
    for line in text.splitlines():
        if not line.strip():
            continue
        try:
            record = _fast_record(_DECODE(line))
        except (msgspec.DecodeError, RecordError):
            return None
        if record is None:
            return None
        out.append(record)
    return out


def _fast_record(raw: Any) -> Record | None:
    if type(raw) is not dict:
        return None
    if "standings" in raw:
        return event_from_dict(raw)
    return game_from_dict(raw) if "seats" in raw else None


def _kind(path: Path, text: str) -> str:
    suffix = path.suffix.lower()
    if suffix == ".csv":
        return "csv"
    if suffix in {".jsonl", ".ndjson"}:
        return "jsonl"
    start = text.lstrip()[:1]
    if start == "{" or not start:
        return "jsonl"
    if start == "[" or suffix == ".json":
        return "json"
    return "csv"


def records_from_text(text: str, source: str, kind: str) -> list[Located]:
    """Records from file contents of `kind` "jsonl", "json" or "csv"."""
    if kind == "csv":
        return list(_from_csv(text, source))
    if kind == "json":
        return list(_from_json_array(text, source))
    return list(_from_json_lines(text, source))


# -- JSON ----------------------------------------------------------------------------------------


def _from_json_lines(text: str, source: str) -> Iterator[Located]:
    for number, line in enumerate(text.splitlines(), start=1):
        if not line.strip():
            continue
        where = f"line {number}"
        try:
            raw = json.loads(line)
        except json.JSONDecodeError as exc:
            raise InputError(
                source, where, f"malformed JSON: {exc.msg} (column {exc.colno})"
            ) from None
        yield Located(_record(raw, source, where), source, where)


def _from_json_array(text: str, source: str) -> Iterator[Located]:
    try:
        items = json.loads(text)
    except json.JSONDecodeError as exc:
        raise InputError(
            source, f"line {exc.lineno}", f"malformed JSON: {exc.msg} (column {exc.colno})"
        ) from None
    if not isinstance(items, list):
        raise InputError(source, "", "expected a JSON array of records or one record per line")
    for number, raw in enumerate(items, start=1):
        where = f"record {number}"
        yield Located(_record(raw, source, where), source, where)


def _record(raw: Any, source: str, where: str) -> Record:
    if not isinstance(raw, Mapping):
        raise InputError(source, where, f"expected a JSON object, got {type(raw).__name__}")
    label = f"{where} (id {_id_text(raw['id'])})" if isinstance(raw.get("id"), str | int) else where
    try:
        if "standings" in raw:
            return event_from_dict(raw)
        if "seats" in raw:
            return game_from_dict(raw)
    except RecordError as exc:
        raise InputError(source, label, exc.message, field=exc.field) from None
    raise InputError(source, label, "expected a game (with seats) or an event (with standings)")


def _id_text(value: str | int) -> str:
    """A record's id as a location names it: quoted and cut short unless plainly printable."""
    if isinstance(value, str) and value.isprintable() and len(value) <= 60:
        return value
    return shown(value)


# -- CSV: one row per seat (games) or per player (events) ------------------------------------------

_GAME_COLUMNS = ("id", "date", "game", "variant", "target", "group", "city", "class", "event",
                 "round", "description")  # fmt: skip
_SEAT_COLUMNS = ("player", "vp", "winner", "place", "team", "status", "account")
_EVENT_COLUMNS = ("id", "date", "rounds", "format", "description")
_STANDING_COLUMNS = ("player", "place", "wins", "draws", "losses", "completed")
_SOURCE_PREFIX = "sources."
_SEAT_FIELD = re.compile(r"^(?:seats|standings)\[(\d+)\]")


@dataclass(slots=True)
class _Group:
    header: dict[str, Any]
    rows: list[dict[str, Any]]
    lines: list[int]


def _from_csv(text: str, source: str) -> Iterator[Located]:
    reader = csv.DictReader(text.splitlines())
    columns = [c.strip() for c in reader.fieldnames or []]
    if not columns:
        return
    events = "wins" in columns or "rounds" in columns
    top, inner = (_EVENT_COLUMNS, _STANDING_COLUMNS) if events else (_GAME_COLUMNS, _SEAT_COLUMNS)
    _check_columns(columns, top, inner, events, source)
    groups = _group_rows(reader, columns, top, source)
    for group in groups.values():
        yield _csv_record(group, events, source)


def _check_columns(
    columns: list[str], top: Sequence[str], inner: Sequence[str], events: bool, source: str
) -> None:
    for column in columns:
        known = column in top or column in inner
        if not known and not (column.startswith(_SOURCE_PREFIX) and not events):
            allowed = ", ".join((*top, *inner, *(() if events else ("sources.<name>",))))
            raise InputError(source, "line 1", f"unknown column; expected: {allowed}", column)
    for required in ("id", "player"):
        if required not in columns:
            raise InputError(source, "line 1", "a required column is missing", required)


def _group_rows(
    reader: csv.DictReader[str], columns: list[str], top: Sequence[str], source: str
) -> dict[str, _Group]:
    groups: dict[str, _Group] = {}
    for raw in reader:
        line = reader.line_num
        if None in raw:
            raise InputError(source, f"line {line}", "this row has more cells than the header")
        row = {c.strip(): (v or "").strip() for c, v in raw.items() if c is not None}
        if not any(row.values()):
            continue
        key = row.get("id", "")
        if not key:
            raise InputError(source, f"line {line}", "is required", "id")
        header = {c: row[c] for c in top if row.get(c)}
        group = groups.setdefault(key, _Group({}, [], []))
        for column, value in header.items():
            if group.header.setdefault(column, value) != value:
                first = group.lines[0]
                raise InputError(
                    source,
                    f"line {line}",
                    f"{value!r} disagrees with {group.header[column]!r} on line {first} "
                    f"for the same id {key!r}",
                    column,
                )
        group.rows.append(row)
        group.lines.append(line)
    return groups


def _csv_record(group: _Group, events: bool, source: str) -> Located:
    where = f"line {group.lines[0]}"
    try:
        if events:
            standings = [_pick(row, _STANDING_COLUMNS) for row in group.rows]
            return Located(event_from_dict({**group.header, "standings": standings}), source, where)
        seats = [_csv_seat(row) for row in group.rows]
        return Located(game_from_dict({**group.header, "seats": seats}), source, where)
    except RecordError as exc:
        match = _SEAT_FIELD.match(exc.field)
        line = group.lines[int(match.group(1))] if match else group.lines[0]
        label = f"line {line} (id {_id_text(group.rows[0]['id'])})"
        raise InputError(source, label, exc.message, field=exc.field) from None


def _pick(row: Mapping[str, Any], columns: Iterable[str]) -> dict[str, Any]:
    return {c: row[c] for c in columns if row.get(c)}


def _csv_seat(row: Mapping[str, Any]) -> dict[str, Any]:
    seat = _pick(row, _SEAT_COLUMNS)
    sources = {
        c.removeprefix(_SOURCE_PREFIX): v
        for c, v in row.items()
        if c.startswith(_SOURCE_PREFIX) and v
    }
    if sources:
        seat["sources"] = sources
    return seat


# -- starting ratings ------------------------------------------------------------------------------


def read_start(path: Path | str) -> dict[str, float]:
    """Starting ratings from a JSON object `{"player": rating}` (a club's existing sheet)."""
    source = str(path)
    try:
        raw = json.loads(Path(path).read_text(encoding="utf-8-sig"))
    except FileNotFoundError:
        raise InputError(source, "", "no such file") from None
    except json.JSONDecodeError as exc:
        raise InputError(
            source, f"line {exc.lineno}", f"malformed JSON: {exc.msg} (column {exc.colno})"
        ) from None
    except (OSError, UnicodeDecodeError) as exc:
        raise InputError(source, "", f"cannot read: {exc}") from None
    if not isinstance(raw, dict):
        raise InputError(source, "", 'expected a JSON object like {"Ann": 1032, "Ben": 987}')
    ratings: dict[str, float] = {}
    for player, value in raw.items():
        if isinstance(value, bool) or not isinstance(value, int | float) or not isfinite(value):
            raise InputError(source, "", f"expected a rating number, got {value!r}", player)
        ratings[player] = value
    return ratings
