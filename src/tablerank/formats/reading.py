"""Reading game and event records from files: JSON Lines, a JSON array, CSV or an .xlsx sheet
(a row per seat), a BG Stats export, BoardGameGeek plays XML; the reader is told by content.

Every problem becomes an `InputError` naming the file, the line or row, the field and what was
expected. Record rules live in `tablerank.engine.records`; this module only finds where in a file
a record came from.
"""

from __future__ import annotations

import json
from collections.abc import Iterator, Mapping, Sequence
from math import isfinite
from pathlib import Path
from typing import Any

import msgspec

from tablerank.engine.record_schema import GameJson
from tablerank.engine.records import event_from_dict, game_from_dict
from tablerank.engine.shared_tables import SharedTables
from tablerank.errors import InputError, RecordError
from tablerank.formats.collector import without_cycle_collection
from tablerank.formats.column_map import ColumnMap
from tablerank.formats.csv_records import records_from_csv
from tablerank.formats.located import (
    Item,
    Located,
    Record,
    Rejected,
    Skipped,
    id_text,
    located,
    new_located,
)

__all__ = ["Item", "Located", "Rejected", "Skipped", "read_each", "read_records", "read_start",
           "records_from_text"]  # fmt: skip

# A line of JSON Lines is decoded into the records' declared form (msgspec, in C) and built a
# table at a time (`SharedTables`); a line that does not decode so (an event, a number given as
# text, malformed JSON) or breaks a rule is read again with the json module and built from its
# dict, which gives the message and where.
_DECODE_GAME = msgspec.json.Decoder(GameJson).decode
_ZIP_MAGIC = b"PK\x03\x04"
"""How every zip archive (and so every .xlsx workbook) begins."""
# The readers of other apps' files (BG Stats, BoardGameGeek, zip archives) are imported when a
# file needs them, so the command line starts as fast as before they existed.


def read_records(
    paths: Sequence[Path | str],
    skipped: list[Skipped] | None = None,
    notes: list[InputError] | None = None,
    mapping: ColumnMap | None = None,
) -> list[Record]:
    """Every record in the files, in file order; ids must be unique across all of them. The
    first record that breaks a rule is an `InputError` naming its file, line and field. Rows
    that cannot be mapped to a record (an incomplete BoardGameGeek play) go to `skipped` when
    it is given, and are an `InputError` otherwise: nothing is dropped silently; the notes on
    how a record was read (`Located.notes`: an anonymous player left out) go to `notes` when it
    is given. A spreadsheet's columns are read through `mapping` where given (`column_map`).
    The cycle collector is paused meanwhile (`collector`): records hold no cycles."""
    with without_cycle_collection():
        out: list[Record] = []
        for item in read_each(paths, mapping):
            if isinstance(item, Located):
                out.append(item.record)
                if item.notes and notes is not None:
                    notes += item.notes
            elif isinstance(item, Skipped) and skipped is not None:
                skipped.append(item)
            else:
                raise item.error
        return out


def read_each(paths: Sequence[Path | str], mapping: ColumnMap | None = None) -> list[Item]:
    """Every record in the files, in file order; a record that breaks a rule as its `Rejected`
    (its id and the error `read_records` would raise), a row that cannot be mapped to a record
    as its `Skipped`. The same record again (BoardGameGeek's pages overlap where a play was
    logged between two downloads) is read once, the later one a `Skipped`. What leaves no record
    to name (malformed JSON, a missing or malformed id, an id used twice for other content, an
    empty file) is raised as an `InputError`."""
    seen: dict[str, Item] = {}
    out: list[Item] = []
    for path in paths:
        for item in _read_file(Path(path), mapping):
            first = seen.setdefault(item.id, item)
            out.append(item if first is item else _again(item, first))
    return out


def _again(item: Item, first: Item) -> Skipped:
    """A record whose id was read before: the same record is read once; other content under the
    same id leaves the files unreadable."""
    source, location = _where(item)
    if isinstance(item, Located) and isinstance(first, Located) and item.record == first.record:
        why = f"the same play as {', '.join(_where(first))}: read once"
        return Skipped(item.id, InputError(source, location, why, field="id"))
    why = f"id {item.id!r} is already used ({', '.join(_where(first))})"
    raise InputError(source, location, why, field="id")


def _where(item: Item) -> tuple[str, str]:
    if isinstance(item, Located):
        return item.source, item.location
    return item.error.source, item.error.location


def _read_file(path: Path, mapping: ColumnMap | None) -> list[Item]:
    data = _read_bytes(path)
    if data.startswith(_ZIP_MAGIC):
        from tablerank.formats.zipped import records_from_zip

        items, blank = records_from_zip(data, str(path), mapping), False
    else:
        text = _decoded(data, path)
        kind = _kind(path, text)
        items, blank = records_from_text(text, str(path), kind, mapping), not text.strip()
    if not items:
        what = "is empty" if blank else "holds no record (a header alone, or [])"
        raise InputError(str(path), "", f"{what}; expected at least one game or event")
    return items


def _decoded(data: bytes, path: Path) -> str:
    try:
        return data.decode("utf-8-sig")
    except UnicodeDecodeError as exc:
        why = f"not UTF-8 text (at byte {exc.start}); save it as UTF-8"
        raise InputError(str(path), "", why) from None


def _read_bytes(path: Path) -> bytes:
    try:
        return path.read_bytes()
    except FileNotFoundError:
        raise InputError(str(path), "", "no such file") from None
    except (OSError, UnicodeDecodeError) as exc:
        raise InputError(str(path), "", f"cannot read: {exc}") from None


def _kind(path: Path, text: str) -> str:
    """The reader for a file: by its content first (an XML document, a BG Stats export, a JSON
    array, JSON Lines), then by its extension; CSV otherwise."""
    suffix = path.suffix.lower()
    start = text.lstrip()[:1]
    if start == "<":
        return "bgg"
    if start == "{":
        return "bgstats" if _bgstats(text) is not None else "jsonl"
    if suffix == ".csv":
        return "csv"
    if not start or suffix in {".jsonl", ".ndjson"}:
        return "jsonl"
    if start == "[" or suffix == ".json":
        return "json"
    return "csv"


def _bgstats(text: str) -> dict[str, Any] | None:
    """The export, when `text` is one JSON object with BG Stats' plays (JSON Lines stop at the
    end of their first line: a second record is "extra data")."""
    try:
        data = json.loads(text)
    except (ValueError, RecursionError):
        return None
    from tablerank.formats.bgstats import is_bgstats

    return data if is_bgstats(data) else None


def records_from_text(
    text: str, source: str, kind: str, mapping: ColumnMap | None = None
) -> list[Item]:
    """Records from file contents of `kind` "jsonl", "json", "csv", "bgstats" or "bgg" (a CSV
    file's columns through `mapping` where given)."""
    if kind == "csv":
        return records_from_csv(text, source, mapping)
    if kind == "json":
        return list(_from_json_array(text, source))
    if kind == "bgg":
        from tablerank.formats.bgg_plays import records_from_bgg

        return records_from_bgg(text, source)
    if kind == "bgstats":
        from tablerank.formats.bgstats import records_from_bgstats

        return records_from_bgstats(json.loads(text), source)
    return _from_json_lines(text, source)


# -- JSON ----------------------------------------------------------------------------------------


def json_value(text: str, source: str, where: str = "") -> Any:
    """`json.loads` of a file's text (or of its line `where`); what it cannot read is an
    `InputError` naming the line: malformed JSON, nesting deeper than Python's recursion
    limit, or a number of more than 4,300 digits (which `int` refuses)."""
    try:
        return json.loads(text)
    except json.JSONDecodeError as exc:
        line = where or f"line {exc.lineno}"
        raise InputError(source, line, f"malformed JSON: {exc.msg} (column {exc.colno})") from None
    except RecursionError:
        raise InputError(source, where, "malformed JSON: nested too deeply") from None
    except ValueError:
        raise InputError(
            source, where, "malformed JSON: a number of more than 4,300 digits"
        ) from None


def _from_json_lines(text: str, source: str) -> list[Item]:
    tables, decode = SharedTables(), _DECODE_GAME
    out: list[Item] = []
    add = out.append
    for number, line in enumerate(text.splitlines(), start=1):
        try:
            add(new_located(tables.game(decode(line)), source, f"line {number}"))
        except (msgspec.DecodeError, RecordError, RecursionError):
            if line.strip():
                where = f"line {number}"
                add(_record(json_value(line, source, where), source, where))
    return out


def _from_json_array(text: str, source: str) -> Iterator[Item]:
    items = json_value(text, source)
    if not isinstance(items, list):
        raise InputError(source, "", "expected a JSON array of records or one record per line")
    for number, raw in enumerate(items, start=1):
        where = f"record {number}"
        yield _record(raw, source, where)


def _record(raw: Any, source: str, where: str) -> Item:
    if not isinstance(raw, Mapping):
        raise InputError(source, where, f"expected a JSON object, got {type(raw).__name__}")
    raw_id = raw.get("id")
    label = f"{where} (id {id_text(raw_id)})" if isinstance(raw_id, str | int) else where
    if "standings" in raw:
        return located(lambda: event_from_dict(raw), raw_id, source, where, lambda _: label)
    if "seats" in raw:
        return located(lambda: game_from_dict(raw), raw_id, source, where, lambda _: label)
    raise InputError(source, label, "expected a game (with seats) or an event (with standings)")


# -- starting ratings ------------------------------------------------------------------------------


def read_start(path: Path | str) -> dict[str, float]:
    """Starting ratings from a JSON object `{"player": rating}` (a club's existing sheet)."""
    source = str(path)
    try:
        text = Path(path).read_text(encoding="utf-8-sig")
    except FileNotFoundError:
        raise InputError(source, "", "no such file") from None
    except (OSError, UnicodeDecodeError) as exc:
        raise InputError(source, "", f"cannot read: {exc}") from None
    raw = json_value(text, source)
    if not isinstance(raw, dict):
        raise InputError(source, "", 'expected a JSON object like {"Ann": 1032, "Ben": 987}')
    ratings: dict[str, float] = {}
    for player, value in raw.items():
        if isinstance(value, bool) or not isinstance(value, int | float) or not isfinite(value):
            raise InputError(source, "", f"expected a rating number, got {value!r}", player)
        ratings[player] = value
    return ratings
