"""What the file commands read before calling the engine: records, a system, starting ratings.
How `rate` reads and rates its files is `formats.rating_files`' to choose; this module turns
the command line's options into its arguments and its warnings into lines on stderr."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path

from tablerank.cli.output import warn
from tablerank.engine.history import alike_names
from tablerank.engine.systems import get_system
from tablerank.engine.systems.base import RatingTable, Record, System
from tablerank.errors import InvalidParameter, NothingSelected
from tablerank.formats import rating_files
from tablerank.formats.column_map import ColumnMap
from tablerank.formats.rating_files import Reading, rate_files, read_told, records_to_rate
from tablerank.formats.table_records import MAPPABLE

__all__ = [
    "Inputs",
    "Reading",
    "checked",
    "filtered",
    "inputs",
    "parameters",
    "rating",
    "read_files",
    "reading",
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


def read_files(files: Sequence[Path], reading: Reading | None = None) -> list[Record]:
    """The records of the files; each record that breaks a rule and each row that cannot be
    mapped to a record (an incomplete BoardGameGeek play) is a warning on stderr, never silent
    (where `reading.strict`, the first one refuses the files)."""
    return read_told(files, warn, reading)


def reading(allow_invalid: bool, strict: bool, columns: str | None) -> Reading:
    """The command line's reading options, `--columns` parsed (`column_map.ColumnMap`)."""
    mapping = None if columns is None else ColumnMap.parse(columns, MAPPABLE)
    return Reading(allow_invalid, strict, mapping)


def checked(records: list[Record], checks: Reading) -> list[Record]:
    """The records but the Catan games that fail validation, each a warning on stderr
    (`rating_files.checked`)."""
    return rating_files.checked(records, checks, warn)


@dataclass(frozen=True)
class Inputs:
    """What `explain` and `predict` read before calling the engine."""

    system: System
    records: list[Record]
    start: dict[str, float] | None


def inputs(
    files: Sequence[Path],
    system: str,
    param: Sequence[str] | None,
    filters: dict[str, str | None],
    start: Path | None,
    checks: Reading,
) -> Inputs:
    """Read the files, keep the records the filters select, and check them."""
    chosen = get_system(system, parameters(param))
    records, sheet = records_to_rate(files, filters, start, checks, warn)
    return Inputs(chosen, records, sheet)


def selected(records: list[Record], **filters: str | None) -> list[Record]:
    """The records the filters select, with a warning on stderr for each filter that matches
    nothing (naming the closest values the records have)."""
    return rating_files.selected(records, warn, filters)


def rating(
    files: Sequence[Path],
    system: str,
    param: Sequence[str] | None,
    filters: dict[str, str | None],
    start: Path | None,
    checks: Reading,
) -> list[tuple[str, RatingTable]]:
    """`rate`'s standings, a table per list (`rating_files.rate_files`), warnings on stderr."""
    chosen = get_system(system, parameters(param))
    tables = rate_files(files, chosen, filters, start, checks, warn)
    names = [standing.player for _, table in tables for standing in table.standings]
    warn(alike_names(names))
    if not names and any(filters.values()):
        raise NothingSelected(f"nothing to rate: no game {filtered(filters)}")
    return tables


def filtered(filters: dict[str, str | None]) -> str:
    """The filters in words: "of city 'Bonn', group 'base'"."""
    return "of " + ", ".join(f"{kind} {value!r}" for kind, value in filters.items() if value)
