"""Writing games' rows in plain SQL, for one game (`recording`) or a batch (`batch`): the
league's players of the seated names, the records, their seats and the seats' VP sources, a few
statements per call whatever the number of games."""

from __future__ import annotations

import dataclasses
from collections.abc import Iterable, Mapping, Sequence
from typing import Any

from django.db import connection
from django.utils import timezone

from tablerank.engine.records import Game
from tablerank.engine.values import Account, GameClass, SeatStatus
from tablerank.engine.values import Seat as EngineSeat
from tablerank.league.models import GameRecord, League, Player, RecordStatus, Seat, SourceVP
from tablerank.league.store import seat_columns
from tablerank.league.store.bulk import (
    Rows,
    Statement,
    column,
    insert_returning,
    insert_rows,
    insert_statements,
    inserts,
    run_all,
    select_in,
    statements_in,
    table,
    unnest,
)
from tablerank.league.store.writes_behind import WritesBehind

__all__ = [
    "Players",
    "game_fields",
    "game_statement",
    "insert_game",
    "insert_seat_rows",
    "insert_seats",
    "inserted_pk",
    "league_spellings",
    "packed",
    "player_keys",
    "player_lookups",
    "players_found",
    "players_named",
    "record_row",
    "respelled",
    "seat_values",
]

Players = dict[str, tuple[int, str]]
"""The league's players by casefolded name: their pk and their spelling."""


def players_named(league: League, names: Sequence[str]) -> Players:
    """The league's players of these names by casefolded name, the missing ones created (the
    first spelling seen wins, as with `members.player_named`)."""
    first = _first_spellings(names)
    return _found(league, first, run_all(_lookups(league, first)))


def player_keys(players: Players, names: Iterable[str]) -> dict[str, int]:
    """The players' keys by their names as spelled (each name casefolded once)."""
    return {name: players[name.casefold()][0] for name in dict.fromkeys(names)}


def league_spellings(players: Players, names: Iterable[str]) -> dict[str, str]:
    """The league's spelling of each of these names that it spells otherwise (another case,
    another first spelling in the same batch): the rating state is keyed by its spelling."""
    return {
        name: spelled
        for name in dict.fromkeys(names)
        if (spelled := players[name.casefold()][1]) != name
    }


def respelled(game: Game, spelling: Mapping[str, str]) -> Game:
    """The game with its players named as the league spells them (`league_spellings`)."""
    if not any(seat.player in spelling for seat in game.seats):
        return game
    seats = tuple(
        dataclasses.replace(seat, player=spelling.get(seat.player, seat.player))
        for seat in game.seats
    )
    return dataclasses.replace(game, seats=seats)


def player_lookups(league: League, names: Sequence[str]) -> list[Statement]:
    """The statements that look up the league's players of these names, to run with others;
    `players_found` takes their rows."""
    return _lookups(league, _first_spellings(names))


def _lookups(league: League, first: dict[str, str]) -> list[Statement]:
    key, of, name = column(Player, "key"), column(Player, "league"), column(Player, "name")
    sql = f"SELECT {key}, id, {name} FROM {table(Player)} WHERE {of} = %s AND {key} IN {{in}}"
    return statements_in(sql, [league.pk], sorted(first))


def players_found(league: League, names: Sequence[str], found: Sequence[Rows]) -> Players:
    """`players_named`, from what `player_lookups` found."""
    return _found(league, _first_spellings(names), found)


def _found(league: League, first: dict[str, str], found: Sequence[Rows]) -> Players:
    """`players_found`, `first` the names' first spellings by casefolded name."""
    players = _by_key(found)
    missing = sorted(key for key in first if key not in players)
    if missing:
        # DO NOTHING: a concurrent recording may create the same player first.
        now = connection.ops.adapt_datetimefield_value(timezone.now())
        rows = [(league.pk, first[key], key, now) for key in missing]
        fields = ["league", "name", "key", "created_at"]
        created = inserts(Player, fields, rows, on_conflict=_NOTHING)
        added = {key: first[key] for key in missing}
        players |= _by_key(run_all([*created, *_lookups(league, added)])[len(created) :])
    return players


def _by_key(found: Sequence[Rows]) -> Players:
    return {key: (pk, spelled) for rows in found for key, pk, spelled in rows}


def _first_spellings(names: Sequence[str]) -> dict[str, str]:
    first: dict[str, str] = {}
    for name in dict.fromkeys(names):
        first.setdefault(name.casefold(), name)
    return first


_NOTHING = "ON CONFLICT DO NOTHING"


def packed(game: Game, players: Players) -> bytes:
    """The game's seats packed (`seat_columns`), by the keys of their players' names."""
    keys = player_keys(players, [seat.player for seat in game.seats])
    return seat_columns.pack_games([game], keys)[0]


GAME_FIELDS = ["title", "variant", "target", "group", "city", "game_class", "event", "round"]


def game_fields(game: Game) -> dict[str, Any]:
    """A `GameRecord`'s columns for the engine's game (`GAME_FIELDS`)."""
    return dict(zip(GAME_FIELDS, game_values(game), strict=True))


def game_values(game: Game) -> tuple[Any, ...]:
    """`game_fields`' values, in `GAME_FIELDS` order."""
    return (
        game.game,
        game.variant or "",
        game.target,
        game.group,
        game.city or "",
        _VALUES[game.game_class],
        game.event or "",
        game.round,
    )


_VALUES: dict[Any, str] = {
    member: member.value for kind in (GameClass, SeatStatus, Account) for member in kind
}
"""Each enum member's stored string, without the enum's attribute lookup."""


RECORD_FIELDS = [
    "league",
    "external_id",
    "date",
    "played_at",
    "sequence",
    "status",
    "created_by",
    "created_at",
    "void_reason",
    "replaces",
    "seat_columns",
    "digest",
    *GAME_FIELDS,
]
"""The fields `record_row` gives: all but the pk and who voided it, when and why."""


def record_row(record: GameRecord) -> tuple[Any, ...]:
    """An unsaved record's values of `RECORD_FIELDS`, adapted for the database."""
    day, moment = connection.ops.adapt_datefield_value, connection.ops.adapt_datetimefield_value
    return (
        record.league_id,
        record.external_id,
        day(record.date),
        moment(record.played_at),
        record.sequence,
        RecordStatus(record.status).value,
        record.created_by_id,
        moment(record.created_at),
        record.void_reason,
        record.replaces_id,
        record.seat_columns,
        record.digest,
        *(getattr(record, name) for name in GAME_FIELDS),
    )


def insert_game(record: GameRecord, game: Game, players: Players) -> int | None:
    """Insert an unsaved record of `game`, its seats and their VP sources; the record's pk, or
    None where a live record of the league has the game's id (the live-id index; nothing is
    written then). One statement on PostgreSQL (`game_statement`)."""
    one = game_statement(record, game, players)
    if one is not None:
        return inserted_pk(run_all([one])[0])
    found = run_all(_record_insert(record))[0]
    if found:
        keys = player_keys(players, [seat.player for seat in game.seats])
        insert_seats([game], {game.id: found[0][0]}, keys)
    return inserted_pk(found)


def game_statement(record: GameRecord, game: Game, players: Players) -> Statement | None:
    """`insert_game` as one statement returning the pk (`inserted_pk`), to run with others; on
    PostgreSQL only (None elsewhere: SQLite takes the seats after the record's pk)."""
    if connection.vendor != "postgresql":
        return None
    return _with_seats(_record_insert(record)[0], game, players)


def inserted_pk(found: Rows) -> int | None:
    """The pk `game_statement` returned, or None where the live-id index refused the record."""
    return int(found[0][0]) if found else None


def _record_insert(record: GameRecord) -> list[Statement]:
    status = column(GameRecord, "status")
    live = (
        f"ON CONFLICT ({column(GameRecord, 'league')}, {column(GameRecord, 'external_id')}) "
        f"WHERE NOT ({status} = '{RecordStatus.VOIDED.value}') DO NOTHING RETURNING id"
    )
    return insert_statements(GameRecord, RECORD_FIELDS, [record_row(record)], on_conflict=live)


_SEAT_FIELDS = ["game", "position", "player", "vp", "winner", "place", "team", "status", "account"]


def _with_seats(record: Statement, game: Game, players: Players) -> Statement:
    """The record's INSERT with its seats' and sources' (PostgreSQL): one statement of
    data-modifying WITH queries, which insert no seat where the record is refused."""
    sql, params = record
    keys = player_keys(players, [seat.player for seat in game.seats])
    seats, seat_params = unnest(
        Seat, _SEAT_FIELDS[1:], [row[1:] for row in _seats([game], [0], keys)]
    )
    names = ", ".join(column(Seat, name) for name in _SEAT_FIELDS)
    position = column(Seat, "position")
    parts = [
        f"g AS ({sql})",
        f"s AS (INSERT INTO {table(Seat)} ({names}) SELECT g.id, v.* FROM g, {seats} AS v "
        f"RETURNING id, {position})",
    ]
    params = [*params, *seat_params]
    sources = [
        (n, source, vp) for n, seat in enumerate(game.seats) for source, vp in seat.sources.items()
    ]
    if sources:
        # The seat's position stands in the seat column's place until the seat's id is known.
        rows, source_params = unnest(SourceVP, ["seat", "source", "vp"], sources)
        into = ", ".join(column(SourceVP, name) for name in ["seat", "source", "vp"])
        parts.append(
            f"x AS (INSERT INTO {table(SourceVP)} ({into}) SELECT s.id, v.source, v.vp FROM s "
            f"JOIN {rows} AS v (position, source, vp) ON s.{position} = v.position)"
        )
        params += source_params
    return "WITH " + ", ".join(parts) + " SELECT id FROM g", params


def _seats(
    games: Sequence[Game], pks: Sequence[int], keys: Mapping[str, int]
) -> list[tuple[Any, ...]]:
    """The games' seat rows (`_SEAT_FIELDS`), `pks` the games' pks in order."""
    values = _VALUES
    return [
        (pk, n, keys[seat.player], seat.vp, seat.winner, seat.place, seat.team or "",
         values[seat.status], values[seat.account])
        for g, pk in zip(games, pks, strict=True)
        for n, seat in enumerate(g.seats)
    ]  # fmt: skip


def seat_values(seat: EngineSeat) -> tuple[Any, ...]:
    """A seat's row (`SEAT_FIELDS`) after its game, position and player: VP, winner, place,
    team, status and account as stored."""
    values = _VALUES
    return (seat.vp, seat.winner, seat.place, seat.team or "", values[seat.status],
            values[seat.account])  # fmt: skip


def insert_seat_rows(rows: Sequence[tuple[Any, ...]], behind: WritesBehind | None = None) -> None:
    """Insert seat rows (`SEAT_FIELDS`) of seats without VP sources, behind where given."""
    if behind is None:
        insert_rows(Seat, _SEAT_FIELDS, rows)
    else:
        behind.insert(Seat, _SEAT_FIELDS, rows)


def insert_seats(
    games: Sequence[Game],
    pks: dict[str, int],
    keys: Mapping[str, int],
    behind: WritesBehind | None = None,
) -> None:
    """The seats of these stored games (`pks`: each game's pk by its id; `keys`: the players'
    keys by their names as spelled, `player_keys`) and their VP sources; `behind`: where the
    seats of games without sources may go in while the caller goes on."""
    rows = _seats(games, [pks[g.id] for g in games], keys)
    with_sources = [g for g in games if any(seat.sources for seat in g.seats)]
    if not with_sources:
        insert_seat_rows(rows, behind)
        return
    if behind is not None:
        behind.wait()  # the queued seats first: seats are numbered in the order of the games
    game, position = column(Seat, "game"), column(Seat, "position")
    found = insert_returning(Seat, _SEAT_FIELDS, rows, f"{game}, {position}, id")
    if found is None:
        insert_rows(Seat, _SEAT_FIELDS, rows)
        sql = f"SELECT {game}, {position}, id FROM {table(Seat)} WHERE {game} IN {{in}}"
        found = select_in(sql, [], [pks[g.id] for g in with_sources])
    seat_pks = {(game_pk, place): pk for game_pk, place, pk in found}
    sources = [
        (seat_pks[pks[g.id], n], source, vp)
        for g in with_sources
        for n, seat in enumerate(g.seats)
        for source, vp in seat.sources.items()
    ]
    insert_rows(SourceVP, ["seat", "source", "vp"], sources)
