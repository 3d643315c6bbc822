"""`POST /api/leagues/{slug}/games/import`: many results at once, as `league import`."""

from __future__ import annotations

from typing import Any

import pytest

from tablerank.api.imports import IMPORT_MAX
from tablerank.league.models import GameRecord, League, RecordStatus
from tests.api.conftest import Call, Club, game

URL = "/api/leagues/bonn/games/import"
OTHER_CONTENT = "game id exists with other content; correct it instead"


def duel(game_id: str, loser_vp: int = 7) -> dict[str, Any]:
    return game(game_id, ("Ann", 10), ("Ben", loser_vp))


def stored(league: League) -> dict[str, str]:
    """The league's games by id, with their status."""
    return dict(GameRecord.objects.filter(league=league).values_list("external_id", "status"))


@pytest.mark.parametrize("who", ["admin", "official"])
def test_admins_and_officials_import(club: Club, call: Call, who: str) -> None:
    user = club.admin if who == "admin" else club.official
    answer = call("POST", URL, user, {"games": [duel("g1"), duel("g2")]})
    assert answer.status == 200, answer.body
    assert answer.body == {"league": "bonn", "imported": 2, "already_present": [], "rejected": []}
    assert stored(club.league) == {"g1": "confirmed", "g2": "confirmed"}


def test_a_rerun_finds_what_is_there_and_rejects_other_content(club: Club, call: Call) -> None:
    assert call("POST", URL, club.admin, {"games": [duel("g1"), duel("g2")]}).status == 200
    again = call("POST", URL, club.admin, {"games": [duel("g1"), duel("g2", 3), duel("g3")]})
    assert again.status == 200
    assert again.body == {
        "league": "bonn",
        "imported": 1,
        "already_present": ["g1"],
        "rejected": [{"id": "g2", "reason": OTHER_CONTENT}],
    }
    assert set(stored(club.league)) == {"g1", "g2", "g3"}


def test_an_id_twice_in_one_request_is_taken_once(club: Club, call: Call) -> None:
    answer = call("POST", URL, club.admin, {"games": [duel("g1"), duel("g1"), duel("g1", 3)]})
    assert answer.status == 200
    assert answer.body == {
        "league": "bonn",
        "imported": 1,
        "already_present": ["g1"],
        "rejected": [{"id": "g1", "reason": OTHER_CONTENT}],
    }
    assert stored(club.league) == {"g1": "confirmed"}


def test_a_sheet_the_league_refuses_is_rejected_with_the_reason(club: Club, call: Call) -> None:
    short = game("short", ("Ann", 8), ("Ben", 7))
    answer = call("POST", URL, club.admin, {"games": [duel("g1"), short, duel("g3")]})
    assert answer.status == 200
    assert answer.body["imported"] == 2
    [rejected] = answer.body["rejected"]
    assert rejected["id"] == "short"
    assert "Ann: won with 8 VP, below the base target of 10 VP" in rejected["reason"]
    assert set(stored(club.league)) == {"g1", "g3"}


def test_pending_games_wait_for_their_players(club: Club, call: Call) -> None:
    answer = call("POST", URL, club.official, {"games": [duel("g1")], "pending": True})
    assert answer.status == 200
    assert stored(club.league) == {"g1": RecordStatus.SUBMITTED}


def test_a_member_who_is_only_a_player_is_refused(club: Club, call: Call) -> None:
    answer = call("POST", URL, club.user("Ann"), {"games": [duel("g1")]})
    assert answer.status == 403
    assert answer.body["error"] == {
        "field": "by",
        "message": "'ann' is not an admin or official of league 'bonn'",
    }
    assert stored(club.league) == {}


def test_an_outsider_is_refused_by_a_public_league(club: Club, call: Call) -> None:
    assert call("POST", URL, club.outsider, {"games": [duel("g1")]}).status == 403


def test_a_private_league_does_not_exist_for_an_outsider(
    club: Club, private: League, call: Call
) -> None:
    answer = call("POST", "/api/leagues/koeln/games/import", club.outsider, {"games": []})
    assert answer.status == 404
    assert answer.body["error"] == {"field": "slug", "message": "no league 'koeln'"}


def test_the_private_leagues_admin_imports(club: Club, private: League, call: Call) -> None:
    answer = call("POST", "/api/leagues/koeln/games/import", club.user("Ann"), {"games": []})
    assert answer.status == 200
    assert answer.body["imported"] == 0


def test_importing_needs_a_token(club: Club, call: Call) -> None:
    assert call("POST", URL, None, {"games": [duel("g1")]}).status == 401


def test_a_value_of_the_wrong_kind_names_its_game_and_field(club: Club, call: Call) -> None:
    bad = duel("g2")
    bad["seats"][1]["vp"] = "seven"
    answer = call("POST", URL, club.admin, {"games": [duel("g1"), bad]})
    assert answer.status == 200
    [rejected] = answer.body["rejected"]
    assert rejected["id"] == "g2"
    assert rejected["reason"].startswith("games[1].seats[1].vp: ")
    assert stored(club.league) == {"g1": RecordStatus.CONFIRMED}
    strict = call("POST", URL, club.admin, {"games": [duel("g3"), bad], "strict": True})
    assert strict.status == 422
    assert strict.body["error"]["field"] == "games[1].seats[1].vp"
    assert stored(club.league) == {"g1": RecordStatus.CONFIRMED}


def _two_winners(game_id: str) -> dict[str, Any]:
    record = game(game_id, ("Ann", 10), ("Ben", 10), ("Cleo", 5))
    record["seats"][1]["winner"] = True
    return record


def test_a_record_that_breaks_a_rule_is_rejected_and_the_others_imported(
    club: Club, call: Call
) -> None:
    """Issue 41: as `league import` does with a file, the same words after the place."""
    no_date = duel("g2")
    del no_date["date"]
    games = [duel("g1"), no_date, _two_winners("g3"), duel("g4")]
    answer = call("POST", URL, club.admin, {"games": games})
    assert answer.status == 200, answer.body
    assert answer.body["imported"] == 2
    reasons = {r["id"]: r["reason"] for r in answer.body["rejected"]}
    assert list(reasons) == ["g2", "g3"]
    assert reasons["g2"].startswith("games[1].date: ")
    assert reasons["g3"].startswith("games[2].seats[1].winner: a Catan game has one winner, but ")
    assert stored(club.league) == {"g1": RecordStatus.CONFIRMED, "g4": RecordStatus.CONFIRMED}


def test_strict_refuses_the_whole_request_at_the_first_record_that_breaks_a_rule(
    club: Club, call: Call
) -> None:
    games = [duel("g1"), _two_winners("g2")]
    answer = call("POST", URL, club.admin, {"games": games, "strict": True})
    assert answer.status == 422
    assert answer.body["error"]["field"] == "games[1].seats[1].winner"
    assert stored(club.league) == {}


def test_only_organizers_learn_what_their_records_break(club: Club, call: Call) -> None:
    answer = call("POST", URL, club.user("Ann"), {"games": [_two_winners("g1")], "strict": True})
    assert answer.status == 403


@pytest.mark.parametrize(
    ("body", "field"),
    [
        ({}, "games"),
        ({"games": "g1"}, "games"),
        ({"games": [duel("g1")], "pending": "yes"}, "pending"),
    ],
)
def test_a_body_of_the_wrong_shape_is_refused(
    club: Club, call: Call, body: dict[str, Any], field: str
) -> None:
    answer = call("POST", URL, club.admin, body)
    assert answer.status == 422
    assert answer.body["error"]["field"] == field


def test_a_request_carries_at_most_the_cap(club: Club, call: Call) -> None:
    games = [duel(f"g{n}") for n in range(IMPORT_MAX + 1)]
    answer = call("POST", URL, club.admin, {"games": games})
    assert answer.status == 422
    assert answer.body["error"]["field"] == "games"
    assert stored(club.league) == {}


def test_reading_a_game_named_import_still_reads_a_game(club: Club, call: Call) -> None:
    answer = call("GET", URL, club.admin)
    assert answer.status == 404
    assert answer.body["error"] == {"field": "id", "message": "league 'bonn' has no game 'import'"}
    assert call("POST", URL, club.admin, {"games": [duel("import")]}).status == 200
    answer = call("GET", URL)
    assert answer.status == 200
    assert answer.body["record"]["id"] == "import"
