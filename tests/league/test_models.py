from __future__ import annotations

import datetime as dt
from typing import Any

import pytest
from django.contrib.auth.models import User
from django.core.exceptions import ValidationError
from django.db import IntegrityError

from tablerank.engine.records import Account, Game, game_from_dict, new_event
from tablerank.league.errors import AppendOnly
from tablerank.league.models import AccountPeriod, GameRecord, League, Player, Seat
from tablerank.league.services import record_event, record_game

pytestmark = pytest.mark.django_db


def stored(league: League, game: Game, by: User) -> Game:
    record = record_game(league, game, by)
    return GameRecord.objects.get(pk=record.pk).to_record()


GAMES: dict[str, dict[str, Any]] = {
    "sources, free account, city, event and round": {
        "id": "s1", "date": "2026-03-14", "variant": "seafarers", "target": 12, "group": "sea",
        "city": "Bonn", "event": "spring-open", "round": 2,
        "seats": [
            {"player": "Ann", "winner": True,
             "sources": {"settlements": 2, "cities": 6, "longest_trade_route": 2,
                         "island_settlements": 2}},
            {"player": "Ben", "account": "free", "sources": {"settlements": 3, "cities": 4}},
            {"player": "Cleo", "vp": 7},
        ],
    },
    "abandoned and substitute seats": {
        "id": "s2", "date": "2026-03-15",
        "seats": [
            {"player": "Ann", "vp": 10, "winner": True},
            {"player": "Ben", "vp": 4, "status": "abandoned"},
            {"player": "Dora", "vp": 6, "status": "substitute"},
            {"player": "Cleo", "vp": 6},
        ],
    },
    "team game of another title with given places": {
        "id": "s3", "date": "2026-03-16", "game": "Kremlin", "class": "team",
        "seats": [
            {"player": "Ann", "place": 1, "team": "red"},
            {"player": "Ben", "place": 1, "team": "red"},
            {"player": "Cleo", "place": 2, "team": "blue"},
            {"player": "Dora", "place": 2, "team": "blue"},
        ],
    },
    "winner only, fractional VP and a draw": {
        "id": "s4", "date": "2026-03-17", "game": "B-17", "class": "race",
        "seats": [{"player": "Ann", "vp": 2.5}, {"player": "Ben", "vp": 2.5},
                  {"player": "Cleo", "vp": 1}],
    },
}  # fmt: skip


@pytest.mark.parametrize("raw", GAMES.values(), ids=GAMES.keys())
def test_a_recorded_game_reads_back_equal_to_the_original(
    league: League, official: User, raw: dict[str, Any]
) -> None:
    game = game_from_dict(raw)
    assert stored(league, game, official) == game


def test_every_game_of_the_sample_season_survives_the_round_trip(
    league: League, official: User, season: list[Game]
) -> None:
    for game in season:
        assert stored(league, game, official) == game


def test_an_event_reads_back_equal_to_the_original(league: League, official: User) -> None:
    event = new_event(
        id="ev1",
        date="2026-04-01",
        rounds=4,
        format="round-robin",
        standings=[
            {"player": "Ann", "place": 1, "wins": 3, "draws": 1, "losses": 0},
            {"player": "Ben", "place": 2, "wins": 2, "draws": 0, "losses": 1, "completed": False},
        ],
    )
    record = record_event(league, event, official)
    assert record.to_record() == event


def test_unknown_players_are_created_when_a_game_is_recorded(
    league: League, official: User
) -> None:
    Player.objects.create(league=league, name="Ann")
    game = game_from_dict(GAMES["abandoned and substitute seats"])
    record_game(league, game, official)
    assert sorted(Player.objects.filter(league=league).values_list("name", flat=True)) == [
        "Ann", "Ben", "Cleo", "Dora",
    ]  # fmt: skip


def test_a_seat_joins_the_player_of_the_same_name_in_any_case(
    league: League, official: User
) -> None:
    Player.objects.create(league=league, name="Ann")
    game = game_from_dict(
        {"id": "c1", "date": "2026-03-14", "seats": [{"player": "ANN", "vp": 10, "winner": True},
                                                      {"player": "ben", "vp": 8}]}
    )  # fmt: skip
    back = stored(league, game, official)
    assert Player.objects.filter(league=league).count() == 2
    assert [s.player for s in back.seats] == ["Ann", "ben"]  # the league's spelling wins


def test_player_names_are_unique_per_league_ignoring_case(league: League) -> None:
    Player.objects.create(league=league, name="Straße")
    other = League.objects.create(name="Elsewhere", slug="elsewhere")
    Player.objects.create(league=other, name="STRASSE")  # another league may have the name
    with pytest.raises(IntegrityError):
        Player.objects.create(league=league, name="STRASSE")


def test_an_account_period_holds_until_the_next_one(league: League) -> None:
    ann = Player.objects.create(league=league, name="Ann")
    AccountPeriod.objects.create(player=ann, account="free", valid_from=dt.date(2026, 1, 1))
    AccountPeriod.objects.create(player=ann, account="premium", valid_from=dt.date(2026, 3, 1))
    assert ann.account_on(dt.date(2025, 12, 31)) is Account.PREMIUM
    assert ann.account_on(dt.date(2026, 2, 28)) is Account.FREE
    assert ann.account_on(dt.date(2026, 3, 1)) is Account.PREMIUM


def test_a_league_time_zone_must_exist() -> None:
    league = League(name="Nowhere", slug="nowhere", time_zone="Mars/Olympus")
    with pytest.raises(ValidationError, match="time zone"):
        league.full_clean()


def test_a_recorded_result_cannot_be_edited_in_place_or_deleted(
    league: League, official: User
) -> None:
    record = record_game(league, game_from_dict(GAMES["abandoned and substitute seats"]), official)
    record.city = "Köln"
    with pytest.raises(AppendOnly, match="void or correct"):
        record.save()
    with pytest.raises(AppendOnly, match="never deleted"):
        record.delete()
    assert GameRecord.objects.get(pk=record.pk).city == ""
    assert Seat.objects.filter(game=record).count() == 4


def test_the_fast_reading_of_played_games_equals_converting_each(
    league: League, official: User, season: list[Game]
) -> None:
    from tablerank.league.services import record_games
    from tablerank.league.store.played import played_games

    special = [game_from_dict(GAMES[name]) for name in GAMES]
    record_games(league, [*season, *special], official)
    rows = GameRecord.objects.filter(league=league).order_by("date", "sequence")
    fast = list(played_games(league.pk))
    assert [game for _, _, game in fast] == [row.to_record() for row in rows]
    assert [(pk, at) for at, pk, _ in fast] == [
        (pk, (day, seq)) for pk, day, seq in rows.values_list("pk", "date", "sequence")
    ]
    assert any(seat.sources for _, _, game in fast for seat in game.seats)


def test_reading_records_rebuilds_each_as_converting_it_does(
    league: League, official: User, season: list[Game]
) -> None:
    """`reading.records_of` (the lists, filtered standings, events) rebuilds stored games
    without checking them again: what each record converts to, checked."""
    from tablerank.league.services import record_games
    from tablerank.league.store.reading import records_of

    special = [game_from_dict(GAMES[name]) for name in GAMES]
    record_games(league, [*season, *special], official)
    rows = GameRecord.objects.filter(league=league).order_by("date", "sequence")
    read = records_of(rows)
    assert [game for _, game in read] == [row.to_record() for row in rows]
    assert [pk for pk, _ in read] == list(rows.values_list("pk", flat=True))
    assert any(seat.sources for _, game in read for seat in game.seats)
