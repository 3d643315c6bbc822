"""`league import` and `league export`: records in, records out, in the records' JSON form.

An import records each game and event the league does not have yet, in file order, through the
league services (`record_games`, `record_game`, `record_event`); a record whose id the league
has is "already present" when its content is the same, else rejected.
"""

from __future__ import annotations

import sys
from collections.abc import Callable, Iterator, Sequence
from contextlib import contextmanager
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from tablerank.engine.records import Event, Game
from tablerank.formats.records import record_json

if TYPE_CHECKING:
    from django.contrib.auth.models import User

    from tablerank.league.models import EventRecord, GameRecord, League, RecordStatus

__all__ = ["CHUNK", "ImportSummary", "export_lines", "import_records"]

CHUNK = 500
"""Records imported per transaction: an interrupted import keeps what it committed, and
running it again skips those (imports are idempotent by id)."""


def _content(record: Game | Event) -> dict[str, Any]:
    """What makes two records "the same content": their JSON form, names compared as the
    league compares them (ignoring case)."""
    out = record_json(record)
    for row in out["seats"] if isinstance(record, Game) else out["standings"]:
        row["player"] = row["player"].casefold()
    return out


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


def _stored(league: League, record: Game | Event) -> list[GameRecord] | list[EventRecord]:
    from tablerank.league.models import EventRecord, GameRecord

    if isinstance(record, Game):
        return list(
            GameRecord.objects.filter(league=league, external_id=record.id).prefetch_related(
                "seats__player", "seats__sources"
            )
        )
    return list(
        EventRecord.objects.filter(league=league, external_id=record.id).prefetch_related(
            "standings__player"
        )
    )


def _verdict(stored: Sequence[GameRecord] | Sequence[EventRecord], mine: dict[str, Any]) -> str:
    """What importing a record whose id the league has means: "present" (the same content, live
    or voided, which is not brought back) or "rejected" (a live record with other content)."""
    from tablerank.league.models import RecordStatus

    live = [row for row in stored if row.status != RecordStatus.VOIDED]
    if live:
        return "present" if _content(live[0].to_record()) == mine else "rejected"
    return "present" if any(_content(row.to_record()) == mine for row in stored) else "new"


@dataclass
class _Importer:
    """Imports records in file order: consecutive new games in one `record_games` call, events
    one by one with `record_event`; classifies every record for the summary."""

    league: League
    by: User
    pending: bool
    summary: ImportSummary
    known_games: set[str]
    known_events: set[str]
    batch: list[Game] = field(default_factory=list)

    @property
    def status(self) -> RecordStatus:
        from tablerank.league.models import RecordStatus

        return RecordStatus.SUBMITTED if self.pending else RecordStatus.CONFIRMED

    def add(self, record: Game | Event) -> None:
        kind = "game" if isinstance(record, Game) else "event"
        known = self.known_games if isinstance(record, Game) else self.known_events
        if record.id in known:
            verdict = _verdict(_stored(self.league, record), _content(record))
            if verdict != "new":
                self._classified(record.id, verdict, kind)
                return
        if isinstance(record, Game):
            self._add_game(record)
            return
        self.flush()
        self._record_event(record)

    def _add_game(self, game: Game) -> None:
        """Batch a new game, or reject it at once when the league would refuse its sheet
        (`services.require_valid`, the rule `record_games` applies), so one bad sheet does not
        send its whole batch through one game at a time."""
        from tablerank.league.errors import InvalidResult
        from tablerank.league.services import require_valid

        try:
            require_valid(self.league, game)
        except InvalidResult as exc:
            self.summary.rejected.append((game.id, str(exc)))
            return
        self.batch.append(game)

    def _classified(self, record_id: str, verdict: str, kind: str) -> None:
        if verdict == "present":
            self.summary.already_present.append(record_id)
        else:
            reason = f"{kind} id exists with other content; correct it instead"
            self.summary.rejected.append((record_id, reason))

    def _record_event(self, event: Event) -> None:
        from tablerank.league.errors import LeagueError
        from tablerank.league.services import record_event

        try:
            record_event(self.league, event, self.by, status=self.status)
        except LeagueError as exc:  # a concurrent import took the id first
            self.summary.rejected.append((event.id, str(exc)))
            return
        self.known_events.add(event.id)
        self.summary.imported.append(event.id)

    def flush(self) -> None:
        """Record the batch of new games at once; if a concurrent import took one of the ids,
        record them one by one so only that one is rejected."""
        from tablerank.league.errors import LeagueError
        from tablerank.league.services import record_game, record_games

        games, self.batch = self.batch, []
        if not games:
            return
        try:
            record_games(self.league, games, self.by, status=self.status)
            stored = games
        except LeagueError:
            stored = []
            for game in games:
                try:
                    record_game(self.league, game, self.by, status=self.status)
                except LeagueError as exc:
                    self.summary.rejected.append((game.id, str(exc)))
                else:
                    stored.append(game)
        for game in stored:
            self.known_games.add(game.id)
            self.summary.imported.append(game.id)


@contextmanager
def _progress(total: int) -> Iterator[Callable[[int], None]]:
    """A progress bar on stderr when it is a terminal; a no-op step otherwise."""
    if total == 0 or not sys.stderr.isatty():
        yield lambda done: None
        return
    from rich.console import Console
    from rich.progress import Progress

    with Progress(console=Console(stderr=True), transient=True) as bar:
        task = bar.add_task("importing", total=total)
        yield lambda done: bar.advance(task, done)


def import_records(
    league: League, records: Sequence[Game | Event], by: User, *, pending: bool = False
) -> ImportSummary:
    """Record each game and event not yet in the league, in file order (see `ImportSummary`):
    new games go in batches (`services.record_games`), CHUNK records per transaction."""
    from django.db import transaction

    from tablerank.league.models import EventRecord, GameRecord

    importer = _Importer(
        league,
        by,
        pending,
        ImportSummary(),
        known_games=set(
            GameRecord.objects.filter(league=league).values_list("external_id", flat=True)
        ),
        known_events=set(
            EventRecord.objects.filter(league=league).values_list("external_id", flat=True)
        ),
    )
    with _progress(len(records)) as step:
        for start in range(0, len(records), CHUNK):
            chunk = records[start : start + CHUNK]
            with transaction.atomic():
                for record in chunk:
                    importer.add(record)
                importer.flush()
            step(len(chunk))
    return importer.summary


def export_lines(league: League) -> Iterator[dict[str, Any]]:
    """Every game and event of the league in recording order, voided ones included with a
    `voided` object (by, at, why, and `replaced_by` for a correction)."""
    from django.db.models import Prefetch

    from tablerank.league.models import EventRecord, EventStanding, GameRecord, Seat

    seats = Seat.objects.select_related("player").prefetch_related("sources")
    games = (
        GameRecord.objects.filter(league=league)
        .select_related("voided_by")
        .prefetch_related(Prefetch("seats", queryset=seats))
    )
    standings = EventStanding.objects.select_related("player")
    events = (
        EventRecord.objects.filter(league=league)
        .select_related("voided_by")
        .prefetch_related(Prefetch("standings", queryset=standings))
    )
    rows: list[GameRecord | EventRecord] = [*games, *events]
    # A correction keeps the original's number: the voided original comes first.
    rows.sort(key=lambda row: (row.sequence, row.voided_at is None, row.pk))
    replaced = dict(
        GameRecord.objects.filter(league=league, replaces__isnull=False).values_list(
            "replaces_id", "external_id"
        )
    )
    for row in rows:
        record = row.to_record()
        line = record_json(record)
        if row.voided_at is not None:
            voided: dict[str, Any] = {
                "by": row.voided_by.get_username() if row.voided_by else None,
                "at": row.voided_at.isoformat(),
                "why": row.void_reason,
            }
            if isinstance(row, GameRecord) and row.pk in replaced:
                voided["replaced_by"] = replaced[row.pk]
            line["voided"] = voided
        yield line
