"""What the file commands read before calling the engine: records, a system, starting ratings."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path

from tablerank.cli.output import warn
from tablerank.engine.history import select, unknown_names, unknown_players, unmatched
from tablerank.engine.plain import PlainGames, PlainOrder
from tablerank.engine.records import Game
from tablerank.engine.systems import get_system
from tablerank.engine.systems.base import RatingTable, Record, System
from tablerank.engine.systems.by_table import plain_table, rates_by_table
from tablerank.engine.systems.in_order import order_table, rates_in_order
from tablerank.errors import InvalidGames, InvalidParameter
from tablerank.formats.reading import Skipped, read_records, read_start
from tablerank.formats.table_shapes import read_games_by_table, read_tables_in_order

__all__ = [
    "Inputs",
    "checked",
    "inputs",
    "parameters",
    "rating",
    "read_files",
    "selected",
]


def parameters(pairs: Sequence[str] | None) -> dict[str, str]:
    """`--param NAME=VALUE` pairs as a dict."""
    out: dict[str, str] = {}
    for pair in pairs or ():
        name, sep, value = pair.partition("=")
        if not sep or not name.strip():
            raise InvalidParameter(f"expected --param NAME=VALUE, got {pair!r}")
        out[name.strip()] = value
    return out


def read_files(files: Sequence[Path]) -> list[Record]:
    """The records of the files; each row that cannot be mapped to a record (an incomplete
    BoardGameGeek play, an anonymous BG Stats player) is a warning on stderr, never silent."""
    skipped: list[Skipped] = []
    records = read_records(files, skipped)
    warn(str(row.error) for row in skipped)
    return records


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


@dataclass(frozen=True)
class Inputs:
    """What `rate` and `explain` read before calling the engine."""

    system: System
    records: list[Record]
    start: dict[str, float] | None


def inputs(
    files: Sequence[Path],
    system: str,
    param: Sequence[str] | None,
    filters: dict[str, str | None],
    start: Path | None,
    allow_invalid: bool,
) -> Inputs:
    """Read the files, keep the records the filters select, and check them."""
    chosen = get_system(system, parameters(param))
    records = selected(read_files(files), **filters)
    sheet = read_start(start) if start else None
    if sheet is not None:
        warn(unknown_players(records, sheet))
    return Inputs(chosen, checked(records, allow_invalid), sheet)


def selected(records: list[Record], **filters: str | None) -> list[Record]:
    """The records the filters select, with a warning on stderr for each filter that matches
    nothing (naming the closest values the records have)."""
    warn(unmatched(records, **filters))
    return select(records, **filters)


def rating(
    files: Sequence[Path],
    system: str,
    param: Sequence[str] | None,
    filters: dict[str, str | None],
    start: Path | None,
    allow_invalid: bool,
) -> RatingTable:
    """`rate`'s standings: of plain games by table or in play order where the system rates
    them so, else of the records `inputs` reads."""
    chosen = get_system(system, parameters(param))
    table = _plain_rating(files, chosen, filters, start)
    if table is not None:
        return table
    given = inputs(files, system, param, filters, start, allow_invalid)
    return given.system.rate(given.records, given.start)


def _plain_rating(
    files: Sequence[Path], system: System, filters: dict[str, str | None], start: Path | None
) -> RatingTable | None:
    """The standings of files of plain games without a filter, each Catan table valid, rated
    by table (`read_games_by_table`, `plain_table`) or in play order (`read_tables_in_order`,
    `order_table`); else None, before any warning."""
    if any(filters.values()):
        return None
    games: PlainGames | PlainOrder | None
    if rates_by_table(system):
        games = read_games_by_table(files)
    elif rates_in_order(system):
        games = read_tables_in_order(files)
    else:
        return None
    if games is None:
        return None
    sheet = read_start(start) if start else None
    from tablerank.catan.validation import failing

    if failing(games.templates):
        return None
    if isinstance(games, PlainGames):
        table, players = plain_table(system, games, sheet), set(games.seats)
    else:
        table, players = order_table(system, games, sheet), set(games.names)
    if table is not None and sheet is not None:
        warn(unknown_names(players, sheet))
    return table
