"""A name written in Unicode's composed form or not (`Zoë` as `ë`, or as `e` and a combining
diaeresis, as macOS keeps file names) is one player of a league, through every way in and every
look-up; migration 0017 composes the names a league stored before, merging a player it finds
twice where it may."""

from __future__ import annotations

import dataclasses
import importlib
from pathlib import Path

import pytest
from django.apps import apps
from django.contrib.auth.models import User

from tablerank.engine.records import Game, new_game
from tablerank.formats.reading import read_records
from tablerank.league.models import GameRecord, League, Player, PlayerChange, RatingState
from tablerank.league.queries import players_starting
from tablerank.league.services import importing, rebuild_ratings, record_game
from tablerank.league.services.same_content import game_digest
from tablerank.league.store.reading import league_player
from tests.league.test_rating_state import assert_state_is_replay

from .test_import_batches import _snapshot

pytestmark = pytest.mark.django_db

DECOMPOSED, COMPOSED = "Zoe\u0308", "Zo\u00eb"
_MIGRATION = importlib.import_module("tablerank.league.migrations.0017_names_in_composed_form")


def _game(game_id: str, zoe: str, other: str = "Ann") -> Game:
    seats = [{"player": zoe, "vp": 10, "winner": True}, {"player": other, "vp": 7},
             {"player": "Ben", "vp": 5}]  # fmt: skip
    return new_game(id=game_id, date="2026-01-01", seats=seats)


def test_every_way_in_and_every_look_up_finds_one_player(
    league: League, official: User, tmp_path: Path
) -> None:
    record_game(league, _game("g1", COMPOSED), official)
    record_game(league, _game("g2", DECOMPOSED), official)
    path = tmp_path / "zoe.jsonl"
    path.write_text(
        '{"id": "g3", "date": "2026-01-02", "seats": [{"player": "ZOE\\u0308", "vp": 10, '
        '"winner": true}, {"player": "Ann", "vp": 6}]}\n'
    )
    importing.import_records(league, read_records([path]), official)
    assert list(Player.objects.filter(league=league, name__startswith="Zo").values_list(
        "name", "key")) == [(COMPOSED, COMPOSED.casefold())]  # fmt: skip
    assert league_player(league, f" {DECOMPOSED} ").name == COMPOSED
    assert [p.name for p in players_starting(league, "zoe\u0308")] == [COMPOSED]
    assert set(RatingState.objects.filter(league=league).values_list("player", flat=True)) == {
        COMPOSED, "Ann", "Ben"}  # fmt: skip
    assert_state_is_replay(league)


def _decomposed(player: Player) -> None:
    """What a league stored before names were composed: the player, their rows, their digests."""
    Player.objects.filter(pk=player.pk).update(name=DECOMPOSED, key=DECOMPOSED.casefold())
    RatingState.objects.filter(league=player.league, player=COMPOSED).update(player=DECOMPOSED)
    for record in GameRecord.objects.filter(seats__player=player):
        game = record.to_record()
        seats = tuple(
            dataclasses.replace(s, player=DECOMPOSED) if s.player == COMPOSED else s
            for s in game.seats
        )
        digest = game_digest(dataclasses.replace(game, seats=seats))
        GameRecord.objects.filter(pk=record.pk).update(digest=digest)


def test_the_migration_composes_a_stored_name_and_keeps_the_league_as_a_replay(
    league: League, official: User, tmp_path: Path
) -> None:
    for n in range(3):
        record_game(league, _game(f"g{n}", COMPOSED), official)
    _decomposed(Player.objects.get(league=league, name=COMPOSED))
    _MIGRATION.compose_names(apps, None)
    zoe = Player.objects.get(league=league, name=COMPOSED)
    assert zoe.key == COMPOSED.casefold()
    change = PlayerChange.objects.get(league=league)
    assert (change.kind, change.name, change.into) == ("renamed", DECOMPOSED, COMPOSED)
    assert "migration 0017" in change.why
    assert_state_is_replay(league)
    again = tmp_path / "again.jsonl"
    again.write_text(
        "".join(
            f'{{"id": "g{n}", "date": "2026-01-01", "seats": [{{"player": "Zoe\\u0308", '
            '"vp": 10, "winner": true}, {"player": "Ann", "vp": 7}, {"player": "Ben", "vp": 5}]}\n'
            for n in range(3)
        )
    )
    summary = importing.import_records(league, read_records([again]), official)
    assert (summary.imported, summary.already_present, summary.rejected) == (
        [],
        ["g0", "g1", "g2"],
        [],
    )


def test_the_migration_merges_a_player_held_twice_unless_they_shared_a_table(
    league: League, official: User
) -> None:
    record_game(league, _game("g1", COMPOSED), official)
    record_game(league, _game("g2", "Dee"), official)
    dee = Player.objects.get(league=league, name="Dee")
    Player.objects.filter(pk=dee.pk).update(name=DECOMPOSED, key=DECOMPOSED.casefold())
    RatingState.objects.filter(league=league, player="Dee").update(player=DECOMPOSED)
    shared = League.objects.create(name="Shared", slug="shared")
    shared.admins.add(official)
    record_game(shared, _game("s1", COMPOSED, other="Dee"), official)
    dee_too = Player.objects.get(league=shared, name="Dee")
    Player.objects.filter(pk=dee_too.pk).update(name=DECOMPOSED, key=DECOMPOSED.casefold())
    RatingState.objects.filter(league=shared, player="Dee").update(player=DECOMPOSED)
    before = _snapshot(shared)
    _MIGRATION.compose_names(apps, None)
    names = set(Player.objects.filter(league=league).values_list("name", flat=True))
    assert names == {COMPOSED, "Ann", "Ben"}
    assert PlayerChange.objects.get(league=league).kind == "merged"
    assert_state_is_replay(league)
    assert set(Player.objects.filter(league=shared).values_list("name", flat=True)) == {
        COMPOSED, DECOMPOSED, "Ben"}  # fmt: skip
    assert _snapshot(shared) == before
    rebuild_ratings(shared)
