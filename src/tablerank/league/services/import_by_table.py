"""Importing files of games by table (`engine.table_groups.TablesInOrder`, as
`formats.table_shapes` reads them) without building a `Game` to store each one: the fast start of
`tablerank league import`.

A plain file's games share few tables (`engine.table_groups`), so what the stored rows take from a
table is worked out once per table: its fields' columns, its seats' columns but the player,
its seats packed but the player's key (`seat_columns`), and its encoded content but the id,
date and names (`same_content.PlainDigests`). Each game adds its id, date, sequence and its
players' keys. The rating takes them from their tables too (`rating_by_table`), or where it
cannot, from `Game`s built a table at a time (`formats.table_shapes.OrderGames`).

It takes the games only when the league has none of their ids (live or voided), every table is
one the league takes (`recording.check_result` of its template: a Catan sheet's errors depend
on its table alone), none gives a time of day, and they fit one transaction (`importing.CHUNK`);
otherwise it stores nothing and answers None, and the records are imported the usual way
(`importing.import_records`), which says what is wrong with each. What it stores and rates
is what the usual way stores and rates (tests/league/test_import_by_table.py).
"""

from __future__ import annotations

import struct
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Any

from django.contrib.auth.models import User
from django.db import connection
from django.utils import timezone

from tablerank.engine.table_groups import TablesInOrder
from tablerank.engine.values import Game
from tablerank.formats.collector import without_cycle_collection
from tablerank.formats.table_shapes import OrderGames
from tablerank.league.errors import DuplicateRecord
from tablerank.league.models import League, RecordStatus
from tablerank.league.ratings.rating_by_table import refresh_plain
from tablerank.league.ratings.state import Changed, refresh_changed
from tablerank.league.services import importing
from tablerank.league.services.batch import insert_game_rows
from tablerank.league.services.importing import (
    ImportSummary,
    in_chunk,
    refresh_statistics,
    stored_games,
)
from tablerank.league.services.recording import check_result, next_sequence
from tablerank.league.services.roles import Actor, require_importer
from tablerank.league.services.same_content import PlainDigests
from tablerank.league.services.table_ids import tables_refusal, tournament_addresses
from tablerank.league.store.seat_columns import PLAYER_BITS, pack_games
from tablerank.league.store.seat_rows import (
    game_values,
    insert_seat_rows,
    league_spellings,
    player_keys,
    players_named,
    seat_values,
)
from tablerank.league.store.writes_behind import WritesBehind

__all__ = ["import_plain"]


class _NotNew(Exception):
    """The league has one of the games' ids already: the usual way classifies them."""


def import_plain(
    league: League,
    order: TablesInOrder,
    by: User,
    *,
    pending: bool = False,
    acting: Actor | None = None,
    progress: Callable[[int], None] | None = None,
) -> ImportSummary | None:
    """`importing.import_records` of the games of `order`, in the files' order, where they are
    all new to the league and plainly taken (the module's doc); else None, nothing stored."""
    require_importer(league, by, acting)
    count = len(order.ids)
    if not 0 < count <= importing.CHUNK or order.timed:
        return None
    if stored_games(league, [order.ids[0], order.ids[-1]]):
        return None  # a file imported again, or an interrupted import run again: at once
    if any(check_result(league, template) for template in order.templates):
        return None
    addresses = tournament_addresses(league)
    if addresses and any(tables_refusal(game_id, addresses) for game_id in order.ids):
        return None  # the usual way rejects those games by name
    status = RecordStatus.SUBMITTED if pending else RecordStatus.CONFIRMED
    plain = _Plain(league, by, status, order)

    def store(behind: WritesBehind | None) -> None:
        if stored_games(league, order.ids):
            raise _NotNew
        for start in range(0, count, importing.BATCH):
            end = min(start + importing.BATCH, count)
            plain.store(start, end, behind)
            if progress is not None:
                progress(end - start)

    try:
        with without_cycle_collection():
            in_chunk(plain.seat_start[-1], store, plain.rate)
    except (_NotNew, DuplicateRecord):  # a concurrent import took an id (PostgreSQL)
        return None
    if count >= importing.STATISTICS_FROM:
        refresh_statistics()
    return ImportSummary(imported=list(order.ids))


_Tail = tuple[Any, ...]


@dataclass
class _Table:
    """What a table's games store alike."""

    values: tuple[Any, ...]
    """The game record's columns of the table's fields (`seat_rows.game_values`)."""
    seats: tuple[_Tail, ...]
    """Each seat's row after its game, position and player (`seat_rows.seat_values`)."""
    packed: tuple[int, ...]
    """Each seat packed with the player key 0 (`seat_columns`)."""


@dataclass
class _Plain:
    """The games of a plain order, stored a batch at a time and rated at the end."""

    league: League
    by: User
    status: RecordStatus
    order: TablesInOrder
    sequences: list[int] = field(default_factory=list)
    """Each game stored so far: its recording number."""
    spelling: dict[str, str] = field(default_factory=dict)
    """The names the league spells otherwise (`seat_rows.league_spellings`)."""
    tables: list[_Table] = field(init=False)
    seat_start: list[int] = field(init=False)
    """Each game's first seat among all the games' seats, and one past the last."""
    built: OrderGames = field(init=False)
    """The games as `Game`s, for the rating where `rating_by_table` does not take them."""
    digests: PlainDigests = field(init=False)

    def __post_init__(self) -> None:
        templates = self.order.templates
        self.tables = [_table(template) for template in templates]
        self.built = OrderGames(self.order)
        self.seat_start = self.built.seat_start
        self.digests = PlainDigests(templates, self.order.names)

    def store(self, start: int, end: int, behind: WritesBehind | None) -> None:
        """Store games `start` to `end` (not included) at the end of the recording order."""
        order, count = self.order, end - start
        first = next_sequence(self.league, count) - count + 1
        low, high = self.seat_start[start], self.seat_start[end]
        numbers = order.players[low:high]
        names = order.names
        spelled = list(dict.fromkeys(map(names.__getitem__, numbers)))
        players = players_named(self.league, spelled)
        self.spelling |= league_spellings(players, spelled)
        keys = player_keys(players, spelled)
        key_of = {number: keys[names[number]] for number in dict.fromkeys(numbers)}
        ids = order.ids[start:end]
        seated = self._seated(start, end)
        pks = insert_game_rows(self.league, ids, self._game_rows(start, first, seated, key_of))
        seats = [
            (pks[game_id], position, key_of[player], *tail)
            for game_id, (players, table) in zip(ids, seated, strict=True)
            for position, (player, tail) in enumerate(zip(players, table.seats, strict=True))
        ]
        insert_seat_rows(seats, behind)
        self.sequences += range(first, first + count)

    def rate(self) -> None:
        """Refresh the rating lists for the games stored, from their tables where
        `rating_by_table` takes them, else from their `Game`s."""
        if self.status != RecordStatus.CONFIRMED or not self.sequences:
            return
        order = self.order.renamed(self.spelling)  # rated as the league spells its players
        if refresh_plain(self.league, order, self.sequences):
            return
        built = OrderGames(order) if self.spelling else self.built
        games = built.games(0, len(self.sequences))
        unrated: list[Changed] = [
            ((game.date, sequence), game, True)
            for game, sequence in zip(games, self.sequences, strict=True)
        ]
        refresh_changed(self.league, unrated, locked=True)

    def _seated(self, start: int, end: int) -> list[tuple[list[int], _Table]]:
        """Each game's players (by number) and table."""
        order, starts, tables = self.order, self.seat_start, self.tables
        players = order.players
        return [
            (players[starts[game] : starts[game + 1]], tables[order.tables[game]])
            for game in range(start, end)
        ]

    def _game_rows(
        self,
        start: int,
        first: int,
        seated: Sequence[tuple[list[int], _Table]],
        key_of: dict[int, int],
    ) -> list[tuple[Any, ...]]:
        """The records (`batch.GAME_COLUMNS`) of the games from `start` seated so (`_seated`),
        numbered from `first`."""
        order, digest = self.order, self.digests.digest
        day = connection.ops.adapt_datefield_value
        dates = [order.dates[d] for d in order.days[start : start + len(seated)]]
        stored_day = {date: day(date) for date in set(dates)}
        now = connection.ops.adapt_datetimefield_value(timezone.now())
        league_pk, state, by_pk = self.league.pk, self.status.value, self.by.pk
        rows = []
        blobs = _packed(seated, key_of)
        for offset, ((players, table), blob) in enumerate(zip(seated, blobs, strict=True)):
            game = start + offset
            game_id, date = order.ids[game], dates[offset]
            rows.append((league_pk, game_id, stored_day[date], first + offset, state, by_pk, now,
                         "", blob, digest(game_id, order.tables[game], date, players),
                         *table.values))  # fmt: skip
        return rows


def _table(template: Game) -> _Table:
    values = game_values(template)
    seats = tuple(seat_values(seat) for seat in template.seats)
    zero = {seat.player: 0 for seat in template.seats}
    packed = struct.unpack(f"<{len(template.seats)}q", pack_games([template], zero)[0])
    return _Table(values, seats, packed)


def _packed(seated: Sequence[tuple[list[int], _Table]], key_of: dict[int, int]) -> list[bytes]:
    """`seat_columns.pack` of each game's seats, with one `struct.pack` (as `pack_games`)."""
    keys = [key_of[player] for players, _ in seated for player in players]
    if max(keys, default=0) >= PLAYER_BITS:  # empty for a game with a key that does not fit
        return [_packed_one([key_of[p] for p in players], table) for players, table in seated]
    shapes = [value for _, table in seated for value in table.packed]
    blob = struct.pack(f"<{len(keys)}q", *map(int.__add__, keys, shapes))
    out, at = [], 0
    for players, _ in seated:
        out.append(blob[at : at + 8 * len(players)])
        at += 8 * len(players)
    return out


def _packed_one(keys: list[int], table: _Table) -> bytes:
    if max(keys) >= PLAYER_BITS:
        return b""
    return struct.pack(f"<{len(keys)}q", *map(int.__add__, keys, table.packed))
