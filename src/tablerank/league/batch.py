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
from tablerank.league import seat_columns
from tablerank.league.bulk import insert_rows, select_in
from tablerank.league.errors import DuplicateRecord, LeagueError
from tablerank.league.models import GameRecord, League, Player, RecordStatus, Seat, SourceVP
from tablerank.league.ratings import refresh_changed
from tablerank.league.recording import _game_fields, _next_sequence, require_valid

__all__ = ["record_games", "store_games"]


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
                _insert_games(league, games, by, status, first, players)
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
    league: League,
    games: Sequence[Game],
    by: User,
    status: RecordStatus,
    first: int,
    players: dict[str, int],
) -> None:
    fields = list(_game_fields(games[0]))
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
            _packed(g, players),
            *_game_fields(g).values(),
        )
        for n, g in enumerate(games)
    ]
    _insert(GameRecord, columns, rows)


def _packed(game: Game, players: dict[str, int]) -> bytes:
    """The game's seats packed (`seat_columns`), by the keys of their players' names."""
    return seat_columns.pack(
        [(players[s.player.casefold()], s.place, s.winner, s.status, s.account) for s in game.seats]
    )


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
