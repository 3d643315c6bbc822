"""Importing a game the league has: "already present" when its content is the same, compared by
the digest every door stores with a game (`same_content.game_digest`), and by reading the game
back where it was stored before digests were kept."""

from __future__ import annotations

import dataclasses
import datetime as dt
import gc
from typing import Any

import pytest
from django.contrib.auth.models import User

from tablerank.engine.records import Game, game_from_dict
from tablerank.engine.values import Account, GameClass, SeatStatus
from tablerank.league.models import GameRecord, League
from tablerank.league.services import importing
from tablerank.league.services.importing import import_records
from tablerank.league.services.recording import correct_game, record_game, void_game
from tablerank.league.services.same_content import game_digest
from tablerank.league.store.reading import records_of

pytestmark = pytest.mark.django_db


def table(id: str = "g1", winner: str = "Ann", vp: int = 10) -> Game:
    seats = [{"player": winner, "vp": vp, "winner": True}, {"player": "Ben", "vp": 6}]
    return game_from_dict({"id": id, "date": "2026-03-14", "seats": seats})


GAME_CHANGES: dict[str, Any] = {
    "id": "g2",
    "date": dt.date(2026, 3, 15),
    "game": "catan-seafarers",
    "variant": "5-6",
    "target": 12,
    "group": "online",
    "city": "Bonn",
    "game_class": GameClass.RACE,
    "event": "Spring Open",
    "round": 2,
}
SEAT_CHANGES: dict[str, Any] = {
    "player": "Cleo",
    "place": 2,
    "vp": 9.5,
    "winner": False,
    "team": "red",
    "status": SeatStatus.SUBSTITUTE,
    "account": Account.FREE,
    "sources": {"longest_road": 2},
}


def test_every_field_of_a_game_and_its_seats_is_in_its_digest() -> None:
    game = table()
    fields = {f.name for f in dataclasses.fields(Game) if f.init} - {"seats", "time"}
    assert set(GAME_CHANGES) == fields
    seat_fields = {f.name for f in dataclasses.fields(game.seats[0])}
    assert set(SEAT_CHANGES) == seat_fields
    digests = {game_digest(game)}
    for name, value in GAME_CHANGES.items():
        digests.add(game_digest(dataclasses.replace(game, **{name: value})))
    for name, value in SEAT_CHANGES.items():
        seat = dataclasses.replace(game.seats[0], **{name: value})
        digests.add(game_digest(dataclasses.replace(game, seats=(seat, *game.seats[1:]))))
    assert len(digests) == 1 + len(GAME_CHANGES) + len(SEAT_CHANGES)


def test_a_digest_ignores_the_case_of_names_the_time_of_day_and_int_or_float_vp() -> None:
    game = table()
    shouting = dataclasses.replace(
        game, seats=tuple(dataclasses.replace(s, player=s.player.upper()) for s in game.seats)
    )
    timed = dataclasses.replace(game, time=dt.time(21, 0))
    floats = dataclasses.replace(
        game, seats=tuple(dataclasses.replace(s, vp=float(s.vp or 0)) for s in game.seats)
    )
    assert game_digest(shouting) == game_digest(timed) == game_digest(floats) == game_digest(game)


def test_every_way_of_storing_a_game_stores_the_digest_of_what_it_stored(
    league: League, official: User
) -> None:
    record_game(league, table("recorded"), official)
    import_records(league, [table("imported-1"), table("imported-2", winner="Cleo")], official)
    original = GameRecord.objects.get(external_id="recorded")
    correct_game(original, table("corrected", vp=11), official, "typo")
    stored = records_of(GameRecord.objects.filter(league=league))
    assert {game.id for _, game in stored} == {"recorded", "imported-1", "imported-2", "corrected"}
    digests = dict(GameRecord.objects.values_list("pk", "digest"))
    for pk, game in stored:
        digest = digests[pk]
        assert digest is not None
        assert bytes(digest) == game_digest(game)


@pytest.mark.parametrize("kept", [True, False], ids=["digest kept", "stored before digests"])
def test_importing_again_finds_the_same_content_present_and_other_content_rejected(
    league: League, official: User, kept: bool
) -> None:
    import_records(league, [table("g1"), table("g2"), table("voided")], official)
    void_game(GameRecord.objects.get(external_id="voided"), official, "wrong table")
    if not kept:
        GameRecord.objects.update(digest=None)
    again = import_records(
        league,
        [table("g1", winner="ANN"), table("g2", vp=11), table("voided"), table("g3")],
        official,
    )
    assert again.already_present == ["g1", "voided"]
    assert again.rejected == [("g2", "game id exists with other content; correct it instead")]
    assert again.imported == ["g3"]
    assert GameRecord.objects.filter(external_id="voided").count() == 1


def test_a_voided_game_of_other_content_is_imported_anew(league: League, official: User) -> None:
    import_records(league, [table("g1")], official)
    void_game(GameRecord.objects.get(external_id="g1"), official, "wrong table")
    again = import_records(league, [table("g1", vp=11)], official)
    assert again.imported == ["g1"]
    assert GameRecord.objects.filter(external_id="g1").count() == 2


@pytest.mark.usefixtures("collector_on")
def test_an_import_pauses_the_cycle_collector_and_turns_it_back_on(
    league: League, official: User, monkeypatch: pytest.MonkeyPatch
) -> None:
    seen: list[bool] = []
    store = importing.store_games

    def store_games(*args: Any, **kwargs: Any) -> int:
        seen.append(gc.isenabled())
        return store(*args, **kwargs)

    monkeypatch.setattr(importing, "store_games", store_games)
    assert import_records(league, [table("g1")], official).imported == ["g1"]
    assert seen == [False]
    assert gc.isenabled()

    def broken(*args: Any, **kwargs: Any) -> int:
        raise RuntimeError("disk full")

    monkeypatch.setattr(importing, "store_games", broken)
    with pytest.raises(RuntimeError, match="disk full"):
        import_records(league, [table("g2")], official)
    assert gc.isenabled()
