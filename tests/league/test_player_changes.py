"""Fixing a league's players (issue 14): rename, merge, remove; audited, organizers only, and
the ratings always equal a replay of the history under the new names."""

from __future__ import annotations

import dataclasses

import pytest
from django.contrib.auth.models import User

from tablerank.engine import loading
from tablerank.engine.records import Game, game_from_dict
from tablerank.errors import TablerankError
from tablerank.league.errors import DuplicatePlayer, LeagueError, NotAllowed
from tablerank.league.models import (
    AccountPeriod,
    GameRecord,
    League,
    Player,
    PlayerChangeKind,
    RatingState,
    Seat,
)
from tablerank.league.ratings import checkpoints
from tablerank.league.services import (
    CONSOLE,
    add_player,
    invite_account,
    merge_players,
    player_changes,
    ratings,
    rebuild_ratings,
    record_game,
    record_games,
    remove_player,
    rename_player,
)
from tablerank.league.services.tournaments import create_tournament, register_players
from tablerank.league.store.played_columns import played_columns
from tablerank.league.store.revisions import revision_of
from tablerank.league.store.seat_columns import pack_stored
from tests.league.test_rating_state import assert_state_is_replay

pytestmark = pytest.mark.django_db


@pytest.fixture
def played(league: League, official: User, season: list[Game]) -> League:
    record_games(league, season[:40], official)
    return league


def _player(league: League, name: str) -> Player:
    return Player.objects.get(league=league, key=name.casefold())


def _names(league: League, system: str = "pages.point") -> set[str]:
    return {row.player for row in ratings(league, system).standings}


def test_a_rename_renames_every_list_and_is_kept_with_who_and_why(
    played: League, official: User
) -> None:
    ann = _player(played, "Ann")
    before = {r.player: r.rating for r in ratings(played, "pages.point").standings}
    rename_player(ann, "Anne", by=official, why="typo on the first night")
    after = {r.player: r.rating for r in ratings(played, "pages.point").standings}
    assert "Ann" not in after
    assert after["Anne"] == before["Ann"]
    assert_state_is_replay(played)
    change = player_changes(played).get()
    assert (change.kind, change.name, change.into) == (PlayerChangeKind.RENAMED, "Ann", "Anne")
    assert (change.by, change.why) == (official, "typo on the first night")


@pytest.mark.parametrize("compiled", [True, False])
@pytest.mark.parametrize(
    ("name", "new"), [("Ann", "Aaron"), ("Ann", "Zoe"), ("Kai", "kai"), ("Ben", "Mia2")]
)
def test_a_rename_leaves_every_list_as_a_rebuild_would(
    played: League, monkeypatch: pytest.MonkeyPatch, name: str, new: str, compiled: bool
) -> None:
    """A rename renames the sums' rows and replays cow.elo and A.R.E.A., which pair players in
    name order, from the player's first game (through the compiled replays or not): every list
    is then the engine's replay, with checkpoints every 2 games to replay from."""
    monkeypatch.setattr(checkpoints, "EVERY", 2)
    monkeypatch.setattr(loading, "COMPILED_REPLAY", 0 if compiled else 10**9)
    rebuild_ratings(played)
    rename_player(_player(played, name), new, by=CONSOLE, why="spelling")
    assert new in _names(played)
    assert name not in _names(played) or name.casefold() == new.casefold()
    assert_state_is_replay(played)


def test_a_rename_to_a_name_a_list_rates_already_merges_them_as_a_rebuild_would(
    played: League, official: User, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A.R.E.A. rates a solitaire game's title as "TITLE (game)": Ben, who played Kremlin,
    renamed so, is that name in A.R.E.A.'s Kremlin list from his first game on."""
    monkeypatch.setattr(checkpoints, "EVERY", 2)
    solo = [{"player": "Ann", "place": 1, "winner": True}]
    pair = [{"player": "Ben", "place": 1, "winner": True}, {"player": "Ann", "place": 2}]
    for n, (seats, day) in enumerate([(solo, "01"), (pair, "02"), (solo, "03"), (pair, "04")]):
        game = {"id": f"k{n}", "date": f"2026-03-{day}", "game": "Kremlin", "seats": seats}
        record_game(played, game_from_dict(game | ({"class": "sol"} if seats is solo else {})),
                    official)  # fmt: skip
    rebuild_ratings(played)
    kremlin = {r.player for r in ratings(played, "area", "Kremlin").standings}
    assert {"Kremlin (game)", "Ben"} <= kremlin
    rename_player(_player(played, "Ben"), "Kremlin (game)", by=CONSOLE, why="a joke")
    assert "Ben" not in {r.player for r in ratings(played, "area", "Kremlin").standings}
    assert_state_is_replay(played)


def test_a_rename_may_change_only_the_case(played: League) -> None:
    rename_player(_player(played, "Ann"), "ANN", by=CONSOLE, why="as she writes it")
    assert "ANN" in _names(played)
    assert player_changes(played).get().by is None  # the console


@pytest.mark.parametrize(
    ("name", "why", "error", "match"),
    [
        ("Ben", "same person?", DuplicatePlayer, "has a player 'Ben' already; merge"),
        ("ben", "same person?", DuplicatePlayer, "merge the two instead"),
        ("Ann", "nothing", LeagueError, "called 'Ann' already"),
        ("  ", "blank", LeagueError, "name: give the player a name"),
        ("Anne", "  ", LeagueError, "why: say why"),
        ("x" * 101, "long", TablerankError, "name: is 101 characters long"),
    ],
)
def test_a_rename_is_refused_with_a_reason(
    played: League, name: str, why: str, error: type[Exception], match: str
) -> None:
    with pytest.raises(error, match=match):
        rename_player(_player(played, "Ann"), name, by=CONSOLE, why=why)
    assert not player_changes(played).exists()
    assert "Ann" in _names(played)


def test_only_organizers_fix_players(played: League) -> None:
    stranger = User.objects.create_user("stranger")
    ann = _player(played, "Ann")
    for fix in (
        lambda: rename_player(ann, "Anne", by=stranger, why="x"),
        lambda: merge_players(ann, _player(played, "Ben"), by=stranger, why="x"),
        lambda: remove_player(ann, by=stranger, why="x"),
    ):
        with pytest.raises(NotAllowed):
            fix()
    assert not player_changes(played).exists()


def test_a_merge_moves_the_seats_and_the_ratings_follow(
    played: League, official: User, season: list[Game]
) -> None:
    kia = add_player(played, "Kia", by=official)
    kai = _player(played, "Kai")
    kia_game = next(g for g in season[40:] if "Kai" in {s.player for s in g.seats})
    spelled = kia_game.seats[[s.player for s in kia_game.seats].index("Kai")]
    typo = dataclasses.replace(
        kia_game,
        seats=tuple(
            dataclasses.replace(s, player="Kia") if s is spelled else s for s in kia_game.seats
        ),
    )
    record_games(played, [typo], official)
    assert "Kia" in _names(played)
    merge_players(kia, kai, by=official, why="one person")
    assert not Player.objects.filter(pk=kia.pk).exists()
    assert "Kia" not in _names(played)
    assert Seat.objects.filter(player=kai, game__external_id=typo.id).exists()
    assert_state_is_replay(played)
    for pk, packed in GameRecord.objects.filter(league=played).values_list("pk", "seat_columns"):
        seats = Seat.objects.filter(game_id=pk).order_by("position")
        assert bytes(packed) == pack_stored(
            seats.values_list("player_id", "place", "winner", "status", "account")
        )
    assert played_columns(played.pk) is not None
    change = player_changes(played).get()
    assert (change.kind, change.name, change.into) == (PlayerChangeKind.MERGED, "Kia", "Kai")


@pytest.mark.parametrize("compiled", [True, False])
def test_a_merge_leaves_every_list_as_a_rebuild_would(
    played: League,
    official: User,
    season: list[Game],
    monkeypatch: pytest.MonkeyPatch,
    compiled: bool,
) -> None:
    """Kai's later games recorded as "Kia": merged, the sums add up both names' rows and
    cow.elo and A.R.E.A. replay from Kia's first game (compiled or not, checkpoints every 2
    games): every list is the engine's replay."""
    monkeypatch.setattr(checkpoints, "EVERY", 2)
    monkeypatch.setattr(loading, "COMPILED_REPLAY", 0 if compiled else 10**9)
    typos = [
        dataclasses.replace(
            g, seats=tuple(dataclasses.replace(s, player="Kia") if s.player == "Kai" else s
                           for s in g.seats)
        )
        for g in season[40:] if "Kai" in {s.player for s in g.seats}
    ][:6]  # fmt: skip
    record_games(played, typos, official)
    rebuild_ratings(played)
    merge_players(_player(played, "Kia"), _player(played, "Kai"), by=official, why="one person")
    assert "Kia" not in _names(played)
    assert_state_is_replay(played)


def test_a_merge_moves_the_account_to_a_player_without_one(played: League, official: User) -> None:
    kia = add_player(played, "Kia", by=official)
    account = User.objects.create_user("kia")
    kia.user = account
    kia.save()
    AccountPeriod.objects.create(player=kia, account="free", valid_from="2026-01-01")
    merge_players(kia, _player(played, "Kai"), by=official, why="one person")
    kai = _player(played, "Kai")
    assert kai.user == account
    assert kai.accounts.get().account == "free"


def test_a_merge_is_refused_where_it_would_seat_one_person_twice(
    played: League, official: User, season: list[Game]
) -> None:
    table = season[0]
    first, second = (_player(played, s.player) for s in table.seats[:2])
    with pytest.raises(LeagueError, match=f"both played in game '{table.id}'"):
        merge_players(first, second, by=official, why="?")
    with pytest.raises(LeagueError, match="into itself"):
        merge_players(first, first, by=official, why="?")
    other = League.objects.create(name="Other", slug="other")
    with pytest.raises(LeagueError, match="not a player of league"):
        merge_players(first, Player.objects.create(league=other, name="Zed"), by=CONSOLE, why="?")
    assert not player_changes(played).exists()


def test_a_merge_is_refused_where_both_sign_with_an_account(played: League, official: User) -> None:
    kia = add_player(played, "Kia", by=official)
    kai = _player(played, "Kai")
    for player, name in ((kia, "kia"), (kai, "kai")):
        player.user = User.objects.create_user(name)
        player.save()
    with pytest.raises(LeagueError, match="both sign with an account"):
        merge_players(kia, kai, by=official, why="one person")
    assert Player.objects.filter(pk=kia.pk).exists()


def test_a_merge_is_refused_where_both_have_the_same_invitation_pending(
    played: League, official: User
) -> None:
    kia = add_player(played, "Kia", by=official)
    kai = _player(played, "Kai")
    account = User.objects.create_user("someone")
    invite_account(kia, account, by=official)
    invite_account(kai, account, by=official)
    with pytest.raises(LeagueError, match="same invitation pending"):
        merge_players(kia, kai, by=official, why="one person")


def test_a_player_who_never_played_is_removed_and_one_who_did_is_not(
    played: League, official: User
) -> None:
    ghost = add_player(played, "Ghost", by=official)
    invite_account(ghost, User.objects.create_user("ghost"), by=official)
    before = revision_of(played.pk)
    states = list(RatingState.objects.filter(league=played).order_by("pk").values())
    remove_player(ghost, by=official, why="added by mistake")
    assert not Player.objects.filter(pk=ghost.pk).exists()
    assert revision_of(played.pk) > before  # pages and caches see it gone
    assert list(RatingState.objects.filter(league=played).order_by("pk").values()) == states
    change = player_changes(played).get()
    assert (change.kind, change.name, change.into) == (PlayerChangeKind.REMOVED, "Ghost", "")
    with pytest.raises(LeagueError, match="'Ann' has results; merge"):
        remove_player(_player(played, "Ann"), by=official, why="?")
    entrant = add_player(played, "Newbie", by=official)
    cup = create_tournament(played, official, name="Cup", rounds=1)
    register_players(cup, ["Newbie"], official)
    with pytest.raises(LeagueError, match="'Newbie' is registered for a tournament; merge"):
        remove_player(entrant, by=official, why="?")
    linked = add_player(played, "Linked", by=official)
    linked.user = User.objects.create_user("linked")
    linked.save()
    with pytest.raises(LeagueError, match="unlink it first"):
        remove_player(linked, by=official, why="?")
