"""Importing files of plain games without a `Game` per game (`import_by_table.import_plain`)
stores and rates what the usual import stores and rates; where the league has one of the ids,
refuses a table, a game gives a time of day or the games do not fit one transaction, it
stores nothing and answers None."""

from __future__ import annotations

import itertools
import json
import struct
import tempfile
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any
from unittest import mock

import pytest
from django.contrib.auth.models import User
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from tablerank.engine.records import Game
from tablerank.engine.table_groups import TablesInOrder
from tablerank.formats.reading import read_records
from tablerank.formats.table_shapes import OrderGames, read_tables_in_order
from tablerank.league.errors import LeagueError
from tablerank.league.models import (
    GameRecord,
    League,
    ListMonth,
    Player,
    RecordStatus,
    Seat,
)
from tablerank.league.ratings import checkpoints, compiled_pools, rating_by_table
from tablerank.league.services import import_by_table, importing, rebuild_ratings, void_game
from tablerank.league.services.same_content import game_digest
from tablerank.league.store import seat_columns

from ..formats.test_table_shapes import played, tables, written
from .test_import_batches import _snapshot

pytestmark = pytest.mark.django_db

_slugs = itertools.count()
_GAME_COLUMNS = ("external_id", "date", "sequence", "status", "digest", "title", "variant",
                 "target", "group", "city", "game_class", "event", "round")  # fmt: skip


def _new_league(official: User) -> League:
    number = next(_slugs)
    league = League.objects.create(name=f"Plain {number}", slug=f"plain-{number}")
    league.admins.add(official)
    return league


def _stored(league: League) -> dict[str, Any]:
    """Everything the import wrote into the league, players by name."""
    names = dict(Player.objects.filter(league=league).values_list("pk", "name"))
    games = GameRecord.objects.filter(league=league).order_by("sequence")
    packed = []
    for blob in games.values_list("seat_columns", flat=True):
        values = struct.unpack(f"<{len(blob) // 8}q", bytes(blob))
        bits = seat_columns.PLAYER_BITS
        packed.append([(names.get(v % bits), v // bits) for v in values])
    seats = Seat.objects.filter(game__league=league)
    fields = ("game__external_id", "position", "player__name", "vp", "winner", "place", "team",
              "status", "account")  # fmt: skip
    return {
        "games": list(games.values_list(*_GAME_COLUMNS)),
        "packed": packed,
        "seats": sorted(seats.values_list(*fields)),
        "players": sorted(names.values()),
        "months": sorted(ListMonth.objects.filter(league=league).values_list("month", flat=True)),
        "last_sequence": League.objects.get(pk=league.pk).last_sequence,
        **_snapshot(league),
    }


def _both_ways(official: User, paths: list[Path], order: TablesInOrder, **options: Any) -> None:
    """Import the files plainly into one new league and the usual way into another: the same
    summary, rows and rating state."""
    plain, usual = _new_league(official), _new_league(official)
    summary = import_by_table.import_plain(plain, order, official, **options)
    assert summary is not None
    records = read_records(paths)
    expected = importing.import_records(usual, records, official, **options)
    assert summary.as_json("") == expected.as_json("")
    assert summary.imported == expected.imported
    assert _stored(plain) == _stored(usual)


@st.composite
def league_files(draw: st.DrawFn) -> list[str]:
    """One or two files of up to 30 games of a few tables (`test_table_shapes`: now and then
    odd in a field, or refused as a Catan sheet), on days without a time."""
    some = draw(st.lists(tables(), min_size=1, max_size=3))
    lines = []
    for number in range(draw(st.integers(1, 30))):
        game = draw(played(draw(st.sampled_from(some)), f"g{number}"))
        lines.append(json.dumps({**game, "date": game["date"][:10]}))
    cut = draw(st.integers(0, len(lines) - 1))
    parts = [lines[:cut], lines[cut:]] if cut else [lines]
    return ["".join(line + "\n" for line in part) for part in parts]


@settings(
    max_examples=60,
    deadline=None,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.function_scoped_fixture],
)
@given(files=league_files(), pending=st.booleans(), from_tables=st.booleans())
def test_table_shapes_are_stored_and_rated_as_the_usual_import_does(
    official: User, files: list[str], pending: bool, from_tables: bool
) -> None:
    """Rated from their tables (`rating_by_table`, here from one game on) or from `Game`s."""
    with tempfile.TemporaryDirectory() as name:
        paths = written(Path(name), files)
        order = read_tables_in_order(paths)
        if order is None or order.timed:
            return
        first = _new_league(official)
        if import_by_table.import_plain(first, order, official) is None:
            return  # a table the league refuses: the usual way says which game and why
        with _rated_from_tables(from_tables) as answers:
            _both_ways(official, paths, order, pending=pending)
        assert answers == ([] if pending else [from_tables])


@contextmanager
def _rated_from_tables(taken: bool) -> Iterator[list[bool]]:
    """Imports rated from their tables (`rating_by_table`) from one game on where `taken`, else
    never; the answers of `refresh_plain`."""
    answers: list[bool] = []
    real = rating_by_table.refresh_plain

    def heard(*args: Any) -> bool:
        answers.append(real(*args))
        return answers[-1]

    with (
        mock.patch.object(rating_by_table, "FROM", 1 if taken else 10**9),
        mock.patch.object(import_by_table, "refresh_plain", heard),
    ):
        yield answers


def _file(folder: Path, games: list[dict[str, Any]]) -> list[Path]:
    folder.mkdir(exist_ok=True)
    return written(folder, ["".join(json.dumps(game) + "\n" for game in games)])


def _games(count: int) -> list[dict[str, Any]]:
    """Four-player games of two tables among seven players, over three months."""
    out = []
    for n in range(count):
        players = [f"Player {(n + k * 3) % 7}" for k in range(4)]
        vps = [10, 8, 7, 5] if n % 3 else [10, 9, 6, 4]
        seats = [
            {"player": p, "vp": vp, "winner": vp == 10} for p, vp in zip(players, vps, strict=True)
        ]
        out.append({"id": f"g{n}", "date": f"2026-0{1 + n % 3}-1{n % 10}", "seats": seats})
    return out


@pytest.mark.parametrize("from_tables", [True, False])
def test_batches_many_checkpoints_and_the_progress_heard(
    official: User, tmp_path: Path, monkeypatch: pytest.MonkeyPatch, from_tables: bool
) -> None:
    """Batches of 7 games, a checkpoint every 4 games: the same as the usual way, each batch
    heard once it is stored, and the lists as a rebuild leaves them."""
    monkeypatch.setattr(importing, "BATCH", 7)
    monkeypatch.setattr(checkpoints, "EVERY", 4)
    paths = _file(tmp_path, _games(40))
    order = read_tables_in_order(paths)
    assert order is not None
    heard: list[int] = []
    league = _new_league(official)
    with _rated_from_tables(from_tables) as answers:
        summary = import_by_table.import_plain(league, order, official, progress=heard.append)
        assert summary is not None
        assert heard == [7, 7, 7, 7, 7, 5]
        assert len(summary.imported) == 40
        imported = _snapshot(league)
        rebuild_ratings(league)
        assert _snapshot(league) == imported
        _both_ways(official, paths, order)
    assert answers == [from_tables] * 2


def test_games_before_a_list_s_later_games_replay_it_from_the_first(
    official: User, tmp_path: Path
) -> None:
    """Rated from their tables into a league that holds later games: the sums add them, the
    order-dependent lists replay from the first of them, as the usual way does."""
    games = _games(30)
    later = [{**game, "id": f"late{n}", "date": "2026-05-01"} for n, game in enumerate(games)]
    leagues = _new_league(official), _new_league(official)
    for league in leagues:
        importing.import_records(league, read_records(_file(tmp_path / "later", later)), official)
    paths = _file(tmp_path, games)
    order = read_tables_in_order(paths)
    assert order is not None
    with _rated_from_tables(True) as answers:
        assert import_by_table.import_plain(leagues[0], order, official) is not None
    assert answers == [True]
    importing.import_records(leagues[1], read_records(paths), official)
    assert _stored(leagues[0]) == _stored(leagues[1])
    replayed = _snapshot(leagues[0])
    rebuild_ratings(leagues[0])
    assert _snapshot(leagues[0]) == replayed


def test_a_list_the_compiled_replays_cannot_append_is_rated_from_games(
    official: User, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Nothing of the attempt stays (its rows, a second revision): the games are rated from
    their `Game`s as the usual way rates them."""
    monkeypatch.setattr(compiled_pools, "appended", lambda *args: None)
    paths = _file(tmp_path, _games(20))
    order = read_tables_in_order(paths)
    assert order is not None
    plain, usual = _new_league(official), _new_league(official)
    with _rated_from_tables(True) as answers:
        assert import_by_table.import_plain(plain, order, official) is not None
    assert answers == [False]
    importing.import_records(usual, read_records(paths), official)
    assert _stored(plain) == _stored(usual)
    revisions = League.objects.filter(pk__in=[plain.pk, usual.pk]).values_list("revision")
    assert len(set(revisions)) == 1


def test_the_digests_are_those_of_the_games(official: User, tmp_path: Path) -> None:
    paths = _file(tmp_path, _games(12))
    order = read_tables_in_order(paths)
    assert order is not None
    league = _new_league(official)
    assert import_by_table.import_plain(league, order, official) is not None
    stored = dict(GameRecord.objects.filter(league=league).values_list("external_id", "digest"))
    games = [record for record in read_records(paths) if isinstance(record, Game)]
    assert {game.id: game_digest(game) for game in games} == {
        k: bytes(v or b"") for k, v in stored.items()
    }


def _refused(league: League, official: User, order: TablesInOrder) -> None:
    before = GameRecord.objects.filter(league=league).count()
    assert import_by_table.import_plain(league, order, official) is None
    assert GameRecord.objects.filter(league=league).count() == before


def test_an_id_the_league_has_live_or_voided_is_left_to_the_usual_way(
    official: User, tmp_path: Path
) -> None:
    games = _games(6)
    order = read_tables_in_order(_file(tmp_path, games))
    assert order is not None
    league = _new_league(official)
    importing.import_records(league, read_records(_file(tmp_path / "one", games[4:5])), official)
    _refused(league, official, order)
    void_game(GameRecord.objects.get(league=league, external_id="g4"), official, "entered twice")
    _refused(league, official, order)
    again = _new_league(official)  # the file's first id: found before the transaction begins
    importing.import_records(again, read_records(_file(tmp_path / "two", games[:1])), official)
    _refused(again, official, order)


def test_a_table_the_league_refuses_is_left_to_the_usual_way_unless_it_is_unvalidated(
    official: User, tmp_path: Path
) -> None:
    games = _games(4)
    games[2]["seats"][0]["vp"] = 9  # the winner below the target
    order = read_tables_in_order(_file(tmp_path, games))
    assert order is not None
    league = _new_league(official)
    _refused(league, official, order)
    league.unvalidated_titles = ["catan"]
    league.save()
    assert import_by_table.import_plain(league, order, official) is not None
    assert GameRecord.objects.filter(league=league).count() == 4


def test_a_time_of_day_or_more_games_than_a_transaction_takes_go_the_usual_way(
    official: User, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    games = _games(5)
    league = _new_league(official)
    timed = read_tables_in_order(
        _file(tmp_path, [*games[:4], {**games[4], "date": "2026-02-03T19:30"}])
    )
    assert timed is not None
    assert timed.timed
    _refused(league, official, timed)
    with pytest.raises(ValueError, match="time of day"):
        OrderGames(timed)  # the order keeps dates alone: the usual reading orders the day
    monkeypatch.setattr(importing, "CHUNK", 4)
    order = read_tables_in_order(_file(tmp_path / "more", games))
    assert order is not None
    assert not order.timed
    _refused(league, official, order)


def test_an_id_taken_by_a_concurrent_import_leaves_nothing_stored(
    official: User, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The look-up missed an id (as when another import stores it between the look-up and
    the insert, on PostgreSQL): the insert's clash rolls the whole import back."""
    games = _games(8)
    league = _new_league(official)
    importing.import_records(league, read_records(_file(tmp_path / "one", games[6:7])), official)
    monkeypatch.setattr(import_by_table, "stored_games", lambda league, ids: {})
    order = read_tables_in_order(_file(tmp_path, games))
    assert order is not None
    _refused(league, official, order)
    assert not Seat.objects.filter(game__league=league).exclude(game__external_id="g6").exists()


def test_pending_games_are_stored_submitted_and_not_rated(official: User, tmp_path: Path) -> None:
    order = read_tables_in_order(_file(tmp_path, _games(5)))
    assert order is not None
    league = _new_league(official)
    assert import_by_table.import_plain(league, order, official, pending=True) is not None
    statuses = set(GameRecord.objects.filter(league=league).values_list("status", flat=True))
    assert statuses == {RecordStatus.SUBMITTED}
    assert _snapshot(league)["rows"] == []


def test_only_organizers_import(official: User, tmp_path: Path) -> None:
    order = read_tables_in_order(_file(tmp_path, _games(3)))
    assert order is not None
    league = _new_league(official)
    outsider = User.objects.create_user("outsider")
    with pytest.raises(LeagueError):
        import_by_table.import_plain(league, order, outsider)
    assert not GameRecord.objects.filter(league=league).exists()


def test_seats_are_packed_as_the_usual_way_with_keys_past_32_bits_too(
    official: User, tmp_path: Path
) -> None:
    """A game with a player key of 32 bits or more keeps no packed seats (the replays read
    its seats), the others keep theirs, as `seat_columns.pack_games` packs them."""
    order = read_tables_in_order(_file(tmp_path, _games(30)))
    assert order is not None
    plain = import_by_table._Plain(_new_league(official), official, RecordStatus.CONFIRMED, order)
    games = OrderGames(order).games()
    for big in (set(), {3}, set(range(7))):
        key_of = {n: n + 1 + (seat_columns.PLAYER_BITS if n in big else 0) for n in range(7)}
        keys = {name: key_of[n] for n, name in enumerate(order.names)}
        seated = plain._seated(0, len(games))
        assert import_by_table._packed(seated, key_of) == seat_columns.pack_games(games, keys)


def test_solitaire_games_rate_their_title_as_the_usual_way_does(
    official: User, tmp_path: Path
) -> None:
    """A.R.E.A. rates a one-seat game against its title's participant, a name no seat holds."""
    games: list[dict[str, Any]] = _games(12)
    for n, title in enumerate(["Agricola", "Agricola", "Mage Knight"]):
        seat = {"player": f"Player {n}", "vp": 40 + n, "winner": n != 1}
        games.append(
            {"id": f"solo{n}", "date": f"2026-02-0{n + 1}", "game": title, "seats": [seat]}
        )
    paths = _file(tmp_path, games)
    order = read_tables_in_order(paths)
    assert order is not None
    with _rated_from_tables(True) as answers:
        _both_ways(official, paths, order)
    assert answers == [True]
    rows = _snapshot(League.objects.latest("pk"))["rows"]
    assert any(row[2] == "Agricola (game)" for row in rows)


@pytest.mark.parametrize("way", ["from tables", "from games", "the usual way"])
def test_names_spelled_otherwise_rate_the_league_s_player(
    official: User, tmp_path: Path, way: str
) -> None:
    """A name the league holds in another case, or spelled two ways in the file, is one player:
    rated under the league's spelling, as a rebuild from the stored games rates it."""
    league = _new_league(official)
    importing.import_records(league, read_records(_file(tmp_path / "first", _games(3))), official)
    games = _games(12)
    for n, game in enumerate(games):
        for seat in game["seats"]:
            seat["player"] = seat["player"].upper() if n % 2 else seat["player"].lower()
        game["id"] = f"later{n}"
    paths = _file(tmp_path, games)
    if way == "the usual way":
        importing.import_records(league, read_records(paths), official)
    else:
        order = read_tables_in_order(paths)
        assert order is not None
        with _rated_from_tables(way == "from tables") as answers:
            assert import_by_table.import_plain(league, order, official) is not None
        assert answers == [way == "from tables"]
    imported = _snapshot(league)
    names = set(Player.objects.filter(league=league).values_list("name", flat=True))
    assert names == {f"Player {n}" for n in range(7)}
    assert {row[2] for row in imported["rows"]} == names
    rebuild_ratings(league)
    assert _snapshot(league) == imported
