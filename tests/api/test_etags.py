"""Standings and lists through the API: ETags and 304s, pages (`?page=`, `?limit=`, the `Link`
and `X-Total-Count` headers), and private leagues that stay hidden whatever the caller sends."""

from __future__ import annotations

import re
from typing import Any

import pytest

from tablerank.engine.records import game_from_dict
from tablerank.league import services
from tablerank.league.models import GameRecord, League
from tablerank.league.queries.paging import MAX_LIMIT
from tests.api.conftest import Call, Club, game

pytestmark = pytest.mark.django_db

STANDINGS = "/api/leagues/bonn/standings/pages.point"
READS = [
    (STANDINGS, {}),
    ("/api/leagues/bonn/lists/monthly", {"month": "2026-03", "city": "Bonn"}),
    ("/api/leagues/bonn/lists/annual", {"year": "2026"}),
    ("/api/leagues/bonn/lists/elo", {}),
]


@pytest.fixture
def played(club: Club) -> League:
    """bonn with two confirmed March games in Bonn."""
    for game_id, seats in {
        "g1": (("Ann", 10), ("Ben", 7), ("Cleo", 6)),
        "g2": (("Ben", 10), ("Cleo", 8), ("Dora", 3)),
    }.items():
        record = game_from_dict(game(game_id, *seats, city="Bonn"))
        services.record_game(club.league, record, club.admin)
    return club.league


@pytest.mark.parametrize(("path", "query"), READS)
def test_a_read_carries_an_etag_and_the_same_etag_is_answered_304(
    played: League, call: Call, path: str, query: dict[str, str], django_assert_num_queries: Any
) -> None:
    first = call("GET", path, query=query)
    assert first.status == 200
    etag = first.headers["ETag"]
    assert re.fullmatch(r'"[0-9a-z-]+"', etag)
    assert first.headers["Cache-Control"] == "no-cache"
    with django_assert_num_queries(1):  # the league; the answer is not computed
        again = call("GET", path, query=query, headers={"If-None-Match": etag})
    assert again.status == 304
    assert again.body is None
    assert again.headers["ETag"] == etag
    other = call("GET", path, query=query, headers={"If-None-Match": '"someone-else"'})
    assert (other.status, other.body) == (200, first.body)


def test_each_question_and_page_has_its_own_etag(played: League, call: Call) -> None:
    etags = {
        call("GET", STANDINGS, query=query).headers["ETag"]
        for query in ({}, {"page": 1, "limit": 2}, {"page": 2, "limit": 2}, {"city": "Bonn"})
    }
    etags.add(call("GET", "/api/leagues/bonn/standings/pages.glory").headers["ETag"])
    assert len(etags) == 5


def _record(league: League, club: Club) -> None:
    record = game_from_dict(game("g3", ("Dora", 10), ("Ann", 2), ("Ben", 2), city="Bonn"))
    services.record_game(league, record, club.admin)


def _void(league: League, club: Club) -> None:
    record = GameRecord.objects.get(league=league, external_id="g2")
    services.void_game(record, club.admin, "wrong table")


def _correct(league: League, club: Club) -> None:
    record = GameRecord.objects.get(league=league, external_id="g2")
    fixed = game_from_dict(game("g2", ("Dora", 10), ("Cleo", 8), ("Ben", 3), city="Bonn"))
    services.correct_game(record, fixed, club.admin, "Dora won")


def _confirm(league: League, club: Club) -> None:
    record = services.submit_game(
        league, game_from_dict(game("g4", ("Ann", 10), ("Ben", 2), ("Dora", 2))), club.user("Ann")
    )
    services.confirm(record, club.players["Ben"], club.user("Ben"))
    services.confirm(record, club.players["Dora"], club.user("Dora"))


def _settings(league: League, club: Club) -> None:
    services.change_settings(league, {"monthly_score": "total"}, by=club.admin)


@pytest.mark.parametrize(
    ("write", "changes_body"),
    [(_record, True), (_void, True), (_correct, True), (_confirm, True), (_settings, False)],
    ids=["record", "void", "correct", "confirm", "settings"],
)
def test_a_write_changes_the_etag(
    played: League, club: Club, call: Call, write: Any, changes_body: bool
) -> None:
    before = call("GET", STANDINGS)
    write(League.objects.get(pk=played.pk), club)
    after = call("GET", STANDINGS, headers={"If-None-Match": before.headers["ETag"]})
    assert after.status == 200
    assert after.headers["ETag"] != before.headers["ETag"]
    assert (after.body != before.body) == changes_body


def test_a_write_through_the_api_changes_the_etag(played: League, club: Club, call: Call) -> None:
    before = call("GET", STANDINGS)
    voided = call("POST", "/api/leagues/bonn/games/g1/void", club.admin, {"why": "wrong table"})
    assert voided.status == 200
    after = call("GET", STANDINGS, headers={"If-None-Match": before.headers["ETag"]})
    assert after.status == 200
    assert [row["games"] for row in after.body["standings"] if row["player"] == "Ann"] == []


# -- pages ---------------------------------------------------------------------------------


def test_pages_cut_the_rows_and_link_to_each_other(played: League, call: Call) -> None:
    whole = call("GET", STANDINGS).body["standings"]
    assert len(whole) == 4
    first = call("GET", STANDINGS, query={"limit": 3})
    assert first.body["standings"] == whole[:3]
    assert first.headers["X-Total-Count"] == "4"
    links = {rel: url for url, rel in re.findall(r'<([^>]+)>; rel="(\w+)"', first.headers["Link"])}
    assert set(links) == {"first", "last", "next"}
    assert links["next"] == f"{STANDINGS}?limit=3&page=2"
    second = call("GET", links["next"].split("?")[0], query=links["next"].split("?")[1])
    assert second.body["standings"] == whole[3:]
    assert second.body["system"] == first.body["system"]
    assert "next" not in second.headers["Link"]
    assert 'rel="prev"' in second.headers["Link"]


def test_a_hundred_rows_a_page_unless_asked(club: Club, call: Call) -> None:
    games = [
        game_from_dict(game(f"g{i}", (f"P{i}a", 10), (f"P{i}b", 5), (f"P{i}c", 3)))
        for i in range(35)
    ]
    services.record_games(club.league, games, club.admin)
    first = call("GET", STANDINGS)
    assert len(first.body["standings"]) == 100
    assert first.headers["X-Total-Count"] == "105"
    assert len(call("GET", STANDINGS, query={"page": 2}).body["standings"]) == 5
    assert len(call("GET", STANDINGS, query={"limit": MAX_LIMIT}).body["standings"]) == 105


def test_an_empty_list_is_one_empty_page(club: Club, call: Call) -> None:
    answer = call("GET", STANDINGS)
    assert (answer.status, answer.body["standings"], answer.headers["X-Total-Count"]) == (
        200,
        [],
        "0",
    )


@pytest.mark.parametrize("path", [path for path, _ in READS])
def test_a_page_past_the_last_is_404(played: League, call: Call, path: str) -> None:
    query = dict(READS)[path] | {"page": 9}
    answer = call("GET", path, query=query)
    assert answer.status == 404
    assert answer.body["error"]["field"] == "page"
    assert "page 9 is past the last page, 1" in answer.body["error"]["message"]


@pytest.mark.parametrize(
    ("query", "field"),
    [
        ({"page": 0}, "page"),
        ({"page": "two"}, "page"),
        ({"limit": 0}, "limit"),
        ({"limit": MAX_LIMIT + 1}, "limit"),
        ({"limit": ""}, "limit"),
    ],
)
def test_bad_page_parameters_are_422(played: League, call: Call, query: Any, field: str) -> None:
    answer = call("GET", STANDINGS, query=query)
    assert answer.status == 422
    assert answer.body["error"]["field"] == field


# -- private leagues ---------------------------------------------------------------------------


def test_a_private_league_stays_hidden_whatever_the_etag(
    club: Club, private: League, call: Call
) -> None:
    path = "/api/leagues/koeln/standings/pages.point"
    member = call("GET", path, club.user("Ann"))
    assert member.status == 200
    assert member.headers["Cache-Control"] == "private, no-cache"
    etag = member.headers["ETag"]
    revalidated = call("GET", path, club.user("Ann"), headers={"If-None-Match": etag})
    assert revalidated.status == 304
    for who in (None, club.outsider):
        for headers in ({}, {"If-None-Match": etag}, {"If-None-Match": "*"}):
            answer = call("GET", path, who, headers=headers)
            assert answer.status == 404, (who, headers)
            assert answer.body == {"error": {"field": "slug", "message": "no league 'koeln'"}}
            assert "ETag" not in answer.headers


def test_players_come_a_page_at_a_time(club: Club, call: Call) -> None:
    whole = call("GET", "/api/leagues/bonn/players").body["players"]
    assert [p["name"] for p in whole] == ["Ann", "Ben", "Cleo", "Dora"]
    second = call("GET", "/api/leagues/bonn/players", query={"limit": 3, "page": 2})
    assert second.body == {"league": "bonn", "players": whole[3:]}
    assert second.headers["X-Total-Count"] == "4"
    assert '</api/leagues/bonn/players?limit=3&page=1>; rel="prev"' in second.headers["Link"]
    past = call("GET", "/api/leagues/bonn/players", query={"page": 3, "limit": 3})
    assert (past.status, past.body["error"]["field"]) == (404, "page")
    assert call("GET", "/api/leagues/bonn/players", query={"limit": 0}).status == 422
