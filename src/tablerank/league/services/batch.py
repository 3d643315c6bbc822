"""Storing many checked games at once: a few statements per batch instead of several per game.

`record_games` is `record_game` for a whole batch: the same checks, the same result, all or
nothing. The import service (`importing.import_records`) calls `store_games`, having checked
each game already.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from django.contrib.auth.models import User
from django.db import IntegrityError, connection, transaction
from django.utils import timezone

from tablerank.engine.records import Game
from tablerank.formats.collector import without_cycle_collection
from tablerank.league.errors import DuplicateRecord, LeagueError
from tablerank.league.models import GameRecord, League, RecordStatus
from tablerank.league.ratings.state import Changed, refresh_changed
from tablerank.league.services.recording import next_sequence, require_valid
from tablerank.league.services.same_content import game_digest
from tablerank.league.services.table_ids import tables_refusal, tournament_addresses
from tablerank.league.store.bulk import column, insert_returning, insert_rows, select_in, table
from tablerank.league.store.seat_columns import pack_games
from tablerank.league.store.seat_rows import (
    GAME_FIELDS,
    game_values,
    insert_seats,
    league_spellings,
    player_keys,
    players_named,
    respelled,
)
from tablerank.league.store.writes_behind import WritesBehind

__all__ = ["GAME_COLUMNS", "insert_game_rows", "record_games", "store_games"]


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
    addresses = tournament_addresses(league)
    for game in games:
        refusal = tables_refusal(game.id, addresses)
        if refusal is not None:
            raise LeagueError("id", refusal)
        require_valid(league, game)
    return store_games(league, games, by, status=status)


def store_games(
    league: League,
    games: Sequence[Game],
    by: User,
    *,
    status: RecordStatus = RecordStatus.CONFIRMED,
    unrated: list[Changed] | None = None,
    behind: WritesBehind | None = None,
) -> int:
    """`record_games` for games that passed `require_valid` already (the importer checks each
    one first, so that one bad sheet does not fail its batch). `unrated`: where given, the
    confirmed games' changes are added to it instead of refreshing the ratings now, for the
    caller to refresh once for several batches in the same transaction (`refresh_changed`).
    `behind` (with `unrated`): where the seats go in, once the caller starts it, while it goes
    on (`writes_behind`)."""
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
    if behind is not None and unrated is None:
        raise ValueError("games whose seats go in behind are rated by the caller: give unrated")
    with transaction.atomic(), without_cycle_collection():
        first = next_sequence(league, len(games)) - len(games) + 1
        names = list(dict.fromkeys([s.player for g in games for s in g.seats]))
        players = players_named(league, names)
        keys = player_keys(players, names)
        pks = insert_game_rows(league, ids, _game_rows(league, games, by, status, first, keys))
        if behind is None:
            insert_seats(games, pks, keys)
        if status == RecordStatus.CONFIRMED:
            spelling = league_spellings(players, names)
            rated = [respelled(g, spelling) for g in games] if spelling else games
            changed = [((g.date, first + offset), g, True) for offset, g in enumerate(rated)]
            if unrated is None:
                refresh_changed(league, changed)
            else:
                unrated += changed
    if behind is not None:  # after the savepoint: rolling back to it must not leave them queued
        insert_seats(games, pks, keys, behind)
    return len(games)


GAME_COLUMNS = ["league", "external_id", "date", "sequence", "status", "created_by",
                "created_at", "void_reason", "seat_columns", "digest", *GAME_FIELDS]  # fmt: skip
"""A game record's columns as `insert_game_rows` takes them."""


def _game_rows(
    league: League,
    games: Sequence[Game],
    by: User,
    status: RecordStatus,
    first: int,
    keys: dict[str, int],
) -> list[tuple[Any, ...]]:
    """The games' records (`GAME_COLUMNS`), numbered in the recording order from `first`."""
    day = connection.ops.adapt_datefield_value
    days = {date: day(date) for date in {g.date for g in games}}
    now = connection.ops.adapt_datetimefield_value(timezone.now())
    league_pk, state, by_pk = league.pk, status.value, by.pk
    return [
        (
            league_pk,
            g.id,
            days[g.date],
            sequence,
            state,
            by_pk,
            now,
            "",
            blob,
            game_digest(g),
            *game_values(g),
        )
        for sequence, g, blob in zip(
            range(first, first + len(games)), games, pack_games(games, keys), strict=True
        )
    ]


def insert_game_rows(
    league: League, ids: Sequence[str], rows: Sequence[tuple[Any, ...]]
) -> dict[str, int]:
    """Insert game records (`GAME_COLUMNS`; `ids`: theirs, in order); their pks by id. An id
    the league has live already is refused with `DuplicateRecord`, and nothing is inserted."""
    try:
        with transaction.atomic():  # the live-id index refuses an id the league has
            found = insert_returning(
                GameRecord, GAME_COLUMNS, rows, f"{column(GameRecord, 'external_id')}, id"
            )
            if found is None:
                insert_rows(GameRecord, GAME_COLUMNS, rows)
    except IntegrityError:
        taken = _live_pks(league, ids)
        clash = next((game_id for game_id in ids if game_id in taken), None)
        if clash is None:
            raise
        raise DuplicateRecord(league.slug, clash) from None
    return _live_pks(league, ids) if found is None else dict(found)


def _live_pks(league: League, ids: Sequence[str]) -> dict[str, int]:
    """The pks of the league's live games of these ids."""
    external_id, status = column(GameRecord, "external_id"), column(GameRecord, "status")
    sql = (
        f"SELECT {external_id}, id FROM {table(GameRecord)} "
        f"WHERE {column(GameRecord, 'league')} = %s AND NOT ({status} = %s) "
        f"AND {external_id} IN {{in}}"
    )
    return dict(select_in(sql, [league.pk, RecordStatus.VOIDED.value], ids))
