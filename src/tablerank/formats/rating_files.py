"""Rating files of records: the one place that chooses how `tablerank rate` reads and rates
them. Files of games by table without a filter are rated by table (`read_games_by_table`,
`table_standings`) or in play order (`read_tables_in_order`, `play_order_standings`) where the
system rates them so and each
Catan table is valid; else the records are read (`read_records`), selected by the filters,
checked and rated by the system. Both ways give the same standings, warnings and errors
(tests/cli/test_rate_plain.py). Warnings go to `warn` as they arise, so those said before an
error are said.

A play that cannot be rated is reported and the others rated (issue 41): a record that breaks a
rule, a row that is no result, a Catan game that fails validation (rated with `allow_invalid`).
`Reading.strict` refuses the files at the first one instead.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path

from tablerank.engine.history import select, unknown_names, unknown_players, unmatched
from tablerank.engine.records import Game
from tablerank.engine.systems.base import RatingTable, Record, System
from tablerank.engine.systems.by_table import rates_by_table, table_standings
from tablerank.engine.systems.each_list import rate_each_list
from tablerank.engine.systems.play_order import play_order_standings, rates_in_play_order
from tablerank.engine.table_groups import GamesByTable, TablesInOrder
from tablerank.errors import InputError, InvalidGames
from tablerank.formats.column_map import ColumnMap
from tablerank.formats.located import Located, Rejected
from tablerank.formats.reading import Skipped, read_each, read_records, read_start
from tablerank.formats.table_shapes import read_games_by_table, read_tables_in_order
from tablerank.formats.unrated import GROUPED_FROM, said_once

__all__ = [
    "Reading",
    "Warn",
    "checked",
    "rate_files",
    "read_told",
    "records_to_rate",
    "selected",
]

Warn = Callable[[Iterable[str]], None]
"""Hears warnings (a row that is no record, a filter that matches nothing, an unknown name)."""

Filters = Mapping[str, str | None]


@dataclass(frozen=True)
class Reading:
    """How the files are read and what rating does with a play it cannot rate: report it and
    rate the others (the default), or refuse the files at the first one (`strict`); a Catan
    game that fails validation is rated all the same where `allow_invalid` (legacy data); a
    spreadsheet's own columns are read through `columns` (`column_map`)."""

    allow_invalid: bool = False
    strict: bool = False
    columns: ColumnMap | None = None


ALLOWED = "rate anyway with --allow-invalid"


def rate_files(
    files: Sequence[Path],
    system: System,
    filters: Filters,
    start: Path | None,
    reading: Reading,
    warn: Warn,
) -> list[tuple[str, RatingTable]]:
    """The standings `system` gives the records of the files the filters select, from the
    ratings of the `start` sheet, each play it cannot rate reported (`Reading`): one table per
    list the system keeps that they count in (`rate_each_list`), by list ("" where one)."""
    table = _plain_rating(files, system, filters, start, warn)
    if table is not None:
        return [("", table)]
    records, sheet = records_to_rate(files, filters, start, reading, warn)
    return rate_each_list(system, records, sheet)


def records_to_rate(
    files: Sequence[Path],
    filters: Filters,
    start: Path | None,
    reading: Reading,
    warn: Warn,
) -> tuple[list[Record], dict[str, float] | None]:
    """The records of the files the filters select, checked, and the `start` sheet's ratings."""
    records = selected(read_told(files, warn, reading), warn, filters)
    sheet = read_start(start) if start else None
    if sheet is not None:
        warn(unknown_players(records, sheet))
    return checked(records, reading, warn), sheet


def read_told(files: Sequence[Path], warn: Warn, reading: Reading | None = None) -> list[Record]:
    """The records of the files; each record that breaks a rule and each row that cannot be
    mapped to a record (an incomplete BoardGameGeek play, a play without a result) is a
    warning, never silent, or where `reading.strict` refuses the files (the first one's
    error)."""
    reading = reading or Reading()
    skipped: list[Skipped] = []
    notes: list[InputError] = []
    try:
        records = read_records(files, skipped, notes, reading.columns)
    except InputError:
        if reading.strict:
            raise
        return _each_told(files, warn, reading.columns)
    if reading.strict and (skipped or notes):
        raise (skipped[0].error if skipped else notes[0])
    warn(said_once(notes))
    warn(said_once(row.error for row in skipped))
    return records


def _each_told(files: Sequence[Path], warn: Warn, columns: ColumnMap | None) -> list[Record]:
    """The records of files where a record breaks a rule: each such record a warning; where
    no record is left, the first one's error."""
    items = read_each(files, columns)  # what leaves no record to name is raised here
    if not any(isinstance(item, Located) for item in items):
        raise next(item.error for item in items if isinstance(item, Rejected))
    warn(said_once(note for item in items if isinstance(item, Located) for note in item.notes))
    warn(said_once((item.error for item in items if isinstance(item, Rejected)), "not rated: "))
    warn(said_once(item.error for item in items if isinstance(item, Skipped)))
    return [item.record for item in items if isinstance(item, Located)]


def selected(records: list[Record], warn: Warn, filters: Filters) -> list[Record]:
    """The records the filters select, with a warning for each filter that matches nothing
    (naming the closest values the records have)."""
    warn(unmatched(records, **filters))
    return select(records, **filters)


def checked(records: list[Record], reading: Reading, warn: Warn) -> list[Record]:
    """The records but the Catan games with validation errors (issue 3), each a warning;
    all of them where `reading.allow_invalid`; where `reading.strict`, or where no game would
    be left, the first one refuses the files."""
    if reading.allow_invalid:
        return records
    from tablerank.catan.validation import failing as with_errors

    failing = with_errors(r for r in records if isinstance(r, Game))
    if not failing:
        return records
    first = failing[0]
    if reading.strict or len(failing) == sum(isinstance(r, Game) for r in records):
        more = f" (and {len(failing) - 1} more games)" if len(failing) > 1 else ""
        raise InvalidGames(
            f"game {first.id}: {first.errors[0]}{more}; see `tablerank validate`, or {ALLOWED}"
        )
    if len(failing) < GROUPED_FROM:
        warn(f"not rated: game {f.id}: {f.errors[0]} ({ALLOWED})" for f in failing)
    else:
        ids = ", ".join(f.id for f in failing[:3])
        said = f"game {first.id}: {first.errors[0]}"
        warn([f"not rated: {len(failing)} Catan games that fail validation ({ids}, ...; "
              f"{said}); see `tablerank validate`, or {ALLOWED}"])  # fmt: skip
    unrated = {f.id for f in failing}
    return [r for r in records if not (isinstance(r, Game) and r.id in unrated)]


def _plain_rating(
    files: Sequence[Path], system: System, filters: Filters, start: Path | None, warn: Warn
) -> RatingTable | None:
    """The standings of files of plain games without a filter, each Catan table valid, rated
    by table (`read_games_by_table`, `table_standings`) or in play order (`read_tables_in_order`,
    `play_order_standings`); else None, before any warning."""
    if any(filters.values()):
        return None
    games: GamesByTable | TablesInOrder | None
    if rates_by_table(system):
        games = read_games_by_table(files)
    elif rates_in_play_order(system):
        games = read_tables_in_order(files)
    else:
        return None
    if games is None:
        return None
    sheet = read_start(start) if start else None
    from tablerank.catan.validation import failing

    if failing(games.templates):
        return None
    if isinstance(games, GamesByTable):
        table, players = table_standings(system, games, sheet), set(games.seats)
    else:
        table, players = play_order_standings(system, games, sheet), set(games.names)
    if table is not None and sheet is not None:
        warn(unknown_names(players, sheet))
    return table
