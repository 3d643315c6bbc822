"""Importing many results at once: a few statements per batch instead of several per game.

`record_games` is `record_game` for a whole file: the same checks, the same result, all or
nothing.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from django.contrib.auth.models import User
from django.db import connection, transaction
from django.utils import timezone

from tablerank.engine.records import Game
from tablerank.league.bulk import batched, insert_rows
from tablerank.league.errors import DuplicateRecord, LeagueError
from tablerank.league.models import GameRecord, League, Player, RecordStatus, Seat, SourceVP
from tablerank.league.ratings import refresh_changed
from tablerank.league.recording import _game_fields, _next_sequence, require_valid

__all__ = ["record_games"]


def _players_named(league: League, names: list[str]) -> dict[str, Player]:
    """The league's players of these names by casefolded name, the missing ones created (the
    first spelling seen wins, as with `player_named`)."""
    first: dict[str, str] = {}
    for name in names:
        first.setdefault(name.casefold(), name)
    keys = sorted(first)

    def found() -> dict[str, Player]:
        out: dict[str, Player] = {}
        for part in batched(keys):
            for player in Player.objects.filter(league=league, key__in=part):
                out[player.key] = player
        return out

    players = found()
    missing = [key for key in keys if key not in players]
    if missing:
        # ignore_conflicts: a concurrent recording may create the same player first.
        Player.objects.bulk_create(
            [Player(league=league, name=first[key], key=key) for key in missing],
            ignore_conflicts=True,
            batch_size=2000,
        )
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
    for game in games:
        require_valid(league, game)
    with transaction.atomic():
        live = GameRecord.objects.filter(league=league).exclude(status=RecordStatus.VOIDED)
        for part in batched(ids):
            taken = live.filter(external_id__in=part)
            clash = taken.values_list("external_id", flat=True).first()
            if clash is not None:
                raise DuplicateRecord(league.slug, clash)
        first = _next_sequence(league, len(games)) - len(games) + 1
        players = _players_named(league, [s.player for g in games for s in g.seats])
        _insert_games(league, games, by, status, first)
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


def _insert(model: type[Any], columns: Sequence[str], rows: Sequence[tuple[Any, ...]]) -> None:
    """`insert_rows` by the model's field names."""
    names = [model._meta.get_field(c).column for c in columns]
    insert_rows(model._meta.db_table, names, rows)


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
    live = GameRecord.objects.filter(league=league).exclude(status=RecordStatus.VOIDED)
    pks: dict[str, int] = {}
    for part in batched(ids):
        pks.update(live.filter(external_id__in=part).values_list("external_id", "pk"))
    return pks


def _insert_seats(games: Sequence[Game], pks: dict[str, int], players: dict[str, Player]) -> None:
    columns = ["game", "position", "player", "vp", "winner", "place", "team", "status", "account"]
    rows = [
        (pks[g.id], n, players[seat.player.casefold()].pk, seat.vp, seat.winner, seat.place,
         seat.team or "", seat.status.value, seat.account.value)
        for g in games
        for n, seat in enumerate(g.seats)
    ]  # fmt: skip
    _insert(Seat, columns, rows)
    with_sources = [g for g in games if any(seat.sources for seat in g.seats)]
    if not with_sources:
        return
    seat_pks: dict[tuple[int, int], int] = {}
    game_pks = [pks[g.id] for g in with_sources]
    for games_part in batched(game_pks):
        part = Seat.objects.filter(game_id__in=games_part)
        for pk, game_pk, position in part.values_list("pk", "game_id", "position"):
            seat_pks[game_pk, position] = pk
    sources = [
        (seat_pks[pks[g.id], n], source, vp)
        for g in with_sources
        for n, seat in enumerate(g.seats)
        for source, vp in seat.sources.items()
    ]
    _insert(SourceVP, ["seat", "source", "vp"], sources)
