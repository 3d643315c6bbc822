"""Leagues: listing what the caller may see, reading, creating, changing settings."""

from __future__ import annotations

from typing import Any

import pytest
from django.contrib.auth.models import User

from tablerank.engine.records import game_from_dict
from tablerank.engine.systems import SYSTEMS
from tablerank.league.models import League
from tablerank.league.services import record_game, roles_of
from tests.api.conftest import Call, Club, game

pytestmark = pytest.mark.django_db


def slugs(answer: Any) -> list[str]:
    return [league["slug"] for league in answer.body["leagues"]]


def test_anyone_lists_the_public_leagues(club: Club, private: League, call: Call) -> None:
    assert slugs(call("GET", "/api/leagues")) == ["bonn"]
    assert slugs(call("GET", "/api/leagues", club.outsider)) == ["bonn"]


def test_members_also_list_their_private_leagues(club: Club, private: League, call: Call) -> None:
    assert slugs(call("GET", "/api/leagues", club.user("Ann"))) == ["bonn", "koeln"]
    private.officials.add(club.official)
    assert slugs(call("GET", "/api/leagues", club.official)) == ["bonn", "koeln"]


def test_a_superuser_lists_every_league(club: Club, private: League, call: Call) -> None:
    boss = User.objects.create_superuser("boss")
    assert slugs(call("GET", "/api/leagues", boss)) == ["bonn", "koeln"]


def test_a_league_reads_with_its_settings_and_the_callers_roles(club: Club, call: Call) -> None:
    answer = call("GET", "/api/leagues/bonn", club.official)
    assert answer.status == 200
    body = answer.body
    assert (body["slug"], body["name"], body["time_zone"], body["public"]) == (
        "bonn",
        "Bonn Catan",
        "Europe/Berlin",
        True,
    )
    assert body["systems"] == list(SYSTEMS)
    assert body["you"] == {"roles": ["official"], "players": []}
    assert call("GET", "/api/leagues/bonn", club.user("Ben")).body["you"] == {
        "roles": ["player"],
        "players": ["Ben"],
    }
    assert call("GET", "/api/leagues/bonn").body["you"] == {"roles": [], "players": []}


@pytest.mark.parametrize("who", ["anonymous", "outsider"])
def test_a_private_league_does_not_exist_for_outsiders(
    club: Club, private: League, call: Call, who: str
) -> None:
    user = club.outsider if who == "outsider" else None
    hidden = call("GET", "/api/leagues/koeln", user)
    missing = call("GET", "/api/leagues/nowhere", user)
    assert hidden.status == missing.status == 404
    assert hidden.body["error"]["message"] == "no league 'koeln'"
    assert missing.body["error"]["message"] == "no league 'nowhere'"
    for path in (
        "/api/leagues/koeln/players",
        "/api/leagues/koeln/players/Ann",
        "/api/leagues/koeln/games",
        "/api/leagues/koeln/standings/cow.points",
        "/api/leagues/koeln/lists/elo",
    ):
        assert call("GET", path, user).status == 404, path


def test_a_private_league_reads_for_its_members(club: Club, private: League, call: Call) -> None:
    assert call("GET", "/api/leagues/koeln", club.user("Ann")).status == 200
    assert call("GET", "/api/leagues/koeln/players", club.user("Ann")).status == 200


def test_anyone_signed_in_creates_a_league_and_becomes_its_admin(club: Club, call: Call) -> None:
    body = {"slug": "bad-godesberg", "name": "Godesberg", "time_zone": "Europe/Berlin"}
    answer = call("POST", "/api/leagues", club.outsider, body)
    assert answer.status == 201
    assert answer.body["you"]["roles"] == ["admin"]
    league = League.objects.get(slug="bad-godesberg")
    assert roles_of(league, club.outsider) == {"admin"}
    assert (league.public, league.systems) == (True, list(SYSTEMS))


def test_a_league_is_created_with_the_settings_given(club: Club, call: Call) -> None:
    body = {
        "slug": "cafe",
        "name": "Café",
        "public": False,
        "systems": ["cow.elo", "area"],
        "one_official_is_enough": True,
        "monthly_score": "total",
    }
    assert call("POST", "/api/leagues", club.outsider, body).status == 201
    league = League.objects.get(slug="cafe")
    assert (league.public, league.systems, league.one_official_is_enough) == (
        False,
        ["cow.elo", "area"],
        True,
    )
    assert league.monthly_score == "total"


def test_creating_needs_a_token(club: Club, call: Call) -> None:
    answer = call("POST", "/api/leagues", None, {"slug": "x", "name": "X"})
    assert answer.status == 401
    assert not League.objects.filter(slug="x").exists()


def test_a_taken_slug_is_a_conflict(club: Club, call: Call) -> None:
    answer = call("POST", "/api/leagues", club.outsider, {"slug": "bonn", "name": "Again"})
    assert answer.status == 409
    assert answer.body["error"]["field"] == "slug"


@pytest.mark.parametrize(
    ("field", "value"),
    [
        ("slug", "not a slug"),
        ("time_zone", "Mars/Olympus"),
        ("systems", ["cow.elo", "chess"]),
        ("monthly_score", "median"),
        ("name", ""),
    ],
)
def test_a_bad_setting_is_refused_naming_it(club: Club, call: Call, field: str, value: Any) -> None:
    body = {"slug": "new", "name": "New", field: value}
    answer = call("POST", "/api/leagues", club.outsider, body)
    assert answer.status == 422
    assert answer.body["error"]["field"] == field
    assert not League.objects.filter(name="New").exists()


def test_several_bad_settings_are_listed_together(club: Club, call: Call) -> None:
    body = {"slug": "new", "name": "New", "time_zone": "Nowhere", "systems": ["chess"]}
    answer = call("POST", "/api/leagues", club.outsider, body)
    assert answer.status == 422
    assert sorted(error["field"] for error in answer.body["errors"]) == ["systems", "time_zone"]
    assert answer.body["error"] == answer.body["errors"][0]


def test_the_admin_changes_settings(club: Club, call: Call) -> None:
    changes = {"name": "Bonn", "public": False, "time_zone": "UTC", "one_official_is_enough": True}
    answer = call("PATCH", "/api/leagues/bonn", club.admin, changes)
    assert answer.status == 200
    assert {key: answer.body[key] for key in changes} == changes
    club.league.refresh_from_db()
    assert (club.league.name, club.league.public, club.league.time_zone) == ("Bonn", False, "UTC")
    assert club.league.one_official_is_enough


def test_changing_systems_rebuilds_the_standings(club: Club, call: Call) -> None:
    record = game_from_dict(game("g1", ("Ann", 10), ("Ben", 7), ("Cleo", 5)))
    club.league.systems = ["cow.points"]
    club.league.save()
    record_game(club.league, record, club.admin)
    assert call("GET", "/api/leagues/bonn/standings/cow.elo").status == 422
    answer = call("PATCH", "/api/leagues/bonn", club.admin, {"systems": ["cow.points", "cow.elo"]})
    assert answer.status == 200
    standings = call("GET", "/api/leagues/bonn/standings/cow.elo").body["standings"]
    assert sorted(row["player"] for row in standings) == ["Ann", "Ben", "Cleo"]


@pytest.mark.parametrize("who", ["official", "player", "outsider"])
def test_only_the_admin_changes_settings(club: Club, call: Call, who: str) -> None:
    user = {"official": club.official, "player": club.user("Ann"), "outsider": club.outsider}[who]
    answer = call("PATCH", "/api/leagues/bonn", user, {"name": "Taken over"})
    assert answer.status == 403
    assert answer.body["error"]["field"] == "by"
    club.league.refresh_from_db()
    assert club.league.name == "Bonn Catan"


def test_changing_settings_needs_a_token(club: Club, call: Call) -> None:
    assert call("PATCH", "/api/leagues/bonn", None, {"name": "X"}).status == 401


def test_an_outsider_cannot_change_a_private_league_they_cannot_see(
    club: Club, private: League, call: Call
) -> None:
    assert call("PATCH", "/api/leagues/koeln", club.outsider, {"name": "X"}).status == 404


@pytest.mark.parametrize(
    ("changes", "field"),
    [
        ({"time_zone": "Atlantis"}, "time_zone"),
        ({"name": None}, "name"),
        ({"public": "maybe"}, "public"),
    ],
)
def test_a_bad_change_is_refused_naming_the_field(
    club: Club, call: Call, changes: dict[str, Any], field: str
) -> None:
    answer = call("PATCH", "/api/leagues/bonn", club.admin, changes)
    assert answer.status == 422
    assert answer.body["error"]["field"] == field
    club.league.refresh_from_db()
    assert club.league.time_zone == "Europe/Berlin"
