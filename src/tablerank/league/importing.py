"""Importing many results at once: a few statements per batch instead of several per game.

`record_games` is `record_game` for a whole batch: the same checks, the same result, all or
nothing. `import_records` is the import service every door calls (`league import`, the API's
bulk endpoint): it classifies each record of a file as imported, already present or rejected
(`ImportSummary`), a chunk at a time, each chunk in one transaction.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Iterator, Sequence
from dataclasses import dataclass, field
from typing import Any

from django.contrib.auth.models import User
from django.db import IntegrityError, connection, transaction
from django.utils import timezone

from tablerank.engine.records import Event, Game
from tablerank.formats.records import record_json
from tablerank.league.bulk import batched, insert_rows, select_in
from tablerank.league.errors import DuplicateRecord, InvalidResult, LeagueError
from tablerank.league.models import (
    EventRecord,
    GameRecord,
    League,
    Player,
    RecordStatus,
    Seat,
    SourceVP,
)
from tablerank.league.ratings import refresh_changed
from tablerank.league.recording import (
    _game_fields,
    _next_sequence,
    record_event,
    record_game,
    require_valid,
)
from tablerank.league.roles import ORGANIZERS, Actor, require_role

__all__ = ["CHUNK", "ImportSummary", "import_records", "record_games", "store_games"]

CHUNK = 5000
"""Records imported per transaction: an interrupted import keeps what it committed, and
running it again finds those already present (imports are idempotent by id)."""


@dataclass
class ImportSummary:
    """What an import did with each record it read."""

    imported: list[str] = field(default_factory=list)
    already_present: list[str] = field(default_factory=list)
    rejected: list[tuple[str, str]] = field(default_factory=list)

    def as_json(self, league: str) -> dict[str, Any]:
        return {
            "league": league,
            "imported": len(self.imported),
            "already_present": len(self.already_present),
            "rejected": len(self.rejected),
            "rejections": [{"id": rid, "reason": why} for rid, why in self.rejected],
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
    refuses. Each `CHUNK` of records is one transaction; `progress` hears how many records
    each chunk held once it is committed."""
    require_role(league, by if acting is None else acting, *ORGANIZERS)
    status = RecordStatus.SUBMITTED if pending else RecordStatus.CONFIRMED
    importer = _Importer(league, by, status, ImportSummary())
    for chunk in _chunks(records, CHUNK):
        with transaction.atomic():
            importer.run(chunk)
        if progress is not None:
            progress(len(chunk))
    return importer.summary


def _chunks(records: Iterable[Game | Event], size: int) -> Iterator[list[Game | Event]]:
    chunk: list[Game | Event] = []
    for record in records:
        chunk.append(record)
        if len(chunk) == size:
            yield chunk
            chunk = []
    if chunk:
        yield chunk


def _content(record: Game | Event) -> dict[str, Any]:
    """What makes two records "the same content": their JSON form, names compared as the
    league compares them (ignoring case)."""
    out = record_json(record)
    for row in out["seats"] if isinstance(record, Game) else out["standings"]:
        row["player"] = row["player"].casefold()
    return out


_Stored = dict[str, list[tuple[bool, dict[str, Any]]]]
"""Records the league has, by id: whether each is live, and its content."""


def _stored_games(league: League, ids: Sequence[str]) -> _Stored:
    out: _Stored = {}
    for part in batched(ids):
        found = GameRecord.objects.filter(league=league, external_id__in=part)
        live = dict(found.values_list("pk", "status"))
        if not live:  # the usual case: none of them is stored yet
            continue
        for pk, _, game in GameRecord.records(GameRecord.objects.filter(pk__in=list(live))):
            out.setdefault(game.id, []).append((live[pk] != RecordStatus.VOIDED, _content(game)))
    return out


def _stored_events(league: League, ids: Sequence[str]) -> _Stored:
    out: _Stored = {}
    for part in batched(ids):
        rows = EventRecord.objects.filter(league=league, external_id__in=part)
        for row in rows.prefetch_related("standings__player"):
            content = _content(row.to_record())
            out.setdefault(row.external_id, []).append((row.status != RecordStatus.VOIDED, content))
    return out


def _verdict(stored: list[tuple[bool, dict[str, Any]]], mine: dict[str, Any]) -> str:
    """What importing a record whose id the league has means: "present" (the same content, live
    or voided, which is not brought back), "rejected" (a live record with other content), or
    "new" (only voided records of other content)."""
    live = [content for is_live, content in stored if is_live]
    if live:
        return "present" if live[0] == mine else "rejected"
    return "present" if any(content == mine for _, content in stored) else "new"


@dataclass
class _Importer:
    """Imports chunks of records in file order: consecutive new games in one `store_games`
    call, events one by one with `record_event`; classifies every record for the summary."""

    league: League
    by: User
    status: RecordStatus
    summary: ImportSummary
    batch: list[Game] = field(default_factory=list)
    games: _Stored = field(default_factory=dict)
    events: _Stored = field(default_factory=dict)

    def run(self, chunk: Sequence[Game | Event]) -> None:
        """Import one chunk (inside the caller's transaction)."""
        self.games = _stored_games(self.league, [r.id for r in chunk if isinstance(r, Game)])
        self.events = _stored_events(self.league, [r.id for r in chunk if isinstance(r, Event)])
        for record in chunk:
            self.add(record)
        self.flush()

    def add(self, record: Game | Event) -> None:
        stored = self.games if isinstance(record, Game) else self.events
        if record.id in stored:
            verdict = _verdict(stored[record.id], _content(record))
            if verdict != "new":
                self._classified(record, verdict)
                return
        if isinstance(record, Event):
            self.flush()
            self._record_event(record)
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
        stored = self.games if isinstance(record, Game) else self.events
        stored[record.id] = [(True, _content(record))]

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
            store_games(self.league, games, self.by, status=self.status)
        except LeagueError:
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


def _players_named(league: League, names: list[str]) -> dict[str, int]:
    """The pks of the league's players of these names by casefolded name, the missing ones
    created (the first spelling seen wins, as with `player_named`)."""
    first: dict[str, str] = {}
    for name in names:
        first.setdefault(name.casefold(), name)
    keys = sorted(first)
    key, of = _column(Player, "key"), _column(Player, "league")
    sql = f"SELECT {key}, id FROM {_table(Player)} WHERE {of} = %s AND {key} IN {{in}}"

    def found() -> dict[str, int]:
        return dict(select_in(sql, [league.pk], keys))

    players = found()
    missing = [key for key in keys if key not in players]
    if missing:
        # DO NOTHING: a concurrent recording may create the same player first.
        now = connection.ops.adapt_datetimefield_value(timezone.now())
        rows = [(league.pk, first[key], key, now) for key in missing]
        columns = ["league", "name", "key", "created_at"]
        _insert(Player, columns, rows, on_conflict="ON CONFLICT DO NOTHING")
        players = found()
    return players


def record_games(
    league: League,
    games: Sequence[Game],
    by: User,
    *,
    status: RecordStatus = RecordStatus.CONFIRMED,
) -> int:
    """Store many checked games at the end of the recording order in one transaction, as
    `record_game` would one after another, with a few statements per batch instead of several
    per game: the import path. Returns how many were stored. All or nothing: an id the league
    (or the batch) has already is refused with `DuplicateRecord`, a sheet that fails
    `check_result` with `InvalidResult`, and nothing is stored."""
    for game in games:
        require_valid(league, game)
    return store_games(league, games, by, status=status)


def store_games(
    league: League,
    games: Sequence[Game],
    by: User,
    *,
    status: RecordStatus = RecordStatus.CONFIRMED,
) -> int:
    """`record_games` for games that passed `require_valid` already (the importer checks each
    one first, so that one bad sheet does not fail its batch)."""
    if status == RecordStatus.VOIDED:
        raise LeagueError("status", "record games as submitted or confirmed; void them afterwards")
    ids = [game.id for game in games]
    seen: set[str] = set()
    for game_id in ids:
        if game_id in seen:
            raise DuplicateRecord(league.slug, game_id)
        seen.add(game_id)
    if not games:
        return 0
    with transaction.atomic():
        first = _next_sequence(league, len(games)) - len(games) + 1
        players = _players_named(league, [s.player for g in games for s in g.seats])
        try:
            with transaction.atomic():  # the live-id index refuses an id the league has
                _insert_games(league, games, by, status, first)
        except IntegrityError:
            taken = _live_pks(league, ids)
            clash = next((game_id for game_id in ids if game_id in taken), None)
            if clash is None:
                raise
            raise DuplicateRecord(league.slug, clash) from None
        pks = _live_pks(league, ids)
        _insert_seats(games, pks, players)
        if status == RecordStatus.CONFIRMED:
            refresh_changed(
                league,
                [
                    ((game.date, first + offset), pks[game.id], game, True)
                    for offset, game in enumerate(games)
                ],
            )
        return len(games)


def _insert(
    model: type[Any], columns: Sequence[str], rows: Sequence[tuple[Any, ...]], on_conflict: str = ""
) -> None:
    """`insert_rows` by the model's field names."""
    names = [model._meta.get_field(c).column for c in columns]
    insert_rows(model._meta.db_table, names, rows, on_conflict=on_conflict)


def _column(model: type[Any], field: str) -> str:
    return connection.ops.quote_name(model._meta.get_field(field).column)


def _table(model: type[Any]) -> str:
    return connection.ops.quote_name(model._meta.db_table)


def _insert_games(
    league: League, games: Sequence[Game], by: User, status: RecordStatus, first: int
) -> None:
    fields = list(_game_fields(games[0]))
    columns = ["league", "external_id", "date", "sequence", "status", "created_by", "created_at"]
    columns += ["void_reason", *fields]
    day = connection.ops.adapt_datefield_value
    now = connection.ops.adapt_datetimefield_value(timezone.now())
    rows = [
        (
            league.pk,
            g.id,
            day(g.date),
            first + n,
            status.value,
            by.pk,
            now,
            "",
            *_game_fields(g).values(),
        )
        for n, g in enumerate(games)
    ]
    _insert(GameRecord, columns, rows)


def _live_pks(league: League, ids: Sequence[str]) -> dict[str, int]:
    """The pks of the league's live games of these ids."""
    external_id, status = _column(GameRecord, "external_id"), _column(GameRecord, "status")
    sql = (
        f"SELECT {external_id}, id FROM {_table(GameRecord)} "
        f"WHERE {_column(GameRecord, 'league')} = %s AND {status} <> %s AND {external_id} IN {{in}}"
    )
    return dict(select_in(sql, [league.pk, RecordStatus.VOIDED.value], ids))


def _insert_seats(games: Sequence[Game], pks: dict[str, int], players: dict[str, int]) -> None:
    columns = ["game", "position", "player", "vp", "winner", "place", "team", "status", "account"]
    rows = [
        (pks[g.id], n, players[seat.player.casefold()], seat.vp, seat.winner, seat.place,
         seat.team or "", seat.status.value, seat.account.value)
        for g in games
        for n, seat in enumerate(g.seats)
    ]  # fmt: skip
    _insert(Seat, columns, rows)
    with_sources = [g for g in games if any(seat.sources for seat in g.seats)]
    if not with_sources:
        return
    game, position = _column(Seat, "game"), _column(Seat, "position")
    sql = f"SELECT {game}, {position}, id FROM {_table(Seat)} WHERE {game} IN {{in}}"
    found = select_in(sql, [], [pks[g.id] for g in with_sources])
    seat_pks = {(game_pk, place): pk for game_pk, place, pk in found}
    sources = [
        (seat_pks[pks[g.id], n], source, vp)
        for g in with_sources
        for n, seat in enumerate(g.seats)
        for source, vp in seat.sources.items()
    ]
    _insert(SourceVP, ["seat", "source", "vp"], sources)
