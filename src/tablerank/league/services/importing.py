"""Importing many results at once: the import service of records already read (the API's bulk
endpoint, and `file_import.import_files`, the door for files). `import_records` classifies each
record as imported, already present or rejected (`ImportSummary`), a chunk at a time, each
chunk in one transaction; new games go in batches (`batch.store_games`).
"""

from __future__ import annotations

import dataclasses
from collections.abc import Callable, Iterable, Iterator, Sequence
from contextlib import contextmanager
from dataclasses import dataclass, field
from functools import partial
from typing import Any

from django.contrib.auth.models import User
from django.db import connection, transaction

from tablerank.engine.records import Event, Game
from tablerank.engine.values import in_day_order
from tablerank.formats.collector import without_cycle_collection
from tablerank.league.errors import InvalidResult, LeagueError
from tablerank.league.models import (
    EventRecord,
    GameRecord,
    League,
    Player,
    RatingCheckpoint,
    RatingState,
    RatingWatermark,
    RecordStatus,
    Seat,
    SourceVP,
)
from tablerank.league.ratings.state import Changed, refresh_changed
from tablerank.league.services.batch import record_games, store_games
from tablerank.league.services.recording import record_event, record_game, require_valid
from tablerank.league.services.roles import Actor, require_importer
from tablerank.league.services.same_content import event_content, game_digest
from tablerank.league.services.table_ids import tables_refusal, tournament_addresses
from tablerank.league.store.bulk import batched, column, select_in, table
from tablerank.league.store.player_seat_index import seats_by_player_set_aside
from tablerank.league.store.reading import records_of
from tablerank.league.store.writes_behind import WritesBehind, seat_writes_behind

__all__ = [
    "CHUNK",
    "ImportSummary",
    "import_records",
    "in_chunk",
    "record_games",
    "refresh_statistics",
    "store_games",
    "stored_games",
]  # fmt: skip

CHUNK = 1_000_000
"""Records imported per transaction: an interrupted import keeps what it committed, and
running it again finds those already present (imports are idempotent by id). A chunk's rating
lists are refreshed once, when all its records are stored: the refresh reads and rewrites the
rating rows of every player the chunk holds, in every list, so fewer, larger chunks rewrite
each row fewer times (benchmarks/README.md: a million games of 100,000 players took 154.5 s in
chunks of 100,000, 93.5 s in one). A chunk holds the league's write lock (on SQLite, the
database's) while it runs: 4.0-5.5 s for 100,000 games on SQLite, 9-12 s on PostgreSQL,
46-84 s and 100-138 s for a million (the bench, docs/league.md); on SQLite other writers wait
up to their busy timeout (`TABLERANK_SQLITE_TIMEOUT`)."""

BATCH = 100_000
"""Records looked up, checked and stored at a time within a chunk: `progress` hears each batch
once it is stored (it is committed with its chunk)."""

STATISTICS_FROM = 10_000
"""Records imported from which PostgreSQL's statistics of the tables an import wrote are
refreshed (ANALYZE) at its end, before the pages read them: the planner otherwise plans the
reads of a league grown tenfold with the counts of before, until autovacuum's next pass
(benchmarks/README.md: right after importing a million games, explaining a late game took
3.5 s without it, 0.5 s with it)."""


@dataclass
class ImportSummary:
    """What an import did with each record it read."""

    imported: list[str] = field(default_factory=list)
    already_present: list[str] = field(default_factory=list)
    rejected: list[tuple[str, str]] = field(default_factory=list)
    skipped: list[tuple[str, str]] = field(default_factory=list)
    """Rows of the files that are not a result (`formats.located.Skipped`), and why."""
    notes: list[tuple[str, str]] = field(default_factory=list)
    """Records read with a note on how (`formats.located.Located.notes`: an anonymous player
    left out, a Catan table of five read as 5-6), and the note."""
    new_names: list[str] = field(default_factory=list)
    """A preview's names the league has no player of (each would become one)."""
    players: list[str] = field(default_factory=list)
    """A preview's league players, by name: who a new name may be mapped onto."""
    close: dict[str, list[str]] = field(default_factory=dict)
    """A preview's new names that may be another spelling of a player's (`close_spellings`)."""
    games: list[Game] = field(default_factory=list)
    """A preview's first games to import (at most `file_import.PREVIEW_GAMES`), in file order."""

    def as_json(self, league: str) -> dict[str, Any]:
        return {
            "league": league,
            "imported": len(self.imported),
            "already_present": len(self.already_present),
            "rejected": len(self.rejected),
            "rejections": [{"id": rid, "reason": why} for rid, why in self.rejected],
            "notes": [{"id": rid, "note": why} for rid, why in self.notes],
        }


def import_records(
    league: League,
    records: Iterable[Game | Event],
    by: User,
    *,
    pending: bool = False,
    acting: Actor | None = None,
    progress: Callable[[int], None] | None = None,
) -> ImportSummary:
    """Record each game and event not yet in the league, in file order, recorded by `by`
    (see `ImportSummary`): only the league's admins and officials may (`acting`, who asks,
    defaults to `by`; the console passes `CONSOLE`). A record whose id the league has is
    "already present" when its content is the same, else rejected; so is a sheet the league
    refuses. Each `CHUNK` of records is one transaction, stored a `BATCH` at a time (`progress`
    hears how many records each batch held once it is stored) and rated once at its end."""
    require_importer(league, by, acting)
    status = RecordStatus.SUBMITTED if pending else RecordStatus.CONFIRMED
    importer = _Importer(league, by, status, ImportSummary(), progress=progress)
    importer.addresses = tournament_addresses(league)
    with without_cycle_collection():
        for chunk in _chunks(_by_day(records), CHUNK):
            in_chunk(_seats(chunk), partial(importer.store, chunk), importer.rate)
    if len(importer.summary.imported) >= STATISTICS_FROM:
        refresh_statistics()
    return importer.summary


def in_chunk(
    seats: int, store: Callable[[WritesBehind | None], None], rate: Callable[[], None]
) -> None:
    """One chunk's transaction: `store` its records (given where their seats go, or None to
    insert them at once), then `rate` them while the seats go in (`writes_behind`). Its seats
    (`seats` of them) go in with the index of seats by player set aside where that pays."""
    with (
        _keys_checked_by_construction(),
        transaction.atomic(),
        seat_writes_behind() as behind,
    ):
        with seats_by_player_set_aside(seats, behind):
            store(behind)
        if behind is not None:
            behind.start()  # the seats go in while the chunk is rated
        rate()


def refresh_statistics() -> None:
    """ANALYZE the tables an import writes, on PostgreSQL (SQLite plans without statistics).
    A table the database user does not own is skipped with a warning, not an error."""
    if connection.vendor != "postgresql":
        return
    written = (GameRecord, Seat, SourceVP, Player, RatingState, RatingCheckpoint, RatingWatermark)
    with connection.cursor() as cursor:
        cursor.execute(f"ANALYZE {', '.join(table(model) for model in written)}")


@contextmanager
def _keys_checked_by_construction() -> Iterator[None]:
    """SQLite looks up every foreign key of every row inserted (a third of a seat's insert). An
    import's rows point only at rows its own transaction found or inserted, under the write
    lock that SQLite's transactions take up front, so its chunks run with the look-ups off
    where Django can turn them off: SQLite, outside any transaction (elsewhere a no-op)."""
    off = connection.disable_constraint_checking()
    try:
        yield
    finally:
        if off:
            connection.enable_constraint_checking()


def _by_day(records: Iterable[Game | Event]) -> Iterable[Game | Event]:
    """The records to store: the league keeps a record's date, not its time of day (its
    `played_at` is a moment in its own time zone), so records given with a time are numbered
    in time order within their day and stored with the date alone."""
    listed = list(records)
    if all(r.time is None for r in listed):
        return listed
    return [dataclasses.replace(r, time=None) for r in sorted(listed, key=in_day_order)]


def _seats(records: Sequence[Game | Event]) -> int:
    """How many seats the games among `records` hold."""
    return sum(len(record.seats) for record in records if isinstance(record, Game))


def _chunks(records: Iterable[Game | Event], size: int) -> Iterator[list[Game | Event]]:
    chunk: list[Game | Event] = []
    for record in records:
        chunk.append(record)
        if len(chunk) == size:
            yield chunk
            chunk = []
    if chunk:
        yield chunk


_Content = bytes | dict[str, Any]


def _content(record: Game | Event) -> _Content:
    """What two records of an id must share to be "the same content" (`same_content`)."""
    return game_digest(record) if isinstance(record, Game) else event_content(record)


_Stored = dict[str, list[tuple[bool, _Content]]]
"""Records the league has, by id: whether each is live, and its content."""


def stored_games(league: League, ids: Sequence[str]) -> _Stored:
    """The league's games of these ids, live and voided, by their stored digests; games stored
    before digests were kept are read back."""
    out: _Stored = {}
    unkept: dict[int, bool] = {}
    external_id, status = column(GameRecord, "external_id"), column(GameRecord, "status")
    head = (
        f"SELECT id, {external_id}, {status}, {column(GameRecord, 'digest')} "
        f"FROM {table(GameRecord)} WHERE {column(GameRecord, 'league')} = %s AND "
    )
    # Live games through the live-id index (its condition, word for word, so SQLite uses it);
    # voided ones through the play index, which leads with the league and the status. One
    # query for both would scan every game of the league per look-up.
    live_ones = f"{head}NOT ({status} = %s) AND {external_id} IN {{in}}"
    voided_ones = f"{head}{status} = %s AND {external_id} IN {{in}}"
    found = [
        *select_in(live_ones, [league.pk, RecordStatus.VOIDED.value], ids),
        *select_in(voided_ones, [league.pk, RecordStatus.VOIDED.value], ids),
    ]
    for pk, game_id, state, digest in found:
        live = state != RecordStatus.VOIDED
        if digest is None:
            unkept[pk] = live
        else:
            out.setdefault(game_id, []).append((live, bytes(digest)))
    for part in batched(list(unkept)):
        for pk, game in records_of(GameRecord.objects.filter(pk__in=part)):
            out.setdefault(game.id, []).append((unkept[pk], game_digest(game)))
    return out


def _stored_events(league: League, ids: Sequence[str]) -> _Stored:
    out: _Stored = {}
    events = EventRecord.objects.filter(league=league)
    voided = RecordStatus.VOIDED
    for part in batched(ids):
        # Live and voided apart, through the live-id index and the play index (`stored_games`).
        for rows in (events.exclude(status=voided), events.filter(status=voided)):
            for row in rows.filter(external_id__in=part).prefetch_related("standings__player"):
                content = event_content(row.to_record())
                out.setdefault(row.external_id, []).append((row.status != voided, content))
    return out


def _verdict(stored: list[tuple[bool, _Content]], mine: _Content) -> str:
    """What importing a record whose id the league has means: "present" (the same content, live
    or voided, which is not brought back), "rejected" (a live record with other content), or
    "new" (only voided records of other content)."""
    live = [content for is_live, content in stored if is_live]
    if live:
        return "present" if live[0] == mine else "rejected"
    return "present" if any(content == mine for _, content in stored) else "new"


@dataclass
class _Importer:
    """Imports batches of records in file order: consecutive new games in one `store_games`
    call, events one by one with `record_event`; classifies every record for the summary.
    The confirmed games' ratings wait in `unrated` until `rate` (the end of the chunk)."""

    league: League
    by: User
    status: RecordStatus
    summary: ImportSummary
    batch: list[Game] = field(default_factory=list)
    games: _Stored = field(default_factory=dict)
    events: _Stored = field(default_factory=dict)
    fresh: dict[tuple[str, str], Game | Event] = field(default_factory=dict)
    """The batch's records taken in so far, by kind and id: the live ones of their ids."""
    unrated: list[Changed] = field(default_factory=list)
    """Games stored in this transaction and not rated yet."""
    behind: WritesBehind | None = None
    """Where the chunk's seats go in meanwhile (`writes_behind`)."""
    addresses: frozenset[str] = frozenset()
    """The league's tournaments' addresses: their tables' ids are theirs to record."""
    progress: Callable[[int], None] | None = None
    """Hears how many records each batch held once it is stored."""

    def store(self, chunk: Sequence[Game | Event], behind: WritesBehind | None) -> None:
        """Import one chunk's records a `BATCH` at a time (`in_chunk`'s store step), their
        seats held by `behind` where given."""
        self.behind = behind
        for batch in _chunks(chunk, BATCH):
            self.run(batch)
            if self.progress is not None:
                self.progress(len(batch))

    def run(self, batch: Sequence[Game | Event]) -> None:
        """Import one batch (inside the caller's transaction, which calls `rate` before it
        commits); a batch sees the games of earlier ones as stored."""
        self.games = stored_games(self.league, [r.id for r in batch if isinstance(r, Game)])
        self.events = _stored_events(self.league, [r.id for r in batch if isinstance(r, Event)])
        self.fresh = {}
        for record in batch:
            self.add(record)
        self.flush()

    def seats_in(self) -> None:
        """Insert the seats `behind` holds now, before a step that may roll back to a savepoint
        of its own (a game or an event recorded on its own): a statement there that names the
        seat table would run them inside it, and its rollback would take them along."""
        if self.behind is not None:
            self.behind.wait()

    def rate(self) -> None:
        """Refresh the rating lists for the games stored since the last call."""
        unrated, self.unrated = self.unrated, []
        if unrated:
            refresh_changed(self.league, unrated)

    def add(self, record: Game | Event) -> None:
        taken = self.fresh.get((type(record).__name__, record.id))
        if taken is not None:
            same = _content(taken) == _content(record)
            self._classified(record, "present" if same else "rejected")
            return
        stored = self.games if isinstance(record, Game) else self.events
        if record.id in stored:
            verdict = _verdict(stored[record.id], _content(record))
            if verdict != "new":
                self._classified(record, verdict)
                return
        if isinstance(record, Event):
            self.flush()
            self.seats_in()
            self._record_event(record)
            return
        refusal = tables_refusal(record.id, self.addresses)
        if refusal is not None:
            self.summary.rejected.append((record.id, refusal))
            return
        try:
            require_valid(self.league, record)
        except InvalidResult as exc:
            self.summary.rejected.append((record.id, str(exc)))
            return
        self.batch.append(record)
        self._stored(record)

    def _stored(self, record: Game | Event) -> None:
        """Count `record` as the league's live one of its id for the rest of the chunk."""
        self.fresh[type(record).__name__, record.id] = record

    def _classified(self, record: Game | Event, verdict: str) -> None:
        if verdict == "present":
            self.summary.already_present.append(record.id)
        else:
            kind = "game" if isinstance(record, Game) else "event"
            reason = f"{kind} id exists with other content; correct it instead"
            self.summary.rejected.append((record.id, reason))

    def _record_event(self, event: Event) -> None:
        try:
            record_event(self.league, event, self.by, status=self.status)
        except LeagueError as exc:  # a concurrent import took the id first
            self.summary.rejected.append((event.id, str(exc)))
            return
        self._stored(event)
        self.summary.imported.append(event.id)

    def flush(self) -> None:
        """Store the batch of new games at once; if a concurrent import took one of the ids,
        record them one by one so only that one is rejected."""
        games, self.batch = self.batch, []
        if not games:
            return
        try:
            store_games(self.league, games, self.by, status=self.status, unrated=self.unrated,
                        behind=self.behind)  # fmt: skip
        except LeagueError:
            self.seats_in()
            self.rate()  # record_game rates each game at once, after those stored before
            stored = []
            for game in games:
                try:
                    record_game(self.league, game, self.by, status=self.status)
                except LeagueError as exc:
                    self.summary.rejected.append((game.id, str(exc)))
                else:
                    stored.append(game)
            games = stored
        self.summary.imported.extend(game.id for game in games)
