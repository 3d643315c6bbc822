"""Rating files of records: the one place that chooses how `tablerank rate` reads and rates
them. Files of games by table without a filter are rated by table (`read_games_by_table`,
`table_standings`) or in play order (`read_tables_in_order`, `play_order_standings`) where the
system rates them so and each
Catan table is valid; else the records are read (`read_records`), selected by the filters,
checked and rated by the system. Both ways give the same standings, warnings and errors
(tests/cli/test_rate_plain.py). Warnings go to `warn` as they arise, so those said before an
error are said.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping, Sequence
from pathlib import Path

from tablerank.engine.history import select, unknown_names, unknown_players, unmatched
from tablerank.engine.records import Game
from tablerank.engine.systems.base import RatingTable, Record, System
from tablerank.engine.systems.by_table import rates_by_table, table_standings
from tablerank.engine.systems.play_order import play_order_standings, rates_in_play_order
from tablerank.engine.table_groups import GamesByTable, TablesInOrder
from tablerank.errors import InvalidGames
from tablerank.formats.reading import Skipped, read_records, read_start
from tablerank.formats.table_shapes import read_games_by_table, read_tables_in_order

__all__ = ["Warn", "checked", "rate_files", "read_told", "records_to_rate", "selected"]

Warn = Callable[[Iterable[str]], None]
"""Hears warnings (a row that is no record, a filter that matches nothing, an unknown name)."""

Filters = Mapping[str, str | None]


def rate_files(
    files: Sequence[Path],
    system: System,
    filters: Filters,
    start: Path | None,
    allow_invalid: bool,
    warn: Warn,
) -> RatingTable:
    """The standings `system` gives the records of the files the filters select, from the
    ratings of the `start` sheet; Catan games with validation errors refused unless
    `allow_invalid`."""
    table = _plain_rating(files, system, filters, start, warn)
    if table is not None:
        return table
    records, sheet = records_to_rate(files, filters, start, allow_invalid, warn)
    return system.rate(records, sheet)


def records_to_rate(
    files: Sequence[Path],
    filters: Filters,
    start: Path | None,
    allow_invalid: bool,
    warn: Warn,
) -> tuple[list[Record], dict[str, float] | None]:
    """The records of the files the filters select, checked, and the `start` sheet's ratings."""
    records = selected(read_told(files, warn), warn, filters)
    sheet = read_start(start) if start else None
    if sheet is not None:
        warn(unknown_players(records, sheet))
    return checked(records, allow_invalid), sheet


def read_told(files: Sequence[Path], warn: Warn) -> list[Record]:
    """The records of the files; each row that cannot be mapped to a record (an incomplete
    BoardGameGeek play, an anonymous BG Stats player) is a warning, never silent."""
    skipped: list[Skipped] = []
    records = read_records(files, skipped)
    warn(str(row.error) for row in skipped)
    return records


def selected(records: list[Record], warn: Warn, filters: Filters) -> list[Record]:
    """The records the filters select, with a warning for each filter that matches nothing
    (naming the closest values the records have)."""
    warn(unmatched(records, **filters))
    return select(records, **filters)


def checked(records: list[Record], allow_invalid: bool) -> list[Record]:
    """Refuse Catan games with validation errors unless the user allows them (issue 3)."""
    if allow_invalid:
        return records
    from tablerank.catan.validation import failing as with_errors

    failing = with_errors(r for r in records if isinstance(r, Game))
    if failing:
        first = failing[0]
        more = f" (and {len(failing) - 1} more games)" if len(failing) > 1 else ""
        raise InvalidGames(
            f"game {first.id}: {first.errors[0]}{more}; see `tablerank validate`, "
            "or rate anyway with --allow-invalid"
        )
    return records


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
