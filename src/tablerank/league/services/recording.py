"""Changing a league's history, always by appending, and reading it back as engine records.

The imperative shell around the engine: these functions take checked engine values (`Game`,
`Event`), write rows in one transaction, and hand confirmed history back to the engine to rate.
A correction voids the original (kept, with who, when and why) and records the replacement in
its place in the play order, so rating the confirmed history equals replaying the corrected list.
Every stored result passes its title's check first (`check_result`).
"""

from __future__ import annotations

import datetime as dt
import zoneinfo
from typing import TypeVar

from django.contrib.auth.models import User
from django.db import IntegrityError, connection, transaction
from django.utils import timezone

from tablerank.catan.validation import failing
from tablerank.engine.fields import check_date
from tablerank.engine.records import Event, Game
from tablerank.league.errors import (
    AlreadyVoided,
    DuplicateRecord,
    InvalidResult,
    LeagueError,
)
from tablerank.league.models import (
    EventRecord,
    EventStanding,
    GameRecord,
    League,
    Recorded,
    RecordStatus,
)
from tablerank.league.ratings.state import refresh_ratings, refresh_recorded
from tablerank.league.services.members import check_new_names, player_named
from tablerank.league.services.roles import MEMBERS, ORGANIZERS, require_role
from tablerank.league.services.same_content import game_digest
from tablerank.league.services.table_ids import require_outside_tournaments
from tablerank.league.store import revisions
from tablerank.league.store.bulk import Statement, run_all, run_groups
from tablerank.league.store.played import played_games
from tablerank.league.store.seat_rows import (
    Players,
    game_fields,
    game_statement,
    insert_game,
    inserted_pk,
    league_spellings,
    packed,
    player_lookups,
    players_found,
    players_named,
    respelled,
)
from tablerank.league.store.state_rows import StateReads

__all__ = [
    "check_result",
    "confirmed_history",
    "correct_game",
    "local_date",
    "record_event",
    "record_game",
    "require_valid",
    "void_event",
    "void_game",
]

_R = TypeVar("_R", bound=Recorded)


def local_date(league: League, played_at: dt.datetime) -> dt.date:
    """The day a game played at `played_at` belongs to in the league's time zone, which is
    what decides its month's list (seed 001): 23:30 in Berlin on 31 May is a May game. The
    moment lies in the records' date range (`RecordError` otherwise)."""
    if played_at.tzinfo is None:
        raise LeagueError("played_at", "give the time with its UTC offset, e.g. 20:30+02:00")
    check_date(played_at.date(), "played_at")  # first, so the conversion cannot overflow
    return check_date(played_at.astimezone(zoneinfo.ZoneInfo(league.time_zone)).date(), "played_at")


def check_result(league: League, game: Game) -> list[str]:
    """Why the league would refuse to store `game`: its Catan score sheet's errors (seed 002),
    unless the league takes its title's results unvalidated. Empty when it may be stored."""
    if game.game in league.unvalidated_titles:
        return []
    return [error for finding in failing([game]) for error in finding.errors]


def require_valid(league: League, game: Game, field: str = "seats") -> None:
    """`InvalidResult` with every problem `check_result` finds (the first in the message)."""
    problems = check_result(league, game)
    if problems:
        more = f" (and {len(problems) - 1} more)" if len(problems) > 1 else ""
        raise InvalidResult(field, f"game {game.id}: {problems[0]}{more}", problems)


def next_sequence(league: League, count: int = 1) -> int:
    """Take `count` numbers of the recording order; returns the last one taken."""
    return int(run_all([_taking(league, count)])[0][0][0])


def _taking(league: League, count: int) -> Statement:
    """The statement that takes `count` numbers of the recording order, returning the last."""
    # The UPDATE takes the league row's write lock until the transaction ends, so recording
    # into one league is serialised and the numbers never repeat. It also bumps the revision:
    # every new record changes what the league's pages show.
    q = connection.ops.quote_name
    taken, revision = q("last_sequence"), q("revision")  # the fields' own names
    sql = (
        f"UPDATE {q(League._meta.db_table)} SET {taken} = {taken} + %s, "
        f"{revision} = {revision} + 1 WHERE id = %s RETURNING {taken}"
    )
    return sql, [count, league.pk]


def _check_id_free(league: League, model: type[Recorded], record_id: str, kind: str) -> None:
    live = model._default_manager.filter(league=league, external_id=record_id)
    if live.exclude(status=RecordStatus.VOIDED).exists():
        raise DuplicateRecord(league.slug, record_id, kind)


def write_game(
    league: League,
    game: Game,
    by: User,
    *,
    status: RecordStatus,
    played_at: dt.datetime | None,
    sequence: int,
    replaces: GameRecord | None = None,
) -> tuple[GameRecord, Game]:
    """Store the game's rows; return the record and the game with the league's spellings of
    its players (what the rating state is keyed by). The live-id index refuses an id a live
    record of the league has (`DuplicateRecord`): nothing is written then, and the caller's
    transaction stays usable."""
    players = players_named(league, [seat.player for seat in game.seats])
    record, spelled = _unsaved(
        league, game, by, players, status=status, played_at=played_at, sequence=sequence
    )
    record.replaces = replaces
    _stored(record, insert_game(record, game, players))
    return record, spelled


def _unsaved(
    league: League,
    game: Game,
    by: User,
    players: Players,
    *,
    status: RecordStatus,
    played_at: dt.datetime | None,
    sequence: int,
) -> tuple[GameRecord, Game]:
    """The game's record, not stored yet, and the game with the league's spellings."""
    record = GameRecord(
        league=league,
        external_id=game.id,
        date=game.date,
        played_at=played_at,
        sequence=sequence,
        status=status,
        created_by=by,
        seat_columns=packed(game, players),
        digest=game_digest(game),
        **game_fields(game),
    )
    return record, respelled(game, league_spellings(players, [s.player for s in game.seats]))


def _stored(record: GameRecord, pk: int | None) -> None:
    """The record is stored as `pk`; `DuplicateRecord` where the live-id index refused it."""
    if pk is None:
        raise DuplicateRecord(record.league.slug, record.external_id)
    record.pk = pk
    record._state.adding = False
    record._state.db = connection.alias


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
    of the league already has (`DuplicateRecord`) and a sheet that fails `check_result`
    (`InvalidResult`). The game counts as confirmed unless `status`
    says submitted: this is the administrator's import path, which takes no signatures; results
    that need verification go through `submit_game`.
    """
    if status == RecordStatus.VOIDED:
        raise LeagueError("status", "record a game as submitted or confirmed; void it afterwards")
    require_outside_tournaments(league, game.id)
    require_valid(league, game)
    names = [seat.player for seat in game.seats]
    reads = StateReads(league, names) if status == RecordStatus.CONFIRMED else None
    with transaction.atomic():
        # One round trip: the league's write lock and number, then all the game's reads.
        taken, found, state = run_groups(
            [_taking(league, 1)], player_lookups(league, names), reads.reading() if reads else []
        )
        players = players_found(league, names, found)
        record, spelled = _unsaved(
            league,
            game,
            by,
            players,
            status=status,
            played_at=played_at,
            sequence=int(taken[0][0][0]),
        )
        one = game_statement(record, game, players) if reads else None
        if one is None:  # SQLite takes the seats after the record's pk
            _stored(record, insert_game(record, game, players))
        if reads is not None:
            reads.take(state)
            # On PostgreSQL the record goes in with the refresh's writes, in one round trip.
            written = refresh_recorded(record, spelled, reads, [one] if one else [])
            if one is not None:
                _stored(record, inserted_pk(written[0]))
        return record


def _void(model: type[_R], record: _R, by: User, why: str) -> RecordStatus:
    """Void a live record (only its status and who, when and why change); return its status."""
    if not why.strip():
        raise LeagueError("why", "say why the result is voided")
    locked = model._default_manager.select_for_update(no_key=True).get(pk=record.pk)
    if locked.status == RecordStatus.VOIDED:
        raise AlreadyVoided("id", f"{locked.external_id} was voided on {locked.voided_at}")
    was = RecordStatus(locked.status)
    locked.status = RecordStatus.VOIDED
    locked.voided_by = by
    locked.voided_at = timezone.now()
    locked.void_reason = why.strip()
    locked.save(update_fields=["status", "voided_by", "voided_at", "void_reason"])
    revisions.bump(record.league)
    record.refresh_from_db()
    return was


def void_game(record: GameRecord, by: User, why: str) -> None:
    """Void a recorded game: it stays stored, with who voided it, when and why. Only the
    league's admins and officials void (`NotAllowed`)."""
    require_role(record.league, by, *ORGANIZERS)
    with transaction.atomic():
        if _void(GameRecord, record, by, why) == RecordStatus.CONFIRMED:
            refresh_ratings(record)


def require_may_correct(record: GameRecord, by: User) -> None:
    """The league's admins and officials correct any result; whoever submitted a result
    corrects it while it waits for signatures (a typo fixed before the table signs), with the
    league's players only. Else `NotAllowed`; and a voided result is corrected through the one
    that replaced it, or recorded anew (`AlreadyVoided`)."""
    if record.status == RecordStatus.SUBMITTED and record.created_by_id == by.pk:
        require_role(record.league, by, *MEMBERS)
    else:
        require_role(record.league, by, *ORGANIZERS)
    if record.status == RecordStatus.VOIDED:
        raise AlreadyVoided("id", f"{record.external_id} is void already: record it anew")


def may_correct(record: GameRecord, by: User) -> bool:
    """Whether `require_may_correct` lets `by` correct `record` (a page's link)."""
    try:
        require_may_correct(record, by)
    except LeagueError:
        return False
    return True


def correct_game(
    original: GameRecord, replacement: Game, by: User, why: str, *, table: bool = False
) -> GameRecord:
    """Void `original` and record `replacement` in its place in the play order, as one change.

    The replacement keeps the original's status (a disputed one's is pending again, for its
    players to sign afresh) and play time and links back to it
    (`replaces`); it may keep the original's id, which voiding frees. Who may:
    `require_may_correct`.
    """
    require_may_correct(original, by)
    if not table:  # `table`: the tournament's own correction of its table (tournament_rounds)
        require_outside_tournaments(original.league, replacement.id)
    check_new_names(original.league, [seat.player for seat in replacement.seats], by)
    require_valid(original.league, replacement, "game")
    with transaction.atomic():
        was = _void(GameRecord, original, by, why)
        # A disputed result's replacement is pending again: its players sign it afresh.
        status = RecordStatus.SUBMITTED if was == RecordStatus.DISPUTED else was
        record, _ = write_game(
            original.league,
            replacement,
            by,
            status=status,
            played_at=original.played_at,
            sequence=original.sequence,
            replaces=original,
        )
        if was == RecordStatus.CONFIRMED:
            refresh_ratings(original, record)
        return record


def confirmed_history(league: League) -> list[Game]:
    """The league's confirmed, live games in play order: by date, then recording order
    (streamed, `played.played_games`: no query grows with the league)."""
    return [game for _, _, game in played_games(league.pk)]


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
                    sequence=next_sequence(league),
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
    """Void a recorded event; it stays stored, with who, when and why (admins and officials)."""
    require_role(record.league, by, *ORGANIZERS)
    with transaction.atomic():
        _void(EventRecord, record, by, why)


# -- verification (seed 003) ------------------------------------------------------------------
