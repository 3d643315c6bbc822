"""`/api/leagues/{slug}/tournaments/{event}/clock`: the round's clock through the API. Everyone
who may read the event reads it; organizers start, pause, resume, extend and reset it; players
are refused (403), a private league's outsiders get 404, and after Finish every step is 422."""

from __future__ import annotations

import pytest

from tablerank.league.models import League
from tests.api.conftest import Call, Club

pytestmark = pytest.mark.django_db

BASE = "/api/leagues/bonn/tournaments"
NAMES = ["Ann", "Ben", "Cleo", "Dora", "Eve", "Fay"]


@pytest.fixture
def event(call: Call, club: Club) -> str:
    assert call("POST", BASE, club.admin, {"name": "Cup", "rounds": 1}).status == 201
    entered = call("POST", f"{BASE}/cup/entrants", club.admin,
                   {"players": NAMES, "checked_in": True})  # fmt: skip
    assert entered.status == 201, entered.body
    return f"{BASE}/cup"


def test_before_round_one_the_clock_cannot_start(call: Call, club: Club, event: str) -> None:
    read = call("GET", f"{event}/clock")
    assert read.status == 200, read.body
    assert read.body == {"round": 0, "state": "not started", "seconds_left": None, "shown": "",
                         "length_seconds": None, "extra_seconds": None, "ends_at": None,
                         "tables": []}  # fmt: skip
    refused = call("POST", f"{event}/clock/start", club.admin, {"minutes": 60})
    assert refused.status == 422
    assert "round 1 is not seated yet" in refused.body["error"]["message"]


def test_an_organizer_runs_the_clock(call: Call, club: Club, event: str) -> None:
    tables = call("POST", f"{event}/rounds", club.admin).body["tables"]
    started = call("POST", f"{event}/clock/start", club.official, {"minutes": 60})
    assert started.status == 200, started.body
    assert started.body["state"] == "running"
    assert started.body["length_seconds"] == 3600
    assert 3590 < started.body["seconds_left"] <= 3600
    assert started.body["ends_at"] is not None
    paused = call("POST", f"{event}/clock/pause", club.admin).body
    assert paused["state"] == "paused"
    assert paused["ends_at"] is None
    longer = call("POST", f"{event}/clock/extend", club.admin, {"minutes": 5}).body
    assert longer["seconds_left"] == pytest.approx(paused["seconds_left"] + 300)
    assert longer["extra_seconds"] == 300
    table = tables[-1]["table"]
    own = call("POST", f"{event}/clock/extend", club.admin, {"minutes": 3, "table": table}).body
    left = pytest.approx(longer["seconds_left"] + 180)
    assert own["tables"] == [{"table": table, "extra_seconds": 180, "seconds_left": left}]
    assert call("POST", f"{event}/clock/resume", club.admin).body["state"] == "running"
    read = call("GET", f"{event}/clock")  # anyone who may read the league
    assert read.status == 200
    assert read.body["state"] == "running"
    assert read.body["shown"].count(":") == 1
    again = call("POST", f"{event}/clock/resume", club.admin)
    assert again.status == 422
    assert "the clock is running: pause it first" in again.body["error"]["message"]
    nowhere = call("POST", f"{event}/clock/extend", club.admin, {"table": 99})
    assert nowhere.status == 422
    assert "has no table 99" in nowhere.body["error"]["message"]
    gone = call("POST", f"{event}/clock/reset", club.admin).body
    assert gone["state"] == "not started"
    assert gone["tables"] == []


@pytest.mark.parametrize("minutes", [0, -1, 1441])
def test_a_length_out_of_range_is_refused(call: Call, club: Club, event: str, minutes: int) -> None:
    call("POST", f"{event}/rounds", club.admin)
    assert call("POST", f"{event}/clock/start", club.admin, {"minutes": minutes}).status == 422


def test_players_and_outsiders_may_not_run_the_clock(call: Call, club: Club, event: str) -> None:
    call("POST", f"{event}/rounds", club.admin)
    for user in (club.user("Ann"), club.outsider):
        for path in ("start", "pause", "resume", "extend", "reset"):
            assert call("POST", f"{event}/clock/{path}", user, {}).status == 403, (user, path)
    assert call("POST", f"{event}/clock/start", None, {}).status == 401
    assert call("GET", f"{event}/clock").body["state"] == "not started"


def test_a_private_leagues_clock_is_invisible_to_outsiders(
    call: Call, club: Club, private: League
) -> None:
    base = "/api/leagues/koeln/tournaments"
    assert call("POST", base, club.user("Ann"), {"name": "Cup", "rounds": 1}).status == 201
    assert call("GET", f"{base}/cup/clock", club.user("Ann")).status == 200
    for user in (None, club.outsider):
        assert call("GET", f"{base}/cup/clock", user).status == 404, user
    assert call("POST", f"{base}/cup/clock/start", club.outsider, {}).status == 404


def test_after_finish_the_clock_is_refused(call: Call, club: Club, event: str) -> None:
    tables = call("POST", f"{event}/rounds", club.admin).body["tables"]
    assert call("POST", f"{event}/clock/start", club.admin, {}).body["length_seconds"] == 5400
    for table in tables:
        seats = [{"player": p, "vp": 10 if i == 0 else 5, "winner": i == 0}
                 for i, p in enumerate(table["seats"])]  # fmt: skip
        path = f"{event}/rounds/1/tables/{table['table']}/result"
        assert call("POST", path, club.admin, {"seats": seats}).status == 201
    assert call("POST", f"{event}/finish", club.admin).status == 201
    for path in ("start", "pause", "extend", "reset"):
        answer = call("POST", f"{event}/clock/{path}", club.admin, {})
        assert answer.status == 422, path
        assert "Cup is finished" in answer.body["error"]["message"]
    assert call("GET", f"{event}/clock").body["state"] == "running"
