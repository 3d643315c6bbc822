"""Verification in the league (seed 003): submit, confirm, dispute, end to end on the database."""

from __future__ import annotations

import pytest
from django.contrib.auth.models import User

from tablerank.engine.records import Game, new_game
from tablerank.league.errors import (
    AlreadySigned,
    LeagueError,
    NotAllowed,
    NotPending,
    NotYourSeat,
)
from tablerank.league.models import Confirmation, GameRecord, League, Player, RecordStatus
from tablerank.league.services import (
    CONSOLE,
    OFFICIAL,
    add_player,
    confirm,
    confirmed_history,
    correct_game,
    dispute,
    record_game,
    submit_game,
    verification,
    void_game,
)

pytestmark = pytest.mark.django_db

NAMES = ("Ann", "Ben", "Cleo", "Dora", "Ed")


@pytest.fixture
def players(league: League) -> dict[str, Player]:
    """Ann, Ben, ... each with an account of the same name (lower case)."""
    return {
        name: add_player(league, name, by=CONSOLE, account=User.objects.create_user(name.lower()))
        for name in NAMES
    }


@pytest.fixture
def referee(league: League) -> User:
    user = User.objects.create_user("referee")
    league.officials.add(user)
    return user


@pytest.fixture
def assistant(league: League) -> User:
    user = User.objects.create_user("assistant")
    league.officials.add(user)
    return user


def user(player: Player) -> User:
    assert player.user is not None
    return player.user


def table(game_class: str, *names: str, id: str = "g1") -> Game:
    """A game of this class among these players, placed in seat order (TEAM: two sides)."""
    half = (len(names) + 1) // 2
    seats = [
        {
            "player": name,
            "place": (1 if i < half else 2) if game_class == "team" else i + 1,
            **({"team": "red" if i < half else "blue"} if game_class == "team" else {}),
        }
        for i, name in enumerate(names)
    ]
    return new_game(id=id, date="2026-03-14", seats=seats, game="Kremlin", game_class=game_class)


def status(record: GameRecord) -> str:
    record.refresh_from_db()
    return str(record.status)


# -- each rule end to end ---------------------------------------------------------------------


def test_a_two_player_result_needs_both_players(league: League, players: dict[str, Player]) -> None:
    ann, ben = players["Ann"], players["Ben"]
    record = submit_game(league, table("two", "Ann", "Ben"), user(ann))
    assert status(record) == RecordStatus.SUBMITTED
    assert verification(record).summary == "waiting for Ben to confirm"
    assert confirmed_history(league) == []
    confirm(record, ben, user(ben))
    assert record.status == RecordStatus.CONFIRMED
    assert [g.id for g in confirmed_history(league)] == ["g1"]


@pytest.mark.parametrize("game_class", ["wta", "team", "race"])
def test_multi_player_results_need_three_participants(
    league: League, players: dict[str, Player], game_class: str
) -> None:
    record = submit_game(league, table(game_class, *NAMES[:4]), user(players["Ann"]))
    confirm(record, players["Dora"], user(players["Dora"]))
    assert status(record) == RecordStatus.SUBMITTED
    assert verification(record).summary == "waiting for 1 more of Ben and Cleo to confirm"
    confirm(record, players["Ben"], user(players["Ben"]))
    assert status(record) == RecordStatus.CONFIRMED
    # All players signing is preferred: a late confirmation is still taken.
    confirm(record, players["Cleo"], user(players["Cleo"]), note="agreed")
    assert status(record) == RecordStatus.CONFIRMED
    assert Confirmation.objects.filter(game=record).count() == 4


def test_a_multi_player_result_needs_all_where_fewer_than_three_play(
    league: League, players: dict[str, Player]
) -> None:
    record = submit_game(league, table("wta", "Ann", "Ben"), user(players["Ann"]))
    assert status(record) == RecordStatus.SUBMITTED
    confirm(record, players["Ben"], user(players["Ben"]))
    assert status(record) == RecordStatus.CONFIRMED


def test_solitaire_is_confirmed_on_the_submitters_word(
    league: League, players: dict[str, Player]
) -> None:
    record = submit_game(league, table("sol", "Ann"), user(players["Ann"]))
    assert status(record) == RecordStatus.CONFIRMED
    assert [g.id for g in confirmed_history(league)] == ["g1"]


def test_an_officials_entry_needs_a_second_signature_by_default(
    league: League, players: dict[str, Player], referee: User, assistant: User
) -> None:
    first = submit_game(league, table("wta", *NAMES[:4], id="g1"), referee)
    second = submit_game(league, table("wta", *NAMES[:4], id="g2"), referee)
    assert (status(first), status(second)) == (RecordStatus.SUBMITTED, RecordStatus.SUBMITTED)
    assert verification(first).summary == (
        "waiting for a second official or one of Ann, Ben, Cleo and Dora to confirm"
    )
    confirm(first, OFFICIAL, assistant)
    confirm(second, players["Cleo"], user(players["Cleo"]))
    assert (status(first), status(second)) == (RecordStatus.CONFIRMED, RecordStatus.CONFIRMED)


def test_one_official_is_enough_where_the_league_says_so(
    league: League, players: dict[str, Player], referee: User
) -> None:
    league.one_official_is_enough = True
    league.save()
    record = submit_game(league, table("two", "Ann", "Ben"), referee)
    assert status(record) == RecordStatus.CONFIRMED


def test_an_official_who_plays_signs_their_seat_not_as_official(
    league: League, players: dict[str, Player]
) -> None:
    league.one_official_is_enough = True
    league.save()
    ann = players["Ann"]
    league.officials.add(user(ann))
    record = submit_game(league, table("two", "Ann", "Ben"), user(ann))
    assert status(record) == RecordStatus.SUBMITTED
    assert Confirmation.objects.get(game=record).player == ann


# -- who may sign -----------------------------------------------------------------------------


def test_a_player_confirms_only_their_own_seat(league: League, players: dict[str, Player]) -> None:
    record = submit_game(league, table("two", "Ann", "Ben"), user(players["Ann"]))
    with pytest.raises(NotYourSeat, match="'ann' cannot sign for Ben"):
        confirm(record, players["Ben"], user(players["Ann"]))
    with pytest.raises(NotYourSeat, match="Cleo did not play in g1"):
        confirm(record, players["Cleo"], user(players["Cleo"]))
    with pytest.raises(NotYourSeat, match="'cleo' cannot sign for Ben"):
        dispute(record, players["Ben"], user(players["Cleo"]), "not so")
    assert status(record) == RecordStatus.SUBMITTED


def test_a_seat_signs_once(league: League, players: dict[str, Player]) -> None:
    ann = players["Ann"]
    record = submit_game(league, table("wta", *NAMES[:4]), user(ann))
    with pytest.raises(AlreadySigned, match="Ann has signed g1 already"):
        confirm(record, ann, user(ann))
    with pytest.raises(AlreadySigned):
        dispute(record, ann, user(ann), "changed my mind")


def test_only_players_and_officials_submit(league: League, players: dict[str, Player]) -> None:
    stranger = User.objects.create_user("stranger")
    with pytest.raises(NotAllowed, match="'stranger' is not an admin or official or player"):
        submit_game(league, table("two", "Ann", "Ben"), stranger)
    assert GameRecord.objects.count() == 0


def test_only_officials_sign_as_official(
    league: League, players: dict[str, Player], referee: User
) -> None:
    record = submit_game(league, table("wta", *NAMES[:4]), referee)
    with pytest.raises(NotAllowed, match="'ann' is not an official of league 'bonn-koeln'"):
        confirm(record, OFFICIAL, user(players["Ann"]))
    with pytest.raises(AlreadySigned, match="official 'referee' has signed g1 already"):
        confirm(record, OFFICIAL, referee)


def test_an_official_does_not_sign_a_players_submission(
    league: League, players: dict[str, Player], referee: User
) -> None:
    record = submit_game(league, table("two", "Ann", "Ben"), user(players["Ann"]))
    with pytest.raises(NotAllowed, match="g1 was not entered by an official"):
        confirm(record, OFFICIAL, referee)


def test_an_official_does_not_dispute(
    league: League, players: dict[str, Player], referee: User
) -> None:
    record = submit_game(league, table("two", "Ann", "Ben"), user(players["Ann"]))
    with pytest.raises(NotAllowed, match="an official voids or corrects it"):
        dispute(record, OFFICIAL, referee, "wrong")


def test_an_officials_confirmation_at_a_table_they_played_is_refused(
    league: League, players: dict[str, Player], referee: User
) -> None:
    record = submit_game(league, table("wta", *NAMES[:4]), referee)
    league.officials.add(user(players["Ben"]))
    with pytest.raises(NotAllowed, match="'ben' played in g1: sign your own seat"):
        confirm(record, OFFICIAL, user(players["Ben"]))


# -- disputes ---------------------------------------------------------------------------------


def test_a_dispute_blocks_confirmation(league: League, players: dict[str, Player]) -> None:
    record = submit_game(league, table("wta", *NAMES[:4]), user(players["Ann"]))
    dispute(record, players["Dora"], user(players["Dora"]), "I had 9, not 8")
    assert record.status == RecordStatus.DISPUTED
    assert verification(record).summary == "disputed by Dora"
    with pytest.raises(NotPending, match="g1 is disputed by Dora"):
        confirm(record, players["Ben"], user(players["Ben"]))
    # Another player may add their dispute; it stays disputed.
    dispute(record, players["Cleo"], user(players["Cleo"]), "me too")
    assert status(record) == RecordStatus.DISPUTED
    assert confirmed_history(league) == []
    assert Confirmation.objects.get(player=players["Dora"]).note == "I had 9, not 8"


def test_a_dispute_needs_a_reason(league: League, players: dict[str, Player]) -> None:
    record = submit_game(league, table("two", "Ann", "Ben"), user(players["Ann"]))
    with pytest.raises(LeagueError, match="why"):
        dispute(record, players["Ben"], user(players["Ben"]), " ")


def test_a_confirmed_result_is_not_disputed_but_corrected(
    league: League, players: dict[str, Player]
) -> None:
    record = submit_game(league, table("sol", "Ann"), user(players["Ann"]))
    with pytest.raises(NotPending, match="g1 is confirmed; only a pending result"):
        dispute(record, players["Ann"], user(players["Ann"]), "oops")


def test_a_voided_result_takes_no_signatures(
    league: League, players: dict[str, Player], referee: User
) -> None:
    record = submit_game(league, table("two", "Ann", "Ben"), user(players["Ann"]))
    void_game(record, referee, "wrong table")
    with pytest.raises(NotPending, match="g1 was voided"):
        confirm(record, players["Ben"], user(players["Ben"]))
    with pytest.raises(NotPending, match="g1 is voided"):
        dispute(record, players["Ben"], user(players["Ben"]), "no")


# -- the history ------------------------------------------------------------------------------


def test_the_confirmed_history_leaves_out_pending_and_disputed_results(
    league: League, players: dict[str, Player]
) -> None:
    ann, ben = players["Ann"], players["Ben"]
    submit_game(league, table("two", "Ann", "Ben", id="pending"), user(ann))
    disputed = submit_game(league, table("two", "Ann", "Ben", id="disputed"), user(ann))
    dispute(disputed, ben, user(ben), "I won")
    confirmed = submit_game(league, table("two", "Ann", "Ben", id="confirmed"), user(ann))
    confirm(confirmed, ben, user(ben))
    assert [g.id for g in confirmed_history(league)] == ["confirmed"]


def test_record_game_still_records_confirmed_results(
    league: League, players: dict[str, Player], official: User
) -> None:
    record = record_game(league, table("two", "Ann", "Ben"), official)
    assert record.status == RecordStatus.CONFIRMED
    # A late signature on an imported result is taken and never takes the confirmation back.
    confirm(record, players["Ben"], user(players["Ben"]))
    assert status(record) == RecordStatus.CONFIRMED


def test_a_result_recorded_as_submitted_is_confirmed_by_its_players(
    league: League, players: dict[str, Player], official: User
) -> None:
    record = record_game(
        league, table("two", "Ann", "Ben"), official, status=RecordStatus.SUBMITTED
    )
    confirm(record, players["Ann"], user(players["Ann"]))
    assert status(record) == RecordStatus.SUBMITTED
    confirm(record, players["Ben"], user(players["Ben"]))
    assert status(record) == RecordStatus.CONFIRMED


def test_a_corrected_disputed_result_is_signed_afresh(
    league: League, players: dict[str, Player], referee: User
) -> None:
    ann, ben = players["Ann"], players["Ben"]
    record = submit_game(league, table("two", "Ann", "Ben"), user(ann))
    dispute(record, ben, user(ben), "I won")
    fixed = new_game(
        id="g1", date=record.date, game_class="two",
        seats=[{"player": "Ben", "vp": 10, "winner": True}, {"player": "Ann", "vp": 8}],
    )  # fmt: skip
    replacement = correct_game(record, fixed, referee, "Ben won")
    assert status(replacement) == RecordStatus.SUBMITTED
    confirm(replacement, ann, user(ann))
    confirm(replacement, ben, user(ben))
    assert status(replacement) == RecordStatus.CONFIRMED
    assert [g.id for g in confirmed_history(league)] == ["g1"]
