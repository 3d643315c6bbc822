"""Stored standings and list answers (`api.standings.cache_first`): an anonymous GET of a
public league's answer that is stored at the league's revision is served before django-ninja
runs, with the same body and headers; nothing stored ever reaches a caller who may not read
the league now, a token is still checked, and only a question ninja accepted is ever stored.

These tests run outside a transaction (`transactional_db`): inside one nothing is cached."""

from __future__ import annotations

from typing import Any

import pytest

from tablerank.api.standings import _etag
from tablerank.engine.records import game_from_dict
from tablerank.league import services
from tablerank.league.models import League
from tablerank.league.services.league_settings import change_settings
from tests.api.conftest import Call, Club, game

pytestmark = pytest.mark.usefixtures("transactional_db", "empty_read_cache")

STANDINGS = "/api/leagues/bonn/standings/pages.point"
READS = [
    (STANDINGS, {}),
    (STANDINGS, {"page": "2", "limit": "2"}),
    ("/api/leagues/bonn/lists/monthly", {"month": "2026-03", "city": "Bonn"}),
    ("/api/leagues/bonn/lists/annual", {"year": "2026"}),
    ("/api/leagues/bonn/lists/elo", {}),
]
NOT_BONN = {"field": "slug", "message": "no league 'bonn'"}


@pytest.fixture
def played(club: Club) -> League:
    """bonn with two confirmed March games in Bonn."""
    for game_id, seats in {
        "g1": (("Ann", 10), ("Ben", 7), ("Cleo", 6)),
        "g2": (("Ben", 10), ("Cleo", 8), ("Dora", 3)),
    }.items():
        services.record_game(club.league, game_from_dict(game(game_id, *seats)), club.admin)
    return club.league


def _private(league: League) -> None:
    """Make the league private without a new revision: the worst case for a stored answer."""
    League.objects.filter(pk=league.pk).update(public=False)


@pytest.mark.parametrize(("path", "query"), READS)
def test_a_stored_answer_is_served_as_ninja_served_it(
    played: League, call: Call, path: str, query: dict[str, str], django_assert_num_queries: Any
) -> None:
    first = call("GET", path, query=query)
    assert first.status == 200
    with django_assert_num_queries(1):  # the league; nothing else is read or computed
        again = call("GET", path, query=query)
    assert again == first
    with django_assert_num_queries(1):
        revalidated = call(
            "GET", path, query=query, headers={"If-None-Match": first.headers["ETag"]}
        )
    assert (revalidated.status, revalidated.body) == (304, None)
    assert revalidated.headers["ETag"] == first.headers["ETag"]


def test_each_page_and_question_is_stored_apart(played: League, call: Call) -> None:
    pages = [call("GET", STANDINGS, query={"page": n, "limit": 1}) for n in (1, 2, 3, 1, 2, 3)]
    whole = [row["player"] for row in call("GET", STANDINGS).body["standings"]]
    assert [p.body["standings"][0]["player"] for p in pages[:3]] == whole[:3]
    assert len(set(whole[:3])) == 3
    assert pages[3:] == pages[:3]
    glory = call("GET", "/api/leagues/bonn/standings/pages.glory")
    assert glory.body != call("GET", STANDINGS).body


def test_a_write_is_seen_at_once(played: League, club: Club, call: Call) -> None:
    before = call("GET", STANDINGS)
    record = game_from_dict(game("g3", ("Dora", 10), ("Ann", 2), ("Ben", 2)))
    services.record_game(played, record, club.admin)
    after = call("GET", STANDINGS)
    assert after.headers["ETag"] != before.headers["ETag"]
    assert after.body != before.body
    stale = call("GET", STANDINGS, headers={"If-None-Match": before.headers["ETag"]})
    assert (stale.status, stale.body) == (200, after.body)


@pytest.mark.parametrize(("path", "query"), READS)
def test_a_stored_public_answer_never_reaches_an_outsider_once_the_league_is_private(
    played: League, club: Club, call: Call, path: str, query: dict[str, str]
) -> None:
    public = call("GET", path, query=query)
    _private(played)
    for who in (None, club.outsider):
        for headers in ({}, {"If-None-Match": public.headers["ETag"]}, {"If-None-Match": "*"}):
            answer = call("GET", path, who, query=query, headers=headers)
            assert (answer.status, answer.body) == (404, {"error": NOT_BONN}), (who, headers)
            assert "ETag" not in answer.headers


def test_a_member_of_the_now_private_league_gets_a_private_answer(
    played: League, club: Club, call: Call
) -> None:
    public = call("GET", STANDINGS)
    _private(played)
    member = call("GET", STANDINGS, club.user("Ann"))
    assert member.status == 200
    assert member.body == public.body
    assert member.headers["Cache-Control"] == "private, no-cache"
    assert member.headers["ETag"] != public.headers["ETag"]
    held = call(
        "GET", STANDINGS, club.user("Ann"), headers={"If-None-Match": public.headers["ETag"]}
    )
    assert held.status == 200  # the public answer's ETag is not the private one's


def test_an_answer_stored_for_a_member_never_reaches_anyone_else(
    played: League, club: Club, call: Call
) -> None:
    change_settings(played, {"public": False}, by=club.admin)
    member = call("GET", STANDINGS, club.user("Ann"))
    assert member.status == 200
    for who in (None, club.outsider):
        for headers in ({}, {"If-None-Match": member.headers["ETag"]}):
            answer = call("GET", STANDINGS, who, headers=headers)
            assert (answer.status, answer.body) == (404, {"error": NOT_BONN}), (who, headers)


def test_a_sent_token_is_still_checked(played: League, call: Call) -> None:
    call("GET", STANDINGS)
    for header in ("Bearer trk_not-a-token", "Basic YW5uOnB3"):
        answer = call("GET", STANDINGS, headers={"Authorization": header})
        assert answer.status == 401, header
        assert answer.body["error"]["field"] == "Authorization"


def test_a_question_ninja_refuses_is_refused_whatever_the_etag(played: League, call: Call) -> None:
    call("GET", STANDINGS)
    asked = f"{STANDINGS}?limit=0"
    forged = _etag(League.objects.get(pk=played.pk), asked)
    answer = call("GET", STANDINGS, query="limit=0", headers={"If-None-Match": forged})
    assert answer.status == 422
    assert answer.body["error"]["field"] == "limit"


def test_only_a_get_is_served_from_the_store(played: League, club: Club, call: Call) -> None:
    call("GET", STANDINGS)
    answer = call("POST", STANDINGS, club.admin, body={})
    assert answer.status == 405
    assert answer.headers["Allow"] == "GET"
