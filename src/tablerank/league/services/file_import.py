"""Importing files of results: the one door `tablerank league import` and the web's import page
call (issue 40). `import_files` reads the files once, stores them the fast way where the league
takes them so (`import_by_table.import_plain`: files of plain games, all new) and else record by
record (`importing.import_records`), and says what became of each record (`ImportSummary`):
imported, already present, rejected with the reason (a record that breaks a rule of the files,
a sheet the league refuses, an id it has with other content, a name mapped onto a player the
game seats already), and the rows that are not a result (skipped). Whichever way it takes, the
summary and what is stored are the same (tests/league/test_import_by_table.py,
tests/web/test_import_doors.py). A preview is the same import, rolled back.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Iterator, Mapping, Sequence
from contextlib import contextmanager
from dataclasses import dataclass, field
from pathlib import Path

from django.contrib.auth.models import User
from django.db import transaction

from tablerank.engine.history import close_spellings
from tablerank.engine.records import Event, Game
from tablerank.engine.table_groups import TablesInOrder
from tablerank.errors import InputError
from tablerank.formats.collector import without_cycle_collection
from tablerank.formats.column_map import ColumnMap
from tablerank.formats.located import Located, Rejected, Skipped
from tablerank.formats.reading import read_each, read_records
from tablerank.formats.table_records import MAPPABLE
from tablerank.formats.table_shapes import OrderGames, read_tables_in_order
from tablerank.league.models import League
from tablerank.league.services.import_by_table import import_plain
from tablerank.league.services.import_preview import mapped_onto, with_names
from tablerank.league.services.importing import ImportSummary, import_records
from tablerank.league.services.members import new_names, sorted_player_names
from tablerank.league.services.roles import Actor, require_importer

__all__ = ["PREVIEW_GAMES", "ImportProgress", "column_map", "import_files"]

PREVIEW_GAMES = 100
"""The games a preview shows of those it would import (the first, in file order)."""

ImportProgress = Callable[[int, int], None]
"""Hears each batch once it is stored: how many records it held, and how many the files hold."""

_Reasons = list[tuple[str, str]]


@dataclass
class _Read:
    """The files' records, and the records and rows that are not imported, with why."""

    records: list[Game | Event]
    rejected: _Reasons = field(default_factory=list)
    skipped: _Reasons = field(default_factory=list)
    notes: _Reasons = field(default_factory=list)


def import_files(
    league: League,
    files: Sequence[Path],
    by: User,
    *,
    pending: bool = False,
    mapping: Mapping[str, str] | None = None,
    preview: bool = False,
    acting: Actor | None = None,
    progress: ImportProgress | None = None,
    strict: bool = False,
    columns: ColumnMap | None = None,
) -> ImportSummary:
    """Import the records of `files` into the league, recorded by `by` (only its admins and
    officials may: `acting`, who asks, defaults to `by`; the console passes `CONSOLE`), as
    submitted where `pending`; each new name of `mapping` (any case) seated as the league's
    player it names. With `preview`, nothing stays: the summary says what the import would do,
    and the names the league has no player of (`ImportSummary.new_names`). Where `strict`, a
    record that breaks a rule of the files or a row that is no result refuses the files (its
    `InputError`), nothing stored. A spreadsheet's own columns are read through `columns`
    (`formats.column_map`)."""
    require_importer(league, by, acting)
    onto = mapped_onto(league, mapping or {})
    importing = _Importing(league, by, pending, acting, progress, preview)
    with _rolled_back(preview):
        with without_cycle_collection():
            order = None if columns else read_tables_in_order(files)
        summary = importing.plainly(order, onto) if order is not None else None
        if summary is None:
            summary = importing.carefully(_records(files, order, strict, columns), onto)
    if preview:
        importing.described(summary)
    elif columns is not None:  # offered again at the league's next import (the web's page)
        League.objects.filter(pk=league.pk).update(import_columns=columns.written())
    return summary


def column_map(text: str) -> ColumnMap:
    """A column mapping as a user writes it (`formats.column_map`, the `--columns` syntax),
    onto the columns of the records' tables."""
    return ColumnMap.parse(text, MAPPABLE, option="columns")


@contextmanager
def _rolled_back(preview: bool) -> Iterator[None]:
    """A preview's transaction, rolled back at its end; else nothing (the import commits a
    chunk at a time)."""
    if not preview:
        yield
        return
    with transaction.atomic():
        yield
        transaction.set_rollback(True)


@dataclass
class _Importing:
    """One import's options, the way it takes, and what its preview says of the names."""

    league: League
    by: User
    pending: bool
    acting: Actor | None
    progress: ImportProgress | None
    preview: bool
    new: list[str] = field(default_factory=list)
    """A preview's names the league has no player of before it stores any (`new_names`)."""
    players: list[str] = field(default_factory=list)
    """A preview's league players before it stores any."""
    games: list[Game] = field(default_factory=list)
    """A preview's first games to import."""

    def seating(self, names: Iterable[str]) -> None:
        """The names the files seat, mapped, before any is stored."""
        if self.preview:
            self.new = new_names(self.league, names)
            self.players = sorted_player_names(self.league)

    def described(self, summary: ImportSummary) -> None:
        """What a preview says beyond the import's summary: the new names (each with the
        players it may be another spelling of), the league's players, the first games."""
        summary.new_names, summary.players = self.new, self.players
        summary.close = {
            name: found for name in self.new if (found := close_spellings(name, self.players))
        }
        imported = set(summary.imported)
        summary.games = [game for game in self.games if game.id in imported][:PREVIEW_GAMES]

    def plainly(self, order: TablesInOrder, onto: Mapping[str, str]) -> ImportSummary | None:
        """The import of a plain order the fast way, or None where it does not take it (stored
        nothing then)."""
        if order.timed:
            return None
        spelling = {name: onto[name.casefold()] for name in order.names if name.casefold() in onto}
        mapped = order.renamed(spelling)
        if spelling and _seats_twice(mapped):
            return None  # the record by record way says which games, and why
        self.seating(mapped.names)
        if self.preview:
            self.games = OrderGames(mapped).games(0, min(PREVIEW_GAMES, len(mapped.ids)))
        heard = _heard(self.progress, len(order.ids))
        return import_plain(self.league, mapped, self.by, pending=self.pending,
                            acting=self.acting, progress=heard)  # fmt: skip

    def carefully(self, read: _Read, onto: Mapping[str, str]) -> ImportSummary:
        """The import of the records one by one; those rejected by reading or mapping first."""
        records, clashes = with_names(read.records, onto) if onto else (read.records, [])
        self.seating(
            row.player
            for record in records
            for row in (record.seats if isinstance(record, Game) else record.standings)
        )
        if self.preview:
            self.games = [r for r in records if isinstance(r, Game)]
        heard = _heard(self.progress, len(records))
        summary = import_records(self.league, records, self.by, pending=self.pending,
                                 acting=self.acting, progress=heard)  # fmt: skip
        summary.rejected[:0] = [*read.rejected, *clashes]
        summary.skipped, summary.notes = read.skipped, read.notes
        return summary


def _heard(progress: ImportProgress | None, total: int) -> Callable[[int], None] | None:
    if progress is None:
        return None
    return lambda done: progress(done, total)


def _seats_twice(order: TablesInOrder) -> bool:
    """Whether a game of `order` seats one player twice."""
    sizes = [len(template.seats) for template in order.templates]
    players, at = order.players, 0
    for table in order.tables:
        seated = players[at : at + sizes[table]]
        if len(set(seated)) < len(seated):
            return True
        at += len(seated)
    return False


def _records(
    files: Sequence[Path], order: TablesInOrder | None, strict: bool, columns: ColumnMap | None
) -> _Read:
    """The records of the files: those of `order` where it holds them (no time of day), else
    read again; a record that breaks a rule is rejected, a row that is no result skipped."""
    with without_cycle_collection():
        if order is not None and not order.timed:
            return _Read([*OrderGames(order).games()])
        read = _strictly(files, columns) if strict else _read(files, columns)
    if not read.records and not read.rejected:
        raise InputError(", ".join(map(str, files)), "", "no record to import")
    return read


def _read(files: Sequence[Path], columns: ColumnMap | None) -> _Read:
    """The records of the files; those that break a rule, the rows that are no result and the
    notes on how a record was read, each with its id and why."""
    items = read_each(files, columns)
    records: list[Game | Event] = []
    notes: _Reasons = []
    for item in items:
        if isinstance(item, Located):
            records.append(item.record)
            notes += [(item.id, str(note)) for note in item.notes]
    return _Read(
        records,
        _reasons([item for item in items if isinstance(item, Rejected)]),
        _reasons([item for item in items if isinstance(item, Skipped)]),
        notes,
    )


def _strictly(files: Sequence[Path], columns: ColumnMap | None) -> _Read:
    """The records of the files, the first play not imported as it is (a rule broken, no
    result, a note) refusing them."""
    notes: list[InputError] = []
    records = read_records(files, None, notes, columns)
    if notes:
        raise notes[0]
    return _Read(records)


def _reasons(items: Sequence[Rejected | Skipped]) -> _Reasons:
    return [(item.id, str(item.error)) for item in items]
