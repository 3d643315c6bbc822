"""Players: listed and read by whoever sees the league, added by its admins and officials."""

from __future__ import annotations

import pytest
from django.contrib.auth.models import User

from tablerank.engine.records import game_from_dict
from tablerank.league.models import League, Player
from tablerank.league.services import record_game
from tests.api.conftest import PLAYERS, TABLE_GAME, Call, Club

pytestmark = pytest.mark.django_db


def test_players_are_listed_by_name(club: Club, call: Call) -> None:
    Player.objects.create(league=club.league, name="aaron")
    answer = call("GET", "/api/leagues/bonn/players")
    assert answer.status == 200
    assert [row["name"] for row in answer.body["players"]] == ["aaron", *PLAYERS]
    assert [row["has_account"] for row in answer.body["players"]] == [False] + [True] * 4


def test_a_player_reads_by_name_in_any_case(club: Club, call: Call) -> None:
    answer = call("GET", "/api/leagues/bonn/players/cLeO")
    assert answer.status == 200
    assert (answer.body["name"], answer.body["has_account"]) == ("Cleo", True)


def test_an_unknown_player_is_not_found(club: Club, call: Call) -> None:
    answer = call("GET", "/api/leagues/bonn/players/Zed")
    assert answer.status == 404
    assert answer.body["error"] == {"field": "name", "message": "league 'bonn' has no player 'Zed'"}


@pytest.mark.parametrize("who", ["admin", "official"])
def test_admins_and_officials_add_players(club: Club, call: Call, who: str) -> None:
    user = club.admin if who == "admin" else club.official
    answer = call("POST", "/api/leagues/bonn/players", user, {"name": "Eve"})
    assert answer.status == 201
    assert (answer.body["name"], answer.body["has_account"]) == ("Eve", False)
    assert Player.objects.get(league=club.league, name="Eve").user is None


def test_an_account_signs_for_a_player_only_once_its_owner_accepts(club: Club, call: Call) -> None:
    eve = User.objects.create_user("eve")
    answer = call(
        "POST", "/api/leagues/bonn/players", club.admin, {"name": "Eve", "username": "eve"}
    )
    assert answer.status == 201
    assert answer.body["has_account"] is False  # invited, not linked
    assert Player.objects.get(league=club.league, name="Eve").user is None
    waiting = call("GET", "/api/invitations", eve)
    assert waiting.status == 200
    [invitation] = waiting.body["invitations"]
    assert (invitation["league"], invitation["player"]) == ("bonn", "Eve")
    assert invitation["invited_by"] == club.admin.username
    path = f"/api/invitations/{invitation['id']}"
    assert call("POST", f"{path}/accept", club.admin).status == 404  # not the admin's to answer
    accepted = call("POST", f"{path}/accept", eve)
    assert accepted.status == 200
    assert accepted.body == {
        "id": invitation["id"],
        "league": "bonn",
        "offer": "player",
        "player": "Eve",
        "accepted": True,
    }
    assert Player.objects.get(league=club.league, name="Eve").user == eve
    assert call("POST", f"{path}/accept", eve).status == 404  # answered already
    assert call("GET", "/api/invitations", eve).body == {"invitations": []}


def test_a_declined_invitation_links_nothing(club: Club, call: Call) -> None:
    eve = User.objects.create_user("eve")
    call("POST", "/api/leagues/bonn/players", club.admin, {"name": "Eve", "username": "eve"})
    [invitation] = call("GET", "/api/invitations", eve).body["invitations"]
    declined = call("POST", f"/api/invitations/{invitation['id']}/decline", eve)
    assert declined.status == 200
    assert declined.body["accepted"] is False
    assert Player.objects.get(league=club.league, name="Eve").user is None


def test_an_account_is_at_most_one_player_of_a_league(club: Club, call: Call) -> None:
    ann = club.user("Ann")
    answer = call(
        "POST", "/api/leagues/bonn/players", club.admin, {"name": "Ann2", "username": ann.username}
    )
    assert answer.status == 422
    assert answer.body["error"]["field"] == "username"
    assert "is a player of" in answer.body["error"]["message"]
    assert not Player.objects.filter(name="Ann2").exists()


def test_an_unknown_account_is_answered_as_a_known_one(club: Club, call: Call) -> None:
    """An offer never tells who has an account (issue 39)."""
    User.objects.create_user("somebody")
    answers = [
        call("POST", "/api/leagues/bonn/players", club.admin, {"name": name, "username": user})
        for name, user in (("Eve", "nobody"), ("Fay", "somebody"))
    ]
    assert [answer.status for answer in answers] == [201, 201]
    assert [answer.body["has_account"] for answer in answers] == [False, False]
    assert not User.objects.filter(username="nobody").exists()
    assert Player.objects.filter(league=club.league, name="Eve", user=None).exists()


def test_a_name_the_league_has_in_any_case_is_a_conflict(club: Club, call: Call) -> None:
    answer = call("POST", "/api/leagues/bonn/players", club.admin, {"name": "ANN"})
    assert answer.status == 409
    assert answer.body["error"]["field"] == "name"


@pytest.mark.parametrize("name", ["", "x" * 101])
def test_a_bad_name_is_refused(club: Club, call: Call, name: str) -> None:
    answer = call("POST", "/api/leagues/bonn/players", club.admin, {"name": name})
    assert answer.status == 422
    assert answer.body["error"]["field"] == "name"


@pytest.mark.parametrize("who", ["player", "outsider"])
def test_players_and_outsiders_do_not_add_players(club: Club, call: Call, who: str) -> None:
    user = club.user("Ann") if who == "player" else club.outsider
    answer = call("POST", "/api/leagues/bonn/players", user, {"name": "Eve"})
    assert answer.status == 403
    assert not Player.objects.filter(name="Eve").exists()


def test_adding_a_player_needs_a_token(club: Club, call: Call) -> None:
    assert call("POST", "/api/leagues/bonn/players", None, {"name": "Eve"}).status == 401


def test_a_private_leagues_players_are_hidden_from_outsiders(
    club: Club, private: League, call: Call
) -> None:
    assert call("POST", "/api/leagues/koeln/players", club.outsider, {"name": "Eve"}).status == 404
    assert call("GET", "/api/leagues/koeln/players/Ann", club.outsider).status == 404
    assert call("GET", "/api/leagues/koeln/players/Ann", club.user("Ann")).status == 200


def test_players_whose_names_start_with_what_is_asked(club: Club, call: Call) -> None:
    Player.objects.create(league=club.league, name="aaron")
    Player.objects.create(league=club.league, name="Ännchen")
    found = call("GET", "/api/leagues/bonn/players", query={"q": "A"})
    assert [row["name"] for row in found.body["players"]] == ["aaron", "Ann"]
    assert found.headers["X-Total-Count"] == "2"
    umlaut = call("GET", "/api/leagues/bonn/players", query={"q": "än"})
    assert [row["name"] for row in umlaut.body["players"]] == ["Ännchen"]
    assert call("GET", "/api/leagues/bonn/players", query={"q": "%"}).body["players"] == []
    refused = call("GET", "/api/leagues/bonn/players", query={"q": "a\x00"})
    assert (refused.status, refused.body["error"]["field"]) == (422, "q")
    long = call("GET", "/api/leagues/bonn/players", query={"q": "x" * 101})
    assert long.status == 422


def test_what_is_stored_standing_in_the_way_of_a_merge_or_removal_is_a_conflict(
    club: Club, call: Call
) -> None:
    """docs/api.md's 409: a player's results or account stand in the way (`InUse`)."""
    record_game(club.league, game_from_dict(TABLE_GAME), club.admin)
    why = {"why": "one person"}
    both_played = call(
        "POST", "/api/leagues/bonn/players/Ann/merge", club.admin, {"into": "Ben", **why}
    )
    assert both_played.status == 409
    assert both_played.body["error"]["field"] == "into"
    assert "both played in game 'g1'" in both_played.body["error"]["message"]
    both_accounts = call(
        "POST", "/api/leagues/bonn/players/Dora/merge", club.admin, {"into": "Ann", **why}
    )
    assert both_accounts.status == 409
    assert "both sign with an account" in both_accounts.body["error"]["message"]
    played = call("DELETE", "/api/leagues/bonn/players/Ann?why=gone", club.admin)
    assert played.status == 409
    assert "'Ann' has results" in played.body["error"]["message"]
    with_account = call("DELETE", "/api/leagues/bonn/players/Dora?why=gone", club.admin)
    assert with_account.status == 409
    assert "signs with an account" in with_account.body["error"]["message"]
    blank = call("DELETE", "/api/leagues/bonn/players/Dora?why=", club.admin)
    assert blank.status == 422  # the request's own field, not what is stored
