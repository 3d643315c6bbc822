"""Writing games' rows in plain SQL, for one game (`recording`) or a batch (`batch`): the
league's players of the seated names, the seats and their VP sources, a few statements per
call whatever the number of games."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from django.db import connection
from django.utils import timezone

from tablerank.engine.records import Game
from tablerank.league import seat_columns
from tablerank.league.bulk import insert_rows, select_in
from tablerank.league.models import League, Player, Seat, SourceVP

__all__ = ["Players", "column", "insert", "insert_seats", "packed", "players_named", "table"]

Players = dict[str, tuple[int, str]]
"""The league's players by casefolded name: their pk and their spelling."""


def players_named(league: League, names: Sequence[str]) -> Players:
    """The league's players of these names by casefolded name, the missing ones created (the
    first spelling seen wins, as with `members.player_named`)."""
    first: dict[str, str] = {}
    for name in names:
        first.setdefault(name.casefold(), name)
    keys = sorted(first)
    key, of, name = column(Player, "key"), column(Player, "league"), column(Player, "name")
    sql = f"SELECT {key}, id, {name} FROM {table(Player)} WHERE {of} = %s AND {key} IN {{in}}"

    def found() -> Players:
        return {k: (pk, spelled) for k, pk, spelled in select_in(sql, [league.pk], keys)}

    players = found()
    missing = [key for key in keys if key not in players]
    if missing:
        # DO NOTHING: a concurrent recording may create the same player first.
        now = connection.ops.adapt_datetimefield_value(timezone.now())
        rows = [(league.pk, first[key], key, now) for key in missing]
        insert(Player, ["league", "name", "key", "created_at"], rows, "ON CONFLICT DO NOTHING")
        players = found()
    return players


def packed(game: Game, players: Players) -> bytes:
    """The game's seats packed (`seat_columns`), by the keys of their players' names."""
    return seat_columns.pack(
        [
            (players[s.player.casefold()][0], s.place, s.winner, s.status, s.account)
            for s in game.seats
        ]
    )


def insert_seats(games: Sequence[Game], pks: dict[str, int], players: Players) -> None:
    """The seats of these stored games (`pks`: each game's pk by its id) and their VP sources."""
    columns = ["game", "position", "player", "vp", "winner", "place", "team", "status", "account"]
    rows = [
        (pks[g.id], n, players[seat.player.casefold()][0], seat.vp, seat.winner, seat.place,
         seat.team or "", seat.status.value, seat.account.value)
        for g in games
        for n, seat in enumerate(g.seats)
    ]  # fmt: skip
    insert(Seat, columns, rows)
    with_sources = [g for g in games if any(seat.sources for seat in g.seats)]
    if not with_sources:
        return
    game, position = column(Seat, "game"), column(Seat, "position")
    sql = f"SELECT {game}, {position}, id FROM {table(Seat)} WHERE {game} IN {{in}}"
    found = select_in(sql, [], [pks[g.id] for g in with_sources])
    seat_pks = {(game_pk, place): pk for game_pk, place, pk in found}
    sources = [
        (seat_pks[pks[g.id], n], source, vp)
        for g in with_sources
        for n, seat in enumerate(g.seats)
        for source, vp in seat.sources.items()
    ]
    insert(SourceVP, ["seat", "source", "vp"], sources)


def insert(
    model: type[Any], columns: Sequence[str], rows: Sequence[tuple[Any, ...]], on_conflict: str = ""
) -> None:
    """`insert_rows` by the model's field names."""
    names = [model._meta.get_field(c).column for c in columns]
    insert_rows(model._meta.db_table, names, rows, on_conflict=on_conflict)


def column(model: type[Any], field: str) -> str:
    return connection.ops.quote_name(model._meta.get_field(field).column)


def table(model: type[Any]) -> str:
    return connection.ops.quote_name(model._meta.db_table)
