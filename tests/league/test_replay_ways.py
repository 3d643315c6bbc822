"""The league's replays of cow.elo and area read compact tables (`played_tables`) and go through
the compiled loop or the memoised replay; any other order-dependent system goes through the
engine, to the same state."""

from __future__ import annotations

import dataclasses
import gc
import importlib
from collections.abc import Callable
from typing import Any

import numpy as np
import pytest
from django.apps import apps
from django.contrib.auth.models import User

from tablerank.engine import loading
from tablerank.engine.records import Game, game_from_dict
from tablerank.engine.systems import get_system
from tablerank.engine.systems.base import ReplaySystem
from tablerank.engine.systems.compiled import replay as compiled_replay_module
from tablerank.engine.systems.compiled.columns import columns_of
from tablerank.engine.systems.tables import table_of
from tablerank.league.models import (
    GameRecord,
    League,
    RatingCheckpoint,
    RatingState,
    RatingWatermark,
)
from tablerank.league.queries import history as history_module
from tablerank.league.queries import player_history
from tablerank.league.ratings import (
    before_game,
    checkpoints,
    compiled_pools,
    compiled_walk,
    pool_updates,
)
from tablerank.league.services import kept_systems, rebuild_ratings, record_games, void_game
from tablerank.league.store import played_columns as played_columns_module
from tablerank.league.store.played import played_games, played_tables
from tablerank.league.store.played_columns import played_columns
from tests.league.test_models import GAMES

pytestmark = pytest.mark.django_db


def _state(league: League) -> dict[str, Any]:
    """Every stored row, watermark and checkpoint of cow.elo and area."""
    systems = ("cow.elo", "area")
    rows = RatingState.objects.filter(league=league, system__in=systems)
    marks = RatingWatermark.objects.filter(league=league, system__in=systems)
    points = RatingCheckpoint.objects.filter(league=league, system__in=systems)
    return {
        "rows": sorted(rows.values_list("system", "list_key", "player", "rating", "games")),
        "marks": sorted(marks.values_list("system", "list_key", "date", "sequence", "games")),
        "checkpoints": sorted(
            (s, k, d, q, g, checkpoints.Replay.from_blob(bytes(b), (d, q), g).ratings)
            for s, k, d, q, g, b in points.values_list(
                "system", "list_key", "date", "sequence", "games", "state"
            )
        ),
    }


@pytest.fixture
def history(league: League, official: User, season: list[Game]) -> League:
    special = [game_from_dict(GAMES[name]) for name in GAMES]
    record_games(league, [*season, *special], official)
    return league


def test_the_tables_read_are_the_played_games(history: League) -> None:
    games = list(played_games(history.pk))
    tables = list(played_tables(history.pk))
    assert tables == [(at, table_of(game)) for at, _, game in games]
    middle = games[len(games) // 2][0]
    assert list(played_tables(history.pk, after=middle)) == [
        (at, table_of(game)) for at, _, game in played_games(history.pk, after=middle)
    ]
    assert list(played_tables(history.pk, before=middle)) == [
        (at, table_of(game)) for at, _, game in played_games(history.pk, before=middle)
    ]


@pytest.mark.parametrize("without", ["compiled", "wide_tables", "memoised"])
def test_the_engine_and_the_memoised_replay_replay_to_the_same_state(
    history: League, monkeypatch: pytest.MonkeyPatch, without: str
) -> None:
    """Without the compiled replays (or where a rating difference is beyond their tables: they
    give up before writing anything) the lists replay through the memoised replays; without those,
    through the engine: to the same rows, watermarks and checkpoints."""
    monkeypatch.setattr(checkpoints, "EVERY", 3)
    rebuild_ratings(history)
    compiled = _state(history)
    assert compiled["checkpoints"]
    through_tables, calls = pool_updates._replay_tables, []

    def counted(*args: Any) -> None:
        calls.append(args)
        through_tables(*args)

    monkeypatch.setattr(pool_updates, "_replay_tables", counted)
    if without == "wide_tables":
        monkeypatch.setattr(compiled_replay_module, "WIDEST", 0)
        monkeypatch.setattr(compiled_replay_module, "_replays", {})
    else:
        monkeypatch.setattr(compiled_pools, "compiled_replay", lambda system: None)
    if without == "memoised":
        monkeypatch.setattr(pool_updates, "table_replay", lambda system: None)
    rebuild_ratings(history)
    assert bool(calls) == (without != "memoised")
    assert _state(history) == compiled


@pytest.mark.parametrize("compiled_from", [loading.COMPILED_REPLAY, 0])
def test_a_small_change_in_the_past_loads_the_compiled_loops_only_where_worth_it(
    history: League, official: User, monkeypatch: pytest.MonkeyPatch, compiled_from: int
) -> None:
    """In a process that has not loaded numba, a void in a small league replays through the
    memoised replay (loading numba would hold the league's write lock for most of a second); from
    `COMPILED_REPLAY` games to replay on, through the compiled replays. Both to the state a
    rebuild gives."""
    monkeypatch.setattr(checkpoints, "EVERY", 3)
    rebuild_ratings(history)
    monkeypatch.setattr(loading, "COMPILED_LOOPS", "a module no test has loaded")
    monkeypatch.setattr(loading, "COMPILED_REPLAY", compiled_from)
    through_arrays, calls = compiled_pools.replay, []

    def counted(*args: Any) -> bool:
        calls.append(args)
        return through_arrays(*args)

    monkeypatch.setattr(compiled_pools, "replay", counted)
    confirmed = GameRecord.objects.filter(league=history, status="confirmed", title="catan")
    middle = confirmed.order_by("date", "sequence")[confirmed.count() // 2]
    void_game(middle, official, "entered twice")
    assert bool(calls) == (compiled_from == 0)
    replayed = _state(history)
    rebuild_ratings(history)
    assert _state(history) == replayed


def _taken(monkeypatch: pytest.MonkeyPatch, module: object, name: str) -> list[bool]:
    """Wrap `module.name`: whether each call returned something (took the way) is appended to
    the list returned."""
    taken: list[bool] = []
    original = getattr(module, name)

    def counted(*args: Any) -> Any:
        found = original(*args)
        taken.append(found is not None)
        return found

    monkeypatch.setattr(module, name, counted)
    return taken


def _the_same_three_ways(
    monkeypatch: pytest.MonkeyPatch, read: Callable[[], list[Any]], taken: list[bool], home: object
) -> list[Any]:
    """`read` finds the same through the memoised replay, compiled (`taken` records that way's
    calls: none below `before_game.FEW` games, every one above) and through the engine (the
    memoised replay taken away from `home`, the module that looks it up). Returns what it found."""
    monkeypatch.setattr(loading, "worth_compiling", lambda games: False)
    memoised = read()
    assert not taken
    monkeypatch.setattr(loading, "worth_compiling", lambda games: True)
    assert read() == memoised
    assert not taken  # numba loaded, but fewer than `FEW` games to replay
    monkeypatch.setattr(before_game, "FEW", 0)
    assert read() == memoised
    assert taken
    assert all(taken)
    with monkeypatch.context() as narrow:  # a rating difference beyond the loops' tables
        narrow.setattr(compiled_replay_module, "WIDEST", 0)
        narrow.setattr(compiled_replay_module, "_replays", {})
        taken.clear()
        assert read() == memoised
        assert taken
        assert all(taken)  # the walks were made, then gave way to the memoised replay
    monkeypatch.setattr(loading, "worth_compiling", lambda games: False)
    monkeypatch.setattr(home, "table_replay", lambda system: None)
    assert read() == memoised
    return memoised


def test_ratings_before_each_game_are_the_same_compiled_memoised_and_through_the_engine(
    history: League, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(checkpoints, "EVERY", 3)
    rebuild_ratings(history)
    kept = kept_systems(history)
    games = list(played_games(history.pk))

    def befores() -> list[list[tuple[str, str]]]:
        return [
            sorted(
                (player, repr(float(rating)))
                for player, rating in before_game.lists_before(
                    history, [(name, system, system.list_key(game))], at
                )[0].items()
            )
            for name, system in ((n, kept[n]) for n in ("cow.elo", "area"))
            for at, _, game in games
            if system.refusal(game) is None
        ]

    compiled = _taken(monkeypatch, compiled_walk, "walks")
    memoised = _the_same_three_ways(monkeypatch, befores, compiled, before_game)
    assert len(memoised) > len(games)


def test_histories_are_the_same_walked_compiled_memoised_and_through_the_engine(
    history: League, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A player's history in cow.elo and area, whole and its latest games: walked through the
    compiled replays (`compiled_walk`), through the memoised replay from each checkpoint, and
    through the engine (the compiled replays' whole ratings are floats, the engine's may be ints:
    the same numbers, which every door prints alike)."""
    monkeypatch.setattr(checkpoints, "EVERY", 3)
    rebuild_ratings(history)
    players = sorted(
        {seat.player for _, _, game in played_games(history.pk) for seat in game.seats}
    )

    def histories() -> list[Any]:
        return [
            [
                (e.game, repr(float(e.before)), repr(float(e.after)), e.games, e.explanation)
                for e in player_history(history, player, name, last=last)
            ]
            for name in ("cow.elo", "area")
            for player in players
            for last in (None, 2)
        ]

    walked = _taken(monkeypatch, compiled_walk, "walks")
    memoised = _the_same_three_ways(monkeypatch, histories, walked, history_module)
    assert sum(map(len, memoised)) > len(players)


@pytest.mark.parametrize(("few", "packed"), [(32, True), (0, True), (32, False), (0, False)])
def test_the_columns_read_are_the_played_tables(
    history: League, monkeypatch: pytest.MonkeyPatch, few: int, packed: bool
) -> None:
    """Whether the database numbers the games' titles (a few) or the reading does (many), and
    whether the seats are read packed with their games or (stored before that) one by one."""
    monkeypatch.setattr(played_columns_module, "_FEW", few)
    if not packed:
        GameRecord.objects.filter(pk=GameRecord.objects.order_by("pk")[0].pk).update(
            seat_columns=b""
        )
    games = list(played_tables(history.pk))
    middle = games[len(games) // 2][0]
    for after, tables in ((None, games), (middle, [t for t in games if t[0] > middle])):
        played = played_columns(history.pk, after=after)
        assert played is not None
        expected = columns_of([table for _, table in tables], dict(played.ids))
        for field in dataclasses.fields(expected):
            got, want = getattr(played.columns, field.name), getattr(expected, field.name)
            assert got.tolist() == want.tolist(), field.name
        assert [played.point(i) for i in range(len(tables))] == [at for at, _ in tables]
        assert [played.lists[k] for k in played.in_lists] == [t[:2] for _, t in tables]
        assert played.after(middle) == sum(at <= middle for at, _ in tables)


def test_the_migration_packs_the_seats_of_games_stored_before_it(
    history: League, monkeypatch: pytest.MonkeyPatch
) -> None:
    stored = dict(GameRecord.objects.values_list("pk", "seat_columns"))
    assert all(stored.values())
    GameRecord.objects.update(seat_columns=b"")
    migration = importlib.import_module("tablerank.league.migrations.0010_game_seat_columns")
    monkeypatch.setattr(migration, "CHUNK", 3)
    migration.pack_every_game(apps, None)
    assert dict(GameRecord.objects.values_list("pk", "seat_columns")) == {
        pk: bytes(seats) for pk, seats in stored.items()
    }


@pytest.mark.parametrize("largest", [40, 10**9])
def test_players_are_numbered_by_their_keys_place_whether_dense_or_sparse(largest: int) -> None:
    keys = np.array([3, 7, largest], dtype=np.int64)
    seats = np.array([largest, 3, 7, 3], dtype=np.int64)
    assert played_columns_module._numbers(keys, seats).tolist() == [2, 0, 1, 0]


@pytest.mark.parametrize("batch", [7, 1000])
def test_batches_appended_through_the_compiled_replays_are_stored_as_through_the_engine(
    official: User, season: list[Game], monkeypatch: pytest.MonkeyPatch, batch: int
) -> None:
    """An import's batch after the watermark goes through the compiled replays: the same rows,
    watermarks and checkpoints (one at each game that makes a list's count a multiple of
    `EVERY` where one falls due, however many a batch holds) as one game at a time through the
    memoised replay or the engine; and each checkpoint equals a replay of its list's games up to
    it."""
    games = [*season, *(game_from_dict(GAMES[name]) for name in GAMES)]
    monkeypatch.setattr(checkpoints, "EVERY", 3)
    appended, compiled_append = [], compiled_pools.append

    def counted(*args: Any) -> int | None:
        count = compiled_append(*args)
        appended.append(count is not None)
        return count

    monkeypatch.setattr(compiled_pools, "append", counted)

    def imported(slug: str, compiled_from: int) -> dict[str, Any]:
        monkeypatch.setattr(pool_updates, "COMPILED_APPEND", compiled_from)
        league = League.objects.create(name=slug, slug=slug)
        for first in range(0, len(games), batch):
            record_games(league, games[first : first + batch], official)
        return _state(league)

    through_engine = imported("engine", 10**9)
    assert not appended
    compiled = imported("compiled", 0)
    assert appended
    assert all(appended)
    assert compiled["checkpoints"]
    assert compiled == through_engine
    in_play_order = sorted(games, key=lambda game: game.date)  # then as recorded
    for name, key, *_ in compiled["marks"]:
        system = get_system(name)
        assert isinstance(system, ReplaySystem)
        listed = [
            game
            for game in in_play_order
            if system.refusal(game) is None and system.list_key(game) == key
        ]
        mine = [point for point in compiled["checkpoints"] if point[:2] == (name, key)]
        due = [
            count
            for count in range(3, len(listed) + 1, 3)
            if checkpoints.falls_due(count, len(system.totals(listed[:count]).ratings))
        ]
        assert [point[4] for point in mine] == due
        for point in mine:
            assert point[5] == system.totals(listed[: point[4]]).ratings


@pytest.mark.usefixtures("collector_on")
def test_reading_the_columns_pauses_the_cycle_collector_and_turns_it_back_on(
    history: League, monkeypatch: pytest.MonkeyPatch
) -> None:
    seen: list[bool] = []
    players = played_columns_module._players

    def counted(league_id: int) -> Any:
        seen.append(gc.isenabled())
        return players(league_id)

    monkeypatch.setattr(played_columns_module, "_players", counted)
    assert played_columns(history.pk) is not None
    assert seen == [False]
    assert gc.isenabled()
