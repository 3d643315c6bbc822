"""Storing many checked games at once: a few statements per batch instead of several per game.

`record_games` is `record_game` for a whole batch: the same checks, the same result, all or
nothing. The import service (`importing.import_records`) calls `store_games`, having checked
each game already.
"""

from __future__ import annotations

from collections.abc import Sequence

from django.contrib.auth.models import User
from django.db import IntegrityError, connection, transaction
from django.utils import timezone

from tablerank.engine.records import Game
from tablerank.league.bulk import column, insert_rows, select_in, table
from tablerank.league.errors import DuplicateRecord, LeagueError
from tablerank.league.models import GameRecord, League, RecordStatus
from tablerank.league.ratings import refresh_changed
from tablerank.league.recording import _next_sequence, require_valid
from tablerank.league.seat_rows import Players, game_fields, insert_seats, packed, players_named

__all__ = ["record_games", "store_games"]


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
        players = players_named(league, [s.player for g in games for s in g.seats])
        try:
            with transaction.atomic():  # the live-id index refuses an id the league has
                _insert_games(league, games, by, status, first, players)
        except IntegrityError:
            taken = _live_pks(league, ids)
            clash = next((game_id for game_id in ids if game_id in taken), None)
            if clash is None:
                raise
            raise DuplicateRecord(league.slug, clash) from None
        pks = _live_pks(league, ids)
        insert_seats(games, pks, players)
        if status == RecordStatus.CONFIRMED:
            refresh_changed(
                league,
                [((game.date, first + offset), game, True) for offset, game in enumerate(games)],
            )
        return len(games)


def _insert_games(
    league: League,
    games: Sequence[Game],
    by: User,
    status: RecordStatus,
    first: int,
    players: Players,
) -> None:
    fields = list(game_fields(games[0]))
    columns = ["league", "external_id", "date", "sequence", "status", "created_by", "created_at"]
    columns += ["void_reason", "seat_columns", *fields]
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
            packed(g, players),
            *game_fields(g).values(),
        )
        for n, g in enumerate(games)
    ]
    insert_rows(GameRecord, columns, rows)


def _live_pks(league: League, ids: Sequence[str]) -> dict[str, int]:
    """The pks of the league's live games of these ids."""
    external_id, status = column(GameRecord, "external_id"), column(GameRecord, "status")
    sql = (
        f"SELECT {external_id}, id FROM {table(GameRecord)} "
        f"WHERE {column(GameRecord, 'league')} = %s AND {status} <> %s AND {external_id} IN {{in}}"
    )
    return dict(select_in(sql, [league.pk, RecordStatus.VOIDED.value], ids))
