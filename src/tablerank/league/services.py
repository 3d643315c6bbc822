"""Changing a league's history, always by appending, and reading it back as engine records.

The imperative shell around the engine: these functions take checked engine values (`Game`,
`Event`), write rows in one transaction, and hand confirmed history back to the engine to rate.
A correction voids the original (kept, with who, when and why) and records the replacement in
its place in the play order, so rating the confirmed history equals replaying the corrected list.
"""

from __future__ import annotations

import datetime as dt
from typing import TypeVar

from django.contrib.auth.models import User
from django.db import IntegrityError, transaction
from django.db.models import F, Prefetch
from django.utils import timezone

from tablerank.engine.records import Event, Game
from tablerank.league.errors import AlreadyVoided, DuplicatePlayer, DuplicateRecord, LeagueError
from tablerank.league.models import (
    EventRecord,
    EventStanding,
    GameRecord,
    League,
    Player,
    Recorded,
    RecordStatus,
    Seat,
    SourceVP,
)

_R = TypeVar("_R", bound=Recorded)

__all__ = [
    "add_player",
    "confirmed_events",
    "confirmed_history",
    "correct_game",
    "player_named",
    "record_event",
    "record_game",
    "void_event",
    "void_game",
]


def add_player(league: League, name: str) -> Player:
    """A new player; refused when the league has the name already, in any case."""
    if Player.objects.filter(league=league, key=name.casefold()).exists():
        raise DuplicatePlayer("name", f"league {league.slug!r} already has a player {name!r}")
    return Player.objects.create(league=league, name=name)


def player_named(league: League, name: str) -> Player:
    """The league's player of this name (case-insensitive), created on first sight."""
    player, _ = Player.objects.get_or_create(
        league=league, key=name.casefold(), defaults={"name": name}
    )
    return player


def _next_sequence(league: League) -> int:
    # The UPDATE takes the league row's write lock until the transaction ends, so recording
    # into one league is serialised and the numbers never repeat.
    League.objects.filter(pk=league.pk).update(last_sequence=F("last_sequence") + 1)
    return League.objects.values_list("last_sequence", flat=True).get(pk=league.pk)


def _check_id_free(league: League, model: type[Recorded], record_id: str, kind: str) -> None:
    live = model._default_manager.filter(league=league, external_id=record_id)
    if live.exclude(status=RecordStatus.VOIDED).exists():
        raise DuplicateRecord(league.slug, record_id, kind)


def _write_game(
    league: League,
    game: Game,
    by: User,
    *,
    status: RecordStatus,
    played_at: dt.datetime | None,
    sequence: int,
    replaces: GameRecord | None = None,
) -> GameRecord:
    _check_id_free(league, GameRecord, game.id, "game")
    try:
        with transaction.atomic():  # a savepoint: a lost race leaves the caller's work usable
            record = GameRecord.objects.create(
                league=league,
                external_id=game.id,
                date=game.date,
                played_at=played_at,
                sequence=sequence,
                status=status,
                created_by=by,
                replaces=replaces,
                title=game.game,
                variant=game.variant or "",
                target=game.target,
                group=game.group,
                city=game.city or "",
                game_class=game.game_class.value,
                event=game.event or "",
                round=game.round,
            )
    except IntegrityError:
        raise DuplicateRecord(league.slug, game.id) from None
    seats = Seat.objects.bulk_create(
        Seat(
            game=record,
            position=position,
            player=player_named(league, seat.player),
            vp=seat.vp,
            winner=seat.winner,
            place=seat.place,
            team=seat.team or "",
            status=seat.status.value,
            account=seat.account.value,
        )
        for position, seat in enumerate(game.seats)
    )
    SourceVP.objects.bulk_create(
        SourceVP(seat=row, source=source, vp=vp)
        for row, seat in zip(seats, game.seats, strict=True)
        for source, vp in seat.sources.items()
    )
    return record


def record_game(
    league: League,
    game: Game,
    by: User,
    *,
    status: RecordStatus = RecordStatus.CONFIRMED,
    played_at: dt.datetime | None = None,
) -> GameRecord:
    """Store a checked game at the end of the league's recording order.

    Players are found by name ignoring case and created when new. Refuses an id a live record
    of the league already has (`DuplicateRecord`). Until verification is built, a recorded game
    counts as confirmed unless `status` says submitted.
    """
    if status == RecordStatus.VOIDED:
        raise LeagueError("status", "record a game as submitted or confirmed; void it afterwards")
    with transaction.atomic():
        return _write_game(
            league, game, by, status=status, played_at=played_at, sequence=_next_sequence(league)
        )


def _void(model: type[_R], record: _R, by: User, why: str) -> RecordStatus:
    """Void a live record (only its status and who, when and why change); return its status."""
    if not why.strip():
        raise LeagueError("why", "say why the result is voided")
    locked = model._default_manager.select_for_update().get(pk=record.pk)
    if locked.status == RecordStatus.VOIDED:
        raise AlreadyVoided("id", f"{locked.external_id} was voided on {locked.voided_at}")
    was = RecordStatus(locked.status)
    locked.status = RecordStatus.VOIDED
    locked.voided_by = by
    locked.voided_at = timezone.now()
    locked.void_reason = why.strip()
    locked.save(update_fields=["status", "voided_by", "voided_at", "void_reason"])
    record.refresh_from_db()
    return was


def void_game(record: GameRecord, by: User, why: str) -> None:
    """Void a recorded game: it stays stored, with who voided it, when and why."""
    with transaction.atomic():
        _void(GameRecord, record, by, why)


def correct_game(original: GameRecord, replacement: Game, by: User, why: str) -> GameRecord:
    """Void `original` and record `replacement` in its place in the play order, as one change.

    The replacement keeps the original's status and play time and links back to it
    (`replaces`); it may keep the original's id, which voiding frees.
    """
    with transaction.atomic():
        was = _void(GameRecord, original, by, why)
        return _write_game(
            original.league,
            replacement,
            by,
            status=was,
            played_at=original.played_at,
            sequence=original.sequence,
            replaces=original,
        )


def confirmed_history(league: League) -> list[Game]:
    """The league's confirmed, live games in play order: by date, then recording order."""
    seats = Seat.objects.select_related("player").prefetch_related("sources")
    records = (
        GameRecord.objects.filter(league=league, status=RecordStatus.CONFIRMED)
        .order_by("date", "sequence")
        .prefetch_related(Prefetch("seats", queryset=seats))
    )
    return [record.to_record() for record in records]


def record_event(
    league: League,
    event: Event,
    by: User,
    *,
    status: RecordStatus = RecordStatus.CONFIRMED,
) -> EventRecord:
    """Store a checked event's final standings, like `record_game`."""
    if status == RecordStatus.VOIDED:
        raise LeagueError("status", "record an event as submitted or confirmed; void it afterwards")
    with transaction.atomic():
        _check_id_free(league, EventRecord, event.id, "event")
        try:
            with transaction.atomic():
                record = EventRecord.objects.create(
                    league=league,
                    external_id=event.id,
                    date=event.date,
                    sequence=_next_sequence(league),
                    status=status,
                    created_by=by,
                    rounds=event.rounds,
                    format=event.format.value,
                )
        except IntegrityError:
            raise DuplicateRecord(league.slug, event.id, "event") from None
        EventStanding.objects.bulk_create(
            EventStanding(
                event=record,
                position=position,
                player=player_named(league, row.player),
                place=row.place,
                wins=row.wins,
                draws=row.draws,
                losses=row.losses,
                completed=row.completed,
            )
            for position, row in enumerate(event.standings)
        )
        return record


def void_event(record: EventRecord, by: User, why: str) -> None:
    """Void a recorded event; it stays stored, with who, when and why."""
    with transaction.atomic():
        _void(EventRecord, record, by, why)


def confirmed_events(league: League) -> list[Event]:
    """The league's confirmed, live events in play order."""
    rows = EventStanding.objects.select_related("player")
    records = (
        EventRecord.objects.filter(league=league, status=RecordStatus.CONFIRMED)
        .order_by("date", "sequence")
        .prefetch_related(Prefetch("standings", queryset=rows))
    )
    return [record.to_record() for record in records]
