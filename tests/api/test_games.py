"""Games: submitted, confirmed, disputed, voided and corrected through the API, by role."""

from __future__ import annotations

import datetime as dt
from typing import Any

import pytest
from django.contrib.auth.models import User

from tablerank.engine.records import game_from_dict
from tablerank.engine.systems import get_system
from tablerank.formats.report import explanation_json
from tablerank.league.models import GameRecord, League, RecordStatus
from tablerank.league.services import confirmed_history, record_game, verification
from tests.api.conftest import Call, Club, game

pytestmark = pytest.mark.django_db

TABLE = (("Ann", 10), ("Ben", 7), ("Cleo", 6))
"""A three-player table: it needs all three players' confirmations."""


def submitted(call: Call, club: Club, game_id: str = "g1", by: str = "Ann") -> Any:
    answer = call("POST", "/api/leagues/bonn/games", club.user(by), game(game_id, *TABLE))
    assert answer.status == 201, answer.body
    return answer.body


def stored(game_id: str = "g1") -> GameRecord:
    return GameRecord.objects.exclude(status=RecordStatus.VOIDED).get(external_id=game_id)


def sign(call: Call, club: Club, name: str, game_id: str = "g1", **body: Any) -> Any:
    path = f"/api/leagues/bonn/games/{game_id}/confirm"
    return call("POST", path, club.user(name), body or {"player": name})


# -- submit -----------------------------------------------------------------------------------


def test_a_player_submits_a_result_that_waits_for_the_others(club: Club, call: Call) -> None:
    body = submitted(call, club)
    assert body["status"] == "submitted"
    assert body["record"]["seats"][0] == {
        "player": "Ann",
        "place": 1,
        "vp": 10,
        "winner": True,
        "status": "finished",
        "account": "premium",
    }
    assert body["verification"]["waiting_for"] == ["Ben", "Cleo"]
    assert body["verification"]["summary"] == verification(stored()).summary
    assert [(s["player"], s["by"], s["verdict"]) for s in body["signatures"]] == [
        ("Ann", "ann", "confirm")
    ]
    assert body["entered_by"] == "ann"
    assert body["explanations"] == {}  # nothing counts until it is confirmed


def test_the_record_comes_back_as_sent(club: Club, call: Call) -> None:
    sent = game("g1", *TABLE, city="Bonn", variant="base", event="spring", round=2)
    sent["seats"][0]["sources"] = {"settlements": 2, "cities": 6, "longest_road": 2}
    answer = call("POST", "/api/leagues/bonn/games", club.user("Ann"), sent)
    assert answer.status == 201
    assert game_from_dict(answer.body["record"]) == game_from_dict(sent)
    assert stored().to_record() == game_from_dict(sent)


def test_an_official_enters_a_result_a_second_official_confirms(club: Club, call: Call) -> None:
    second = User.objects.create_user("assistant")
    club.league.officials.add(second)
    answer = call("POST", "/api/leagues/bonn/games", club.official, game("g1", *TABLE))
    assert answer.status == 201
    assert answer.body["verification"]["summary"] == verification(stored()).summary
    assert answer.body["signatures"][0]["as_official"] is True
    confirmed = call(
        "POST", "/api/leagues/bonn/games/g1/confirm", second, {"as_official": True, "note": "ok"}
    )
    assert confirmed.status == 200
    assert confirmed.body["status"] == "confirmed"
    assert confirmed.body["signatures"][-1]["note"] == "ok"


def test_played_at_decides_the_date_in_the_leagues_time_zone(club: Club, call: Call) -> None:
    """22:30 UTC on 31 May is already 1 June in Berlin."""
    sent = game("g1", *TABLE, played_at="2026-05-31T22:30:00+00:00")
    del sent["date"]
    answer = call("POST", "/api/leagues/bonn/games", club.user("Ann"), sent)
    assert answer.status == 201
    assert answer.body["record"]["date"] == "2026-06-01"
    assert stored().date == dt.date(2026, 6, 1)
    assert dt.datetime.fromisoformat(answer.body["played_at"]) == dt.datetime(
        2026, 5, 31, 22, 30, tzinfo=dt.UTC
    )


def test_a_given_date_is_kept_with_played_at(club: Club, call: Call) -> None:
    sent = game("g1", *TABLE, played_at="2026-05-31T22:30:00+00:00")
    answer = call("POST", "/api/leagues/bonn/games", club.user("Ann"), sent)
    assert answer.body["record"]["date"] == sent["date"]


@pytest.mark.parametrize(
    "played_at", ["2026-05-31T22:30:00", "yesterday", 1748730600, "", "9999-12-31T23:30-05:00"]
)
def test_played_at_needs_a_time_with_its_offset(club: Club, call: Call, played_at: Any) -> None:
    sent = game("g1", *TABLE, played_at=played_at)
    del sent["date"]
    answer = call("POST", "/api/leagues/bonn/games", club.user("Ann"), sent)
    assert answer.status == 422
    assert answer.body["error"]["field"] == "played_at"
    assert not GameRecord.objects.exists()


@pytest.mark.parametrize(
    ("change", "field"),
    [
        (
            {"seats": [{"player": "Ann", "vp": 10, "winner": True}, {"player": "Ben", "vp": -2}]},
            "seats[1].vp",
        ),
        ({"seats": [{"player": "Ann", "winer": True}]}, "seats[0].winer"),
        ({"date": "14.03.2026"}, "date"),
        ({"id": None}, "id"),
        ({"colour": "red"}, "colour"),
        ({"variant": "chess"}, "variant"),
        ({"seats": "Ann, Ben"}, "seats"),
        ({"seats": [{"player": "Ann\x00", "vp": 1}]}, "seats[0].player"),
    ],
)
def test_a_bad_record_is_refused_naming_the_field(
    club: Club, call: Call, change: dict[str, Any], field: str
) -> None:
    sent = {**game("g1", *TABLE), **change}
    answer = call("POST", "/api/leagues/bonn/games", club.user("Ann"), sent)
    assert answer.status == 422
    assert answer.body["error"]["field"] == field
    assert not GameRecord.objects.exists()


def test_a_body_that_is_not_a_record_is_refused(club: Club, call: Call) -> None:
    for body, status in ((b"{not json", 400), ([1, 2], 422), ("g1", 422)):
        answer = call("POST", "/api/leagues/bonn/games", club.user("Ann"), body)
        assert answer.status == status, body
        assert "error" in answer.body


def test_an_id_the_league_has_is_a_conflict(club: Club, call: Call) -> None:
    submitted(call, club)
    answer = call("POST", "/api/leagues/bonn/games", club.user("Ben"), game("g1", *TABLE))
    assert answer.status == 409
    assert answer.body["error"]["field"] == "id"


def test_a_member_who_neither_plays_nor_officiates_cannot_submit(club: Club, call: Call) -> None:
    answer = call("POST", "/api/leagues/bonn/games", club.user("Dora"), game("g1", *TABLE))
    assert answer.status == 403
    assert not GameRecord.objects.exists()


def test_an_outsider_cannot_submit_even_a_bad_record(club: Club, call: Call) -> None:
    for body in (game("g1", *TABLE), {"id": "g1"}):
        answer = call("POST", "/api/leagues/bonn/games", club.outsider, body)
        assert answer.status == 403
    assert not GameRecord.objects.exists()


def test_submitting_needs_a_token(club: Club, call: Call) -> None:
    assert call("POST", "/api/leagues/bonn/games", None, game("g1", *TABLE)).status == 401
    assert not GameRecord.objects.exists()


# -- confirm and dispute ----------------------------------------------------------------------


def test_the_players_confirm_their_seats_until_it_counts(club: Club, call: Call) -> None:
    submitted(call, club)
    after_ben = sign(call, club, "Ben")
    assert after_ben.status == 200
    assert after_ben.body["status"] == "submitted"
    assert after_ben.body["verification"]["waiting_for"] == ["Cleo"]
    after_cleo = sign(call, club, "Cleo")
    assert after_cleo.body["status"] == "confirmed"
    assert after_cleo.body["verification"]["summary"] == "confirmed"
    assert [s["player"] for s in after_cleo.body["signatures"]] == ["Ann", "Ben", "Cleo"]
    assert [g.id for g in confirmed_history(club.league)] == ["g1"]


def test_a_confirmed_game_is_explained_in_every_system_that_rates_it(
    club: Club, call: Call
) -> None:
    submitted(call, club)
    sign(call, club, "Ben")
    body = sign(call, club, "Cleo").body
    history = confirmed_history(club.league)
    assert "cow.elo" in body["explanations"]
    for system, shown in body["explanations"].items():
        assert shown == explanation_json(get_system(system).explain(history, "g1")), system


def test_a_player_signs_only_their_own_seat(club: Club, call: Call) -> None:
    submitted(call, club)
    for name, player in (("Ben", "Cleo"), ("Dora", "Dora"), ("Dora", "Ben")):
        answer = sign(call, club, name, player=player)
        assert answer.status == 403, (name, player)
        assert answer.body["error"]["field"] == "player"
    assert stored().confirmations.count() == 1


def test_a_seat_signs_once(club: Club, call: Call) -> None:
    submitted(call, club)
    assert sign(call, club, "Ann").status == 409


def test_an_unknown_player_is_not_found(club: Club, call: Call) -> None:
    submitted(call, club)
    answer = sign(call, club, "Ben", player="Zed")
    assert answer.status == 404
    assert answer.body["error"]["field"] == "player"


@pytest.mark.parametrize("body", [{}, {"player": "Ben", "as_official": True}, {"note": "hi"}])
def test_confirming_says_whose_seat_or_as_official(
    club: Club, call: Call, body: dict[str, Any]
) -> None:
    submitted(call, club)
    answer = call("POST", "/api/leagues/bonn/games/g1/confirm", club.user("Ben"), body)
    assert answer.status == 422
    assert answer.body["error"]["field"] == "player"


def test_confirming_needs_a_body(club: Club, call: Call) -> None:
    submitted(call, club)
    answer = call("POST", "/api/leagues/bonn/games/g1/confirm", club.user("Ben"))
    assert answer.status == 422
    assert answer.body["error"] == {"field": "body", "message": "Field required"}


def test_an_official_does_not_sign_a_players_submission(club: Club, call: Call) -> None:
    submitted(call, club)
    answer = call(
        "POST", "/api/leagues/bonn/games/g1/confirm", club.official, {"as_official": True}
    )
    assert answer.status == 403


def test_an_outsider_cannot_confirm(club: Club, call: Call) -> None:
    submitted(call, club)
    body = {"player": "Ben"}
    assert call("POST", "/api/leagues/bonn/games/g1/confirm", club.outsider, body).status == 403
    assert call("POST", "/api/leagues/bonn/games/g1/confirm", None, body).status == 401


def test_a_player_disputes_their_seat(club: Club, call: Call) -> None:
    submitted(call, club)
    path = "/api/leagues/bonn/games/g1/dispute"
    answer = call("POST", path, club.user("Ben"), {"player": "Ben", "why": "I had 8 VP"})
    assert answer.status == 200
    assert answer.body["status"] == "disputed"
    assert answer.body["verification"]["disputed_by"] == ["Ben"]
    assert answer.body["signatures"][-1]["note"] == "I had 8 VP"
    assert sign(call, club, "Cleo").status == 409  # an official voids or corrects it now


def test_a_dispute_needs_a_reason(club: Club, call: Call) -> None:
    submitted(call, club)
    path = "/api/leagues/bonn/games/g1/dispute"
    for body in ({"player": "Ben", "why": "  "}, {"player": "Ben"}):
        answer = call("POST", path, club.user("Ben"), body)
        assert answer.status == 422
        assert answer.body["error"]["field"] == "why"


def test_a_player_disputes_only_their_own_seat(club: Club, call: Call) -> None:
    submitted(call, club)
    path = "/api/leagues/bonn/games/g1/dispute"
    answer = call("POST", path, club.user("Ben"), {"player": "Cleo", "why": "no"})
    assert answer.status == 403
    assert call("POST", path, club.outsider, {"player": "Cleo", "why": "no"}).status == 403
    assert call("POST", path, None, {"player": "Cleo", "why": "no"}).status == 401
    assert stored().status == RecordStatus.SUBMITTED


def test_a_confirmed_result_is_not_disputed(club: Club, call: Call) -> None:
    record_game(club.league, game_from_dict(game("g1", *TABLE)), club.admin)
    path = "/api/leagues/bonn/games/g1/dispute"
    answer = call("POST", path, club.user("Ben"), {"player": "Ben", "why": "late"})
    assert answer.status == 409


# -- void and correct -------------------------------------------------------------------------


@pytest.mark.parametrize("who", ["admin", "official"])
def test_admins_and_officials_void(club: Club, call: Call, who: str) -> None:
    submitted(call, club)
    user = club.admin if who == "admin" else club.official
    answer = call("POST", "/api/leagues/bonn/games/g1/void", user, {"why": "wrong table"})
    assert answer.status == 200
    assert answer.body["status"] == "voided"
    assert answer.body["voided"]["by"] == user.username
    assert answer.body["voided"]["why"] == "wrong table"
    assert call("GET", "/api/leagues/bonn/games/g1").body["status"] == "voided"


def test_voiding_twice_is_a_conflict_and_needs_a_reason(club: Club, call: Call) -> None:
    submitted(call, club)
    path = "/api/leagues/bonn/games/g1/void"
    empty = call("POST", path, club.admin, {"why": ""})
    assert (empty.status, empty.body["error"]["field"]) == (422, "why")
    assert call("POST", path, club.admin, {"why": "twice"}).status == 200
    assert call("POST", path, club.admin, {"why": "twice"}).status == 409


@pytest.mark.parametrize("who", ["player", "outsider"])
def test_players_and_outsiders_do_not_void(club: Club, call: Call, who: str) -> None:
    submitted(call, club)
    user = club.user("Ann") if who == "player" else club.outsider
    answer = call("POST", "/api/leagues/bonn/games/g1/void", user, {"why": "mine"})
    assert answer.status == 403
    assert stored().status == RecordStatus.SUBMITTED


def test_a_correction_replaces_the_game_in_its_place(club: Club, call: Call) -> None:
    record_game(club.league, game_from_dict(game("g1", *TABLE)), club.admin)
    fixed = game("g1", ("Ann", 10), ("Ben", 8), ("Cleo", 6))
    path = "/api/leagues/bonn/games/g1/correct"
    answer = call("POST", path, club.official, {"why": "Ben had 8", "game": fixed})
    assert answer.status == 201
    assert answer.body["status"] == "confirmed"
    assert answer.body["replaces"] == "g1"
    assert answer.body["record"]["seats"][1]["vp"] == 8
    assert call("GET", "/api/leagues/bonn/games/g1").body["record"]["seats"][1]["vp"] == 8
    voided = GameRecord.objects.get(status=RecordStatus.VOIDED)
    assert (voided.void_reason, voided.replaced_by.pk) == ("Ben had 8", stored().pk)
    assert confirmed_history(club.league) == [game_from_dict(fixed)]


def test_a_bad_correction_changes_nothing_and_names_the_field(club: Club, call: Call) -> None:
    record_game(club.league, game_from_dict(game("g1", *TABLE)), club.admin)
    broken = game("g1", ("Ann", 10), ("Ben", -8))
    path = "/api/leagues/bonn/games/g1/correct"
    answer = call("POST", path, club.admin, {"why": "fix", "game": broken})
    assert answer.status == 422
    assert answer.body["error"]["field"] == "game.seats[1].vp"
    missing = call("POST", path, club.admin, {"game": game("g1", *TABLE)})
    assert (missing.status, missing.body["error"]["field"]) == (422, "why")
    assert stored().status == RecordStatus.CONFIRMED
    assert GameRecord.objects.count() == 1


@pytest.mark.parametrize("who", ["player", "outsider", "anonymous"])
def test_only_admins_and_officials_correct(club: Club, call: Call, who: str) -> None:
    record_game(club.league, game_from_dict(game("g1", *TABLE)), club.admin)
    user = {"player": club.user("Ann"), "outsider": club.outsider, "anonymous": None}[who]
    body = {"why": "mine", "game": game("g1", ("Ann", 10), ("Ben", 9), ("Cleo", 6))}
    answer = call("POST", "/api/leagues/bonn/games/g1/correct", user, body)
    assert answer.status == (401 if user is None else 403)
    assert GameRecord.objects.count() == 1


def test_writing_to_an_unknown_game_is_not_found(club: Club, call: Call) -> None:
    for action, body in (("confirm", {"player": "Ann"}), ("void", {"why": "x"})):
        answer = call("POST", f"/api/leagues/bonn/games/nope/{action}", club.admin, body)
        assert answer.status == 404
        assert answer.body["error"]["field"] == "id"


# -- reading ----------------------------------------------------------------------------------


def test_an_unknown_game_is_not_found(club: Club, call: Call) -> None:
    answer = call("GET", "/api/leagues/bonn/games/nope")
    assert answer.status == 404
    assert answer.body["error"]["field"] == "id"


def test_games_are_listed_newest_first_and_filtered(club: Club, call: Call) -> None:
    days = {"g1": "2026-03-01", "g2": "2026-03-02", "g3": "2026-03-03"}
    for game_id, day in days.items():
        sent = {**game(game_id, *TABLE), "date": day}
        if game_id == "g3":
            sent["seats"] = [
                {"player": "Ann", "vp": 10, "winner": True},
                {"player": "Dora", "vp": 3},
            ]
        record_game(club.league, game_from_dict(sent), club.admin)
    submitted(call, club, "g4")
    listed = call("GET", "/api/leagues/bonn/games")
    assert listed.status == 200
    assert [row["id"] for row in listed.body["games"]] == ["g4", "g3", "g2", "g1"]
    assert listed.body["count"] == 4

    def ids(**query: Any) -> list[str]:
        answer = call("GET", "/api/leagues/bonn/games", query=query)
        assert answer.status == 200, answer.body
        return [row["id"] for row in answer.body["games"]]

    assert ids(status="submitted") == ["g4"]
    assert ids(player="dora") == ["g3"]
    assert ids(player="DORA") == ["g3"]
    assert ids(player="nobody") == []
    assert ids(since="2026-03-02", until="2026-03-02") == ["g2"]
    assert ids(limit=2) == ["g4", "g3"]
    assert ids(limit=2, offset=2) == ["g2", "g1"]
    assert ids(offset=9) == []


@pytest.mark.parametrize(
    ("query", "field"),
    [
        ({"status": "lost"}, "status"),
        ({"limit": 0}, "limit"),
        ({"limit": 501}, "limit"),
        ({"offset": -1}, "offset"),
        ({"since": "March"}, "since"),
        ({"until": "2026-02-30"}, "until"),
    ],
)
def test_bad_filters_are_refused_naming_them(
    club: Club, call: Call, query: dict[str, Any], field: str
) -> None:
    answer = call("GET", "/api/leagues/bonn/games", query=query)
    assert answer.status == 422
    assert answer.body["error"]["field"] == field


def test_a_private_leagues_games_are_hidden(club: Club, private: League, call: Call) -> None:
    ann = club.user("Ann")
    sent = game("k1", ("Ann", 10), ("Zed", 4))
    assert call("POST", "/api/leagues/koeln/games", ann, sent).status == 201
    assert call("GET", "/api/leagues/koeln/games/k1", ann).status == 200
    assert call("GET", "/api/leagues/koeln/games/k1", club.outsider).status == 404
    assert call("GET", "/api/leagues/koeln/games/k1").status == 404
    body = {"why": "x"}
    assert call("POST", "/api/leagues/koeln/games/k1/void", club.outsider, body).status == 404


def test_pending_lists_what_waits_for_your_signature(club: Club, call: Call) -> None:
    submitted(call, club)
    assert [g["id"] for g in call("GET", "/api/pending", club.user("Ben")).body["games"]] == ["g1"]
    assert call("GET", "/api/pending", club.user("Ann")).body["games"] == []
    sign(call, club, "Ben")
    assert call("GET", "/api/pending", club.user("Ben")).body["games"] == []
    assert call("GET", "/api/pending").status == 401
